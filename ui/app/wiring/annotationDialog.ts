import { fromPromise, type AnyActorRef } from 'xstate';
import { annotationDialogMachine } from '../../../machines/annotation/annotationDialogMachine.ts';
import { canvasMachine } from '../../../machines/annotation/canvasMachine.ts';
import { ANNOTATION_PREFS_STORAGE_KEY, canvasesOf } from './annotationCanvases.ts';
import type { Adapters } from './common.ts';

/**
 * The annotation dialog (machines/annotation/) provided with its effects: the canvas's settings remembered in storage
 * (`persistPrefs`), its tracked moments (POST /analytics for the signed-in user — `userId`, or the system's `session`
 * actor; a failure is logged, never shown), and the flattened export — the dialog's Konva canvas (attached by the view under
 * the dialog id) exported at pixel ratio 2 and kept in the FileStore: the machine gets the file id and sizes, the
 * bytes go from the FileStore to the snapshot upload. Its own module, so that its machines load with the features that
 * run the dialog (the comment composer's capture, the staff sandbox), not at start.
 */
export function annotationDialogLogic(a: Pick<Adapters, 'storage' | 'analytics' | 'files'>, userId?: () => string | null) {
  const canvases = canvasesOf(a);
  return annotationDialogMachine.provide({
    actors: {
      canvas: canvasMachine.provide({
        actions: { persistPrefs: (_, params) => a.storage.set(ANNOTATION_PREFS_STORAGE_KEY, JSON.stringify(params.prefs)) },
      }),
      exportPng: fromPromise(async ({ input }) => {
        const exporter = canvases.get(input.dialogId);
        if (!exporter) throw new Error('The canvas is not ready.');
        const { png, width, height } = await exporter();
        const file = new File([png], 'snapshot.png', { type: 'image/png' });
        return { fileId: a.files.add(file), size: file.size, width, height };
      }),
    },
    actions: {
      track: ({ system }, params) => {
        const session = system.get('session') as AnyActorRef | undefined;
        const user = userId ? userId() : ((session?.getSnapshot().context as { user?: { sub?: string } | null } | undefined)?.user?.sub ?? null);
        if (user === null) return;
        // The collector takes any JSON object as properties (the annotation data nests its counts and strokes).
        a.analytics.track({ userId: user, event: params.event, properties: params.properties as unknown as Record<string, string> }).catch((error: unknown) => {
          console.error('Could not send an analytics event', error);
        });
      },
    },
  });
}

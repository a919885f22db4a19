import { fromPromise, type AnyActorRef } from 'xstate';
import { prefsFrom } from '../../../domain/annotation.ts';
import { oneMonthAhead, surveyHiddenState } from '../../../domain/surveyDates.ts';
import { annotationDialogMachine } from '../../../machines/annotation/annotationDialogMachine.ts';
import { canvasMachine } from '../../../machines/annotation/canvasMachine.ts';
import type { AnnotationCanvasExporter, AnnotationServices } from '../../system.tsx';
import type { Adapters } from './common.ts';

/** Where the annotation tools' settings (tool, colour, opacity, stroke width) are remembered. */
export const ANNOTATION_PREFS_STORAGE_KEY = 'review.annotation.prefs';

/**
 * The open dialogs' canvases by dialog id, one registry per app system: keyed by its FileStore, which the base adapters
 * and the feature adapters built over them (wiring/featureClients.ts, a new object) share, so the views' canvases and
 * the dialog machine's export (provided with the comments feature) meet in the same registry.
 */
const canvasRegistries = new WeakMap<object, Map<string, AnnotationCanvasExporter>>();
const canvasesOf = (a: Pick<Adapters, 'files'>): Map<string, AnnotationCanvasExporter> => {
  let canvases = canvasRegistries.get(a.files);
  if (!canvases) {
    canvases = new Map();
    canvasRegistries.set(a.files, canvases);
  }
  return canvases;
};

/**
 * The annotation dialog (machines/annotation/) provided with its effects: the canvas's settings remembered in storage
 * (`persistPrefs`), its tracked moments (POST /analytics for the signed-in user — `userId`, or the system's `session`
 * actor; a failure is logged, never shown), and the flattened export — the dialog's Konva canvas (attached by the view under
 * the dialog id) exported at pixel ratio 2 and kept in the FileStore: the machine gets the file id and sizes, the
 * bytes go from the FileStore to the snapshot upload.
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

/**
 * What the views use around the annotation dialog (`useSystem().annotation`): the remembered tool settings and a
 * fresh id, sent with "Annotate"; attaching the dialog's canvas for the export; the provided dialog (the staff
 * sandbox runs one on its own); an exported PNG by its file id (the sandbox shows it).
 */
export function annotationServices(a: Pick<Adapters, 'storage' | 'analytics' | 'files'>, userId: () => string | null): AnnotationServices {
  let dialogs = 0;
  const canvases = canvasesOf(a);
  return {
    loadPrefs: () => {
      const raw = a.storage.get(ANNOTATION_PREFS_STORAGE_KEY);
      if (raw === null) return prefsFrom(null);
      try {
        return prefsFrom(JSON.parse(raw));
      } catch {
        return prefsFrom(null);
      }
    },
    newDialogId: () => {
      dialogs += 1;
      return `annotation-${Date.now().toString(36)}-${dialogs}`;
    },
    attachCanvas: (dialogId, exporter) => {
      canvases.set(dialogId, exporter);
      return () => {
        if (canvases.get(dialogId) === exporter) canvases.delete(dialogId);
      };
    },
    // Run outside the app system (the sandbox): the signed-in user comes from the root's session.
    dialogLogic: annotationDialogLogic(a, userId),
    exportedFile: (fileId) => a.files.get(fileId),
  };
}

/** The `screenshot-annotation` survey (foundation §9 survey ids). */
export const ANNOTATION_SURVEY_SLUG = 'screenshot-annotation';

/** Where the date the `screenshot-annotation` survey shows again is kept, per user. */
export const annotationSurveyStorageKey = (userId: string) => `review.survey.${ANNOTATION_SURVEY_SLUG}.hiddenUntil.${userId}`;

/**
 * The `screenshot-annotation` survey's hide period (foundation §4 / §9: hidden one month after it is answered or
 * dismissed; an invalid stored date resets to one month ahead), kept in storage per user.
 */
export function annotationSurveyHiding(a: Pick<Adapters, 'storage' | 'clock'>) {
  return {
    /** The survey was answered or dismissed: hidden until one month from now. */
    closed: (params: { slug: string | null; userId: string | null }) => {
      if (params.slug !== ANNOTATION_SURVEY_SLUG || params.userId === null) return;
      a.storage.set(annotationSurveyStorageKey(params.userId), oneMonthAhead(a.clock.now()));
    },
    /** Whether the survey is hidden for this user now (an unreadable stored date is reset to one month ahead). */
    isHidden: (userId: string | null): boolean => {
      if (userId === null) return false;
      const key = annotationSurveyStorageKey(userId);
      const state = surveyHiddenState(a.storage.get(key), a.clock.now());
      if (state.rewrite !== null) a.storage.set(key, state.rewrite);
      return state.hidden;
    },
  };
}

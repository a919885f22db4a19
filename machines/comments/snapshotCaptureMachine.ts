import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { AnnotationPrefs } from '../../domain/annotation.ts';
import { storedShapesOf, type StoredShape } from '../../domain/commentSnapshots.ts';
import { annotationDialogMachine, type AnnotationDialogOutput } from '../annotation/annotationDialogMachine.ts';
import { hasParent, type SnapshotDraft } from './commentPostingRules.ts';
import { promiseSlot } from '../slots.ts';

/** What the capture is asked for: the player frame as an image to annotate, or (server snapshots flag) its HTML. */
export type CaptureMode = 'image' | 'html';

/** The player frame captured: an image the dialog draws on (an object URL the wiring made), or the HTML as a file. */
export type CaptureOutput =
  /** `fileId` / `size`: the same image as a PNG file in the FileStore, kept as the annotation's clean background. */
  | { kind: 'image'; url: string; width: number; height: number; fileId?: string; size?: number }
  | { kind: 'html'; fileId: string; size: number; width: number; height: number };

export interface SnapshotCaptureInput {
  mode: CaptureMode;
  /** Editing an annotated comment: its stored shapes, drawn again over its stored background (or a new capture). */
  shapes: StoredShape[] | null;
  /** Editing an annotated comment: its stored clean background, drawn on instead of capturing the player again. */
  background?: StoredBackground | null;
  /** The annotation dialog's id (§3 `dialog_id`; the view makes one per Annotate) and its remembered tool settings. */
  dialogId?: string;
  prefs?: AnnotationPrefs | null;
}

/** An annotated comment's stored clean background: its key and signed address, at the snapshot's size. */
export interface StoredBackground {
  key: string;
  url: string;
  width: number;
  height: number;
}

export interface SnapshotCaptureContext extends SnapshotCaptureInput {
  image: { url: string; width: number; height: number } | null;
  /** The capture as a PNG file in the FileStore (the clean background uploaded with a new annotation) until it is handed over. */
  backgroundFile: { fileId: string; size: number } | null;
  /** Why the capture failed (reported; the dialog shows review.snapshot.error). */
  error: string | null;
}

export type SnapshotCaptureEvent =
  /** Try the capture again (the dialog's Retry after a failure, or an image that would not load). */
  | { type: 'capture.retry' }
  /** §4 the snapshot dialog closes on route change (the dialog is abandoned, then the capture closes). */
  | { type: 'capture.close' }
  /** The dialog ended: committed (the flattened PNG in the FileStore, the shapes normalised) or abandoned. */
  | { type: 'xstate.done.actor.dialog'; output: AnnotationDialogOutput };

const isImage = (output: unknown): output is Extract<CaptureOutput, { kind: 'image' }> => {
  const o = output as Partial<Record<string, unknown>> | null;
  return o?.kind === 'image' && typeof o.url === 'string' && o.url !== '' && typeof o.width === 'number' && o.width > 0 && typeof o.height === 'number' && o.height > 0;
};
const isHtml = (output: unknown): output is Extract<CaptureOutput, { kind: 'html' }> => {
  const o = output as Partial<Record<string, unknown>> | null;
  return o?.kind === 'html' && typeof o.fileId === 'string' && typeof o.size === 'number' && o.size > 0 && typeof o.width === 'number' && typeof o.height === 'number';
};

const errorText = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : String(error);
};

/** The dialog's committed export and shapes as the composer's annotated snapshot. */
function annotationSnapshotOf(output: AnnotationDialogOutput): SnapshotDraft | null {
  if (output.outcome !== 'committed') return null;
  const { fileId, size, width, height } = output.export;
  return { fileId, size, width, height, isAnnotation: true, extension: 'png', annotation: { shapes: storedShapesOf(output.shapes) } };
}

/** The HTML capture as the composer's snapshot (§7 an `html` snapshot the service renders). */
function htmlSnapshotOf(output: unknown): SnapshotDraft {
  const o = output as Extract<CaptureOutput, { kind: 'html' }>;
  return { fileId: o.fileId, size: o.size, width: o.width, height: o.height, isAnnotation: false, extension: 'html', annotation: null };
}

/**
 * The snapshot dialog's capture (review-and-content §4 comment posting and dialogs, §7, §8, §9; systemId none —
 * spawned by a composer as its child `capture`). The annotation dialog runs as its child `dialog` for its whole life
 * (told `annotation.captured` / `annotation.captureFailed`; its canvas is the dialog's child `canvas`), so the session
 * log records and replays them. `capturing` (the player frame as it shows now: modern-screenshot at scale 2, or its
 * HTML with the server snapshots flag) → `annotating` (the dialog draws on the image) → the dialog committed: the
 * flattened PNG (a FileStore id) and its shapes become the composer's snapshot (`posting.setSnapshot`), with its clean
 * background (the capture as a PNG file, or an edit's stored background) → `closed`. In an edit, `capturing` loads
 * the stored clean background instead of the player (one stored before backgrounds were kept captures the player
 * again). The HTML capture becomes the snapshot at once. A failure → `failed` (review.snapshot.error with Cancel;
 * `capture.retry`, from the dialog's Retry, captures again). The dialog abandoned (Cancel, or a route change:
 * `capture.close` abandons it) → `closed` with nothing attached.
 */
export const snapshotCaptureMachine = setup({
  types: {
    input: {} as SnapshotCaptureInput,
    context: {} as SnapshotCaptureContext,
    events: {} as SnapshotCaptureEvent,
  },
  actors: {
    /** The annotation dialog, for the capture's whole life (its canvas is its child `canvas`). */
    dialog: annotationDialogMachine,
    /** The image to annotate: the player frame captured now, or (an edit) the stored clean background loaded. */
    captureFrame: promiseSlot<CaptureOutput, { mode: CaptureMode; background: StoredBackground | null }>('captureFrame'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    /** The captured image's object URL is no longer drawn. */
    releaseImage: (_, _params: { url: string }) => {},
    /** A captured background file that was not handed over (canceled, closed) is no longer needed. */
    releaseFile: (_, _params: { fileId: string }) => {},
    /** An annotation was committed (the wiring asks for the screenshot-annotation survey after the first). */
    annotationCommitted: (_, _params: undefined) => {},
    attach: enqueueActions(({ self, enqueue }, params: { snapshot: SnapshotDraft }) => {
      if (hasParent(self)) enqueue.sendParent({ type: 'posting.setSnapshot', snapshot: params.snapshot });
    }),
    /** The committed annotation with its clean background: the stored one (an edit keeps it) or the capture's file (handed over). */
    attachAnnotation: enqueueActions(({ context, self, enqueue }, params: { snapshot: SnapshotDraft }) => {
      const stored = context.background ?? null;
      const background = stored ? { kind: 'stored' as const, key: stored.key } : context.backgroundFile ? { kind: 'file' as const, ...context.backgroundFile } : null;
      if (hasParent(self)) enqueue.sendParent({ type: 'posting.setSnapshot', snapshot: { ...params.snapshot, background } });
      enqueue.assign({ backgroundFile: null });
    }),
    /** §8 reported; the dialog shows review.snapshot.error. */
    fail: enqueueActions(({ enqueue }, params: { message: string }) => {
      enqueue.assign({ error: params.message });
      enqueue({ type: 'reportError', params: { message: `Error capturing the player: ${params.message}` } } as never);
    }),
    forgetImage: enqueueActions(({ context, enqueue }) => {
      if (context.backgroundFile) enqueue({ type: 'releaseFile', params: { fileId: context.backgroundFile.fileId } } as never);
      if (!context.image) return;
      enqueue({ type: 'releaseImage', params: { url: context.image.url } } as never);
      enqueue.assign({ image: null, backgroundFile: null });
    }),
  },
}).createMachine({
  id: 'snapshotCapture',
  context: ({ input }) => ({ mode: input.mode, shapes: input.shapes, background: input.background ?? null, dialogId: input.dialogId ?? 'annotation', prefs: input.prefs ?? null, image: null, backgroundFile: null, error: null }),
  invoke: {
    id: 'dialog',
    src: 'dialog',
    input: ({ context }) => ({ dialogId: context.dialogId ?? 'annotation', ...(context.prefs ? { prefs: context.prefs } : {}), ...(context.shapes ? { shapes: context.shapes } : {}) }),
  },
  on: {
    // Closed at once; the dialog hears of it first, so its abandonment is tracked.
    'capture.close': { target: '.closed', actions: sendTo('dialog', { type: 'annotation.routeChanged' }) },
    'xstate.done.actor.dialog': { target: '.closed' },
  },
  initial: 'capturing',
  states: {
    capturing: {
      invoke: {
        id: 'captureFrame',
        src: 'captureFrame',
        input: ({ context }) => ({ mode: context.mode, background: context.background ?? null }),
        onDone: [
          {
            guard: ({ event }) => isImage(event.output),
            target: 'annotating',
            actions: [sendTo('dialog', { type: 'annotation.captured' }), assign({
              image: ({ event }) => (isImage(event.output) ? { url: event.output.url, width: event.output.width, height: event.output.height } : null),
              backgroundFile: ({ event }) => (isImage(event.output) && typeof event.output.fileId === 'string' && typeof event.output.size === 'number' ? { fileId: event.output.fileId, size: event.output.size } : null),
            })],
          },
          {
            guard: ({ event }) => isHtml(event.output),
            target: 'closed',
            actions: { type: 'attach', params: ({ event }) => ({ snapshot: htmlSnapshotOf(event.output) }) },
          },
          { target: 'failed', actions: [{ type: 'fail', params: { message: 'Malformed capture' } }, sendTo('dialog', { type: 'annotation.captureFailed' })] },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'fail', params: ({ event }) => ({ message: errorText(event.error) }) }, sendTo('dialog', { type: 'annotation.captureFailed' })],
        },
      },
    },
    annotating: {
      on: {
        'xstate.done.actor.dialog': [
          {
            guard: ({ event }) => annotationSnapshotOf(event.output) !== null,
            target: 'closed',
            actions: [{ type: 'attachAnnotation', params: ({ event }) => ({ snapshot: annotationSnapshotOf(event.output)! }) }, 'annotationCommitted'],
          },
          { target: 'closed' },
        ],
        // The image would not load (the dialog shows the error): Retry captures again.
        'capture.retry': { target: 'capturing', actions: ['forgetImage', assign({ error: null })] },
      },
    },
    failed: {
      on: {
        'capture.retry': { target: 'capturing', actions: assign({ error: null }) },
      },
    },
    closed: { type: 'final', entry: 'forgetImage' },
  },
});

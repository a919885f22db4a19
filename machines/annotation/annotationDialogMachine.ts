import { assign, enqueueActions, setup } from 'xstate';
import { promiseSlot } from '../slots.ts';
import { annotationDataOf, type AnnotationData, type AnnotationPrefs, type AnnotationShape } from '../../domain/annotation.ts';
import { canvasMachine } from './canvasMachine.ts';

/** The dialog's tracked moments (§4 "Annotation dialog: opened, committed or abandoned (tracked)"). */
export type AnnotationTrackedEvent = 'annotation dialog opened' | 'annotation dialog committed' | 'annotation dialog abandoned';

export interface AnnotationDialogInput {
  /** The dialog's id, sent with every tracked event (§3 annotation data `dialog_id`); the canvas is exported by it. */
  dialogId: string;
  /** The remembered tool settings the canvas starts with (already checked with domain `prefsFrom`). */
  prefs?: AnnotationPrefs;
  /** An earlier annotation's shapes (normalised), drawn again to be edited. */
  shapes?: AnnotationShape[];
}

/**
 * What the flattened export gives back (the `exportPng` adapter actor): the PNG itself stays out of the machines (the
 * session log is JSON); the adapter keeps it in the FileStore and hands back its file id, byte size and pixel size.
 */
export interface AnnotationExport {
  fileId: string;
  size: number;
  width: number;
  height: number;
}

/** How the dialog ended (its output): committed with the export and the shapes, or abandoned. */
export type AnnotationDialogOutput = { outcome: 'committed'; export: AnnotationExport; shapes: AnnotationShape[] } | { outcome: 'abandoned' };

export type AnnotationDialogEvent =
  | { type: 'annotation.captured' }
  | { type: 'annotation.captureFailed' }
  | { type: 'annotation.retry' }
  /** "Save annotation" with the shapes on the canvas. */
  | { type: 'annotation.save'; shapes: AnnotationShape[] }
  /** Cancel, the × or a second Escape, with how many shapes would be lost. */
  | { type: 'annotation.cancel'; shapeCount: number }
  | { type: 'annotation.confirmAbandon' }
  | { type: 'annotation.keepEditing' }
  /** The route changed under the dialog: it closes. */
  | { type: 'annotation.routeChanged' };

export interface AnnotationDialogContext {
  dialogId: string;
  prefs: AnnotationPrefs | undefined;
  /** The shapes the canvas starts with (an edit's). */
  initialShapes: AnnotationShape[] | undefined;
  /** The shapes saved (the canvas's at Save). */
  shapes: AnnotationShape[];
  result: AnnotationExport | null;
  exportError: boolean;
}

/**
 * The snapshot annotation dialog (review-and-content §2 snapshot dialog, §4 Annotation dialog and Dialogs, §8 snapshot
 * error; systemId none — invoked by the snapshot capture as its child `dialog`). Opened (tracked) in `capturing`
 * (progress) → `annotation.captured` → `ready` (`editing`) or `annotation.captureFailed` → `failed`
 * (review.snapshot.error with Cancel, and Retry, which asks the parent to capture again with `capture.retry`). While
 * `ready`, the canvas's tools run as its child `canvas` (`annotationCanvas`). Save runs `exporting` (the `exportPng`
 * adapter flattens the canvas at pixel ratio 2 into the FileStore) → `committed` (final; tracked with the §3
 * annotation data; output `{ outcome: 'committed', export, shapes }`). Cancel with shapes on the canvas asks first
 * (`confirmingAbandon`), without goes straight to `abandoned` (final; tracked; output `{ outcome: 'abandoned' }`). A
 * route change abandons from anywhere (the dialog closes on route change).
 */
export const annotationDialogMachine = setup({
  types: {
    context: {} as AnnotationDialogContext,
    events: {} as AnnotationDialogEvent,
    input: {} as AnnotationDialogInput,
  },
  actors: {
    canvas: canvasMachine,
    exportPng: promiseSlot<AnnotationExport, { dialogId: string; shapes: AnnotationShape[] }>('exportPng'),
  },
  actions: {
    /** An analytics event (the wiring provides it; properties carry the dialog id and, on commit, the annotation data). */
    track: (_: unknown, _params: { event: AnnotationTrackedEvent; properties: { dialog_id: string } | AnnotationData }) => {},
    /** Retry after a capture failure: the parent (the snapshot capture) captures again. */
    askRetry: enqueueActions(({ self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'capture.retry' });
    }),
  },
  guards: {
    hasShapes: ({ event }) => event.type === 'annotation.cancel' && event.shapeCount > 0,
  },
}).createMachine({
  id: 'annotationDialog',
  context: ({ input }) => ({ dialogId: input.dialogId, prefs: input.prefs, initialShapes: input.shapes, shapes: [], result: null, exportError: false }),
  output: ({ context }): AnnotationDialogOutput => (context.result ? { outcome: 'committed', export: context.result, shapes: context.shapes } : { outcome: 'abandoned' }),
  entry: { type: 'track', params: ({ context }) => ({ event: 'annotation dialog opened', properties: { dialog_id: context.dialogId } }) },
  initial: 'capturing',
  on: {
    'annotation.routeChanged': { target: '.abandoned' },
  },
  states: {
    capturing: {
      on: {
        'annotation.captured': { target: 'ready' },
        'annotation.captureFailed': { target: 'failed' },
        'annotation.cancel': { target: 'abandoned' },
      },
    },
    failed: {
      on: {
        'annotation.retry': { target: 'capturing', actions: 'askRetry' },
        'annotation.cancel': { target: 'abandoned' },
      },
    },
    ready: {
      invoke: { id: 'canvas', src: 'canvas', input: ({ context }) => ({ ...(context.prefs ? { prefs: context.prefs } : {}), ...(context.initialShapes ? { shapes: context.initialShapes } : {}) }) },
      initial: 'editing',
      // The view could not load the captured image: the capture error, with Retry.
      on: { 'annotation.captureFailed': { target: 'failed' } },
      states: {
        editing: {
          on: {
            'annotation.save': { target: 'exporting', actions: assign({ shapes: ({ event }) => event.shapes, exportError: false }) },
            'annotation.cancel': [{ guard: 'hasShapes', target: 'confirmingAbandon' }, { target: '#annotationDialog.abandoned' }],
          },
        },
        confirmingAbandon: {
          on: {
            'annotation.confirmAbandon': { target: '#annotationDialog.abandoned' },
            'annotation.keepEditing': { target: 'editing' },
          },
        },
        exporting: {
          invoke: {
            id: 'exportPng',
            src: 'exportPng',
            input: ({ context }) => ({ dialogId: context.dialogId, shapes: context.shapes }),
            onDone: { target: '#annotationDialog.committed', actions: assign({ result: ({ event }) => event.output }) },
            onError: { target: 'editing', actions: assign({ exportError: true }) },
          },
        },
      },
    },
    committed: {
      type: 'final',
      entry: { type: 'track', params: ({ context }) => ({ event: 'annotation dialog committed', properties: annotationDataOf(context.shapes, context.dialogId) }) },
    },
    abandoned: {
      type: 'final',
      entry: { type: 'track', params: ({ context }) => ({ event: 'annotation dialog abandoned', properties: { dialog_id: context.dialogId } }) },
    },
  },
});

import { assign, setup } from 'xstate';
import { promiseSlot } from '../slots.ts';
import { annotationDataOf, type AnnotationData, type AnnotationShape } from '../../domain/annotation.ts';

/** The dialog's tracked moments (§4 "Annotation dialog: opened, committed or abandoned (tracked)"). */
export type AnnotationTrackedEvent = 'annotation dialog opened' | 'annotation dialog committed' | 'annotation dialog abandoned';

export interface AnnotationDialogInput {
  /** The dialog's id, sent with every tracked event (§3 annotation data `dialog_id`). */
  dialogId: string;
}

/** What the flattened export gives back (the dialog's `exportPng` actor): the PNG is the view's, never read here. */
export interface AnnotationExport {
  png: unknown;
  width: number;
  height: number;
  shapes: AnnotationShape[];
}

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
  shapes: AnnotationShape[];
  result: AnnotationExport | null;
  exportError: boolean;
}

/**
 * The snapshot annotation dialog (review-and-content §2 snapshot dialog, §4 Annotation dialog and Dialogs, §8 snapshot
 * error). Opened (tracked) in `capturing` (progress) → `annotation.captured` → `ready` (`editing`; the view
 * sends it at once when the image is there from the start) or `annotation.captureFailed` → `failed`
 * (review.snapshot.error with Cancel, and Retry). Save runs `exporting` (the `exportPng` actor flattens the canvas at pixel ratio 2) →
 * `committed` (final; tracked with the §3 annotation data; `deliverResult` hands the result to the caller). Cancel
 * with shapes on the canvas asks first (`confirmingAbandon`), without goes straight to `abandoned` (final; tracked;
 * `deliverCancel`). A route change abandons from anywhere (the dialog closes on route change).
 */
export const annotationDialogMachine = setup({
  types: {
    context: {} as AnnotationDialogContext,
    events: {} as AnnotationDialogEvent,
    input: {} as AnnotationDialogInput,
  },
  actors: {
    exportPng: promiseSlot<AnnotationExport, { shapes: AnnotationShape[] }>('exportPng'),
  },
  actions: {
    /** An analytics event (the dialog provides it; properties carry the dialog id and, on commit, the annotation data). */
    track: (_: unknown, _params: { event: AnnotationTrackedEvent; properties: { dialog_id: string } | AnnotationData }) => {},
    deliverResult: (_: unknown, _params: { result: AnnotationExport }) => {},
    deliverCancel: () => {},
  },
  guards: {
    hasShapes: ({ event }) => event.type === 'annotation.cancel' && event.shapeCount > 0,
  },
}).createMachine({
  id: 'annotationDialog',
  context: ({ input }) => ({ dialogId: input.dialogId, shapes: [], result: null, exportError: false }),
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
        'annotation.retry': { target: 'capturing' },
        'annotation.cancel': { target: 'abandoned' },
      },
    },
    ready: {
      initial: 'editing',
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
            input: ({ context }) => ({ shapes: context.shapes }),
            onDone: { target: '#annotationDialog.committed', actions: assign({ result: ({ event }) => event.output }) },
            onError: { target: 'editing', actions: assign({ exportError: true }) },
          },
        },
      },
    },
    committed: {
      type: 'final',
      entry: [
        { type: 'track', params: ({ context }) => ({ event: 'annotation dialog committed', properties: annotationDataOf(context.result?.shapes ?? context.shapes, context.dialogId) }) },
        { type: 'deliverResult', params: ({ context }) => ({ result: context.result ?? { png: null, width: 0, height: 0, shapes: context.shapes } }) },
      ],
    },
    abandoned: {
      type: 'final',
      entry: [{ type: 'track', params: ({ context }) => ({ event: 'annotation dialog abandoned', properties: { dialog_id: context.dialogId } }) }, 'deliverCancel'],
    },
  },
});

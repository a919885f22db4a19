import type { ActorRefFrom } from 'xstate';
import type { annotationDialogMachine } from '../../../machines/annotation/annotationDialogMachine.ts';

/**
 * The annotation dialog's contract. `dialog`: the `annotationDialog` actor to show (in the app, the snapshot capture's
 * child; its input carries the shapes of an earlier annotation to edit); the view only sends it events. `image` null
 * and `error` null: capturing (progress shown); `error`: the capture failed (review.snapshot.error, large, with Cancel
 * and Retry); `image`: the snapshot to annotate.
 */
export interface AnnotationDialogProps {
  dialog: ActorRefFrom<typeof annotationDialogMachine>;
  image: { url: string; width: number; height: number } | null;
  error: string | null;
  /** A note over the canvas (an edit drawn over a new capture because the original image was not kept). */
  note?: string;
}

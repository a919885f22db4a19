import type { AnnotationResult, AnnotationShape } from '../../../domain/annotation.ts';

/**
 * The annotation dialog's contract. `image` null and `error` null: capturing (progress shown); `error`: the capture
 * failed (review.snapshot.error, large, with Cancel — and Retry when `onRetry` is given); `image`: the snapshot to
 * annotate, with `shapes` (normalised) to edit an earlier annotation.
 */
export interface AnnotationDialogProps {
  image: { url: string; width: number; height: number } | null;
  error: string | null;
  shapes?: AnnotationShape[];
  /** A note over the canvas (an edit drawn over a new capture because the original image was not kept). */
  note?: string;
  onCommit(result: AnnotationResult): void;
  onCancel(): void;
  onRetry?(): void;
}

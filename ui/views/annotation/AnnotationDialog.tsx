import type { AnnotationDialogProps } from './types.ts';
import { AnnotationDialogSkeleton } from './AnnotationDialogSkeleton.tsx';

/** The screenshot annotation dialog (placeholder while the Konva canvas is built). */
export default function AnnotationDialog(props: AnnotationDialogProps) {
  return <AnnotationDialogSkeleton onCancel={props.onCancel} />;
}

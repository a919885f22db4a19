import { lazy, Suspense } from 'react';
import type { AnnotationDialogProps } from './types.ts';
import { AnnotationDialogSkeleton } from './AnnotationDialogSkeleton.tsx';

const AnnotationDialog = lazy(() => import('./AnnotationDialog.tsx'));

/** The annotation dialog, loaded (with Konva) only when it is first shown; a skeleton dialog while it loads. */
export function LazyAnnotationDialog(props: AnnotationDialogProps) {
  return (
    <Suspense fallback={<AnnotationDialogSkeleton onCancel={() => props.dialog.send({ type: 'annotation.cancel', shapeCount: 0 })} />}>
      <AnnotationDialog {...props} />
    </Suspense>
  );
}

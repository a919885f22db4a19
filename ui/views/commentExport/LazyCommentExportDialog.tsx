import { useSelector } from '@xstate/react';
import { lazy } from 'react';
import { LazyWhenOpen } from '../../lazyRoute.tsx';
import { useSystem } from '../../system.tsx';

// Exports load on first use (ARCHITECTURE "UI"): the dialog's code and styles come with the first open.
const CommentExportDialog = lazy(() => import('./CommentExportDialog.tsx').then((module) => ({ default: module.CommentExportDialog })));

/** The comments export dialog, loaded once the `commentExport` actor opens. */
export function LazyCommentExportDialog() {
  const { commentExport } = useSystem();
  return (
    <LazyWhenOpen open={useSelector(commentExport, (s) => !s.matches('closed'))}>
      <CommentExportDialog />
    </LazyWhenOpen>
  );
}

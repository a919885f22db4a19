/** Comment export views: the comments export dialog and the hook that offers it. */
export { CommentExportDialog } from './CommentExportDialog.tsx';
export { useCommentExport } from './useCommentExport.ts';

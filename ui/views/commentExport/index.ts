/** Comment export views: the comments export dialog (loaded on first open) and the hook that offers it. */
export { LazyCommentExportDialog } from './LazyCommentExportDialog.tsx';
export { useCommentExport } from './useCommentExport.ts';

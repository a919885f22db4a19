export { LmsExportDialog, LmsExportDialogView, openLmsExport } from './LmsExportDialog.tsx';

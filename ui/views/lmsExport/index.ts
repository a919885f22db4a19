// The dialog's module (LmsExportDialog.tsx, with `LmsExportDialogView` for a given actor) loads with its first open:
// import it directly only where it is needed at once.
export { LazyLmsExportDialog as LmsExportDialog } from './LazyLmsExportDialog.tsx';
export { openLmsExport } from './openLmsExport.ts';

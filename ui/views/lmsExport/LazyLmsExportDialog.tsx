import { useSelector } from '@xstate/react';
import { LazyWhenOpen, lazyWithStrings } from '../../lazyRoute.tsx';
import { useSystem } from '../../system.tsx';

// Loaded on first use: the dialog's code, styles and words come with the first open.
const LmsExportDialog = lazyWithStrings(() => import('./LmsExportDialog.tsx').then((module) => ({ default: module.LmsExportDialog })), ['lmsExport']);

/** The LMS export dialog of the system's `lmsExport` actor, loaded once the actor opens; render it once where the menus that open it live. */
export function LazyLmsExportDialog() {
  const { lmsExport } = useSystem();
  return (
    <LazyWhenOpen open={useSelector(lmsExport, (s) => !s.matches('closed'))}>
      <LmsExportDialog />
    </LazyWhenOpen>
  );
}

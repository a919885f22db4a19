import { useSelector } from '@xstate/react';
import { isFeatureLoaded } from '../../machines/session/appMachine.ts';
import { t } from '../strings.ts';
import { useSystem, type AppSystem } from '../system.tsx';

/**
 * The dialogs an item opens (share, LMS export, request review, comment export) run in the item dialogs feature
 * (machines/session/appMachine.ts APP_FEATURES `itemDialogs`), which the item view loads on the first open of one of
 * them. `open` (the send that opens one) runs at once when the feature runs, else once it has loaded; a system built
 * with every actor running (view tests) opens at once.
 */
export function openItemDialog(system: Pick<AppSystem, 'loadFeatures' | 'toasts'>, open: () => void): void {
  const load = system.loadFeatures?.itemDialogs;
  if (!load) {
    open();
    return;
  }
  // Its code did not arrive (the connection dropped): said, so the click is not lost in silence; clicking again loads it again.
  load().then(open, (error: unknown) => {
    console.error('The dialog could not be loaded.', error);
    system.toasts.send({ type: 'toast.show', toast: { id: 'itemDialogLoad', severity: 'error', kind: 'default', text: t('item.dialogLoadFailed'), message: null } });
  });
}

/** Whether the item dialogs' actors run, so a view may read them (always, in a system built with every actor running). */
export function useItemDialogsLoaded(): boolean {
  const { app, loadFeatures } = useSystem();
  return useSelector(app, (snapshot) => !loadFeatures || isFeatureLoaded(snapshot, 'itemDialogs'));
}

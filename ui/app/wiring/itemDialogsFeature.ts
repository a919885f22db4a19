import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import { commentExportActors } from './commentExport.ts';
import type { FeatureStart } from './common.ts';
import { lmsExportActors } from './lmsExport.ts';
import { requestDialogActors } from './requestDialog.ts';
import { sharingActors } from './sharing.ts';

/**
 * The item dialogs feature (machines/session/appMachine.ts APP_FEATURES `itemDialogs`): the share, LMS export,
 * request-review and comment export dialogs. The item view loads it on the first open of one of them
 * (ui/views/item/itemDialogs.ts), the grid with its route (its menus open them at once).
 */
export const startItemDialogsFeature: FeatureStart = (adapters, _running, startActors) => {
  registerFeatureLogic({
    ...sharingActors(adapters),
    ...lmsExportActors(adapters),
    ...requestDialogActors(adapters),
    ...commentExportActors(adapters),
  });
  startActors();
};

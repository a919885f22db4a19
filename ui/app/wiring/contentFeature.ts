import { dialogsMachine } from '../../../machines/content/dialogsMachine.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import type { FeatureStart } from './common.ts';
import { lmsExportActors } from './lmsExport.ts';
import { requestDialogActors } from './reviewRequests.ts';
import { sharingActors } from './sharing.ts';
import { uploadsActors } from './uploads.ts';

/**
 * The content feature (machines/session/appMachine.ts APP_FEATURES `content`), loaded with the grid's route and the item
 * view: what both screens use (the content dialogs, uploads, and the share, LMS export and request-review dialogs).
 * The grid's own machines are the grid feature (./gridFeature.ts).
 */
export const startContentFeature: FeatureStart = (adapters, _running, startActors) => {
  registerFeatureLogic({
    dialogs: dialogsMachine,
    ...uploadsActors(adapters),
    ...sharingActors(adapters),
    ...lmsExportActors(adapters),
    ...requestDialogActors(adapters),
  });
  startActors();
};

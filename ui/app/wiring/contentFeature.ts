import { dialogsMachine } from '../../../machines/content/dialogsMachine.ts';
import { dragMachine } from '../../../machines/content/dragMachine.ts';
import { gridPrefsStore } from '../../../machines/content/gridPrefsStore.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import type { FeatureStart } from './common.ts';
import { connectContent, contentActors } from './content.ts';
import { lmsExportActors } from './lmsExport.ts';
import { requestDialogActors } from './reviewRequests.ts';
import { sharingActors } from './sharing.ts';
import { uploadsActors } from './uploads.ts';

/**
 * The content feature (machines/session/appMachine.ts APP_FEATURES `content`), loaded with the grid's route and the item
 * view: folders, folder settings, the grid, its preferences, dialogs, drag and drop, a video's download, uploads, and
 * the share, LMS export and request-review dialogs both screens open. A person already signed in is told to the grid.
 */
export const startContentFeature: FeatureStart = (adapters, running, startActors) => {
  registerFeatureLogic({
    ...contentActors(adapters),
    gridPrefs: gridPrefsStore,
    dialogs: dialogsMachine,
    drag: dragMachine,
    ...uploadsActors(adapters),
    ...sharingActors(adapters),
    ...lmsExportActors(adapters),
    ...requestDialogActors(adapters),
  });
  startActors();
  const session = running.actor('session').getSnapshot();
  // The session told the grid who is signed in when that happened; a grid started since hears it now.
  if (session.matches('loggedIn')) running.actor('grid').send({ type: 'grid.signedIn', userId: session.context.user?.sub ?? '' });
  connectContent(running);
};

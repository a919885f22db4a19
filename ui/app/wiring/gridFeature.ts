import { dragMachine } from '../../../machines/content/dragMachine.ts';
import { gridPrefsStore } from '../../../machines/content/gridPrefsStore.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import type { FeatureStart } from './common.ts';
import { connectContent, contentActors } from './content.ts';

/**
 * The grid feature (machines/session/appMachine.ts APP_FEATURES `grid`), loaded with the grid's route after the content
 * feature, not with the item view: folders, folder settings, the grid, its preferences, drag and drop, a video's
 * download. A person already signed in is told to the grid.
 */
export const startGridFeature: FeatureStart = (adapters, running, startActors) => {
  registerFeatureLogic({ ...contentActors(adapters), gridPrefs: gridPrefsStore, drag: dragMachine });
  startActors();
  const session = running.actor('session').getSnapshot();
  // The session told the grid who is signed in when that happened; a grid started since hears it now.
  if (session.matches('loggedIn')) running.actor('grid').send({ type: 'grid.signedIn', userId: session.context.user?.sub ?? '' });
  connectContent(running);
};

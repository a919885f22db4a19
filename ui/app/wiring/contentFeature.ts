import { dialogsMachine } from '../../../machines/content/dialogsMachine.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import type { FeatureStart } from './common.ts';
import { uploadsActors } from './uploads.ts';

/**
 * The content feature (machines/session/appMachine.ts APP_FEATURES `content`), loaded with the grid's route and the item
 * view: what both screens use at once (the content dialogs and uploads). The grid's own machines are the grid feature
 * (./gridFeature.ts); the dialogs an item opens are the item dialogs feature (./itemDialogsFeature.ts).
 */
export const startContentFeature: FeatureStart = (adapters, _running, startActors) => {
  registerFeatureLogic({ dialogs: dialogsMachine, ...uploadsActors(adapters) });
  startActors();
};

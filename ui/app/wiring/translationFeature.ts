import { audioDrawerMachine } from '../../../machines/translation/audioDrawerMachine.ts';
import { duplicateReviewMachine } from '../../../machines/translation/duplicateReviewMachine.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import type { Adapters, Running } from './common.ts';
import { connectTranslateDialogs, connectTranslation, translationActors } from './translation.ts';

/**
 * The translate tab's machines, loaded with its chunk (createSystem's `loadFeatures`): registers them for the
 * app's stand-ins, has the app start their actors (`app.featureLoaded`, in the session log), then connects them.
 */
export function startTranslationFeature(adapters: Adapters, running: Running, startActors: () => void): void {
  registerFeatureLogic({ ...translationActors(adapters), audioDrawer: audioDrawerMachine, duplicateReview: duplicateReviewMachine });
  startActors();
  connectTranslation(running, adapters.translationClient);
  connectTranslateDialogs(running);
}

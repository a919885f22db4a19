import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import { commentsActors, connectComments } from './comments.ts';
import type { FeatureStart } from './common.ts';
import { connectItemStack, itemsActors } from './items.ts';
import { connectReviewRequests, reviewRequestsActors } from './reviewRequests.ts';
import { surveysActors } from './surveys.ts';

/**
 * The item feature (machines/session/appMachine.ts APP_FEATURES `item`), loaded with the item route after the content
 * feature: the item, its stack, comments, review requests, notification level, and the translation surveys. What the session told these actors when it happened (who is looking, the surveys to read) is told now.
 */
export const startItemFeature: FeatureStart = (adapters, running, startActors) => {
  registerFeatureLogic({
    ...itemsActors(adapters),
    ...commentsActors(adapters),
    ...reviewRequestsActors(adapters),
    ...surveysActors(adapters),
  });
  startActors();
  const session = running.actor('session').getSnapshot();
  const { user, anonymousUser } = session.context;
  if (session.matches('loggedIn')) {
    running.actor('item').send({ type: 'item.viewerChanged', userId: user?.sub ?? null, anonymousEmail: null });
    running.actor('surveys').send({ type: 'surveys.load', email: user?.email ?? '', userId: user?.sub ?? '' });
  } else if (session.matches('anon')) running.actor('item').send({ type: 'item.viewerChanged', userId: null, anonymousEmail: anonymousUser?.email ?? null });
  // In the order the first load connected them (the session log's order of reactions).
  connectComments(running);
  connectReviewRequests(running);
  connectItemStack(running);
};

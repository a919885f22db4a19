import { fromPromise } from 'xstate';
import { createBackgroundJobsClient } from '../../../adapters/backgroundJobs.ts';
import { registerFeatureLogic } from '../../../machines/featureLogic.ts';
import { failedJobsMachine } from '../../../machines/session/failedJobsMachine.ts';
import type { FeatureStart } from './common.ts';

/**
 * The sandbox's failed background jobs (machines/session/appMachine.ts APP_FEATURES `failedJobs`), loaded with the
 * sandbox route: the machine with its two calls over the review API (adapters/backgroundJobs.ts), registered for the
 * app's stand-in, then started by `app.featureLoaded` (in the session log).
 */
export const startFailedJobsFeature: FeatureStart = (adapters, _running, startActors) => {
  const client = createBackgroundJobsClient({ http: adapters.http });
  registerFeatureLogic({
    failedJobs: failedJobsMachine.provide({
      actors: {
        fetchFailedJobs: fromPromise(() => client.failed()),
        retryFailedJob: fromPromise(({ input }: { input: { jobId: string } }) => client.retry(input.jobId)),
      },
    }),
  });
  startActors();
};

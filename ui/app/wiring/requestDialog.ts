import { fromPromise } from 'xstate';
import { requestDialogMachine } from '../../../machines/reviewRequests/requestDialogMachine.ts';
import { reportError, type Adapters } from './common.ts';

/** The request-review dialog (opened from the grid and from the item view): its request over the review API. */
export function requestDialogActors({ reviewRequestClient }: Adapters) {
  const requestDialog = requestDialogMachine.provide({
    actors: { createReviewRequest: fromPromise(({ input }) => reviewRequestClient.create(input)) },
    actions: { reportError },
  });
  return { requestDialog };
}

import { fromPromise } from 'xstate';
import { shareMachine } from '../../../machines/sharing/shareMachine.ts';
import { copyToClipboard } from '../browser.ts';
import { reportError, type Adapters } from './common.ts';

/** The share dialog over the review API (domain/sharing.ts). */
export function sharingActors({ shareClient }: Adapters) {
  const share = shareMachine.provide({
    actors: {
      fetchSharePermissions: fromPromise(({ input }) => shareClient.permissions(input.itemId)),
      saveShare: fromPromise(({ input }) =>
        input.request.mode === 'private' ? shareClient.savePrivate(input.itemId, input.request.body) : shareClient.savePublic(input.itemId, input.request.body),
      ),
    },
    actions: { reportError, copyToClipboard: (_, params) => copyToClipboard(params.text) },
  });
  return { share };
}

import { assign, setup } from 'xstate';
import type { BuildList, MinimumVersion } from '../../domain/downloads.ts';
import { promiseSlot } from '../slots.ts';

export interface DownloadsContext {
  list: BuildList | null;
  minimumVersion: MinimumVersion | null;
}

export type DownloadsEvent = { type: 'downloads.load' } | { type: 'downloads.retry' } | { type: 'downloads.reset' };

/** What the downloads page says when the build list cannot be read (review-and-content §8). */
export const DOWNLOADS_FAILED_MESSAGE = 'unable to retrieve downloads, please try again';

/**
 * The all-downloads page's load (review-and-content §2, §7, §8): the build list and the minimum-version notice (its
 * 404 is no notice, answered as null by the composition root); `failed` shows the §8 message with a retry.
 */
export const downloadsMachine = setup({
  types: { context: {} as DownloadsContext, events: {} as DownloadsEvent },
  actors: { loadDownloads: promiseSlot<{ list: BuildList; minimumVersion: MinimumVersion | null }>('loadDownloads') },
  actions: { reportError: (_, _params: { error: unknown }) => {} },
}).createMachine({
  id: 'downloads',
  context: { list: null, minimumVersion: null },
  initial: 'idle',
  // Each visit of the page reads the list again.
  // Sign-out forgets the list read for the last person.
  on: { 'downloads.load': { target: '.loading' }, 'downloads.reset': { target: '.idle', actions: assign({ list: null, minimumVersion: null }) } },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadDownloads',
        src: 'loadDownloads',
        onDone: {
          target: 'ready',
          actions: assign({
            list: ({ event }) => event.output?.list ?? null,
            minimumVersion: ({ event }) => event.output?.minimumVersion ?? null,
          }),
        },
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {},
    failed: { on: { 'downloads.retry': { target: 'loading' } } },
  },
});

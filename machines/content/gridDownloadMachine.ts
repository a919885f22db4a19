import { assign, setup } from 'xstate';
import { itemDownloadFailedToast } from '../../domain/toasts.ts';
import { refusalOf } from './contentEvents.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

export interface GridDownloadContext {
  /** The video being fetched, or null. */
  itemId: string | null;
}

export type GridDownloadEvent =
  /** The grid's item menu "Download" on a video (review-and-content §6 item menu: download (video)). */
  { type: 'gridDownload.video'; itemId: string };

/** A signed download link as item.presignDownload answers it. */
export interface DownloadLink {
  url: string;
  fileName: string;
}

const UNREADABLE_LINK = 'The download link could not be read.';

const isDownloadLink = (value: unknown): value is DownloadLink => {
  const link = value as Partial<DownloadLink> | null;
  return typeof link?.url === 'string' && link.url !== '' && typeof link.fileName === 'string' && link.fileName !== '';
};

/**
 * A video's download from the item grid (review-and-content §6 item menu "download (video)"; systemId `gridDownload`).
 * `idle` until `gridDownload.video`; `presigning` asks the service for a signed link to the video's latest version
 * (the service checks that the user may view it, that it is a video and that the version is ready), then saves it;
 * a refusal shows the download-failed toast with the service's words. One download at a time: a second Download while
 * one is being fetched is ignored.
 */
export const gridDownloadMachine = setup({
  types: {
    context: {} as GridDownloadContext,
    events: {} as GridDownloadEvent,
  },
  actors: {
    presignVideo: promiseSlot<unknown, { itemId: string }>('presignVideo'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    /** Saves `url` as `fileName` (an <a download> click), provided by the composition root. */
    startDownload: (_: unknown, _params: DownloadLink) => {},
    /** The download-failed toast with the service's words. */
    toastRefused: sendToSystem('toasts', ({ event }: { event: { error?: unknown } }) => ({ type: 'toast.show', toast: itemDownloadFailedToast('video', refusalOf(event.error).message) })),
    toastUnreadable: sendToSystem('toasts', () => ({ type: 'toast.show', toast: itemDownloadFailedToast('video', UNREADABLE_LINK) })),
  },
  guards: {
    isDownloadLink: (_, params: { output: unknown }) => isDownloadLink(params.output),
  },
}).createMachine({
  id: 'gridDownload',
  context: { itemId: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'gridDownload.video': { target: 'presigning', actions: assign({ itemId: ({ event }) => event.itemId }) } },
    },
    presigning: {
      tags: ['downloading'],
      invoke: {
        id: 'presignVideo',
        src: 'presignVideo',
        input: ({ context }) => ({ itemId: context.itemId ?? '' }),
        onDone: [
          {
            guard: { type: 'isDownloadLink', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: [{ type: 'startDownload', params: ({ event }) => event.output as DownloadLink }, assign({ itemId: null })],
          },
          {
            target: 'idle',
            actions: [
              assign({ itemId: null }),
              { type: 'reportError', params: { message: 'Malformed item.presignDownload answer' } },
              'toastUnreadable',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ itemId: null }),
            { type: 'reportError', params: ({ event }) => ({ message: `Video download failed: ${refusalOf(event.error).message}` }) },
            'toastRefused',
          ],
        },
      },
    },
  },
});

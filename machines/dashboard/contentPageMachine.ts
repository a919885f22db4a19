import { assign, setup } from 'xstate';
import { promiseSlot } from '../slots.ts';

export type ContentPageKind = 'template' | 'character';

export interface ContentPageContext {
  kind: ContentPageKind | null;
  id: string | null;
  /** The service's record, as it answered (the page reads it strictly). */
  record: unknown;
}

export type ContentPageEvent = { type: 'contentPage.open'; kind: ContentPageKind; id: string } | { type: 'contentPage.retry' } | { type: 'contentPage.close' };

const CLOSED: ContentPageContext = { kind: null, id: null, record: null };

/**
 * A content page, /content/template/{id} or /content/character/{id} (review-and-content §2; systemId `contentPage`):
 * `loading` the record from the business-content service → `loaded`, `notFound` (404) or `failed` (try again).
 */
export const contentPageMachine = setup({
  types: { context: {} as ContentPageContext, events: {} as ContentPageEvent },
  actors: { loadContent: promiseSlot<unknown, { kind: ContentPageKind; id: string }>('loadContent') },
  guards: { isNotFound: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 404 },
}).createMachine({
  id: 'contentPage',
  context: CLOSED,
  initial: 'closed',
  on: {
    'contentPage.open': { target: '.loading', reenter: true, actions: assign(({ event }) => ({ kind: event.kind, id: event.id, record: null })) },
    'contentPage.close': { target: '.closed', actions: assign(() => CLOSED) },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        id: 'loadContent',
        src: 'loadContent',
        input: ({ context }) => ({ kind: context.kind ?? 'template', id: context.id ?? '' }),
        onDone: { target: 'loaded', actions: assign({ record: ({ event }) => event.output }) },
        onError: [{ guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' }, { target: 'failed' }],
      },
    },
    loaded: {},
    notFound: {},
    failed: { on: { 'contentPage.retry': { target: 'loading' } } },
  },
});

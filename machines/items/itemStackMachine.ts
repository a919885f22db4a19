import { assign, setup } from 'xstate';
import type { TranslationStackResponse } from '../../domain/translation.ts';
import { promiseSlot } from '../slots.ts';

/** Whose stack: the member item open in the item view, and its password (the stack call sends it like the item view). */
export interface ItemStackSubject {
  itemId: string;
  pass: string | null;
}

export interface ItemStackContext {
  subject: ItemStackSubject | null;
  /** The stack call's answer (its title and members), or null (not read yet, not in a stack, or the read failed). */
  stack: TranslationStackResponse | null;
}

export type ItemStackEvent =
  | ({ type: 'itemStack.open' } & ItemStackSubject)
  | { type: 'itemStack.close' }
  /** Read the stack again (after a failed read). */
  | { type: 'itemStack.retry' };

const CLOSED: ItemStackContext = { subject: null, stack: null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stack answer the views can use: a title and member entries each with an item id, a locale and a role. */
export function isStackAnswer(value: unknown): value is TranslationStackResponse {
  return (
    isRecord(value) &&
    typeof value.stackId === 'string' &&
    typeof value.title === 'string' &&
    Array.isArray(value.entries) &&
    value.entries.every((entry) => isRecord(entry) && typeof entry.itemId === 'string' && typeof entry.locale === 'string' && (entry.role === 'source' || entry.role === 'target'))
  );
}

/** The stack shown for this item: only the answer for the item that is open (never a previous item's stack). */
export function stackOf(context: ItemStackContext, itemId: string): TranslationStackResponse | null {
  return context.subject?.itemId === itemId ? context.stack : null;
}

/**
 * The translation stack of the item open in the item view (review-and-content §2 "title (or stack title)", §3
 * showItemStacksSidebar; translation-editor §2 stack sidebar: the members, each a link with its review status; systemId
 * `itemStack`). The composition root opens it for a loaded member of a stack (ItemDetail.showItemStacksSidebar) on the
 * review and translate tabs, and closes it otherwise.
 *
 * `closed` until `itemStack.open`. `open.loading` reads the stack call (GET /translations/stack/{itemId}, the call
 * the translate tab reads) → `loaded` with the answer; `none` when the item is in no stack (404) or the answer is
 * unreadable; `failed` otherwise (the sidebar says so and offers `itemStack.retry`). Opening another item reads again;
 * the same item and password keep what was read.
 */
export const itemStackMachine = setup({
  types: {
    context: {} as ItemStackContext,
    events: {} as ItemStackEvent,
  },
  actors: {
    fetchItemStack: promiseSlot<unknown, ItemStackSubject>('fetchItemStack'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
  },
  guards: {
    isStack: (_, params: { output: unknown }) => isStackAnswer(params.output),
    isNotInStack: (_, params: { error: unknown }) => isRecord(params.error) && params.error.status === 404,
    isSameSubject: ({ context, event }) => event.type === 'itemStack.open' && context.subject?.itemId === event.itemId && context.subject.pass === event.pass,
  },
}).createMachine({
  id: 'itemStack',
  context: CLOSED,
  initial: 'closed',
  states: {
    closed: {
      on: {
        'itemStack.open': { target: 'open', actions: assign(({ event }) => ({ subject: { itemId: event.itemId, pass: event.pass }, stack: null })) },
      },
    },
    open: {
      initial: 'loading',
      on: {
        'itemStack.open': [
          { guard: 'isSameSubject' },
          // Another member of the same stack keeps the sidebar on screen while the new answer comes (the stack call is re-read for its statuses).
          {
            target: '.loading',
            reenter: true,
            actions: assign(({ context, event }) => ({
              subject: { itemId: event.itemId, pass: event.pass },
              stack: context.stack?.entries.some((entry) => entry.itemId === event.itemId) ? context.stack : null,
            })),
          },
        ],
        'itemStack.close': { target: 'closed', actions: assign(() => CLOSED) },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchItemStack',
            src: 'fetchItemStack',
            input: ({ context }) => context.subject ?? { itemId: '', pass: null },
            onDone: [
              { guard: { type: 'isStack', params: ({ event }) => ({ output: event.output }) }, target: 'loaded', actions: assign({ stack: ({ event }) => event.output as TranslationStackResponse }) },
              {
                target: 'none',
                actions: [assign({ stack: null }), { type: 'reportError', params: { message: 'Item stack: the stack call answered something unreadable.' } }],
              },
            ],
            onError: [
              { guard: { type: 'isNotInStack', params: ({ event }) => ({ error: event.error }) }, target: 'none', actions: assign({ stack: null }) },
              {
                target: 'failed',
                actions: [assign({ stack: null }), { type: 'reportError', params: { message: 'Item stack: reading the stack failed.' } }],
              },
            ],
          },
        },
        loaded: {},
        none: {},
        failed: {
          on: { 'itemStack.retry': { target: 'loading' } },
        },
      },
    },
  },
});

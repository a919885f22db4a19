import { assign, setup } from 'xstate';
import { NOTIFICATION_LEVELS, type CommentAckData, type NotificationLevel } from '../../domain/comments.ts';
import { promiseSlot } from '../slots.ts';

export interface ItemNotificationsContext {
  itemId: string | null;
  /** The level the service holds for the caller and the item, once read. */
  level: NotificationLevel | null;
  /** The level being saved (shown as chosen while it is on the wire, and kept for a retry after a failure). */
  pending: NotificationLevel | null;
  /** Why the last read or save failed. */
  errorMessage: string | null;
}

export type ItemNotificationsEvent =
  /** Opens the popover for one item (signed-in accounts only: the views offer it to them alone). */
  | { type: 'itemNotifications.open'; itemId: string }
  | { type: 'itemNotifications.select'; level: NotificationLevel }
  | { type: 'itemNotifications.retry' }
  | { type: 'itemNotifications.close' }
  /** The session ended. */
  | { type: 'itemNotifications.reset' };

const CLOSED: ItemNotificationsContext = { itemId: null, level: null, pending: null, errorMessage: null };

function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The level of an item.subscriptionFind / item.subscriptionUpsert answer, or null when it is unreadable. */
export function subscriptionLevelOf(output: unknown): NotificationLevel | null {
  const level = (output as { subscription?: { level?: unknown } } | null | undefined)?.subscription?.level;
  return typeof level === 'string' && (NOTIFICATION_LEVELS as readonly string[]).includes(level) ? (level as NotificationLevel) : null;
}

/** The level the popover shows as chosen: the one being saved, else the stored one. */
export function shownLevelOf(context: Pick<ItemNotificationsContext, 'level' | 'pending'>): NotificationLevel | null {
  return context.pending ?? context.level;
}

const UNREADABLE = 'The notification subscription answer is unreadable.';

/**
 * The per-item notification level popover (review-and-content §3 Notification subscription, §7 item subscription
 * lookup and update-or-create, §9 levels mine / all / mute; foundation §3; systemId `itemNotifications`):
 * closed → loading (item.subscriptionFind) → ready → saving (item.subscriptionUpsert) → ready; a failed read
 * (loadError) or save (saveError) is shown with a retry. The account's frequency (instant, hourly, daily at 09:00
 * local) is notificationSettingsMachine's.
 */
export const itemNotificationsMachine = setup({
  types: {
    context: {} as ItemNotificationsContext,
    events: {} as ItemNotificationsEvent,
  },
  actors: {
    findSubscription: promiseSlot<CommentAckData<'item.subscriptionFind'>, { itemId: string }>('findSubscription'),
    upsertSubscription: promiseSlot<CommentAckData<'item.subscriptionUpsert'>, { itemId: string; level: NotificationLevel }>('upsertSubscription'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    isReadable: (_, params: { output: unknown }) => subscriptionLevelOf(params.output) !== null,
    isOtherLevel: ({ context }, params: { level: NotificationLevel }) => params.level !== context.level,
  },
}).createMachine({
  id: 'itemNotifications',
  context: CLOSED,
  initial: 'closed',
  on: {
    'itemNotifications.open': { target: '.loading', reenter: true, actions: assign(({ event }) => ({ ...CLOSED, itemId: event.itemId })) },
    'itemNotifications.close': { target: '.closed' },
    'itemNotifications.reset': { target: '.closed' },
  },
  states: {
    closed: {
      entry: assign(CLOSED),
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'findSubscription',
        src: 'findSubscription',
        input: ({ context }) => ({ itemId: context.itemId ?? '' }),
        onDone: [
          { guard: { type: 'isReadable', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: assign({ level: ({ event }) => subscriptionLevelOf(event.output) }) },
          { target: 'loadError', actions: [assign({ errorMessage: UNREADABLE }), { type: 'reportError', params: { message: UNREADABLE } }] },
        ],
        onError: {
          target: 'loadError',
          actions: [
            assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The notification level could not be read.') }),
            { type: 'reportError', params: ({ event }) => ({ message: `Reading the notification level failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
    loadError: {
      on: { 'itemNotifications.retry': { target: 'loading', actions: assign({ errorMessage: null }) } },
    },
    ready: {
      on: {
        // Choosing the level already held sends nothing.
        'itemNotifications.select': {
          guard: { type: 'isOtherLevel', params: ({ event }) => ({ level: event.level }) },
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.level }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'upsertSubscription',
        src: 'upsertSubscription',
        input: ({ context }) => ({ itemId: context.itemId ?? '', level: context.pending ?? context.level ?? 'mine' }),
        onDone: [
          {
            guard: { type: 'isReadable', params: ({ event }) => ({ output: event.output }) },
            target: 'ready',
            actions: assign({ level: ({ event }) => subscriptionLevelOf(event.output), pending: null, errorMessage: null }),
          },
          { target: 'saveError', actions: [assign({ errorMessage: UNREADABLE }), { type: 'reportError', params: { message: UNREADABLE } }] },
        ],
        onError: {
          target: 'saveError',
          actions: [
            assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The notification level could not be saved.') }),
            { type: 'reportError', params: ({ event }) => ({ message: `Saving the notification level failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
          ],
        },
      },
    },
    // The level stays as it was; retry sends the chosen one again, or another can be chosen.
    saveError: {
      on: {
        'itemNotifications.retry': { target: 'saving', actions: assign({ errorMessage: null }) },
        'itemNotifications.select': [
          { guard: { type: 'isOtherLevel', params: ({ event }) => ({ level: event.level }) }, target: 'saving', actions: assign({ pending: ({ event }) => event.level, errorMessage: null }) },
          { target: 'ready', actions: assign({ pending: null, errorMessage: null }) },
        ],
      },
    },
  },
});

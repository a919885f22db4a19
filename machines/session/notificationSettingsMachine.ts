import { assign, setup } from 'xstate';
import { NOTIFICATION_DIGEST_TIME } from '../../domain/constants.ts';
import { promiseSlot } from '../slots.ts';

/** How often review-comment notifications are sent (foundation §3 notification preference). */
export type NotificationFrequency = 'instant' | 'hourly' | 'daily';
export const NOTIFICATION_FREQUENCIES: readonly NotificationFrequency[] = ['instant', 'hourly', 'daily'];

/** The one preference type the dashboard edits (foundation §7). */
export const REVIEW_COMMENT_NOTIFICATION = 'ReviewCommentNotification';

/** A notification preference as the notifications service stores it (foundation §3, §7). */
export interface NotificationPreference {
  frequency: NotificationFrequency;
  type: string;
  /** HH:MM, local to `timeZone`. */
  scheduleTime: string;
  /** IANA time zone name. */
  timeZone: string;
}

export type NotificationSettingsEvent =
  /** Opens the settings; `timeZone` is the browser's, read by the composition root. */
  | { type: 'notificationSettings.open'; timeZone: string }
  | { type: 'notificationSettings.select'; frequency: NotificationFrequency }
  | { type: 'notificationSettings.save' }
  | { type: 'notificationSettings.retry' }
  | { type: 'notificationSettings.close' }
  /** The session ended: close whatever state the dialog is in and forget the person's values. */
  | { type: 'notificationSettings.reset' };

export interface NotificationSettingsContext {
  /** The browser's time zone, saved with the preference. */
  timeZone: string;
  /** What the service holds, once read or saved. */
  stored: NotificationPreference | null;
  /** The frequency picked in the dialog. */
  draft: NotificationFrequency | null;
  /** Why the last read or save failed. */
  errorMessage: string | null;
}

function isFrequency(value: unknown): value is NotificationFrequency {
  return typeof value === 'string' && (NOTIFICATION_FREQUENCIES as readonly string[]).includes(value);
}

/** True for a service answer shaped like a notification preference. */
export function isNotificationPreference(value: unknown): value is NotificationPreference {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return isFrequency(v.frequency) && typeof v.type === 'string' && typeof v.scheduleTime === 'string' && typeof v.timeZone === 'string';
}

function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** The PUT body: exactly frequency, type, scheduleTime (09:00 local) and timeZone. */
function sentPreference(context: NotificationSettingsContext): NotificationPreference {
  return { frequency: context.draft ?? 'instant', type: REVIEW_COMMENT_NOTIFICATION, scheduleTime: NOTIFICATION_DIGEST_TIME, timeZone: context.timeZone };
}

const UNREADABLE = 'The notifications service sent an unreadable preference.';

/**
 * The notification-settings dialog (foundation §1 account menu, §3, §7): closed → loading (GET the
 * review-comment preference) → editing → saving (PUT frequency, type, scheduleTime 09:00 local and the
 * browser's time zone) → closed. A failed read or save is shown with a retry.
 */
export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    fetchPreference: promiseSlot<unknown, { type: string }>('fetchPreference'),
    savePreference: promiseSlot<unknown, NotificationPreference>('savePreference'),
  },
  guards: {
    isPreference: (_, params: { output: unknown }) => isNotificationPreference(params.output),
    hasDraft: ({ context }) => context.draft !== null,
  },
}).createMachine({
  id: 'notificationSettings',
  context: { timeZone: 'UTC', stored: null, draft: null, errorMessage: null },
  on: {
    'notificationSettings.reset': { target: '.closed', actions: assign({ stored: null, draft: null, errorMessage: null }) },
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'notificationSettings.open': {
          target: 'loading',
          actions: assign({ timeZone: ({ event }) => event.timeZone, draft: null, errorMessage: null }),
        },
      },
    },
    loading: {
      invoke: {
        id: 'fetchPreference',
        src: 'fetchPreference',
        input: () => ({ type: REVIEW_COMMENT_NOTIFICATION }),
        onDone: [
          {
            guard: { type: 'isPreference', params: ({ event }) => ({ output: event.output }) },
            target: 'editing',
            actions: assign({
              stored: ({ event }) => event.output as NotificationPreference,
              draft: ({ event }) => (event.output as NotificationPreference).frequency,
            }),
          },
          { target: 'loadFailed', actions: assign({ errorMessage: UNREADABLE }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The notification settings could not be read.') }) },
      },
      on: { 'notificationSettings.close': { target: 'closed' } },
    },
    loadFailed: {
      on: {
        'notificationSettings.retry': { target: 'loading', actions: assign({ errorMessage: null }) },
        'notificationSettings.close': { target: 'closed', actions: assign({ errorMessage: null }) },
      },
    },
    editing: {
      on: {
        'notificationSettings.select': { actions: assign({ draft: ({ event }) => event.frequency }) },
        'notificationSettings.save': { guard: 'hasDraft', target: 'saving' },
        'notificationSettings.close': { target: 'closed' },
      },
    },
    saving: {
      invoke: {
        id: 'savePreference',
        src: 'savePreference',
        input: ({ context }) => sentPreference(context),
        onDone: {
          target: 'closed',
          // The service answers with what it stored; should that be unreadable, what was sent stands.
          actions: assign({ stored: ({ context, event }) => (isNotificationPreference(event.output) ? event.output : sentPreference(context)), errorMessage: null }),
        },
        onError: { target: 'saveFailed', actions: assign({ errorMessage: ({ event }) => errorMessageOf(event.error, 'The notification settings could not be saved.') }) },
      },
    },
    saveFailed: {
      on: {
        'notificationSettings.retry': { target: 'saving', actions: assign({ errorMessage: null }) },
        'notificationSettings.save': { target: 'saving', actions: assign({ errorMessage: null }) },
        'notificationSettings.select': { target: 'editing', actions: assign({ draft: ({ event }) => event.frequency, errorMessage: null }) },
        'notificationSettings.close': { target: 'closed', actions: assign({ errorMessage: null }) },
      },
    },
  },
});

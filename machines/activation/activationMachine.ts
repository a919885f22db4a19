import { assign, setup } from 'xstate';
import { ACTIVATION_POLL_MS, ADMIN_SEARCH_DEBOUNCE_MS, readReachState, type AdminResult, type ReachProductState } from '../../domain/activation.ts';
import type { ToastId } from '../../domain/toasts.ts';
import { promiseSlot } from '../slots.ts';

export interface ActivationContext {
  subscriptionId: string | null;
  /** The admin search's text (non-admin variant). */
  query: string;
  admins: AdminResult[];
  /** The admin the request goes to; Send Request is enabled only once one is picked (foundation §5). */
  selectedAdminId: string | null;
}

export type ActivationEvent =
  /** #activateReach read on the dashboard, or its Activate Reach button: the variant follows the person's admin flag. */
  | { type: 'activation.open'; subscriptionId: string; isAdmin: boolean }
  | { type: 'activation.activate' }
  | { type: 'activation.search'; query: string }
  | { type: 'activation.selectAdmin'; aid: string }
  | { type: 'activation.sendRequest' }
  | { type: 'activation.close' }
  | { type: 'activation.reset' };

const CLOSED: ActivationContext = { subscriptionId: null, query: '', admins: [], selectedAdminId: null };

const stateOf = (output: unknown) => readReachState(output as ReachProductState);

/**
 * Learning-product (Reach) activation (foundation §2 #activateReach, §4, §5, §7, §8, §9):
 * - `admin`: one click POSTs an empty body (`activating`), then `polling` reads the product state every 1,000 ms while
 *   it is pending; once not pending and not disabled the page reloads with #reachActivated (`activated`).
 * - `nonAdmin`: the admin search (debounced 250 ms; empty results say "No results found"), Send Request only once an
 *   admin is picked; POST course_title and admin_id answers 202 → "Request sent" toast and the modal closes.
 * Failures raise the §8 toast ids through the `toast` action; the modal stays open to try again.
 */
export const activationMachine = setup({
  types: { context: {} as ActivationContext, events: {} as ActivationEvent },
  actors: {
    activate: promiseSlot<unknown, { subscriptionId: string }>('activate'),
    readState: promiseSlot<unknown, { subscriptionId: string }>('readState'),
    searchAdmins: promiseSlot<AdminResult[], { subscriptionId: string; query: string }>('searchAdmins'),
    requestActivation: promiseSlot<unknown, { subscriptionId: string; adminId: string }>('requestActivation'),
  },
  actions: {
    toast: (_, _params: { id: ToastId; message?: string }) => {},
    reloadActivated: () => {},
  },
  guards: {
    isAdmin: (_, params: { isAdmin: boolean }) => params.isAdmin,
    pending: (_, params: { output: unknown }) => stateOf(params.output) === 'pending',
    activated: (_, params: { output: unknown }) => stateOf(params.output) === 'activated',
    hasAdmin: ({ context }) => context.selectedAdminId !== null,
  },
}).createMachine({
  id: 'activation',
  context: CLOSED,
  initial: 'closed',
  // Sign-out: nothing of the last person's stays open (closed clears the context).
  on: { 'activation.reset': { target: '.closed' } },
  states: {
    closed: {
      entry: assign(CLOSED),
      on: {
        'activation.open': [
          { guard: { type: 'isAdmin', params: ({ event }) => ({ isAdmin: event.isAdmin }) }, target: 'admin', actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }) },
          { target: 'nonAdmin', actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }) },
        ],
      },
    },
    admin: {
      initial: 'pitch',
      on: { 'activation.close': { target: 'closed' } },
      states: {
        pitch: { on: { 'activation.activate': { target: 'activating' } } },
        activating: {
          invoke: {
            id: 'activate',
            src: 'activate',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? '' }),
            onDone: { target: '#activation.polling' },
            onError: { target: 'pitch', actions: { type: 'toast', params: { id: 'requestActivationError' } } },
          },
        },
      },
    },
    nonAdmin: {
      initial: 'idle',
      on: {
        'activation.close': { target: 'closed' },
        'activation.search': { target: '.debouncing', actions: assign({ query: ({ event }) => event.query }) },
        'activation.selectAdmin': { actions: assign({ selectedAdminId: ({ context, event }) => (context.admins.some((a) => a.aid === event.aid) ? event.aid : context.selectedAdminId) }) },
      },
      states: {
        idle: { on: { 'activation.sendRequest': { guard: 'hasAdmin', target: 'requesting' } } },
        debouncing: { after: { [ADMIN_SEARCH_DEBOUNCE_MS]: { target: 'searching' } } },
        searching: {
          invoke: {
            id: 'searchAdmins',
            src: 'searchAdmins',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? '', query: context.query }),
            onDone: {
              target: 'idle',
              actions: assign({
                admins: ({ event }) => (Array.isArray(event.output) ? event.output : []),
                selectedAdminId: ({ context, event }) => (Array.isArray(event.output) && event.output.some((a) => a.aid === context.selectedAdminId) ? context.selectedAdminId : null),
              }),
            },
            onError: { target: 'idle', actions: [assign({ admins: [] }), { type: 'toast', params: { id: 'requestReachError' } }] },
          },
        },
        requesting: {
          invoke: {
            id: 'requestActivation',
            src: 'requestActivation',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? '', adminId: context.selectedAdminId ?? '' }),
            onDone: { target: '#activation.closed', actions: { type: 'toast', params: { id: 'requestSent' } } },
            onError: { target: 'idle', actions: { type: 'toast', params: { id: 'requestReachError' } } },
          },
        },
      },
    },
    polling: {
      initial: 'reading',
      states: {
        waiting: { after: { [ACTIVATION_POLL_MS]: { target: 'reading' } } },
        reading: {
          invoke: {
            id: 'readState',
            src: 'readState',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId ?? '' }),
            onDone: [
              { guard: { type: 'pending', params: ({ event }) => ({ output: event.output }) }, target: 'waiting' },
              { guard: { type: 'activated', params: ({ event }) => ({ output: event.output }) }, target: '#activation.activated' },
              { target: '#activation.closed', actions: { type: 'toast', params: { id: 'requestActivationError' } } },
            ],
            onError: { target: '#activation.closed', actions: { type: 'toast', params: { id: 'reachCheckEnabledError' } } },
          },
        },
      },
    },
    /** The page reloads with #reachActivated; the dashboard shows the success state from the hash. */
    activated: { type: 'final', entry: 'reloadActivated' },
  },
});

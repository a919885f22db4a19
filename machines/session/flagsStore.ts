import { assign, setup } from 'xstate';
import { FLAG_DEFAULTS, resolveFlags, type FlagKey, type FlagValues } from '../../domain/flags.ts';

export interface FlagsContext {
  status: 'init' | 'ready';
  subscriptionId: string | null;
  values: FlagValues;
  /** True when the flag service could not be read and the defaults stand. */
  usingDefaults: boolean;
}

export type FlagsEvent =
  | { type: 'flags.loaded'; subscriptionId: string | null; values: unknown }
  | { type: 'flags.failed'; subscriptionId: string | null }
  | { type: 'flags.changed'; subscriptionId: string | null; key: FlagKey; value: boolean }
  | { type: 'flags.reset' };

const initialContext = (): FlagsContext => ({ status: 'init', subscriptionId: null, values: { ...FLAG_DEFAULTS }, usingDefaults: true });

/**
 * Feature flags (foundation §4 "Feature-flag store: init then ready"; §6), keyed by flag key and subscription id
 * (systemId `flags`); the session feeds it. A small machine (states `init` → `ready`) so that it is charted and
 * path-tested like the rest; its events and context are those of the store it replaced (`context.status` mirrors
 * the state for the views that read it).
 */
export const flagsMachine = setup({
  types: { context: {} as FlagsContext, events: {} as FlagsEvent },
  guards: {
    /** A change for this subscription, or a global one (subscriptionId null). */
    isForThisSubscription: ({ context }, params: { subscriptionId: string | null }) => params.subscriptionId === null || params.subscriptionId === context.subscriptionId,
  },
}).createMachine({
  id: 'flags',
  context: initialContext,
  initial: 'init',
  on: {
    'flags.loaded': {
      target: '.ready',
      actions: assign(({ event }) => ({ status: 'ready' as const, subscriptionId: event.subscriptionId, values: resolveFlags(event.values), usingDefaults: false })),
    },
    // Flag service down: the defaults stand and the app goes on.
    'flags.failed': {
      target: '.ready',
      actions: assign(({ event }) => ({ status: 'ready' as const, subscriptionId: event.subscriptionId, values: { ...FLAG_DEFAULTS }, usingDefaults: true })),
    },
    'flags.changed': {
      guard: { type: 'isForThisSubscription', params: ({ event }) => ({ subscriptionId: event.subscriptionId }) },
      actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.key]: event.value }) }),
    },
    'flags.reset': { target: '.init', actions: assign(() => initialContext()) },
  },
  states: {
    init: {},
    ready: {},
  },
});

/** The name the flags actor's callers know it by (it was an @xstate/store store). */
export const flagsStore = flagsMachine;

import { fromStore } from '@xstate/store';
import { FLAG_DEFAULTS, resolveFlags, type FlagKey, type FlagValues } from '../../domain/flags.ts';
import { markCore } from '../core.ts';

export interface FlagsContext {
  status: 'init' | 'ready';
  subscriptionId: string | null;
  values: FlagValues;
  /** True when the flag service could not be read and the defaults stand. */
  usingDefaults: boolean;
}

/**
 * Feature flags (foundation §4 "Feature-flag store: init then ready"; §6), keyed by flag key and
 * subscription id. An @xstate/store run as an actor (systemId `flags`); the session feeds it.
 */
export const flagsStore = markCore(
  fromStore({
    context: { status: 'init', subscriptionId: null, values: { ...FLAG_DEFAULTS }, usingDefaults: true } as FlagsContext,
    on: {
      'flags.loaded': (context, event: { subscriptionId: string | null; values: unknown }): FlagsContext => ({
        ...context,
        status: 'ready',
        subscriptionId: event.subscriptionId,
        values: resolveFlags(event.values),
        usingDefaults: false,
      }),
      // Flag service down: the defaults stand and the app goes on (bad input).
      'flags.failed': (context, event: { subscriptionId: string | null }): FlagsContext => ({
        ...context,
        status: 'ready',
        subscriptionId: event.subscriptionId,
        values: { ...FLAG_DEFAULTS },
        usingDefaults: true,
      }),
      'flags.changed': (context, event: { subscriptionId: string | null; key: FlagKey; value: boolean }): FlagsContext =>
        event.subscriptionId === null || event.subscriptionId === context.subscriptionId
          ? { ...context, values: { ...context.values, [event.key]: event.value } }
          : context,
      'flags.reset': (): FlagsContext => ({ status: 'init', subscriptionId: null, values: { ...FLAG_DEFAULTS }, usingDefaults: true }),
    },
  }),
);

import { assign, setup } from 'xstate';
import { isFlagKey, resolveFlags, type FlagKey, type FlagValues } from '../../domain/flags.ts';
import { promiseSlot } from '../slots.ts';

/** Where a staff change applies: the current subscription's override, or the global one. */
export type FlagScope = 'subscription' | 'global';

/** What the flag service answered for the sandbox table (raw, as the load actor returns it). */
export interface SandboxFlagsRead {
  subscriptionId: string | null;
  /** GET /v1/flags?subscriptionId=: defaults ← global ← the subscription's overrides; null without a subscription. */
  subscription: unknown;
  /** GET /v1/flags: defaults ← global overrides. */
  global: unknown;
}

/** The flag table, checked: every known key, booleans only (unknown keys dropped, missing ones defaulted). */
export interface SandboxFlags {
  subscriptionId: string | null;
  subscription: FlagValues | null;
  global: FlagValues;
}

/** A failed call, kept for the view to explain: a 403 means only staff may change flags. */
export interface SandboxError {
  kind: 'forbidden' | 'notFound' | 'failed';
  /** The service's own sentence, when it sent one. */
  message: string | null;
}

/** The change being written. */
export interface PendingSave {
  key: FlagKey;
  scope: FlagScope;
  value: boolean;
}

export interface SaveFlagInput {
  key: FlagKey;
  /** null: the global override. */
  subscriptionId: string | null;
  value: boolean;
}

export interface SandboxContext {
  subscriptionId: string | null;
  flags: SandboxFlags | null;
  /** The last failed read of the table (the first load, or the re-read after a save). */
  loadError: SandboxError | null;
  saving: PendingSave | null;
  /** Failed saves, per flag; a flag's error is cleared when it is saved again. */
  errors: Partial<Record<FlagKey, SandboxError>>;
}

export type SandboxEvent =
  | { type: 'sandbox.open'; subscriptionId: string | null }
  | { type: 'sandbox.retry' }
  | { type: 'sandbox.setFlag'; key: string; scope: FlagScope; value: boolean };

/** Reads an actor error (the http adapter's HttpError carries `status` and `message`). */
export function sandboxErrorOf(error: unknown): SandboxError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; message?: unknown };
  const kind = e.status === 403 ? 'forbidden' : e.status === 404 ? 'notFound' : 'failed';
  return { kind, message: typeof e.message === 'string' && e.message.trim() !== '' ? e.message : null };
}

/** Checks a load actor's output; anything malformed leaves the defaults. */
export function sandboxFlagsOf(output: unknown, subscriptionId: string | null): SandboxFlags {
  const read = (typeof output === 'object' && output !== null ? output : {}) as Partial<SandboxFlagsRead>;
  return {
    subscriptionId,
    subscription: subscriptionId === null ? null : resolveFlags(read.subscription),
    global: resolveFlags(read.global),
  };
}

/** The table with one change applied where it was written (the re-read that follows has the last word). */
function applySave(flags: SandboxFlags | null, save: PendingSave | null): SandboxFlags | null {
  if (!flags || !save) return flags;
  if (save.scope === 'global') return { ...flags, global: { ...flags.global, [save.key]: save.value } };
  return flags.subscription ? { ...flags, subscription: { ...flags.subscription, [save.key]: save.value } } : flags;
}

function withoutError(errors: SandboxContext['errors'], key: FlagKey): SandboxContext['errors'] {
  const next = { ...errors };
  delete next[key];
  return next;
}

/**
 * The sandbox's flag editor (foundation §2 /sandbox, §6 staff tools): idle until the page opens,
 * then reads every flag for the current subscription and globally, and writes one change at a time
 * through the flag service's staff call, re-reading the table after each (a subscription override
 * beats a global one, so the effective value is read back, not guessed).
 *
 * The flags store is not told here: the service pushes `flags.changed` on the user socket and the
 * session re-reads the flags, so sending it too would apply the change twice.
 */
export const sandboxMachine = setup({
  types: {
    context: {} as SandboxContext,
    events: {} as SandboxEvent,
  },
  actors: {
    loadFlags: promiseSlot<SandboxFlagsRead, { subscriptionId: string | null }>('loadFlags'),
    saveFlag: promiseSlot<unknown, SaveFlagInput>('saveFlag'),
  },
  guards: {
    canSave: ({ context }, params: { key: string; scope: FlagScope }) =>
      isFlagKey(params.key) && (params.scope === 'global' || (params.scope === 'subscription' && context.subscriptionId !== null)),
  },
}).createMachine({
  id: 'sandbox',
  context: { subscriptionId: null, flags: null, loadError: null, saving: null, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'sandbox.open': { target: 'loading', actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }) },
      },
    },
    loading: {
      entry: assign({ flags: null, loadError: null, errors: {} }),
      invoke: {
        id: 'loadFlags',
        src: 'loadFlags',
        input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
        onDone: { target: 'ready', actions: assign({ flags: ({ context, event }) => sandboxFlagsOf(event.output, context.subscriptionId) }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => sandboxErrorOf(event.error) }) },
      },
    },
    loadFailed: {
      on: {
        'sandbox.retry': { target: 'loading' },
        'sandbox.open': { target: 'loading', actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'sandbox.setFlag': {
              guard: { type: 'canSave', params: ({ event }) => event },
              target: 'saving',
              actions: assign({
                saving: ({ event }) => ({ key: event.key as FlagKey, scope: event.scope, value: event.value }),
                errors: ({ context, event }) => withoutError(context.errors, event.key as FlagKey),
              }),
            },
            // Opened again (back on the page, or another subscription): read the table afresh.
            'sandbox.open': { target: '#sandbox.loading', actions: assign({ subscriptionId: ({ event }) => event.subscriptionId }) },
            // A failed re-read left the last known values: read again.
            'sandbox.retry': { target: 'refreshing' },
          },
        },
        saving: {
          invoke: {
            id: 'saveFlag',
            src: 'saveFlag',
            input: ({ context }) => ({
              key: context.saving!.key,
              subscriptionId: context.saving!.scope === 'global' ? null : context.subscriptionId,
              value: context.saving!.value,
            }),
            onDone: { target: 'refreshing', actions: assign({ flags: ({ context }) => applySave(context.flags, context.saving) }) },
            onError: {
              target: 'idle',
              actions: assign({
                errors: ({ context, event }) => (context.saving ? { ...context.errors, [context.saving.key]: sandboxErrorOf(event.error) } : context.errors),
                saving: null,
              }),
            },
          },
        },
        // The row stays busy until the effective values are read back.
        refreshing: {
          invoke: {
            id: 'loadFlags',
            src: 'loadFlags',
            input: ({ context }) => ({ subscriptionId: context.subscriptionId }),
            onDone: {
              target: 'idle',
              actions: assign({ flags: ({ context, event }) => sandboxFlagsOf(event.output, context.subscriptionId), loadError: null, saving: null }),
            },
            onError: { target: 'idle', actions: assign({ loadError: ({ event }) => sandboxErrorOf(event.error), saving: null }) },
          },
        },
      },
    },
  },
});

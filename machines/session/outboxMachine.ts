import { assign, setup } from 'xstate';
import { NOTIFICATION_LEVEL_LIST } from '../../domain/constants.ts';
import type { OutboxEntry } from '../../domain/notifications.ts';
import { sandboxErrorOf, type SandboxError } from './sandboxMachine.ts';
import { promiseSlot } from '../slots.ts';

export interface OutboxContext {
  /** Only this item's entries (GET /api/sandbox/outbox?itemId=), or every entry. */
  itemId: string | null;
  entries: OutboxEntry[];
  /** The last failed read (a 403 means only staff may read the outbox). */
  error: SandboxError | null;
}

export type OutboxEvent =
  /** The page opened, or the item filter changed (null or '' for every item). */
  | { type: 'outbox.open'; itemId: string | null }
  | { type: 'outbox.refresh' };

const KINDS = ['mention', 'reply', 'comment', 'reviewRequest', 'reviewReminder'];
const FREQUENCIES = ['instant', 'hourly', 'daily'];
const STRING_FIELDS = ['id', 'recipientId', 'recipientEmail', 'itemId', 'itemTitle', 'actor', 'excerpt', 'link', 'createdAt', 'deliverAt'] as const;

/** True for one outbox entry as the service sends it. */
export function isOutboxEntry(value: unknown): value is OutboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((key) => typeof e[key] === 'string') &&
    (typeof e.commentId === 'string' || e.commentId === null) &&
    KINDS.includes(e.kind as string) &&
    (NOTIFICATION_LEVEL_LIST as readonly unknown[]).includes(e.level) &&
    FREQUENCIES.includes(e.frequency as string) &&
    // A service from before deliveries were recorded sends none: read as not delivered.
    (typeof e.deliveredAt === 'string' || e.deliveredAt === null || e.deliveredAt === undefined)
  );
}

/** The entries of a `{ entries }` answer; malformed entries are left out. */
export function outboxEntriesOf(output: unknown): OutboxEntry[] {
  const entries = (output as { entries?: unknown } | null | undefined)?.entries;
  return Array.isArray(entries) ? entries.filter(isOutboxEntry).map((entry) => ({ ...entry, deliveredAt: entry.deliveredAt ?? null })) : [];
}

/**
 * The notification outbox on /sandbox (reference service; domain/notifications.ts OutboxEntry; systemId
 * `outbox`): the notifications the reference service would have e-mailed, per level and frequency, so that staff can
 * check the rules, and whether each went out (`deliveredAt`). idle until the page opens → loading → ready (refresh re-reads, keeping the table meanwhile) or
 * failed (refresh tries again).
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
  },
  actors: {
    fetchOutbox: promiseSlot<{ entries: OutboxEntry[] }, { itemId: string | null }>('fetchOutbox'),
  },
}).createMachine({
  id: 'outbox',
  context: { itemId: null, entries: [], error: null },
  initial: 'idle',
  on: {
    'outbox.open': { target: '.loading', actions: assign({ itemId: ({ event }) => (event.itemId?.trim() ? event.itemId.trim() : null) }) },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      entry: assign({ entries: [], error: null }),
      invoke: {
        id: 'fetchOutbox',
        src: 'fetchOutbox',
        input: ({ context }) => ({ itemId: context.itemId }),
        onDone: { target: 'ready', actions: assign({ entries: ({ event }) => outboxEntriesOf(event.output) }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => sandboxErrorOf(event.error) }) },
      },
    },
    failed: {
      on: { 'outbox.refresh': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'outbox.refresh': { target: 'refreshing' } },
        },
        // The table stays while it is read again.
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'fetchOutbox',
            src: 'fetchOutbox',
            input: ({ context }) => ({ itemId: context.itemId }),
            onDone: { target: 'idle', actions: assign({ entries: ({ event }) => outboxEntriesOf(event.output), error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => sandboxErrorOf(event.error) }) },
          },
        },
      },
    },
  },
});

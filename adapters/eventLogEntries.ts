import type { ContextKeys } from '../domain/replayReport.ts';
/** The entries of the session log (adapters/eventLog.ts writes them, tools/replayer.ts reads them). */

/** Where an event came from: a UI send, an adapter actor (promise/callback output, socket message) or a machine (raise, sendTo, after). */
export type EventOrigin = 'external' | 'adapter' | 'machine';

/** One event delivered to an actor, in the order the system delivered it. */
export interface EventEntry {
  k: 'event';
  /** Milliseconds since the log started. */
  t: number;
  target: string;
  targetIsCore: boolean;
  source: string | null;
  origin: EventOrigin;
  event: unknown;
  /** Delivered while another delivery was being processed (an observer's reaction, a callback's synchronous answer). */
  nested?: true;
  /** The number of the timer this delayed event was delivered by (its `t` is when it actually fired). */
  timer?: number;
}

/**
 * Per context key, the fingerprint of its value: the first 8 hex digits of domain/logCodec.ts redactedHash (a
 * divergence would go unseen only if a changed value collided with the recorded one: about 1 in 4 billion).
 */
export type { ContextKeys } from '../domain/replayReport.ts';

/** The state of a core actor (machine or store) after it changed: its value, status and the context keys that changed. */
export interface SnapshotEntry {
  k: 'snapshot';
  t: number;
  actor: string;
  value: unknown;
  /** Fingerprints of the context keys that changed since this actor's previous entry (all of them in its first). */
  ctx: ContextKeys;
  /** Context keys that are gone since the previous entry. */
  gone?: string[];
  status: string;
}

/** Every actor's persisted snapshot at a settled moment: a log whose head was dropped replays from here. */
export interface CheckpointEntry {
  k: 'checkpoint';
  t: number;
  /** Timers scheduled before this moment (later ones are numbered after it). */
  timers: number;
  /** The root actor's persisted snapshot (children included). */
  snapshot: unknown;
  /** Every live core actor's recorded state at this moment. */
  states: Record<string, { value: unknown; ctx: ContextKeys; status: string }>;
}

export type LogEntry = EventEntry | SnapshotEntry | CheckpointEntry;

/**
 * What a headless replay reports, as plain data shared by the replayer (tools/replayer.ts), the session log's entries
 * (adapters/eventLogEntries.ts) and the replay viewer (ui/views/support/).
 */

/** Per context key, the fingerprint of its value. */
export type ContextKeys = Record<string, string>;

/** An actor's recorded or replayed state: its state value, status and the fingerprints of its context keys. */
export interface ActorState {
  value: unknown;
  ctx: ContextKeys;
  status: string;
}

/**
 * A span during which one actor's replayed state differed from the recorded one: from the top-level event at
 * `index` until `until` (the event after which it matched again) or the end (`until` null).
 */
export interface Divergence {
  /** Index (0-based, among the log's entries) of the event after which the actor first differed; -1 for the start. */
  index: number;
  eventType: string;
  actor: string;
  expected: ActorState | null;
  actual: ActorState | null;
  /** Context keys whose values differ (added and removed keys included). */
  keys: string[];
  /** Index of the event after which it matched again; null when it stayed diverged to the end. */
  until: number | null;
  /** Comparisons it stayed diverged for. */
  steps: number;
  /** Set for a delayed event that fired in one run and not the other. */
  timer?: string;
  /**
   * For a replay split at checkpoints: the checkpoint (log index) where the next stretch started again from the
   * recorded state while this actor was still diverged.
   */
  restartedAt?: number;
}

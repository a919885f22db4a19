/**
 * What the replay viewer holds of a session log, as plain data the worker posts (structured clone): the view layer
 * never imports adapters/, so these mirror adapters/eventLogEntries.ts and tools/replayer.ts's result.
 */

import type { ActorState, ContextKeys, Divergence } from '../../../domain/replayReport.ts';

export type { ActorState, ContextKeys };

export interface ViewerEventEntry {
  k: 'event';
  t: number;
  target: string;
  source: string | null;
  origin: 'external' | 'adapter' | 'machine';
  /** The event as recorded (secrets already redacted by the recorder). */
  event: unknown;
  nested?: true;
  timer?: number;
}

export interface ViewerSnapshotEntry {
  k: 'snapshot';
  t: number;
  actor: string;
  value: unknown;
  /** Fingerprints of the context keys that changed since this actor's previous entry. */
  ctx: ContextKeys;
  gone?: string[];
  status: string;
}

/** A checkpoint without the root's persisted snapshot (the viewer reads only every actor's recorded state). */
export interface ViewerCheckpointEntry {
  k: 'checkpoint';
  t: number;
  states: Record<string, ActorState>;
}

export type ViewerEntry = ViewerEventEntry | ViewerSnapshotEntry | ViewerCheckpointEntry;

export interface ViewerHeader {
  appVersion: string;
  buildId: string;
  machines: Record<string, string>;
  startTime: number;
  endTime: number;
  userAgent: string;
  dropped: number;
  entries: number;
}

/** A parsed session log, as the worker hands it over. */
export interface ViewerLog {
  fileName: string;
  header: ViewerHeader;
  entries: ViewerEntry[];
  /** Milliseconds the worker took to read the file (gunzip and parse). */
  parseMs: number;
}

/** One divergence span of the headless replay. */
export type ViewerDivergence = Divergence;

/** A machine whose definition differs from the one that recorded the log. */
export interface ChangedMachine {
  name: string;
  recorded: string;
  current: string;
}

/** What the worker's replay found. */
export interface ViewerReport {
  divergences: ViewerDivergence[];
  warnings: string[];
  changedMachines: ChangedMachine[];
  /** Entry index the replay started from (-1: the start of the session). */
  startedAt: number;
  injected: number;
  regenerated: number;
  replayMs: number;
}

/**
 * The replay viewer's timeline logic, pure: the state of every actor at any entry of a session log from a sparse
 * index (the states every `every` entries), so a seek applies at most `every - 1` entries; the next event of an actor;
 * divergences by entry.
 */
import type { ActorState, ViewerDivergence, ViewerEntry } from './replayTypes.ts';

/** Entries between two marks of the index: a seek applies at most this many minus one. */
export const INDEX_EVERY = 256;

/** Every actor's recorded state, by system path. */
export type ActorStates = ReadonlyMap<string, ActorState>;

export interface TimelineIndex {
  every: number;
  /** `marks[j]`: every actor's state before entry `j * every` (after entries 0 … j·every − 1). */
  marks: ActorStates[];
  /** Every actor path the log names (events' targets and snapshots' actors), sorted. */
  actors: string[];
}

/** Applies one entry to the states (snapshots and checkpoints change them; events do not). Never mutates a state. */
function apply(states: Map<string, ActorState>, entry: ViewerEntry): void {
  if (entry.k === 'snapshot') {
    const previous = states.get(entry.actor);
    const ctx = { ...previous?.ctx, ...entry.ctx };
    for (const key of entry.gone ?? []) delete ctx[key];
    states.set(entry.actor, { value: entry.value, ctx, status: entry.status });
  } else if (entry.k === 'checkpoint') {
    for (const [actor, state] of Object.entries(entry.states)) states.set(actor, state);
  }
}

/** Builds the sparse index in one pass over the entries. */
export function buildIndex(entries: readonly ViewerEntry[], every: number = INDEX_EVERY): TimelineIndex {
  const marks: ActorStates[] = [];
  const actors = new Set<string>();
  const states = new Map<string, ActorState>();
  entries.forEach((entry, i) => {
    if (i % every === 0) marks.push(new Map(states));
    if (entry.k === 'event') actors.add(entry.target);
    else if (entry.k === 'snapshot') actors.add(entry.actor);
    else for (const actor of Object.keys(entry.states)) actors.add(actor);
    apply(states, entry);
  });
  return { every, marks, actors: [...actors].sort() };
}

/** Every actor's recorded state after entry `cursor` (0-based; -1 for before the first entry). */
export function statesAt(entries: readonly ViewerEntry[], index: TimelineIndex, cursor: number): ActorStates {
  const last = Math.min(cursor, entries.length - 1);
  if (last < 0) return new Map();
  const mark = Math.min(Math.floor((last + 1) / index.every), index.marks.length - 1);
  const states = new Map(index.marks[mark]);
  for (let i = mark * index.every; i <= last; i++) apply(states, entries[i]!);
  return states;
}

/** The entry index of the next event delivered to `actor` after `from`, or null when there is none. */
export function nextEventOf(entries: readonly ViewerEntry[], from: number, actor: string): number | null {
  for (let i = Math.max(from + 1, 0); i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.k === 'event' && entry.target === actor) return i;
  }
  return null;
}

/** The entry index of the previous event delivered to `actor` before `from`, or null when there is none. */
export function previousEventOf(entries: readonly ViewerEntry[], from: number, actor: string): number | null {
  for (let i = Math.min(from - 1, entries.length - 1); i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.k === 'event' && entry.target === actor) return i;
  }
  return null;
}

/** Divergences by the entry they start at (a divergence at the start, index −1, is shown on the first entry). */
export function divergencesByEntry(divergences: readonly ViewerDivergence[]): ReadonlyMap<number, ViewerDivergence[]> {
  const byEntry = new Map<number, ViewerDivergence[]>();
  for (const divergence of divergences) {
    const at = Math.max(divergence.index, 0);
    byEntry.set(at, [...(byEntry.get(at) ?? []), divergence]);
  }
  return byEntry;
}

/** A state value as text: `loggedIn.account.ready`, parallel regions separated by commas. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([key, child]) => {
      const inner = formatValue(child);
      return inner === '' ? key : `${key}.${inner}`;
    });
    return parts.length > 1 ? `(${parts.join(', ')})` : (parts[0] ?? '');
  }
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** What one timeline row says: the event type, or the actor and state a snapshot recorded, or "checkpoint". */
export function entryLabel(entry: ViewerEntry): string {
  if (entry.k === 'event') {
    const type = (entry.event as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type : '(event without a type)';
  }
  if (entry.k === 'snapshot') return `→ ${formatValue(entry.value) || '(no state)'}`;
  return `checkpoint (${Object.keys(entry.states).length} actors)`;
}

/** Where an entry happened: `source → target` for an event, the actor for a snapshot. */
export function entryRoute(entry: ViewerEntry): string {
  if (entry.k === 'event') return `${entry.source ?? 'outside'} → ${entry.target}`;
  if (entry.k === 'snapshot') return entry.actor;
  return 'every actor';
}

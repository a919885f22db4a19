import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import {
  actorPath,
  changedKeys,
  logicOf,
  trackContext,
  type CheckpointEntry,
  type ContextKeys,
  type ContextTrack,
  type EventEntry,
  type LogEntry,
  type LogHeader,
} from '../adapters/eventLog.ts';
import { probeSystem, type ObservedEvent } from '../adapters/systemProbe.ts';
import { REPLAY_TIMER_TOLERANCE_MS } from '../domain/constants.ts';
import type { ActorState, Divergence } from '../domain/replayReport.ts';
import { isCoreLogic } from '../machines/core.ts';
import { inert } from '../machines/inert.ts';

export type { ActorState, Divergence } from '../domain/replayReport.ts';

export interface ReplayResult {
  entries: number;
  /** Index of the checkpoint the replay started from, or -1 for the start of the session. */
  startedAt: number;
  injected: number;
  regenerated: number;
  timersFired: number;
  divergences: Divergence[];
  warnings: string[];
}

/** Events that came from outside the core (UI sends, adapter outputs) are injected; the rest the machines make again. */
export function isInjected(entry: LogEntry): boolean {
  if (entry.k !== 'event' || !entry.targetIsCore || entry.origin === 'machine') return false;
  const type = (entry.event as { type?: unknown }).type;
  return typeof type === 'string' && type !== 'xstate.init';
}

// A stopped actor ended with its system (page closed, log exported after stop); what it held is what counts.
const liveStatus = (status: string) => (status === 'stopped' ? 'active' : status);
const ended = (state: ActorState | null) => !state || state.status === 'stopped' || state.status === 'done';

function differingKeys(a: ActorState | null, b: ActorState | null): string[] {
  return changedKeys(a?.ctx ?? {}, b?.ctx ?? {});
}

function sameKeys(a: ContextKeys, b: ContextKeys): boolean {
  if (a === b) return true;
  let count = 0;
  for (const key in a) {
    if (a[key] !== b[key]) return false;
    count++;
  }
  for (const key in b) if (--count < 0 || !(key in a)) return false;
  return count === 0;
}

function sameState(a: ActorState | null, b: ActorState | null): boolean {
  if (!a || !b) return ended(a) && ended(b);
  return liveStatus(a.status) === liveStatus(b.status) && sameKeys(a.ctx, b.ctx) && sameValue(a.value, b.value);
}

/** Two state values alike: strings, or objects of region → state value (key order does not matter). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  for (const key of ak) if (!(key in b) || !sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}

export function findActor(root: AnyActorRef, path: string | null): AnyActorRef | undefined {
  if (!path) return undefined;
  const [rootId, ...rest] = path.split('/');
  if (rootId !== root.id) return undefined;
  let cur: AnyActorRef = root;
  for (const id of rest) {
    const children: Record<string, AnyActorRef | undefined> | undefined = (cur.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children;
    const next = children?.[id];
    if (!next) return undefined;
    cur = next;
  }
  return cur;
}

/** What the header says about the log as a whole: machines changed since it was recorded, entries missing. */
export function headerWarnings(header: LogHeader, currentHashes: Record<string, string> | undefined, entriesRead: number): string[] {
  const warnings: string[] = [];
  for (const [name, hash] of Object.entries(currentHashes ?? {})) {
    const recorded = header.machines?.[name];
    if (recorded && recorded !== hash) warnings.push(`Machine "${name}" changed since the log was recorded (definition hash ${recorded} → ${hash}).`);
  }
  if (typeof header.entries === 'number' && header.entries !== entriesRead) {
    warnings.push(`The log's header counts ${header.entries} entries but ${entriesRead} were read: lines are missing or were added.`);
  }
  return warnings;
}

/** A clock whose time the replayer sets; its timers never fire by themselves (the replayer fires them by number). */
class ReplayClock {
  private time = 0;
  private nextId = 1;
  now(): number {
    return this.time;
  }
  set(time: number): void {
    this.time = Math.max(this.time, time);
  }
  setTimeout(): unknown {
    return this.nextId++;
  }
  clearTimeout(): void {}
}

/**
 * Rebuilds the system from `root` with inert adapters, from the start or (when the log's head was dropped) from its
 * first checkpoint, injects the recorded external and adapter events in order with the clock at each event's time,
 * fires delayed events where the recording says they fired, lets the machines regenerate everything else, and
 * compares every core actor's state value, status and context keys with the recording between top-level deliveries.
 */
export function replayLog(
  log: { header: LogHeader; entries: LogEntry[]; range?: { from: number; to: number; total: number } },
  options: { root: AnyStateMachine; rootId: string; currentHashes?: Record<string, string> },
): ReplayResult {
  const warnings: string[] = [];
  // A stretch of the log (parseEventLog with a range) past its start begins at a checkpoint; `base` maps back to log
  // indices. Warnings about the whole log belong to a replay of the whole log (a split replay says them once, itself).
  const base = log.range?.from ?? 0;
  const stretch = base > 0;
  const final = !log.range || log.range.to >= log.range.total;
  if (!log.range) warnings.push(...headerWarnings(log.header, options.currentHashes, log.entries.length));
  let startAt = -1;
  if (stretch) {
    if (log.entries[0]?.k !== 'checkpoint') throw new Error(`A stretch of the log must start at a checkpoint (entry #${base} is not one).`);
    startAt = 0;
  } else if (log.header.dropped > 0) {
    startAt = log.entries.findIndex((entry) => entry.k === 'checkpoint');
    if (startAt < 0) warnings.push(`The log lost its first ${log.header.dropped} entries and holds no checkpoint; the replay starts from the initial state and may diverge early.`);
  }
  const checkpoint = startAt >= 0 ? (log.entries[startAt] as CheckpointEntry) : null;

  const clock = new ReplayClock();
  if (checkpoint) clock.set(checkpoint.t);
  // The latest replayed snapshot per actor; its context fingerprints are computed only when it is compared.
  const replayed = new Map<string, { value: unknown; status: string; context: unknown; track: ContextTrack | undefined }>();
  // Actors whose recorded or replayed state changed since the last comparison (and those still diverged).
  const dirty = new Set<string>();
  // Each actor's path, or null for an adapter (what the replay compares is the core's state).
  const corePaths = new WeakMap<AnyActorRef, string | null>();
  const observe = (ev: ObservedEvent) => {
    if (ev.type !== '@xstate.snapshot') return;
    const ref = ev.actorRef;
    let path = corePaths.get(ref);
    if (path === undefined) corePaths.set(ref, (path = isCoreLogic(logicOf(ref)) ? actorPath(ref) : null));
    if (path === null) return;
    const s = ev.snapshot as { value?: unknown; context?: unknown; status?: string };
    const previous = replayed.get(path);
    if (previous) {
      previous.value = s.value ?? null;
      previous.status = s.status ?? 'active';
      previous.context = s.context;
    } else {
      replayed.set(path, { value: s.value ?? null, status: s.status ?? 'active', context: s.context, track: undefined });
    }
    dirty.add(path);
  };
  const system = createActor(inert(options.root), { id: options.rootId, clock, ...(checkpoint ? { snapshot: checkpoint.snapshot as never } : {}) });
  const probe = probeSystem(system.system);
  probe.observe(observe);
  const restoredTimers = checkpoint?.timers ?? 0;
  probe.setTimerCount(restoredTimers);

  const recorded = new Map<string, ActorState>();
  if (checkpoint) {
    for (const [path, state] of Object.entries(checkpoint.states)) {
      recorded.set(path, { ...state, ctx: { ...state.ctx } });
      dirty.add(path);
    }
  }
  const divergences: Divergence[] = [];
  const open = new Map<string, Divergence>();
  let injected = 0;
  let regenerated = 0;
  let timersFired = 0;
  let lastIndex = startAt;
  let lastType = checkpoint ? '(checkpoint)' : '(start)';

  const replayedState = (path: string): ActorState | null => {
    const current = replayed.get(path);
    if (!current) return null;
    current.track = trackContext(current.track, current.context);
    return { value: current.value, ctx: current.track.keys, status: current.status };
  };
  const compare = () => {
    if (dirty.size === 0) return;
    const paths = [...dirty];
    dirty.clear();
    for (const path of paths) {
      const expected = recorded.get(path) ?? null;
      const actual = replayedState(path);
      const current = open.get(path);
      if (sameState(expected, actual)) {
        if (current) {
          current.until = lastIndex;
          open.delete(path);
        }
      } else if (current) {
        current.steps++;
      } else {
        const divergence: Divergence = { index: lastIndex, eventType: lastType, actor: path, expected, actual, keys: differingKeys(expected, actual), until: null, steps: 1 };
        divergences.push(divergence);
        open.set(path, divergence);
      }
    }
  };
  const timerDivergence = (index: number, eventType: string, actor: string, timer: string) =>
    divergences.push({ index, eventType, actor, expected: recorded.get(actor) ?? null, actual: null, keys: [], until: null, steps: 1, timer });
  const overdueTimers = (now: number, index: number) => {
    const overdue = probe.dueBefore(now - REPLAY_TIMER_TOLERANCE_MS);
    if (overdue.length === 0) return;
    const pending = probe.pendingTimers();
    for (const n of overdue) {
      const due = pending.get(n);
      if (due === undefined) continue;
      timerDivergence(index, '(timer)', '(timer)', `timer ${n} was due at ${due} ms and fires in replay, but the recording never delivered it (log time ${now} ms)`);
      probe.fire(n);
    }
  };

  probe.run(() => system.start());
  for (let index = startAt + 1; index < log.entries.length; index++) {
    const entry = log.entries[index]!;
    if (entry.k === 'snapshot') {
      const previous = recorded.get(entry.actor);
      const ctx = { ...(previous?.ctx ?? {}), ...entry.ctx };
      for (const key of entry.gone ?? []) delete ctx[key];
      recorded.set(entry.actor, { value: entry.value, ctx, status: entry.status });
      dirty.add(entry.actor);
      continue;
    }
    if (entry.k === 'checkpoint') {
      // As the recorder does: an actor that ended is not in the checkpoint, and its next instance is written whole.
      for (const path of [...recorded.keys()]) if (!(path in entry.states)) recorded.delete(path);
      continue;
    }
    const event = entry.event as EventObject;
    if (entry.timer !== undefined) {
      compare();
      overdueTimers(entry.t, index);
      clock.set(entry.t);
      if (probe.fire(entry.timer)) {
        timersFired++;
      } else if (entry.timer <= restoredTimers) {
        // Scheduled before the checkpoint: persisted snapshots do not carry timers, so the recorded delivery is injected.
        const target = findActor(system, entry.target);
        if (target) probe.run(() => target.send(event));
        timersFired++;
      } else {
        timerDivergence(index, event.type, entry.target, `timer ${entry.timer} fired in the recording (${event.type} at ${entry.t} ms) but is not pending in replay`);
      }
      lastIndex = index;
      lastType = event.type;
      continue;
    }
    if (!isInjected(entry)) {
      if (entry.origin === 'machine' && entry.targetIsCore) regenerated++;
      continue;
    }
    if (!(entry as EventEntry).nested) {
      compare();
      overdueTimers(entry.t, index);
    }
    clock.set(entry.t);
    const target = findActor(system, entry.target);
    if (!target) {
      divergences.push({ index, eventType: event.type, actor: entry.target, expected: recorded.get(entry.target) ?? null, actual: null, keys: [], until: null, steps: 1 });
    } else {
      probe.run(() => target.send(event));
      injected++;
    }
    lastIndex = index;
    lastType = event.type;
  }
  compare();
  // Timers still pending are overdue only at the log's real end; a stretch ends where the next one restarts.
  if (final) overdueTimers(Math.max(log.header.endTime ?? 0, log.entries.at(-1)?.t ?? 0), log.entries.length - 1);
  compare();
  system.stop();
  const end = base + log.entries.length;
  for (const d of divergences) {
    d.index = d.index < 0 ? d.index : d.index + base;
    if (d.until !== null) d.until += base;
    else if (!final && !d.timer) d.restartedAt = end;
  }
  return { entries: log.entries.length, startedAt: startAt >= 0 ? startAt + base : startAt, injected, regenerated, timersFired, divergences, warnings };
}

/** Human-readable report, one paragraph per divergence. */
export function formatReplay(result: ReplayResult): string {
  const lines = result.warnings.map((w) => `warning: ${w}`);
  const from = result.startedAt >= 0 ? ` from the checkpoint at entry #${result.startedAt}` : '';
  lines.push(
    `Replayed ${result.entries} log entries${from}: ${result.injected} events injected, ${result.timersFired} delayed events fired, ${result.regenerated} regenerated by the machines.`,
  );
  if (result.divergences.length === 0) {
    lines.push('No divergence.');
    return lines.join('\n');
  }
  lines.push(`${result.divergences.length} divergence(s):`);
  const show = (s: ActorState | null) => (s ? `${JSON.stringify(s.value)} (${s.status})` : 'absent');
  for (const d of result.divergences) {
    if (d.timer) {
      lines.push(`  event #${d.index} (${d.eventType}) at ${d.actor}: ${d.timer}`);
      continue;
    }
    const span =
      d.until !== null
        ? `matched again after event #${d.until}`
        : d.restartedAt !== undefined
          ? `still diverged at the checkpoint at entry #${d.restartedAt}, where the replay starts again from the recorded state`
          : 'still diverged at the end';
    lines.push(`  event #${d.index} (${d.eventType}) at ${d.actor}: recorded ${show(d.expected)}, replayed ${show(d.actual)}; ${span} (${d.steps} comparison(s))`);
    if (d.keys.length) lines.push(`    context keys that differ: ${d.keys.join(', ')}`);
  }
  return lines.join('\n');
}

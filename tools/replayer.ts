import { createActor, SimulatedClock, type AnyActorRef, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { actorPath, contextHash, logicOf, type EventEntry, type LogEntry, type LogHeader } from '../adapters/eventLog.ts';
import { isCoreLogic } from '../machines/core.ts';
import { inert } from '../machines/inert.ts';

interface ActorState {
  value: unknown;
  ctx: string;
  status: string;
}

/** A difference between the recorded and the replayed state of one actor, after the event at `index`. */
export interface Divergence {
  /** Index of the injected event (0-based line after the header) whose step diverged; -1 for the start. */
  index: number;
  eventType: string;
  actor: string;
  expected: ActorState | null;
  actual: ActorState | null;
}

export interface ReplayResult {
  entries: number;
  injected: number;
  regenerated: number;
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

function sameState(a: ActorState, b: ActorState): boolean {
  return a.ctx === b.ctx && liveStatus(a.status) === liveStatus(b.status) && JSON.stringify(a.value) === JSON.stringify(b.value);
}

function findActor(root: AnyActorRef, path: string): AnyActorRef | undefined {
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

/**
 * Rebuilds the system from `root` with inert adapters and a SimulatedClock, injects the recorded
 * external and adapter events in order (the clock set to each event's time), lets the machines
 * regenerate everything else, and compares every core actor's state value and context hash with
 * the recording after each step.
 */
export function replayLog(
  log: { header: LogHeader; entries: LogEntry[] },
  options: { root: AnyStateMachine; rootId: string; currentHashes?: Record<string, string> },
): ReplayResult {
  const warnings: string[] = [];
  if (log.header.dropped > 0) {
    warnings.push(`The log lost its first ${log.header.dropped} entries to the ring buffer; the replay starts from the initial state and may diverge early.`);
  }
  for (const [name, hash] of Object.entries(options.currentHashes ?? {})) {
    const recorded = log.header.machines[name];
    if (recorded && recorded !== hash) warnings.push(`Machine "${name}" changed since the log was recorded (definition hash ${recorded} → ${hash}).`);
  }

  const clock = new SimulatedClock();
  const replayed = new Map<string, ActorState>();
  const inspect = (ev: InspectionEvent) => {
    const ref = ev.actorRef as AnyActorRef;
    if (ev.type === '@xstate.snapshot' && isCoreLogic(logicOf(ref))) {
      const s = ev.snapshot as { value?: unknown; context?: unknown; status?: string };
      replayed.set(actorPath(ref), { value: s.value ?? null, ctx: contextHash(s.context), status: s.status ?? 'active' });
    }
  };
  const system = createActor(inert(options.root), { id: options.rootId, clock, inspect });
  const recorded = new Map<string, ActorState>();
  const divergences: Divergence[] = [];
  const diverged = new Set<string>();
  let injected = 0;
  let regenerated = 0;

  const compare = (index: number, eventType: string) => {
    const paths = new Set([...recorded.keys(), ...replayed.keys()]);
    for (const path of paths) {
      const expected = recorded.get(path) ?? null;
      const actual = replayed.get(path) ?? null;
      const same = expected && actual ? sameState(expected, actual) : expected === actual;
      if (same) {
        diverged.delete(path);
      } else if (!diverged.has(path)) {
        diverged.add(path);
        divergences.push({ index, eventType, actor: path, expected, actual });
      }
    }
  };

  system.start();
  let lastIndex = -1;
  let lastType = '(start)';
  log.entries.forEach((entry, index) => {
    if (entry.k === 'snapshot') {
      recorded.set(entry.actor, { value: entry.value, ctx: entry.ctx, status: entry.status });
      return;
    }
    if (!isInjected(entry)) {
      if (entry.origin === 'machine' && entry.targetIsCore) regenerated++;
      return;
    }
    clock.set(Math.max(clock.now(), entry.t));
    compare(lastIndex, lastType);
    const event = (entry as EventEntry).event as EventObject;
    const target = findActor(system, entry.target);
    if (!target) {
      divergences.push({ index, eventType: event.type, actor: entry.target, expected: recorded.get(entry.target) ?? null, actual: null });
    } else {
      target.send(event);
      injected++;
    }
    lastIndex = index;
    lastType = event.type;
  });
  const lastTime = log.entries.at(-1)?.t ?? 0;
  clock.set(Math.max(clock.now(), lastTime));
  compare(lastIndex, lastType);
  system.stop();
  return { entries: log.entries.length, injected, regenerated, divergences, warnings };
}

/** Human-readable report, one line per divergence. */
export function formatReplay(result: ReplayResult): string {
  const lines = result.warnings.map((w) => `warning: ${w}`);
  lines.push(`Replayed ${result.entries} log entries: ${result.injected} events injected, ${result.regenerated} regenerated by the machines.`);
  if (result.divergences.length === 0) {
    lines.push('No divergence.');
  } else {
    lines.push(`${result.divergences.length} divergence(s):`);
    for (const d of result.divergences) {
      const show = (s: ActorState | null) => (s ? `${JSON.stringify(s.value)} ctx ${s.ctx} ${s.status}` : 'absent');
      lines.push(`  event #${d.index} (${d.eventType}) at ${d.actor}: recorded ${show(d.expected)}, replayed ${show(d.actual)}`);
    }
  }
  return lines.join('\n');
}

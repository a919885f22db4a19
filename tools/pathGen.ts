import { createActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { inert } from '../machines/inert.ts';
import { activeStateNodes, PairSet, SnapshotFacts } from './pathFacts.ts';
import type { RegistryEntry } from '../machines/index.ts';

type AnyStateNode = AnyStateMachine['root'];
type TransitionDef = AnyStateNode['always'] extends (infer T)[] | undefined ? T : never;

/**
 * What path generation reads from a machine's registry entry (or a module's sibling `.paths.ts` file): the machine,
 * its payload cases, and optionally several inputs and the transitions it cannot take, each with the reason.
 */
export interface PathEntry extends Pick<RegistryEntry, 'name' | 'machine' | 'cases' | 'input' | 'inputs' | 'unreachable'> {
  description?: string;
}

export interface PathOptions {
  simple?: boolean;
  /** Snapshots expanded at most (default 60,000). */
  maxNodes?: number;
  /** Steps (one event tried on one snapshot) at most (default 250,000): the budget that makes a search repeatable. */
  maxSteps?: number;
  /** Longest path, in events (default 40). */
  maxDepth?: number;
  /** CPU budget of the search in ms (default 20,000), a safety net; what is not reached by then is reported. */
  budgetMs?: number;
}

const DEFAULTS = { maxNodes: 60_000, maxSteps: 250_000, maxDepth: 40, budgetMs: 20_000 };
/** Snapshots the search goes on expanding, once every transition is taken, in the hope of a guard seen false. */
const GUARD_PATIENCE = 50;

/** One generated path: the input, the events to send from the initial state, and the state they reach. */
export interface MachinePath {
  description: string;
  /** Index into the entry's inputs (0: `input`, then `inputs`). */
  inputIndex: number;
  events: EventObject[];
  target: AnyMachineSnapshot['value'];
  /** State value after each event, for checking every step. */
  stepValues: AnyMachineSnapshot['value'][];
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[]; unreachable: string[] };
  /** Guarded transitions whose guard was seen false at least once (the other outcome of each guard). */
  guards: { seenFalse: number; total: number; neverFalse: string[] };
  /** Set when the search stopped on its budget before it had taken every transition. */
  stoppedBy?: 'nodes' | 'steps' | 'time';
  nodes: number;
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states)) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return out;
}

/** Every transition of a machine by its definition object: event transitions, `after`, invoke done/error, `always`. */
export function transitionIds(machine: AnyStateMachine): Map<TransitionDef, string> {
  const ids = new Map<TransitionDef, string>();
  for (const node of allNodes(machine)) {
    for (const [type, defs] of node.transitions) {
      defs.forEach((def, index) => ids.set(def, `${node.id} —${type}${defs.length > 1 ? `#${index + 1}` : ''}→`));
    }
    (node.always ?? []).forEach((def, index, defs) => ids.set(def, `${node.id} —(always)${defs.length > 1 ? `#${index + 1}` : ''}→`));
  }
  return ids;
}

/** State nodes that count as states: every node but the root and history pseudo-states (targets, not states). */
function countedNodes(machine: AnyStateMachine): AnyStateNode[] {
  return allNodes(machine).filter((node) => node !== machine.root && node.type !== 'history');
}

/**
 * The event types a machine can react to, read from its definition: declared transitions,
 * `xstate.done.actor.<id>` and `xstate.error.actor.<id>` for every invoke, `xstate.after.<delay>.<stateId>` for every delay.
 */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(machine)) {
    for (const type of node.transitions.keys()) types.add(type);
    for (const invoke of node.invoke) {
      types.add(`xstate.done.actor.${invoke.id}`);
      types.add(`xstate.error.actor.${invoke.id}`);
    }
    for (const after of node.after) types.add(after.eventType);
  }
  types.delete('*');
  types.delete('');
  return [...types].sort();
}

/** Events with their payloads: the entry's cases, or a default payload for adapter outcomes. */
export function eventAlphabet(entry: Pick<PathEntry, 'machine' | 'cases'>): EventObject[] {
  const events: EventObject[] = [];
  for (const type of eventTypes(entry.machine)) {
    const cases = entry.cases[type];
    if (cases && cases.length > 0) {
      for (const payload of cases) events.push({ ...payload, type });
    } else if (type.startsWith('xstate.done.actor.')) {
      events.push({ type, output: undefined } as EventObject);
    } else if (type.startsWith('xstate.error.actor.')) {
      events.push({ type, error: { name: 'Error', message: 'Simulated failure' } } as EventObject);
    } else {
      events.push({ type });
    }
  }
  return events;
}

export function inputsOf(entry: PathEntry): unknown[] {
  return [entry.input, ...(entry.inputs ?? [])];
}

/**
 * A way to take one step of a machine without running it: its pure transition with a scope whose system reports
 * every microstep (the transitions taken, `always` ones included, and each intermediate snapshot) and lets the same
 * invoked child register in many branches of the search.
 */
class Stepper {
  readonly scope: AnyActorScope;
  private microsteps: { transitions: TransitionDef[]; snapshot: AnyMachineSnapshot }[] = [];

  constructor(readonly machine: AnyStateMachine) {
    const actor = createActor(machine, {
      inspect: (ev: InspectionEvent) => {
        if (ev.type === '@xstate.microstep') this.microsteps.push({ transitions: (ev as unknown as { _transitions: TransitionDef[] })._transitions, snapshot: ev.snapshot as AnyMachineSnapshot });
      },
    });
    const system = actor.system as unknown as { _set: (key: string, ref: unknown) => void; get: (key: string) => unknown };
    const keyed = new Map<string, unknown>();
    system._set = (key, ref) => void keyed.set(key, ref);
    system.get = (key) => keyed.get(key);
    this.scope = { self: actor, defer: () => {}, id: '', logger: () => {}, sessionId: '', stopChild: () => {}, system: actor.system, emit: () => {}, actionExecutor: () => {} } as unknown as AnyActorScope;
  }

  initial(input: unknown): { snapshot: AnyMachineSnapshot; microsteps: Stepper['microsteps'] } {
    this.microsteps = [];
    const snapshot = this.machine.getInitialSnapshot(this.scope, input) as AnyMachineSnapshot;
    return { snapshot, microsteps: this.microsteps };
  }

  step(snapshot: AnyMachineSnapshot, event: EventObject): { snapshot: AnyMachineSnapshot; microsteps: Stepper['microsteps'] } | null {
    this.microsteps = [];
    try {
      const next = this.machine.transition(snapshot, event, this.scope) as AnyMachineSnapshot;
      return { snapshot: next, microsteps: this.microsteps };
    } catch {
      // An event whose payload a guard or an assignment cannot read is not a step the machine can take.
      return null;
    }
  }
}

/** The state nodes a state value makes active (compound and parallel included). */
function activeNodes(node: AnyStateNode, value: unknown): AnyStateNode[] {
  if (typeof value === 'string') {
    const child = node.states[value] as AnyStateNode | undefined;
    return child ? [child] : [];
  }
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const child = node.states[key] as AnyStateNode | undefined;
    return child ? [child, ...activeNodes(child, inner)] : [];
  });
}

interface SearchNode {
  snapshot: AnyMachineSnapshot;
  /** The numbers of its facts in the current pass (novelty pruning), once it is kept. */
  factIds?: number[];
  /** The same as a set, made when its first child is checked for novelty. */
  factSet?: Set<number>;
  parent: SearchNode | null;
  event: EventObject | null;
  depth: number;
  inputIndex: number;
}

function routeOf(node: SearchNode): { events: EventObject[]; values: AnyMachineSnapshot['value'][] } {
  const events: EventObject[] = [];
  const values: AnyMachineSnapshot['value'][] = [];
  for (let cur: SearchNode | null = node; cur && cur.event; cur = cur.parent) {
    events.push(cur.event);
    values.push(cur.snapshot.value);
  }
  return { events: events.reverse(), values: values.reverse() };
}

function describe(events: EventObject[], target: unknown): string {
  const chain = events.length ? events.map((e) => e.type).join(' → ') : '(initial)';
  return `${JSON.stringify(target)} via ${chain}`;
}

/** `always` transitions taken in a microstep: the guarded ones listed before each in its state were false. */
function alwaysPassedOver(transitions: TransitionDef[], out: Set<TransitionDef>): void {
  for (const def of transitions) {
    const always = (def.source as AnyStateNode).always;
    if (!always?.includes(def)) continue;
    for (const earlier of always) {
      if (earlier === def) break;
      if (earlier.guard) out.add(earlier);
    }
  }
}

/** The event types the active state nodes have transitions for, or null when one takes a wildcard (`*`, `prefix.*`). */
function handledTypes(snapshot: AnyMachineSnapshot): Set<string> | null {
  const types = new Set<string>();
  for (const node of activeStateNodes(snapshot)) {
    for (const type of node.transitions.keys()) {
      if (type.endsWith('*')) return null;
      types.add(type);
    }
  }
  return types;
}


/**
 * Guards seen false by one step from `before` on `event` to `after`: the guarded candidates of the event in the active
 * state nodes that were passed over, and every guarded `always` transition of the state the step settled in (a
 * macrostep ends only when none is enabled).
 */
function guardsSeenFalse(before: AnyMachineSnapshot, event: EventObject, taken: Set<TransitionDef>, after: AnyMachineSnapshot, out: Set<TransitionDef>): void {
  for (const node of activeStateNodes(before)) {
    const defs = node.transitions.get(event.type);
    if (!defs) continue;
    for (const def of defs) {
      if (taken.has(def)) break;
      if (def.guard) out.add(def);
    }
  }
  if (after.status !== 'active') return;
  for (const node of activeStateNodes(after)) for (const def of node.always ?? []) if (def.guard) out.add(def);
}

interface SearchResult {
  paths: MachinePath[];
  coverage: Coverage;
}

/**
 * Breadth-first search over the machine's snapshots from each input, one pure step per event of the alphabet (events
 * no active state has a transition for are not tried): every state (transient ones included, seen in microsteps) and
 * every transition (`always` included) gets a short path that reaches it, and every guard is watched for a false
 * outcome. Up to three passes, each from the start: width 1 keeps only snapshots that make some fact true for the first
 * time, width 2 some pair of facts, and only if transitions or states are still missing, the exhaustive one. The search
 * stops as soon as every transition (but those listed unreachable) and state is reached and every guard seen false, or
 * GUARD_PATIENCE snapshots after the last new one. Linear in the snapshots visited (a map of keys), bounded by depth,
 * snapshots, steps and CPU time; what it could not reach is reported. The result depends on the step budget, not on
 * time, unless the CPU budget (a safety net) is hit.
 */
export function searchPaths(entry: PathEntry, options: PathOptions = {}): SearchResult {
  const { maxNodes, maxSteps, maxDepth, budgetMs } = { ...DEFAULTS, ...options };
  const machine = inert(entry.machine);
  const stepper = new Stepper(machine);
  const alphabet = eventAlphabet(entry);
  const ids = transitionIds(machine);
  const unreachable = entry.unreachable ?? {};
  const states = countedNodes(machine);
  const guarded = [...ids.keys()].filter((def) => def.guard);
  const seenStates = new Set<AnyStateNode>();
  const counted = new Set(states);
  const seenTransitions = new Set<string>();
  /** Transitions taken that are not listed as unreachable: the search is done with transitions when it has them all. */
  let seenReachable = 0;
  const falseGuards = new Set<TransitionDef>();
  const paths: MachinePath[] = [];
  const started = process.cpuUsage();
  const cpuMs = () => {
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  let stoppedBy: Coverage['stoppedBy'];
  let expanded = 0;
  let steps = 0;

  const record = (node: SearchNode, microsteps: { transitions: TransitionDef[]; snapshot: AnyMachineSnapshot }[]) => {
    let fresh = false;
    const mark = (snapshot: AnyMachineSnapshot) => {
      if (seenStates.size === states.length) return;
      for (const state of activeStateNodes(snapshot)) {
        if (!seenStates.has(state) && counted.has(state)) {
          seenStates.add(state);
          fresh = true;
        }
      }
    };
    for (const micro of microsteps) {
      alwaysPassedOver(micro.transitions, falseGuards);
      for (const def of micro.transitions) {
        const id = ids.get(def);
        if (id && !seenTransitions.has(id)) {
          seenTransitions.add(id);
          if (!(id in unreachable)) seenReachable++;
          fresh = true;
        }
      }
      mark(micro.snapshot);
    }
    mark(node.snapshot);
    if (fresh) {
      const { events, values } = routeOf(node);
      paths.push({ description: describe(events, node.snapshot.value), inputIndex: node.inputIndex, events, target: node.snapshot.value, stepValues: values });
    }
  };

  const starts: SearchNode[] = [];
  inputsOf(entry).forEach((input, inputIndex) => {
    if (inputIndex > 0 && input === undefined) return;
    const start = stepper.initial(input);
    const node: SearchNode = { snapshot: start.snapshot, parent: null, event: null, depth: 0, inputIndex };
    record(node, start.microsteps);
    starts.push(node);
  });

  // Done when every transition and state is reached (but those listed unreachable) and every guard seen false, or,
  // with transitions and states all reached, when the last GUARD_PATIENCE snapshots showed no guard false for the
  // first time (some guards cannot be).
  const reachable = [...new Set(ids.values())].filter((id) => !(id in unreachable)).length;
  let progressAt = 0;
  let falseCount = 0;
  const done = () => {
    if (seenReachable < reachable || seenStates.size < states.length) return false;
    if (falseGuards.size > falseCount) {
      falseCount = falseGuards.size;
      progressAt = expanded;
    }
    return falseGuards.size >= guarded.length || expanded - progressAt > GUARD_PATIENCE;
  };

  // Snapshot keys and facts, numbered once per search.
  const facts = new SnapshotFacts();
  /**
   * One breadth-first pass from the initial snapshots. With a width, a new snapshot is kept only when it makes some
   * tuple of that many facts (its state value, each context entry, its children) true for the first time in the pass
   * (novelty pruning, as in width-based planning): most snapshots differ from one seen only by a combination of
   * independent facts (a filter set and a search typed, in either order) and add nothing a transition can test.
   * Without a width, every snapshot with a new key is kept.
   */
  const pass = (width: 0 | 1 | 2): boolean => {
    const visited = new Set<string>();
    const novelFacts = new Set<number>();
    const novelPairs = new PairSet();
    // A kept snapshot had every pair of its facts counted, so a child's new pairs are those with a fact its parent lacks.
    const isNovel = (node: SearchNode, ids: number[], parent: SearchNode | null): boolean => {
      node.factIds = ids;
      node.factSet = undefined;
      const before = parent?.factIds ? (parent.factSet ??= new Set(parent.factIds)) : null;
      let fresh = false;
      for (const id of ids) {
        if (before?.has(id)) continue;
        if (width === 1) {
          if (!novelFacts.has(id)) {
            novelFacts.add(id);
            fresh = true;
          }
          continue;
        }
        for (const other of ids) if (other !== id && novelPairs.add(id, other)) fresh = true;
      }
      return fresh;
    };
    const queue: SearchNode[] = [];
    for (const node of starts) {
      const { key, ids } = facts.describe(node.snapshot, node.inputIndex);
      if (visited.has(key)) continue;
      visited.add(key);
      if (width) isNovel(node, ids, null);
      queue.push(node);
    }
    for (let head = 0; head < queue.length; head++) {
      if (done()) return true;
      if (expanded >= maxNodes) {
        stoppedBy = 'nodes';
        return true;
      }
      if (steps >= maxSteps) {
        stoppedBy = 'steps';
        return true;
      }
      if ((expanded & 63) === 0 && cpuMs() > budgetMs) {
        stoppedBy = 'time';
        return true;
      }
      expanded++;
      const node = queue[head]!;
      queue[head] = undefined as unknown as SearchNode; // what was expanded is reached through its children only
      if (node.snapshot.status !== 'active' || node.depth >= maxDepth) continue;
      const handled = handledTypes(node.snapshot);
      for (const event of alphabet) {
        if (handled && !handled.has(event.type)) continue; // no active state takes it: nothing can happen
        steps++;
        const next = stepper.step(node.snapshot, event);
        if (!next) continue;
        const taken = new Set(next.microsteps[0]?.transitions ?? []);
        guardsSeenFalse(node.snapshot, event, taken, next.snapshot, falseGuards);
        if (next.microsteps.length === 0) continue; // nothing happened
        const child: SearchNode = { snapshot: next.snapshot, parent: node, event, depth: node.depth + 1, inputIndex: node.inputIndex };
        record(child, next.microsteps);
        const { key, ids } = facts.describe(next.snapshot, node.inputIndex, node.snapshot);
        if (visited.has(key)) continue;
        visited.add(key);
        if (width && !isNovel(child, ids, node)) continue;
        queue.push(child);
      }
    }
    return done();
  };
  // Cheap passes first; the exhaustive one only for what they left. Each is deterministic, and so is the whole.
  for (const width of [1, 2, 0] as const) {
    if (width === 0 && seenReachable >= reachable && seenStates.size >= states.length) break; // only guard outcomes left
    if (pass(width)) break;
  }

  const allTransitions = [...new Set(ids.values())];
  const missing = allTransitions.filter((t) => !seenTransitions.has(t));
  const byId = new Map([...ids].map(([def, id]) => [def, id]));
  return {
    paths,
    coverage: {
      states: { covered: states.filter((s) => seenStates.has(s)).length, total: states.length, missing: states.filter((s) => !seenStates.has(s)).map((s) => s.id) },
      transitions: {
        covered: allTransitions.length - missing.length,
        total: allTransitions.length,
        missing: missing.filter((t) => !(t in unreachable)),
        unreachable: missing.filter((t) => t in unreachable),
      },
      guards: { seenFalse: guarded.filter((d) => falseGuards.has(d)).length, total: guarded.length, neverFalse: guarded.filter((d) => !falseGuards.has(d)).map((d) => byId.get(d)!) },
      ...(stoppedBy ? { stoppedBy } : {}),
      nodes: expanded,
    },
  };
}

/**
 * Paths with inert adapters: the shortest path to every state and every transition (default), or with `simple` every
 * simple path to each state value (xstate/graph).
 */
export function generatePaths(entry: PathEntry, options: PathOptions = {}): MachinePath[] {
  if (!options.simple) return searchPaths(entry, options).paths;
  const machine = inert(entry.machine);
  const raw = getSimplePaths(machine, { events: eventAlphabet(entry), input: entry.input, serializeState: (snapshot) => JSON.stringify(snapshot.value) });
  return raw.map((path) => {
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
    const events = steps.map((step) => step.event as EventObject);
    return { description: describe(events, path.state.value), inputIndex: 0, events, target: path.state.value, stepValues: steps.map((step) => step.state.value) };
  });
}

/** State, transition and guard coverage of a set of paths, walking each one on a running actor. */
export function coverageOf(entry: PathEntry, paths: MachinePath[]): Coverage {
  const machine = inert(entry.machine);
  const ids = transitionIds(machine);
  const states = countedNodes(machine);
  const guarded = [...ids.keys()].filter((def) => def.guard);
  const unreachable = entry.unreachable ?? {};
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const falseGuards = new Set<TransitionDef>();
  const inputs = inputsOf(entry);
  for (const path of paths) {
    let firstOfMacrostep: TransitionDef[] | null = null;
    const actor = createActor(machine, {
      input: inputs[path.inputIndex],
      inspect: (ev: InspectionEvent) => {
        if (ev.type !== '@xstate.microstep' || ev.actorRef !== actor) return;
        const transitions = (ev as unknown as { _transitions: TransitionDef[] })._transitions;
        firstOfMacrostep ??= transitions;
        alwaysPassedOver(transitions, falseGuards);
        for (const def of transitions) {
          const id = ids.get(def);
          if (id) seenTransitions.add(id);
        }
        for (const node of activeNodes(machine.root, (ev.snapshot as AnyMachineSnapshot).value)) seenStates.add(node.id);
      },
    });
    actor.start();
    for (const node of activeNodes(machine.root, actor.getSnapshot().value)) seenStates.add(node.id);
    for (const event of path.events) {
      const before = actor.getSnapshot();
      firstOfMacrostep = null;
      actor.send(event);
      guardsSeenFalse(before, event, new Set(firstOfMacrostep ?? []), actor.getSnapshot(), falseGuards);
      for (const node of activeNodes(machine.root, actor.getSnapshot().value)) seenStates.add(node.id);
    }
    actor.stop();
  }
  const allTransitions = [...new Set(ids.values())];
  const missing = allTransitions.filter((t) => !seenTransitions.has(t));
  return {
    states: { covered: states.filter((s) => seenStates.has(s.id)).length, total: states.length, missing: states.filter((s) => !seenStates.has(s.id)).map((s) => s.id) },
    transitions: {
      covered: allTransitions.length - missing.length,
      total: allTransitions.length,
      missing: missing.filter((t) => !(t in unreachable)),
      unreachable: missing.filter((t) => t in unreachable),
    },
    guards: { seenFalse: guarded.filter((d) => falseGuards.has(d)).length, total: guarded.length, neverFalse: guarded.filter((d) => !falseGuards.has(d)).map((d) => ids.get(d)!) },
    nodes: 0,
  };
}

/** Drives a path on a fresh actor (inert adapters) and reports the state after every step. */
export function drivePath(entry: PathEntry, path: MachinePath): { values: AnyMachineSnapshot['value'][]; final: AnyMachineSnapshot } {
  const actor = createActor(inert(entry.machine), { input: inputsOf(entry)[path.inputIndex] });
  actor.start();
  const values: AnyMachineSnapshot['value'][] = [];
  for (const event of path.events) {
    actor.send(event);
    values.push(actor.getSnapshot().value);
  }
  const final = actor.getSnapshot();
  actor.stop();
  return { values, final };
}

/**
 * What keeps a machine's coverage from passing the path test, in sentences (none: it passes): a state not reached, a
 * transition not taken that its entry does not list as unreachable, a listed one that is no transition of the machine
 * or has no reason, and a listed one that was taken after all (the list is stale).
 */
export function coverageProblems(entry: Pick<PathEntry, 'name' | 'machine' | 'unreachable'>, coverage: Coverage): string[] {
  const problems: string[] = [];
  const ids = new Set(transitionIds(entry.machine).values());
  for (const state of coverage.states.missing) problems.push(`${entry.name}: state ${state} is never reached`);
  for (const id of coverage.transitions.missing) problems.push(`${entry.name}: transition ${id} is never taken and not listed as unreachable`);
  const excused = new Set(coverage.transitions.unreachable);
  for (const [id, reason] of Object.entries(entry.unreachable ?? {})) {
    if (!ids.has(id)) problems.push(`${entry.name}: ${id} is listed as unreachable but is no transition of the machine`);
    else if (!excused.has(id)) problems.push(`${entry.name}: ${id} is listed as unreachable but was taken: take it off the list`);
    if (reason.trim().length < 10) problems.push(`${entry.name}: ${id} is listed as unreachable without a sentence saying why`);
  }
  return problems;
}

/** One line per machine: "auth: states 12/12 (100%), transitions 30/31 (97%), guards false 8/9". */
export function coverageLine(name: string, coverage: Coverage): string {
  const pct = (c: number, t: number) => (t === 0 ? 100 : Math.floor((c / t) * 100));
  const { states, transitions, guards } = coverage;
  const excused = transitions.unreachable.length ? ` (+${transitions.unreachable.length} listed unreachable)` : '';
  const stopped = coverage.stoppedBy ? `; search stopped by its ${coverage.stoppedBy === 'time' ? 'time' : coverage.stoppedBy === 'steps' ? 'step' : 'snapshot'} budget` : '';
  return `${name}: states ${states.covered}/${states.total} (${pct(states.covered, states.total)}%), transitions ${transitions.covered}/${transitions.total} (${pct(transitions.covered, transitions.total)}%)${excused}, guards seen false ${guards.seenFalse}/${guards.total}${stopped}`;
}

import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { inert } from '../machines/inert.ts';
import type { RegistryEntry } from '../machines/index.ts';

type AnyStateNode = AnyStateMachine['root'];

/** Bound of the search for transitions the shortest state paths did not take (xstate/graph counts steps). */
const MAX_SEARCH_STEPS = 200_000;
/** Objects in the context up to this size of JSON tell snapshots apart in that search. */
const SMALL_OBJECT_CHARS = 160;

/**
 * The key the transition search tells snapshots apart by: the state value, the context's booleans,
 * strings and nulls (flags, statuses, reasons) and its small objects. Counters and large collections
 * are left out so that the search space stays finite.
 */
function shapeKey(snapshot: AnyMachineSnapshot): string {
  const context = (snapshot.context ?? {}) as Record<string, unknown>;
  const kept = Object.entries(context).filter(([, v]) => {
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
    if (typeof v !== 'object') return false;
    const json = JSON.stringify(v) ?? '';
    return json.length <= SMALL_OBJECT_CHARS;
  });
  // Numbers inside small objects (keys, counters, times) are left out too, for the same reason.
  return JSON.stringify([snapshot.value, kept], (_, value: unknown) => (typeof value === 'number' ? '#' : value));
}

/** One generated path: the events to send from the initial state and the state they reach. */
export interface MachinePath {
  description: string;
  events: EventObject[];
  target: AnyMachineSnapshot['value'];
  /** State value after each event, for checking every step. */
  stepValues: AnyMachineSnapshot['value'][];
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
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

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states)) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return out;
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

/** Events with their payloads: the registry's cases, or a default payload for adapter outcomes. */
export function eventAlphabet(entry: RegistryEntry): EventObject[] {
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

function describe(events: EventObject[], target: unknown): string {
  const chain = events.length ? events.map((e) => e.type).join(' → ') : '(initial)';
  return `${JSON.stringify(target)} via ${chain}`;
}

/**
 * Paths with inert adapters: the shortest (default) or every simple path to each state value, then
 * the shortest path to every reachable transition not yet taken, so that each is driven at least once.
 */
export function generatePaths(entry: RegistryEntry, options: { simple?: boolean } = {}): MachinePath[] {
  const machine = inert(entry.machine);
  const alphabet = eventAlphabet(entry);
  const gen = options.simple ? getSimplePaths : getShortestPaths;
  const raw = gen(machine, { events: alphabet, input: entry.input, serializeState: (snapshot) => JSON.stringify(snapshot.value) });
  const ids = transitionIds(machine);
  const taken = new Set<string>();
  const paths: MachinePath[] = [];
  for (const path of raw) {
    const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
    const events = steps.map((step) => step.event as EventObject);
    // The first step is always xstate.init; its state is the initial snapshot.
    let snapshot = (path.steps[0]?.state ?? path.state) as AnyMachineSnapshot;
    for (const [i, step] of path.steps.entries()) {
      if (i === 0) continue;
      for (const def of machine.getTransitionData(snapshot, step.event)) {
        const id = ids.get(def);
        if (id) taken.add(id);
      }
      snapshot = step.state as AnyMachineSnapshot;
    }
    paths.push({ description: describe(events, path.state.value), events, target: path.state.value, stepValues: steps.map((step) => step.state.value) });
  }
  // Transitions not yet taken: a breadth-first walk of the adjacency map over whole snapshots (value
  // and context), so that transitions behind a context-dependent guard are found too; each adds the
  // shortest path that takes it.
  const total = new Set(ids.values()).size;
  if (taken.size < total) {
    // Breadth first within the budget: past MAX_SEARCH_STEPS transitions the snapshots found are no longer
    // expanded (a wide parallel machine then gets the transitions nearest the start, instead of an error).
    let expanded = 0;
    const budget = Math.floor(MAX_SEARCH_STEPS / Math.max(1, alphabet.length)) - 1;
    const adjacency = getAdjacencyMap(machine, {
      events: alphabet,
      input: entry.input,
      limit: MAX_SEARCH_STEPS,
      serializeState: (snapshot) => shapeKey(snapshot as AnyMachineSnapshot),
      stopWhen: () => ++expanded > budget,
    });
    const keys = Object.keys(adjacency) as (keyof typeof adjacency)[];
    const start = keys[0];
    const route = new Map<string, { events: EventObject[]; values: AnyMachineSnapshot['value'][] }>();
    if (start) route.set(start, { events: [], values: [] });
    const queue = start ? [start] : [];
    while (queue.length && taken.size < total) {
      const key = queue.shift()!;
      const node = adjacency[key]!;
      const here = route.get(key)!;
      for (const edge of Object.values(node.transitions)) {
        const event = edge.event as EventObject;
        const after = edge.state as AnyMachineSnapshot;
        const events = [...here.events, event];
        const values = [...here.values, after.value];
        const fresh = machine
          .getTransitionData(node.state as AnyMachineSnapshot, event)
          .map((def) => ids.get(def))
          .filter((id): id is string => !!id && !taken.has(id));
        if (fresh.length) {
          fresh.forEach((id) => taken.add(id));
          paths.push({ description: describe(events, after.value), events, target: after.value, stepValues: values });
        }
        const nextKey = keys.find((k) => adjacency[k]!.state === edge.state) ?? null;
        if (nextKey && !route.has(nextKey)) {
          route.set(nextKey, { events, values });
          queue.push(nextKey);
        }
      }
    }
  }
  return paths;
}

function transitionIds(machine: AnyStateMachine): Map<object, string> {
  const ids = new Map<object, string>();
  for (const node of allNodes(machine)) {
    for (const [type, defs] of node.transitions) {
      defs.forEach((def, index) => ids.set(def, `${node.id} —${type}${defs.length > 1 ? `#${index + 1}` : ''}→`));
    }
  }
  return ids;
}

/** State and transition coverage of a set of paths, walking each one on the machine. */
export function coverageOf(entry: RegistryEntry, paths: MachinePath[]): Coverage {
  const machine = inert(entry.machine);
  const nodes = allNodes(machine).filter((node) => node !== machine.root);
  const ids = transitionIds(machine);
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const path of paths) {
    const actor = createActor(machine, { input: entry.input });
    actor.start();
    const mark = (snapshot: AnyMachineSnapshot) => {
      for (const node of activeNodes(machine.root, snapshot.value)) seenStates.add(node.id);
    };
    mark(actor.getSnapshot());
    for (const event of path.events) {
      for (const def of machine.getTransitionData(actor.getSnapshot(), event)) {
        const id = ids.get(def);
        if (id) seenTransitions.add(id);
      }
      actor.send(event);
      mark(actor.getSnapshot());
    }
    actor.stop();
  }
  const allTransitions = [...new Set(ids.values())];
  return {
    states: {
      covered: nodes.filter((n) => seenStates.has(n.id)).length,
      total: nodes.length,
      missing: nodes.filter((n) => !seenStates.has(n.id)).map((n) => n.id),
    },
    transitions: {
      covered: allTransitions.filter((t) => seenTransitions.has(t)).length,
      total: allTransitions.length,
      missing: allTransitions.filter((t) => !seenTransitions.has(t)),
    },
  };
}

/** Drives a path on a fresh actor (inert adapters) and reports the state after every step. */
export function drivePath(entry: RegistryEntry, path: MachinePath): { values: AnyMachineSnapshot['value'][]; final: AnyMachineSnapshot } {
  const actor = createActor(inert(entry.machine), { input: entry.input });
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

/** One line per machine: "auth: states 12/12 (100%), transitions 30/31 (97%)". */
export function coverageLine(name: string, coverage: Coverage): string {
  const pct = (c: number, t: number) => (t === 0 ? 100 : Math.round((c / t) * 100));
  return `${name}: states ${coverage.states.covered}/${coverage.states.total} (${pct(coverage.states.covered, coverage.states.total)}%), transitions ${coverage.transitions.covered}/${coverage.transitions.total} (${pct(coverage.transitions.covered, coverage.transitions.total)}%)`;
}

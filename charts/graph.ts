import type { AnyStateMachine } from 'xstate';
import { describeNode, type NodeDescription, type TransitionDescription } from '../machines/definition.ts';

/** What a state node is drawn as. */
export type ChartNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
/** What starts a transition: an event, a delay, nothing (`always`), or an invoked actor finishing or failing. */
export type ChartTransitionKind = 'event' | 'after' | 'always' | 'done' | 'error';

/** One transition of the definition, named as the path generator's coverage names it (tools/pathGen.ts transitionIds). */
export interface ChartTransition {
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition. */
  targets: string[];
  kind: ChartTransitionKind;
  /** The event type as the machine receives it ("" for `always`). */
  event: string;
  /** What the chart writes for the trigger: the event, `after 300 ms`, `always`, `done: fetchStack`, `error: fetchStack`. */
  trigger: string;
  guard: string | null;
  actions: string[];
  delay?: { name: string; ms: number | null };
  /** Targetless, or targeting its own state: listed inside the state instead of drawn as a loop. */
  listed: boolean;
}

export interface ChartNode {
  id: string;
  /** The state's key in its parent (the machine's id for the root). */
  key: string;
  parent: string | null;
  kind: ChartNodeKind;
  history?: 'shallow' | 'deep';
  /** True for the initial state of its parent. */
  initial: boolean;
  children: string[];
  tags: string[];
  entry: string[];
  exit: string[];
  invoke: { id: string; src: string }[];
  /** Transitions listed inside the state (targetless or to itself). */
  listed: ChartTransition[];
}

/** A machine's definition as a graph: every state node by id (depth-first order) and every transition. */
export interface ChartGraph {
  rootId: string;
  nodes: Map<string, ChartNode>;
  /** Every transition, listed ones included, in definition order. */
  transitions: ChartTransition[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const DONE_STATE = 'xstate.done.state.';

/** A delay for people: `300 ms`, `2 s`, or its name with its ms when it has a name. */
export function delayText(delay: { name: string; ms: number | null }): string {
  const ms = delay.ms === null ? null : delay.ms >= 1000 && delay.ms % 100 === 0 ? `${delay.ms / 1000} s` : `${delay.ms} ms`;
  if (String(delay.ms) === delay.name) return ms ?? delay.name;
  return ms === null ? delay.name : `${delay.name} (${ms})`;
}

function kindOf(t: TransitionDescription): { kind: ChartTransitionKind; trigger: string } {
  if (t.event === '') return { kind: 'always', trigger: 'always' };
  if (t.delay || t.event.startsWith(AFTER)) return { kind: 'after', trigger: `after ${t.delay ? delayText(t.delay) : t.event.slice(AFTER.length)}` };
  if (t.event.startsWith(DONE_ACTOR)) return { kind: 'done', trigger: `done: ${t.event.slice(DONE_ACTOR.length)}` };
  if (t.event.startsWith(ERROR_ACTOR)) return { kind: 'error', trigger: `error: ${t.event.slice(ERROR_ACTOR.length)}` };
  if (t.event.startsWith(DONE_STATE)) return { kind: 'done', trigger: `done: ${t.event.slice(DONE_STATE.length)}` };
  return { kind: 'event', trigger: t.event };
}

function nodeKind(type: string): ChartNodeKind {
  return type === 'compound' || type === 'parallel' || type === 'final' || type === 'history' ? type : 'atomic';
}

/** The graph of a description (machines/definition.ts): pure, so a chart is a function of the definition. */
export function graphOfDescription(root: NodeDescription): ChartGraph {
  const nodes = new Map<string, ChartNode>();
  const transitions: ChartTransition[] = [];
  const walk = (desc: NodeDescription, key: string, parent: NodeDescription | null) => {
    const node: ChartNode = {
      id: desc.id,
      key,
      parent: parent?.id ?? null,
      kind: nodeKind(desc.type),
      ...(desc.history ? { history: desc.history } : {}),
      initial: parent !== null && parent.type === 'compound' && parent.initial === key,
      children: Object.values(desc.states).map((child) => child.id),
      tags: desc.tags,
      entry: desc.entry,
      exit: desc.exit,
      invoke: desc.invoke,
      listed: [],
    };
    nodes.set(node.id, node);
    // Ids as tools/pathGen.ts transitionIds writes them: `<state> —<event>[#n]→`, `<state> —(always)[#n]→`.
    const counts = new Map<string, number>();
    for (const t of desc.transitions) counts.set(t.event, (counts.get(t.event) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const t of desc.transitions) {
      const index = (seen.get(t.event) ?? 0) + 1;
      seen.set(t.event, index);
      const suffix = (counts.get(t.event) ?? 0) > 1 ? `#${index}` : '';
      const id = `${desc.id} —${t.event === '' ? '(always)' : t.event}${suffix}→`;
      const listed = t.targets.length === 0 || t.targets.every((target) => target === desc.id);
      const transition: ChartTransition = {
        id,
        source: desc.id,
        targets: t.targets,
        ...kindOf(t),
        event: t.event,
        guard: t.guard,
        actions: t.actions,
        ...(t.delay ? { delay: t.delay } : {}),
        listed,
      };
      transitions.push(transition);
      if (listed) node.listed.push(transition);
    }
    for (const [childKey, child] of Object.entries(desc.states)) walk(child, childKey, desc);
  };
  walk(root, root.id, null);
  return { rootId: root.id, nodes, transitions };
}

/** The graph of a machine's definition. */
export function graphOf(machine: AnyStateMachine): ChartGraph {
  return graphOfDescription(describeNode(machine.root));
}

/** A transition's label: trigger, then `[guard]`, then `/ actions` (each part only when there is one). */
export function transitionLabel(t: ChartTransition): { trigger: string; guard: string | null; actions: string | null } {
  return { trigger: t.trigger, guard: t.guard ? `[${t.guard}]` : null, actions: t.actions.length ? `/ ${t.actions.join(', ')}` : null };
}

/** The event types a graph's transitions react to (filter choices), sorted, `always` and delays included by trigger. */
export function eventsOf(graph: ChartGraph): string[] {
  return [...new Set(graph.transitions.map((t) => t.trigger))].sort();
}

/** True when `id` is `ancestor` or lies inside it. */
export function isWithin(graph: ChartGraph, id: string, ancestor: string): boolean {
  for (let cur: string | null = id; cur !== null; cur = graph.nodes.get(cur)?.parent ?? null) if (cur === ancestor) return true;
  return false;
}

/** What a chart shows of a graph: compound states collapsed, and optionally one region (state) on its own. */
export interface ChartView {
  collapsed?: ReadonlySet<string>;
  focus?: string | null;
  /** False: a state's targetless and self transitions are counted on one line instead of listed (default true). */
  listed?: boolean;
}

/** A drawn edge: a transition to one of its targets, its ends moved to the nearest shown state. */
export interface VisibleEdge {
  id: string;
  transition: ChartTransition;
  source: string;
  target: string;
}

export interface VisibleGraph {
  rootId: string;
  /** Shown nodes in depth-first order; a collapsed node shows no children. */
  nodes: ChartNode[];
  /** Children shown per node (none for collapsed or atomic ones). */
  children: Map<string, string[]>;
  edges: VisibleEdge[];
  collapsed: ReadonlySet<string>;
  /** Transitions drawn inside collapsed states, by the collapsed state's id (counted on its box). */
  hidden: Map<string, number>;
}

/** The nodes and edges a view shows: descendants of collapsed states fold into them, a focus drops what is outside it. */
export function visibleGraph(graph: ChartGraph, view: ChartView = {}): VisibleGraph {
  const collapsed = view.collapsed ?? new Set<string>();
  const rootId = view.focus && graph.nodes.has(view.focus) ? view.focus : graph.rootId;
  const shown = new Map<string, string>(); // every node inside the view → the shown node that stands for it
  const nodes: ChartNode[] = [];
  const children = new Map<string, string[]>();
  const walk = (id: string, standIn: string | null) => {
    const node = graph.nodes.get(id)!;
    if (standIn) {
      shown.set(id, standIn);
    } else {
      shown.set(id, id);
      nodes.push(node);
    }
    const folds = !standIn && collapsed.has(id) && node.children.length > 0 && id !== rootId;
    if (!standIn && !folds) children.set(id, node.children);
    for (const child of node.children) walk(child, standIn ?? (folds ? id : null));
  };
  walk(rootId, null);
  const edges: VisibleEdge[] = [];
  const hidden = new Map<string, number>();
  for (const t of graph.transitions) {
    if (t.listed) continue;
    const source = shown.get(t.source);
    if (!source) continue;
    for (const targetId of t.targets) {
      const target = shown.get(targetId);
      if (!target) continue;
      if (source === target) {
        hidden.set(source, (hidden.get(source) ?? 0) + 1);
        continue;
      }
      edges.push({ id: t.targets.length > 1 ? `${t.id}@${targetId}` : t.id, transition: t, source, target });
    }
  }
  return { rootId, nodes, children, edges, collapsed, hidden };
}

import { and, not, or, stateIn, type AnyStateMachine } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];

/** A plain, acyclic description of a state node: what charts draw and what definition hashes cover. */
export interface NodeDescription {
  id: string;
  type: string;
  /** History nodes only: which history they keep. */
  history?: 'shallow' | 'deep';
  initial: string | null;
  tags: string[];
  entry: string[];
  exit: string[];
  invoke: { id: string; src: string }[];
  /** Every transition; eventless (`always`) ones have the event "". */
  transitions: TransitionDescription[];
  states: Record<string, NodeDescription>;
}

export interface TransitionDescription {
  /** The event type; "" for an `always` transition, `xstate.after.<delay>.<stateId>` for a delayed one. */
  event: string;
  targets: string[];
  guard: string | null;
  actions: string[];
  reenter: boolean;
  /** Delayed (`after`) transitions only: the delay's name as written and its ms (null when a function decides it). */
  delay?: { name: string; ms: number | null };
}

// xstate's guard combinators are functions told apart by their `check` (function names do not survive minification).
const AND_CHECK = (and([]) as unknown as { check: unknown }).check;
const OR_CHECK = (or([]) as unknown as { check: unknown }).check;
const NOT_CHECK = (not('x') as unknown as { check: unknown }).check;
const STATE_IN_CHECK = (stateIn('x') as unknown as { check: unknown }).check;

/**
 * An action's name as `setup()` gives it (a string or `{ type }`), or xstate's own type for its built-in actions
 * (`xstate.assign`, `xstate.raise`, …). Inline functions are "inline": a function's own name changes with
 * minification, and definition hashes must be the same in the dev server, the built app and the replayer.
 */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'inline';
  }
  return 'inline';
}

/** A guard's name: its `setup()` name, `and(…)`, `or(…)`, `not(…)`, `stateIn(…)`, or "inline" for an inline function. */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    const combinator = guard as unknown as { check?: unknown; guards?: unknown[]; stateValue?: unknown };
    const inner = () => (combinator.guards ?? []).map((g) => guardName(g) ?? 'none').join(', ');
    if (combinator.check === AND_CHECK) return `and(${inner()})`;
    if (combinator.check === OR_CHECK) return `or(${inner()})`;
    if (combinator.check === NOT_CHECK) return `not(${inner()})`;
    if (combinator.check === STATE_IN_CHECK) return `stateIn(${JSON.stringify(combinator.stateValue)})`;
    return 'inline';
  }
  return 'inline';
}

/** A delay as written in `after` (a number of ms or a `setup()` name) with its ms when the machine fixes it. */
function delayOf(node: AnyStateNode, delay: unknown): { name: string; ms: number | null } {
  if (typeof delay === 'number') return { name: String(delay), ms: delay };
  const name = String(delay);
  const known = (node.machine.implementations.delays as Record<string, unknown> | undefined)?.[name];
  return { name, ms: typeof known === 'number' ? known : null };
}

/** Describes a state node and its descendants as plain JSON (no functions, no cycles). */
export function describeNode(node: AnyStateNode): NodeDescription {
  const delays = new Map<string, unknown>(node.after.map((after) => [after.eventType, after.delay]));
  const transitions: NodeDescription['transitions'] = [];
  for (const [event, defs] of node.transitions) {
    for (const def of defs) {
      const delayed = delays.has(event);
      transitions.push({
        event,
        targets: (def.target ?? []).map((t: AnyStateNode) => t.id),
        guard: guardName(def.guard),
        actions: (def.actions ?? []).map(actionName),
        reenter: !!def.reenter,
        ...(delayed ? { delay: delayOf(node, delays.get(event)) } : {}),
      });
    }
  }
  for (const def of node.always ?? []) {
    transitions.push({
      event: '',
      targets: (def.target ?? []).map((t: AnyStateNode) => t.id),
      guard: guardName(def.guard),
      actions: (def.actions ?? []).map(actionName),
      reenter: !!def.reenter,
    });
  }
  const initial = node.initial?.target?.[0]?.key ?? null;
  const history = node.type === 'history' ? { history: node.history === 'deep' ? ('deep' as const) : ('shallow' as const) } : {};
  return {
    id: node.id,
    type: node.type,
    ...history,
    initial,
    tags: [...node.tags],
    entry: node.entry.map(actionName),
    exit: node.exit.map(actionName),
    invoke: node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline' })),
    transitions,
    states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, describeNode(child as AnyStateNode)])),
  };
}

import type { AnyStateMachine } from 'xstate';

type AnyStateNode = AnyStateMachine['root'];

/** A plain, acyclic description of a state node: what charts draw and what definition hashes cover. */
export interface NodeDescription {
  id: string;
  type: string;
  initial: string | null;
  tags: string[];
  entry: string[];
  exit: string[];
  invoke: { id: string; src: string }[];
  transitions: { event: string; targets: string[]; guard: string | null; actions: string[]; reenter: boolean }[];
  states: Record<string, NodeDescription>;
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  if (typeof action === 'function') return (action as { type?: string }).type ?? action.name ?? 'inline';
  return 'inline';
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline';
  return 'inline';
}

/** Describes a state node and its descendants as plain JSON (no functions, no cycles). */
export function describeNode(node: AnyStateNode): NodeDescription {
  const transitions: NodeDescription['transitions'] = [];
  for (const [event, defs] of node.transitions) {
    for (const def of defs) {
      transitions.push({
        event,
        targets: (def.target ?? []).map((t: AnyStateNode) => t.id),
        guard: guardName(def.guard),
        actions: (def.actions ?? []).map(actionName),
        reenter: !!def.reenter,
      });
    }
  }
  const initial = node.initial?.target?.[0]?.key ?? null;
  return {
    id: node.id,
    type: node.type,
    initial,
    tags: [...node.tags],
    entry: node.entry.map(actionName),
    exit: node.exit.map(actionName),
    invoke: node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline' })),
    transitions,
    states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, describeNode(child as AnyStateNode)])),
  };
}

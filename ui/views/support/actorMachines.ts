/**
 * Which registry machine each recorded actor runs, and which of its state nodes a recorded state value makes active.
 * The log names actors by system path (ids from the root); the machine is found through the parent's machine: its
 * invoke of that id, or its `setup()` actor of that name, or (for spawned actors with made-up ids) the one of the
 * parent's machines whose states accept the recorded value.
 */
import type { AnyStateMachine } from 'xstate';
import type { RegistryEntry } from '../../../machines/index.ts';

type AnyStateNode = AnyStateMachine['root'];

function isMachine(logic: unknown): logic is AnyStateMachine {
  return !!logic && typeof logic === 'object' && 'root' in logic && 'implementations' in logic;
}

/** True when `value` names only states of `node` (a string child key, or an object of region keys, recursively). */
export function acceptsValue(node: AnyStateNode, value: unknown): boolean {
  if (typeof value === 'string') return value in node.states;
  if (!value || typeof value !== 'object') return false;
  const regions = Object.entries(value as Record<string, unknown>);
  if (regions.length === 0) return Object.keys(node.states).length === 0;
  return regions.every(([key, child]) => {
    const next = node.states[key] as AnyStateNode | undefined;
    if (!next) return false;
    const empty = child && typeof child === 'object' && Object.keys(child).length === 0;
    return empty || acceptsValue(next, child);
  });
}

function invokeSources(node: AnyStateNode, id: string): unknown[] {
  const found: unknown[] = [];
  for (const inv of node.invoke) if (inv.id === id) found.push(inv.src);
  for (const child of Object.values(node.states)) found.push(...invokeSources(child as AnyStateNode, id));
  return found;
}

function childLogic(parent: AnyStateMachine, id: string, value: unknown): unknown {
  const actors = (parent.implementations.actors ?? {}) as Record<string, unknown>;
  for (const src of invokeSources(parent.root, id)) {
    const logic = typeof src === 'string' ? actors[src] : src;
    if (logic) return logic;
  }
  if (actors[id]) return actors[id];
  const candidates = Object.values(actors).filter((logic) => isMachine(logic) && acceptsValue(logic.root, value));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * The registry entry each actor path runs (null when it cannot be told). `values` gives each actor's recorded state
 * value, used for spawned actors; the root is the registry's `rootName` entry.
 */
export function resolveActorMachines(
  paths: readonly string[],
  values: ReadonlyMap<string, unknown>,
  registry: readonly RegistryEntry[],
  rootName = 'app',
): Map<string, RegistryEntry | null> {
  const resolved = new Map<string, RegistryEntry | null>();
  const byLogic = new Map<unknown, RegistryEntry>(registry.map((entry) => [entry.machine, entry]));
  const resolve = (path: string): RegistryEntry | null => {
    if (resolved.has(path)) return resolved.get(path)!;
    const cut = path.lastIndexOf('/');
    let entry: RegistryEntry | null = null;
    if (cut < 0) entry = registry.find((e) => e.name === rootName) ?? null;
    else {
      const id = path.slice(cut + 1);
      const parent = resolve(path.slice(0, cut));
      const logic = parent ? childLogic(parent.machine, id, values.get(path)) : undefined;
      entry = (logic ? byLogic.get(logic) : undefined) ?? registry.find((e) => e.name === id) ?? null;
    }
    resolved.set(path, entry);
    return entry;
  };
  for (const path of paths) resolve(path);
  return resolved;
}

/** The ids of the state nodes a state value makes active (the root included). */
export function activeStateIds(machine: AnyStateMachine, value: unknown): Set<string> {
  const active = new Set<string>([machine.root.id]);
  const walk = (node: AnyStateNode, v: unknown) => {
    if (typeof v === 'string') {
      const child = node.states[v] as AnyStateNode | undefined;
      if (child) active.add(child.id);
    } else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v as Record<string, unknown>)) {
        const child = node.states[key] as AnyStateNode | undefined;
        if (!child) continue;
        active.add(child.id);
        walk(child, inner);
      }
    }
  };
  walk(machine.root, value);
  return active;
}

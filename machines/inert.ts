import { StateMachine, type ActorLogic, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { isCoreLogic } from './core.ts';

type InertSnapshot = Snapshot<never> & { input: unknown };

/**
 * An adapter actor that never settles and does nothing: its done or error event arrives only when a test or replay
 * sends it. (A promise actor that never settles would do the same, but it makes an AbortController and, when stopped,
 * a DOMException with a stack trace: a replay starts and stops thousands of them.)
 */
export const inertActor: ActorLogic<InertSnapshot, EventObject, unknown> = {
  config: 'inert',
  transition: (snapshot) => snapshot,
  getInitialSnapshot: (_scope, input) => ({ status: 'active', output: undefined, error: undefined, input }),
  getPersistedSnapshot: (snapshot) => snapshot,
  restoreSnapshot: (snapshot) => snapshot as InertSnapshot,
};

/** True for state-machine logic (part of the deterministic core); everything else invoked is an adapter. */
export function isMachineLogic(logic: unknown): logic is AnyStateMachine {
  return logic instanceof StateMachine;
}

/**
 * The same machine with every adapter actor replaced by an inert one, at any depth: child machines
 * stay machines (made inert themselves), stores stay stores, adapter actions keep their no-op placeholders.
 * Replay and generated path tests use it so nothing leaves the process.
 */
export function inert<T extends AnyStateMachine>(machine: T): T {
  const known = inertMachines.get(machine);
  if (known) return known as T;
  const actors: Record<string, unknown> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    actors[name] = isMachineLogic(logic) ? inert(logic) : isCoreLogic(logic) ? logic : inertActor;
  }
  const made = machine.provide({ actors } as never) as T;
  inertMachines.set(machine, made);
  return made;
}

/** Machines are immutable: each one's inert copy is made once (a replay or a path walk builds many systems). */
const inertMachines = new WeakMap<AnyStateMachine, AnyStateMachine>();

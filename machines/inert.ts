import { fromPromise, StateMachine, type AnyStateMachine } from 'xstate';
import { isCoreLogic } from './core.ts';

/** A promise actor that never settles: its done or error event arrives only when a test or replay sends it. */
export const inertActor = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

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
  const actors: Record<string, unknown> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    actors[name] = isMachineLogic(logic) ? inert(logic) : isCoreLogic(logic) ? logic : inertActor;
  }
  return machine.provide({ actors } as never) as T;
}

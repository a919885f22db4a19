import { StateMachine } from 'xstate';

const coreLogic = new WeakSet<object>();

/** Marks actor logic that belongs to the deterministic core (stores run as actors), as machines do. */
export function markCore<T extends object>(logic: T): T {
  coreLogic.add(logic);
  return logic;
}

/**
 * True for logic of the deterministic core: state machines and stores marked with `markCore`.
 * Everything else an actor runs (promises, callbacks, observables) is an adapter: in replay its
 * outputs are injected from the log, in path tests they arrive as events.
 */
export function isCoreLogic(logic: unknown): boolean {
  return logic instanceof StateMachine || (typeof logic === 'object' && logic !== null && coreLogic.has(logic));
}

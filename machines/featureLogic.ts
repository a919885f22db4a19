import type { AnyActorLogic } from 'xstate';
import { markCore } from './core.ts';

/**
 * Actor logic that loads with its feature's chunk, not with the first load. The app machine names a stand-in
 * (`featureLogic(name)`) and invokes it only after the feature has loaded (its region in the app machine, opened by an
 * event the composition root sends once the chunk is in, so the session log and replay see it). The stand-in runs
 * the logic registered under its name: the composition root registers the feature's provided machines when their chunk
 * has loaded; tools, tests and replay provide the machines themselves (machines/index.ts `appMachine`).
 */
const registered = new Map<string, AnyActorLogic>();

/** Makes each named logic the one its stand-in runs (the composition root, once the feature's chunk has loaded). */
export function registerFeatureLogic(logic: Readonly<Record<string, AnyActorLogic>>): void {
  for (const [name, value] of Object.entries(logic)) registered.set(name, value);
}

/** A stand-in for the logic named `name`, typed as that logic; it fails loudly if started before its feature loaded. */
export function featureLogic<T extends AnyActorLogic>(name: string): T {
  const real = (): AnyActorLogic => {
    const logic = registered.get(name);
    if (!logic) throw new Error(`The "${name}" actor started before its feature's code loaded.`);
    return logic;
  };
  const standIn: AnyActorLogic = {
    config: { featureLogic: name },
    transition: (snapshot, event, scope) => real().transition(snapshot, event, scope),
    getInitialSnapshot: (scope, input) => real().getInitialSnapshot(scope, input),
    getPersistedSnapshot: (snapshot, options) => real().getPersistedSnapshot(snapshot, options),
    restoreSnapshot: (snapshot, scope) => {
      const logic = real();
      return logic.restoreSnapshot ? logic.restoreSnapshot(snapshot, scope) : snapshot;
    },
    start: (snapshot, scope) => real().start?.(snapshot, scope),
  };
  // Its snapshots are a machine's: the recorder and replay treat it as part of the deterministic core.
  return markCore(standIn) as unknown as T;
}

/** The logic an actor runs: for a stand-in (`featureLogic`), the logic registered under its name, once loaded. */
export function runningLogicOf(logic: unknown): unknown {
  const name = (logic as { config?: { featureLogic?: unknown } } | null)?.config?.featureLogic;
  return typeof name === 'string' ? (registered.get(name) ?? logic) : logic;
}

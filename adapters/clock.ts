/** The clock handed to the actor system: xstate schedules delays with it and the recorder reads `now`. */
export interface AppClock {
  now(): number;
  setTimeout(fn: (...args: unknown[]) => void, timeoutMs: number): unknown;
  clearTimeout(id: unknown): void;
}

/** Wall-clock time, for the running app. Replay and tests use xstate's SimulatedClock instead. */
export const realClock: AppClock = {
  now: () => Date.now(),
  setTimeout: (fn, timeoutMs) => globalThis.setTimeout(fn, timeoutMs),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
};

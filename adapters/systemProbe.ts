import type { ActorSystem, AnyActorRef } from 'xstate';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyActorSystem = ActorSystem<any>;

/**
 * What the recorder, the replayer and the composition root need to know about an XState actor system beyond its
 * inspection events: how deep in a synchronous chain of deliveries it is (a delivery made while another one is being
 * processed is nested in it), when that chain has settled, and which delayed event (timer) is being delivered.
 *
 * XState delivers every event through `system._relay`, schedules every delay through `system.scheduler` and reports
 * what happens through `system._sendInspectionEvent`; the probe wraps the three on one system, once. Timers are numbered in the order they are scheduled: the same machines in the
 * same order schedule the same numbers, so a recorded timer is found again in replay by its number.
 */
export interface SystemProbe {
  /** Deliveries in progress: 0 when the system is idle, 1 inside a top-level delivery, more inside nested ones. */
  depth(): number;
  /**
   * The number of the timer whose delayed event the current top-level delivery carries, or null; once per delivery
   * (the delayed event is the first event the delivery inspects).
   */
  takeFiringTimer(): number | null;
  /** Timers scheduled so far (the next one gets this number + 1). */
  timerCount(): number;
  /** Continues numbering after `count` (replay restored from a checkpoint). */
  setTimerCount(count: number): void;
  /** Scheduled, not yet fired or cancelled: number → due time (by the system clock). */
  pendingTimers(): Map<number, number>;
  /** The pending timers due before `time` (by the system clock), in the order they were scheduled. */
  dueBefore(time: number): number[];
  /** Delivers pending timer `n` now, as its expiry would. False when it is not pending. */
  fire(n: number): boolean;
  /** Runs `fn` once the current chain of deliveries has settled (at once when the system is idle). */
  afterSettled(fn: () => void): void;
  /** Calls `fn` every time a top-level delivery has settled. */
  onSettled(fn: () => void): () => void;
  /** Runs `fn` as a top-level delivery (its sends are nested in it), e.g. starting the root actor. */
  run<T>(fn: () => T): T;
  /**
   * Calls `fn` with the system's event, snapshot and actor inspection events as they happen (not its microstep and
   * action ones), the way an `inspect` observer would see them but without the cost of one: XState copies every
   * inspection event (microsteps and actions included) for each observer it has.
   */
  observe(fn: (event: ObservedEvent) => void): () => void;
}

/** The inspection events a probe observer sees. */
export type ObservedEvent =
  | { type: '@xstate.event'; actorRef: AnyActorRef; sourceRef?: AnyActorRef; event: { type: string } }
  | { type: '@xstate.snapshot'; actorRef: AnyActorRef; event: { type: string }; snapshot: unknown }
  | { type: '@xstate.actor'; actorRef: AnyActorRef };

interface ScheduledTimer {
  n: number;
  source: AnyActorRef;
  target: AnyActorRef;
  event: object;
  id: string;
  due: number;
}

interface Scheduler {
  schedule(source: AnyActorRef, target: AnyActorRef, event: object, delay: number, id?: string): void;
  cancel(source: AnyActorRef, id: string): void;
}

interface SystemInternals {
  _relay(source: AnyActorRef | undefined, target: AnyActorRef, event: object): void;
  _sendInspectionEvent(event: { type: string }): void;
  scheduler: Scheduler;
  _clock?: { now(): number };
}

const probes = new WeakMap<object, SystemProbe>();

function reportError(error: unknown): void {
  // As xstate reports an observer's error: thrown later, outside the delivery.
  setTimeout(() => {
    throw error;
  });
}

/** The probe of `system`, installed on first use. */
export function probeSystem(system: AnyActorSystem): SystemProbe {
  const existing = probes.get(system);
  if (existing) return existing;
  const internals = system as unknown as SystemInternals;
  const relay = internals._relay.bind(system);
  const scheduler = internals.scheduler;
  const schedule = scheduler.schedule.bind(scheduler);
  const cancel = scheduler.cancel.bind(scheduler);
  const now = () => internals._clock?.now() ?? 0;

  let depth = 0;
  /** Deliveries in progress (`depth` also counts `run`, whose own sends are top-level deliveries). */
  let delivering = 0;
  let firing: number | null = null;
  let count = 0;
  const byKey = new Map<string, ScheduledTimer>();
  const byNumber = new Map<number, ScheduledTimer>();
  const byEvent = new Map<object, ScheduledTimer[]>();
  const settledOnce: (() => void)[] = [];
  const observers: ((event: ObservedEvent) => void)[] = [];
  const sendInspectionEvent = internals._sendInspectionEvent;
  internals._sendInspectionEvent = (event) => {
    const type = event.type;
    if (observers.length && (type === '@xstate.event' || type === '@xstate.snapshot' || type === '@xstate.actor')) {
      for (let i = 0; i < observers.length; i++) observers[i]!(event as ObservedEvent);
    }
    sendInspectionEvent(event);
  };
  const settledAlways = new Set<() => void>();
  const keyOf = (source: AnyActorRef, id: string) => `${source.sessionId}.${id}`;

  const forget = (timer: ScheduledTimer) => {
    byKey.delete(keyOf(timer.source, timer.id));
    byNumber.delete(timer.n);
    const list = byEvent.get(timer.event);
    if (!list) return;
    const rest = list.filter((t) => t !== timer);
    if (rest.length) byEvent.set(timer.event, rest);
    else byEvent.delete(timer.event);
  };

  // What runs after a delivery never breaks it: an observer's error is reported and the next one still runs.
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      reportError(error);
    }
  };
  const settle = () => {
    // Reactions may deliver again; each delivery settles on its own and drains what is left.
    while (depth === 0 && settledOnce.length) safely(settledOnce.shift()!);
    if (depth === 0) for (const fn of [...settledAlways]) safely(fn);
  };

  const deliver = (source: AnyActorRef | undefined, target: AnyActorRef, event: object, timer: number | null) => {
    const outer = depth === 0;
    if (outer) firing = timer;
    depth++;
    delivering++;
    try {
      relay(source, target, event);
    } finally {
      delivering--;
      depth--;
      if (outer) firing = null;
    }
    if (depth === 0) settle();
  };

  internals._relay = (source, target, event) => {
    // A send from outside the system (`actor.send`: no source) made while a delivery is processed — an adapter that
    // sends as it starts, say — waits until the chain has settled, as any external event would: otherwise it would
    // land in the middle of a macrostep, where a replay, which injects external events between deliveries, cannot put it.
    if (!source && delivering > 0) {
      settledOnce.push(() => internals._relay(undefined, target, event));
      return;
    }
    let timer: number | null = null;
    if (depth === 0 && source) {
      const scheduled = byEvent.get(event)?.find((t) => t.source === source && t.target === target);
      if (scheduled) {
        timer = scheduled.n;
        forget(scheduled);
      }
    }
    deliver(source, target, event, timer);
  };
  scheduler.schedule = (source, target, event, delay, id) => {
    const timerId = id ?? `timer-${count + 1}`;
    const existing = byKey.get(keyOf(source, timerId));
    if (existing) forget(existing);
    const timer: ScheduledTimer = { n: ++count, source, target, event, id: timerId, due: now() + delay };
    byKey.set(keyOf(source, timerId), timer);
    byNumber.set(timer.n, timer);
    byEvent.set(event, [...(byEvent.get(event) ?? []), timer]);
    schedule(source, target, event, delay, timerId);
  };
  scheduler.cancel = (source, id) => {
    const timer = byKey.get(keyOf(source, id));
    if (timer) forget(timer);
    cancel(source, id);
  };

  const probe: SystemProbe = {
    depth: () => depth,
    takeFiringTimer: () => {
      const n = firing;
      firing = null;
      return n;
    },
    timerCount: () => count,
    setTimerCount: (n) => {
      count = Math.max(count, n);
    },
    pendingTimers: () => new Map([...byNumber.values()].map((t) => [t.n, t.due])),
    dueBefore: (time) => {
      const due: number[] = [];
      for (const timer of byNumber.values()) if (timer.due < time) due.push(timer.n);
      return due;
    },
    fire: (n) => {
      const timer = byNumber.get(n);
      if (!timer) return false;
      forget(timer);
      cancel(timer.source, timer.id);
      deliver(timer.source, timer.target, timer.event, n);
      return true;
    },
    afterSettled: (fn) => {
      if (depth === 0) fn();
      else settledOnce.push(fn);
    },
    onSettled: (fn) => {
      settledAlways.add(fn);
      return () => settledAlways.delete(fn);
    },
    observe: (fn) => {
      observers.push(fn);
      return () => {
        const at = observers.indexOf(fn);
        if (at >= 0) observers.splice(at, 1);
      };
    },
    run: (fn) => {
      depth++;
      try {
        return fn();
      } finally {
        depth--;
        if (depth === 0) settle();
      }
    },
  };
  probes.set(system, probe);
  return probe;
}

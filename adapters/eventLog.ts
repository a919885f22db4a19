import type { AnyActorRef } from 'xstate';
import { EVENT_LOG_CAPACITY_BYTES, EVENT_LOG_CHECKPOINT_EVERY_MS } from '../domain/constants.ts';
import { LogEncoder, SourcePreparation, unpreparedSourceOf } from '../domain/logCodec.ts';
import { redactedHash8 } from '../domain/logHash.ts';
import { isSecretKey } from '../domain/redaction.ts';
import { EncodingPreparation } from './eventLogPreparation.ts';
import { LogStore } from './eventLogStore.ts';
import type { CheckpointEntry, ContextKeys, EventEntry, EventOrigin, LogEntry, SnapshotEntry } from './eventLogEntries.ts';
import { exportLog, type LogHeader } from './eventLogFile.ts';
import { probeSystem, type ObservedEvent, type SystemProbe } from './systemProbe.ts';

export { EventLogFormatError, logText, outlineEventLog, parseEventLog, parseLogLines, readLines, type EntryRange, type LogLines, type LogSection, type ParsedLog, type LogHeader } from './eventLogFile.ts';

export type { CheckpointEntry, ContextKeys, EventEntry, EventOrigin, LogEntry, SnapshotEntry } from './eventLogEntries.ts';

export interface RecorderOptions {
  now: () => number;
  /** True for logic that belongs to the deterministic core (machines, stores); the rest are adapters. */
  isCoreLogic: (logic: unknown) => boolean;
  /** Bound of the log in characters of JSON (payloads included). */
  capacityBytes?: number;
  /** Log time between checkpoints. */
  checkpointEveryMs?: number;
}

export interface EventRecorder {
  /**
   * Records the system of `root` (the root actor, created and not yet started): every event delivered in it and every
   * core actor's state, through the system's probe (adapters/systemProbe.ts), from the root's start on.
   */
  attach: (root: AnyActorRef) => void;
  /**
   * The user is doing something the system does not hear (scrolling, pointing): a large checkpoint's work waits for a
   * pause in that too, as in the system's own activity.
   */
  noteActivity: () => void;
  /** The entries held now (decoded as a reader sees them: secrets redacted). */
  entries: () => LogEntry[];
  /** Entries dropped from the head to keep the log within its bound. */
  dropped: () => number;
  /** Characters of JSON held now (entries and payloads). */
  bytes: () => number;
  startTime: number;
  /** The log as gzip JSON Lines: header, payloads, entries (taken at the call; compressed once the deflate code is in). */
  exportGzip: (header: Omit<LogHeader, 'format' | 'formatVersion' | 'startTime' | 'capacityBytes' | 'dropped' | 'entries' | 'endTime'>) => Promise<Uint8Array>;
}

/** The path of ids from the root to an actor, e.g. `app/auth/loadStoredSession`. */
export function actorPath(ref: AnyActorRef): string {
  const ids: string[] = [];
  let cur: AnyActorRef | undefined = ref;
  while (cur) {
    ids.unshift(cur.id);
    cur = cur._parent;
  }
  return ids.join('/');
}

/** The logic an actor runs (typed loosely by xstate's public ActorRef). */
export function logicOf(ref: AnyActorRef): unknown {
  return (ref as unknown as { logic?: unknown }).logic;
}

/**
 * `xstate.snapshot.<id>` events (a child's snapshot sent to its parent) carry the child's whole snapshot: its machine,
 * children, history and context. The system makes them itself and replay regenerates them; the log keeps their value
 * and status. The child's context is in the child's own snapshot entries.
 */
function compactEvent(event: { type: string }): unknown {
  if (!event.type.startsWith('xstate.snapshot.')) return event;
  const snapshot = (event as { snapshot?: { value?: unknown; status?: unknown } }).snapshot;
  if (!snapshot || typeof snapshot !== 'object') return event;
  return { type: event.type, snapshot: { value: snapshot.value, status: snapshot.status } };
}

/** What the log remembers of an actor's context between two entries. */
export interface ContextTrack {
  context: unknown;
  keys: ContextKeys;
}

/**
 * The per-key fingerprints of `context`, reusing `previous` for keys whose value is the same object (contexts are
 * immutable and share structure). Non-object contexts are one key, "".
 */
export function trackContext(previous: ContextTrack | undefined, context: unknown): ContextTrack {
  if (previous && previous.context === context) return previous;
  const keys: ContextKeys = {};
  if (context === null || typeof context !== 'object' || Array.isArray(context)) {
    keys[''] = redactedHash8(context);
    return { context, keys };
  }
  const prev = previous && previous.context && typeof previous.context === 'object' ? (previous.context as Record<string, unknown>) : null;
  for (const key of Object.keys(context)) {
    const value = (context as Record<string, unknown>)[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (prev && key in prev && prev[key] === value && previous!.keys[key] !== undefined) keys[key] = previous!.keys[key]!;
    else keys[key] = isSecretKey(key) ? redactedHash8({ [key]: value }) : redactedHash8(value);
  }
  return { context, keys };
}

/** The keys whose fingerprints differ between two key sets (added and removed keys included). */
export function changedKeys(a: ContextKeys, b: ContextKeys): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[key] !== b[key]) out.push(key);
  return out;
}

interface ActorTrack extends ContextTrack {
  value: unknown;
  valueJson: string;
  status: string;
}

/**
 * The event-log recorder: attached to a system's root, it keeps every event delivered in the system (secrets redacted,
 * large payloads stored once) and the state of every core actor when it changed, in the order the system processed
 * them, bounded by bytes, with a checkpoint of every actor every few minutes of use.
 *
 * Order: observers that react to a state (the composition root's subscriptions) run after the delivery that made it
 * has settled (SystemProbe.afterSettled), so their sends follow the snapshots they react to; a send made while a
 * delivery is still in progress (a callback actor answering synchronously) is marked `nested`, and the replayer
 * compares states only between top-level deliveries.
 */
export function createEventRecorder(options: RecorderOptions): EventRecorder {
  const capacity = options.capacityBytes ?? EVENT_LOG_CAPACITY_BYTES;
  const checkpointEvery = options.checkpointEveryMs ?? EVENT_LOG_CHECKPOINT_EVERY_MS;
  const store = new LogStore(capacity);
  const encoder = new LogEncoder();
  const startTime = options.now();
  const elapsed = () => Math.max(0, options.now() - startTime);
  const isCore = (ref: AnyActorRef | undefined) => !!ref && options.isCoreLogic(logicOf(ref));
  const actors = new Map<string, ActorTrack>();
  const paths = new WeakMap<AnyActorRef, string>();
  const pathOf = (ref: AnyActorRef) => {
    let path = paths.get(ref);
    if (path === undefined) paths.set(ref, (path = actorPath(ref)));
    return path;
  };
  let probe: SystemProbe | null = null;
  let root: AnyActorRef | null = null;
  let rootStarted = false;
  let lastCheckpoint = { t: 0, bytes: 0 };

  // What the system hands over is kept as it is (events and snapshots are immutable) and written to the log later,
  // in order, when the page is idle, before an export, or when much is waiting: the delivery path only appends.
  // An idle turn writes what fits in its deadline and leaves the rest to the next one, so input is never kept waiting
  // behind a long backlog.
  const pending: Pending[] = [];
  let written = 0;
  let flushScheduled = false;
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    const idle = idleCallbacks();
    if (idle) idle(flushWhileIdle, { timeout: 2_000 });
    else setTimeout(flush, 200);
  };
  // Work that one entry would do at once is done ahead in steps, over as many idle turns as it takes: an adapter's
  // output decoded from a long text (the translation file) has its text's fingerprint and secret check worked out, a
  // checkpoint its encoding (a large model's objects, bottom-up).
  let preparing: { step(): boolean } | null = null;
  const prepared = new WeakSet<Pending>();
  const preparationFor = (item: Pending): { step(): boolean } | null => {
    if (prepared.has(item)) return null;
    prepared.add(item);
    if (item.kind === 'checkpoint') return new EncodingPreparation(encoder, item.persisted);
    if (item.kind !== 'event') return null;
    const output = (item.event as { output?: unknown }).output;
    const text = unpreparedSourceOf(output);
    return text === null ? null : new SourcePreparation(output as object, text);
  };
  // A large system's checkpoint (hundreds of ms of snapshot and encoding with a 20,000-segment translation model)
  // waits for a pause in the system's activity (no event from outside it or from its adapters for PAUSE_MS: the user
  // typing, a save and its answers), so a run of keys or saves meets neither its work nor the garbage collections it
  // brings; after HEAVY_WORK_MAX_WAIT_MS it goes anyway, in slices. A system is large when its last checkpoint's encoding took more than FREE_PREPARATION_STEPS steps (the
  // rest of that one waits) or megabytes were written since; a small one's checkpoints go at once.
  let largeSystem = false;
  let preparationSteps = 0;
  let lastActivityAt = Number.NEGATIVE_INFINITY;
  let heavyWaitingSince: number | null = null;
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  const mayDoHeavyWork = () => {
    const now = options.now();
    heavyWaitingSince ??= now;
    return now - lastActivityAt >= PAUSE_MS || now - heavyWaitingSince >= HEAVY_WORK_MAX_WAIT_MS;
  };
  const retryAfterPause = () => {
    pauseTimer ??= setTimeout(() => {
      pauseTimer = null;
      scheduleFlush();
    }, PAUSE_MS);
  };
  const flushWhileIdle = (deadline: IdleDeadline) => {
    flushScheduled = false;
    // A due checkpoint's snapshot is one piece of work: its own idle turn; its encoding is prepared in steps after.
    // Until a pause, what is waiting is written without it (the checkpoint then follows all of it).
    if (checkpointDue && (!largeSystem || mayDoHeavyWork())) {
      takeCheckpoint();
      scheduleFlush();
      return;
    }
    if (checkpointDue) retryAfterPause();
    // One slice at most, then the next idle turn: Chromium's idle deadline runs up to 50 ms when no frame is due, and
    // does not shorten when a key is pressed meanwhile, so a key would wait for the rest of it. Past the time-out the
    // browser had no idle time for 2 s: a slice of work goes anyway, then it waits again.
    const until = performance.now() + IDLE_SLICE_MS;
    const hasTime = () => performance.now() < until && (deadline.didTimeout || deadline.timeRemaining() > 0);
    while (written < pending.length && hasTime()) {
      if (!preparing) {
        preparing = preparationFor(pending[written]!);
        preparationSteps = 0;
      }
      if (preparing) {
        const encoding = preparing instanceof EncodingPreparation;
        if (encoding && preparationSteps >= FREE_PREPARATION_STEPS && !mayDoHeavyWork()) {
          largeSystem = true;
          retryAfterPause();
          break;
        }
        preparationSteps++;
        if (preparing.step()) {
          if (encoding) largeSystem = preparationSteps > FREE_PREPARATION_STEPS;
          preparing = null;
        }
        continue;
      }
      writePending(pending[written++]!);
    }
    if (written > 0) {
      pending.splice(0, written);
      written = 0;
    }
    if (pending.length > 0 && pauseTimer === null) scheduleFlush();
  };

  function writeEvent(item: PendingEvent): void {
    const { target, source } = item;
    // An adapter telling itself something (a promise actor its own result, before it tells its parent in the done or
    // error event, which is kept) is not part of the core's story: not written.
    if (source === target && !isCore(target)) return;
    const origin: EventOrigin = !source ? 'external' : isCore(source) ? 'machine' : 'adapter';
    // An event a machine sent (not by a timer) is made again by the machines in replay: its type says what it was.
    const regenerated = origin === 'machine' && item.timer === null;
    const encoded = regenerated ? { value: { type: item.event.type }, refs: [] } : encoder.encode(compactEvent(item.event));
    const entry: EventEntry = { k: 'event', t: item.t, target: pathOf(target), targetIsCore: isCore(target), source: source ? pathOf(source) : null, origin, event: encoded.value };
    if (item.nested) entry.nested = true;
    if (item.timer !== null) entry.timer = item.timer;
    store.add(entry, encoded.refs);
  }

  function writeSnapshot(item: PendingSnapshot): void {
    const path = pathOf(item.actor);
    const previous = actors.get(path);
    const value = item.snapshot.value ?? null;
    const status = item.snapshot.status ?? 'active';
    const track = trackContext(previous, item.snapshot.context);
    const valueJson = previous && previous.value === value ? previous.valueJson : JSON.stringify(value);
    const ctx: ContextKeys = {};
    let changed = !previous || previous.status !== status || previous.valueJson !== valueJson;
    for (const key in track.keys) {
      const hash = track.keys[key]!;
      if (previous?.keys[key] === hash) continue;
      ctx[key] = hash;
      changed = true;
    }
    const gone = previous && previous.keys !== track.keys ? Object.keys(previous.keys).filter((key) => !(key in track.keys)) : [];
    actors.set(path, { ...track, value, valueJson, status });
    if (!changed && gone.length === 0) return;
    const entry: SnapshotEntry = { k: 'snapshot', t: item.t, actor: path, value, ctx, status };
    if (gone.length) entry.gone = gone;
    store.add(entry, []);
  }

  function writeCheckpoint(item: PendingCheckpoint): void {
    heavyWaitingSince = null;
    let encoded: ReturnType<LogEncoder['encode']>;
    try {
      encoded = encoder.encode(item.persisted);
    } catch (error) {
      // A system that cannot be persisted keeps its log from the start; the log must never break the app.
      console.warn('Session log: no checkpoint', error);
      return;
    }
    const states: CheckpointEntry['states'] = {};
    for (const [path, track] of actors) {
      if (track.status === 'active') states[path] = { value: track.value, ctx: track.keys, status: track.status };
      // An actor that ended is not in the checkpoint, so a reader starting there has no state to take its next
      // instance's changes from: that instance is written whole.
      else actors.delete(path);
    }
    store.add({ k: 'checkpoint', t: item.t, timers: item.timers, snapshot: encoded.value, states } satisfies CheckpointEntry, encoded.refs);
    // The checkpoint's own bytes do not count towards the next one: a system whose checkpoint alone passes a quarter
    // of the bound would otherwise take one after every event.
    lastCheckpoint.bytes = store.written;
  }

  function writePending(item: Pending): void {
    try {
      if (item.kind === 'event') writeEvent(item);
      else if (item.kind === 'snapshot') writeSnapshot(item);
      else writeCheckpoint(item);
    } catch (error) {
      console.warn('Session log: an entry could not be written', error);
    }
  }

  function clearPending(): void {
    pending.length = 0;
    written = 0;
  }

  /** Writes everything waiting, now (an export or a reader needs the log whole). */
  function flush(): void {
    preparing = null;
    while (written < pending.length) writePending(pending[written++]!);
    clearPending();
  }

  const push = (item: Pending) => {
    pending.push(item);
    if (pending.length - written >= PENDING_FLUSH_AT) flush();
    else scheduleFlush();
  };

  // A checkpoint is due after some log time or a quarter of the bound written since the last one. In a browser it is
  // taken in the next idle turn, not in the delivery that settled (most often a key's): the persisted snapshot walks
  // every context, tens of ms with a large translation model. An idle turn runs between deliveries too, so the
  // checkpoint is the system's state after every event written before it.
  let checkpointDue = false;
  const checkpoint = () => {
    if (!root || !probe || checkpointDue) return;
    if (elapsed() - lastCheckpoint.t < checkpointEvery && store.written - lastCheckpoint.bytes < capacity / 4) return;
    // Megabytes written since the last checkpoint (a translation file) make a large system's next one.
    if (store.written - lastCheckpoint.bytes >= LARGE_SYSTEM_WRITTEN_CHARS) largeSystem = true;
    if (!idleCallbacks()) takeCheckpoint();
    else {
      checkpointDue = true;
      scheduleFlush();
    }
  };

  function takeCheckpoint(): void {
    checkpointDue = false;
    if (!root || !probe) return;
    const t = elapsed();
    lastCheckpoint = { t, bytes: store.written };
    let persisted: unknown;
    try {
      persisted = (root as unknown as { getPersistedSnapshot(): unknown }).getPersistedSnapshot();
    } catch (error) {
      console.warn('Session log: no checkpoint', error);
      return;
    }
    push({ kind: 'checkpoint', t, timers: probe.timerCount(), persisted });
  }

  const observe = (ev: ObservedEvent) => {
    const actorRef = ev.actorRef;
    if (ev.type === '@xstate.event') {
      const depth = probe!.depth();
      const timer = probe!.takeFiringTimer();
      // Until the root's first snapshot the system is still starting: what is delivered meanwhile belongs to the start.
      // Activity: what comes from outside the system (the user's input) or from its adapters (answers, pushes).
      if (!ev.sourceRef || !isCore(ev.sourceRef)) lastActivityAt = options.now();
      push({ kind: 'event', t: elapsed(), target: actorRef, source: ev.sourceRef, event: ev.event, nested: depth > 1 || !rootStarted, timer: depth === 1 ? timer : null });
    } else if (ev.type === '@xstate.snapshot') {
      if (actorRef === root) rootStarted = true;
      if (isCore(actorRef)) push({ kind: 'snapshot', t: elapsed(), actor: actorRef, snapshot: ev.snapshot as PendingSnapshot['snapshot'] });
    }
  };

  return {
    noteActivity: () => {
      lastActivityAt = options.now();
    },
    attach: (actor) => {
      if (root) throw new Error('The recorder is attached to a system already');
      root = actor;
      probe = probeSystem(actor.system);
      probe.onSettled(checkpoint);
      probe.observe(observe);
    },
    entries: () => {
      flush();
      return store.entries();
    },
    dropped: () => {
      flush();
      return store.dropped;
    },
    bytes: () => {
      flush();
      return store.bytes;
    },
    startTime,
    exportGzip: (partial) => {
      flush();
      return exportLog(store, { ...partial, startTime, capacityBytes: capacity, endTime: elapsed() });
    },
  };
}

/** The browser's requestIdleCallback, or null where there is none (Node: tests, tools). */
function idleCallbacks(): ((fn: (deadline: IdleDeadline) => void, options?: { timeout: number }) => unknown) | null {
  const idle = (globalThis as { requestIdleCallback?: (fn: (deadline: IdleDeadline) => void, options?: { timeout: number }) => unknown }).requestIdleCallback;
  return idle ? idle.bind(globalThis) : null;
}

/** Items waiting to be written: at most this many before they are written at once. */
const PENDING_FLUSH_AT = 5_000;

/** A pause in the system's activity after which a large checkpoint's work goes (no UI send, no adapter event). */
const PAUSE_MS = 1_000;
/** The longest a checkpoint's heavy work waits for such a pause; then it goes in slices, input or not. */
const HEAVY_WORK_MAX_WAIT_MS = 30_000;
/** Steps of a checkpoint's encoding done without waiting for a pause (a small system's whole checkpoint). */
const FREE_PREPARATION_STEPS = 10;
/** Characters written since the last checkpoint that make the next one a large system's (a large model came in). */
const LARGE_SYSTEM_WRITTEN_CHARS = 1_000_000;

/** Work done per idle callback (a key pressed meanwhile waits for it): one slice, then the next idle turn. */
const IDLE_SLICE_MS = 4;

interface PendingEvent {
  kind: 'event';
  t: number;
  target: AnyActorRef;
  source: AnyActorRef | undefined;
  event: { type: string };
  nested: boolean;
  timer: number | null;
}
interface PendingSnapshot {
  kind: 'snapshot';
  t: number;
  actor: AnyActorRef;
  snapshot: { value?: unknown; context?: unknown; status?: string };
}
interface PendingCheckpoint {
  kind: 'checkpoint';
  t: number;
  timers: number;
  persisted: unknown;
}
type Pending = PendingEvent | PendingSnapshot | PendingCheckpoint;

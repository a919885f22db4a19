import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { EVENT_LOG_CAPACITY_EVENTS, EVENT_LOG_FORMAT, EVENT_LOG_FORMAT_VERSION } from '../domain/constants.ts';
import { redact, redactedHash } from '../domain/redaction.ts';

/** Where an event came from: a UI send, an adapter actor (promise/callback output, socket message) or a machine (raise, sendTo, after). */
export type EventOrigin = 'external' | 'adapter' | 'machine';

/** One event delivered to an actor. */
export interface EventEntry {
  k: 'event';
  /** Milliseconds since the log started. */
  t: number;
  target: string;
  targetIsCore: boolean;
  source: string | null;
  origin: EventOrigin;
  event: unknown;
}

/** The state of a core actor (machine or store) after it changed. */
export interface SnapshotEntry {
  k: 'snapshot';
  t: number;
  actor: string;
  value: unknown;
  /** Hash of the redacted context. */
  ctx: string;
  status: string;
}

export type LogEntry = EventEntry | SnapshotEntry;

export interface LogHeader {
  format: typeof EVENT_LOG_FORMAT;
  formatVersion: number;
  appVersion: string;
  buildId: string;
  /** Hash of each machine definition in the registry, by name. */
  machines: Record<string, string>;
  /** Wall-clock start of the log (ms since the epoch). */
  startTime: number;
  userAgent: string;
  capacity: number;
  /** Entries dropped from the front of the ring buffer; a log with drops cannot be replayed from the start. */
  dropped: number;
  entries: number;
}

export interface RecorderOptions {
  now: () => number;
  /** True for logic that belongs to the deterministic core (machines, stores); the rest are adapters. */
  isCoreLogic: (logic: unknown) => boolean;
  capacity?: number;
}

export interface EventRecorder {
  /** Pass as `inspect` to `createActor`. */
  inspect: (event: InspectionEvent) => void;
  entries: () => LogEntry[];
  dropped: () => number;
  startTime: number;
  /** The log as gzip JSON Lines, header first. */
  exportGzip: (header: Omit<LogHeader, 'format' | 'formatVersion' | 'startTime' | 'capacity' | 'dropped' | 'entries'>) => Uint8Array;
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
 * `xstate.snapshot.<id>` events carry the child's whole snapshot (its machine, children, history),
 * hundreds of kilobytes each; the log keeps what a reader needs (value, status, context). They are
 * made by the system itself, so replay regenerates them and never needs the rest.
 */
function compactEvent(event: { type: string }): unknown {
  if (!event.type.startsWith('xstate.snapshot.')) return event;
  const snapshot = (event as { snapshot?: { value?: unknown; status?: unknown; context?: unknown } }).snapshot;
  if (!snapshot || typeof snapshot !== 'object') return event;
  return { ...event, snapshot: { value: snapshot.value, status: snapshot.status, context: snapshot.context } };
}

/** Hash of a context after redaction, per object and cached by identity (domain/redaction.ts redactedHash). */
export function contextHash(context: unknown): string {
  return redactedHash(context);
}

const redactedEntries = new WeakMap<LogEntry, LogEntry>();
/** An entry as the log shows it: the event with secrets redacted (once per entry). */
function redactedEntry(entry: LogEntry): LogEntry {
  if (entry.k !== 'event') return entry;
  let red = redactedEntries.get(entry);
  if (!red) redactedEntries.set(entry, (red = { ...entry, event: redact(entry.event) }));
  return red;
}

/** A bounded ring buffer: keeps the newest `capacity` items. */
class Ring<T> {
  private items: T[] = [];
  private head = 0;
  dropped = 0;
  constructor(private readonly capacity: number) {}
  push(item: T) {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    this.dropped++;
  }
  toArray(): T[] {
    return this.head === 0 ? this.items.slice() : [...this.items.slice(this.head), ...this.items.slice(0, this.head)];
  }
}

/**
 * The event-log recorder: an inspection observer that keeps every event delivered in the system
 * (secrets redacted) and the state of every core actor after it changed, in a bounded ring buffer.
 */
export function createEventRecorder(options: RecorderOptions): EventRecorder {
  const ring = new Ring<LogEntry>(options.capacity ?? EVENT_LOG_CAPACITY_EVENTS);
  const startTime = options.now();
  const elapsed = () => Math.max(0, options.now() - startTime);
  const isCore = (ref: AnyActorRef | undefined) => !!ref && options.isCoreLogic(logicOf(ref));

  const inspect = (ev: InspectionEvent) => {
    const actorRef = ev.actorRef as AnyActorRef;
    if (ev.type === '@xstate.event') {
      const source = ev.sourceRef as AnyActorRef | undefined;
      const origin: EventOrigin = !source ? 'external' : isCore(source) ? 'machine' : 'adapter';
      ring.push({
        k: 'event',
        t: elapsed(),
        target: actorPath(actorRef),
        targetIsCore: isCore(actorRef),
        source: source ? actorPath(source) : null,
        origin,
        // Redacted when read (entries, export), not here: events are immutable, and a large adapter output (a
        // translation file of 20,000 segments) would otherwise be deep-copied on the path that shows it.
        event: compactEvent(ev.event),
      });
    } else if (ev.type === '@xstate.snapshot' && isCore(actorRef)) {
      const snapshot = ev.snapshot as { value?: unknown; context?: unknown; status?: string };
      ring.push({
        k: 'snapshot',
        t: elapsed(),
        actor: actorPath(actorRef),
        value: snapshot.value ?? null,
        ctx: contextHash(snapshot.context),
        status: snapshot.status ?? 'active',
      });
    }
  };

  return {
    inspect,
    entries: () => ring.toArray().map(redactedEntry),
    dropped: () => ring.dropped,
    startTime,
    exportGzip: (partial) => {
      const entries = ring.toArray().map(redactedEntry);
      const header: LogHeader = {
        format: EVENT_LOG_FORMAT,
        formatVersion: EVENT_LOG_FORMAT_VERSION,
        ...partial,
        startTime,
        capacity: options.capacity ?? EVENT_LOG_CAPACITY_EVENTS,
        dropped: ring.dropped,
        entries: entries.length,
      };
      const lines = [JSON.stringify(header), ...entries.map((e) => JSON.stringify(e))].join('\n') + '\n';
      return gzipSync(strToU8(lines), { level: 6 });
    },
  };
}

/** Thrown when a file is not a session log this app can read. */
export class EventLogFormatError extends Error {
  override name = 'EventLogFormatError';
}

/** Reads an exported session log (gzip JSON Lines, or plain JSON Lines). */
export function parseEventLog(bytes: Uint8Array): { header: LogHeader; entries: LogEntry[] } {
  let text: string;
  try {
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    text = strFromU8(gzipped ? gunzipSync(bytes) : bytes);
  } catch {
    throw new EventLogFormatError('The file is not a readable gzip session log.');
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new EventLogFormatError('The session log is empty.');
  let header: LogHeader;
  try {
    header = JSON.parse(lines[0]!) as LogHeader;
  } catch {
    throw new EventLogFormatError('The first line of the session log is not a JSON header.');
  }
  if (header.format !== EVENT_LOG_FORMAT) throw new EventLogFormatError(`Not a session log (format is ${JSON.stringify(header.format)}).`);
  if (header.formatVersion !== EVENT_LOG_FORMAT_VERSION) {
    throw new EventLogFormatError(`Unsupported session log version ${header.formatVersion}; this tool reads version ${EVENT_LOG_FORMAT_VERSION}.`);
  }
  const entries = lines.slice(1).map((line, index) => {
    try {
      return JSON.parse(line) as LogEntry;
    } catch {
      throw new EventLogFormatError(`Line ${index + 2} of the session log is not JSON.`);
    }
  });
  return { header, entries };
}

import { gunzipSync, strFromU8, strToU8 } from 'fflate';
import { EVENT_LOG_FORMAT, EVENT_LOG_FORMAT_VERSION } from '../domain/constants.ts';
import { LogDecoder, MissingPayloadError } from '../domain/logCodec.ts';
import type { LogEntry } from './eventLogEntries.ts';
import { decodeEntry, type LogStore } from './eventLogStore.ts';

/**
 * The downloaded session log: gzip JSON Lines. Line 1 is the header; then one line per payload
 * (`{"k":"payload","id":…,"value":…}`, content-addressed values referenced as `{"$ref": id}`); then the order line
 * (`{"k":"order","kinds":"ESSE…C"}`: one letter per entry, E event, S snapshot, C checkpoint, in the order the system
 * processed them); then the entries kind by kind, each kind in its own order: every event, every snapshot, every
 * checkpoint (adapters/eventLog.ts), each entry's `t` written as the step from the previous entry of its kind. Lines of one kind side by side compress about a quarter better than interleaved
 * ones (deflate's tables fit one kind at a time); the order line puts them back in sequence.
 */
export interface LogHeader {
  format: typeof EVENT_LOG_FORMAT;
  formatVersion: number;
  appVersion: string;
  buildId: string;
  /** Hash of each machine definition in the registry, by name (machines/definition.ts; stable across minification). */
  machines: Record<string, string>;
  /** Wall-clock start of the log (ms since the epoch). */
  startTime: number;
  /** Log time (ms since start) when it was exported. */
  endTime: number;
  userAgent: string;
  /** Bound of the log in characters of JSON. */
  capacityBytes: number;
  /** Entries dropped from the head to stay within the bound; such a log replays from its first checkpoint. */
  dropped: number;
  entries: number;
}

export interface ParsedLog {
  header: LogHeader;
  entries: LogEntry[];
  /** Set when only a range of the log was read: `entries[0]` is entry `from` of the log's `total`. */
  range?: { from: number; to: number; total: number };
}

/** Thrown when a file is not a session log this app can read. */
export class EventLogFormatError extends Error {
  override name = 'EventLogFormatError';
}

/**
 * Writes the store as gzip JSON Lines, header first. The text is taken at once (the log as it is now); zlib's deflate
 * (pako) is loaded on the first export, so the page's first load does not carry it.
 */
export async function exportLog(store: LogStore, partial: Omit<LogHeader, 'format' | 'formatVersion' | 'dropped' | 'entries'>): Promise<Uint8Array> {
  const text = exportLogText(store, partial);
  const { gzip } = await import('pako');
  // zlib's own deflate (pako) at level 9 writes this log about 8 % smaller than fflate's faster one; reading stays on fflate.
  return gzip(strToU8(text), { level: 9 });
}

/** The session log's JSON Lines text (what `exportLog` compresses). */
export function exportLogText(store: LogStore, partial: Omit<LogHeader, 'format' | 'formatVersion' | 'dropped' | 'entries'>): string {
  const entries = store.entryLines();
  const header: LogHeader = { format: EVENT_LOG_FORMAT, formatVersion: EVENT_LOG_FORMAT_VERSION, ...partial, dropped: store.dropped, entries: entries.length };
  const payloads = store.payloadTexts().map(([id, text]) => `{"k":"payload","id":${JSON.stringify(id)},"value":${text}}`);
  const sections: Record<EntryLetter, string[]> = { E: [], S: [], C: [] };
  const lastTime: Record<EntryLetter, number> = { E: 0, S: 0, C: 0 };
  let kinds = '';
  for (const line of entries) {
    const letter = letterOf(line);
    kinds += letter;
    // Times as the step from the previous entry of the same kind: small numbers that compress well.
    const timed = TIME_PREFIX.exec(line);
    if (timed) {
      const t = Number(timed[2]);
      sections[letter].push(`${timed[1]}${t - lastTime[letter]}${line.slice(timed[0].length - 1)}`);
      lastTime[letter] = t;
    } else {
      sections[letter].push(line);
    }
  }
  const order = `{"k":"order","kinds":"${kinds}"}`;
  return [JSON.stringify(header), ...payloads, order, ...sections.E, ...sections.S, ...sections.C].join('\n') + '\n';
}

type EntryLetter = 'E' | 'S' | 'C';
/** Entries are written with `k` then `t` first. */
const TIME_PREFIX = /^(\{"k":"(?:event|snapshot|checkpoint)","t":)(\d+),/;
const LETTERS: Record<LogEntry['k'], EntryLetter> = { event: 'E', snapshot: 'S', checkpoint: 'C' };

/** An entry line's kind (entries are written with `k` first). */
function letterOf(line: string): EntryLetter {
  if (line.startsWith('{"k":"event"')) return 'E';
  if (line.startsWith('{"k":"snapshot"')) return 'S';
  if (line.startsWith('{"k":"checkpoint"')) return 'C';
  return LETTERS[(JSON.parse(line) as LogEntry).k];
}

/** A log entry line's kind and its time step, read from its fixed prefix without parsing the line. */
const ENTRY_PREFIX = /^\{"k":"(event|snapshot|checkpoint)","t":(-?\d+)[,}]/;
const PAYLOAD_PREFIX = /^\{"k":"payload","id":("(?:[^"\\]|\\.)*"),"value":/;

/** One kind's entry lines, in order: read when asked (a range of the log needs only its own). */
export interface LogSection {
  readonly length: number;
  line(index: number): string | undefined;
  /** The sum of the time steps of the first `count` lines, when the reader has a faster way than reading them. */
  timeBefore?(count: number): number;
}

/** The file's lines sorted out: header, payload texts by id, the order line, and each kind's entry lines in order. */
export interface LogLines {
  header: LogHeader;
  payloads: LazyPayloads;
  kinds: string;
  sections: Record<EntryLetter, LogSection>;
}

const arraySection = (lines: string[]): LogSection => ({ get length() { return lines.length; }, line: (index) => lines[index] });

/** Payloads parsed when an entry first references them (a range of the log needs only its own). */
export class LazyPayloads {
  private readonly texts = new Map<string, string>();
  private readonly values = new Map<string, unknown>();
  add(id: string, valueText: string): void {
    this.texts.set(id, valueText);
  }
  set(id: string, value: unknown): void {
    this.values.set(id, value);
  }
  has(id: string): boolean {
    return this.values.has(id) || this.texts.has(id);
  }
  get(id: string): unknown {
    if (this.values.has(id)) return this.values.get(id);
    const text = this.texts.get(id);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new EventLogFormatError(`The session log's payload ${id} is not JSON.`);
    }
    this.values.set(id, value);
    this.texts.delete(id);
    return value;
  }
}

/** The log file's text: gunzipped when it is gzip, read as UTF-8 otherwise. */
export function logText(bytes: Uint8Array): string {
  try {
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return strFromU8(gzipped ? gunzipSync(bytes) : bytes);
  } catch {
    throw new EventLogFormatError('The file is not a readable gzip session log.');
  }
}

/** The header line, checked: a session log of the version this build reads. */
function readHeader(line: string): LogHeader {
  let header: LogHeader;
  try {
    header = JSON.parse(line) as LogHeader;
  } catch {
    throw new EventLogFormatError('The first line of the session log is not a JSON header.');
  }
  if (!header || typeof header !== 'object' || header.format !== EVENT_LOG_FORMAT) {
    throw new EventLogFormatError(`Not a session log (format is ${JSON.stringify(header?.format)}).`);
  }
  if (header.formatVersion !== EVENT_LOG_FORMAT_VERSION) {
    throw new EventLogFormatError(
      `Unsupported session log version ${header.formatVersion}; this tool reads version ${EVENT_LOG_FORMAT_VERSION} (its state fingerprints are computed differently: replay an older log with the app version that recorded it).`,
    );
  }
  return header;
}

/** The file's lines sorted out (header, payloads, order line, each kind's entry lines). */
export function readLines(file: Uint8Array | string): LogLines {
  const text = typeof file === 'string' ? file : logText(file);
  const lines = text.split('\n');
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === '') first++;
  if (first === lines.length) throw new EventLogFormatError('The session log is empty.');
  const header = readHeader(lines[first]!);
  const payloads = new LazyPayloads();
  const sections: Record<EntryLetter, string[]> = { E: [], S: [], C: [] };
  let kinds: string | null = null;
  for (let index = first + 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.startsWith('{"k":"event"')) sections.E.push(line);
    else if (line.startsWith('{"k":"snapshot"')) sections.S.push(line);
    else if (line.startsWith('{"k":"checkpoint"')) sections.C.push(line);
    else if (line.startsWith('{"k":"payload"')) {
      const prefix = PAYLOAD_PREFIX.exec(line);
      if (prefix && line.endsWith('}')) payloads.add(JSON.parse(prefix[1]!) as string, line.slice(prefix[0].length, -1));
      else classify(JSON.parse(line) as unknown, index);
    } else if (line.trim() !== '') {
      // A line written some other way (another key order, spaces): read it whole.
      const parsed = classify(parseLine(line, index), index);
      if (parsed) kinds ??= parsed;
    }
  }
  if (kinds === null) throw new EventLogFormatError('The session log has no order line.');
  return { header, payloads, kinds, sections: { E: arraySection(sections.E), S: arraySection(sections.S), C: arraySection(sections.C) } };

  function classify(parsed: unknown, index: number): string | null {
    const obj = parsed as { k?: unknown; id?: unknown; value?: unknown; kinds?: unknown } | null;
    if (obj?.k === 'payload' && typeof obj.id === 'string') payloads.set(obj.id, obj.value);
    else if (obj?.k === 'order' && typeof obj.kinds === 'string') return kinds === null ? obj.kinds : null;
    else if (obj?.k === 'event' || obj?.k === 'snapshot' || obj?.k === 'checkpoint') sections[LETTERS[obj.k]].push(JSON.stringify(obj));
    else throw new EventLogFormatError(`Line ${index + 1} of the session log is not a log entry.`);
    return null;
  }
}

function parseLine(line: string, index: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new EventLogFormatError(`Line ${index + 1} of the session log is not JSON.`);
  }
}

/** An entry line's time step (from the previous entry of its kind). */
function timeStep(line: string): number {
  const prefix = ENTRY_PREFIX.exec(line);
  if (prefix) return Number(prefix[2]);
  const t = (parseLine(line, -1) as { t?: unknown }).t;
  return typeof t === 'number' ? t : 0;
}

/** The file's header and order line: enough to plan a replay in ranges (a checkpoint is a `C` in `kinds`). */
export function outlineEventLog(file: Uint8Array | string): { header: LogHeader; kinds: string } {
  const text = typeof file === 'string' ? file : logText(file);
  // The recorder writes the header first and the order line before the entries: found without reading every line.
  const order = text.indexOf(ORDER_LINE_START);
  if (order >= 0 && text.startsWith('{')) {
    const end = text.indexOf('\n', order + 1);
    const line = text.slice(order + 1, end < 0 ? text.length : end);
    let kinds: unknown;
    try {
      kinds = (JSON.parse(line) as { kinds?: unknown }).kinds;
    } catch {
      kinds = null;
    }
    if (typeof kinds === 'string' && /^[ESC]*$/.test(kinds)) return { header: readHeader(text.slice(0, text.indexOf('\n'))), kinds };
  }
  const { header, kinds } = readLines(text);
  return { header, kinds };
}

const ORDER_LINE_START = '\n{"k":"order","kinds":"';

/**
 * Reads an exported session log (gzip JSON Lines, or plain JSON Lines, or its text from `logText`) back into entries in the order the system
 * processed them. With `range`, only the entries from index `from` up to (not including) `to` are parsed and decoded
 * (`range` says where they lie): a replay split at checkpoints reads only its own stretch.
 */
/**
 * An event a machine sent (not by a timer), written as `{"k":"event","t":…,"target":…,"targetIsCore":…,"source":…,
 * "origin":"machine","event":…}`: a replay regenerates it, so a lean read takes only its prefix.
 */
const MACHINE_EVENT_PREFIX = /^\{"k":"event","t":(-?\d+),"target":"((?:[^"\\]|\\.)*)","targetIsCore":(true|false),"source":(?:null|"(?:[^"\\]|\\.)*"),"origin":"machine","event":/;
/** The event of an entry read lean: a replay counts it as regenerated and never looks at it. */
const LEAN_EVENT = Object.freeze({ type: '(regenerated)' });

/**
 * Parses a session log file (or one range of its entries). `lean`: events machines sent themselves (not by a timer),
 * which a replay regenerates, are read from their line's prefix only (time, target, origin), their event left out —
 * for the replayer, which never reads them; every other reader wants them whole.
 */
export function parseEventLog(file: Uint8Array | string, range?: EntryRange): ParsedLog {
  return parseLogLines(readLines(file), range);
}

/** Which entries to read (all by default), and whether lean (see parseEventLog). */
export interface EntryRange {
  from?: number;
  to?: number;
  lean?: boolean;
}

/** parseEventLog over lines sorted out already (by readLines, or by a reader of the file's bytes). */
export function parseLogLines(lines: LogLines, range?: EntryRange): ParsedLog {
  const { header, payloads, kinds, sections } = lines;
  const total = sections.E.length + sections.S.length + sections.C.length;
  if (kinds.length !== total || !/^[ESC]*$/.test(kinds)) throw new EventLogFormatError(`The session log's order line lists ${kinds.length} entries but ${total} were read.`);
  const from = Math.max(0, Math.min(range?.from ?? 0, total));
  const to = Math.max(from, Math.min(range?.to ?? total, total));
  const lean = range?.lean === true;
  // Each kind's position and absolute time at `from`: the steps of the lines before it are summed, not parsed.
  const next: Record<EntryLetter, number> = { E: 0, S: 0, C: 0 };
  for (let i = 0; i < from; i++) next[kinds[i] as EntryLetter]++;
  const time: Record<EntryLetter, number> = { E: 0, S: 0, C: 0 };
  for (const letter of ['E', 'S', 'C'] as const) {
    const section = sections[letter];
    if (section.timeBefore) time[letter] = section.timeBefore(next[letter]);
    else for (let i = 0; i < next[letter]; i++) time[letter] += timeStep(section.line(i)!);
  }
  const decoder = new LogDecoder(payloads);
  const entries: LogEntry[] = [];
  try {
    for (let i = from; i < to; i++) {
      const letter = kinds[i] as EntryLetter;
      const line = sections[letter].line(next[letter]++);
      if (line === undefined) throw new EventLogFormatError(`The session log's order line does not match its entries (too few ${letter} entries).`);
      if (lean && letter === 'E') {
        const machine = MACHINE_EVENT_PREFIX.exec(line);
        if (machine && !line.includes(',"timer":', line.length - 24)) {
          const target = machine[2]!;
          entries.push({ k: 'event', t: (time.E += Number(machine[1])), target: target.includes('\\') ? (JSON.parse(`"${target}"`) as string) : target, targetIsCore: machine[3] === 'true', source: null, origin: 'machine', event: LEAN_EVENT });
          continue;
        }
      }
      let raw: LogEntry;
      try {
        raw = JSON.parse(line) as LogEntry;
      } catch {
        throw new EventLogFormatError(`Entry ${i + 1} of the session log is not JSON.`);
      }
      if (typeof raw.t === 'number') raw.t = time[letter] += raw.t;
      entries.push(decodeEntry(raw, decoder));
    }
  } catch (error) {
    if (error instanceof MissingPayloadError) throw new EventLogFormatError(error.message);
    throw error;
  }
  return range && (range.from !== undefined || range.to !== undefined) ? { header, entries, range: { from, to, total } } : { header, entries };
}

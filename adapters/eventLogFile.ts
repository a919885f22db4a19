import { gunzipSync, strFromU8, strToU8 } from 'fflate';
import { gzip } from 'pako';
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
}

/** Thrown when a file is not a session log this app can read. */
export class EventLogFormatError extends Error {
  override name = 'EventLogFormatError';
}

/** Writes the store as gzip JSON Lines, header first. */
export function exportLog(store: LogStore, partial: Omit<LogHeader, 'format' | 'formatVersion' | 'dropped' | 'entries'>): Uint8Array {
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
  const text = [JSON.stringify(header), ...payloads, order, ...sections.E, ...sections.S, ...sections.C].join('\n') + '\n';
  // zlib's own deflate (pako) at level 9 writes this log about 8 % smaller than fflate's faster one; reading stays on fflate.
  return gzip(strToU8(text), { level: 9 });
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

/** Puts a version 3 log's kind-by-kind entries back in the order the system processed them. */
function interleave(kinds: string, raw: LogEntry[]): LogEntry[] {
  const queues: Record<EntryLetter, LogEntry[]> = { E: [], S: [], C: [] };
  const lastTime: Record<EntryLetter, number> = { E: 0, S: 0, C: 0 };
  for (const entry of raw) {
    const letter = LETTERS[entry.k];
    if (typeof entry.t === 'number') entry.t = lastTime[letter] += entry.t;
    queues[letter].push(entry);
  }
  if (kinds.length !== raw.length || !/^[ESC]*$/.test(kinds)) throw new EventLogFormatError(`The session log's order line lists ${kinds.length} entries but ${raw.length} were read.`);
  const next: Record<EntryLetter, number> = { E: 0, S: 0, C: 0 };
  const out: LogEntry[] = [];
  for (const letter of kinds as Iterable<EntryLetter>) {
    const entry = queues[letter][next[letter]++];
    if (!entry) throw new EventLogFormatError(`The session log's order line does not match its entries (too few ${letter} entries).`);
    out.push(entry);
  }
  return out;
}

/** Reads an exported session log (gzip JSON Lines, or plain JSON Lines). */
export function parseEventLog(bytes: Uint8Array): ParsedLog {
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
  if (!header || typeof header !== 'object' || header.format !== EVENT_LOG_FORMAT) {
    throw new EventLogFormatError(`Not a session log (format is ${JSON.stringify(header?.format)}).`);
  }
  if (header.formatVersion !== EVENT_LOG_FORMAT_VERSION) {
    throw new EventLogFormatError(
      `Unsupported session log version ${header.formatVersion}; this tool reads version ${EVENT_LOG_FORMAT_VERSION} (its state fingerprints are computed differently: replay an older log with the app version that recorded it).`,
    );
  }
  const payloads = new Map<string, unknown>();
  let raw: LogEntry[] = [];
  let kinds: string | null = null;
  lines.slice(1).forEach((line, index) => {
    let parsed: { k?: unknown; id?: unknown; value?: unknown };
    try {
      parsed = JSON.parse(line) as typeof parsed;
    } catch {
      throw new EventLogFormatError(`Line ${index + 2} of the session log is not JSON.`);
    }
    if (parsed?.k === 'payload' && typeof parsed.id === 'string') payloads.set(parsed.id, parsed.value);
    else if (parsed?.k === 'order' && typeof (parsed as { kinds?: unknown }).kinds === 'string' && kinds === null) kinds = (parsed as { kinds: string }).kinds;
    else if (parsed?.k === 'event' || parsed?.k === 'snapshot' || parsed?.k === 'checkpoint') raw.push(parsed as LogEntry);
    else throw new EventLogFormatError(`Line ${index + 2} of the session log is not a log entry.`);
  });
  if (kinds === null) throw new EventLogFormatError('The session log has no order line.');
  raw = interleave(kinds, raw);
  const decoder = new LogDecoder(payloads);
  try {
    return { header, entries: raw.map((entry) => decodeEntry(entry, decoder)) };
  } catch (error) {
    if (error instanceof MissingPayloadError) throw new EventLogFormatError(error.message);
    throw error;
  }
}

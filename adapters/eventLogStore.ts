import { LogDecoder, type PayloadRecord } from '../domain/logCodec.ts';
import type { LogEntry } from './eventLogEntries.ts';

interface StoredLine {
  line: string;
  refs: PayloadRecord[];
}

interface StoredPayload {
  record: PayloadRecord;
  count: number;
}

/**
 * The log's memory: entries as JSON lines in arrival order and the content-addressed payloads they reference, bounded
 * by characters of JSON. When over the bound, entries are dropped from the head; a payload lives while an entry (or
 * another payload) that references it is held, so each is kept once however many entries carry it.
 */
export class LogStore {
  private lines: StoredLine[] = [];
  private head = 0;
  private payloads = new Map<string, StoredPayload>();
  /** Characters held now. */
  bytes = 0;
  /** Characters ever written (entries and new payloads). */
  written = 0;
  /** Entries dropped from the head. */
  dropped = 0;

  constructor(private readonly capacity: number) {}

  add(entry: LogEntry, refs: PayloadRecord[]): void {
    for (const ref of refs) this.retain(ref);
    const line = JSON.stringify(entry);
    this.lines.push({ line, refs });
    this.bytes += line.length + 1;
    this.written += line.length + 1;
    while (this.bytes > this.capacity && this.lines.length - this.head > 1) this.dropHead();
    if (this.head > 4_096 && this.head * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.head = 0;
    }
  }

  /** Entry lines held now, oldest first. */
  entryLines(): string[] {
    return this.lines.slice(this.head).map((l) => l.line);
  }

  /** Payloads held now, as `[id, json text]`. */
  payloadTexts(): [string, string][] {
    return [...this.payloads.values()].map((p) => [p.record.id, p.record.text]);
  }

  /** The entries held now, decoded (payloads resolved). */
  entries(): LogEntry[] {
    const payloads = new Map(this.payloadTexts().map(([id, text]) => [id, JSON.parse(text) as unknown]));
    const decoder = new LogDecoder(payloads);
    return this.entryLines().map((line) => decodeEntry(JSON.parse(line) as LogEntry, decoder));
  }

  private retain(record: PayloadRecord): void {
    const held = this.payloads.get(record.id);
    if (held) {
      held.count++;
      return;
    }
    this.payloads.set(record.id, { record, count: 1 });
    this.bytes += record.text.length + record.id.length + 30;
    this.written += record.text.length + record.id.length + 30;
    for (const child of record.children) this.retain(child);
  }

  private release(record: PayloadRecord): void {
    const held = this.payloads.get(record.id);
    if (!held || --held.count > 0) return;
    this.payloads.delete(record.id);
    this.bytes -= record.text.length + record.id.length + 30;
    for (const child of held.record.children) this.release(child);
  }

  private dropHead(): void {
    const first = this.lines[this.head]!;
    this.lines[this.head] = undefined as unknown as StoredLine;
    this.head++;
    this.bytes -= first.line.length + 1;
    for (const ref of first.refs) this.release(ref);
    this.dropped++;
  }
}

/** An entry as read from the log: its event or checkpoint snapshot decoded with the log's payloads. */
export function decodeEntry(entry: LogEntry, decoder: LogDecoder): LogEntry {
  if (entry.k === 'event') return { ...entry, event: decoder.decode(entry.event) };
  if (entry.k === 'checkpoint') return { ...entry, snapshot: decoder.decode(entry.snapshot) };
  return entry;
}

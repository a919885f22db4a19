/**
 * A session log's plain text held once as UTF-8 in a SharedArrayBuffer, so every replay worker reads the same bytes
 * (posting a long log's text to each worker would copy it once per worker, on the main thread, before any could
 * start), and its outline read from the bytes without decoding the whole text.
 */
import { gunzipSync } from 'node:zlib';
import { EventLogFormatError, outlineEventLog, readLines, type LogHeader, type LogLines, type LogSection } from '../adapters/eventLog.ts';

export interface SharedLog {
  buffer: SharedArrayBuffer;
  length: number;
}

/** The file's plain bytes: gunzipped with Node's native zlib when it is gzip (as adapters/eventLog.ts logText reads it). */
function plainBytes(bytes: Uint8Array): Buffer {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return view;
  try {
    return gunzipSync(view);
  } catch {
    throw new EventLogFormatError('The file is not a readable gzip session log.');
  }
}

export function shareLog(file: Uint8Array | string): SharedLog {
  const plain = typeof file === 'string' ? Buffer.from(file, 'utf8') : plainBytes(file);
  const buffer = new SharedArrayBuffer(plain.byteLength);
  new Uint8Array(buffer).set(plain);
  return { buffer, length: plain.byteLength };
}

export function sharedText(log: SharedLog): string {
  return Buffer.from(log.buffer, 0, log.length).toString('utf8');
}

/** The log file's text with Node's native zlib (several times faster than the portable inflater of the browser build). */
export function nodeLogText(bytes: Uint8Array): string {
  return plainBytes(bytes).toString('utf8');
}

const ORDER_LINE_START = '\n{"k":"order","kinds":"';

/**
 * The header and order line (adapters/eventLog.ts outlineEventLog), read from the two lines that hold them when the
 * recorder wrote the file (header first, order line before the entries), else from the whole text.
 */
export function outlineShared(log: SharedLog): { header: LogHeader; kinds: string } {
  const view = Buffer.from(log.buffer, 0, log.length);
  const order = view.indexOf(ORDER_LINE_START);
  if (order >= 0 && view[0] === 0x7b) {
    const end = view.indexOf(10, order + 1);
    const twoLines = `${view.toString('utf8', 0, view.indexOf(10))}\n${view.toString('utf8', order + 1, end < 0 ? log.length : end)}`;
    try {
      return outlineEventLog(twoLines);
    } catch (error) {
      if (!(error instanceof EventLogFormatError)) throw error;
    }
  }
  return outlineEventLog(sharedText(log));
}

/** Each kind's entry-line prefix, up to its time step: `{"k":"event","t":` and so on. */
const SECTION_PREFIXES = { E: Buffer.from('{"k":"event","t":'), S: Buffer.from('{"k":"snapshot","t":'), C: Buffer.from('{"k":"checkpoint","t":') } as const;

/**
 * The log's lines read from the shared bytes as the recorder wrote them (header, payloads and order line first, then
 * each kind's entries): only the head is decoded as text; an entry line is decoded when it is read, and the time at a
 * range's start is summed from the lines' bytes. A worker replaying one stretch of a long log so skips decoding and
 * splitting the whole text. Null when the file is laid out another way (the text reader handles it).
 */
export function sharedLines(log: SharedLog): LogLines | null {
  const view = Buffer.from(log.buffer, 0, log.length);
  const order = view.indexOf(ORDER_LINE_START);
  if (order < 0 || view[0] !== 0x7b) return null;
  const orderEnd = view.indexOf(10, order + 1);
  if (orderEnd < 0) return null;
  let head: LogLines;
  try {
    head = readLines(view.toString('utf8', 0, orderEnd));
  } catch (error) {
    if (error instanceof EventLogFormatError) return null;
    throw error;
  }
  const bounds = { E: [] as number[], S: [] as number[], C: [] as number[] };
  for (let pos = orderEnd + 1; pos < log.length; ) {
    const newline = view.indexOf(10, pos);
    const end = newline < 0 ? log.length : newline;
    if (end > pos) {
      const letter = (['E', 'S', 'C'] as const).find((l) => view.compare(SECTION_PREFIXES[l], 0, SECTION_PREFIXES[l].length, pos, Math.min(end, pos + SECTION_PREFIXES[l].length)) === 0);
      if (!letter) return null;
      bounds[letter].push(pos, end);
    }
    pos = end + 1;
  }
  const section = (letter: 'E' | 'S' | 'C'): LogSection => {
    const at = Int32Array.from(bounds[letter]);
    const digitsAt = SECTION_PREFIXES[letter].length;
    return {
      length: at.length / 2,
      line: (index) => (index < at.length / 2 ? view.toString('utf8', at[2 * index]!, at[2 * index + 1]!) : undefined),
      timeBefore: (count) => {
        let sum = 0;
        for (let i = 0; i < count; i++) {
          let p = at[2 * i]! + digitsAt;
          const negative = view[p] === 0x2d;
          if (negative) p++;
          let step = 0;
          for (let c = view[p]!; c >= 0x30 && c <= 0x39; c = view[++p]!) step = step * 10 + (c - 0x30);
          sum += negative ? -step : step;
        }
        return sum;
      },
    };
  };
  return { ...head, sections: { E: section('E'), S: section('S'), C: section('C') } };
}

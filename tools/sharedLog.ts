/**
 * A session log's plain text held once as UTF-8 in a SharedArrayBuffer, so every replay worker reads the same bytes
 * (posting a long log's text to each worker would copy it once per worker, on the main thread, before any could
 * start), and its outline read from the bytes without decoding the whole text.
 */
import { gunzipSync } from 'node:zlib';
import { EventLogFormatError, outlineEventLog, type LogHeader } from '../adapters/eventLog.ts';

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

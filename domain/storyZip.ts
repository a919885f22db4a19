/**
 * Story zip validation (review-and-content §5) from the file's tail only: a 5 GB package is checked with a few
 * small reads, never loaded.
 *
 * Why the records are parsed here rather than by fflate: fflate's unzip functions need the whole archive in
 * memory (unzipSync) or stream it from the start (Unzip), and it has no reader for a central directory taken
 * out of a partial file. The zip format puts everything a listing needs at the end (APPNOTE.TXT 4.3.16
 * end of central directory record, 4.3.15 zip64 end of central directory locator, 4.3.14 zip64 end of central
 * directory record, 4.3.12 central directory headers), so those few fixed-layout records are read here, and
 * fflate decodes the entry names (`strFromU8`: UTF-8 when general-purpose bit 11 is set, else one byte per character,
 * Latin-1 rather than CP437, which only differs outside ASCII: the required names are ASCII).
 */
import { strFromU8 } from 'fflate';
import { ZIP_EOCD_SEARCH_BYTES } from './constants.ts';

/** The entries a Storyline publish must have at the root of its zip, or inside its one folder (§5). */
export const STORY_ZIP_REQUIRED_ENTRIES: readonly string[] = ['story.html', 'threeSixty.json', 'story_content/thumbnail.jpg'];

export type StoryZipFailure = 'missing-eocd' | 'missing-eocd64-locator' | 'missing-eocd64' | 'invalid-central-directory' | 'missing-entries';

/** `root`: '' when the publish is at the zip's root, else the one folder that holds it ('Course - Storyline output'). */
export type StoryZipResult = { ok: true; entries: string[]; root: string } | { ok: false; reason: StoryZipFailure; missing: string[] };

/** Entries people's zip tools add beside a folder (macOS resource forks, Finder and Explorer files). */
const ZIP_CLUTTER = /^(?:__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/;

/**
 * Where a publish sits in a zip, from its entry names: '' when `required` are at the root, the folder's name when
 * the zip holds one top-level folder (beside clutter only) with `required` in it (a publish folder zipped as it
 * is), else null. The browser check and the service use the same rule.
 */
export function publishRoot(names: Iterable<string>, required: readonly string[]): string | null {
  const files = new Set<string>();
  for (const name of names) files.add(name.replace(/\\/g, '/'));
  if (required.every((name) => files.has(name))) return '';
  const tops = new Set<string>();
  for (const name of files) {
    if (ZIP_CLUTTER.test(name)) continue;
    const slash = name.indexOf('/');
    if (slash <= 0) return null;
    tops.add(name.slice(0, slash));
  }
  const [top] = tops;
  return tops.size === 1 && top !== undefined && required.every((name) => files.has(`${top}/${name}`)) ? top : null;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const EOCD64_LOCATOR_SIGNATURE = 0x07064b50;
const EOCD64_LOCATOR_SIZE = 20;
const EOCD64_SIGNATURE = 0x06064b50;
const EOCD64_SIZE = 56;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
/** A central header with the longest name, extra field and comment (three 16-bit lengths). */
const CENTRAL_HEADER_MAX_SIZE = CENTRAL_HEADER_SIZE + 3 * 0xffff;
/** General-purpose flag bit 11: the name is UTF-8. */
const UTF8_FLAG = 0x0800;

/** A byte range of the file already read, so a record inside it costs no further read. */
interface Window {
  start: number;
  bytes: Uint8Array;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function u64(data: DataView, at: number): number {
  const value = data.getBigUint64(at, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);
}

const fail = (reason: Exclude<StoryZipFailure, 'missing-entries'>): StoryZipResult => ({ ok: false, reason, missing: [] });

/**
 * Finds the end record in the last ≤ {@link ZIP_EOCD_SEARCH_BYTES} (65,557 = 22 + a 65,535-byte comment) bytes,
 * follows zip64 (locator, record) when a field holds its 0xFFFF / 0xFFFFFFFF marker, reads the central directory
 * with one more read, lists the names, and checks {@link STORY_ZIP_REQUIRED_ENTRIES} at the root of the zip.
 * `read(offset, length)` must resolve with exactly those bytes (fewer only at the end of the file).
 */
export async function validateStoryZip(size: number, read: (offset: number, length: number) => Promise<Uint8Array>): Promise<StoryZipResult> {
  if (!Number.isSafeInteger(size) || size < EOCD_SIZE) return fail('missing-eocd');
  const tailLength = Math.min(size, ZIP_EOCD_SEARCH_BYTES);
  const tail: Window = { start: size - tailLength, bytes: await read(size - tailLength, tailLength) };
  if (tail.bytes.length !== tailLength) return fail('missing-eocd');

  // Search backwards; a signature whose comment length does not reach exactly to the end is a look-alike
  // (inside the comment or in compressed data) and the search goes on.
  const tailView = view(tail.bytes);
  let eocdAt = -1;
  for (let i = tail.bytes.length - EOCD_SIZE; i >= 0; i--) {
    if (tailView.getUint32(i, true) === EOCD_SIGNATURE && i + EOCD_SIZE + tailView.getUint16(i + 20, true) === tail.bytes.length) {
      eocdAt = i;
      break;
    }
  }
  if (eocdAt < 0) return fail('missing-eocd');

  const eocdOffset = tail.start + eocdAt;
  let totalEntries = tailView.getUint16(eocdAt + 10, true);
  let directorySize = tailView.getUint32(eocdAt + 12, true);
  let directoryOffset = tailView.getUint32(eocdAt + 16, true);
  /** Where the central directory must end: at the zip64 record when there is one, else at the end record. */
  let directoryLimit = eocdOffset;

  const isZip64 =
    tailView.getUint16(eocdAt + 4, true) === 0xffff || tailView.getUint16(eocdAt + 6, true) === 0xffff || tailView.getUint16(eocdAt + 8, true) === 0xffff ||
    totalEntries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff;
  if (isZip64) {
    const locatorOffset = eocdOffset - EOCD64_LOCATOR_SIZE;
    if (locatorOffset < 0) return fail('missing-eocd64-locator');
    const locator = view(await bytesAt(tail, locatorOffset, EOCD64_LOCATOR_SIZE, read));
    if (locator.byteLength !== EOCD64_LOCATOR_SIZE || locator.getUint32(0, true) !== EOCD64_LOCATOR_SIGNATURE) return fail('missing-eocd64-locator');
    const recordOffset = u64(locator, 8);
    if (recordOffset + EOCD64_SIZE > locatorOffset) return fail('missing-eocd64');
    const record = view(await bytesAt(tail, recordOffset, EOCD64_SIZE, read));
    if (record.byteLength !== EOCD64_SIZE || record.getUint32(0, true) !== EOCD64_SIGNATURE) return fail('missing-eocd64');
    totalEntries = u64(record, 32);
    directorySize = u64(record, 40);
    directoryOffset = u64(record, 48);
    directoryLimit = recordOffset;
  }

  // The size must fit the entry count, so a lying end record cannot make the next read cover the whole file.
  if (directoryOffset + directorySize > directoryLimit || directorySize < totalEntries * CENTRAL_HEADER_SIZE || directorySize > totalEntries * CENTRAL_HEADER_MAX_SIZE) {
    return fail('invalid-central-directory');
  }
  const directory = await bytesAt(tail, directoryOffset, directorySize, read);
  if (directory.length !== directorySize) return fail('invalid-central-directory');

  const entries = listEntries(directory);
  if (!entries || entries.length !== totalEntries) return fail('invalid-central-directory');
  const root = publishRoot(entries, STORY_ZIP_REQUIRED_ENTRIES);
  if (root !== null) return { ok: true, entries, root };
  const present = new Set(entries.map((name) => name.replace(/\\/g, '/')));
  const missing = STORY_ZIP_REQUIRED_ENTRIES.filter((name) => !present.has(name));
  return { ok: false, reason: 'missing-entries', missing };
}

/** Bytes at [offset, offset + length): from the tail already read when they lie inside it, else one read. */
async function bytesAt(tail: Window, offset: number, length: number, read: (offset: number, length: number) => Promise<Uint8Array>): Promise<Uint8Array> {
  if (offset >= tail.start && offset + length <= tail.start + tail.bytes.length) return tail.bytes.subarray(offset - tail.start, offset - tail.start + length);
  return read(offset, length);
}

/** The names of the central directory's headers, or null when a header is malformed or overruns the directory. */
function listEntries(directory: Uint8Array): string[] | null {
  const data = view(directory);
  const names: string[] = [];
  let at = 0;
  while (at < directory.length) {
    if (at + CENTRAL_HEADER_SIZE > directory.length || data.getUint32(at, true) !== CENTRAL_HEADER_SIGNATURE) return null;
    const flags = data.getUint16(at + 8, true);
    const nameLength = data.getUint16(at + 28, true);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + data.getUint16(at + 30, true) + data.getUint16(at + 32, true);
    if (next > directory.length) return null;
    const name = directory.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength);
    names.push(strFromU8(name, (flags & UTF8_FLAG) === 0));
    at = next;
  }
  return names;
}

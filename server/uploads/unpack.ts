import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { resolveInside } from './blobStore.ts';

/**
 * Zip-bomb and size limits of unpacking. An entry whose declared sizes already break them is refused before a byte of
 * it is inflated; the real bytes are counted while streaming as well, so a header that understates its size is caught
 * too (yauzl also checks each entry against its declared size).
 */
export interface UnpackLimits {
  /** Total uncompressed bytes of all entries. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Highest uncompressed : compressed ratio of one entry … */
  maxRatio: number;
  /** … once it has produced more than this many bytes (small files may compress very well). */
  ratioAfterBytes: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = {
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntries: 20_000,
  maxRatio: 200,
  ratioAfterBytes: 1024 ** 2,
};

export type UnpackResult = { ok: true; files: Set<string> } | { ok: false; message: string };

/** A refusal of the package itself; its message is meant for the version's failure. */
class PackageRefusal extends Error {}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The messages yauzl gives for names it refuses itself (they end with the name). */
const YAUZL_NAME_ERROR = /^(?:invalid characters in fileName|absolute path|invalid relative path): (.*)$/s;

function quote(name: string): string {
  return JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
}

/** Why an entry name is unsafe, or null. Directory entries end with '/'. */
export function unsafeEntryName(name: string): string | null {
  if (name === '' || CONTROL_CHARACTERS.test(name)) return 'has control characters or is empty';
  if (name.includes('\\')) return 'has a backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.some((segment) => segment === '..')) return "goes up with '..'";
  if (segments.some((segment) => segment === '' || segment === '.')) return 'has an empty segment';
  return null;
}

/** Promise-shaped lazy entry reading that never leaves an 'error' event without a listener. */
class EntryReader {
  private failure: Error | null = null;
  private pending: { resolve: (entry: Entry | null) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly zip: ZipFile) {
    zip.on('entry', (entry: Entry) => this.settle((p) => p.resolve(entry)));
    zip.on('end', () => this.settle((p) => p.resolve(null)));
    zip.on('error', (error: Error) => {
      this.failure = error;
      this.settle((p) => p.reject(error));
    });
  }

  private settle(action: (pending: NonNullable<EntryReader['pending']>) => void): void {
    const pending = this.pending;
    this.pending = null;
    if (pending) action(pending);
  }

  next(): Promise<Entry | null> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.zip.readEntry();
    });
  }
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true, decodeStrings: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

/**
 * Streams every entry of the zip at `zipFile` into `targetDir` (which must not exist yet; created here).
 * Unsafe names, too many entries, too many bytes, a suspicious compression ratio, or a damaged zip → ok:
 * false with a message (the caller removes `targetDir`). Answers the set of file paths written.
 */
export async function unpackZip(zipFile: string, targetDir: string, limits: UnpackLimits = DEFAULT_UNPACK_LIMITS): Promise<UnpackResult> {
  const root = path.resolve(targetDir);
  let zip: ZipFile | undefined;
  try {
    zip = await openZip(zipFile);
    if (zip.entryCount > limits.maxEntries) throw new PackageRefusal(`The package has ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed.`);
    await mkdir(root, { recursive: false });
    const reader = new EntryReader(zip);
    const files = new Set<string>();
    let totalBytes = 0;
    let entries = 0;
    for (let entry = await reader.next(); entry; entry = await reader.next()) {
      entries += 1;
      if (entries > limits.maxEntries) throw new PackageRefusal(`The package has more than ${limits.maxEntries} entries.`);
      const name = entry.fileName;
      const unsafe = unsafeEntryName(name);
      const target = unsafe ? null : resolveInside(root, name);
      if (unsafe || !target) throw new PackageRefusal(`The package entry ${quote(name)} ${unsafe ?? 'points outside the package'}.`);
      if (name.endsWith('/')) {
        await mkdir(target, { recursive: true });
        continue;
      }
      if (entry.isEncrypted()) throw new PackageRefusal(`The package entry ${quote(name)} is encrypted.`);
      const compressed = Math.max(entry.compressedSize, 1);
      const tooMany = new PackageRefusal(`The package unpacks to more than ${limits.maxTotalBytes} bytes.`);
      const bomb = new PackageRefusal(`The package entry ${quote(name)} is compressed more than ${limits.maxRatio}:1 (a zip bomb?).`);
      const breaks = (entryBytes: number): PackageRefusal | null =>
        totalBytes + entryBytes > limits.maxTotalBytes ? tooMany : entryBytes > limits.ratioAfterBytes && entryBytes / compressed > limits.maxRatio ? bomb : null;
      const declared = breaks(entry.uncompressedSize);
      if (declared) throw declared;
      await mkdir(path.dirname(target), { recursive: true });
      let entryBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          entryBytes += chunk.length;
          const refusal = breaks(entryBytes);
          callback(refusal, refusal ? undefined : chunk);
        },
      });
      // 'wx': an entry repeated in the zip never silently replaces the first.
      await pipeline(await openEntry(zip, entry), meter, createWriteStream(target, { flags: 'wx' }));
      totalBytes += entryBytes;
      files.add(name);
    }
    return { ok: true, files };
  } catch (error) {
    return { ok: false, message: describe(error) };
  } finally {
    zip?.close();
  }
}

function describe(error: unknown): string {
  if (error instanceof PackageRefusal) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const badName = YAUZL_NAME_ERROR.exec(message);
  if (badName) return `The package entry ${quote(badName[1] ?? '')} ${unsafeEntryName(badName[1] ?? '') ?? 'has an unsafe name'}.`;
  const code = (error as { code?: unknown }).code;
  if (code === 'EEXIST') return 'The package lists the same file twice.';
  if (code === 'ENOTDIR' || code === 'EISDIR') return 'The package uses one name both for a file and a folder.';
  return `The package is not a readable zip file (${message}).`;
}

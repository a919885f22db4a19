import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../storage/objectStore.ts';

/** Longest storage key accepted (a prefix, a random id and a 255-character file name fit easily). */
export const MAX_KEY_LENGTH = 1024;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A storage key is a relative path of '/'-separated segments. Refused: empty, too long, absolute, a
 * drive letter, backslashes, NUL and other control characters, empty segments, '.' and '..' segments.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (key.startsWith('/') || key.includes('\\') || CONTROL_CHARACTERS.test(key) || /^[a-zA-Z]:/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Version ids name package folders: letters, digits, '-' and '_' only (no dots, so never '..' or '<id>.tmp'). */
export function isSafeVersionId(versionId: string): boolean {
  return /^[A-Za-z0-9_-]{1,200}$/.test(versionId);
}

/** Resolves `relative` under `root`, or null when it would land outside (or on) the root. */
export function resolveInside(root: string, relative: string): string | null {
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

/** The object-store prefix of a version's unpacked package files. */
const packagePrefix = (versionId: string) => `packages/${versionId}/`;

/**
 * Blobs on disk: `<dataDir>/blobs/<key>`. Writes go to a temporary file in `<dataDir>/upload-tmp/` (same
 * file system) and are renamed into place, so a blob is either absent or whole.
 *
 * With an object store (`remote`, S3 when several instances share blobs) the object store is where a blob and a
 * processed package live: every write goes there first, and the disk is this instance's cache of it (a blob or a
 * package another instance stored is fetched on first use). Blob keys never change in place, so a cached blob is
 * never stale. A version's package can be processed again (a re-process): the instance that did it announces it on
 * the realtime bus and every other instance drops its cached copy (`dropPackage`; a fetch that was under way when
 * the drop came is thrown away and made again), and an instance starting with an object store empties its package
 * cache (it may have missed announcements while it was down).
 */
export class BlobStore {
  readonly blobRoot: string;
  readonly tempRoot: string;
  private readonly fetching = new Map<string, Promise<boolean>>();
  /** How often each version's cached package was dropped: a fetch that saw the count change is stale. */
  private readonly drops = new Map<string, number>();

  constructor(
    dataDir: string,
    readonly remote: ObjectStore | null = null,
  ) {
    this.blobRoot = path.resolve(dataDir, 'blobs');
    this.tempRoot = path.resolve(dataDir, 'upload-tmp');
  }

  /** Creates the folders and removes temporary files a previous run left behind (a crash mid-upload). */
  async prepare(): Promise<void> {
    await rm(this.tempRoot, { recursive: true, force: true });
    await mkdir(this.tempRoot, { recursive: true });
    await mkdir(this.blobRoot, { recursive: true });
  }

  /** The file of a key; throws on an unsafe key. */
  pathOf(key: string): string {
    const resolved = isSafeKey(key) ? resolveInside(this.blobRoot, key) : null;
    if (!resolved) throw new Error(`Unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
    return resolved;
  }

  /** A fresh temporary file name (not created). */
  tempPath(): string {
    return path.join(this.tempRoot, `${randomUUID()}.part`);
  }

  async exists(key: string): Promise<boolean> {
    const local = await stat(this.pathOf(key)).then((info) => info.isFile(), () => false);
    return local || (this.remote !== null && (await this.remote.exists(key)));
  }

  /** Moves a finished temporary file into place under `key` (atomic: rename on one file system), after storing it in the object store. */
  async commit(tempFile: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    if (this.remote) await this.remote.putFile(key, tempFile);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const temp = this.tempPath();
    try {
      await mkdir(this.tempRoot, { recursive: true });
      await writeFile(temp, bytes, { flag: 'wx' });
      await this.commit(temp, key);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    if (this.remote) await this.remote.remove(key);
  }

  /** Once per key at a time on this instance (two requests for an uncached blob fetch it once). */
  private once(id: string, fetch: () => Promise<boolean>): Promise<boolean> {
    const running = this.fetching.get(id);
    if (running) return running;
    const next = fetch().finally(() => this.fetching.delete(id));
    this.fetching.set(id, next);
    return next;
  }

  /** The local file of a stored blob (fetched from the object store into the cache when needed), or null when none is stored. */
  async localFile(key: string): Promise<string | null> {
    const file = this.pathOf(key);
    if (await stat(file).then((info) => info.isFile(), () => false)) return file;
    if (!this.remote) return null;
    const remote = this.remote;
    return (await this.once(`b:${key}`, () => remote.download(key, file))) ? file : null;
  }

  /** A stored blob's bytes, or null. */
  async read(key: string): Promise<Buffer | null> {
    const file = await this.localFile(key);
    return file ? readFile(file).catch(() => null) : null;
  }

  /** Stores a processed package's files (the folder `dir`) in the object store, under the version. */
  async publishPackage(versionId: string, dir: string): Promise<void> {
    if (!this.remote) return;
    const remote = this.remote;
    await remote.removePrefix(packagePrefix(versionId));
    const files: string[] = [];
    const walk = async (folder: string, relative: string) => {
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${relative}${entry.name}/`);
        else if (entry.isFile()) files.push(`${relative}${entry.name}`);
      }
    };
    await walk(dir, '');
    // A few at a time: a package has hundreds of small files.
    for (let start = 0; start < files.length; start += 8) {
      await Promise.all(files.slice(start, start + 8).map((file) => remote.putFile(`${packagePrefix(versionId)}${file}`, path.join(dir, ...file.split('/')))));
    }
  }

  /**
   * Makes sure `<packageRoot>/<versionId>` holds the version's package: with an object store, a package processed by
   * another instance is fetched whole (into `<versionId>.fetch-<id>`, then renamed into place). False when there is none.
   */
  async ensurePackage(packageRoot: string, versionId: string): Promise<boolean> {
    const folder = path.join(packageRoot, versionId);
    if (await stat(folder).then((info) => info.isDirectory(), () => false)) return true;
    if (!this.remote) return false;
    const remote = this.remote;
    return this.once(`p:${versionId}`, async () => {
      // A drop while fetching (the package was processed again meanwhile): what was fetched may be old, fetch again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const drops = this.drops.get(versionId) ?? 0;
        const keys = await remote.list(packagePrefix(versionId));
        if (keys.length === 0) return false;
        const temp = path.join(packageRoot, `${versionId}.fetch-${randomUUID()}.tmp`);
        try {
          for (let start = 0; start < keys.length; start += 8) {
            await Promise.all(keys.slice(start, start + 8).map((key) => remote.download(key, path.join(temp, ...key.slice(packagePrefix(versionId).length).split('/')))));
          }
          if ((this.drops.get(versionId) ?? 0) !== drops) continue;
          await rename(temp, folder).catch(async (error: unknown) => {
            // Another fetch of this instance's put it in place first.
            if (!(await stat(folder).then((info) => info.isDirectory(), () => false))) throw error;
          });
          return true;
        } finally {
          await rm(temp, { recursive: true, force: true });
        }
      }
      return false;
    });
  }

  /**
   * Drops this instance's cached copy of a version's package (another instance processed it again); the next request
   * fetches it anew. Only with an object store: without one the package folder is the package itself.
   */
  async dropPackage(packageRoot: string, versionId: string): Promise<void> {
    if (!this.remote) return;
    this.drops.set(versionId, (this.drops.get(versionId) ?? 0) + 1);
    const stale = path.join(packageRoot, `${versionId}.stale-${randomUUID()}.tmp`);
    // Out of the way in one rename (a request reads the whole folder or none of it), then removed.
    const moved = await rename(path.join(packageRoot, versionId), stale).then(() => true, () => false);
    if (moved) await rm(stale, { recursive: true, force: true });
  }

  /** Removes a version's package files from the object store. */
  async removePackage(versionId: string): Promise<void> {
    if (this.remote) await this.remote.removePrefix(packagePrefix(versionId));
  }
}

/**
 * Where blobs live when several instances share them: an object store addressed by '/'-separated keys. The disk
 * implementation keeps today's layout under one folder; the S3 one (s3.ts) talks to any S3-compatible service.
 * Keys are checked by the caller (uploads/blobStore.ts `isSafeKey`); objects are written whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Stores bytes under `key` (replacing what was there). */
  put(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** Stores a local file's bytes under `key` (the file stays). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The bytes under `key`, or null when nothing is stored there. */
  get(key: string): Promise<Buffer | null>;
  /** Writes the object to `file` (whole: through a temporary file beside it); false when nothing is stored there. */
  download(key: string, file: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** The keys below `prefix` (which ends with '/'). */
  list(prefix: string): Promise<string[]>;
  /** Removes every object below `prefix` (which ends with '/'). */
  removePrefix(prefix: string): Promise<void>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under `root` (`<root>/<key>`), written to a temporary name and renamed into place. */
export function diskObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const place = async (key: string, write: (temp: string) => Promise<void>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  };
  const walk = async (dir: string, prefix: string, out: string[]) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`, out);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(`${prefix}${entry.name}`);
    }
  };
  return {
    kind: 'disk',
    put: (key, bytes) => place(key, (temp) => writeFile(temp, bytes, { flag: 'wx' })),
    putFile: (key, file) => place(key, (temp) => copyFile(file, temp)),
    get: async (key) => {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    download: async (key, file) => {
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const temp = `${file}.${randomUUID()}.tmp`;
        await copyFile(fileOf(key), temp);
        await rename(temp, file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    exists: async (key) => (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false,
    remove: (key) => rm(fileOf(key), { force: true }),
    list: async (prefix) => {
      const out: string[] = [];
      await walk(fileOf(prefix.replace(/\/$/, '')), prefix, out);
      return out;
    },
    removePrefix: (prefix) => rm(fileOf(prefix.replace(/\/$/, '')), { recursive: true, force: true }),
  };
}

/** The same store with every key under `prefix` (which ends with '/'). */
export function prefixedStore(store: ObjectStore, prefix: string): ObjectStore {
  const at = (key: string) => `${prefix}${key}`;
  return {
    kind: store.kind,
    put: (key, bytes, contentType) => store.put(at(key), bytes, contentType),
    putFile: (key, file, contentType) => store.putFile(at(key), file, contentType),
    get: (key) => store.get(at(key)),
    download: (key, file) => store.download(at(key), file),
    exists: (key) => store.exists(at(key)),
    remove: (key) => store.remove(at(key)),
    list: async (keyPrefix) => (await store.list(at(keyPrefix))).map((key) => key.slice(prefix.length)),
    removePrefix: (keyPrefix) => store.removePrefix(at(keyPrefix)),
  };
}

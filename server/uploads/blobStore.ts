import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * Blobs on disk: `<dataDir>/blobs/<key>`. Writes go to a temporary file in `<dataDir>/upload-tmp/` (same
 * file system) and are renamed into place, so a blob is either absent or whole.
 */
export class BlobStore {
  readonly blobRoot: string;
  readonly tempRoot: string;

  constructor(dataDir: string) {
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
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  /** Moves a finished temporary file into place under `key` (atomic: rename on one file system). */
  async commit(tempFile: string, key: string): Promise<void> {
    const target = this.pathOf(key);
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
  }
}

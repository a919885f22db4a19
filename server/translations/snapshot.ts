/**
 * Server snapshots (translation-editor §7 POST {review service}/snapshot, §5 "a snapshot without html is
 * malformed"): the slide's HTML arrives base64-encoded; it is stored as `<DATA_DIR>/cdn/snapshots/<uuid>.html` and
 * served by the CDN stand-in under an unguessable name, sandboxed (a stored page never runs as this origin).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SnapshotBody } from '../../domain/translation.ts';

/** The reasons a snapshot is refused (400). */
export const SNAPSHOT_REFUSALS = {
  noHtml: 'A snapshot without html is malformed',
  notBase64: 'The snapshot html is not base64.',
  notUtf8: 'The snapshot html is not UTF-8 text.',
} as const;

/** A stored snapshot's file name. */
const SNAPSHOT_FILE = /^[0-9a-f-]{36}\.html$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** The page is served as UTF-8: bytes that are not UTF-8 are refused, not stored as garbage. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The snapshot store under `<dataDir>/cdn/snapshots`. */
export function createSnapshotStore(dataDir: string) {
  const root = path.join(dataDir, 'cdn', 'snapshots');
  return {
    /** Why the body cannot be stored, or null. */
    problem(body: SnapshotBody): string | null {
      if (body.html.trim() === '') return SNAPSHOT_REFUSALS.noHtml;
      if (!BASE64.test(body.html)) return SNAPSHOT_REFUSALS.notBase64;
      if (!isUtf8(Buffer.from(body.html, 'base64'))) return SNAPSHOT_REFUSALS.notUtf8;
      return null;
    },
    /** Stores the decoded HTML; resolves the file name (relative to the CDN's `snapshots/`). */
    async store(body: SnapshotBody): Promise<string> {
      const name = `${randomUUID()}.html`;
      await mkdir(root, { recursive: true });
      const file = path.join(root, name);
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, Buffer.from(body.html, 'base64'));
      await rename(temporary, file);
      return name;
    },
    /** A stored snapshot's HTML, or null. */
    async read(name: string): Promise<Buffer | null> {
      if (!SNAPSHOT_FILE.test(name)) return null;
      try {
        return await readFile(path.join(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
export type SnapshotStore = ReturnType<typeof createSnapshotStore>;

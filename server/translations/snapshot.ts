/**
 * Server snapshots (translation-editor §7 POST {review service}/snapshot, §5 "a snapshot without html is
 * malformed"): the slide's HTML arrives base64-encoded; it is stored as `<DATA_DIR>/cdn/snapshots/<uuid>.html` and
 * served by the CDN stand-in under an unguessable name, sandboxed (a stored page never runs as this origin).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { SnapshotBody } from '../../domain/translation.ts';
import { diskObjectStore, type ObjectStore } from '../storage/objectStore.ts';

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

/** The snapshot store: `<dataDir>/cdn/snapshots` on disk, or `files` (the object store's `cdn/` when instances share blobs). */
export function createSnapshotStore(dataDir: string, files: ObjectStore = diskObjectStore(path.join(dataDir, 'cdn'))) {
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
      await files.put(`snapshots/${name}`, Buffer.from(body.html, 'base64'), 'text/html; charset=utf-8');
      return name;
    },
    /** A stored snapshot's HTML, or null. */
    async read(name: string): Promise<Buffer | null> {
      if (!SNAPSHOT_FILE.test(name)) return null;
      return files.get(`snapshots/${name}`);
    },
  };
}
export type SnapshotStore = ReturnType<typeof createSnapshotStore>;

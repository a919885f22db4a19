/**
 * The MD5 worker (review-and-content §4 upload states: the MD5 for Content-MD5 is computed off the page thread).
 * It reads the File itself, in {@link MD5_SLICE_BYTES} slices, hashes them with hash-wasm and posts progress, so
 * the page only receives a few small messages and stays responsive. Loaded by adapters/md5.ts as a module worker.
 */
import { createMD5 } from 'hash-wasm';

/** Bytes read and hashed per step: large enough to keep the WASM hasher busy, small enough to keep memory flat. */
export const MD5_SLICE_BYTES = 8 * 1024 * 1024;

/** Page → worker: the file to hash (a File or Blob is passed by reference, not copied). */
export interface HashRequest {
  file: Blob;
  sliceBytes?: number;
}

/** Worker → page. `fraction` is 0–1 of the bytes hashed. */
export type HashReply = { type: 'progress'; fraction: number } | { type: 'done'; hex: string } | { type: 'error'; message: string };

/**
 * The hashing core: MD5 (hex) of `file`, read in slices; the next slice is being read while the current one is
 * hashed. Calls `onProgress` after each slice (1 at the end, also for an empty file).
 */
export async function md5OfBlob(file: Blob, onProgress: (fraction: number) => void, sliceBytes = MD5_SLICE_BYTES): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  const size = file.size;
  const readAt = (offset: number) => (offset < size ? file.slice(offset, Math.min(size, offset + sliceBytes)).arrayBuffer() : null);
  let offset = 0;
  let pending = readAt(0);
  while (pending) {
    const buffer = await pending;
    // A file that shrank since it was picked would otherwise loop for ever.
    if (buffer.byteLength === 0) throw new Error('The file changed while it was being read.');
    offset += buffer.byteLength;
    pending = readAt(offset);
    md5.update(new Uint8Array(buffer));
    if (offset < size) onProgress(offset / size);
  }
  onProgress(1);
  return md5.digest('hex');
}

/** Answers one request through `post`: progress messages, then done or error. */
export async function handleHashRequest(request: HashRequest, post: (reply: HashReply) => void): Promise<void> {
  try {
    const hex = await md5OfBlob(request.file, (fraction) => post({ type: 'progress', fraction }), request.sliceBytes);
    post({ type: 'done', hex });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

// Listen only when running as a worker: tests import the functions above in Node. (The DOM lib types `self` as
// a Window, so the worker scope is typed here by hand.)
const scope = globalThis as unknown as {
  WorkerGlobalScope?: unknown;
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(reply: HashReply): void;
};
if (typeof scope.WorkerGlobalScope !== 'undefined') {
  scope.onmessage = (event) => void handleHashRequest(event.data, (reply) => scope.postMessage(reply));
}

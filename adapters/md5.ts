/**
 * MD5 of an upload for Content-MD5 (review-and-content §4, §7), computed in a Web Worker (md5.worker.ts) that
 * reads the file itself: the page thread only receives progress messages, so it stays responsive.
 */
import type { HashReply, HashRequest } from './md5.worker.ts';

/** What the hasher needs of a Worker. */
export interface HashWorker {
  onmessage: ((event: MessageEvent<HashReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: HashRequest): void;
  terminate(): void;
}

/**
 * A hashFile over workers from `createWorker` (one per file, ended when it answers): resolves with the hex MD5,
 * reports progress 0–1, and rejects with an AbortError DOMException once `signal` aborts (the worker is
 * terminated at once), or with an Error when the worker fails.
 */
export function createFileHasher(createWorker: () => HashWorker) {
  return (file: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> =>
    new Promise<string>((resolve, reject) => {
      if (signal.aborted) {
        reject(new DOMException('Hashing aborted.', 'AbortError'));
        return;
      }
      const worker = createWorker();
      const finish = (outcome: () => void) => {
        signal.removeEventListener('abort', onAbort);
        worker.onmessage = null;
        worker.onerror = null;
        worker.terminate();
        outcome();
      };
      const onAbort = () => finish(() => reject(new DOMException('Hashing aborted.', 'AbortError')));
      worker.onmessage = (event) => {
        const reply = event.data;
        if (reply.type === 'progress') onProgress(reply.fraction);
        else if (reply.type === 'done') finish(() => resolve(reply.hex));
        else finish(() => reject(new Error(`Hashing failed: ${reply.message}`)));
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        finish(() => reject(new Error(`Hashing failed: ${event.message || 'the worker stopped'}`)));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      worker.postMessage({ file });
    });
}

const hashInWorker = createFileHasher(() => new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' }));

/** MD5 (hex) of `file`, hashed in a Web Worker; `onProgress` gets 0–1; rejects with an AbortError on `signal`. */
export function hashFile(file: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> {
  return hashInWorker(file, onProgress, signal);
}

/**
 * The page's side of the translation file worker (translationFile.worker.ts): one worker for the page, started when a
 * file read begins (its code loads while the file is on the wire) and kept for the next file. `decode` posts a file's
 * text and resolves with what it decodes to; it rejects when the worker cannot run (then the reader decodes on the
 * page, as without a worker).
 */
import type { DecodeOutcome, DecodeReply, DecodeRequest } from './translationFile.worker.ts';

/** What the decoder needs of a Worker. */
export interface DecodeWorker {
  onmessage: ((event: MessageEvent<DecodeReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: DecodeRequest): void;
  terminate(): void;
}

export interface TranslationFileDecoder {
  /** Starts the worker if it is not running yet (a read is about to need it). */
  start(): void;
  /** The file's text decoded in the worker; rejects when the worker cannot run. */
  decode(text: string): Promise<DecodeOutcome>;
}

/** A decoder over one worker from `createWorker`, started once; a worker that failed is not started again. */
export function createTranslationFileDecoder(createWorker: () => DecodeWorker): TranslationFileDecoder {
  let worker: DecodeWorker | null = null;
  let failed: Error | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (outcome: DecodeOutcome) => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    failed = error;
    worker?.terminate();
    worker = null;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const start = (): DecodeWorker | null => {
    if (worker || failed) return worker;
    try {
      const started = createWorker();
      started.onmessage = (event) => {
        const { id, ...outcome } = event.data;
        const waiting = pending.get(id);
        pending.delete(id);
        waiting?.resolve(outcome as DecodeOutcome);
      };
      started.onerror = (event) => {
        event.preventDefault?.();
        fail(new Error(`The translation file worker stopped: ${event.message || 'it could not start'}`));
      };
      worker = started;
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
    return worker;
  };
  return {
    start: () => void start(),
    decode: (text) =>
      new Promise<DecodeOutcome>((resolve, reject) => {
        const running = start();
        if (!running) {
          reject(failed ?? new Error('The translation file worker is not running.'));
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve, reject });
        running.postMessage({ id, text });
      }),
  };
}

/** The app's decoder, over a module worker; null where workers do not exist (tests in Node, old browsers). */
export function translationFileDecoderInWorker(): TranslationFileDecoder | null {
  if (typeof Worker === 'undefined') return null;
  return createTranslationFileDecoder(() => new Worker(new URL('./translationFile.worker.ts', import.meta.url), { type: 'module' }) as DecodeWorker);
}

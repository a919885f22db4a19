/**
 * Translation files on the CDN (no token needed): read as text, then decoded, the decoded value carrying its text for
 * the session log (domain/logCodec.ts `withLogSource`, which stores the text instead of walking 20,000 segments).
 * One prefetch at a time: `prefetchFile` starts reading a file the editor is about to ask for, and `file` takes it over;
 * beside it, the review-API reads the editor makes before the file (`prefetchCall`, taken by the translation client).
 * Small and in the first load: the app starts a prefetch on a translate address before the translate tab's code (and
 * adapters/translation.ts, which uses this reader) has loaded.
 */
import { withLogSource } from '../domain/logCodec.ts';
import { HttpError, type HttpClient } from './http.ts';

export interface TranslationFileReader {
  /** GET the translation file (decoded JSON, unchecked); the file prefetched at this path if there is one (read again if the prefetch failed). */
  file(path: string): Promise<unknown>;
  /** Starts reading a file the editor is about to ask for; another path, or null, aborts the one in flight and drops its answer. */
  prefetchFile(path: string | null): void;
  /**
   * The file being prefetched at `path`, once read and decoded (decoding waits for the page to be idle), without
   * taking it over: what lets its model be built before the editor asks. Null when `path` is not being prefetched;
   * never rejects (undefined when the read failed or was dropped).
   */
  prefetchedFile(path: string): Promise<unknown> | null;
  /** The path being prefetched, or null. */
  prefetching(): string | null;
  /**
   * Starts a review-API read the editor is about to make (the stack and the validation of a translate address), kept
   * by its call path until taken; `prefetchFile` of another path, or of null, drops what was not taken.
   */
  prefetchCall(path: string, read: () => Promise<unknown>): void;
  /** The read started for `path` (decoded, unchecked), taken once; null when none is kept. */
  takeCall(path: string): Promise<unknown> | null;
}

/** Runs `work` when the page is next idle (at most a second later), or soon where idle callbacks do not exist. */
export function whenIdle(work: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => unknown }).requestIdleCallback;
  if (idle) idle(work, { timeout: 1_000 });
  else setTimeout(work, 0);
}

export function createTranslationFileReader(options: { cdn: HttpClient }): TranslationFileReader {
  const cdnPath = (path: string) => (path.startsWith('/') ? path : `/${path}`);
  const readText = (path: string, signal?: AbortSignal) =>
    options.cdn.request<string>(cdnPath(path), { headers: { Accept: 'application/json' }, parseResponse: (text: string) => text, ...(signal ? { signal } : {}) });
  const decodeFile = (text: string, path: string): unknown => {
    try {
      return withLogSource(JSON.parse(text) as unknown, text);
    } catch {
      throw new HttpError(200, 'InvalidResponse', 'The translation file is not JSON.', cdnPath(path));
    }
  };
  const readFile = async (path: string) => decodeFile(await readText(path), path);
  let prefetched: { path: string; answer: () => Promise<unknown>; abort: AbortController; decodedWhenIdle: Promise<unknown> } | null = null;
  const calls = new Map<string, Promise<unknown>>();
  return {
    file: (path) => {
      const taken = prefetched?.path === path ? prefetched : null;
      if (!taken) return readFile(path);
      prefetched = null;
      return taken.answer().catch(() => readFile(path));
    },
    prefetchFile: (path) => {
      // Leaving the address, or another file: the reads kept for the editor are dropped too.
      if (path === null || prefetched?.path !== path) calls.clear();
      if (prefetched?.path === path) return;
      prefetched?.abort.abort();
      prefetched = null;
      if (path === null) return;
      const abort = new AbortController();
      const text = readText(path, abort.signal);
      // Decoding tens of MB takes the main thread for a while: done once the page is idle (the app still starting
      // waits on the network), or when the editor asks first.
      let decoded: Promise<unknown> | null = null;
      const answer = () => text.then((read) => (decoded ??= Promise.resolve().then(() => decodeFile(read, path))));
      const decodedWhenIdle = text.then(
        () => new Promise<unknown>((resolve) => whenIdle(() => resolve(answer().catch(() => undefined)))),
        // A failure here is the editor's to see when it reads the file itself.
        () => undefined,
      );
      prefetched = { path, answer, abort, decodedWhenIdle };
    },
    prefetchedFile: (path) => (prefetched?.path === path ? prefetched.decodedWhenIdle : null),
    prefetching: () => prefetched?.path ?? null,
    prefetchCall: (path, read) => {
      if (calls.has(path)) return;
      const answer = read();
      // A failure is the editor's to see when it reads again itself.
      answer.catch(() => undefined);
      calls.set(path, answer);
    },
    takeCall: (path) => {
      const answer = calls.get(path) ?? null;
      calls.delete(path);
      return answer;
    },
  };
}

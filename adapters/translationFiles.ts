/**
 * Translation files on the CDN (no token needed): read as text, then decoded, the decoded value carrying its text for
 * the session log (domain/logCodec.ts `withLogSource`, which stores the text instead of walking 20,000 segments).
 * One prefetch at a time: `prefetchFile` starts reading a file the editor is about to ask for, and `file` takes it over;
 * beside it, the review-API reads the editor makes before the file (`prefetchCall`, taken by the translation client).
 * Small and in the first load: the app starts a prefetch on a translate address before the translate tab's code (and
 * adapters/translation.ts, which uses this reader) has loaded.
 *
 * With a `decoder` (translationFileWorker.ts), the text is decoded, checked and built into the editor's model in a
 * worker as soon as it is read: the page's thread only decodes the model's JSON (translationModelTransfer.ts). The decoded value is then the file's
 * stand-in: an empty object carrying the text for the session log, its model kept for it in
 * domain/translationParsedFiles.ts (what the translation machines read it through; a replay decodes the logged text
 * and builds the same model). A text that may hold a secret, or a worker that cannot run, is decoded on the page.
 */
import { withLogSource } from '../domain/logCodec.ts';
import { parsedTranslationFiles } from '../domain/translationParsedFiles.ts';
import { HttpError, type HttpClient } from './http.ts';
import type { TranslationFileDecoder } from './translationFileWorker.ts';
import { modelFromTransfer } from './translationModelTransfer.ts';

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

export function createTranslationFileReader(options: { cdn: HttpClient; decoder?: TranslationFileDecoder | null }): TranslationFileReader {
  const { decoder } = options;
  const cdnPath = (path: string) => (path.startsWith('/') ? path : `/${path}`);
  const readText = (path: string, signal?: AbortSignal) => {
    decoder?.start();
    return options.cdn.request<string>(cdnPath(path), { headers: { Accept: 'application/json' }, parseResponse: (text: string) => text, ...(signal ? { signal } : {}) });
  };
  const notJson = (path: string) => new HttpError(200, 'InvalidResponse', 'The translation file is not JSON.', cdnPath(path));
  const decodeOnPage = (text: string, path: string): unknown => {
    try {
      return withLogSource(JSON.parse(text) as unknown, text);
    } catch {
      throw notJson(path);
    }
  };
  const decodeFile = async (text: string, path: string): Promise<unknown> => {
    const outcome = decoder ? await decoder.decode(text).catch(() => null) : null;
    if (outcome?.type === 'notJson') throw notJson(path);
    if (outcome?.type !== 'parsed') return decodeOnPage(text, path);
    const file = withLogSource({}, text);
    parsedTranslationFiles.set(file, outcome.parsed === null ? null : modelFromTransfer(outcome.parsed));
    return file;
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
      // Decoding tens of MB on the page takes its thread for a while: done once the page is idle (the app still
      // starting waits on the network), or when the editor asks first. A worker decodes it as soon as it is read.
      let decoded: Promise<unknown> | null = null;
      const answer = () => text.then((read) => (decoded ??= Promise.resolve().then(() => decodeFile(read, path))));
      const decodedWhenIdle = text.then(
        () => new Promise<unknown>((resolve) => (decoder ? resolve(answer().catch(() => undefined)) : whenIdle(() => resolve(answer().catch(() => undefined))))),
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

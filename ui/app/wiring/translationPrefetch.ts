import type { HttpClient } from '../../../adapters/http.ts';
import type { KeyValueStorage } from '../../../adapters/storage.ts';
import type { TranslationClient } from '../../../adapters/translation.ts';
import type { TranslationFileReader } from '../../../adapters/translationFiles.ts';
import { TRANSLATION_CALLS, TRANSLATION_FILES_REMEMBERED, TRANSLATION_FILES_STORAGE_KEY } from '../../../domain/constants.ts';

/**
 * The translation files last opened, per item (TRANSLATION_FILES_STORAGE_KEY): what lets a load of the translate
 * address start reading the item's file (tens of MB) before the app has signed in and read the item, the stack and
 * the validation. In the main chunk: createSystem calls prefetchTranslationFileOnLoad as the app starts; the translate
 * tab's wiring (translation.ts) remembers the files the editor reads and prefetches on in-app navigation.
 */
export type RememberedFiles = Record<string, RememberedFile>;
/** An item's latest version, its file and (once known) the locale it is translated into. */
export interface RememberedFile {
  versionId: string;
  path: string;
  targetLocale?: string;
}

/** The remembered files; anything unreadable is forgotten. */
export function rememberedFiles(storage: KeyValueStorage): RememberedFiles {
  let value: unknown;
  try {
    const stored = storage.get(TRANSLATION_FILES_STORAGE_KEY);
    value = stored === null ? null : JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const files: RememberedFiles = {};
  for (const [itemId, entry] of Object.entries(value as Record<string, unknown>)) {
    const { versionId, path, targetLocale } = (typeof entry === 'object' && entry !== null ? entry : {}) as { versionId?: unknown; path?: unknown; targetLocale?: unknown };
    if (typeof versionId === 'string' && typeof path === 'string') files[itemId] = typeof targetLocale === 'string' ? { versionId, path, targetLocale } : { versionId, path };
  }
  return files;
}

/** Remembers the file of an item's latest version (most recent last; the oldest beyond the limit forgotten). */
export function rememberFile(storage: KeyValueStorage, itemId: string, file: RememberedFile): void {
  const files = rememberedFiles(storage);
  if (files[itemId]?.path === file.path && files[itemId]?.versionId === file.versionId && files[itemId]?.targetLocale === file.targetLocale) return;
  delete files[itemId];
  files[itemId] = file;
  storage.set(TRANSLATION_FILES_STORAGE_KEY, JSON.stringify(Object.fromEntries(Object.entries(files).slice(-TRANSLATION_FILES_REMEMBERED))));
}

/** The item of a translate-tab address showing the latest version (`/review/content/<id>/translate`, no `version`). */
export function translateAddressItem(location: { pathname: string; search: string }): string | null {
  const match = /^\/review\/content\/([^/?#]+)\/translate\/?$/.exec(location.pathname);
  if (!match || new URLSearchParams(location.search).has('version')) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * As the app starts on the translate address of an item whose file is remembered: starts reading that file (the CDN
 * needs no token); the editor's fetchFile takes it over. If the item's latest version turns out to be another, the
 * translate tab's wiring drops it.
 */
export function prefetchTranslationFileOnLoad(client: Pick<TranslationClient, 'prefetchFile'>, storage: KeyValueStorage, location: { pathname: string; search: string } | null): void {
  const itemId = location ? translateAddressItem(location) : null;
  const known = itemId === null ? undefined : rememberedFiles(storage)[itemId];
  if (known) client.prefetchFile(known.path);
}

/**
 * Beside the file, on the same address: the review-API reads the editor makes before it, the stack and the validation
 * of the remembered version and locale, started as the app starts (they wait for the session's token), each taken by
 * the translation client when the item view or the editor asks (TranslationFileReader.prefetchCall). Call once the app's
 * actors run (the token is theirs).
 */
export function prefetchTranslationReadsOnLoad(reader: Pick<TranslationFileReader, 'prefetchCall'>, http: HttpClient, storage: KeyValueStorage, location: { pathname: string; search: string } | null): void {
  const itemId = location ? translateAddressItem(location) : null;
  const known = itemId === null ? undefined : rememberedFiles(storage)[itemId];
  if (itemId === null || !known?.targetLocale) return;
  for (const call of [TRANSLATION_CALLS.stack(itemId), TRANSLATION_CALLS.validation(itemId, known.versionId, known.targetLocale)]) {
    reader.prefetchCall(call.path, () => http.request<unknown>(call.path, { method: call.method, headers: { Accept: 'application/json' } }));
  }
}

/**
 * The content CDN stand-in for translations (translation-editor §7 "GET {content CDN}/{translationFilePath}" and
 * "GET CDN language-map file per display locale"): translation files stored as JSON in `<DATA_DIR>/cdn`, served
 * publicly like a CDN but under unguessable keys (a random uuid in every key), and the language maps.
 */
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { LanguageMap, LanguageMapEntry } from '../../domain/translation.ts';
import { sendError } from '../errors.ts';
import { diskObjectStore, type ObjectStore } from '../storage/objectStore.ts';
import type { SnapshotStore } from './snapshot.ts';

/** A stored translation file's key: `translations/<itemId>/<versionId>/<uuid>.json`. */
const FILE_KEY = /^translations\/[A-Za-z0-9-]{1,80}\/[A-Za-z0-9-]{1,80}\/[0-9a-f-]{36}\.json$/;

/** Where translation files live on disk. */
export interface TranslationCdn {
  /** A fresh key for an item version's file. */
  newKey(itemId: string, versionId: string): string;
  write(key: string, json: string): Promise<void>;
  /** The stored JSON, or null for a key that is malformed or not stored. */
  read(key: string): Promise<string | null>;
  /**
   * The stored file as sent: its ETag and its brotli and gzip bytes, kept for the files most recently served (null as
   * `read`): a kept file is not read again.
   */
  served(key: string): Promise<ServedFile | null>;
}

/** How many translation files keep their compressed bytes in memory (the most recently served). */
export const TRANSLATION_FILES_CACHED = 8;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A translation file as served: its ETag and its compressed bytes, made once. */
export interface ServedFile {
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The translation files most recently served, compressed once each: a file is tens of MB of JSON that takes a second
 * or more to compress, and every open of the translate tab reads it. A key never names other bytes (a new file gets a
 * new key); a write to a key drops what was kept for it all the same.
 */
function servedFiles(limit = TRANSLATION_FILES_CACHED) {
  const kept = new Map<string, Promise<ServedFile>>();
  const make = async (json: string): Promise<ServedFile> => {
    const bytes = Buffer.from(json, 'utf8');
    const [br, gz] = await Promise.all([
      // Quality 5, once per file: the bytes are kept, so a better ratio than the per-answer compression is worth it.
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipped(bytes, { level: 6 }),
    ]);
    return { etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`, br, gzip: gz };
  };
  return {
    /** The file kept for `key`, or `read` and compressed (null when there is no such file). */
    async get(key: string, read: () => Promise<string | null>): Promise<ServedFile | null> {
      let served = kept.get(key);
      if (served) kept.delete(key);
      else {
        const json = await read();
        if (json === null) return null;
        // Asked again while the file was read: the first reader's work serves both.
        served = kept.get(key) ?? make(json);
        kept.delete(key);
      }
      kept.set(key, served);
      served.catch(() => kept.delete(key));
      // The least recently served go first (a Map iterates in insertion order).
      while (kept.size > limit) kept.delete(kept.keys().next().value!);
      return served;
    },
    drop: (key: string) => void kept.delete(key),
  };
}

/** The file store: `<dataDir>/cdn` on disk, or `files` (the object store's `cdn/` when instances share blobs). */
export function createTranslationCdn(dataDir: string, files: ObjectStore = diskObjectStore(path.join(dataDir, 'cdn'))): TranslationCdn {
  const served = servedFiles();
  const read = async (key: string) => {
    if (!FILE_KEY.test(key)) return null;
    return (await files.get(key))?.toString('utf8') ?? null;
  };
  return {
    newKey: (itemId, versionId) => `translations/${itemId}/${versionId}/${randomUUID()}.json`,
    write: async (key, json) => {
      if (!FILE_KEY.test(key)) throw new Error(`not a translation file key: ${key}`);
      // Written whole (a temporary file renamed, or one object): a reader never sees half a file.
      await files.put(key, Buffer.from(json, 'utf8'), 'application/json');
      served.drop(key);
    },
    read,
    served: (key) => (FILE_KEY.test(key) ? served.get(key, () => read(key)) : Promise.resolve(null)),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Language maps (§3 Language map entry), per display locale

type Names = { en: string; fr: string; de: string; self: string };
interface LocaleFacts {
  names: Names;
  iso: string;
  script?: Names;
  variant?: Names;
}

const LOCALES: Readonly<Record<string, LocaleFacts>> = {
  en: { names: { en: 'English', fr: 'Anglais', de: 'Englisch', self: 'English' }, iso: 'en' },
  fr: { names: { en: 'French', fr: 'Français', de: 'Französisch', self: 'Français' }, iso: 'fr' },
  de: { names: { en: 'German', fr: 'Allemand', de: 'Deutsch', self: 'Deutsch' }, iso: 'de' },
  ja: { names: { en: 'Japanese', fr: 'Japonais', de: 'Japanisch', self: '日本語' }, iso: 'ja' },
  ar: { names: { en: 'Arabic', fr: 'Arabe', de: 'Arabisch', self: 'العربية' }, iso: 'ar' },
  es: { names: { en: 'Spanish', fr: 'Espagnol', de: 'Spanisch', self: 'Español' }, iso: 'es' },
  it: { names: { en: 'Italian', fr: 'Italien', de: 'Italienisch', self: 'Italiano' }, iso: 'it' },
  'pt-br': {
    names: { en: 'Portuguese', fr: 'Portugais', de: 'Portugiesisch', self: 'Português' },
    iso: 'pt',
    variant: { en: 'Brazil', fr: 'Brésil', de: 'Brasilien', self: 'Brasil' },
  },
  'zh-cn': {
    names: { en: 'Chinese', fr: 'Chinois', de: 'Chinesisch', self: '中文' },
    iso: 'zh',
    script: { en: 'Simplified', fr: 'simplifié', de: 'vereinfacht', self: '简体' },
  },
  'zh-tw': {
    names: { en: 'Chinese', fr: 'Chinois', de: 'Chinesisch', self: '中文' },
    iso: 'zh',
    script: { en: 'Traditional', fr: 'traditionnel', de: 'traditionell', self: '繁體' },
  },
  ko: { names: { en: 'Korean', fr: 'Coréen', de: 'Koreanisch', self: '한국어' }, iso: 'ko' },
  he: { names: { en: 'Hebrew', fr: 'Hébreu', de: 'Hebräisch', self: 'עברית' }, iso: 'he' },
  'fa-ir': {
    names: { en: 'Persian', fr: 'Persan', de: 'Persisch', self: 'فارسی' },
    iso: 'fa',
    variant: { en: 'Iran', fr: 'Iran', de: 'Iran', self: 'ایران' },
  },
};

/**
 * The locale codes whose language name, in any display locale or in the language itself, contains `text` (case
 * folded): the grid's search finds translation targets by their language ("French", "Deutsch"). Empty for blank text.
 */
export function localesNamed(text: string): string[] {
  const needle = text.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return Object.entries(LOCALES)
    .filter(([, facts]) => Object.values(facts.names).some((name) => name.toLocaleLowerCase().includes(needle)))
    .map(([code]) => code);
}

/** Display locales a map is served for. */
export const LANGUAGE_MAP_DISPLAY_LOCALES = ['en', 'fr', 'de'] as const;
type DisplayLocale = (typeof LANGUAGE_MAP_DISPLAY_LOCALES)[number];

/** The language map for a display locale (names in that language; authorDisplayName in the language itself), or null. */
export function languageMapFor(displayLocale: string): LanguageMap | null {
  if (!(LANGUAGE_MAP_DISPLAY_LOCALES as readonly string[]).includes(displayLocale)) return null;
  const lang = displayLocale as DisplayLocale;
  const map: LanguageMap = {};
  for (const [code, facts] of Object.entries(LOCALES)) {
    const entry: LanguageMapEntry = { displayName: facts.names[lang], authorDisplayName: facts.names.self, ISO639_1: facts.iso };
    if (facts.script) entry.script = facts.script[lang];
    if (facts.variant) entry.variant = facts.variant[lang];
    map[code] = entry;
  }
  return map;
}

/** The compression a request accepts for a translation file (brotli first), or null for none. */
function encodingOf(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = new Map(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => {
        const [name = '', ...params] = part.trim().toLowerCase().split(';');
        const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
        return [name.trim(), q === undefined ? 1 : Number(q)] as const;
      }),
  );
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

const wildcardParams = { type: 'object', properties: { '*': { type: 'string', maxLength: 400 } } } as const;
const snapshotParams = { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 60 } } } as const;
const mapParams = { type: 'object', required: ['file'], properties: { file: { type: 'string', maxLength: 40 } } } as const;

/**
 * The CDN routes, registered at the root: `/services/cdn/translations/*`, `/services/cdn/language-map/:file` and
 * `/services/cdn/snapshots/:file`.
 */
export const translationCdnRoutes: FastifyPluginAsync<{ cdn: TranslationCdn; snapshots: SnapshotStore }> = async (app, { cdn, snapshots }) => {
  app.get<{ Params: { file: string } }>('/services/cdn/snapshots/:file', { schema: { params: snapshotParams } }, async (request, reply) => {
    const html = await snapshots.read(request.params.file);
    if (html === null) return sendError(reply, 404, 'No such snapshot.');
    // Someone's stored page: never run as this origin (sandboxed, no scripts), never sniffed as something else.
    return reply
      .header('content-security-policy', 'sandbox; default-src \'none\'; img-src * data:; style-src \'unsafe-inline\' *; font-src * data:')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600, immutable')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get<{ Params: { '*': string } }>('/services/cdn/translations/*', { schema: { params: wildcardParams } }, async (request, reply) => {
    const key = `translations/${request.params['*']}`;
    const encoding = encodingOf(request);
    const file = encoding ? await cdn.served(key) : null;
    const json = file ? null : await cdn.read(key);
    if (!file && json === null) return sendError(reply, 404, 'No such translation file.');
    // A file's key changes when the file does, so it can be cached for long (yet it is private to whoever holds the key).
    reply.header('cache-control', 'private, max-age=3600, immutable').header('access-control-allow-origin', '*').header('vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    if (!file || !encoding) return reply.send(json);
    // Compressed once and kept (cdn.served); a browser that holds this file already is told so with no body.
    reply.header('etag', file.etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) return reply.code(304).send();
    return reply.header('content-encoding', encoding).send(file[encoding]);
  });

  app.get<{ Params: { file: string } }>('/services/cdn/language-map/:file', { schema: { params: mapParams } }, async (request, reply) => {
    const match = /^([a-z]{2}(?:-[a-z]{2,4})?)\.json$/.exec(request.params.file.toLowerCase());
    const map = match ? languageMapFor(match[1]!) : null;
    if (!map) return sendError(reply, 404, 'No language map for this locale.');
    return reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*').send(map);
  });
};

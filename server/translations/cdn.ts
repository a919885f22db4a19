/**
 * The content CDN stand-in for translations (translation-editor §7 "GET {content CDN}/{translationFilePath}" and
 * "GET CDN language-map file per display locale"): translation files stored as JSON in `<DATA_DIR>/cdn`, served
 * publicly like a CDN but under unguessable keys (a random uuid in every key), and the language maps.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
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
}

/** The file store: `<dataDir>/cdn` on disk, or `files` (the object store's `cdn/` when instances share blobs). */
export function createTranslationCdn(dataDir: string, files: ObjectStore = diskObjectStore(path.join(dataDir, 'cdn'))): TranslationCdn {
  return {
    newKey: (itemId, versionId) => `translations/${itemId}/${versionId}/${randomUUID()}.json`,
    write: async (key, json) => {
      if (!FILE_KEY.test(key)) throw new Error(`not a translation file key: ${key}`);
      // Written whole (a temporary file renamed, or one object): a reader never sees half a file.
      await files.put(key, Buffer.from(json, 'utf8'), 'application/json');
    },
    read: async (key) => {
      if (!FILE_KEY.test(key)) return null;
      return (await files.get(key))?.toString('utf8') ?? null;
    },
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
    const json = await cdn.read(`translations/${request.params['*']}`);
    if (json === null) return sendError(reply, 404, 'No such translation file.');
    // A file's key changes when the file does, so it can be cached for long (yet it is private to whoever holds the key).
    return reply.header('cache-control', 'private, max-age=3600, immutable').header('access-control-allow-origin', '*').type('application/json; charset=utf-8').send(json);
  });

  app.get<{ Params: { file: string } }>('/services/cdn/language-map/:file', { schema: { params: mapParams } }, async (request, reply) => {
    const match = /^([a-z]{2}(?:-[a-z]{2,4})?)\.json$/.exec(request.params.file.toLowerCase());
    const map = match ? languageMapFor(match[1]!) : null;
    if (!map) return sendError(reply, 404, 'No language map for this locale.');
    return reply.header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*').send(map);
  });
};

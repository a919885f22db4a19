import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../adapters/storage.ts';
import { TRANSLATION_FILES_REMEMBERED, TRANSLATION_FILES_STORAGE_KEY } from '../../../domain/translation.ts';
import type { HttpClient } from '../../../adapters/http.ts';
import { prefetchTranslationFileOnLoad, prefetchTranslationReadsOnLoad, rememberedFiles, rememberFile, translateAddressItem } from './translationPrefetch.ts';

describe('the remembered translation files', () => {
  it('prefetches the remembered file of the item on its translate address, and nothing on any other address', () => {
    const storage = memoryStorage();
    rememberFile(storage, 'item-1', { versionId: 'v2', path: 'translations/item-1/v2/f.json' });
    const asked: (string | null)[] = [];
    const client = { prefetchFile: (path: string | null) => void asked.push(path) };
    prefetchTranslationFileOnLoad(client, storage, { pathname: '/review/content/item-1/translate', search: '' });
    prefetchTranslationFileOnLoad(client, storage, { pathname: '/review/content/item-1/translate', search: '?version=1' });
    prefetchTranslationFileOnLoad(client, storage, { pathname: '/review/content/item-1/review', search: '' });
    prefetchTranslationFileOnLoad(client, storage, { pathname: '/review/content/item-2/translate', search: '' });
    prefetchTranslationFileOnLoad(client, storage, null);
    expect(asked).toEqual(['translations/item-1/v2/f.json']);
  });

  it('starts the stack and validation reads of the remembered version and locale on the translate address only', async () => {
    const storage = memoryStorage();
    rememberFile(storage, 'item-1', { versionId: 'v2', path: 'translations/item-1/v2/f.json', targetLocale: 'fr' });
    rememberFile(storage, 'item-2', { versionId: 'v1', path: 'translations/item-2/v1/f.json' });
    const requested: string[] = [];
    const http = { request: async (path: string) => void requested.push(path) } as unknown as HttpClient;
    const kept: string[] = [];
    const reader = { prefetchCall: (path: string, read: () => Promise<unknown>) => void (kept.push(path), read()) };
    prefetchTranslationReadsOnLoad(reader, http, storage, { pathname: '/review/content/item-1/translate', search: '' });
    prefetchTranslationReadsOnLoad(reader, http, storage, { pathname: '/review/content/item-1/review', search: '' });
    // No locale remembered: nothing to ask for.
    prefetchTranslationReadsOnLoad(reader, http, storage, { pathname: '/review/content/item-2/translate', search: '' });
    prefetchTranslationReadsOnLoad(reader, http, storage, null);
    expect(kept).toEqual(['/translations/stack/item-1', '/translations/validation/item-1/v2/fr']);
    expect(requested).toEqual(kept);
    expect(rememberedFiles(storage)['item-1']).toEqual({ versionId: 'v2', path: 'translations/item-1/v2/f.json', targetLocale: 'fr' });
  });

  it('keeps the most recent items, one file each', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= TRANSLATION_FILES_REMEMBERED; i++) rememberFile(storage, `item-${i}`, { versionId: 'v1', path: `p${i}` });
    rememberFile(storage, 'item-1', { versionId: 'v2', path: 'p1-new' });
    const files = rememberedFiles(storage);
    expect(Object.keys(files)).toHaveLength(TRANSLATION_FILES_REMEMBERED);
    expect(files['item-0']).toBeUndefined();
    expect(files['item-1']).toEqual({ versionId: 'v2', path: 'p1-new' });
    expect(Object.keys(files).at(-1)).toBe('item-1');
  });

  it('forgets what it cannot read instead of failing', () => {
    const storage = memoryStorage();
    for (const stored of ['{not json', '[]', 'null', JSON.stringify({ a: { versionId: 1, path: 'p' }, b: 'x', c: { versionId: 'v', path: 'ok' } })]) {
      storage.set(TRANSLATION_FILES_STORAGE_KEY, stored);
      expect(() => rememberedFiles(storage)).not.toThrow();
    }
    expect(rememberedFiles(storage)).toEqual({ c: { versionId: 'v', path: 'ok' } });
    expect(translateAddressItem({ pathname: '/review/content/%E0%A4%A/translate', search: '' })).toBeNull();
  });
});

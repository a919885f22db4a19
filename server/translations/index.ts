/**
 * Translations (issue 8; translation-editor §7; domain/translation.ts): the validation calls under /api, the CDN
 * stand-in's translation files and language maps under /services/cdn, and the seed's translation stacks.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import type { Realtime } from '../realtime.ts';
import { createTranslationCdn, translationCdnRoutes, type TranslationCdn } from './cdn.ts';
import { translationOperations } from './operations.ts';
import { translationRoutes } from './routes.ts';
import { createModelCache } from './store.ts';

export { seedTranslations, SEEDED_TRANSLATIONS } from './seed.ts';
export type { TranslationCdn } from './cdn.ts';

export interface TranslationOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
  dataDir: string;
  logError: (error: unknown, where: string) => void;
}

/** Registers the translation routes (under `/api`) and the CDN routes; returns the file store for the seed. */
export async function registerTranslations(app: FastifyInstance, options: TranslationOptions): Promise<{ cdn: TranslationCdn }> {
  const cdn = createTranslationCdn(options.dataDir);
  const operations = translationOperations({ db: options.db, realtime: options.realtime, models: createModelCache(cdn), logError: options.logError });
  await app.register(translationRoutes, { prefix: '/api', verify: options.verify, operations });
  await app.register(translationCdnRoutes, { cdn });
  return { cdn };
}

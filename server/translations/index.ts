/**
 * Translations (translation-editor §7; domain/translation.ts): the validation calls under /api, the CDN
 * stand-in's translation files and language maps under /services/cdn, and the seed's translation stacks. The tools
 * adds the translation memory, memory reports, suggestions, surveys, snapshots and the version diff's call.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import type { LlmConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Realtime } from '../realtime.ts';
import { createTranslationCdn, translationCdnRoutes, type TranslationCdn } from './cdn.ts';
import { createTranslationMemory } from './memory.ts';
import { memoryReports } from './memoryReports.ts';
import { translationOperations } from './operations.ts';
import { translationRoutes } from './routes.ts';
import { createSnapshotStore } from './snapshot.ts';
import { prefixedStore, type ObjectStore } from '../storage/objectStore.ts';
import type { JobQueue } from '../jobs.ts';
import { createModelCache } from './store.ts';
import { memoryProvider, openAiCompatibleProvider } from './suggestions.ts';
import { translationTools } from './tools.ts';

export { seedTranslations, SEEDED_TRANSLATIONS } from './seed.ts';
export type { TranslationCdn } from './cdn.ts';

export interface TranslationOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
  dataDir: string;
  /** The service's job queue (server/jobs.ts): memory reports run through it. */
  jobs: JobQueue;
  /** Where translation files and snapshots live when instances share blobs (its `cdn/` keys); default `<dataDir>/cdn`. */
  objectStore?: ObjectStore | null;
  logError: (error: unknown, where: string) => void;
  /** The CDN's public base URL (links to stored snapshots). */
  cdnUrl: () => string;
  /** An OpenAI-compatible service for suggestions; null or absent: the translation-memory provider. */
  llm?: LlmConfig | null;
}

/** Registers the translation routes (under `/api`) and the CDN routes; returns the file store for the seed. */
export async function registerTranslations(app: FastifyInstance, options: TranslationOptions): Promise<{ cdn: TranslationCdn }> {
  const files = options.objectStore ? prefixedStore(options.objectStore, 'cdn/') : undefined;
  const cdn = createTranslationCdn(options.dataDir, files);
  const models = createModelCache(cdn);
  const memory = createTranslationMemory({ db: options.db, models, logError: options.logError });
  const operations = translationOperations({ db: options.db, realtime: options.realtime, models, logError: options.logError, onValidationWrite: () => memory.invalidate() });
  const reports = memoryReports({ db: options.db, realtime: options.realtime, memory, operations, models, jobs: options.jobs, logError: options.logError });
  const snapshots = createSnapshotStore(options.dataDir, files);
  const tools = translationTools({
    db: options.db,
    operations,
    memory,
    reports,
    snapshots,
    provider: options.llm ? openAiCompatibleProvider(options.llm) : memoryProvider,
    cdnUrl: options.cdnUrl,
  });
  // Reports computing in the background finish before the database closes.
  app.addHook('onClose', async () => reports.idle());
  await app.register(translationRoutes, { prefix: '/api', verify: options.verify, operations, tools });
  await app.register(translationCdnRoutes, { cdn, snapshots });
  return { cdn };
}

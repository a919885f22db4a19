/**
 * Translation-memory reports (translation-editor §3 Translation-memory report, §4 requested → processing →
 * completed | rejected, §7 GET / POST translations/validation/{validationId}/memory-report): for every segment of a
 * validation's file, the validated translations of OTHER courses of the team (same locale pair) whose source is at
 * least MEMORY_HIT_MIN_SIMILARITY similar. Requested in the call (202), computed in the background — in slices, so
 * the server keeps answering — with a `memoryReportUpdated` push on /item/<itemId> at each status.
 */
import { randomUUID } from 'node:crypto';
import { MEMORY_HIT_MIN_SIMILARITY, type MemoryHit, type MemoryReport, type MemoryReportItem, type MemoryReportPush, type MemoryReportResponse, type MemoryReportStatus } from '../../domain/translation.ts';
import type { TranslationModel } from '../../domain/translationModel.ts';
import type { Db } from '../db/database.ts';
import type { MemoryReportRow } from '../db/schema.ts';
import type { Realtime } from '../realtime.ts';
import { normalizeMemoryText, type MemoryEntry, type TranslationMemory, type TranslationMemoryIndex } from './memory.ts';
import { TranslationError, type TranslationCaller, type TranslationOperations } from './operations.ts';
import { subscriptionOfItem, type ModelCache } from './store.ts';
import type { JobQueue } from '../jobs.ts';

/** The job kind of computing one report (server/jobs.ts: once across instances, taken over if its instance dies). */
export const MEMORY_REPORT_JOB = 'translations.memoryReport';

interface MemoryReportJob {
  reportId: string;
  validationId: string;
  itemId: string;
  scope: { subscriptionId: string | null; ownerAid: string };
}

/** The realtime event of a report's status change. */
export const MEMORY_REPORT_PUSH = 'memoryReportUpdated';
/** Most hits listed per segment. */
export const MAX_HITS_PER_SEGMENT = 3;
/** Segments looked up between two yields to the event loop. */
const SEGMENTS_PER_SLICE = 500;

/** The rejection message when the team has nothing validated in the pair (other than the course itself). */
export function emptyMemoryMessage(sourceLocale: string, targetLocale: string): string {
  return `No validated translations exist yet for ${sourceLocale} → ${targetLocale}`;
}

/** A stored report as the protocol has it. */
export function toMemoryReport(row: MemoryReportRow): MemoryReport {
  return {
    id: row.id,
    validationId: row.validation_id,
    status: row.status,
    sourceLanguage: row.source_language,
    targetLanguage: row.target_language,
    formality: row.formality,
    message: row.message,
    requestedAt: row.requested_at,
    completedAt: row.completed_at,
    reportItems: row.status === 'completed' ? (JSON.parse(row.items_json) as MemoryReportItem[]) : [],
  };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The report items of a model against a memory: segments with at least one hit, each with up to three similar
 * sources (best first), one hit per source and origin. Entries of `itemId` (the course itself) and unvalidated
 * ones never count. Null when the memory has no such entry at all (the report is rejected).
 */
export async function computeReportItems(model: TranslationModel, memory: TranslationMemoryIndex, itemId: string, yieldEvery = SEGMENTS_PER_SLICE): Promise<MemoryReportItem[] | null> {
  const keep = (entry: MemoryEntry) => entry.validated && entry.itemId !== itemId;
  if (!memory.entries().some(keep)) return null;
  const items: MemoryReportItem[] = [];
  // The same source text twice in a course is looked up once.
  const seen = new Map<string, MemoryHit[]>();
  for (let i = 0; i < model.segments.length; i++) {
    if (i > 0 && i % yieldEvery === 0) await yieldToEventLoop();
    const segment = model.segments[i]!;
    const normalized = normalizeMemoryText(segment.sourceText);
    if (normalized === '') continue;
    let hits = seen.get(normalized);
    if (!hits) {
      hits = [];
      for (const { similarity, entries } of memory.search(segment.sourceText, MEMORY_HIT_MIN_SIMILARITY, keep).slice(0, MAX_HITS_PER_SEGMENT)) {
        const byOrigin = new Map<string, MemoryEntry[]>();
        for (const entry of entries) {
          const origin = `${entry.courseTitle} (${entry.locale})`;
          byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), entry]);
        }
        for (const [origin, from] of byOrigin) {
          hits.push({ metricValue: Math.round(similarity * 1000) / 1000, similarSegment: from[0]!.source, origin, translations: [...new Set(from.map((entry) => entry.translation))] });
        }
      }
      seen.set(normalized, hits);
    }
    if (hits.length > 0) items.push({ path: segment.key, inputSegment: segment.sourceText, memoryHits: hits });
  }
  return items;
}

export interface MemoryReportContext {
  db: Db;
  realtime: Realtime;
  memory: TranslationMemory;
  operations: TranslationOperations;
  models: ModelCache;
  /** The service's job queue: a report is computed by whichever instance claims its job. */
  jobs: JobQueue;
  logError: (error: unknown, where: string) => void;
}

/** The report calls and the background work. */
export function memoryReports(context: MemoryReportContext) {
  const { db } = context;

  context.jobs.handle(MEMORY_REPORT_JOB, async (payload) => {
    const job = payload as MemoryReportJob;
    const report = await db.selectFrom('translation_memory_reports').select('status').where('id', '=', job.reportId).executeTakeFirst();
    // Finished already (an instance that died after finishing it but before marking the job done): nothing to redo.
    if (!report || report.status === 'completed' || report.status === 'rejected') return report?.status ?? 'gone';
    const validation = await db.selectFrom('validations').select('file_key').where('id', '=', job.validationId).executeTakeFirst();
    const loaded = validation ? await context.models.load(validation.file_key).catch(() => null) : null;
    if (!loaded) {
      await setStatus(job.reportId, 'rejected', { message: 'The report could not be computed because of an error on our side.', completed_at: new Date().toISOString() });
      push({ itemId: job.itemId, validationId: job.validationId, reportId: job.reportId, status: 'rejected' });
      return 'rejected';
    }
    await compute(job.reportId, job.validationId, job.itemId, loaded.model, job.scope).catch((error: unknown) => context.logError(error, 'translations.memoryReport'));
    return 'computed';
  });

  async function setStatus(id: string, status: MemoryReportStatus, extra: Partial<Pick<MemoryReportRow, 'message' | 'completed_at' | 'items_json'>> = {}): Promise<void> {
    await db.updateTable('translation_memory_reports').set({ status, ...extra }).where('id', '=', id).execute();
  }

  function push(data: MemoryReportPush): void {
    context.realtime.emitToItem(data.itemId, MEMORY_REPORT_PUSH, { ...data });
  }

  /** requested → processing → completed | rejected, each pushed. */
  async function compute(reportId: string, validationId: string, itemId: string, model: TranslationModel, scope: { subscriptionId: string | null; ownerAid: string }): Promise<void> {
    await yieldToEventLoop();
    await setStatus(reportId, 'processing');
    push({ itemId, validationId, reportId, status: 'processing' });
    try {
      const index = await context.memory.index({ ...scope, sourceLocale: model.sourceLocale, targetLocale: model.targetLocale });
      const items = await computeReportItems(model, index, itemId);
      if (items === null) {
        await setStatus(reportId, 'rejected', { message: emptyMemoryMessage(model.sourceLocale, model.targetLocale), completed_at: new Date().toISOString() });
        push({ itemId, validationId, reportId, status: 'rejected' });
        return;
      }
      await setStatus(reportId, 'completed', { items_json: JSON.stringify(items), completed_at: new Date().toISOString() });
      push({ itemId, validationId, reportId, status: 'completed' });
    } catch (error) {
      context.logError(error, 'translations.memoryReport');
      await setStatus(reportId, 'rejected', { message: 'The report could not be computed because of an error on our side.', completed_at: new Date().toISOString() });
      push({ itemId, validationId, reportId, status: 'rejected' });
    }
  }

  return {
    /** POST memory-report: a new report, requested; 409 while another one of the validation is requested or processing. */
    request: async (caller: TranslationCaller, validationId: string): Promise<{ report: MemoryReport }> => {
      const scope = await context.operations.access.editScope(caller, validationId);
      const { file } = scope.loaded;
      const row: MemoryReportRow = {
        id: randomUUID(),
        validation_id: validationId,
        status: 'requested',
        source_language: file.sourceLocale,
        target_language: file.targetLocale,
        formality: 'default',
        message: null,
        requested_at: new Date().toISOString(),
        completed_at: null,
        items_json: '[]',
      };
      await db.transaction().execute(async (trx) => {
        const busy = await trx.selectFrom('translation_memory_reports').select('id').where('validation_id', '=', validationId).where('status', 'in', ['requested', 'processing']).executeTakeFirst();
        if (busy) throw new TranslationError(409, 'reportInProgress', 'A translation memory report of this variant is being processed already. Please try again in a few minutes.');
        await trx.insertInto('translation_memory_reports').values(row).execute();
      });
      const owner = { subscriptionId: await subscriptionOfItem(db, scope.item), ownerAid: scope.item.user_aid };
      const job: MemoryReportJob = { reportId: row.id, validationId, itemId: scope.item.id, scope: owner };
      await context.jobs.enqueue(MEMORY_REPORT_JOB, job, { id: `${MEMORY_REPORT_JOB}:${row.id}` });
      return { report: toMemoryReport(row) };
    },

    /** GET memory-report: the validation's reports, oldest first (view rights). */
    list: async (caller: TranslationCaller, validationId: string): Promise<MemoryReportResponse> => {
      await context.operations.access.scopeOf(caller, validationId);
      const rows = await db.selectFrom('translation_memory_reports').selectAll().where('validation_id', '=', validationId).orderBy('requested_at').orderBy('id').execute();
      return { reports: rows.map(toMemoryReport) };
    },

    /** Resolves once no report is being computed (the server waits for it before closing the database). */
    idle: (): Promise<void> => context.jobs.idle(),
  };
}
export type MemoryReports = ReturnType<typeof memoryReports>;

/**
 * The export jobs: `commentExport.start` checks the caller (an account, the item exists and is theirs or their folder
 * role lets them view it: domain canExportComments; an order the item offers) and answers at once with a running
 * job; the file is made after the answer, stored under `review/exports/comments/`, and the job becomes ready with a
 * signed, expiring download link (the uploads service's `/api/downloads/<token>`), or failed. `commentExport.status`
 * reads a job back, to the account that started it only. Jobs live in memory for an hour; their files are removed then.
 */
import { randomUUID } from 'node:crypto';
import { SIGNED_URL_TTL_MS } from '../../../domain/constants.ts';
import {
  canExportComments,
  exportFileName,
  exportOrdersFor,
  type CommentExportFormat,
  type CommentExportJob,
  type CommentExportRefusal,
  type CommentExportRequests,
} from '../../../domain/commentExport.ts';
import { userAccess } from '../../content/access.ts';
import { findViewable, itemActionsFor } from '../../content/itemView.ts';
import { loadSnapshot } from '../../content/repository.ts';
import type { Db } from '../../db/database.ts';
import { collectExport } from './collect.ts';
import { exportCsv } from './csv.ts';
import type { ExportFonts } from './fonts.ts';
import { exportPdf } from './pdf.ts';

/** What the jobs need of the file storage (server/uploads UploadService implements it). */
export interface ExportFiles {
  signDownload(key: string, fileName: string): string;
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  removeBlob(key: string): Promise<void>;
  readBlob(key: string): Promise<Uint8Array | null>;
}

export interface ExportContext {
  db: Db;
  files: ExportFiles;
  fonts: () => ExportFonts;
  logError: (error: unknown, where: string) => void;
}

export const EXPORT_KEY_PREFIX = 'review/exports/comments/';

export type ExportAck = { success: true; data: { job: CommentExportJob } } | { success: false; reason: CommentExportRefusal; message: string };

export const EXPORT_REFUSAL_MESSAGES: Record<CommentExportRefusal, string> = {
  invalidRequest: 'Invalid request.',
  notFound: 'This item does not exist or is not visible to you.',
  forbidden: 'You are not allowed to export the comments of this item.',
  orderNotOffered: 'This order is not offered for this item.',
  busy: 'Another export of yours is still being prepared. Try again when it is ready.',
  serverError: 'The export failed. Please try again later.',
};

interface Job {
  job: CommentExportJob;
  aid: string;
  key: string | null;
  expiresAt: number;
}

const refusal = (reason: CommentExportRefusal): ExportAck => ({ success: false, reason, message: EXPORT_REFUSAL_MESSAGES[reason] });

/** The job table and the two requests. */
export function createExportJobs(context: ExportContext) {
  const jobs = new Map<string, Job>();
  const running = new Set<Promise<void>>();

  const sweep = (now: number) => {
    for (const [id, entry] of jobs) {
      if (entry.expiresAt > now) continue;
      jobs.delete(id);
      if (entry.key) void context.files.removeBlob(entry.key).catch(() => undefined);
    }
  };

  async function run(entry: Job, itemId: string, order: CommentExportRequests['commentExport.start']['order'], format: CommentExportFormat): Promise<void> {
    try {
      const row = await context.db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();
      const data = await collectExport(context.db, row, order, (key) => context.files.signDownload(key, `snapshot.${key.endsWith('.html') ? 'html' : 'png'}`), new Date());
      entry.job.progress = 0.2;
      const bytes =
        format === 'csv'
          ? exportCsv(data)
          : await exportPdf(data, {
              fonts: context.fonts(),
              readBlob: context.files.readBlob,
              onProgress: (fraction) => {
                entry.job.progress = 0.2 + 0.75 * fraction;
              },
            });
      const key = `${EXPORT_KEY_PREFIX}${entry.job.jobId}.${format}`;
      await context.files.putBlob(key, bytes);
      const fileName = exportFileName(row.title, format);
      entry.key = key;
      entry.job = { ...entry.job, status: 'ready', progress: 1, url: context.files.signDownload(key, fileName), fileName };
    } catch (error) {
      context.logError(error, 'commentExport');
      entry.job = { ...entry.job, status: 'failed' };
    }
  }

  return {
    async start(aid: string, payload: CommentExportRequests['commentExport.start']): Promise<ExportAck> {
      const now = Date.now();
      sweep(now);
      if (aid.startsWith('anon|')) return refusal('forbidden');
      const row = await context.db.selectFrom('items').selectAll().where('id', '=', payload.itemId).executeTakeFirst();
      const access = row ? userAccess(await loadSnapshot(context.db), aid) : null;
      const isOwner = row?.user_aid === aid;
      const actions = row && access ? itemActionsFor(access, row) : [];
      if (!row || !access || (row.archived_at !== null && !isOwner)) return refusal('notFound');
      if (!canExportComments({ signedIn: true, item: { isOwner, actions } })) {
        // Someone who may not even view the item is not told it exists; a link or share viewer is told no.
        const viewable = await findViewable(context.db, access, row.id, null).then(
          () => true,
          () => false,
        );
        return refusal(viewable ? 'forbidden' : 'notFound');
      }
      if (!exportOrdersFor(row.product).includes(payload.order)) return refusal('orderNotOffered');
      // One file at a time per account: a PDF of a large item takes seconds of the service's time.
      if ([...jobs.values()].some((other) => other.aid === aid && other.job.status === 'running')) return refusal('busy');
      const job: CommentExportJob = { jobId: randomUUID(), status: 'running', format: payload.format, progress: 0, url: null, fileName: null };
      const entry: Job = { job, aid, key: null, expiresAt: now + SIGNED_URL_TTL_MS };
      jobs.set(job.jobId, entry);
      const answer: ExportAck = { success: true, data: { job: { ...job } } };
      // The file is made after the answer goes out.
      const work = new Promise<void>((resolve) => setImmediate(resolve)).then(() => run(entry, row.id, payload.order, payload.format));
      running.add(work);
      void work.finally(() => running.delete(work));
      return answer;
    },

    async status(aid: string, payload: CommentExportRequests['commentExport.status']): Promise<ExportAck> {
      sweep(Date.now());
      const entry = jobs.get(payload.jobId);
      if (!entry || entry.aid !== aid) return refusal('notFound');
      return { success: true, data: { job: { ...entry.job } } };
    },

    /** Resolves once every running job has finished (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;

/**
 * The export jobs: `commentExport.start` checks the caller (an account, the item exists and is theirs or their folder
 * role lets them view it: domain canExportComments; an order the item offers) and answers at once with a running
 * export; the file is made by a job on the job table (server/jobs.ts, kind `commentExport.make`), so whichever
 * instance claims it makes it, and another takes it over when that instance dies mid-job. The export's state lives in
 * the shared database (`comment_exports`), its file in the blob store under `review/exports/comments/`: any instance
 * answers `commentExport.status` (to the account that started it only) and signs the download link (the uploads
 * service's `/api/downloads/<token>`). The export becomes ready or failed once (a conditional update), and the account
 * is told so (and of the progress on the way) by the `commentExport.updated` push wherever it is connected. Exports and their files are removed an
 * hour after the start (server/exports/fileExpiry.ts).
 */
import { randomUUID } from 'node:crypto';
import { SIGNED_URL_TTL_MS } from '../../../domain/constants.ts';
import {
  canExportComments,
  COMMENT_EXPORT_PUSH,
  COMMENT_EXPORT_WAIT_MS,
  exportFileName,
  exportOrdersFor,
  type CommentExportFormat,
  type CommentExportJob,
  type CommentExportOrder,
  type CommentExportPush,
  type CommentExportRefusal,
  type CommentExportRequests,
} from '../../../domain/commentExport.ts';
import { userAccess } from '../../content/access.ts';
import { findViewable, itemActionsFor } from '../../content/itemView.ts';
import { loadSnapshot } from '../../content/repository.ts';
import type { Db } from '../../db/database.ts';
import type { CommentExportsTable } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs.ts';
import type { Realtime } from '../../realtime.ts';
import { removeFileAfter } from '../fileExpiry.ts';
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
  jobs: JobQueue;
  realtime: Pick<Realtime, 'emitToUser'>;
  files: ExportFiles;
  fonts: () => ExportFonts;
  logError: (error: unknown, where: string) => void;
  now?: () => number;
}

export const EXPORT_KEY_PREFIX = 'review/exports/comments/';

/** Why an export's job failed and will be tried again: its item is in the trash (restoring it lets the export finish). */
export class ExportItemInTrashError extends Error {
  override name = 'ExportItemInTrashError';
  constructor(title: string) {
    super(`The item "${title}" is in the trash: restore it, then run the export again.`);
  }
}

/** The job kind that makes an export's file (payload `{ exportId }`, job id `commentExport.make:<exportId>`). */
export const COMMENT_EXPORT_JOB = 'commentExport.make';

/** Progress is written back at most this often (in steps of the whole), so a long PDF costs a few writes. */
const PROGRESS_STEP = 0.05;

export type ExportAck = { success: true; data: { job: CommentExportJob } } | { success: false; reason: CommentExportRefusal; message: string };

export const EXPORT_REFUSAL_MESSAGES: Record<CommentExportRefusal, string> = {
  invalidRequest: 'Invalid request.',
  notFound: 'This item does not exist or is not visible to you.',
  forbidden: 'You are not allowed to export the comments of this item.',
  orderNotOffered: 'This order is not offered for this item.',
  busy: 'Another export of yours is still being prepared. Try again when it is ready.',
  serverError: 'The export failed. Please try again later.',
};

type ExportRow = Pick<CommentExportsTable, 'id' | 'aid' | 'item_id' | 'item_order' | 'format' | 'status' | 'file_key' | 'file_name' | 'expires_at'> & { progress: number };

const refusal = (reason: CommentExportRefusal): ExportAck => ({ success: false, reason, message: EXPORT_REFUSAL_MESSAGES[reason] });

/** The exports, their two requests and the job that makes the files. */
export function createExportJobs(context: ExportContext) {
  const { db } = context;
  const now = context.now ?? Date.now;
  const running = new Set<Promise<unknown>>();

  /** The export as the client reads it (a ready one with a fresh signed link). */
  const jobOf = (row: ExportRow): CommentExportJob => {
    const status = row.status as CommentExportJob['status'];
    const ready = status === 'ready' && row.file_name !== null;
    return {
      jobId: row.id,
      status,
      format: row.format as CommentExportFormat,
      progress: status === 'running' ? Math.round(row.progress * 100) / 100 : 1,
      url: ready ? context.files.signDownload(row.file_key, row.file_name!) : null,
      fileName: ready ? row.file_name : null,
    };
  };

  const readExport = (id: string) => db.selectFrom('comment_exports').selectAll().where('id', '=', id).executeTakeFirst() as Promise<ExportRow | undefined>;

  /** Ends a running export (once: whoever ends it first) and tells its account. */
  const end = async (id: string, change: { status: 'ready'; file_name: string } | { status: 'failed' }): Promise<boolean> => {
    const ended = await db
      .updateTable('comment_exports')
      .set({ ...change, progress: 1 })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return false;
    const row = await readExport(id);
    if (row) context.realtime.emitToUser(row.aid, COMMENT_EXPORT_PUSH, { job: jobOf(row) } satisfies CommentExportPush as unknown as Record<string, unknown>);
    return true;
  };

  async function make(row: ExportRow): Promise<unknown> {
    let written = row.progress;
    const progress = (fraction: number) => {
      if (fraction - written < PROGRESS_STEP) return;
      written = fraction;
      // The account follows the progress by push too (a push after the end is ignored by the client).
      void db
        .updateTable('comment_exports')
        .set({ progress: fraction })
        .where('id', '=', row.id)
        .where('status', '=', 'running')
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) !== 1) return;
          const job = jobOf({ ...row, status: 'running', progress: fraction });
          context.realtime.emitToUser(row.aid, COMMENT_EXPORT_PUSH, { job } satisfies CommentExportPush as unknown as Record<string, unknown>);
        })
        .catch(() => undefined);
    };
    const item = await db.selectFrom('items').selectAll().where('id', '=', row.item_id).executeTakeFirst();
    // An item in the trash may come back (restored): the queue tries again after its back-off; once every attempt
    // failed the export is failed and staff may run the job again after the restore (`reopen`).
    if (item?.archived_at != null) throw new ExportItemInTrashError(item.title);
    try {
      if (!item) throw new Error(`Item ${row.item_id} no longer exists`);
      const data = await collectExport(db, item, row.item_order as CommentExportOrder, (key) => context.files.signDownload(key, `snapshot.${key.endsWith('.html') ? 'html' : 'png'}`), new Date(now()));
      progress(0.2);
      const bytes =
        row.format === 'csv'
          ? exportCsv(data)
          : await exportPdf(data, { fonts: context.fonts(), readBlob: context.files.readBlob, onProgress: (fraction) => progress(0.2 + 0.75 * fraction) });
      await context.files.putBlob(row.file_key, bytes);
      return { exportId: row.id, ready: await end(row.id, { status: 'ready', file_name: exportFileName(item.title, row.format as CommentExportFormat) }) };
    } catch (error) {
      // Reported generically (§8) and not tried again: the same item would fail the same way.
      context.logError(error, 'commentExport');
      return { exportId: row.id, failed: await end(row.id, { status: 'failed' }) };
    }
  }

  /** A failed export whose job staff run again (its first attempt after `JobQueue.retry`) is running again, and told. */
  const reopen = async (row: ExportRow): Promise<ExportRow | null> => {
    if (row.status !== 'failed' || row.expires_at <= now()) return null;
    const reopened = await db.updateTable('comment_exports').set({ status: 'running', progress: 0, file_name: null }).where('id', '=', row.id).where('status', '=', 'failed').executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) return null;
    const reopenedRow = { ...row, status: 'running', progress: 0, file_name: null };
    context.realtime.emitToUser(row.aid, COMMENT_EXPORT_PUSH, { job: jobOf(reopenedRow) } satisfies CommentExportPush as unknown as Record<string, unknown>);
    return reopenedRow;
  };

  context.jobs.handle(COMMENT_EXPORT_JOB, async (payload, job) => {
    const { exportId } = payload as { exportId: string };
    const found = await readExport(exportId);
    // A first attempt finding the export failed is a run again by staff; a later one finding it ended, an instance
    // presumed dead that came back: nothing to do. Removed (its link expired): nothing to do.
    const row = found?.status === 'running' ? found : found && job.attempts === 1 ? await reopen(found) : null;
    if (!row) return { exportId, skipped: found?.status ?? 'removed' };
    const run = make(row);
    running.add(run);
    try {
      return await run;
    } catch (error) {
      // The last attempt: the account is told the export failed (the job is listed for staff with its error).
      if (job.attempts >= context.jobs.maxAttempts) await end(row.id, { status: 'failed' });
      throw error;
    } finally {
      running.delete(run);
    }
  });

  return {
    async start(aid: string, payload: CommentExportRequests['commentExport.start']): Promise<ExportAck> {
      if (aid.startsWith('anon|')) return refusal('forbidden');
      const row = await db.selectFrom('items').selectAll().where('id', '=', payload.itemId).executeTakeFirst();
      const access = row ? userAccess(await loadSnapshot(db), aid) : null;
      const isOwner = row?.user_aid === aid;
      const actions = row && access ? itemActionsFor(access, row) : [];
      if (!row || !access || (row.archived_at !== null && !isOwner)) return refusal('notFound');
      if (!canExportComments({ signedIn: true, item: { isOwner, actions } })) {
        // Someone who may not even view the item is not told it exists; a link or share viewer is told no.
        const viewable = await findViewable(db, access, row.id, null).then(
          () => true,
          () => false,
        );
        return refusal(viewable ? 'forbidden' : 'notFound');
      }
      if (!exportOrdersFor(row.product).includes(payload.order)) return refusal('orderNotOffered');
      const at = now();
      // One file at a time per account: a PDF of a large item takes seconds of the service's time. An export still
      // running after the longest wait a client allows no longer counts (its instances died each time).
      const busy = await db
        .selectFrom('comment_exports')
        .select('id')
        .where('aid', '=', aid)
        .where('status', '=', 'running')
        .where('created_at', '>', at - COMMENT_EXPORT_WAIT_MS.pdf)
        .executeTakeFirst();
      if (busy) return refusal('busy');
      const id = randomUUID();
      const entry = { id, aid, item_id: row.id, item_order: payload.order, format: payload.format, status: 'running', progress: 0, file_key: `${EXPORT_KEY_PREFIX}${id}.${payload.format}`, file_name: null, created_at: at, expires_at: at + SIGNED_URL_TTL_MS };
      await db.insertInto('comment_exports').values(entry).execute();
      // The file is made by whichever instance claims the job, after the answer; it and the export go after the hour.
      await context.jobs.enqueue(COMMENT_EXPORT_JOB, { exportId: id }, { id: `${COMMENT_EXPORT_JOB}:${id}` });
      await removeFileAfter(context.jobs, entry.file_key, entry.expires_at);
      return { success: true, data: { job: jobOf(entry) } };
    },

    async status(aid: string, payload: CommentExportRequests['commentExport.status']): Promise<ExportAck> {
      const row = await readExport(payload.jobId);
      if (!row || row.aid !== aid || row.expires_at <= now()) return refusal('notFound');
      return { success: true, data: { job: jobOf(row) } };
    },

    /** Resolves once every export this instance is making has finished (shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}

export type ExportJobs = ReturnType<typeof createExportJobs>;

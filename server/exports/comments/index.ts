/**
 * Comment export (review-and-content §2, §5, §6, §7 "export comments to CSV or PDF", §8, §9): the two socket requests
 * on /user/<aid> (accounts only; an anonymous reviewer's /anon does not have them), each payload checked strictly first
 * (no coercion, no unknown fields: invalidRequest with the check's words), then the exports (jobs.ts).
 */
import { COMMENT_EXPORT_FORMATS, COMMENT_EXPORT_ORDERS, COMMENT_EXPORT_REQUEST_NAMES, type CommentExportRequestName } from '../../../domain/commentExport.ts';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs.ts';
import type { Realtime } from '../../realtime.ts';
import { answerChecked, registerRequests } from '../../socketRequests.ts';
import { payloadChecker, strictObject } from '../../validation.ts';
import { findExportFonts, type ExportFonts } from './fonts.ts';
import { createExportJobs, EXPORT_REFUSAL_MESSAGES, type ExportAck, type ExportFiles, type ExportJobs } from './jobs.ts';

export { COMMENT_EXPORT_JOB, EXPORT_KEY_PREFIX, type ExportFiles } from './jobs.ts';

const ID = { type: 'string', minLength: 1, maxLength: 200 };

/** Strict payload schemas of the export requests. */
export const checkExportPayload = payloadChecker({
  'commentExport.start': strictObject({ itemId: ID, order: { type: 'string', enum: [...COMMENT_EXPORT_ORDERS] }, format: { type: 'string', enum: [...COMMENT_EXPORT_FORMATS] } }),
  'commentExport.status': strictObject({ jobId: ID }),
});

export interface CommentExportOptions {
  db: Db;
  /** The service's job queue: the files are made by its `commentExport.make` jobs. */
  jobs: JobQueue;
  realtime: Realtime;
  files: ExportFiles;
  logError: (error: unknown, where: string) => void;
  /** Fonts for the PDF (default: found on this machine, fonts.ts). */
  fonts?: ExportFonts;
}

/** Registers the export requests; returns the jobs (their `idle()` for shutdown and tests). */
export function registerCommentExport(options: CommentExportOptions): ExportJobs {
  let fonts = options.fonts ?? null;
  const fontsOnce = (): ExportFonts => {
    if (!fonts) {
      fonts = findExportFonts();
      if (fonts.missingScripts.length > 0) options.logError(new Error(`PDF export: no font for ${fonts.missingScripts.join(', ')} (install Debian's fonts-noto-core and fonts-noto-cjk, or set EXPORT_FONT_DIR)`), 'commentExport fonts');
    }
    return fonts;
  };
  const jobs = createExportJobs({ db: options.db, jobs: options.jobs, realtime: options.realtime, files: options.files, fonts: fontsOnce, logError: options.logError });
  const answer = (event: CommentExportRequestName, aid: string, payload: unknown): Promise<ExportAck | { success: false; reason: 'invalidRequest'; message: string }> =>
    answerChecked(
      () => checkExportPayload(event, payload),
      (value) => (event === 'commentExport.start' ? jobs.start(aid, value as never) : jobs.status(aid, value as never)),
      (error) => {
        options.logError(error, event);
        return { success: false, reason: 'serverError', message: EXPORT_REFUSAL_MESSAGES.serverError };
      },
    );
  registerRequests(options.realtime, COMMENT_EXPORT_REQUEST_NAMES, [], answer);
  return jobs;
}

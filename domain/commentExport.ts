/**
 * Comment export (review-and-content §2 comments export dialog, §5, §6, §7 "export comments to CSV or PDF", §8, §9):
 * the orders and formats, who may export, the job the service runs and how it is asked for and read back, the
 * spreadsheet-formula neutralising of CSV cells. Shared by the client (machine, dialog) and the service.
 */
import type { FolderAction } from './folderRoles.ts';
import { productFamily } from './folderRoles.ts';
import { COMMENT_EXPORT_WAIT_CSV_MS, COMMENT_EXPORT_WAIT_PDF_MS } from './constants.ts';

/** §9 "export orders recent, time (video), slide, lesson (rise)". */
export type CommentExportOrder = 'recent' | 'time' | 'slide' | 'lesson';
export const COMMENT_EXPORT_ORDERS: readonly CommentExportOrder[] = ['recent', 'time', 'slide', 'lesson'];

/** §5 "a format (CSV or PDF)". */
export type CommentExportFormat = 'csv' | 'pdf';
export const COMMENT_EXPORT_FORMATS: readonly CommentExportFormat[] = ['csv', 'pdf'];

/** §9 "Export wait toast 60 s for CSV, 300 s for PDF": how long the client waits for the file before it gives up. */
export const COMMENT_EXPORT_WAIT_MS: Readonly<Record<CommentExportFormat, number>> = { csv: COMMENT_EXPORT_WAIT_CSV_MS, pdf: COMMENT_EXPORT_WAIT_PDF_MS };

/** §5/§9: the orders an item offers: recent always, then time for videos, slide for slide products, lesson for Rise. */
export function exportOrdersFor(product: string): CommentExportOrder[] {
  const family = productFamily(product);
  if (family === 'video') return ['recent', 'time'];
  if (family === 'rise') return ['recent', 'lesson'];
  return ['recent', 'slide'];
}

/** What the permission rule reads of the item as the user received it. */
export interface ExportSubject {
  /** A signed-in account (anonymous reviewers and visitors may not export). */
  signedIn: boolean;
  /** The item exists and is loaded; null when not. */
  item: { isOwner: boolean; actions: readonly FolderAction[] } | null;
}

/**
 * §6 "export comments needs an account and an existing item", gated by the folder or ownership (§6 "Folder actions gate
 * item actions: … exportComments"): the owner, or someone whose folder role lets them view the item where it sits. A
 * person who sees the item only through its public link, an explicit share or a review request has no folder role
 * there: the export carries every reviewer's e-mail, so it is not offered to them.
 */
export function canExportComments(subject: ExportSubject): boolean {
  if (!subject.signedIn || !subject.item) return false;
  return subject.item.isOwner || subject.item.actions.includes('viewItem');
}

/** The job's state on the service. */
export type CommentExportStatus = 'running' | 'ready' | 'failed';

/** A job as the service reports it (the ack of commentExport.start and of commentExport.status). */
export interface CommentExportJob {
  jobId: string;
  status: CommentExportStatus;
  format: CommentExportFormat;
  /** 0 to 1. */
  progress: number;
  /** The signed, expiring download link once ready, else null. */
  url: string | null;
  /** The file's name once ready, else null. */
  fileName: string | null;
}

/** Socket requests on /user/<aid> (accounts only). */
export interface CommentExportRequests {
  'commentExport.start': { itemId: string; order: CommentExportOrder; format: CommentExportFormat };
  'commentExport.status': { jobId: string };
}
export type CommentExportRequestName = keyof CommentExportRequests;
export const COMMENT_EXPORT_REQUEST_NAMES: readonly CommentExportRequestName[] = ['commentExport.start', 'commentExport.status'];

/** The push on /user/<aid> when a job of the account's ends (ready or failed), from whichever instance ran it. */
export const COMMENT_EXPORT_PUSH = 'commentExport.updated';
export interface CommentExportPush {
  job: CommentExportJob;
}

/** Refusals of the export requests. */
export type CommentExportRefusal = 'invalidRequest' | 'notFound' | 'forbidden' | 'orderNotOffered' | 'busy' | 'serverError';

/** Whether a value reads as a job (the client checks what the service answers). */
export function isCommentExportJob(value: unknown): value is CommentExportJob {
  const job = value as Partial<CommentExportJob> | null;
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.jobId === 'string' &&
    (job.status === 'running' || job.status === 'ready' || job.status === 'failed') &&
    (job.format === 'csv' || job.format === 'pdf') &&
    typeof job.progress === 'number' &&
    (job.url === null || typeof job.url === 'string') &&
    (job.fileName === null || typeof job.fileName === 'string') &&
    (job.status !== 'ready' || (typeof job.url === 'string' && typeof job.fileName === 'string'))
  );
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe, so it shows as the text it is. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** "m:ss" (or "h:mm:ss") of a video time in seconds. */
export function formatVideoTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The export file's name: the item title made safe for file systems, the format's extension. */
export function exportFileName(title: string, format: CommentExportFormat): string {
  // eslint-disable-next-line no-control-regex
  const safe = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim().slice(0, 120) || 'item';
  return `${safe} comments.${format}`;
}

/**
 * Toasts (foundation §8, §9): how long each kind stays, and the toast ids the foundation names.
 */
// Durations only from constants.ts: the toasts run on every page, the translation and comment-export modules do not.
import {
  COMMENT_EXPORT_WAIT_CSV_MS,
  COMMENT_EXPORT_WAIT_PDF_MS,
  SAVE_ALL_SUCCESS_TOAST_MS,
  SAVE_SUCCESS_TOAST_MS,
  TOAST_CONTENT_MS,
  TOAST_DEFAULT_MS,
  TOAST_EDIT_MS,
  TOAST_SURVEY_MS,
  UPLOAD_TOAST_MS,
} from './constants.ts';

/** What a toast reports; decides its look and its announcement (errors are assertive). */
export type ToastSeverity = 'success' | 'error' | 'info';

/**
 * Duration classes (foundation §9): default 5 s; edit and survey toasts 10 s; the content toasts (moved,
 * trashed, restored; review-and-content §9) 10 s; the upload toasts ('upload complete', upload failed; §4, §9) 10 s.
 */
/** `saved`: translation-editor §9 save success (single segment), 2,000 ms; `savedAll`: saved to all duplicates, 5,000 ms. */
export type ToastKind = 'default' | 'edit' | 'survey' | 'content' | 'upload' | 'saved' | 'savedAll'
  // Comment export (review-and-content §9): the wait toast stays 60 s for CSV, 300 s for PDF.
  | 'exportWaitCsv'
  | 'exportWaitPdf';

const DURATION_MS: Readonly<Record<ToastKind, number>> = {
  default: TOAST_DEFAULT_MS,
  edit: TOAST_EDIT_MS,
  survey: TOAST_SURVEY_MS,
  content: TOAST_CONTENT_MS,
  upload: UPLOAD_TOAST_MS,
  saved: SAVE_SUCCESS_TOAST_MS,
  savedAll: SAVE_ALL_SUCCESS_TOAST_MS,
  // Comment export wait toasts (domain/commentExport.ts COMMENT_EXPORT_WAIT_MS).
  exportWaitCsv: COMMENT_EXPORT_WAIT_CSV_MS,
  exportWaitPdf: COMMENT_EXPORT_WAIT_PDF_MS,
};

/** How long a toast of this kind stays, in ms. */
export function toastDurationMs(kind: ToastKind): number {
  return DURATION_MS[kind];
}

/** The generic error text of the update-user-role toast (foundation §8). */
export const GENERIC_TRY_LATER_MESSAGE = 'There was an error. Please try again later.';

/** Toast ids of foundation §8. */
export const TOAST_IDS = [
  'reachCheckEnabledError',
  'checkUserHasReachAccessError',
  'requestReachError',
  'requestActivationError',
  'requestSent',
  'missingEmailError',
  'updateUserRoleError',
] as const;

export type ToastId = (typeof TOAST_IDS)[number];

/** What the foundation fixes about each toast. */
export interface ToastDefinition {
  id: ToastId;
  severity: ToastSeverity;
  kind: ToastKind;
  /** Text the spec gives; null where the views' string catalogue supplies it. */
  text: string | null;
  /** The toast shows the error message it was raised with (foundation §8 "message included"). */
  includesMessage: boolean;
}

export const TOASTS: Readonly<Record<ToastId, ToastDefinition>> = {
  reachCheckEnabledError: { id: 'reachCheckEnabledError', severity: 'error', kind: 'default', text: null, includesMessage: false },
  checkUserHasReachAccessError: { id: 'checkUserHasReachAccessError', severity: 'error', kind: 'default', text: null, includesMessage: true },
  requestReachError: { id: 'requestReachError', severity: 'error', kind: 'default', text: null, includesMessage: false },
  requestActivationError: { id: 'requestActivationError', severity: 'error', kind: 'default', text: null, includesMessage: false },
  requestSent: { id: 'requestSent', severity: 'success', kind: 'default', text: null, includesMessage: false },
  missingEmailError: { id: 'missingEmailError', severity: 'error', kind: 'default', text: null, includesMessage: false },
  updateUserRoleError: { id: 'updateUserRoleError', severity: 'error', kind: 'default', text: GENERIC_TRY_LATER_MESSAGE, includesMessage: false },
};

/** True for a toast id of foundation §8. */
export function isToastId(value: unknown): value is ToastId {
  return typeof value === 'string' && (TOAST_IDS as readonly string[]).includes(value);
}

/** A toast ready to show: its definition, duration and the message it carries (when it includes one). */
export interface ToastRequest {
  id: ToastId;
  severity: ToastSeverity;
  durationMs: number;
  text: string | null;
  message: string | null;
}

/** Builds the toast for an id; `message` is kept only for toasts that include the error's message. */
export function toastFor(id: ToastId, message: string | null = null): ToastRequest {
  const def = TOASTS[id];
  return { id, severity: def.severity, durationMs: toastDurationMs(def.kind), text: def.text, message: def.includesMessage ? message : null };
}

/** Toast data (review-and-content §3): what a content toast says, filled in by the view's catalogue. */
export interface ToastData {
  folderName?: string | null;
  folderId?: number | string | null;
  foldersCount?: number;
  itemsCount?: number;
  itemTitle?: string | null;
  destinationFolderName?: string | null;
  message?: string | null;
  /** Upload toast data (§3): the file's name and how long the toast stays (ms). */
  fileName?: string | null;
  duration?: number;
  /** The new-version toast (§4 Other): the version now shown. */
  version?: number | null;
}

/** The content toasts of review-and-content §9: moved, trashed, restored, each 10 s. */
export const CONTENT_TOAST_IDS = ['moved', 'trashed', 'restored'] as const;
export type ContentToastId = (typeof CONTENT_TOAST_IDS)[number];

/** True for one of the content toast ids. */
export function isContentToastId(value: unknown): value is ContentToastId {
  return typeof value === 'string' && (CONTENT_TOAST_IDS as readonly string[]).includes(value);
}

/** A content toast ready for the toasts actor: success, 10 s, words from the catalogue, the §3 data. */
export function contentToast(id: ContentToastId, data: ToastData): { id: ContentToastId; severity: ToastSeverity; kind: ToastKind; text: null; message: null; data: ToastData } {
  return { id, severity: 'success', kind: 'content', text: null, message: null, data };
}

/** The upload toasts of review-and-content §4: 'upload complete' and upload failed, each 10 s with the file's name. */
export const UPLOAD_TOAST_IDS = ['uploadComplete', 'uploadFailed'] as const;
export type UploadToastId = (typeof UPLOAD_TOAST_IDS)[number];

/** True for one of the upload toast ids. */
export function isUploadToastId(value: unknown): value is UploadToastId {
  return typeof value === 'string' && (UPLOAD_TOAST_IDS as readonly string[]).includes(value);
}

/** An upload toast ready for the toasts actor: §3 upload toast data (fileName, duration), words from the catalogue. */
export function uploadToast(id: UploadToastId, fileName: string): { id: UploadToastId; severity: ToastSeverity; kind: ToastKind; text: null; message: null; data: ToastData } {
  return { id, severity: id === 'uploadComplete' ? 'success' : 'error', kind: 'upload', text: null, message: null, data: { fileName, duration: UPLOAD_TOAST_MS } };
}

/** The item view's toast (§4 Other): someone else created a newer version and the view moved to it. */
export const NEW_VERSION_TOAST_ID = 'newVersion';

/** The new-version toast (default duration) with the item's title and the version now shown. */
export function newVersionToast(itemTitle: string, version: number): { id: typeof NEW_VERSION_TOAST_ID; severity: ToastSeverity; kind: ToastKind; text: null; message: null; data: ToastData } {
  return { id: NEW_VERSION_TOAST_ID, severity: 'info', kind: 'default', text: null, message: null, data: { itemTitle, version } };
}

/** A download from the item view's export menu (project backup, video) that failed; the message is the reason. */
export const ITEM_DOWNLOAD_FAILED_TOAST_ID = 'itemDownloadFailed';

/** The download-failed toast: what could not be downloaded and why. */
export function itemDownloadFailedToast(what: 'backup' | 'video', message: string): { id: typeof ITEM_DOWNLOAD_FAILED_TOAST_ID; severity: ToastSeverity; kind: ToastKind; text: null; message: string; data: ToastData } {
  return { id: ITEM_DOWNLOAD_FAILED_TOAST_ID, severity: 'error', kind: 'default', text: null, message, data: { itemTitle: what } };
}

/**
 * The comment toasts (review-and-content §8 comment errors): a comment that could not be added ('While adding
 * comment: …'), a snapshot that could not be uploaded ('While uploading comment snapshot: …'), and any other comment
 * action the server refused (resolve, delete, mark read, turn comments on or off). The message is the words.
 */
export const COMMENT_TOAST_IDS = ['commentAddFailed', 'commentSnapshotFailed', 'commentActionFailed'] as const;
export type CommentToastId = (typeof COMMENT_TOAST_IDS)[number];

/** True for one of the comment toast ids. */
export function isCommentToastId(value: unknown): value is CommentToastId {
  return typeof value === 'string' && (COMMENT_TOAST_IDS as readonly string[]).includes(value);
}

/** A comment error toast (default duration) carrying its full message. */
export function commentToast(id: CommentToastId, message: string): { id: CommentToastId; severity: ToastSeverity; kind: ToastKind; text: null; message: string; data: ToastData } {
  return { id, severity: 'error', kind: 'default', text: null, message, data: { message } };
}

/**
 * The review-request toasts (review-and-content §8 review-request errors): a request the server refused
 * ('request_review_error', with the server's message), a delete of reviews or a reopen that failed (the catalogue's
 * words for those keys), and the confirmation that a request was sent.
 */
export const REVIEW_REQUEST_TOAST_IDS = [
  'request_review_error',
  'review.request_review_header.delete_reviews_error',
  'review.request_review_header.reopen_review_error',
  'reviewRequestSent',
] as const;
export type ReviewRequestToastId = (typeof REVIEW_REQUEST_TOAST_IDS)[number];

/** True for one of the review-request toast ids. */
export function isReviewRequestToastId(value: unknown): value is ReviewRequestToastId {
  return typeof value === 'string' && (REVIEW_REQUEST_TOAST_IDS as readonly string[]).includes(value);
}

/** A review-request toast (default duration); errors carry the server's message when there is one. */
export function reviewRequestToast(
  id: ReviewRequestToastId,
  message: string | null,
): { id: ReviewRequestToastId; severity: ToastSeverity; kind: ToastKind; text: null; message: string | null; data: ToastData } {
  return { id, severity: id === 'reviewRequestSent' ? 'success' : 'error', kind: 'default', text: null, message, data: { message } };
}

/**
 * What every comment operation shares: the context, who is asking (an account or an anonymous reviewer),
 * refusals with their reasons and messages (domain/comments.ts CommentRefusal), and the change runner
 * (decide and write in one transaction, then push on the item's namespace once the answer is out).
 */
import type { CommentAck, CommentPushName, CommentPushes, CommentRefusal, CommentViewer } from '../../domain/comments.ts';
import { COMMENT_MAX_ATTACHMENTS, COMMENT_MAX_CHARS } from '../../domain/constants.ts';
import { Refusal, REFUSAL_MESSAGES } from '../content/common.ts';
import type { ItemContext } from '../content/itemView.ts';
import type { Db } from '../db/database.ts';

/** What comment code needs of the file storage (server/uploads UploadService implements it). */
export interface CommentFiles {
  /** Absolute signed PUT URL for a key this service issued. */
  signUpload(key: string, contentType: string, md5?: string | null): string;
  /** A signed, expiring download link for a stored blob, saved as `fileName`. */
  signDownload(key: string, fileName: string): string;
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  removeBlob(key: string): Promise<void>;
}

export interface CommentContext {
  /** The content service's item context: the view decision and the item detail are computed with it. */
  item: ItemContext;
  db: Db;
  files: CommentFiles;
  /** The address browsers use (review links in notifications). */
  publicUrl: () => string;
  logError: (error: unknown, where: string) => void;
}

/** Key prefix of every comment file (attachments and snapshots); the upload hooks dispatch on it. */
export const COMMENT_UPLOAD_PREFIX = 'review/comments/';

/** Whether a storage key belongs to a comment file. */
export function isCommentUploadKey(key: string): boolean {
  return key.startsWith(COMMENT_UPLOAD_PREFIX);
}

/** Identities of anonymous reviewers on /anon (server/realtime.ts). */
const ANONYMOUS_PREFIX = 'anon|';

/** The comment rules' viewer for a socket identity: an account id, or `anon|<email>`. */
export function viewerOf(identity: string): CommentViewer {
  if (identity.startsWith(ANONYMOUS_PREFIX)) return { key: identity, userId: null, anonymousEmail: identity.slice(ANONYMOUS_PREFIX.length) };
  return { key: identity, userId: identity, anonymousEmail: null };
}

/** The sentence sent with each comment refusal (the client shows its own text for most reasons). */
export const COMMENT_REFUSAL_MESSAGES: Readonly<Partial<Record<CommentRefusal, string>>> = {
  notFound: 'This item or comment does not exist or is not visible to you.',
  forbidden: 'You are not allowed to do this.',
  oldItemVersion: 'A newer version of this item has been uploaded: reload it to comment on the latest version.',
  commentsDisabled: 'Comments are turned off for this item.',
  anonymousNotAllowed: 'This item does not take comments from anonymous reviewers: sign in to comment.',
  resolved: 'This thread is resolved: reopen it first.',
  locked: 'This comment is locked and cannot change.',
  tooLong: `Comments can be at most ${COMMENT_MAX_CHARS} characters.`,
  empty: 'Write a comment first.',
  tooManyAttachments: `You can attach a maximum of ${COMMENT_MAX_ATTACHMENTS} files to a comment.`,
  uploadMissing: 'This file was not uploaded for this item: upload it again.',
};

function messageOf(reason: CommentRefusal): string {
  return COMMENT_REFUSAL_MESSAGES[reason] ?? (REFUSAL_MESSAGES as Partial<Record<CommentRefusal, string>>)[reason] ?? 'The request was refused.';
}

/** A refusal thrown from inside an operation: the transaction rolls back and the ack carries it. */
export class CommentRefusalError extends Error {
  constructor(
    readonly reason: CommentRefusal,
    message: string = messageOf(reason),
  ) {
    super(message);
  }
}

/** Throws a refusal (for expressions). */
export function refuse(reason: CommentRefusal, message?: string): never {
  throw new CommentRefusalError(reason, message ?? messageOf(reason));
}

/** The item-view refusals the view decision (findViewable) may throw, passed on as they are. */
const VIEW_REFUSALS: ReadonlySet<string> = new Set(['notFound', 'accessDenied', 'passwordFailed', 'forbidden', 'invalidRequest']);

/** The ack for an error: a refusal as it is, anything else logged and answered serverError. */
export function commentFailure(context: Pick<CommentContext, 'logError'>, error: unknown, where: string): CommentAck<never> {
  if (error instanceof CommentRefusalError) return { success: false, reason: error.reason, message: error.message };
  if (error instanceof Refusal && VIEW_REFUSALS.has(error.reason)) {
    const reason = error.reason as CommentRefusal;
    return { success: false, reason, message: reason === 'notFound' ? messageOf('notFound') : error.message };
  }
  context.logError(error, where);
  return { success: false, reason: 'serverError', message: REFUSAL_MESSAGES.serverError };
}

/** One push on the item's namespace. */
export type CommentPush = { [K in CommentPushName]: { event: K; data: CommentPushes[K] } }[CommentPushName];

/** What a change hands back: its answer, its pushes, and clean-up to run once committed. */
export interface CommentChange<T> {
  data: T;
  pushes: CommentPush[];
  afterCommit?: () => Promise<void>;
}

/** Sends the pushes on /item/<itemId> once the requester's ack has gone out. */
export function sendSoon(context: CommentContext, itemId: string, pushes: readonly CommentPush[]): void {
  if (pushes.length === 0) return;
  setImmediate(() => {
    for (const push of pushes) context.item.realtime.emitToItem(itemId, push.event, push.data as unknown as Record<string, unknown>);
  });
}

/** Current time as stored (ISO text). */
export function nowIso(): string {
  return new Date().toISOString();
}

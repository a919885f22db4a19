/**
 * Events, data and pure helpers shared by the comments, comment-posting and comment-attachment actors
 * (review-and-content §3 Comment, Comment attachment, Mention suggestion; §4 comments, comment posting; §7 comment
 * socket events and pushes). The wire protocol and the comment rules are domain/comments.ts and domain/richText.ts;
 * this file only checks what arrives (a push or an answer is input like any other) and projects the comment list.
 * The actors name each other's events (a composer tells `comments` what it stored), and machines must not import
 * each other, so those events live here.
 */
import {
  COMMENT_PUSH_NAMES,
  type CommentItemFacts,
  type CommentPushes,
  type CommentPushName,
  type CommentRecord,
  type CommentRefusal,
  type CommentViewer,
  type MentionSuggestion,
} from '../../domain/comments.ts';
import { productFamily, type ProductFamily } from '../../domain/folderRoles.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { isRawContent } from '../../domain/richText.ts';

// ---------------------------------------------------------------------------------------------------------
// The item the comments are about

/**
 * What the comments actor needs of the open item (`comments.open` / `comments.itemChanged`): the item and the
 * password it was opened with (every request carries both), the version shown and the latest (a comment is
 * written on the latest; an older one shown is out of date), the product family (video comments carry a time,
 * slide and lesson comments a slide id), the shown version's slide or lesson ids in order (sort by slide), who
 * is looking and the item facts the comment rules read.
 */
export interface CommentsSubject {
  itemId: string;
  pass: string | null;
  versionId: string;
  latestVersionId: string;
  family: ProductFamily | null;
  slideIds: string[];
  viewer: CommentViewer;
  facts: CommentItemFacts;
  /** The item view flagged the shown version out of date (`item.markOutOfDate` after an oldItemVersion refusal). */
  outOfDate: boolean;
}

/** What the item actor's context holds that the subject is made from (structural: machines do not import each other). */
export interface ItemViewFacts {
  item: ItemDetail | null;
  shownVersionId: string | null;
  password: string | null;
  userId: string | null;
  anonymousEmail: string | null;
  /**
   * The item view says the shown version is out of date: a newer version arrived while it is shown (itemMachine
   * `outOfDate`), or the comments_old_version_error dialog is open (after an oldItemVersion refusal).
   */
  outOfDate: boolean;
}

/** The viewer as the comment rules need them: the account, or the anonymous reviewer (`anon|<email>`). */
export function commentViewerOf(userId: string | null, anonymousEmail: string | null): CommentViewer {
  if (userId) return { key: userId, userId, anonymousEmail: null };
  if (anonymousEmail) {
    const email = anonymousEmail.toLowerCase();
    return { key: `anon|${email}`, userId: null, anonymousEmail: email };
  }
  return { key: null, userId: null, anonymousEmail: null };
}

/**
 * The subject for an open item, or null when no item is loaded (`loaded`: the item view is in fetch success).
 * The composition root sends `comments.open` / `comments.itemChanged` / `comments.close` whenever this changes.
 */
export function commentsSubjectOf(facts: ItemViewFacts, loaded: boolean): CommentsSubject | null {
  const item = facts.item;
  if (!loaded || !item) return null;
  const latest = item.versions.at(-1) ?? null;
  const shown = item.versions.find((v) => v.id === facts.shownVersionId) ?? null;
  const versionId = shown?.id ?? latest?.id ?? '';
  const family = productFamily(item.product);
  const meta = shown?.meta ?? null;
  const slideIds = !meta ? [] : family === 'rise' ? meta.lessons.map((l) => l.id) : family === 'slide' ? meta.slides.map((s) => s.id) : [];
  return {
    itemId: item.id,
    pass: facts.password,
    versionId,
    latestVersionId: latest?.id ?? versionId,
    family,
    slideIds,
    viewer: commentViewerOf(facts.userId, facts.anonymousEmail),
    facts: { isOwner: item.isOwner, actions: [...item.actions], enableComments: item.enableComments, allowAnonComments: item.allowAnonComments },
    outOfDate: facts.outOfDate,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Composers

/** Where a composer writes: the new-comment box, a reply box under a thread, or an edit of a comment. */
export type ComposerTarget = { kind: 'new' } | { kind: 'reply'; parentId: string } | { kind: 'edit'; commentId: string };

/** The child id of a composer (`comments` snapshot `children[composerIdOf(target)]`). */
export function composerIdOf(target: ComposerTarget): string {
  if (target.kind === 'new') return 'composer-new';
  return target.kind === 'reply' ? `composer-reply-${target.parentId}` : `composer-edit-${target.commentId}`;
}

/** Why a composer cannot send now: the comment box's read-only reasons (domain commentBoxReadOnly) and replyBlockedBy's. */
export type PostingBlock = 'disabled' | 'readOnlyMode' | 'offline' | 'outOfDate' | 'loading' | 'noCurrentSlide' | 'resumePrompt' | 'notAllowed' | 'locked' | 'resolved';

/**
 * What a composer needs to send (kept up to date by `comments` with `posting.placement`): the item, its password,
 * the version written on, the family, the slide and video time a comment is placed at (a reply: its parent's),
 * and why it cannot send now.
 */
export interface PostingPlacement {
  itemId: string;
  pass: string | null;
  versionId: string;
  family: ProductFamily | null;
  slideId: string | null;
  currentTime: number | null;
  blockedBy: PostingBlock | null;
}

/** What a composer tells its parent (`comments`). */
export type ComposerReport =
  /** A comment was stored or changed by this composer (insert, reply, update, snapshot, attachment added). */
  | { type: 'posting.stored'; composerId: string; comment: CommentRecord }
  /** The server refused (the draft-restoring refusal: the item is out of date). */
  | { type: 'posting.refused'; composerId: string; reason: CommentRefusal }
  /** The composer is through: saved or canceled (reply and edit boxes close). */
  | { type: 'posting.finished'; composerId: string; outcome: 'saved' | 'canceled' }
  /** Remove a stored attachment while editing (through the comments actor's queue). */
  | { type: 'comments.removeAttachment'; commentId: string; attachmentId: string };

/** What an attachment upload tells its composer after every change. */
export interface AttachmentReport {
  type: 'attachment.changed';
  attachmentId: string;
  state: 'uploading' | 'uploaded' | 'error';
  key: string;
  /** 0 to 1 of the PUT. */
  progress: number;
  message: string | null;
  /** delaySave false: the comment with the attachment added (comment.attachmentInsert). */
  comment: CommentRecord | null;
}

/** The file adapters' events (hashing and the PUT), shared by attachments and snapshots. */
export type FileTransferEvent =
  | { type: 'file.hashed'; md5: string }
  | { type: 'file.hashFailed'; message: string }
  | { type: 'file.progress'; loaded: number; total: number }
  | { type: 'file.putDone' }
  | { type: 'file.putFailed'; status: number; message: string };

// ---------------------------------------------------------------------------------------------------------
// Checks

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** True for a comment the list can show and the rules can read (domain CommentRecord). */
export function isCommentRecord(value: unknown): value is CommentRecord {
  if (!isObject(value)) return false;
  return (
    isString(value.id) &&
    value.id !== '' &&
    isString(value.itemId) &&
    isString(value.versionId) &&
    isNullableString(value.replyTo) &&
    typeof value.isParent === 'boolean' &&
    typeof value.isResolved === 'boolean' &&
    typeof value.locked === 'boolean' &&
    isStringList(value.readBy) &&
    isString(value.userKey) &&
    isNullableString(value.userId) &&
    isNullableString(value.userEmail) &&
    isString(value.createdAt) &&
    isString(value.body) &&
    isRawContent(value.content) &&
    isObject(value.profile) &&
    Array.isArray(value.attachments) &&
    (value.currentTime === null || (typeof value.currentTime === 'number' && Number.isFinite(value.currentTime))) &&
    isNullableString(value.slideId)
  );
}

/** True for a list of mention suggestions (comment.mentionAvailable). */
export function isMentionSuggestions(value: unknown): value is MentionSuggestion[] {
  return Array.isArray(value) && value.every((s) => isObject(s) && isString(s.userId) && isString(s.email) && isString(s.firstName) && isString(s.lastName));
}

/** A comment push with its data checked. */
export type CommentPush = { [K in CommentPushName]: { name: K; data: CommentPushes[K] } }[CommentPushName];

const PUSH_CHECKS: { readonly [K in CommentPushName]: (data: Loose) => boolean } = {
  'comment.insert': (d) => isString(d.itemId) && isCommentRecord(d.comment),
  'comment.reply': (d) => isString(d.itemId) && isCommentRecord(d.comment),
  'comment.update': (d) => isString(d.itemId) && isCommentRecord(d.comment),
  'comment.updateHashed': (d) => isString(d.itemId) && isCommentRecord(d.comment),
  'comment.destroy': (d) => isString(d.itemId) && isStringList(d.ids),
  'comment.deleteHashed': (d) => isString(d.itemId) && isStringList(d.ids),
  'comment.setResolved': (d) => isString(d.itemId) && Array.isArray(d.comments) && d.comments.every(isCommentRecord),
  'comment.markRead': (d) => isString(d.itemId) && isStringList(d.ids) && isString(d.readerId),
  'comment.refresh': (d) => isString(d.itemId) && typeof d.enableComments === 'boolean' && typeof d.allowAnonComments === 'boolean',
  'share.updated': (d) => isString(d.itemId) && typeof d.allowAnonComments === 'boolean',
};

/** A realtime message on /item/<itemId> as a comment push, or null when it is none or malformed. */
export function parseCommentPush(event: unknown, data: unknown): CommentPush | null {
  if (typeof event !== 'string' || !isObject(data) || !(COMMENT_PUSH_NAMES as readonly string[]).includes(event)) return null;
  const name = event as CommentPushName;
  return PUSH_CHECKS[name](data) ? ({ name, data } as unknown as CommentPush) : null;
}

// ---------------------------------------------------------------------------------------------------------
// The list as a projection

/** A change shown at once and sent in order (optimistic; dropped, so rolled back, when refused). */
export type CommentChange =
  | { kind: 'resolve'; id: string; resolved: boolean }
  | { kind: 'destroy'; id: string }
  | { kind: 'markRead'; ids: string[] }
  | { kind: 'markAllRead' }
  | { kind: 'setEnabled'; enabled: boolean }
  | { kind: 'removeAttachment'; commentId: string; attachmentId: string };

/** The list with these records added or replaced (by id); new ones go last (the list is oldest first). */
export function upsertComments(list: readonly CommentRecord[], records: readonly CommentRecord[]): CommentRecord[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const next = list.map((c) => byId.get(c.id) ?? c);
  const known = new Set(list.map((c) => c.id));
  for (const record of records) if (!known.has(record.id)) next.push(record);
  return next;
}

/** The list without these comments, and without replies whose parent went (a parent takes its replies). */
export function removeComments(list: readonly CommentRecord[], ids: readonly string[]): CommentRecord[] {
  const gone = new Set(ids);
  return list.filter((c) => !gone.has(c.id) && !(c.replyTo !== null && gone.has(c.replyTo)));
}

/** The list with `readerId` added to the readers of these comments ('all': every one). */
export function markReadIn(list: readonly CommentRecord[], ids: readonly string[] | 'all', readerId: string): CommentRecord[] {
  const marked = ids === 'all' ? null : new Set(ids);
  return list.map((c) => ((marked === null || marked.has(c.id)) && !c.readBy.includes(readerId) ? { ...c, readBy: [...c.readBy, readerId] } : c));
}

/** The list with a thread resolved or reopened: the parent and its replies (replies inherit the parent's state). */
export function resolveThreadIn(list: readonly CommentRecord[], parentId: string, resolved: boolean): CommentRecord[] {
  return list.map((c) => (c.id === parentId || c.replyTo === parentId ? { ...c, resolved, isResolved: resolved } : c));
}

/** The list as views show it: the server's list with the changes not yet confirmed applied, in order. */
export function projectComments(base: readonly CommentRecord[], pending: readonly CommentChange[], readerId: string | null): CommentRecord[] {
  let list = base as CommentRecord[];
  for (const change of pending) {
    switch (change.kind) {
      case 'resolve':
        list = resolveThreadIn(list, change.id, change.resolved);
        break;
      case 'destroy':
        list = removeComments(list, [change.id]);
        break;
      case 'markRead':
        if (readerId) list = markReadIn(list, change.ids, readerId);
        break;
      case 'markAllRead':
        if (readerId) list = markReadIn(list, 'all', readerId);
        break;
      case 'removeAttachment':
        list = list.map((c) => (c.id === change.commentId ? { ...c, attachments: c.attachments.filter((a) => a.id !== change.attachmentId) } : c));
        break;
      case 'setEnabled':
        break;
    }
  }
  return list;
}

/** Whether comments are enabled as views show it: the server's word, or the last setEnabled not yet confirmed. */
export function projectEnabled(base: boolean, pending: readonly CommentChange[]): boolean {
  let enabled = base;
  for (const change of pending) if (change.kind === 'setEnabled') enabled = change.enabled;
  return enabled;
}

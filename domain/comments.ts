/**
 * The comments protocol and rules (review-and-content §3 Comment, Comment attachment, Mention suggestion,
 * Notification subscription; §4 comments, comment posting; §5 comment rules; §6 comment permissions and anonymous;
 * §7 comment socket events and pushes, mention available, snapshot upload request, item subscription lookup and
 * update-or-create; §8 comment errors; §9 limits).
 *
 * Requests travel like the item-view requests (domain/items.ts): `socket.emit(name, payload, ack)` on the user's
 * namespace (/user/<aid>) and, for those an anonymous reviewer may send ({@link ANONYMOUS_COMMENT_REQUESTS}), on
 * /anon (the identity is `anon|<email>`). Every payload names the item and carries `pass`, the item password the
 * viewer opened it with (null when none was asked): the server applies the item-view decision (domain/items.ts
 * `item.get`) to each request, then the comment rules below, again, itself. Acks are {@link CommentAck}.
 * Pushes go to everyone watching the item (/item/<itemId>) with `messageId`.
 *
 * Attachments and snapshots are files: the client asks for a signed PUT URL (`comment.attachmentPresign`,
 * `comment.snapshotUploadRequest`), PUTs the bytes (headers Content-Type, Content-MD5 = base64 MD5), then names
 * the key in `comment.insert` / `comment.reply` (attachments of a draft: delaySave) or `comment.attachmentInsert`
 * (an existing comment) / `comment.update` (`snapshot`). Keys are only accepted when they were presigned for this
 * item by this identity and the PUT completed.
 */
import type { ContentRefusal } from './content.ts';
import { COMMENT_ATTACHMENT_MAX_BYTES, COMMENT_ATTACHMENT_TITLE_MAX_CHARS, COMMENT_MAX_ATTACHMENTS } from './constants.ts';
import type { FolderAction } from './folderRoles.ts';
import { unsafeMarkupIn, unsafeMarkupMessage, type RawContent } from './richText.ts';
import type { CommentAnnotation } from './commentSnapshots.ts';
import { NOTIFICATION_LEVEL_LIST } from './constants.ts';
import { COMMENT_PUSH_NAME_LIST } from './pushNames.ts';

export type { RawContent } from './richText.ts';

// ---------------------------------------------------------------------------------------------------------
// Entities

/** §3 Comment attachment. `delaySave`: added to a draft, persisted with the comment (true), or added to an existing comment (false). */
export interface CommentAttachment {
  id: string;
  title: string;
  key: string;
  state: 'uploading' | 'uploaded' | 'error';
  delaySave: boolean;
  /** Bytes. */
  size: number;
  /** Signed download address (stored attachments only), or null. */
  url: string | null;
}

/** A comment's screenshot (§3 `snapshot`). */
export interface CommentSnapshot {
  key: string;
  width: number;
  height: number;
  isAnnotation: boolean;
  /** Image address for the view. */
  url: string | null;
  /** An annotated snapshot's shapes as data (domain/commentSnapshots.ts), so its author can edit them; else null. */
  annotation?: CommentAnnotation | null;
  /**
   * An annotated snapshot's clean background (the capture before any shape, PNG) and its address, so an edit draws
   * the shapes over the original image; absent or null for snapshots stored before backgrounds were kept.
   */
  backgroundKey?: string | null;
  backgroundUrl?: string | null;
}

/** Who wrote a comment, as the list shows them. */
export interface CommentProfile {
  fullName: string;
  email: string;
  avatar: string | null;
}

/** §3 Comment, as the server sends it. */
export interface CommentRecord {
  id: string;
  itemId: string;
  /** The version it was written on. */
  versionId: string;
  /** The item's latest version when the comment was written (equals versionId for new comments). */
  currentVersionId: string;
  /** Set when the version it was written on has been superseded (the comment belongs to an archived version), else null. */
  archiveVersionId: string | null;
  /** Plain text (richText.plainTextOf(content)). */
  body: string;
  content: RawContent;
  createdAt: string;
  updatedAt: string;
  /** Video comments: seconds into the video. */
  currentTime: number | null;
  /** Slide comments: the slide (Storyline) or lesson (Rise) id from the version's meta. */
  slideId: string | null;
  /** The parent's id; null for a top-level comment. */
  replyTo: string | null;
  isParent: boolean;
  /** The thread's resolved state (replies report their parent's). */
  resolved: boolean;
  isResolved: boolean;
  /** A locked comment cannot change (edit, delete, resolve, reply). */
  locked: boolean;
  /** Viewer ids (account ids, `anon|<email>`) that have read it. The author counts as having read it. */
  readBy: string[];
  /** The author's account id; null for an anonymous reviewer. */
  userId: string | null;
  /** The anonymous reviewer's e-mail; null for an account. */
  userEmail: string | null;
  /** `userId`, or `anon|<userEmail>`. */
  userKey: string;
  profile: CommentProfile;
  attachments: CommentAttachment[];
  snapshot: CommentSnapshot | null;
  /** The comment was posted with `withSnapshot` and its snapshot has not been attached yet. */
  snapshotToUpload?: boolean;
  hash: string;
}

/** §3 Mention suggestion. */
export interface MentionSuggestion {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  userType: 'anonymous' | 'user';
}

/** §3 Notification subscription levels (§9): mine, all, mute. */
export type NotificationLevel = 'mine' | 'all' | 'mute';
export const NOTIFICATION_LEVELS: readonly NotificationLevel[] = NOTIFICATION_LEVEL_LIST;
/** Without a stored subscription a person hears about their own items, their threads and mentions. */
export const DEFAULT_NOTIFICATION_LEVEL: NotificationLevel = 'mine';

export interface NotificationSubscription {
  itemId: string;
  level: NotificationLevel;
  userId: string;
}

/** What an attachment or snapshot upload records (the presigned key, after its PUT). */
export interface AttachmentRef {
  key: string;
  title: string;
}

// ---------------------------------------------------------------------------------------------------------
// Refusals (§8)

/**
 * Besides the item-view refusals (notFound, accessDenied, passwordFailed, invalidRequest, forbidden, serverError):
 * - `oldItemVersion`: the comment names a version that is no longer the item's latest (the client shows the
 *   comments_old_version_error dialog and flags the item out of date; the draft is restored);
 * - `commentsDisabled`: comments are turned off for the item;
 * - `anonymousNotAllowed`: an anonymous reviewer where the item does not allow anonymous comments;
 * - `resolved`, `locked`: the thread is resolved or locked (no reply, edit or delete);
 * - `tooLong`, `empty`, `unsafeContent`: the §5 content rules; `tooManyAttachments`, `attachmentTooLarge`,
 *   `attachmentType`: the attachment rules; `uploadMissing`: a key that was not presigned here or not uploaded.
 */
export type CommentRefusal =
  | ContentRefusal
  | 'accessDenied'
  | 'passwordFailed'
  | 'oldItemVersion'
  | 'commentsDisabled'
  | 'anonymousNotAllowed'
  | 'resolved'
  | 'locked'
  | 'tooLong'
  | 'empty'
  | 'unsafeContent'
  | 'tooManyAttachments'
  | 'attachmentTooLarge'
  | 'attachmentType'
  | 'uploadMissing';

export type CommentAck<T> = { success: true; data: T } | { success: false; reason: CommentRefusal; message: string };

/** The refusal after which the posting machine restores the draft (§4 comment posting, §8). */
export const DRAFT_RESTORING_REFUSAL: CommentRefusal = 'oldItemVersion';

// ---------------------------------------------------------------------------------------------------------
// Requests

/**
 * The snapshot named in comment.update: the one announced with `withSnapshot`, or (the author, while the comment
 * is editable) a new annotated snapshot replacing an annotated one, with its shapes.
 */
export interface SnapshotAttach {
  key: string;
  width: number;
  height: number;
  isAnnotation: boolean;
  annotation?: CommentAnnotation;
  /**
   * An annotated snapshot's clean background (PNG): a snapshot upload of its own, or (an edit) the background the
   * comment already has, kept as it is.
   */
  backgroundKey?: string;
}

/** Every comment request names its item and the password it was opened with. */
export interface ItemScoped {
  itemId: string;
  pass: string | null;
}

/** A draft's content and placement, shared by insert and reply. */
export interface CommentDraftPayload extends ItemScoped {
  /** The version shown while writing: must be the item's latest (oldItemVersion otherwise). */
  versionId: string;
  content: RawContent;
  /** Video: seconds, captured when the box got focus. */
  currentTime: number | null;
  /** Slide or lesson id (slide and lesson items); null for video. */
  slideId: string | null;
  /** Attachments uploaded for this draft (delaySave): at most 5. */
  attachments: AttachmentRef[];
  /** A snapshot will follow (§4 "pending comment awaiting its snapshot"): the comment is answered with `snapshotToUpload` true. */
  withSnapshot: boolean;
}

export interface CommentRequests {
  /** Every comment of the item (all versions), oldest first, with whether comments are enabled and anonymous comments allowed. */
  'comment.find': { payload: ItemScoped; data: { comments: CommentRecord[]; enableComments: boolean; allowAnonComments: boolean } };
  /** A top-level comment. Pushes `comment.insert`. */
  'comment.insert': { payload: CommentDraftPayload; data: { comment: CommentRecord } };
  /** A reply to a top-level comment (`replyTo`): refused when the thread is resolved or locked. Pushes `comment.reply`. */
  'comment.reply': { payload: CommentDraftPayload & { replyTo: string }; data: { comment: CommentRecord } };
  /**
   * Edit the text (author, unresolved, not locked), or attach the snapshot that was announced (`snapshot`, the
   * author only, once). Pushes `comment.update`.
   */
  'comment.update': {
    payload: ItemScoped & { id: string; content?: RawContent; snapshot?: SnapshotAttach };
    data: { comment: CommentRecord };
  };
  /** Delete a comment (author, deleteComment on the folder, or the owner; unresolved, not locked); a parent takes its replies. Pushes `comment.destroy`. */
  'comment.destroy': { payload: ItemScoped & { id: string }; data: { ids: string[] } };
  /** Resolve or reopen a thread (parents only; any signed-in or anonymous commenter who may comment; not locked). Pushes `comment.setResolved`. */
  'comment.setResolved': { payload: ItemScoped & { id: string; resolved: boolean }; data: { comments: CommentRecord[] } };
  /** Mark comments read for the caller; `ids` 'all' marks every comment of the item (mark all read: signed-in, comments enabled). Pushes `comment.markRead`. */
  'comment.markRead': { payload: ItemScoped & { ids: string[] | 'all' }; data: { ids: string[]; readerId: string } };
  /** A signed PUT URL for one attachment file (checked: ≤ 5 GB, allowed type by name, title ≤ 255 without unsafe markup). */
  'comment.attachmentPresign': { payload: ItemScoped & { fileName: string; size: number; md5: string; contentType: string }; data: { url: string; key: string; type: string } };
  /** Add an uploaded attachment to an existing comment (delaySave false; the author; ≤ 5 in all). Pushes `comment.updateHashed`. */
  'comment.attachmentInsert': { payload: ItemScoped & { commentId: string; attachment: AttachmentRef }; data: { comment: CommentRecord } };
  /** Remove an attachment (the comment's author). Pushes `comment.updateHashed`. */
  'comment.attachmentDestroy': { payload: ItemScoped & { commentId: string; attachmentId: string }; data: { comment: CommentRecord } };
  /** §7 snapshot upload request: a signed PUT URL for the comment's snapshot. */
  'comment.snapshotUploadRequest': { payload: ItemScoped & { versionId: string; extension: 'png' | 'html'; md5: string; size: number }; data: { url: string; type: string; key: string } };
  /** §7 mention available: people who may be mentioned (who can see the item, and anonymous reviewers who commented), matching `query`. */
  'comment.mentionAvailable': { payload: ItemScoped & { userId: string | null; userEmail: string | null; query: string }; data: { suggestions: MentionSuggestion[] } };
  /** Turn comments on or off for the item (enableComments action or ownership; signed-in). Pushes `comment.refresh`. */
  'comment.setEnabled': { payload: ItemScoped & { enabled: boolean }; data: { enableComments: boolean } };
  /** §7 item subscription lookup: the caller's level for the item (signed-in only). */
  'item.subscriptionFind': { payload: { itemId: string }; data: { subscription: NotificationSubscription } };
  /** §7 item subscription update-or-create. */
  'item.subscriptionUpsert': { payload: { itemId: string; level: NotificationLevel }; data: { subscription: NotificationSubscription } };
}

export type CommentRequestName = keyof CommentRequests;
export type CommentPayload<K extends CommentRequestName> = CommentRequests[K]['payload'];
export type CommentAckData<K extends CommentRequestName> = CommentRequests[K]['data'];

export const COMMENT_REQUEST_NAMES: readonly CommentRequestName[] = [
  'comment.find',
  'comment.insert',
  'comment.reply',
  'comment.update',
  'comment.destroy',
  'comment.setResolved',
  'comment.markRead',
  'comment.attachmentPresign',
  'comment.attachmentInsert',
  'comment.attachmentDestroy',
  'comment.snapshotUploadRequest',
  'comment.mentionAvailable',
  'comment.setEnabled',
  'item.subscriptionFind',
  'item.subscriptionUpsert',
];

/** What an anonymous reviewer may send on /anon (the rest need an account). */
export const ANONYMOUS_COMMENT_REQUESTS: readonly CommentRequestName[] = [
  'comment.find',
  'comment.insert',
  'comment.reply',
  'comment.update',
  'comment.destroy',
  'comment.setResolved',
  'comment.markRead',
  'comment.attachmentPresign',
  'comment.attachmentInsert',
  'comment.attachmentDestroy',
  'comment.snapshotUploadRequest',
  'comment.mentionAvailable',
];

// ---------------------------------------------------------------------------------------------------------
// Pushes on /item/<itemId> (`messageId` added by the realtime layer)

export interface CommentPushes {
  'comment.insert': { itemId: string; comment: CommentRecord };
  'comment.reply': { itemId: string; comment: CommentRecord };
  'comment.update': { itemId: string; comment: CommentRecord };
  'comment.destroy': { itemId: string; ids: string[] };
  'comment.setResolved': { itemId: string; comments: CommentRecord[] };
  'comment.markRead': { itemId: string; ids: string[]; readerId: string };
  /** Something changed that needs a refetch (comments enabled or disabled, anonymous comments allowed). */
  'comment.refresh': { itemId: string; enableComments: boolean; allowAnonComments: boolean };
  /** A comment's attachments or snapshot changed. */
  'comment.updateHashed': { itemId: string; comment: CommentRecord };
  /** Comments removed with something else (a version deleted by key). */
  'comment.deleteHashed': { itemId: string; ids: string[] };
  /** The item's share settings changed (the share dialog and the comment box re-read them). */
  'share.updated': { itemId: string; isPrivate: boolean; allowAnonComments: boolean; hasPassword: boolean };
}

export type CommentPushName = keyof CommentPushes;
export const COMMENT_PUSH_NAMES: readonly CommentPushName[] = COMMENT_PUSH_NAME_LIST;

// ---------------------------------------------------------------------------------------------------------
// Rules (§4, §5, §6) — the client shows controls from them; the server applies them again.

/** The viewer as the comment rules need them. */
export interface CommentViewer {
  /** Account id, or `anon|<email>`; null when nobody is identified. */
  key: string | null;
  /** Account id (signed in), else null. */
  userId: string | null;
  /** Anonymous reviewer's e-mail, else null. */
  anonymousEmail: string | null;
}

/** The item as the comment rules need it. */
export interface CommentItemFacts {
  isOwner: boolean;
  actions: readonly FolderAction[];
  enableComments: boolean;
  allowAnonComments: boolean;
}

/** Whether the viewer wrote the comment (account id, or the anonymous e-mail). */
export function isAuthor(comment: Pick<CommentRecord, 'userId' | 'userEmail'>, viewer: CommentViewer): boolean {
  if (viewer.userId !== null && comment.userId === viewer.userId) return true;
  return viewer.anonymousEmail !== null && comment.userId === null && comment.userEmail !== null && comment.userEmail.toLowerCase() === viewer.anonymousEmail.toLowerCase();
}

/** §6 anonymous / §5: who may post. A signed-in viewer, or an anonymous one when the item allows anonymous comments; comments enabled. */
export function canPost(item: Pick<CommentItemFacts, 'enableComments' | 'allowAnonComments'>, viewer: CommentViewer): boolean {
  if (!item.enableComments) return false;
  if (viewer.userId !== null) return true;
  return viewer.anonymousEmail !== null && item.allowAnonComments;
}

/** §6: edit needs authorship, unresolved, not locked. (Hidden on Android: the view's concern.) */
export function canEditComment(comment: Pick<CommentRecord, 'userId' | 'userEmail' | 'isResolved' | 'locked'>, viewer: CommentViewer): boolean {
  return !comment.locked && !comment.isResolved && isAuthor(comment, viewer);
}

/** §6: delete needs authorship, the folder's deleteComment, or ownership; and the comment unresolved and not locked. */
export function canDeleteComment(comment: Pick<CommentRecord, 'userId' | 'userEmail' | 'isResolved' | 'locked'>, item: Pick<CommentItemFacts, 'isOwner' | 'actions'>, viewer: CommentViewer): boolean {
  if (comment.locked || comment.isResolved) return false;
  if (isAuthor(comment, viewer)) return true;
  return viewer.userId !== null && (item.isOwner || item.actions.includes('deleteComment'));
}

/** §6: resolve and reopen only parent comments, by an identified viewer who may post; not locked. */
export function canResolveComment(comment: Pick<CommentRecord, 'isParent' | 'locked'>, item: Pick<CommentItemFacts, 'enableComments' | 'allowAnonComments'>, viewer: CommentViewer): boolean {
  return comment.isParent && !comment.locked && canPost(item, viewer);
}

/** Why replying is blocked (§4): locked, resolved, offline, out of date; or null. */
export function replyBlockedBy(parent: Pick<CommentRecord, 'locked' | 'isResolved'>, state: { offline: boolean; outOfDate: boolean }): 'locked' | 'resolved' | 'offline' | 'outOfDate' | null {
  if (parent.locked) return 'locked';
  if (parent.isResolved) return 'resolved';
  if (state.offline) return 'offline';
  if (state.outOfDate) return 'outOfDate';
  return null;
}

/** §6: enable/disable comments needs the enableComments action or ownership (and an account). */
export function canToggleComments(item: Pick<CommentItemFacts, 'isOwner' | 'actions'>, viewer: CommentViewer): boolean {
  return viewer.userId !== null && (item.isOwner || item.actions.includes('enableComments'));
}

/** §6: mark all read needs comments enabled and an account; show resolved needs comments enabled; notifications need an account. */
export function canMarkAllRead(item: Pick<CommentItemFacts, 'enableComments'>, viewer: CommentViewer): boolean {
  return item.enableComments && viewer.userId !== null;
}

/** Unread for this viewer: not theirs and not in readBy (nobody identified: nothing is unread). */
export function isUnread(comment: Pick<CommentRecord, 'readBy' | 'userKey'>, viewer: CommentViewer): boolean {
  if (viewer.key === null) return false;
  return comment.userKey !== viewer.key && !comment.readBy.includes(viewer.key);
}

/** The Feedback tab's bubble: unread comments for this viewer. */
export function unreadCount(comments: readonly CommentRecord[], viewer: CommentViewer): number {
  let n = 0;
  for (const comment of comments) if (isUnread(comment, viewer)) n += 1;
  return n;
}

/** A top-level comment with its replies (oldest first). */
export interface CommentThread {
  parent: CommentRecord;
  replies: CommentRecord[];
}

/** Builds threads from a flat list; replies whose parent is missing are dropped. Threads keep the list's order of parents. */
export function threadsOf(comments: readonly CommentRecord[]): CommentThread[] {
  const byParent = new Map<string, CommentRecord[]>();
  for (const comment of comments) {
    if (comment.replyTo === null) continue;
    const list = byParent.get(comment.replyTo) ?? [];
    list.push(comment);
    byParent.set(comment.replyTo, list);
  }
  return comments
    .filter((c) => c.replyTo === null)
    .map((parent) => ({ parent, replies: (byParent.get(parent.id) ?? []).slice().sort((a, b) => a.createdAt.localeCompare(b.createdAt)) }));
}

/** §9 feedback sort modes (persisted): recent first, or by slide/lesson (then by time), or by video time. */
export type CommentSort = 'recent' | 'slide';
export const COMMENT_SORTS: readonly CommentSort[] = ['recent', 'slide'];

/**
 * Threads in display order. `recent`: newest activity first. `slide`: by the position of the thread's slide or
 * lesson in `slideOrder` (unknown slides last), video threads by `currentTime`, then oldest first.
 */
export function sortThreads(threads: readonly CommentThread[], sort: CommentSort, slideOrder: readonly string[]): CommentThread[] {
  const latest = (t: CommentThread) => t.replies.reduce((max, r) => (r.createdAt > max ? r.createdAt : max), t.parent.createdAt);
  if (sort === 'recent') return [...threads].sort((a, b) => latest(b).localeCompare(latest(a)) || b.parent.id.localeCompare(a.parent.id));
  const position = new Map(slideOrder.map((id, i) => [id, i]));
  const rank = (t: CommentThread) => (t.parent.slideId !== null ? (position.get(t.parent.slideId) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER);
  return [...threads].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.parent.currentTime ?? Number.MAX_SAFE_INTEGER) - (b.parent.currentTime ?? Number.MAX_SAFE_INTEGER) ||
      a.parent.createdAt.localeCompare(b.parent.createdAt),
  );
}

/** What the comment area shows (§8 comment area messages). */
export type CommentAreaState = 'disabled' | 'empty' | 'allResolved' | 'list';

/** §8: comments disabled; no comments; all resolved (with a link to show them) when resolved ones are hidden; else the list. */
export function commentAreaState(threads: readonly CommentThread[], enableComments: boolean, showResolved: boolean): CommentAreaState {
  if (!enableComments) return 'disabled';
  if (threads.length === 0) return 'empty';
  if (!showResolved && threads.every((t) => t.parent.isResolved)) return 'allResolved';
  return 'list';
}

/** Why the comment box is read-only (§4), the first that applies, or null when it is writable. */
export type ReadOnlyReason = 'disabled' | 'readOnlyMode' | 'offline' | 'outOfDate' | 'posting' | 'loading' | 'noCurrentSlide' | 'resumePrompt' | 'notAllowed';

export function commentBoxReadOnly(facts: {
  enableComments: boolean;
  /** The viewer may not post (anonymous without anonymous comments, or nobody identified): clicking opens the auth dialog. */
  canPost: boolean;
  readOnlyMode: boolean;
  offline: boolean;
  outOfDate: boolean;
  posting: boolean;
  loading: boolean;
  /** A slide or lesson item with no current slide. */
  needsSlide: boolean;
  hasCurrentSlide: boolean;
  resumePrompt: boolean;
}): ReadOnlyReason | null {
  if (!facts.enableComments) return 'disabled';
  if (facts.readOnlyMode) return 'readOnlyMode';
  if (facts.offline) return 'offline';
  if (facts.outOfDate) return 'outOfDate';
  if (facts.posting) return 'posting';
  if (facts.loading) return 'loading';
  if (facts.needsSlide && !facts.hasCurrentSlide) return 'noCurrentSlide';
  if (facts.resumePrompt) return 'resumePrompt';
  if (!facts.canPost) return 'notAllowed';
  return null;
}

/** Why an attachment cannot be added (§5), with the message the spec names, or null. */
export type AttachmentProblem = { kind: 'maximumAttachments' | 'fileSize' | 'fileType' | 'unsafeTitle'; message: string };

/** Extensions never accepted as attachments (executables and scripts, as for uploads). */
export const BLOCKED_ATTACHMENT_EXTENSIONS: readonly string[] = [
  'exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'pif', 'vbs', 'vbe', 'js', 'jse', 'mjs', 'wsf', 'wsh', 'ps1', 'psm1', 'sh', 'bash', 'zsh',
  'csh', 'ksh', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'jar', 'apk', 'dll', 'so', 'dylib', 'cpl', 'hta', 'reg', 'lnk', 'inf', 'html', 'htm',
  'xhtml', 'svg', 'php', 'py', 'pl', 'rb',
];

/** The §5 checks for one more attachment: at most 5 ('maximum attachments'), ≤ 5 GB (file-size), type (file-type), a safe title. */
export function attachmentProblem(file: { name: string; size: number }, alreadyAttached: number): AttachmentProblem | null {
  if (alreadyAttached >= COMMENT_MAX_ATTACHMENTS) return { kind: 'maximumAttachments', message: `You can attach a maximum of ${COMMENT_MAX_ATTACHMENTS} files to a comment.` };
  if (file.size > COMMENT_ATTACHMENT_MAX_BYTES) return { kind: 'fileSize', message: 'This file is too large. Attachments can be at most 5 GB.' };
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!extension || BLOCKED_ATTACHMENT_EXTENSIONS.includes(extension)) return { kind: 'fileType', message: 'This file type is not supported as an attachment.' };
  const unsafe = unsafeMarkupIn(file.name);
  if (unsafe || file.name.length > COMMENT_ATTACHMENT_TITLE_MAX_CHARS || !file.name.trim()) {
    return { kind: 'unsafeTitle', message: unsafe ? unsafeMarkupMessage('attachment', unsafe) : `Attachment names are 1 to ${COMMENT_ATTACHMENT_TITLE_MAX_CHARS} characters.` };
  }
  return null;
}

/** Comment ids of a thread (the parent and its replies), for marking it read when it is clicked. */
export function threadIds(thread: CommentThread): string[] {
  return [thread.parent.id, ...thread.replies.map((r) => r.id)];
}

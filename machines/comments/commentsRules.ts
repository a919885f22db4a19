/** The comments actor's context and events, the selectors views read, the composers' placement and the change helpers (pure; the machine is commentsMachine.ts). */
import {
  canDeleteComment,
  canEditComment,
  canMarkAllRead,
  canPost,
  canResolveComment,
  canToggleComments,
  commentAreaState,
  commentBoxReadOnly,
  COMMENT_SORTS,
  isUnread,
  replyBlockedBy,
  sortThreads,
  threadsOf,
  unreadCount,
  type CommentAckData,
  type CommentAreaState,
  type CommentItemFacts,
  type CommentPayload,
  type CommentRecord,
  type CommentRequestName,
  type CommentSort,
  type CommentThread,
  type MentionSuggestion,
  type ReadOnlyReason,
} from '../../domain/comments.ts';
import {
  isCommentRecord,
  markReadIn,
  projectComments,
  projectEnabled,
  removeComments,
  upsertComments,
  type CommentChange,
  type CommentsSubject,
  type ComposerReport,
  type ComposerTarget,
  type PostingBlock,
  type PostingPlacement,
} from './commentEvents.ts';

/** A composer the comments actor runs (child id and what it writes). */
export interface ComposerEntry {
  id: string;
  target: ComposerTarget;
}

/** The list as the server has it, and the changes on their way to it. */
export interface ServerList {
  /** comment.find, acks and pushes; oldest first. */
  comments: CommentRecord[];
  /** Comments enabled as the server last said. */
  enableComments: boolean;
  /** Changes shown but not confirmed, oldest first; the first is on the wire while `changes` is `sending`. */
  pending: CommentChange[];
}

/** A mention being looked up (after '@') and what came back. */
export interface MentionLookup {
  query: string | null;
  suggestions: MentionSuggestion[];
}

export interface CommentsContext {
  /** The open item as the item view describes it (null when no item is open). */
  subject: CommentsSubject | null;
  server: ServerList;
  /** What views show: the server's list with the pending changes applied (flat; build threads with the selectors below). */
  comments: CommentRecord[];
  /** Comments enabled as views show it (the server's word, or a pending turn on/off). */
  enableComments: boolean;
  allowAnonComments: boolean;
  showResolved: boolean;
  /** Persisted (the composition root keeps it in storage). */
  sort: CommentSort;
  /** The slide or lesson the player shows (or the user picked); slide and lesson comments are placed on it. */
  currentSlideId: string | null;
  /**
   * Whether the player can say which slide or lesson it shows (its bridge said so, or has not said otherwise yet);
   * false: slide and lesson comments go on the item as a whole instead of waiting for a slide.
   */
  slideTracking: boolean;
  /** The video player's time (seconds), the default for a new video comment. */
  videoTime: number | null;
  /** The realtime connection the requests travel on is up. */
  online: boolean;
  /** A version the server called old (oldItemVersion) while it was shown. */
  staleVersionId: string | null;
  /** Why comments could not be read (with retry). */
  loadError: string | null;
  mention: MentionLookup;
  /** The composers running (child actors), the new-comment box first. */
  composers: ComposerEntry[];
  /** The comment whose edit box is shown (its composer runs), or null. */
  editingId: string | null;
  /** The thread whose reply box is shown (its composer runs), or null. */
  replyingToId: string | null;
  /** The comment the delete confirmation asks about (region `deletion`), or null. */
  deleteAsked: string | null;
}

export type CommentsEvent =
  /** The item view is ready (composition root): the item, its password, versions, viewer and facts. */
  | ({ type: 'comments.open' } & CommentsSubject)
  /** Any of those changed (another version shown, a new version, who is looking…); another item reloads. */
  | ({ type: 'comments.itemChanged' } & CommentsSubject)
  | { type: 'comments.close' }
  | { type: 'comments.retry' }
  /** Read the list again quietly (raised for a comment.refresh push; also on demand). */
  | { type: 'comments.refetch' }
  /** What the composition root read from storage at start. */
  | { type: 'comments.prefsLoaded'; stored: string | null }
  | { type: 'comments.sort'; sort: CommentSort }
  | { type: 'comments.showResolved'; show: boolean }
  /** The player reported a slide or lesson (or the user picked one). */
  | { type: 'comments.slideChanged'; slideId: string | null }
  /** The player said whether it can report its slide or lesson (false: comments go on the item as a whole). */
  | { type: 'comments.slideTracking'; tracking: boolean }
  | { type: 'comments.videoTime'; seconds: number }
  /** The user's (or the anonymous reviewer's) realtime connection went down or came back. */
  | { type: 'comments.connectionChanged'; online: boolean }
  /** Resolve or reopen a thread (parents only; replies inherit). */
  | { type: 'comments.resolve'; id: string; resolved: boolean }
  /** Delete at once (sent by the delete confirmation's confirm; also usable without one). */
  | { type: 'comments.destroy'; id: string }
  /** The comment menu's Delete: the confirmation opens for that comment. */
  | { type: 'comments.askDestroy'; id: string }
  /** The delete confirmation's buttons. */
  | { type: 'comments.confirmDestroy' }
  | { type: 'comments.cancelDestroy' }
  /** A thread was clicked (any of its comments' ids): its unread comments are marked read. */
  | { type: 'comments.threadClicked'; id: string }
  | { type: 'comments.markAllRead' }
  | { type: 'comments.setEnabled'; enabled: boolean }
  /** Remove a stored attachment (the comment's author; also sent by an edit composer). */
  | { type: 'comments.removeAttachment'; commentId: string; attachmentId: string }
  /** '@' typed: people who may be mentioned, matching `query`. */
  | { type: 'comments.mentionQuery'; query: string }
  | { type: 'comments.mentionClosed' }
  /** Open a reply box under a thread or edit a comment (the new-comment box always runs). */
  | { type: 'comments.compose'; target: ComposerTarget }
  /** Close a reply box or an edit without sending. */
  | { type: 'comments.discard'; composerId: string }
  | ComposerReport
  /** Pushes on /item/<itemId>, forwarded by the app. */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> }
  | { type: 'realtime.reconnected'; namespace: string };

/** What the sendChange actor sends for a change. */
export interface ChangeRequest {
  name: CommentRequestName;
  payload: unknown;
}

export const EMPTY_SERVER_LIST: ServerList = { comments: [], enableComments: true, pending: [] };
export const NO_MENTION: MentionLookup = { query: null, suggestions: [] };

export const INITIAL_CONTEXT: CommentsContext = {
  subject: null,
  server: EMPTY_SERVER_LIST,
  comments: [],
  enableComments: true,
  allowAnonComments: false,
  showResolved: false,
  sort: 'recent',
  currentSlideId: null,
  slideTracking: true,
  videoTime: null,
  online: true,
  staleVersionId: null,
  loadError: null,
  mention: NO_MENTION,
  composers: [],
  editingId: null,
  replyingToId: null,
  deleteAsked: null,
};

/** The fields of the list kept per item (prefs, the player's position and the connection stay). */
export const CLOSED = {
  subject: null,
  server: EMPTY_SERVER_LIST,
  comments: [],
  enableComments: true,
  allowAnonComments: false,
  staleVersionId: null,
  loadError: null,
  mention: NO_MENTION,
} satisfies Partial<CommentsContext>;

export const subjectOf = (event: CommentsSubject): CommentsSubject => ({
  itemId: event.itemId,
  pass: event.pass,
  versionId: event.versionId,
  latestVersionId: event.latestVersionId,
  family: event.family,
  slideIds: event.slideIds,
  viewer: event.viewer,
  facts: event.facts,
  outOfDate: event.outOfDate,
});

// ---------------------------------------------------------------------------------------------------------
// Selectors (views read these from the snapshot's context)

/** The item facts the rules read, with comments enabled and anonymous comments as the list last said. */
export function commentFactsOf(context: Pick<CommentsContext, 'subject' | 'enableComments' | 'allowAnonComments'>): CommentItemFacts {
  return { isOwner: context.subject?.facts.isOwner ?? false, actions: context.subject?.facts.actions ?? [], enableComments: context.enableComments, allowAnonComments: context.allowAnonComments };
}

/** The editor is offline: read-only with the offline placeholder (§8). */
export function isOfflineOf(context: Pick<CommentsContext, 'online'>): boolean {
  return !context.online;
}

/** The version shown is not the latest, or the server said so (an oldItemVersion refusal). */
export function isOutOfDateOf(context: Pick<CommentsContext, 'subject' | 'staleVersionId'>): boolean {
  const s = context.subject;
  if (!s) return false;
  return s.outOfDate || s.versionId !== s.latestVersionId || context.staleVersionId === s.versionId;
}

/** Every thread (resolved ones too), unsorted: domain threadsOf. */
export function allThreadsOf(context: Pick<CommentsContext, 'comments'>): CommentThread[] {
  return threadsOf(context.comments);
}

/** The threads the list shows, in display order: resolved ones only with show resolved; sorted by `sort` (domain sortThreads). */
export function visibleThreadsOf(context: Pick<CommentsContext, 'comments' | 'showResolved' | 'sort' | 'subject'>): CommentThread[] {
  const threads = threadsOf(context.comments).filter((t) => context.showResolved || !t.parent.isResolved);
  return sortThreads(threads, context.sort, context.subject?.slideIds ?? []);
}

/** §8 comment area: disabled, empty, all resolved (with the link to show them), or the list. */
export function commentAreaOf(context: Pick<CommentsContext, 'comments' | 'enableComments' | 'showResolved'>): CommentAreaState {
  return commentAreaState(threadsOf(context.comments), context.enableComments, context.showResolved);
}

/** The Feedback tab's bubble. */
export function unreadCountOf(context: Pick<CommentsContext, 'comments' | 'subject'>): number {
  return context.subject ? unreadCount(context.comments, context.subject.viewer) : 0;
}

/** Unread comment ids of one thread (each shows a dot). */
export function unreadIdsOf(context: Pick<CommentsContext, 'subject'>, thread: CommentThread): string[] {
  const viewer = context.subject?.viewer;
  return viewer ? [thread.parent, ...thread.replies].filter((c) => isUnread(c, viewer)).map((c) => c.id) : [];
}

/**
 * Why the new-comment box is read-only (§4), or null. The view adds what only it knows: read-only mode, a resume
 * prompt in the player, and `posting` (the composer's tag `posting`); `loading` is the actor's own.
 */
export function readOnlyReasonOf(
  context: Pick<CommentsContext, 'subject' | 'enableComments' | 'allowAnonComments' | 'online' | 'staleVersionId' | 'currentSlideId' | 'slideTracking'>,
  view: { loading: boolean; posting: boolean; readOnlyMode: boolean; resumePrompt: boolean },
): ReadOnlyReason | null {
  const s = context.subject;
  const family = s?.family ?? null;
  return commentBoxReadOnly({
    enableComments: context.enableComments,
    canPost: s ? canPost(commentFactsOf(context), s.viewer) : false,
    readOnlyMode: view.readOnlyMode,
    offline: isOfflineOf(context),
    outOfDate: isOutOfDateOf(context),
    posting: view.posting,
    loading: view.loading || s === null,
    needsSlide: (family === 'slide' || family === 'rise') && (s?.slideIds.length ?? 0) > 0 && context.slideTracking,
    hasCurrentSlide: placedSlideOf(context) !== null,
    resumePrompt: view.resumePrompt,
  });
}

/** What the viewer may do with one comment (domain rules), and why a reply to its thread is blocked. */
export function commentPermissionsOf(
  context: Pick<CommentsContext, 'subject' | 'enableComments' | 'allowAnonComments' | 'online' | 'staleVersionId'>,
  comment: CommentRecord,
): { canEdit: boolean; canDelete: boolean; canResolve: boolean; replyBlockedBy: ReturnType<typeof replyBlockedBy> } {
  const viewer = context.subject?.viewer ?? { key: null, userId: null, anonymousEmail: null };
  const facts = commentFactsOf(context);
  return {
    canEdit: canEditComment(comment, viewer),
    canDelete: canDeleteComment(comment, facts, viewer),
    canResolve: canResolveComment(comment, facts, viewer),
    replyBlockedBy: replyBlockedBy(comment, { offline: isOfflineOf(context), outOfDate: isOutOfDateOf(context) }),
  };
}

/** The enable/disable comments control (§6). */
export function canToggleCommentsOf(context: Pick<CommentsContext, 'subject' | 'enableComments' | 'allowAnonComments'>): boolean {
  return !!context.subject && canToggleComments(commentFactsOf(context), context.subject.viewer);
}

/** Mark all read (§6): comments enabled and an account. */
export function canMarkAllReadOf(context: Pick<CommentsContext, 'subject' | 'enableComments' | 'allowAnonComments'>): boolean {
  return !!context.subject && canMarkAllRead(commentFactsOf(context), context.subject.viewer);
}

/** Show resolved (§6) needs comments enabled. */
export function canShowResolvedOf(context: Pick<CommentsContext, 'enableComments'>): boolean {
  return context.enableComments;
}

/** What the composition root persists (`comments.prefsLoaded` reads it back). */
export function commentPrefsOf(context: Pick<CommentsContext, 'sort'>): string {
  return JSON.stringify({ sort: context.sort });
}

/** The stored preferences, or the defaults for anything unreadable. */
export function parseCommentPrefs(stored: unknown): { sort: CommentSort } {
  if (typeof stored !== 'string') return { sort: 'recent' };
  try {
    const value = JSON.parse(stored) as { sort?: unknown } | null;
    const sort = value?.sort;
    return { sort: typeof sort === 'string' && (COMMENT_SORTS as readonly string[]).includes(sort) ? (sort as CommentSort) : 'recent' };
  } catch {
    return { sort: 'recent' };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Composers' placement

/** Why a composer cannot send now (the rules of §4 and §6), or null. */
export function postingBlockOf(context: CommentsContext, target: ComposerTarget): PostingBlock | null {
  const s = context.subject;
  if (!s) return 'loading';
  const facts = commentFactsOf(context);
  const offline = isOfflineOf(context);
  const outOfDate = isOutOfDateOf(context);
  if (target.kind === 'new') {
    const reason = readOnlyReasonOf(context, { loading: false, posting: false, readOnlyMode: false, resumePrompt: false });
    return reason === 'posting' ? null : reason;
  }
  if (target.kind === 'reply') {
    const parent = context.comments.find((c) => c.id === target.parentId && c.replyTo === null);
    if (!parent) return 'notAllowed';
    if (!context.enableComments) return 'disabled';
    return replyBlockedBy(parent, { offline, outOfDate }) ?? (canPost(facts, s.viewer) ? null : 'notAllowed');
  }
  const comment = context.comments.find((c) => c.id === target.commentId);
  if (!comment || comment.locked) return comment?.locked ? 'locked' : 'notAllowed';
  if (comment.isResolved) return 'resolved';
  if (!canEditComment(comment, s.viewer)) return 'notAllowed';
  return offline ? 'offline' : null;
}

/**
 * The slide or lesson a new comment goes on: the one the player shows when the version has it, else none (the item
 * as a whole: a player that cannot say where it is, or an id the version does not list).
 */
export function placedSlideOf(context: Pick<CommentsContext, 'subject' | 'currentSlideId' | 'slideTracking'>): string | null {
  const slideIds = context.subject?.slideIds ?? [];
  if (!context.slideTracking || context.currentSlideId === null) return null;
  return slideIds.includes(context.currentSlideId) ? context.currentSlideId : null;
}

/** Where a composer's comment goes: a reply follows its parent's slide and time. */
export function placementOf(context: CommentsContext, target: ComposerTarget): PostingPlacement {
  const s = context.subject;
  const parent = target.kind === 'reply' ? context.comments.find((c) => c.id === target.parentId) : undefined;
  return {
    itemId: s?.itemId ?? '',
    pass: s?.pass ?? null,
    versionId: s?.versionId ?? '',
    family: s?.family ?? null,
    slideId: parent ? parent.slideId : placedSlideOf(context),
    currentTime: parent ? parent.currentTime : context.videoTime,
    blockedBy: postingBlockOf(context, target),
  };
}

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------------------
// Changes

export function changeRequest(change: CommentChange, subject: CommentsSubject | null): ChangeRequest {
  const scope = { itemId: subject?.itemId ?? '', pass: subject?.pass ?? null };
  switch (change.kind) {
    case 'resolve':
      return { name: 'comment.setResolved', payload: { ...scope, id: change.id, resolved: change.resolved } satisfies CommentPayload<'comment.setResolved'> };
    case 'destroy':
      return { name: 'comment.destroy', payload: { ...scope, id: change.id } satisfies CommentPayload<'comment.destroy'> };
    case 'markRead':
      return { name: 'comment.markRead', payload: { ...scope, ids: change.ids } satisfies CommentPayload<'comment.markRead'> };
    case 'markAllRead':
      return { name: 'comment.markRead', payload: { ...scope, ids: 'all' } satisfies CommentPayload<'comment.markRead'> };
    case 'setEnabled':
      return { name: 'comment.setEnabled', payload: { ...scope, enabled: change.enabled } satisfies CommentPayload<'comment.setEnabled'> };
    case 'removeAttachment':
      return { name: 'comment.attachmentDestroy', payload: { ...scope, commentId: change.commentId, attachmentId: change.attachmentId } satisfies CommentPayload<'comment.attachmentDestroy'> };
  }
}

/** What the user was doing, for 'While …:' messages. */
export function changeWording(change: CommentChange): string {
  switch (change.kind) {
    case 'resolve':
      return change.resolved ? 'While resolving comment:' : 'While reopening comment:';
    case 'destroy':
      return 'While deleting comment:';
    case 'markRead':
    case 'markAllRead':
      return 'While marking comments read:';
    case 'setEnabled':
      return change.enabled ? 'While turning comments on:' : 'While turning comments off:';
    case 'removeAttachment':
      return 'While removing attachment:';
  }
}

/** The server's list with a confirmed change's answer folded in, or null when the answer is unreadable. */
export function foldAnswer(base: CommentRecord[], baseEnabled: boolean, change: CommentChange, output: unknown): { comments: CommentRecord[]; enableComments: boolean } | null {
  const o = (output ?? {}) as Record<string, unknown>;
  const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  switch (change.kind) {
    case 'resolve': {
      const comments = (o as Partial<CommentAckData<'comment.setResolved'>>).comments;
      return Array.isArray(comments) && comments.every(isCommentRecord) ? { comments: upsertComments(base, comments), enableComments: baseEnabled } : null;
    }
    case 'destroy':
      return isIds(o.ids) ? { comments: removeComments(base, o.ids), enableComments: baseEnabled } : null;
    case 'markRead':
    case 'markAllRead':
      return isIds(o.ids) && typeof o.readerId === 'string' ? { comments: markReadIn(base, o.ids, o.readerId), enableComments: baseEnabled } : null;
    case 'setEnabled':
      return typeof o.enableComments === 'boolean' ? { comments: base, enableComments: o.enableComments } : null;
    case 'removeAttachment':
      return isCommentRecord(o.comment) ? { comments: upsertComments(base, [o.comment]), enableComments: baseEnabled } : null;
  }
}

/** The server's list and what views show of it. */
export const withServer = (server: ServerList, subject: CommentsSubject | null): Pick<CommentsContext, 'server' | 'comments' | 'enableComments'> => ({
  server,
  comments: projectComments(server.comments, server.pending, subject?.viewer.key ?? null),
  enableComments: projectEnabled(server.enableComments, server.pending),
});

import { assign, enqueueActions, raise, setup } from 'xstate';
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
  DRAFT_RESTORING_REFUSAL,
  isAuthor,
  isUnread,
  replyBlockedBy,
  sortThreads,
  threadIds,
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
import { commentToast } from '../../domain/toasts.ts';
import { commentPostingMachine } from './commentPostingMachine.ts';
import {
  composerIdOf,
  isCommentRecord,
  isMentionSuggestions,
  markReadIn,
  parseCommentPush,
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
import { refusalOf, tell } from '../content/contentEvents.ts';
import { promiseSlot } from '../slots.ts';

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

const EMPTY_SERVER_LIST: ServerList = { comments: [], enableComments: true, pending: [] };
const NO_MENTION: MentionLookup = { query: null, suggestions: [] };

const INITIAL_CONTEXT: CommentsContext = {
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
const CLOSED = {
  subject: null,
  server: EMPTY_SERVER_LIST,
  comments: [],
  enableComments: true,
  allowAnonComments: false,
  staleVersionId: null,
  loadError: null,
  mention: NO_MENTION,
} satisfies Partial<CommentsContext>;

const subjectOf = (event: CommentsSubject): CommentsSubject => ({
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

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------------------
// Changes

function changeRequest(change: CommentChange, subject: CommentsSubject | null): ChangeRequest {
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
function changeWording(change: CommentChange): string {
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
function foldAnswer(base: CommentRecord[], baseEnabled: boolean, change: CommentChange, output: unknown): { comments: CommentRecord[]; enableComments: boolean } | null {
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
const withServer = (server: ServerList, subject: CommentsSubject | null): Pick<CommentsContext, 'server' | 'comments' | 'enableComments'> => ({
  server,
  comments: projectComments(server.comments, server.pending, subject?.viewer.key ?? null),
  enableComments: projectEnabled(server.enableComments, server.pending),
});

/**
 * The comments of the open item (review-and-content §3 Comment, §4 comments, §5 comment rules, §6 comment
 * permissions and anonymous, §7 comment socket events and pushes, §8 comment area messages; systemId `comments`).
 * `comments.open` (the composition root, when the item view is ready) → `loading` (comment.find) → `ready` |
 * `error` (retry). The list is a projection: the server's list (`server.comments`) with the changes not yet
 * confirmed (`server.pending`) applied — resolve/reopen, delete, mark read, mark all read, turn comments on/off, remove an
 * attachment — sent one at a time (`changes` region, as `folders` does); a refusal drops exactly that change (the
 * view rolls back) with a 'While …:' toast. Pushes from others (insert, reply, update, destroy, set resolved,
 * mark read, refresh, updateHashed, deleteHashed, share.updated) change the server's list; a refresh reads the list again
 * quietly (`sync` region), as does a reconnect. Mentions are looked up in the `mention` region (a new query
 * replaces the old, so stale answers never land). While ready it runs the composers (commentPostingMachine):
 * `composer-new` always, `composer-reply-<parentId>` and `composer-edit-<id>` on `comments.compose`, each kept
 * informed of where its comment goes and whether it may be sent (`posting.placement`).
 */
export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
  },
  actors: {
    posting: commentPostingMachine,
    findComments: promiseSlot<CommentAckData<'comment.find'>, CommentPayload<'comment.find'>>('findComments'),
    sendChange: promiseSlot<unknown, ChangeRequest>('sendChange'),
    mentionAvailable: promiseSlot<CommentAckData<'comment.mentionAvailable'>, CommentPayload<'comment.mentionAvailable'>>('mentionAvailable'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    setSubject: assign(({ event }) => (event.type === 'comments.open' || event.type === 'comments.itemChanged' ? { ...CLOSED, subject: subjectOf(event) } : {})),
    updateSubject: assign(({ context, event }) => {
      if (event.type !== 'comments.open' && event.type !== 'comments.itemChanged') return {};
      const subject = subjectOf(event);
      return { subject, ...withServer(context.server, subject) };
    }),
    acceptList: assign(({ context, event }) => {
      const output = (event as unknown as { output: CommentAckData<'comment.find'> }).output;
      return {
        allowAnonComments: output.allowAnonComments,
        loadError: null,
        ...withServer({ comments: output.comments, enableComments: output.enableComments, pending: context.server.pending }, context.subject),
      };
    }),
    applyPush: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'realtime.message' || !context.subject) return;
      if (event.namespace !== `/item/${context.subject.itemId}`) return;
      const push = parseCommentPush(event.event, event.data);
      if (!push || push.data.itemId !== context.subject.itemId) return;
      let base = context.server.comments;
      let baseEnabled = context.server.enableComments;
      let allowAnonComments = context.allowAnonComments;
      switch (push.name) {
        case 'comment.insert':
        case 'comment.reply':
        case 'comment.update':
        case 'comment.updateHashed':
          base = upsertComments(base, [push.data.comment]);
          break;
        case 'comment.destroy':
        case 'comment.deleteHashed':
          base = removeComments(base, push.data.ids);
          break;
        case 'comment.setResolved':
          base = upsertComments(base, push.data.comments);
          break;
        case 'comment.markRead':
          base = markReadIn(base, push.data.ids, push.data.readerId);
          break;
        case 'comment.refresh':
          baseEnabled = push.data.enableComments;
          allowAnonComments = push.data.allowAnonComments;
          enqueue.raise({ type: 'comments.refetch' });
          break;
        case 'share.updated':
          allowAnonComments = push.data.allowAnonComments;
          break;
      }
      enqueue.assign({ allowAnonComments, ...withServer({ comments: base, enableComments: baseEnabled, pending: context.server.pending }, context.subject) });
    }),
    /** A composer stored a comment: it shows at once (the push that follows changes nothing). */
    acceptStored: assign(({ context, event }) => {
      if (event.type !== 'posting.stored' || !context.subject || event.comment.itemId !== context.subject.itemId) return {};
      return withServer({ ...context.server, comments: upsertComments(context.server.comments, [event.comment]) }, context.subject);
    }),
    /** §4, §8: an insert refused for an old item version flags the item out of date (and the item view opens its dialog). */
    flagOutOfDate: enqueueActions(({ context, event, system, enqueue }) => {
      if (event.type !== 'posting.refused' || event.reason !== DRAFT_RESTORING_REFUSAL || !context.subject) return;
      enqueue.assign({ staleVersionId: context.subject.versionId });
      tell(system, enqueue, 'item', { type: 'item.markOutOfDate' });
    }),
    enqueueChange: assign(({ context }, params: { change: CommentChange }) => {
      return withServer({ ...context.server, pending: [...context.server.pending, params.change] }, context.subject);
    }),
    commitHead: enqueueActions(({ context, event, enqueue }) => {
      const [head, ...rest] = context.server.pending;
      if (!head) return;
      const folded = foldAnswer(context.server.comments, context.server.enableComments, head, (event as { output?: unknown }).output);
      if (!folded) enqueue({ type: 'reportError', params: { message: `Malformed answer to ${changeRequest(head, context.subject).name}` } } as never);
      enqueue.assign(withServer({ comments: folded?.comments ?? context.server.comments, enableComments: folded?.enableComments ?? context.server.enableComments, pending: rest }, context.subject));
    }),
    /** Exactly the refused change is taken back; the others stay shown and queued. */
    rollbackHead: enqueueActions(({ context, system, enqueue }, params: { message: string }) => {
      const [head, ...rest] = context.server.pending;
      if (!head) return;
      const message = `${changeWording(head)} ${params.message}`;
      enqueue({ type: 'reportError', params: { message } } as never);
      tell(system, enqueue, 'toasts', { type: 'toast.show', toast: commentToast('commentActionFailed', message) });
      enqueue.assign(withServer({ ...context.server, pending: rest }, context.subject));
    }),
    markThreadRead: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'comments.threadClicked' || !context.subject?.viewer.key) return;
      const thread = threadsOf(context.comments).find((t) => t.parent.id === event.id || t.replies.some((r) => r.id === event.id));
      if (!thread) return;
      const viewer = context.subject.viewer;
      const ids = threadIds(thread).filter((id) => {
        const comment = context.comments.find((c) => c.id === id);
        return !!comment && isUnread(comment, viewer);
      });
      if (ids.length > 0) enqueue({ type: 'enqueueChange', params: { change: { kind: 'markRead', ids } } } as never);
    }),
    spawnComposer: enqueueActions(({ context, enqueue }, params: { target: ComposerTarget }) => {
      const id = composerIdOf(params.target);
      if (context.composers.some((c) => c.id === id)) return;
      const comment = params.target.kind === 'edit' ? (context.comments.find((c) => c.id === (params.target as { commentId: string }).commentId) ?? null) : null;
      enqueue.spawnChild('posting', { id, input: { composerId: id, target: params.target, placement: placementOf(context, params.target), comment } });
      enqueue.assign({ composers: [...context.composers, { id, target: params.target }] });
    }),
    /** The edit or reply box shown is the one last opened (one of each at a time; an earlier one keeps its draft). */
    showComposer: assign((_, params: { target: ComposerTarget }) =>
      params.target.kind === 'edit' ? { editingId: params.target.commentId } : params.target.kind === 'reply' ? { replyingToId: params.target.parentId } : {},
    ),
    stopComposer: enqueueActions(({ context, enqueue }, params: { composerId: string }) => {
      if (params.composerId === composerIdOf({ kind: 'new' }) || !context.composers.some((c) => c.id === params.composerId)) return;
      enqueue.stopChild(params.composerId);
      const shown = (target: ComposerTarget) => composerIdOf(target) === params.composerId;
      enqueue.assign({
        composers: context.composers.filter((c) => c.id !== params.composerId),
        editingId: context.editingId !== null && shown({ kind: 'edit', commentId: context.editingId }) ? null : context.editingId,
        replyingToId: context.replyingToId !== null && shown({ kind: 'reply', parentId: context.replyingToId }) ? null : context.replyingToId,
      });
    }),
    stopComposers: enqueueActions(({ context, enqueue }) => {
      for (const composer of context.composers) enqueue.stopChild(composer.id);
      enqueue.assign({ composers: [], editingId: null, replyingToId: null });
    }),
    /** Every composer learns where its comment goes and whether it may be sent now (only when that changed). */
    syncComposers: enqueueActions(({ context, self, enqueue }) => {
      const children = (self.getSnapshot() as { children?: Record<string, { getSnapshot(): { context?: { placement?: unknown } } } | undefined> } | undefined)?.children ?? {};
      for (const composer of context.composers) {
        const child = children[composer.id];
        if (!child) continue;
        const placement = placementOf(context, composer.target);
        if (sameJson(child.getSnapshot().context?.placement, placement)) continue;
        enqueue.sendTo(composer.id, { type: 'posting.placement', placement });
      }
    }),
    acceptSuggestions: assign(({ context, event }) => {
      const output = (event as unknown as { output: CommentAckData<'comment.mentionAvailable'> }).output;
      return { mention: { query: context.mention.query, suggestions: output.suggestions } };
    }),
  },
  guards: {
    isSameItem: ({ context, event }) => (event.type === 'comments.open' || event.type === 'comments.itemChanged') && context.subject?.itemId === event.itemId,
    isListAnswer: (_, params: { output: unknown }) => {
      const o = params.output as { comments?: unknown; enableComments?: unknown; allowAnonComments?: unknown } | null;
      return !!o && Array.isArray(o.comments) && o.comments.every(isCommentRecord) && typeof o.enableComments === 'boolean' && typeof o.allowAnonComments === 'boolean';
    },
    hasPending: ({ context }) => context.server.pending.length > 0,
    isOwnConnection: ({ context, event }) => event.type === 'realtime.reconnected' && !!context.subject && event.namespace === `/item/${context.subject.itemId}`,
    canResolve: ({ context }, params: { id: string; resolved: boolean }) => {
      const comment = context.comments.find((c) => c.id === params.id);
      return !!comment && !!context.subject && comment.isResolved !== params.resolved && canResolveComment(comment, commentFactsOf(context), context.subject.viewer);
    },
    canDestroy: ({ context }, params: { id: string }) => {
      const comment = context.comments.find((c) => c.id === params.id);
      return !!comment && !!context.subject && canDeleteComment(comment, commentFactsOf(context), context.subject.viewer);
    },
    /** The comment the delete confirmation asks about is gone (deleted elsewhere) or may no longer be deleted. */
    isDeleteAskedGone: ({ context }) => {
      const comment = context.comments.find((c) => c.id === context.deleteAsked);
      return !comment || !context.subject || !canDeleteComment(comment, commentFactsOf(context), context.subject.viewer);
    },
    canMarkAllRead: ({ context }) => canMarkAllReadOf(context) && !!context.subject && unreadCount(context.comments, context.subject.viewer) > 0,
    canSetEnabled: ({ context }, params: { enabled: boolean }) => canToggleCommentsOf(context) && context.enableComments !== params.enabled,
    canRemoveAttachment: ({ context }, params: { commentId: string; attachmentId: string }) => {
      const comment = context.comments.find((c) => c.id === params.commentId);
      return !!comment && !!context.subject && isAuthor(comment, context.subject.viewer) && !comment.locked && comment.attachments.some((a) => a.id === params.attachmentId);
    },
    canCompose: ({ context }, params: { target: ComposerTarget }) => params.target.kind !== 'new' && postingBlockOf(context, params.target) === null,
    isSuggestionList: (_, params: { output: unknown }) => isMentionSuggestions((params.output as { suggestions?: unknown } | null)?.suggestions),
    canSearchMentions: ({ context }) => !!context.subject?.viewer.key,
  },
}).createMachine({
  id: 'comments',
  context: INITIAL_CONTEXT,
  initial: 'idle',
  on: {
    'comments.close': { target: '.idle', actions: assign(CLOSED) },
    'comments.prefsLoaded': { actions: assign(({ event }) => parseCommentPrefs(event.stored)) },
    'comments.sort': { actions: assign({ sort: ({ event }) => event.sort }) },
    'comments.showResolved': { actions: assign({ showResolved: ({ context, event }) => event.show && canShowResolvedOf(context) }) },
    'comments.slideChanged': { actions: [assign({ currentSlideId: ({ event }) => event.slideId }), 'syncComposers'] },
    'comments.slideTracking': { actions: [assign({ slideTracking: ({ event }) => event.tracking }), 'syncComposers'] },
    'comments.videoTime': { actions: [assign({ videoTime: ({ event }) => event.seconds }), 'syncComposers'] },
    'comments.connectionChanged': { actions: [assign({ online: ({ event }) => event.online }), 'syncComposers'] },
  },
  states: {
    idle: {
      on: { 'comments.open': { target: 'loading', actions: 'setSubject' } },
    },
    loading: {
      tags: ['loading'],
      on: {
        'comments.open': [{ guard: 'isSameItem', actions: 'updateSubject' }, { target: 'loading', reenter: true, actions: 'setSubject' }],
        'comments.itemChanged': [{ guard: 'isSameItem', actions: 'updateSubject' }, { target: 'loading', reenter: true, actions: 'setSubject' }],
      },
      invoke: {
        id: 'findComments',
        src: 'findComments',
        input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
        onDone: [
          { guard: { type: 'isListAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'acceptList' },
          { target: 'error', actions: [assign({ loadError: 'Malformed comment.find answer' }), { type: 'reportError', params: { message: 'Malformed comment.find answer' } }] },
        ],
        onError: {
          target: 'error',
          actions: [
            assign({ loadError: ({ event }) => refusalOf(event.error).message }),
            { type: 'reportError', params: ({ event }) => ({ message: `Comments could not be read: ${refusalOf(event.error).message}` }) },
          ],
        },
      },
    },
    error: {
      on: {
        'comments.retry': { target: 'loading' },
        'comments.open': [{ guard: 'isSameItem', actions: 'updateSubject' }, { target: 'loading', actions: 'setSubject' }],
        'comments.itemChanged': [{ guard: 'isSameItem', actions: 'updateSubject' }, { target: 'loading', actions: 'setSubject' }],
      },
    },
    ready: {
      type: 'parallel',
      entry: [{ type: 'spawnComposer', params: { target: { kind: 'new' } } }],
      exit: ['stopComposers', assign({ deleteAsked: null })],
      on: {
        'comments.open': [{ guard: 'isSameItem', actions: ['updateSubject', 'syncComposers'] }, { target: 'loading', actions: 'setSubject' }],
        'comments.itemChanged': [{ guard: 'isSameItem', actions: ['updateSubject', 'syncComposers'] }, { target: 'loading', actions: 'setSubject' }],
        'realtime.message': { actions: ['applyPush', 'syncComposers'] },
        'comments.resolve': {
          guard: { type: 'canResolve', params: ({ event }) => event },
          actions: [{ type: 'enqueueChange', params: ({ event }) => ({ change: { kind: 'resolve' as const, id: event.id, resolved: event.resolved } }) }, 'syncComposers'],
        },
        'comments.destroy': {
          guard: { type: 'canDestroy', params: ({ event }) => event },
          actions: [{ type: 'enqueueChange', params: ({ event }) => ({ change: { kind: 'destroy' as const, id: event.id } }) }, { type: 'stopComposer', params: ({ event }) => ({ composerId: composerIdOf({ kind: 'edit', commentId: event.id }) }) }, 'syncComposers'],
        },
        'comments.threadClicked': { actions: 'markThreadRead' },
        'comments.markAllRead': { guard: 'canMarkAllRead', actions: { type: 'enqueueChange', params: { change: { kind: 'markAllRead' } } } },
        'comments.setEnabled': {
          guard: { type: 'canSetEnabled', params: ({ event }) => event },
          actions: [{ type: 'enqueueChange', params: ({ event }) => ({ change: { kind: 'setEnabled' as const, enabled: event.enabled } }) }, 'syncComposers'],
        },
        'comments.removeAttachment': {
          guard: { type: 'canRemoveAttachment', params: ({ event }) => event },
          actions: { type: 'enqueueChange', params: ({ event }) => ({ change: { kind: 'removeAttachment' as const, commentId: event.commentId, attachmentId: event.attachmentId } }) },
        },
        'comments.compose': {
          guard: { type: 'canCompose', params: ({ event }) => event },
          actions: [{ type: 'spawnComposer', params: ({ event }) => ({ target: event.target }) }, { type: 'showComposer', params: ({ event }) => ({ target: event.target }) }],
        },
        'comments.discard': { actions: { type: 'stopComposer', params: ({ event }) => ({ composerId: event.composerId }) } },
        'posting.stored': { actions: ['acceptStored', 'syncComposers'] },
        'posting.refused': { actions: ['flagOutOfDate', 'syncComposers'] },
        // Reply and edit boxes close once saved or canceled; the new-comment box stays.
        'posting.finished': { actions: { type: 'stopComposer', params: ({ event }) => ({ composerId: event.composerId }) } },
      },
      states: {
        // Optimistic changes, one on the wire at a time, in order.
        changes: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasPending', target: 'sending' } },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'sendChange',
                src: 'sendChange',
                input: ({ context }) => changeRequest(context.server.pending[0]!, context.subject),
                onDone: { target: 'idle', actions: ['commitHead', 'syncComposers'] },
                onError: { target: 'idle', actions: [{ type: 'rollbackHead', params: ({ event }) => ({ message: refusalOf(event.error).message }) }, 'syncComposers'] },
              },
            },
          },
        },
        // The delete confirmation (§4 comments): one comment at a time; it closes by itself when the comment goes.
        deletion: {
          initial: 'idle',
          states: {
            idle: {
              entry: assign({ deleteAsked: null }),
              on: {
                'comments.askDestroy': { guard: { type: 'canDestroy', params: ({ event }) => event }, target: 'confirming', actions: assign({ deleteAsked: ({ event }) => event.id }) },
              },
            },
            confirming: {
              always: { guard: 'isDeleteAskedGone', target: 'idle' },
              on: {
                'comments.confirmDestroy': { target: 'idle', actions: raise(({ context }) => ({ type: 'comments.destroy' as const, id: context.deleteAsked ?? '' })) },
                'comments.cancelDestroy': { target: 'idle' },
              },
            },
          },
        },
        // §3 Mention suggestion / §7 mention available: a new query replaces the one on the wire.
        mention: {
          initial: 'idle',
          on: {
            'comments.mentionQuery': { guard: 'canSearchMentions', target: '.searching', reenter: true, actions: assign({ mention: ({ event }) => ({ query: event.query, suggestions: [] }) }) },
            'comments.mentionClosed': { target: '.idle', actions: assign({ mention: NO_MENTION }) },
          },
          states: {
            idle: {},
            searching: {
              tags: ['searching'],
              invoke: {
                id: 'mentionAvailable',
                src: 'mentionAvailable',
                input: ({ context }) => ({
                  itemId: context.subject?.itemId ?? '',
                  pass: context.subject?.pass ?? null,
                  userId: context.subject?.viewer.userId ?? null,
                  userEmail: context.subject?.viewer.anonymousEmail ?? null,
                  query: context.mention.query ?? '',
                }),
                onDone: [
                  { guard: { type: 'isSuggestionList', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: 'acceptSuggestions' },
                  { target: 'idle', actions: [assign({ mention: ({ context }) => ({ query: context.mention.query, suggestions: [] }) }), { type: 'reportError', params: { message: 'Malformed comment.mentionAvailable answer' } }] },
                ],
                onError: {
                  target: 'idle',
                  actions: [assign({ mention: ({ context }) => ({ query: context.mention.query, suggestions: [] }) }), { type: 'reportError', params: ({ event }) => ({ message: `Mention suggestions could not be read: ${refusalOf(event.error).message}` }) }],
                },
              },
            },
          },
        },
        // A refresh push or a reconnect: the list is read again quietly (pending changes stay applied).
        sync: {
          initial: 'idle',
          on: {
            'comments.refetch': { target: '.refetching', reenter: true },
            'realtime.reconnected': { guard: 'isOwnConnection', target: '.refetching', reenter: true },
          },
          states: {
            idle: {},
            refetching: {
              invoke: {
                id: 'refetchComments',
                src: 'findComments',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
                onDone: [
                  { guard: { type: 'isListAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: ['acceptList', 'syncComposers'] },
                  { target: 'idle', actions: { type: 'reportError', params: { message: 'Malformed comment.find answer' } } },
                ],
                onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ message: `Comments could not be read again: ${refusalOf(event.error).message}` }) } },
              },
            },
          },
        },
      },
    },
  },
});

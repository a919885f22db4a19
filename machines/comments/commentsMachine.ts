import { assign, enqueueActions, raise, setup } from 'xstate';
import {
  canDeleteComment,
  canResolveComment,
  DRAFT_RESTORING_REFUSAL,
  isAuthor,
  isUnread,
  threadIds,
  threadsOf,
  unreadCount,
  type CommentAckData,
  type CommentPayload,
} from '../../domain/comments.ts';
import { commentToast } from '../../domain/toasts.ts';
import { commentPostingMachine } from './commentPostingMachine.ts';
import {
  composerIdOf,
  isCommentRecord,
  isMentionSuggestions,
  markReadIn,
  parseCommentPush,
  removeComments,
  upsertComments,
  type CommentChange,
  type ComposerTarget,
} from './commentEvents.ts';
import { refusalOf, tell } from '../content/contentEvents.ts';
import { promiseSlot } from '../slots.ts';
import { NO_MENTION, INITIAL_CONTEXT, CLOSED, subjectOf, commentFactsOf, canToggleCommentsOf, canMarkAllReadOf, canShowResolvedOf, parseCommentPrefs, postingBlockOf, placementOf, sameJson, changeRequest, changeWording, foldAnswer, withServer, type CommentsContext, type CommentsEvent, type ChangeRequest } from './commentsRules.ts';
export { commentFactsOf, isOfflineOf, isOutOfDateOf, allThreadsOf, visibleThreadsOf, commentAreaOf, unreadCountOf, unreadIdsOf, readOnlyReasonOf, commentPermissionsOf, canToggleCommentsOf, canMarkAllReadOf, canShowResolvedOf, commentPrefsOf, parseCommentPrefs, postingBlockOf, placedSlideOf, placementOf, type ComposerEntry, type ServerList, type MentionLookup, type CommentsContext, type CommentsEvent, type ChangeRequest } from './commentsRules.ts';

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

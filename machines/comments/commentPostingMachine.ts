import { assign, enqueueActions, setup, stopChild, type EventObject } from 'xstate';
import { COMMENT_ENTER_MS } from '../../domain/constants.ts';
import {
  attachmentProblem,
  DRAFT_RESTORING_REFUSAL,
  type AttachmentProblem,
  type CommentAckData,
  type CommentPayload,
  type CommentRecord,
} from '../../domain/comments.ts';
import { contentProblem, type RawContent } from '../../domain/richText.ts';
import { commentToast } from '../../domain/toasts.ts';
import { isCommentRecord, type ComposerReport } from './commentEvents.ts';
import { refusalOf, tell } from '../content/contentEvents.ts';
import { callbackSlot, promiseSlot } from '../slots.ts';
import { commentEditorMachine, isEmptyContent } from './commentEditorMachine.ts';
import { snapshotCaptureMachine } from './snapshotCaptureMachine.ts';
import { SNAPSHOT_ERROR_PREFIX, backgroundFileOf, backgroundKeyOf, snapshotFileIds, mayAnnotate, hasParent, EMPTY_CONTENT, freshDraft, storedAttachment, saveRequestOf, prefixOf, isUploading, draftEvents, type PutFileInput, type DraftAttachment, type CommentPostingInput, type CommentPostingContext, type CommentPostingEvent, type SaveCommentInput } from './commentPostingRules.ts';
import { commentAttachmentMachine } from './commentAttachmentMachine.ts';
export { commentAttachmentMachine, type CommentAttachmentInput, type CommentAttachmentContext } from './commentAttachmentMachine.ts';
export { ADD_COMMENT_ERROR_PREFIX, SNAPSHOT_ERROR_PREFIX, SAVE_COMMENT_ERROR_PREFIX, EMPTY_CONTENT, saveRequestOf, type PutFileInput, type SnapshotDraft, type SnapshotBackground, type DraftAttachment, type PostingProblem, type CommentPostingInput, type CommentPostingContext, type CommentPostingEvent, type SaveCommentInput } from './commentPostingRules.ts';

/** The composer's editor (`editor`, a child for the composer's life) is told whether the content is empty. */
function tellEditor(enqueue: { sendTo: (to: string, event: { type: string; empty: boolean }) => void }, content: RawContent): void {
  enqueue.sendTo('editor', { type: 'editor.contentChanged', empty: isEmptyContent(content) });
}

// ---------------------------------------------------------------------------------------------------------
// A composer

/**
 * One comment composer (review-and-content §4 comment posting; systemId none — spawned by `comments`): the
 * new-comment box (`composer-new`), a reply box (`composer-reply-<parentId>`) or an edit (`composer-edit-<id>`).
 * `idle` (editing the draft: content, attachments uploading → uploaded | error, an optional snapshot) →
 * `posting` (waiting until no attachment is uploading, then comment.insert / comment.reply / comment.update) →
 * with a snapshot: `pendingSnapshot` (the comment is stored; the image is hashed) → `uploadingSnapshot`
 * (comment.snapshotUploadRequest → PUT → comment.update {snapshot}) → `done` (editor cleared; back to `idle`). An
 * annotated snapshot's clean background (the capture) is hashed (`pendingBackground`) and uploaded the same way after
 * the image (`requestingBackgroundUrl` → `puttingBackground`) and named with it; an edit keeps the stored one.
 * Before anything is sent the §5 content rules run (domain contentProblem: empty, > 1,500 characters, unsafe
 * markup) and the box's read-only reason (from `comments`); a refusal is shown and nothing is sent. A failed add
 * is reported as 'While adding comment: …' (inline and a toast); for the draft-restoring refusal (oldItemVersion)
 * the draft comes back and `comments` flags the item out of date.
 */
export const commentPostingMachine = setup({
  types: {
    input: {} as CommentPostingInput,
    context: {} as CommentPostingContext,
    events: {} as CommentPostingEvent,
  },
  actors: {
    attachment: commentAttachmentMachine,
    editor: commentEditorMachine,
    capture: snapshotCaptureMachine,
    saveComment: promiseSlot<{ comment: CommentRecord }, SaveCommentInput>('saveComment'),
    hashFile: callbackSlot<EventObject, { fileId: string }>(),
    requestSnapshotUpload: promiseSlot<CommentAckData<'comment.snapshotUploadRequest'>, CommentPayload<'comment.snapshotUploadRequest'>>('requestSnapshotUpload'),
    putFile: callbackSlot<EventObject, PutFileInput>(),
  },
  delays: {
    /** The posted comment's enter transition: the cleared box rests in `done` meanwhile. */
    postedShown: COMMENT_ENTER_MS,
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    /** The File is no longer needed (the FileStore forgets it). */
    releaseFile: (_, _params: { fileId: string }) => {},
    tellParent: enqueueActions(({ self, enqueue }, params: { report: ComposerReport }) => {
      if (hasParent(self)) enqueue.sendParent(params.report);
    }),
    finish: enqueueActions(({ context, self, enqueue }, params: { outcome: 'saved' | 'canceled' }) => {
      if (hasParent(self)) enqueue.sendParent({ type: 'posting.finished', composerId: context.composerId, outcome: params.outcome } satisfies ComposerReport);
    }),
    notifyStored: enqueueActions(({ context, self, enqueue }, params: { comment: CommentRecord }) => {
      if (hasParent(self)) enqueue.sendParent({ type: 'posting.stored', composerId: context.composerId, comment: params.comment } satisfies ComposerReport);
    }),
    setContent: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'posting.change') return;
      enqueue.assign({ content: event.content, problem: null, error: null });
      tellEditor(enqueue as never, event.content);
    }),
    captureTime: assign(({ context, event }) => {
      if (event.type !== 'posting.focus' || context.target.kind !== 'new' || context.placement.family !== 'video') return {};
      return { currentTime: event.currentTime };
    }),
    /** §5 attachment checks before anything starts; each accepted file is uploaded by its own child. */
    addAttachments: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'posting.addAttachments') return;
      let attachments = context.attachments;
      let seq = context.attachmentSeq;
      let refused: AttachmentProblem | null = null;
      for (const file of event.files) {
        const problem = attachmentProblem(file, attachments.length);
        if (problem) {
          refused ??= problem;
          enqueue({ type: 'releaseFile', params: { fileId: file.fileId } } as never);
          continue;
        }
        const id = `attachment-${seq}`;
        seq += 1;
        const delaySave = context.editing === null;
        attachments = [...attachments, { id, title: file.name, key: '', state: 'uploading', delaySave, size: file.size, url: null, fileId: file.fileId, stored: false, progress: 0, message: null }];
        enqueue.spawnChild('attachment', {
          id,
          input: { attachmentId: id, file, itemId: context.placement.itemId, pass: context.placement.pass, delaySave, commentId: context.editing?.id ?? null },
        });
      }
      enqueue.assign({ attachments, attachmentSeq: seq, attachmentProblem: refused });
    }),
    removeAttachment: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'posting.removeAttachment') return;
      const attachment = context.attachments.find((a) => a.id === event.attachmentId);
      if (!attachment) return;
      if (attachment.stored) {
        // Part of the comment already: removed through the comments actor (optimistic, rolled back on refusal).
        if (context.editing) enqueue({ type: 'tellParent', params: { report: { type: 'comments.removeAttachment', commentId: context.editing.id, attachmentId: attachment.id } } } as never);
      } else {
        enqueue.stopChild(attachment.id);
        if (attachment.fileId) enqueue({ type: 'releaseFile', params: { fileId: attachment.fileId } } as never);
      }
      enqueue.assign({ attachments: context.attachments.filter((a) => a.id !== attachment.id), attachmentProblem: null });
    }),
    trackAttachment: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attachment.changed') return;
      const attachment = context.attachments.find((a) => a.id === event.attachmentId);
      if (!attachment) return;
      const settled = event.state !== 'uploading';
      if (settled && attachment.fileId) enqueue({ type: 'releaseFile', params: { fileId: attachment.fileId } } as never);
      let next: DraftAttachment = { ...attachment, state: event.state, key: event.key, progress: event.progress, message: event.message, fileId: settled ? null : attachment.fileId };
      if (event.comment) {
        // Attached to the comment being edited: it is the comment's now, under the server's id.
        const record = event.comment.attachments.find((a) => a.key === event.key);
        if (record) next = storedAttachment(record);
        enqueue({ type: 'notifyStored', params: { comment: event.comment } } as never);
      }
      enqueue.assign({ attachments: context.attachments.map((a) => (a.id === attachment.id ? next : a)) });
    }),
    /** The snapshot dialog (child `capture`, one at a time), with an edited annotation's stored shapes. */
    startCapture: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'posting.annotate') return;
      const edited = context.target.kind === 'edit' ? (context.editing?.snapshot ?? null) : null;
      const shapes = edited?.annotation?.shapes ?? null;
      // An edit draws over the stored clean background (snapshots stored before backgrounds were kept capture again).
      const background = edited?.backgroundKey && edited.backgroundUrl ? { key: edited.backgroundKey, url: edited.backgroundUrl, width: edited.width, height: edited.height } : null;
      enqueue.stopChild('capture');
      enqueue.spawnChild('capture', { id: 'capture', input: { mode: event.mode, shapes, background, dialogId: event.dialogId ?? `annotation-${context.composerId}`, prefs: event.prefs ?? null } });
    }),
    setSnapshot: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'posting.setSnapshot') return;
      // An edit takes only a new annotation of an annotated comment.
      if (context.target.kind === 'edit' && !(event.snapshot.isAnnotation && mayAnnotate(context))) return;
      const kept = snapshotFileIds(event.snapshot);
      for (const fileId of snapshotFileIds(context.snapshot)) if (!kept.includes(fileId)) enqueue({ type: 'releaseFile', params: { fileId } } as never);
      enqueue.assign({ snapshot: event.snapshot });
    }),
    clearSnapshot: enqueueActions(({ context, enqueue }) => {
      if (!context.snapshot) return;
      for (const fileId of snapshotFileIds(context.snapshot)) enqueue({ type: 'releaseFile', params: { fileId } } as never);
      enqueue.assign({ snapshot: null });
    }),
    flagProblem: assign(({ context }) => {
      const blocked = context.placement.blockedBy;
      return { problem: blocked ? { kind: 'blocked' as const, reason: blocked } : contentProblem(context.content) };
    }),
    /** The draft goes out: the editor is cleared (an edit keeps its text while it is saved). */
    takeDraft: enqueueActions(({ context, enqueue }) => {
      const content = context.target.kind === 'edit' ? context.content : EMPTY_CONTENT;
      enqueue.assign({ sent: context.content, content, problem: null, error: null });
      tellEditor(enqueue as never, content);
    }),
    restoreDraft: enqueueActions(({ context, enqueue }) => {
      const content = context.sent ?? context.content;
      enqueue.assign({ content, sent: null });
      tellEditor(enqueue as never, content);
    }),
    /** The draft is through (posted, or dropped after a failure): attachments and snapshot go with it. */
    clearDraft: enqueueActions(({ context, enqueue }) => {
      for (const fileId of snapshotFileIds(context.snapshot)) enqueue({ type: 'releaseFile', params: { fileId } } as never);
      tellEditor(enqueue as never, EMPTY_CONTENT);
      // The last failure stays on screen.
      enqueue.assign({ ...freshDraft(null), error: context.error });
    }),
    /** Cancel: uploads still running stop, files are released, nothing new was attached. An edit keeps what it stored. */
    discardDraft: enqueueActions(({ context, enqueue }) => {
      for (const attachment of context.attachments) {
        if (attachment.stored) continue;
        enqueue.stopChild(attachment.id);
        if (attachment.fileId) enqueue({ type: 'releaseFile', params: { fileId: attachment.fileId } } as never);
      }
      for (const fileId of snapshotFileIds(context.snapshot)) enqueue({ type: 'releaseFile', params: { fileId } } as never);
      enqueue.stopChild('capture');
      tellEditor(enqueue as never, context.editing?.content ?? EMPTY_CONTENT);
      enqueue.assign(freshDraft(context.editing));
    }),
    /** §8: reported, shown inline and as a toast. */
    fail: enqueueActions(({ system, enqueue }, params: { message: string; toast: 'commentAddFailed' | 'commentSnapshotFailed' }) => {
      enqueue.assign({ error: params.message });
      enqueue({ type: 'reportError', params: { message: params.message } } as never);
      tell(system, enqueue, 'toasts', { type: 'toast.show', toast: commentToast(params.toast, params.message) });
    }),
  },
  guards: {
    isBlocked: ({ context }) => context.placement.blockedBy !== null,
    hasContentProblem: ({ context }) => contentProblem(context.content) !== null,
    isUploadingAttachments: ({ context }) => isUploading(context),
    isSettled: ({ context }) => !isUploading(context),
    isCommentAnswer: (_, params: { output: unknown }) => isCommentRecord((params.output as { comment?: unknown } | null)?.comment),
    /** Stored, and a snapshot follows (announced with withSnapshot, or an edit's new annotation). */
    isStoredAwaitingSnapshot: ({ context }, params: { output: unknown }) => context.snapshot !== null && isCommentRecord((params.output as { comment?: unknown } | null)?.comment),
    isEditing: ({ context }) => context.target.kind === 'edit',
    canAnnotate: ({ context }) => mayAnnotate(context),
    isDraftRestoring: (_, params: { error: unknown }) => refusalOf(params.error).reason === DRAFT_RESTORING_REFUSAL,
    hasBackgroundFile: ({ context }) => backgroundFileOf(context.snapshot) !== null,
    isUploadGranted: (_, params: { output: unknown }) => {
      const output = params.output as { url?: unknown; key?: unknown } | null;
      return typeof output?.url === 'string' && output.url !== '' && typeof output.key === 'string' && output.key !== '';
    },
  },
}).createMachine({
  id: 'commentPosting',
  context: ({ input }) => {
    const editing = input.target.kind === 'edit' ? (input.comment ?? null) : null;
    return { composerId: input.composerId, target: input.target, placement: input.placement, editing, attachmentSeq: 1, ...freshDraft(editing) };
  },
  // The editor's own states (empty, focused, suggestions open, emoji open), for the composer's whole life.
  invoke: { id: 'editor', src: 'editor' },
  on: {
    'posting.placement': { actions: assign({ placement: ({ event }) => event.placement }) },
    'attachment.changed': { actions: 'trackAttachment' },
    // The snapshot dialog closed (committed, canceled, route change): it goes.
    'xstate.done.actor.capture': { actions: stopChild('capture') },
  },
  initial: 'idle',
  states: {
    idle: {
      // The editor starts empty: an edit's text (and a draft back after a failure) is told on the way in.
      entry: enqueueActions(({ context, enqueue }) => tellEditor(enqueue as never, context.content)),
      on: {
        ...draftEvents(),
        'posting.submit': [
          { guard: 'isBlocked', actions: 'flagProblem' },
          { guard: 'hasContentProblem', actions: 'flagProblem' },
          { guard: 'isUploadingAttachments', target: 'posting.waitingForAttachments', actions: assign({ problem: null, error: null }) },
          { target: 'posting.sending' },
        ],
      },
    },
    posting: {
      tags: ['posting'],
      initial: 'sending',
      states: {
        // §3: posting waits until no attachment is uploading (those that failed are not sent).
        waitingForAttachments: {
          always: { guard: 'isSettled', target: 'sending' },
          on: {
            'posting.removeAttachment': { actions: 'removeAttachment' },
            'posting.cancel': { target: '#commentPosting.idle', actions: ['discardDraft', { type: 'finish', params: { outcome: 'canceled' } }] },
          },
        },
        sending: {
          entry: 'takeDraft',
          invoke: {
            id: 'saveComment',
            src: 'saveComment',
            input: ({ context }) => saveRequestOf(context),
            onDone: [
              {
                guard: { type: 'isStoredAwaitingSnapshot', params: ({ event }) => ({ output: event.output }) },
                target: '#commentPosting.pendingSnapshot',
                actions: [assign({ stored: ({ event }) => event.output.comment }), { type: 'notifyStored', params: ({ event }) => ({ comment: event.output.comment }) }],
              },
              {
                guard: { type: 'isCommentAnswer', params: ({ event }) => ({ output: event.output }) },
                target: '#commentPosting.done',
                actions: { type: 'notifyStored', params: ({ event }) => ({ comment: event.output.comment }) },
              },
              {
                target: '#commentPosting.idle',
                actions: ['restoreDraft', { type: 'fail', params: ({ context }) => ({ message: `${prefixOf(context)} Malformed answer`, toast: 'commentAddFailed' as const }) }],
              },
            ],
            onError: [
              // §8: the one refusal after which the draft comes back; the item is flagged out of date.
              {
                guard: { type: 'isDraftRestoring', params: ({ event }) => ({ error: event.error }) },
                target: '#commentPosting.idle',
                actions: [
                  'restoreDraft',
                  { type: 'fail', params: ({ context, event }) => ({ message: `${prefixOf(context)} ${refusalOf(event.error).message}`, toast: 'commentAddFailed' as const }) },
                  { type: 'tellParent', params: ({ context, event }) => ({ report: { type: 'posting.refused' as const, composerId: context.composerId, reason: refusalOf(event.error).reason ?? 'serverError' } }) },
                ],
              },
              // An edit keeps its text whatever went wrong.
              {
                guard: 'isEditing',
                target: '#commentPosting.idle',
                actions: ['restoreDraft', { type: 'fail', params: ({ context, event }) => ({ message: `${prefixOf(context)} ${refusalOf(event.error).message}`, toast: 'commentAddFailed' as const }) }],
              },
              {
                target: '#commentPosting.idle',
                actions: ['clearDraft', { type: 'fail', params: ({ context, event }) => ({ message: `${prefixOf(context)} ${refusalOf(event.error).message}`, toast: 'commentAddFailed' as const }) }],
              },
            ],
          },
        },
      },
    },
    // §4 "pending comment awaiting its snapshot": the comment is stored; the image is hashed for Content-MD5.
    pendingSnapshot: {
      tags: ['posting'],
      invoke: { id: 'hashSnapshot', src: 'hashFile', input: ({ context }) => ({ fileId: context.snapshot?.fileId ?? '' }) },
      on: {
        'file.hashed': [
          { guard: 'hasBackgroundFile', target: 'pendingBackground', actions: assign({ snapshotUpload: ({ event }) => ({ md5: event.md5, url: '', key: '', type: '' }) }) },
          { target: 'uploadingSnapshot', actions: assign({ snapshotUpload: ({ event }) => ({ md5: event.md5, url: '', key: '', type: '' }) }) },
        ],
        'file.hashFailed': { target: 'done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${event.message}`, toast: 'commentSnapshotFailed' as const }) } },
      },
    },
    // An annotated snapshot's clean background (the capture) is hashed too; it is uploaded after the image.
    pendingBackground: {
      tags: ['posting'],
      invoke: { id: 'hashBackground', src: 'hashFile', input: ({ context }) => ({ fileId: backgroundFileOf(context.snapshot)?.fileId ?? '' }) },
      on: {
        'file.hashed': { target: 'uploadingSnapshot', actions: assign({ backgroundUpload: ({ event }) => ({ md5: event.md5, url: '', key: '', type: '' }) }) },
        'file.hashFailed': { target: 'done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${event.message}`, toast: 'commentSnapshotFailed' as const }) } },
      },
    },
    // §7 snapshot upload request → PUT (Content-MD5, Content-Type) → comment.update {snapshot}.
    uploadingSnapshot: {
      tags: ['posting'],
      initial: 'requestingUrl',
      states: {
        requestingUrl: {
          invoke: {
            id: 'requestSnapshotUpload',
            src: 'requestSnapshotUpload',
            input: ({ context }) => ({
              itemId: context.placement.itemId,
              pass: context.placement.pass,
              // An edit's comment may sit on an older version: the snapshot is asked for on the one shown.
              versionId: context.target.kind === 'edit' ? context.placement.versionId : (context.stored?.versionId ?? context.placement.versionId),
              extension: context.snapshot?.extension ?? 'png',
              md5: context.snapshotUpload?.md5 ?? '',
              size: context.snapshot?.size ?? 0,
            }),
            onDone: [
              {
                guard: { type: 'isUploadGranted', params: ({ event }) => ({ output: event.output }) },
                target: 'putting',
                actions: assign({ snapshotUpload: ({ context, event }) => ({ md5: context.snapshotUpload?.md5 ?? '', url: event.output.url, key: event.output.key, type: event.output.type }) }),
              },
              { target: '#commentPosting.done', actions: { type: 'fail', params: { message: `${SNAPSHOT_ERROR_PREFIX} Malformed comment.snapshotUploadRequest answer`, toast: 'commentSnapshotFailed' as const } } },
            ],
            onError: { target: '#commentPosting.done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${refusalOf(event.error).message}`, toast: 'commentSnapshotFailed' as const }) } },
          },
        },
        putting: {
          invoke: {
            id: 'putSnapshot',
            src: 'putFile',
            input: ({ context }) => ({
              fileId: context.snapshot?.fileId ?? '',
              url: context.snapshotUpload?.url ?? '',
              contentType: context.snapshotUpload?.type || (context.snapshot?.extension === 'html' ? 'text/html' : 'image/png'),
              fileName: `snapshot.${context.snapshot?.extension ?? 'png'}`,
              md5: context.snapshotUpload?.md5 ?? '',
            }),
          },
          on: {
            'file.putDone': [{ guard: 'hasBackgroundFile', target: 'requestingBackgroundUrl' }, { target: 'attaching' }],
            'file.putFailed': { target: '#commentPosting.done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${event.message}`, toast: 'commentSnapshotFailed' as const }) } },
          },
        },
        // The clean background: its own snapshot upload request and PUT (Content-MD5), then named with the image.
        requestingBackgroundUrl: {
          invoke: {
            id: 'requestBackgroundUpload',
            src: 'requestSnapshotUpload',
            input: ({ context }) => ({
              itemId: context.placement.itemId,
              pass: context.placement.pass,
              versionId: context.target.kind === 'edit' ? context.placement.versionId : (context.stored?.versionId ?? context.placement.versionId),
              extension: 'png' as const,
              md5: context.backgroundUpload?.md5 ?? '',
              size: backgroundFileOf(context.snapshot)?.size ?? 0,
            }),
            onDone: [
              {
                guard: { type: 'isUploadGranted', params: ({ event }) => ({ output: event.output }) },
                target: 'puttingBackground',
                actions: assign({ backgroundUpload: ({ context, event }) => ({ md5: context.backgroundUpload?.md5 ?? '', url: event.output.url, key: event.output.key, type: event.output.type }) }),
              },
              { target: '#commentPosting.done', actions: { type: 'fail', params: { message: `${SNAPSHOT_ERROR_PREFIX} Malformed comment.snapshotUploadRequest answer`, toast: 'commentSnapshotFailed' as const } } },
            ],
            onError: { target: '#commentPosting.done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${refusalOf(event.error).message}`, toast: 'commentSnapshotFailed' as const }) } },
          },
        },
        puttingBackground: {
          invoke: {
            id: 'putBackground',
            src: 'putFile',
            input: ({ context }) => ({
              fileId: backgroundFileOf(context.snapshot)?.fileId ?? '',
              url: context.backgroundUpload?.url ?? '',
              contentType: context.backgroundUpload?.type || 'image/png',
              fileName: 'background.png',
              md5: context.backgroundUpload?.md5 ?? '',
            }),
          },
          on: {
            'file.putDone': { target: 'attaching' },
            'file.putFailed': { target: '#commentPosting.done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${event.message}`, toast: 'commentSnapshotFailed' as const }) } },
          },
        },
        attaching: {
          invoke: {
            id: 'attachSnapshot',
            src: 'saveComment',
            input: ({ context }) => ({
              name: 'comment.update' as const,
              payload: {
                itemId: context.placement.itemId,
                pass: context.placement.pass,
                id: context.stored?.id ?? '',
                snapshot: {
                  key: context.snapshotUpload?.key ?? '',
                  width: context.snapshot?.width ?? 0,
                  height: context.snapshot?.height ?? 0,
                  isAnnotation: context.snapshot?.isAnnotation ?? false,
                  ...(context.snapshot?.annotation ? { annotation: context.snapshot.annotation } : {}),
                  ...backgroundKeyOf(context),
                },
              },
            }),
            onDone: [
              {
                guard: { type: 'isCommentAnswer', params: ({ event }) => ({ output: event.output }) },
                target: '#commentPosting.done',
                actions: { type: 'notifyStored', params: ({ event }) => ({ comment: event.output.comment }) },
              },
              { target: '#commentPosting.done', actions: { type: 'fail', params: { message: `${SNAPSHOT_ERROR_PREFIX} Malformed comment.update answer`, toast: 'commentSnapshotFailed' as const } } },
            ],
            onError: { target: '#commentPosting.done', actions: { type: 'fail', params: ({ event }) => ({ message: `${SNAPSHOT_ERROR_PREFIX} ${refusalOf(event.error).message}`, toast: 'commentSnapshotFailed' as const }) } },
          },
        },
      },
    },
    // The comment is posted: the editor is cleared; the box rests while the comment enters the list, and the next
    // keystroke starts the next draft.
    done: {
      entry: ['clearDraft', { type: 'finish', params: { outcome: 'saved' } }],
      after: { postedShown: { target: 'idle' } },
      on: {
        ...draftEvents('idle'),
        'posting.submit': { target: 'idle', actions: 'flagProblem' },
      },
    },
  },
});

import { assign, enqueueActions, setup, type EventObject } from 'xstate';
import { COMMENT_ENTER_MS } from '../../domain/constants.ts';
import {
  attachmentProblem,
  DRAFT_RESTORING_REFUSAL,
  type AttachmentProblem,
  type CommentAckData,
  type CommentAttachment,
  type CommentDraftPayload,
  type CommentPayload,
  type CommentRecord,
} from '../../domain/comments.ts';
import { contentProblem, rawFromPlainText, type ContentProblem, type RawContent } from '../../domain/richText.ts';
import { commentToast } from '../../domain/toasts.ts';
import { isCommentRecord, type AttachmentReport, type ComposerReport, type ComposerTarget, type FileTransferEvent, type PostingBlock, type PostingPlacement } from './commentEvents.ts';
import { refusalOf, tell } from '../content/contentEvents.ts';
import type { UploadFileRef } from '../items/itemEvents.ts';
import { callbackSlot, promiseSlot } from '../slots.ts';
import { commentEditorMachine, isEmptyContent } from './commentEditorMachine.ts';

/** The composer's editor (`editor`, a child for the composer's life) is told whether the content is empty. */
function tellEditor(enqueue: { sendTo: (to: string, event: { type: string; empty: boolean }) => void }, content: RawContent): void {
  enqueue.sendTo('editor', { type: 'editor.contentChanged', empty: isEmptyContent(content) });
}

/** §8 comment errors: the prefixes of what is reported and shown. */
export const ADD_COMMENT_ERROR_PREFIX = 'While adding comment:';
export const SNAPSHOT_ERROR_PREFIX = 'While uploading comment snapshot:';
/** An edit that could not be saved (the spec names none; the same form). */
export const SAVE_COMMENT_ERROR_PREFIX = 'While saving comment:';

/** What the PUT adapter needs: the file (by id), the signed URL and the headers' values. */
export interface PutFileInput {
  fileId: string;
  url: string;
  contentType: string;
  fileName: string;
  md5: string;
}

const hasParent = (self: unknown) => !!(self as { _parent?: unknown })._parent;

// ---------------------------------------------------------------------------------------------------------
// One attachment upload

/** What a composer starts an attachment upload with (the File stays in the FileStore). */
export interface CommentAttachmentInput {
  attachmentId: string;
  file: UploadFileRef;
  itemId: string;
  pass: string | null;
  /** true: the key goes with the comment's insert; false: comment.attachmentInsert to `commentId` right after the PUT. */
  delaySave: boolean;
  commentId: string | null;
}

export interface CommentAttachmentContext extends CommentAttachmentInput {
  md5: string | null;
  destination: { url: string; key: string; type: string } | null;
  progress: number;
  message: string | null;
  comment: CommentRecord | null;
}

const attachmentReport = (context: CommentAttachmentContext, state: AttachmentReport['state']): AttachmentReport => ({
  type: 'attachment.changed',
  attachmentId: context.attachmentId,
  state,
  key: context.destination?.key ?? '',
  progress: context.progress,
  message: context.message,
  comment: context.comment,
});

/**
 * One comment attachment (review-and-content §3 Comment attachment: uploading → uploaded | error; §7): the file
 * hashed (MD5 for Content-MD5), a signed PUT address asked for (comment.attachmentPresign, which checks size, type
 * and title again), the PUT, then — when added to an existing comment (delaySave false) — comment.attachmentInsert.
 * Spawned by a composer (`attachment-<n>`), which it tells about every change (`attachment.changed`). Both ends
 * are final: a failed upload is shown with attachment_error and removed by the user.
 */
export const commentAttachmentMachine = setup({
  types: {
    input: {} as CommentAttachmentInput,
    context: {} as CommentAttachmentContext,
    events: {} as FileTransferEvent,
  },
  actors: {
    hashFile: callbackSlot<EventObject, { fileId: string }>(),
    presignAttachment: promiseSlot<CommentAckData<'comment.attachmentPresign'>, CommentPayload<'comment.attachmentPresign'>>('presignAttachment'),
    putFile: callbackSlot<EventObject, PutFileInput>(),
    insertAttachment: promiseSlot<CommentAckData<'comment.attachmentInsert'>, CommentPayload<'comment.attachmentInsert'>>('insertAttachment'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    report: enqueueActions(({ context, self, enqueue }, params: { state: AttachmentReport['state'] }) => {
      if (hasParent(self)) enqueue.sendParent(attachmentReport(context, params.state));
    }),
    fail: assign((_, params: { message: string }) => ({ message: params.message })),
  },
  guards: {
    isDelaySave: ({ context }) => context.delaySave,
    isPresigned: (_, params: { output: unknown }) => {
      const output = params.output as { url?: unknown; key?: unknown } | null;
      return typeof output?.url === 'string' && output.url !== '' && typeof output.key === 'string' && output.key !== '';
    },
    isCommentAnswer: (_, params: { output: unknown }) => isCommentRecord((params.output as { comment?: unknown } | null)?.comment),
  },
}).createMachine({
  id: 'commentAttachment',
  context: ({ input }) => ({ ...input, md5: null, destination: null, progress: 0, message: null, comment: null }),
  initial: 'hashing',
  states: {
    hashing: {
      entry: { type: 'report', params: { state: 'uploading' } },
      invoke: { id: 'hashFile', src: 'hashFile', input: ({ context }) => ({ fileId: context.file.fileId }) },
      on: {
        'file.hashed': { target: 'presigning', actions: assign({ md5: ({ event }) => event.md5 }) },
        'file.hashFailed': { target: 'error', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    presigning: {
      invoke: {
        id: 'presignAttachment',
        src: 'presignAttachment',
        input: ({ context }) => ({
          itemId: context.itemId,
          pass: context.pass,
          fileName: context.file.name,
          size: context.file.size,
          md5: context.md5 ?? '',
          contentType: context.file.type || 'application/octet-stream',
        }),
        onDone: [
          {
            guard: { type: 'isPresigned', params: ({ event }) => ({ output: event.output }) },
            target: 'putting',
            actions: assign({ destination: ({ event }) => ({ url: event.output.url, key: event.output.key, type: event.output.type }) }),
          },
          { target: 'error', actions: { type: 'fail', params: { message: 'Malformed comment.attachmentPresign answer' } } },
        ],
        onError: { target: 'error', actions: { type: 'fail', params: ({ event }) => ({ message: refusalOf(event.error).message }) } },
      },
    },
    putting: {
      invoke: {
        id: 'putFile',
        src: 'putFile',
        input: ({ context }) => ({
          fileId: context.file.fileId,
          url: context.destination?.url ?? '',
          contentType: context.destination?.type || context.file.type || 'application/octet-stream',
          fileName: context.file.name,
          md5: context.md5 ?? '',
        }),
      },
      on: {
        'file.progress': {
          actions: [assign({ progress: ({ event }) => (event.total > 0 ? Math.min(1, Math.max(0, event.loaded / event.total)) : 0) }), { type: 'report', params: { state: 'uploading' } }],
        },
        'file.putDone': [{ guard: 'isDelaySave', target: 'uploaded', actions: assign({ progress: 1 }) }, { target: 'inserting', actions: assign({ progress: 1 }) }],
        'file.putFailed': { target: 'error', actions: { type: 'fail', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    // Added to a comment that exists (while editing it): attached right after the upload.
    inserting: {
      invoke: {
        id: 'insertAttachment',
        src: 'insertAttachment',
        input: ({ context }) => ({ itemId: context.itemId, pass: context.pass, commentId: context.commentId ?? '', attachment: { key: context.destination?.key ?? '', title: context.file.name } }),
        onDone: [
          { guard: { type: 'isCommentAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'uploaded', actions: assign({ comment: ({ event }) => event.output.comment }) },
          { target: 'error', actions: { type: 'fail', params: { message: 'Malformed comment.attachmentInsert answer' } } },
        ],
        onError: { target: 'error', actions: { type: 'fail', params: ({ event }) => ({ message: refusalOf(event.error).message }) } },
      },
    },
    uploaded: { type: 'final', entry: { type: 'report', params: { state: 'uploaded' } } },
    error: {
      type: 'final',
      entry: [
        { type: 'report', params: { state: 'error' } },
        { type: 'reportError', params: ({ context }) => ({ message: `Attachment ${context.file.name} failed: ${context.message ?? 'unknown error'}` }) },
      ],
    },
  },
});

// ---------------------------------------------------------------------------------------------------------
// A composer

/** A pasted or annotated image the view handed over (the File is in the FileStore). */
export interface SnapshotDraft {
  fileId: string;
  /** Bytes. */
  size: number;
  width: number;
  height: number;
  isAnnotation: boolean;
  extension: 'png' | 'html';
}

/** An attachment of the draft as the composer shows it: §3 Comment attachment plus what the upload needs. */
export interface DraftAttachment extends CommentAttachment {
  /** The picked file while it is being uploaded; null for stored attachments. */
  fileId: string | null;
  /** Already part of the comment (editing): removing it goes through comment.attachmentDestroy. */
  stored: boolean;
  /** 0 to 1 of the PUT. */
  progress: number;
  /** Why it failed (for the log; the view shows attachment_error). */
  message: string | null;
}

/** Why the draft was not sent: the §5 content rules (with their messages), or the box is read-only. */
export type PostingProblem = ContentProblem | { kind: 'blocked'; reason: PostingBlock };

/** What a composer starts with. */
export interface CommentPostingInput {
  composerId: string;
  target: ComposerTarget;
  placement: PostingPlacement;
  /** Editing: the comment as it stands. */
  comment?: CommentRecord | null;
}

export interface CommentPostingContext {
  composerId: string;
  target: ComposerTarget;
  placement: PostingPlacement;
  /** The comment being edited, or null. */
  editing: CommentRecord | null;
  /** The editor's content (what the view shows). */
  content: RawContent;
  /** The draft on the wire (restored for the draft-restoring refusal). */
  sent: RawContent | null;
  /** Video: seconds captured when the box got focus. */
  currentTime: number | null;
  attachments: DraftAttachment[];
  /** Next attachment child number (`attachment-<n>`). */
  attachmentSeq: number;
  snapshot: SnapshotDraft | null;
  problem: PostingProblem | null;
  /** The last attachment refused before it started (maximum attachments, file size, file type, title), with its message. */
  attachmentProblem: AttachmentProblem | null;
  /** The last failure, prefixed ('While adding comment: …', 'While uploading comment snapshot: …'). */
  error: string | null;
  /** The comment stored, while its snapshot is uploaded. */
  stored: CommentRecord | null;
  /** The snapshot's MD5 and signed PUT address. */
  snapshotUpload: { md5: string; url: string; key: string; type: string } | null;
}

export type CommentPostingEvent =
  /** The editor's content changed (the editor ignores typing beyond 1,500 characters). */
  | { type: 'posting.change'; content: RawContent }
  /** The box got focus: a video comment captures the player's time. */
  | { type: 'posting.focus'; currentTime: number | null }
  | { type: 'posting.addAttachments'; files: UploadFileRef[] }
  | { type: 'posting.removeAttachment'; attachmentId: string }
  | { type: 'posting.setSnapshot'; snapshot: SnapshotDraft }
  | { type: 'posting.clearSnapshot' }
  /** Enter (or the post button). */
  | { type: 'posting.submit' }
  /** Cancel clears everything; new attachments are forgotten (they were never attached). */
  | { type: 'posting.cancel' }
  /** From `comments`: where the comment goes and whether it may be sent now. */
  | { type: 'posting.placement'; placement: PostingPlacement }
  | AttachmentReport
  | FileTransferEvent;

/** What the saveComment actor sends: an insert, a reply or an update. */
export type SaveCommentInput =
  | { name: 'comment.insert'; payload: CommentPayload<'comment.insert'> }
  | { name: 'comment.reply'; payload: CommentPayload<'comment.reply'> }
  | { name: 'comment.update'; payload: CommentPayload<'comment.update'> };

/** An empty editor. */
export const EMPTY_CONTENT: RawContent = rawFromPlainText('');

function storedAttachment(attachment: CommentAttachment): DraftAttachment {
  return { ...attachment, state: 'uploaded', fileId: null, stored: true, progress: 1, message: null };
}

/** The request a composer sends for its draft. */
export function saveRequestOf(context: CommentPostingContext): SaveCommentInput {
  const content = context.sent ?? context.content;
  const p = context.placement;
  if (context.target.kind === 'edit') return { name: 'comment.update', payload: { itemId: p.itemId, pass: p.pass, id: context.target.commentId, content } };
  const draft: CommentDraftPayload = {
    itemId: p.itemId,
    pass: p.pass,
    versionId: p.versionId,
    content,
    currentTime: p.family === 'video' ? (context.currentTime ?? p.currentTime) : null,
    slideId: p.family === 'slide' || p.family === 'rise' ? p.slideId : null,
    attachments: context.attachments.filter((a) => a.state === 'uploaded' && a.delaySave && !a.stored).map((a) => ({ key: a.key, title: a.title })),
    withSnapshot: context.snapshot !== null,
  };
  return context.target.kind === 'reply' ? { name: 'comment.reply', payload: { ...draft, replyTo: context.target.parentId } } : { name: 'comment.insert', payload: draft };
}

/** The prefix of a failed save: adding (a comment or reply) or saving an edit. */
const prefixOf = (context: Pick<CommentPostingContext, 'target'>) => (context.target.kind === 'edit' ? SAVE_COMMENT_ERROR_PREFIX : ADD_COMMENT_ERROR_PREFIX);

const isUploading = (context: CommentPostingContext) => context.attachments.some((a) => a.state === 'uploading');

/** The draft's editing events; in `done` they also start the next draft. */
function draftEvents(target?: string) {
  const to = target ? { target } : {};
  return {
    'posting.change': { ...to, actions: 'setContent' as const },
    'posting.focus': { ...to, actions: 'captureTime' as const },
    'posting.addAttachments': { ...to, actions: 'addAttachments' as const },
    'posting.removeAttachment': { ...to, actions: 'removeAttachment' as const },
    'posting.setSnapshot': { ...to, actions: 'setSnapshot' as const },
    'posting.clearSnapshot': { ...to, actions: 'clearSnapshot' as const },
    'posting.cancel': { target: target ?? 'idle', actions: ['discardDraft' as const, { type: 'finish' as const, params: { outcome: 'canceled' as const } }] },
  };
}

/**
 * One comment composer (review-and-content §4 comment posting; systemId none — spawned by `comments`): the
 * new-comment box (`composer-new`), a reply box (`composer-reply-<parentId>`) or an edit (`composer-edit-<id>`).
 * `idle` (editing the draft: content, attachments uploading → uploaded | error, an optional snapshot) →
 * `posting` (waiting until no attachment is uploading, then comment.insert / comment.reply / comment.update) →
 * with a snapshot: `pendingSnapshot` (the comment is stored; the image is hashed) → `uploadingSnapshot`
 * (comment.snapshotUploadRequest → PUT → comment.update {snapshot}) → `done` (editor cleared; back to `idle`).
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
    setSnapshot: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'posting.setSnapshot' || context.target.kind === 'edit') return;
      if (context.snapshot && context.snapshot.fileId !== event.snapshot.fileId) enqueue({ type: 'releaseFile', params: { fileId: context.snapshot.fileId } } as never);
      enqueue.assign({ snapshot: event.snapshot });
    }),
    clearSnapshot: enqueueActions(({ context, enqueue }) => {
      if (!context.snapshot) return;
      enqueue({ type: 'releaseFile', params: { fileId: context.snapshot.fileId } } as never);
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
      if (context.snapshot) enqueue({ type: 'releaseFile', params: { fileId: context.snapshot.fileId } } as never);
      tellEditor(enqueue as never, EMPTY_CONTENT);
      enqueue.assign({
        content: EMPTY_CONTENT,
        sent: null,
        currentTime: null,
        attachments: [],
        snapshot: null,
        problem: null,
        attachmentProblem: null,
        stored: null,
        snapshotUpload: null,
      });
    }),
    /** Cancel: uploads still running stop, files are released, nothing new was attached. An edit keeps what it stored. */
    discardDraft: enqueueActions(({ context, enqueue }) => {
      for (const attachment of context.attachments) {
        if (attachment.stored) continue;
        enqueue.stopChild(attachment.id);
        if (attachment.fileId) enqueue({ type: 'releaseFile', params: { fileId: attachment.fileId } } as never);
      }
      if (context.snapshot) enqueue({ type: 'releaseFile', params: { fileId: context.snapshot.fileId } } as never);
      tellEditor(enqueue as never, context.editing?.content ?? EMPTY_CONTENT);
      enqueue.assign({
        content: context.editing?.content ?? EMPTY_CONTENT,
        sent: null,
        currentTime: null,
        attachments: context.editing ? context.editing.attachments.map(storedAttachment) : [],
        snapshot: null,
        problem: null,
        attachmentProblem: null,
        error: null,
        stored: null,
        snapshotUpload: null,
      });
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
    /** Stored, and a snapshot follows (announced with withSnapshot). */
    isStoredAwaitingSnapshot: ({ context }, params: { output: unknown }) =>
      context.snapshot !== null && context.target.kind !== 'edit' && isCommentRecord((params.output as { comment?: unknown } | null)?.comment),
    isEditing: ({ context }) => context.target.kind === 'edit',
    isDraftRestoring: (_, params: { error: unknown }) => refusalOf(params.error).reason === DRAFT_RESTORING_REFUSAL,
    isUploadGranted: (_, params: { output: unknown }) => {
      const output = params.output as { url?: unknown; key?: unknown } | null;
      return typeof output?.url === 'string' && output.url !== '' && typeof output.key === 'string' && output.key !== '';
    },
  },
}).createMachine({
  id: 'commentPosting',
  context: ({ input }) => {
    const editing = input.target.kind === 'edit' ? (input.comment ?? null) : null;
    return {
      composerId: input.composerId,
      target: input.target,
      placement: input.placement,
      editing,
      content: editing?.content ?? EMPTY_CONTENT,
      sent: null,
      currentTime: null,
      attachments: editing ? editing.attachments.map(storedAttachment) : [],
      attachmentSeq: 1,
      snapshot: null,
      problem: null,
      attachmentProblem: null,
      error: null,
      stored: null,
      snapshotUpload: null,
    };
  },
  // The editor's own states (empty, focused, suggestions open, emoji open), for the composer's whole life.
  invoke: { id: 'editor', src: 'editor' },
  on: {
    'posting.placement': { actions: assign({ placement: ({ event }) => event.placement }) },
    'attachment.changed': { actions: 'trackAttachment' },
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
        'file.hashed': { target: 'uploadingSnapshot', actions: assign({ snapshotUpload: ({ event }) => ({ md5: event.md5, url: '', key: '', type: '' }) }) },
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
              versionId: context.stored?.versionId ?? context.placement.versionId,
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
                snapshot: { key: context.snapshotUpload?.key ?? '', width: context.snapshot?.width ?? 0, height: context.snapshot?.height ?? 0, isAnnotation: context.snapshot?.isAnnotation ?? false },
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

/** One comment attachment's upload, spawned by a composer (commentPostingMachine.ts). */
import { assign, enqueueActions, setup, type EventObject } from 'xstate';
import type { CommentAckData, CommentPayload, CommentRecord } from '../../domain/comments.ts';
import { isCommentRecord, type AttachmentReport, type FileTransferEvent } from './commentEvents.ts';
import { refusalOf } from '../content/contentEvents.ts';
import type { UploadFileRef } from '../items/itemEvents.ts';
import { callbackSlot, promiseSlot } from '../slots.ts';
import { hasParent, type PutFileInput } from './commentPostingRules.ts';

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

/**
 * Fixtures for the comments, comment-posting and comment-attachment actors' tests: comments as the protocol
 * carries them (domain/comments.ts), the subject the item view describes, and the actors with fake adapters in a
 * small system (recorders stand in for `toasts` and `item`).
 */
import { createActor, createMachine, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type EventObject, type SimulatedClock } from 'xstate';
import type { CommentRecord } from '../../domain/comments.ts';
import { rawFromPlainText, type RawContent } from '../../domain/richText.ts';
import type { CommentsSubject, ComposerTarget, PostingPlacement } from '../../machines/comments/commentEvents.ts';
import { commentAttachmentMachine, commentPostingMachine, type PutFileInput, type SaveCommentInput } from '../../machines/comments/commentPostingMachine.ts';
import { commentsMachine, type ChangeRequest } from '../../machines/comments/commentsMachine.ts';
import { controlled, recorder } from './contentFixtures.ts';
import { fakeCallback } from './uploadFixtures.ts';

export const ALEX = { key: 'u-alex', userId: 'u-alex', anonymousEmail: null };
export const SAM = { key: 'u-sam', userId: 'u-sam', anonymousEmail: null };
export const MD5_HEX = '0cc175b9c0f1b6a831c399e269772661';

/** A comment of item i1 on version v2 by `by` (Alex unless told otherwise). */
export function comment(id: string, over: Partial<CommentRecord> = {}, by: { userId: string; name: string } = { userId: 'u-alex', name: 'Alex Admin' }): CommentRecord {
  return {
    id,
    itemId: 'i1',
    versionId: 'v2',
    currentVersionId: 'v2',
    archiveVersionId: null,
    body: `Comment ${id}`,
    content: rawFromPlainText(`Comment ${id}`),
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    currentTime: null,
    slideId: 's1',
    replyTo: null,
    isParent: true,
    resolved: false,
    isResolved: false,
    locked: false,
    readBy: [],
    userId: by.userId,
    userEmail: null,
    userKey: by.userId,
    profile: { fullName: by.name, email: `${by.userId}@example.com`, avatar: null },
    attachments: [],
    snapshot: null,
    hash: `h-${id}`,
    ...over,
  };
}

/** A reply to `parentId` by Sam. */
export const reply = (id: string, parentId: string, over: Partial<CommentRecord> = {}) => comment(id, { replyTo: parentId, isParent: false, ...over }, { userId: 'u-sam', name: 'Sam Seat' });

/** The subject the item view describes: item i1 (Storyline), version v2 shown and latest, Alex looking (owner). */
export function subject(over: Partial<CommentsSubject> = {}): CommentsSubject {
  return {
    itemId: 'i1',
    pass: null,
    versionId: 'v2',
    latestVersionId: 'v2',
    family: 'slide',
    slideIds: ['s1', 's2', 's3'],
    viewer: ALEX,
    facts: { isOwner: true, actions: ['viewItem', 'enableComments'], enableComments: true, allowAnonComments: false },
    outOfDate: false,
    ...over,
  };
}

export const placement = (over: Partial<PostingPlacement> = {}): PostingPlacement => ({
  itemId: 'i1',
  pass: null,
  versionId: 'v2',
  family: 'slide',
  slideId: 's1',
  currentTime: null,
  blockedBy: null,
  ...over,
});

export const text = (value: string): RawContent => rawFromPlainText(value);

/** The three actors with fake adapters: promise calls are held for the test, hashing and PUTs are driven by hand. */
export function fakeCommentAdapters() {
  const find = controlled<{ itemId: string; pass: string | null }>();
  const change = controlled<ChangeRequest>();
  const mention = controlled<{ itemId: string; query: string }>();
  const save = controlled<SaveCommentInput>();
  const presign = controlled<{ itemId: string; fileName: string; size: number; md5: string; contentType: string }>();
  const insertAttachment = controlled<{ commentId: string; attachment: { key: string; title: string } }>();
  const snapshotUrl = controlled<{ itemId: string; versionId: string; extension: string; md5: string; size: number }>();
  const hash = fakeCallback<{ fileId: string }>();
  const put = fakeCallback<PutFileInput>();
  const reported: string[] = [];
  const released: string[] = [];
  const reportError = (_: unknown, params: { message: string }) => void reported.push(params.message);
  const attachment = commentAttachmentMachine.provide({
    actors: { hashFile: hash.logic as never, putFile: put.logic as never, presignAttachment: presign.logic as never, insertAttachment: insertAttachment.logic as never },
    actions: { reportError },
  });
  const posting = commentPostingMachine.provide({
    actors: { attachment, saveComment: save.logic as never, hashFile: hash.logic as never, putFile: put.logic as never, requestSnapshotUpload: snapshotUrl.logic as never },
    actions: { reportError, releaseFile: (_, params) => void released.push(params.fileId) },
  });
  const comments = commentsMachine.provide({
    actors: { posting, findComments: find.logic as never, sendChange: change.logic as never, mentionAvailable: mention.logic as never },
    actions: { reportError },
  });
  return { find, change, mention, save, presign, insertAttachment, snapshotUrl, hash, put, reported, released, attachment, posting, comments };
}

export type CommentsActor = ActorRefFrom<typeof commentsMachine>;
export type PostingActor = ActorRefFrom<typeof commentPostingMachine>;

/** A comments machine (provided with its adapters) as the `comments` actor of a system with recorders for `toasts` and `item`. */
export function commentsSystem(comments: AnyActorLogic, options: { clock?: SimulatedClock } = {}) {
  const toasts = recorder();
  const item = recorder();
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
        { id: 'item', systemId: 'item', src: item.logic },
        { id: 'comments', systemId: 'comments', src: comments },
      ],
    }),
    options.clock ? { clock: options.clock } : {},
  ).start();
  return { toasts, item, root, actor: root.system.get('comments') as CommentsActor };
}

/** The comments actor on fake adapters in a system with recorders for `toasts` and `item`. */
export function startComments(options: { clock?: SimulatedClock } = {}) {
  const fakes = fakeCommentAdapters();
  const { toasts, item, root, actor } = commentsSystem(fakes.comments, options);
  const composer = (target: ComposerTarget = { kind: 'new' }) => {
    const id = target.kind === 'new' ? 'composer-new' : target.kind === 'reply' ? `composer-reply-${target.parentId}` : `composer-edit-${target.commentId}`;
    return actor.getSnapshot().children[id] as PostingActor | undefined;
  };
  return { ...fakes, toasts, item, root, actor, composer };
}

/**
 * One composer under a parent that records what it is told (posting.stored, posting.refused, posting.finished,
 * comments.removeAttachment), with a `toasts` recorder.
 */
export function startComposer(input: { target?: ComposerTarget; placement?: PostingPlacement; comment?: CommentRecord | null } = {}, options: { clock?: SimulatedClock } = {}) {
  const fakes = fakeCommentAdapters();
  const toasts = recorder();
  const told: EventObject[] = [];
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'toasts', systemId: 'toasts', src: toasts.logic },
        {
          id: 'composer',
          src: fakes.posting,
          input: { composerId: 'composer-test', target: input.target ?? { kind: 'new' }, placement: input.placement ?? placement(), comment: input.comment ?? null },
        },
      ],
      on: { '*': { actions: ({ event }) => void told.push(event) } },
    }),
    options.clock ? { clock: options.clock } : {},
  ).start();
  const actor = (root.getSnapshot().children as Record<string, AnyActorRef>).composer as PostingActor;
  const attachmentActor = (id: string) => actor.getSnapshot().children[id] as ActorRefFrom<typeof commentAttachmentMachine> | undefined;
  return { ...fakes, toasts, told, root, actor, attachmentActor };
}

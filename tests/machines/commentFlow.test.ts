/**
 * The comments actor and its composers against the real reference service (tests/support/testServer.ts): the real
 * comment client over real socket.io connections, pushes from the real /item/<id> namespace; only what needs a
 * browser is replaced (the MD5 worker by node:crypto, the XMLHttpRequest PUT by fetch). A comment with an attachment
 * is posted, another user's reply arrives live and is marked read, the thread is resolved, mentions are looked up,
 * and a comment on an older version is refused with the draft restored and the item flagged out of date.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { createCommentClient } from '../../adapters/comments.ts';
import { contentDisposition, contentMd5 } from '../../adapters/uploads.ts';
import { COMMENT_PUSH_NAMES, type CommentRecord } from '../../domain/comments.ts';
import type { ItemRecord } from '../../domain/content.ts';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import { rawFromPlainText } from '../../domain/richText.ts';
import { commentsSubjectOf } from '../../machines/comments/commentEvents.ts';
import { commentAttachmentMachine, commentPostingMachine, type PutFileInput, type SaveCommentInput } from '../../machines/comments/commentPostingMachine.ts';
import { commentsMachine, isOutOfDateOf, unreadCountOf } from '../../machines/comments/commentsMachine.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, connectOutcome, connectSocket, connectUser, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { commentsSystem, type PostingActor } from './commentFixtures.ts';

let server: TestServer;
let alex: UserClient;
let sam: UserClient;
let itemSocket: Socket;
const sockets: Socket[] = [];
let styleGuide: ItemDetail;

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, sam] = (await Promise.all(['alex.admin', 'sam.staff'].map((name) => connectUser(server.url, `${name}@example.com`, sockets)))) as [UserClient, UserClient];
  const listed = (await alex.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: SEEDED_ITEMS.threeVersions, product: 'all' })) as { data: { items: ItemRecord[] } };
  const id = listed.data.items.find((i) => i.title === SEEDED_ITEMS.threeVersions)!.id;
  styleGuide = ackData((await alex.socket.timeout(5000).emitWithAck('item.get', { id, pass: null, protectedLinksFlagEnabled: true })) as ItemAck<ItemAckData<'item.get'>>).item;
  itemSocket = connectSocket(server.url, `/item/${id}`, { token: alex.token });
  sockets.push(itemSocket);
  expect(await connectOutcome(itemSocket)).toBe('connected');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

/** Alex's comments actor over the real client; the item namespace's pushes are forwarded as the app does. */
function system(files: Map<string, File>) {
  const client = createCommentClient({ socket: () => alex.socket });
  const reported: string[] = [];
  const reportError = (_: unknown, params: { message: string }) => void reported.push(params.message);
  const hashFile = fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
    void files
      .get(input.fileId)!
      .arrayBuffer()
      .then((bytes) => sendBack({ type: 'file.hashed', md5: createHash('md5').update(new Uint8Array(bytes)).digest('hex') }));
  });
  const putFile = fromCallback<EventObject, PutFileInput>(({ input, sendBack }) => {
    const file = files.get(input.fileId)!;
    const headers = { 'content-type': input.contentType, 'content-disposition': contentDisposition(input.fileName), 'content-md5': contentMd5(input.md5) };
    void fetch(input.url, { method: 'PUT', body: file, headers }).then(async (response) => {
      if (!response.ok) return sendBack({ type: 'file.putFailed', status: response.status, message: await response.text() });
      sendBack({ type: 'file.progress', loaded: file.size, total: file.size });
      sendBack({ type: 'file.putDone' });
    });
  });
  const save = (input: SaveCommentInput) =>
    input.name === 'comment.insert' ? client.request('comment.insert', input.payload) : input.name === 'comment.reply' ? client.request('comment.reply', input.payload) : client.request('comment.update', input.payload);
  const attachment = commentAttachmentMachine.provide({
    actors: {
      hashFile,
      putFile,
      presignAttachment: fromPromise(({ input }) => client.request('comment.attachmentPresign', input)),
      insertAttachment: fromPromise(({ input }) => client.request('comment.attachmentInsert', input)),
    },
    actions: { reportError },
  });
  const posting = commentPostingMachine.provide({
    actors: { attachment, saveComment: fromPromise(({ input }) => save(input)), hashFile, putFile, requestSnapshotUpload: fromPromise(({ input }) => client.request('comment.snapshotUploadRequest', input)) },
    actions: { reportError, releaseFile: () => {} },
  });
  const comments = commentsMachine.provide({
    actors: {
      posting,
      findComments: fromPromise(({ input }) => client.request('comment.find', input)),
      sendChange: fromPromise(({ input }) => client.request(input.name, input.payload as never)),
      mentionAvailable: fromPromise(({ input }) => client.request('comment.mentionAvailable', input)),
    },
    actions: { reportError },
  });
  const { toasts, item, root, actor } = commentsSystem(comments);
  const forwards = COMMENT_PUSH_NAMES.map((event) => {
    const forward = (data: Record<string, unknown>) => actor.send({ type: 'realtime.message', namespace: `/item/${styleGuide.id}`, event, data });
    itemSocket.on(event, forward);
    return () => itemSocket.off(event, forward);
  });
  return {
    actor,
    item,
    toasts,
    reported,
    composer: (id = 'composer-new') => actor.getSnapshot().children[id] as PostingActor,
    stop: () => {
      for (const off of forwards) off();
      root.stop();
    },
  };
}

const subjectFor = (shownVersionId: string) =>
  commentsSubjectOf({ item: styleGuide, shownVersionId, password: null, userId: alex.aid, anonymousEmail: null, outOfDate: false }, true)!;

describe('comments against the reference service', () => {
  it('posts with an attachment, sees a reply live, marks it read, resolves, looks up mentions; an old version is refused', async () => {
    const files = new Map([['f1', new File(['Quarterly notes'], 'notes.txt', { type: 'text/plain' })]]);
    const { actor, item, composer, reported, stop } = system(files);
    try {
      const latest = styleGuide.versions.at(-1)!;
      actor.send({ type: 'comments.open', ...subjectFor(latest.id) });
      await waitFor(actor, (s) => s.matches('ready'), { timeout: 5000 });
      const seeded = actor.getSnapshot().context.comments.length;
      expect(seeded).toBeGreaterThan(0);
      const slideId = subjectFor(latest.id).slideIds[0] ?? null;
      actor.send({ type: 'comments.slideChanged', slideId });

      // A comment with an attachment from the new-comment box.
      const box = composer();
      box.send({ type: 'posting.change', content: rawFromPlainText('Flow test: the notes are attached') });
      box.send({ type: 'posting.addAttachments', files: [{ fileId: 'f1', name: 'notes.txt', size: files.get('f1')!.size, type: 'text/plain' }] });
      box.send({ type: 'posting.submit' });
      await waitFor(box, (s) => s.matches('done') || s.matches('idle'), { timeout: 5000 });
      expect(box.getSnapshot().context.error).toBeNull();
      const mine = actor.getSnapshot().context.comments.find((c) => c.body === 'Flow test: the notes are attached') as CommentRecord;
      expect(mine).toMatchObject({ versionId: latest.id, slideId, userId: alex.aid });
      expect(mine.attachments.map((a) => a.title)).toEqual(['notes.txt']);

      // Sam replies from his own connection: the push reaches Alex's list and counts as unread.
      const unreadBefore = unreadCountOf(actor.getSnapshot().context);
      const replied = ackData(
        (await sam.socket.timeout(5000).emitWithAck('comment.reply', {
          itemId: styleGuide.id,
          pass: null,
          versionId: latest.id,
          content: rawFromPlainText('Thanks, looking now'),
          currentTime: null,
          slideId,
          attachments: [],
          withSnapshot: false,
          replyTo: mine.id,
        })) as { success: true; data: { comment: CommentRecord } },
      ).comment;
      await waitFor(actor, (s) => s.context.comments.some((c) => c.id === replied.id), { timeout: 5000 });
      expect(unreadCountOf(actor.getSnapshot().context)).toBe(unreadBefore + 1);
      actor.send({ type: 'comments.threadClicked', id: mine.id });
      expect(unreadCountOf(actor.getSnapshot().context)).toBe(unreadBefore);
      await waitFor(actor, (s) => s.context.server.pending.length === 0, { timeout: 5000 });
      expect(actor.getSnapshot().context.comments.find((c) => c.id === replied.id)?.readBy).toContain(alex.aid);

      // Resolve the thread: the reply follows.
      actor.send({ type: 'comments.resolve', id: mine.id, resolved: true });
      await waitFor(actor, (s) => s.context.server.pending.length === 0, { timeout: 5000 });
      expect(actor.getSnapshot().context.comments.filter((c) => c.id === mine.id || c.id === replied.id).map((c) => c.isResolved)).toEqual([true, true]);

      // Mentions: people who can see the item.
      actor.send({ type: 'comments.mentionQuery', query: 'sam' });
      await waitFor(actor, (s) => s.matches({ ready: { mention: 'idle' } }), { timeout: 5000 });
      expect(actor.getSnapshot().context.mention.suggestions.map((s) => s.email)).toContain('sam.staff@example.com');

      // A comment written while an older version is shown: refused, draft restored, out of date.
      actor.send({ type: 'comments.itemChanged', ...subjectFor(styleGuide.versions[0]!.id), latestVersionId: styleGuide.versions[0]!.id });
      expect(isOutOfDateOf(actor.getSnapshot().context)).toBe(false);
      box.send({ type: 'posting.change', content: rawFromPlainText('On the first version') });
      box.send({ type: 'posting.submit' });
      await waitFor(box, (s) => s.context.error !== null, { timeout: 5000 });
      expect(box.getSnapshot().context.error).toMatch(/^While adding comment: /);
      expect(box.getSnapshot().context.content).toEqual(rawFromPlainText('On the first version'));
      expect(isOutOfDateOf(actor.getSnapshot().context)).toBe(true);
      expect(item.events).toEqual([{ type: 'item.markOutOfDate' }]);
      expect(reported.filter((m) => !m.startsWith('While adding comment:'))).toEqual([]);
    } finally {
      stop();
    }
  });
});

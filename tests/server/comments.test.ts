/**
 * Comments over the real service (issue 6 "Reference service", "Bad input"; domain/comments.ts): the seeded
 * threads, insert / reply / update / destroy / setResolved / markRead round trips with the push seen on another
 * user's /item/<id> socket, the rules applied again by the server (old version, resolved and locked threads,
 * who may edit and delete, anonymous reviewers, passwords, comments turned off) and every refused request
 * storing nothing. Attachments, snapshots, mentions and notifications: commentFilesAndNotifications.test.ts.
 * One server for the file; tests post their own comments, the seeded ones are only read.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPayload, CommentPushes, CommentRecord } from '../../domain/comments.ts';
import { COMMENTS_READ_CALL } from '../../domain/items.ts';
import { COMMENT_MAX_CHARS } from '../../domain/constants.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { rawFromPlainText, type RawContent } from '../../domain/richText.ts';
import { SEEDED_COMMENTS, SEEDED_ITEM_PASSWORD, SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, callApi, callJson, collect, connectOutcome, connectUsers, openSocket, refusalReason, itemViewOf, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { commentCall, commentDraft, latestVersionId, type Who } from '../support/comments.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let sam: UserClient;
let nick: UserClient;
let ian: UserClient;
let guest: Socket;
let otherGuest: Socket;
const sockets: Socket[] = [];

/** Style guide (owner sam, Team Library: alex owner, sam manager, tara editor, nick viewer), 3 ready versions. */
let styleGuide: ItemDetail;

const open = (namespace: string, auth: Record<string, string>): Socket => openSocket(server.url, namespace, auth, sockets);

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, sam, nick, ian] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'sam.staff', 'nick.nonadmin', 'ian.individual'], sockets);
  guest = open('/anon', { email: 'guest.reviewer@example.org' });
  otherGuest = open('/anon', { email: 'other.reviewer@example.org' });
  expect(await connectOutcome(guest)).toBe('connected');
  expect(await connectOutcome(otherGuest)).toBe('connected');
  styleGuide = await detail(SEEDED_ITEMS.threeVersions);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const call = commentCall;

/** The item as Alex's grid finds it, then as its detail. */
const detail = (title: string, who: UserClient = alex): Promise<ItemDetail> => itemViewOf(alex, title, who);

const draft = commentDraft;

async function insert(who: Who, item: ItemDetail, text: string, extra: Partial<CommentPayload<'comment.insert'>> = {}): Promise<CommentRecord> {
  return ackData(await call(who, 'comment.insert', draft(item, text, extra))).comment;
}

async function reply(who: Who, item: ItemDetail, parent: CommentRecord, text: string, extra: Partial<CommentPayload<'comment.insert'>> = {}): Promise<CommentRecord> {
  return ackData(await call(who, 'comment.reply', { ...draft(item, text, extra), replyTo: parent.id })).comment;
}

async function find(who: Who, item: ItemDetail, pass: string | null = null): Promise<CommentRecord[]> {
  return ackData(await call(who, 'comment.find', { itemId: item.id, pass })).comments;
}

/** Watches an item's namespace as `who`. */
async function watch(who: UserClient, itemId: string): Promise<Socket> {
  const socket = open(`/item/${itemId}`, { token: who.token });
  expect(await connectOutcome(socket)).toBe('connected');
  return socket;
}


/** The comments of an item as a comparable snapshot (what a refused request must leave unchanged). */
async function state(item: ItemDetail): Promise<string> {
  const comments = await find(alex, item);
  return JSON.stringify(comments.map((c) => [c.id, c.hash]));
}

const publicShare = (who: UserClient, itemId: string, allowAnonComments: boolean) =>
  callJson(server.url, `/api/items/${encodeURIComponent(itemId)}/share-settings/public`, { token: who.token, method: 'PUT', body: { allowAnonComments } });

describe('comment.find', () => {
  it('lists the seeded threads oldest first with their derived fields', async () => {
    const comments = await find(nick, styleGuide);
    expect(comments).toHaveLength(9);
    const byBody = (start: string) => comments.find((c) => c.body.startsWith(start))!;
    const thread = byBody('The tone section');
    const replies = comments.filter((c) => c.replyTo === thread.id);
    expect(replies.map((r) => r.profile.fullName)).toEqual(['Sam Staff', 'Alex Admin', 'Nick Nonadmin']);
    expect(thread).toMatchObject({ isParent: true, isResolved: false, locked: false, userId: tara.aid, userKey: tara.aid, slideId: 'slide-2', archiveVersionId: null });
    expect(thread.profile).toMatchObject({ fullName: 'Tara Team', email: 'tara.team@example.com' });
    // The author counts as having read it.
    expect(thread.readBy).toEqual([tara.aid, sam.aid, alex.aid]);
    const mention = replies[1]!;
    expect(Object.values(mention.content.entityMap)[0]?.data).toMatchObject({ userId: tara.aid, email: 'tara.team@example.com', name: 'Tara Team' });
    const resolved = byBody('The logo');
    expect(resolved).toMatchObject({ resolved: true, isResolved: true });
    expect(comments.find((c) => c.replyTo === resolved.id)).toMatchObject({ isParent: false, resolved: true, isResolved: true });
    expect(byBody('The accent swatch').locked).toBe(true);
    const withFile = byBody('Typography');
    expect(withFile.attachments).toEqual([expect.objectContaining({ title: SEEDED_COMMENTS.attachmentTitle, state: 'uploaded', delaySave: true })]);
    const older = byBody('The colours slide');
    expect(older.versionId).toBe(styleGuide.versions[1]!.id);
    expect(older.archiveVersionId).toBe(styleGuide.versions[1]!.id);
    expect(comments.map((c) => c.createdAt)).toEqual([...comments.map((c) => c.createdAt)].sort());
  });

  it('answers whoever may open the item: the public link, an anonymous reviewer, and with the password only when one is set', async () => {
    expect(await find(ian, styleGuide)).toHaveLength(9);
    const anonymous = ackData(await call(guest, 'comment.find', { itemId: styleGuide.id, pass: null }));
    expect(anonymous).toMatchObject({ enableComments: true, allowAnonComments: false });
    const guarded = await detail(SEEDED_ITEMS.password);
    expect(refusalReason(await call(ian, 'comment.find', { itemId: guarded.id, pass: null }))).toBe('passwordFailed');
    expect(refusalReason(await call(guest, 'comment.find', { itemId: guarded.id, pass: 'wrong' }))).toBe('passwordFailed');
    expect(await find(ian, guarded, SEEDED_ITEM_PASSWORD)).toEqual([]);
    const privateItem = await detail(SEEDED_ITEMS.private);
    expect(refusalReason(await call(ian, 'comment.find', { itemId: privateItem.id, pass: null }))).toBe('accessDenied');
    expect(refusalReason(await call(ian, 'comment.find', { itemId: 'no-such-item', pass: null }))).toBe('notFound');
    expect(refusalReason(await call(ian, 'comment.find', { itemId: styleGuide.id } as never))).toBe('invalidRequest');
  });

  it('answers the same over HTTP for an account, the password in the body, with the same refusals', async () => {
    const read = (who: UserClient | null, itemId: string, body: unknown = { pass: null }) =>
      callApi<{ comments?: CommentRecord[]; enableComments?: boolean; reason?: string }>(server.url, { method: COMMENTS_READ_CALL.method, path: `${COMMENTS_READ_CALL.path}${encodeURIComponent(itemId)}` }, who, body);
    const overHttp = await read(nick, styleGuide.id);
    expect(overHttp.status).toBe(200);
    // The same answer, signed file addresses aside (each answer signs its own).
    const unsigned = (answer: unknown) => JSON.parse(JSON.stringify(answer).replace(/"(url|backgroundUrl)":"[^"]*"/g, '"$1":"signed"')) as unknown;
    expect(unsigned(overHttp.body)).toEqual(unsigned(ackData(await call(nick, 'comment.find', { itemId: styleGuide.id, pass: null }))));
    const guarded = await detail(SEEDED_ITEMS.password);
    expect(await read(ian, guarded.id)).toMatchObject({ status: 403, body: { reason: 'passwordFailed' } });
    expect(await read(ian, guarded.id, { pass: SEEDED_ITEM_PASSWORD })).toMatchObject({ status: 200, body: { comments: [] } });
    const privateItem = await detail(SEEDED_ITEMS.private);
    expect(await read(ian, privateItem.id)).toMatchObject({ status: 403, body: { reason: 'accessDenied' } });
    expect(await read(ian, 'no-such-item')).toMatchObject({ status: 404, body: { reason: 'notFound' } });
    expect((await read(ian, styleGuide.id, { pass: null, extra: true })).status).toBe(400);
    expect((await read(null, styleGuide.id)).status).toBe(401);
  });
});

describe('round trips with pushes', () => {
  it('insert, reply, update, markRead, setResolved and destroy each reach another user watching the item', async () => {
    const watcher = await watch(nick, styleGuide.id);

    const inserted = waitFor<CommentPushes['comment.insert']>(watcher, 'comment.insert', (d) => d.comment.body === 'Round trip parent');
    const parent = await insert(tara, styleGuide, 'Round trip parent', { slideId: 'slide-3' });
    expect(parent).toMatchObject({ userId: tara.aid, isParent: true, slideId: 'slide-3', versionId: latestVersionId(styleGuide), currentVersionId: latestVersionId(styleGuide), archiveVersionId: null, readBy: [tara.aid] });
    expect((await inserted).comment).toMatchObject({ id: parent.id, hash: parent.hash, itemId: styleGuide.id });

    const replied = waitFor<CommentPushes['comment.reply']>(watcher, 'comment.reply', (d) => d.comment.replyTo === parent.id);
    const child = await reply(alex, styleGuide, parent, 'Round trip reply');
    expect((await replied).comment).toMatchObject({ id: child.id, isParent: false, replyTo: parent.id, userId: alex.aid });

    const updated = waitFor<CommentPushes['comment.update']>(watcher, 'comment.update', (d) => d.comment.id === parent.id);
    const edited = ackData(await call(tara, 'comment.update', { itemId: styleGuide.id, pass: null, id: parent.id, content: rawFromPlainText('Round trip parent, edited') })).comment;
    expect(edited.body).toBe('Round trip parent, edited');
    expect(edited.hash).not.toBe(parent.hash);
    expect((await updated).comment.body).toBe('Round trip parent, edited');

    const taraWatcher = await watch(tara, styleGuide.id);
    const read = waitFor<CommentPushes['comment.markRead']>(taraWatcher, 'comment.markRead', (d) => d.readerId === nick.aid);
    expect(ackData(await call(nick, 'comment.markRead', { itemId: styleGuide.id, pass: null, ids: [parent.id, child.id, 'gone-meanwhile'] }))).toEqual({ ids: [parent.id, child.id], readerId: nick.aid });
    expect(await read).toMatchObject({ itemId: styleGuide.id, ids: [parent.id, child.id] });
    expect((await find(tara, styleGuide)).find((c) => c.id === child.id)!.readBy).toEqual([alex.aid, nick.aid]);

    const resolvedPush = waitFor<CommentPushes['comment.setResolved']>(watcher, 'comment.setResolved', (d) => d.comments.some((c) => c.id === parent.id));
    const thread = ackData(await call(tara, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: parent.id, resolved: true })).comments;
    expect(thread.map((c) => [c.id, c.isResolved])).toEqual([
      [parent.id, true],
      [child.id, true],
    ]);
    expect((await resolvedPush).comments.map((c) => c.resolved)).toEqual([true, true]);
    const reopened = ackData(await call(sam, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: parent.id, resolved: false })).comments;
    expect(reopened.every((c) => !c.isResolved)).toBe(true);

    const destroyed = waitFor<CommentPushes['comment.destroy']>(watcher, 'comment.destroy', (d) => d.ids.includes(parent.id));
    // A parent takes its replies.
    expect(ackData(await call(tara, 'comment.destroy', { itemId: styleGuide.id, pass: null, id: parent.id })).ids).toEqual([parent.id, child.id]);
    expect((await destroyed).ids).toEqual([parent.id, child.id]);
    expect((await find(alex, styleGuide)).some((c) => c.id === parent.id || c.id === child.id)).toBe(false);
  });

  it('keeps a video comment’s time and a slide comment’s slide, and refuses a slide the version does not have', async () => {
    const video = await detail(SEEDED_COMMENTS.video);
    const timed = await insert(tara, video, 'Look at this moment', { currentTime: 0.5 });
    expect(timed).toMatchObject({ currentTime: 0.5, slideId: null });
    const handbook = await detail(SEEDED_COMMENTS.lessons);
    expect((await insert(tara, handbook, 'On the tools lesson', { slideId: 'lesson-3' })).slideId).toBe('lesson-3');
    const before = await state(styleGuide);
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Where?', { slideId: 'slide-99' })))).toBe('invalidRequest');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'When?', { currentTime: -1 })))).toBe('invalidRequest');
    expect(await state(styleGuide)).toBe(before);
  });

  it('marks every comment read for a signed-in viewer, not for an anonymous one', async () => {
    const all = ackData(await call(ian, 'comment.markRead', { itemId: styleGuide.id, pass: null, ids: 'all' }));
    const comments = await find(alex, styleGuide);
    expect(all).toEqual({ ids: comments.map((c) => c.id), readerId: ian.aid });
    expect(comments.every((c) => c.readBy.includes(ian.aid))).toBe(true);
    expect(refusalReason(await call(guest, 'comment.markRead', { itemId: styleGuide.id, pass: null, ids: 'all' }))).toBe('forbidden');
    const one = comments[0]!;
    expect(ackData(await call(guest, 'comment.markRead', { itemId: styleGuide.id, pass: null, ids: [one.id] }))).toEqual({ ids: [one.id], readerId: 'anon|guest.reviewer@example.org' });
  });
});

describe('bad input', () => {
  it('refuses too long, empty, unsafe and malformed content, storing nothing', async () => {
    const before = await state(styleGuide);
    const parent = (await find(alex, styleGuide)).find((c) => c.body.startsWith('The tone section'))!;
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'x'.repeat(COMMENT_MAX_CHARS + 1))))).toBe('tooLong');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, '   \n  ')))).toBe('empty');
    const script = await call(tara, 'comment.insert', draft(styleGuide, 'Nice <script>alert(1)</script>'));
    expect(refusalReason(script)).toBe('unsafeContent');
    expect(script.success ? '' : script.message).toContain('script tag');
    expect(refusalReason(await call(tara, 'comment.reply', { ...draft(styleGuide, '<img src=x onerror=alert(1)>'), replyTo: parent.id }))).toBe('unsafeContent');
    const badMention: RawContent = {
      blocks: [{ key: 'a', text: 'Hi @Nick', type: 'unstyled', entityRanges: [{ offset: 3, length: 5, key: 0 }] }],
      entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: nick.aid, email: 'nick.nonadmin@example.com', name: '<svg onload=alert(1)>' } } },
    };
    const mention = await call(tara, 'comment.insert', draft(styleGuide, badMention));
    expect(refusalReason(mention)).toBe('unsafeContent');
    expect(mention.success ? '' : mention.message).toContain('Mention names');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, { blocks: [], entityMap: {} })))).toBe('invalidRequest');
    const outOfRange = { blocks: [{ key: 'a', text: 'Hi', type: 'unstyled', entityRanges: [{ offset: 1, length: 5, key: 0 }] }], entityMap: {} } as unknown as RawContent;
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, outOfRange)))).toBe('invalidRequest');
    expect(refusalReason(await call(tara, 'comment.insert', { ...draft(styleGuide, 'Extra'), extra: true } as never))).toBe('invalidRequest');
    expect(refusalReason(await call(tara, 'comment.update', { itemId: styleGuide.id, pass: null, id: parent.id, content: rawFromPlainText('<script>x</script>') }))).toBe('unsafeContent');
    expect(await state(styleGuide)).toBe(before);
    // 1,500 characters exactly are fine.
    expect((await insert(tara, styleGuide, 'y'.repeat(COMMENT_MAX_CHARS))).body).toHaveLength(COMMENT_MAX_CHARS);
  });

  it('refuses a comment on an older version (oldItemVersion) and replies to resolved, locked threads or to replies', async () => {
    const before = await state(styleGuide);
    const old = await call(tara, 'comment.insert', draft(styleGuide, 'On version 2', { versionId: styleGuide.versions[1]!.id }));
    expect(refusalReason(old)).toBe('oldItemVersion');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Nowhere', { versionId: 'no-such-version' })))).toBe('invalidRequest');
    const comments = await find(alex, styleGuide);
    const resolved = comments.find((c) => c.body.startsWith('The logo'))!;
    const locked = comments.find((c) => c.body.startsWith('The accent swatch'))!;
    const aReply = comments.find((c) => c.replyTo !== null && !c.isResolved)!;
    expect(refusalReason(await call(tara, 'comment.reply', { ...draft(styleGuide, 'Me too'), replyTo: resolved.id }))).toBe('resolved');
    expect(refusalReason(await call(tara, 'comment.reply', { ...draft(styleGuide, 'Me too'), replyTo: locked.id }))).toBe('locked');
    expect(refusalReason(await call(tara, 'comment.reply', { ...draft(styleGuide, 'Me too'), replyTo: aReply.id }))).toBe('invalidRequest');
    expect(refusalReason(await call(tara, 'comment.reply', { ...draft(styleGuide, 'Me too', { versionId: styleGuide.versions[0]!.id }), replyTo: comments[1]!.id }))).toBe('oldItemVersion');
    expect(await state(styleGuide)).toBe(before);
  });
});

describe('permissions', () => {
  it('lets the author edit; the author, the owner and deleteComment delete; nobody changes resolved or locked comments', async () => {
    const byTara = await insert(tara, styleGuide, 'Edit me if you can');
    const edit = (who: Who, id: string) => call(who, 'comment.update', { itemId: styleGuide.id, pass: null, id, content: rawFromPlainText('Edited') });
    const destroy = (who: Who, id: string) => call(who, 'comment.destroy', { itemId: styleGuide.id, pass: null, id });
    expect(refusalReason(await edit(sam, byTara.id))).toBe('forbidden');
    expect(refusalReason(await edit(alex, byTara.id))).toBe('forbidden');
    // Nick is a folder viewer (no deleteComment), Tara an editor; Ian comes through the public link.
    expect(refusalReason(await destroy(nick, byTara.id))).toBe('forbidden');
    expect(refusalReason(await destroy(ian, byTara.id))).toBe('forbidden');
    const byNick = await insert(nick, styleGuide, 'Nick was here');
    expect(refusalReason(await destroy(tara, byNick.id))).toBe('forbidden');
    // The item's owner (Sam) and the folder's owner role (Alex, deleteComment) delete others' comments.
    expect(ackData(await destroy(sam, byNick.id)).ids).toEqual([byNick.id]);
    const second = await insert(nick, styleGuide, 'Nick again');
    expect(ackData(await destroy(alex, second.id)).ids).toEqual([second.id]);
    expect(ackData(await edit(tara, byTara.id)).comment.body).toBe('Edited');

    ackData(await call(tara, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: byTara.id, resolved: true }));
    const resolvedState = await state(styleGuide);
    expect(refusalReason(await edit(tara, byTara.id))).toBe('resolved');
    expect(refusalReason(await destroy(tara, byTara.id))).toBe('resolved');
    expect(refusalReason(await destroy(sam, byTara.id))).toBe('resolved');
    const locked = (await find(alex, styleGuide)).find((c) => c.locked)!;
    expect(refusalReason(await call(nick, 'comment.update', { itemId: styleGuide.id, pass: null, id: locked.id, content: rawFromPlainText('Unlock') }))).toBe('locked');
    expect(refusalReason(await destroy(sam, locked.id))).toBe('locked');
    expect(refusalReason(await call(sam, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: locked.id, resolved: true }))).toBe('locked');
    const aReply = (await find(alex, styleGuide)).find((c) => c.replyTo !== null)!;
    expect(refusalReason(await call(sam, 'comment.setResolved', { itemId: styleGuide.id, pass: null, id: aReply.id, resolved: true }))).toBe('invalidRequest');
    expect(await state(styleGuide)).toBe(resolvedState);
  });

  it('lets anonymous reviewers comment only where anonymous comments are allowed, and change only their own comments', async () => {
    const tools = await detail('Tools overview');
    const before = await state(tools);
    expect(refusalReason(await call(guest, 'comment.insert', draft(tools, 'Hello from outside')))).toBe('anonymousNotAllowed');
    expect(refusalReason(await call(guest, 'comment.attachmentPresign', { itemId: tools.id, pass: null, fileName: 'notes.txt', size: 10, md5: '0'.repeat(32), contentType: 'text/plain' }))).toBe(
      'anonymousNotAllowed',
    );
    expect(await state(tools)).toBe(before);

    expect((await publicShare(alex, tools.id, true)).status).toBe(200);
    const mine = await insert(guest, tools, 'Hello from outside');
    expect(mine).toMatchObject({ userId: null, userEmail: 'guest.reviewer@example.org', userKey: 'anon|guest.reviewer@example.org', profile: { fullName: 'guest.reviewer@example.org', avatar: null } });
    expect(refusalReason(await call(otherGuest, 'comment.update', { itemId: tools.id, pass: null, id: mine.id, content: rawFromPlainText('Not yours') }))).toBe('forbidden');
    expect(refusalReason(await call(otherGuest, 'comment.destroy', { itemId: tools.id, pass: null, id: mine.id }))).toBe('forbidden');
    expect(ackData(await call(guest, 'comment.update', { itemId: tools.id, pass: null, id: mine.id, content: rawFromPlainText('Hello again') })).comment.body).toBe('Hello again');
    const answer = await reply(otherGuest, tools, mine, 'A second reviewer');
    expect(ackData(await call(guest, 'comment.setResolved', { itemId: tools.id, pass: null, id: mine.id, resolved: true })).comments).toHaveLength(2);
    ackData(await call(guest, 'comment.setResolved', { itemId: tools.id, pass: null, id: mine.id, resolved: false }));
    // The author by e-mail deletes the thread, the other reviewer's reply with it.
    expect(ackData(await call(guest, 'comment.destroy', { itemId: tools.id, pass: null, id: mine.id })).ids).toEqual([mine.id, answer.id]);

    expect((await publicShare(alex, tools.id, false)).status).toBe(200);
    expect(refusalReason(await call(guest, 'comment.insert', draft(tools, 'Again')))).toBe('anonymousNotAllowed');
  });

  it('asks for the password on every request through the public link', async () => {
    const guarded = await detail(SEEDED_ITEMS.password);
    const asIan = (pass: string | null) => call(ian, 'comment.insert', { ...draft(guarded, 'Behind the password'), pass });
    expect(refusalReason(await asIan(null))).toBe('passwordFailed');
    expect(refusalReason(await asIan('let me in'))).toBe('passwordFailed');
    expect(await find(alex, guarded)).toEqual([]);
    const posted = ackData(await asIan(SEEDED_ITEM_PASSWORD)).comment;
    // People of the folder need none.
    expect(ackData(await call(nick, 'comment.reply', { ...draft(guarded, 'Seen it'), replyTo: posted.id })).comment.replyTo).toBe(posted.id);
    expect(refusalReason(await call(ian, 'comment.destroy', { itemId: guarded.id, pass: 'wrong', id: posted.id }))).toBe('passwordFailed');
    expect(refusalReason(await call(guest, 'comment.insert', { ...draft(guarded, 'Anonymous'), pass: SEEDED_ITEM_PASSWORD }))).toBe('anonymousNotAllowed');
    const privateItem = await detail(SEEDED_ITEMS.private);
    expect(refusalReason(await call(ian, 'comment.insert', draft(privateItem, 'Let me in')))).toBe('accessDenied');
  });

  it('turns comments off and on for those with the action, refusing posts while off', async () => {
    const handbook = await detail(SEEDED_COMMENTS.lessons);
    const watcher = await watch(tara, handbook.id);
    expect(refusalReason(await call(nick, 'comment.setEnabled', { itemId: handbook.id, pass: null, enabled: false }))).toBe('forbidden');
    expect(refusalReason(await call(ian, 'comment.setEnabled', { itemId: handbook.id, pass: null, enabled: false }))).toBe('forbidden');
    const refresh = waitFor<CommentPushes['comment.refresh']>(watcher, 'comment.refresh', (d) => d.itemId === handbook.id);
    expect(ackData(await call(tara, 'comment.setEnabled', { itemId: handbook.id, pass: null, enabled: false }))).toEqual({ enableComments: false });
    expect(await refresh).toMatchObject({ enableComments: false, allowAnonComments: false });
    expect(ackData(await call(nick, 'comment.find', { itemId: handbook.id, pass: null })).enableComments).toBe(false);
    const before = await state(handbook);
    expect(refusalReason(await call(sam, 'comment.insert', draft(handbook, 'Off?')))).toBe('commentsDisabled');
    expect(refusalReason(await call(sam, 'comment.markRead', { itemId: handbook.id, pass: null, ids: 'all' }))).toBe('commentsDisabled');
    expect(await state(handbook)).toBe(before);
    ackData(await call(alex, 'comment.setEnabled', { itemId: handbook.id, pass: null, enabled: true }));
    expect((await insert(sam, handbook, 'On again')).body).toBe('On again');
  });

  it('sends nothing to sockets of an item nobody changed', async () => {
    const quiet = await detail(SEEDED_ITEMS.processing);
    const watcher = await watch(alex, quiet.id);
    const seen = collect(watcher, 'comment.insert');
    await insert(tara, styleGuide, 'Elsewhere');
    // A push of the watched item itself, sent after (its comments turned on again, as they are): one socket keeps the
    // server's order, so a push of the other item's comment would have come before it. No fixed wait.
    const barrier = waitFor<CommentPushes['comment.refresh']>(watcher, 'comment.refresh', (d) => d.itemId === quiet.id);
    ackData(await call(alex, 'comment.setEnabled', { itemId: quiet.id, pass: null, enabled: true }));
    await barrier;
    expect(seen).toEqual([]);
  });
});

/**
 * Comment files, mentions and notifications over the real service (issue 6 "Reference service", "Bad input";
 * domain/comments.ts, domain/notifications.ts): attachments through the signed upload PUT (presign → PUT →
 * insert → a working download link), their limits and refusals, snapshots, mention suggestions limited to
 * people with access, and the notification outbox per level and frequency with its staff-only route.
 * One server for the file; tests post their own comments.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachmentRef, CommentPayload, CommentPushes, CommentRecord, MentionSuggestion } from '../../domain/comments.ts';
import { COMMENT_MAX_ATTACHMENTS, MENTION_SUGGESTION_LIMIT } from '../../domain/constants.ts';
import type { ItemDetail } from '../../domain/items.ts';
import { deliveryTime, type OutboxEntry } from '../../domain/notifications.ts';
import type { RawContent } from '../../domain/richText.ts';
import { OUTBOX_DELIVERY_JOB } from '../../server/comments/delivery.ts';
import { SEEDED_COMMENTS, SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, callJson, connectOutcome, connectUsers, openSocket, refusalReason, itemViewOf, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { commentCall, commentDraft, latestVersionId, type Who } from '../support/comments.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let sam: UserClient;
let nick: UserClient;
let ian: UserClient;
let guest: Socket;
const sockets: Socket[] = [];

/** Style guide: owner sam; Team Library: alex owner, sam manager, tara editor, nick viewer. */
let styleGuide: ItemDetail;

const open = (namespace: string, auth: Record<string, string>): Socket => openSocket(server.url, namespace, auth, sockets);

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, sam, nick, ian] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'sam.staff', 'nick.nonadmin', 'ian.individual'], sockets);
  guest = open('/anon', { email: 'guest.reviewer@example.org' });
  expect(await connectOutcome(guest)).toBe('connected');
  styleGuide = await detail(SEEDED_ITEMS.threeVersions);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const call = commentCall;

const detail = (title: string): Promise<ItemDetail> => itemViewOf(alex, title);

const draft = commentDraft;

async function insert(who: Who, item: ItemDetail, content: string | RawContent, extra: Partial<CommentPayload<'comment.insert'>> = {}): Promise<CommentRecord> {
  return ackData(await call(who, 'comment.insert', draft(item, content, extra))).comment;
}

async function find(item: ItemDetail): Promise<CommentRecord[]> {
  return ackData(await call(alex, 'comment.find', { itemId: item.id, pass: null })).comments;
}


const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

async function put(url: string, bytes: Uint8Array, type: string): Promise<number> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type, 'content-md5': md5Base64(bytes), 'content-disposition': 'attachment' } });
  await response.arrayBuffer();
  return response.status;
}

/** Presign and PUT one attachment file; answers its reference for a comment. */
async function upload(who: Who, item: ItemDetail, fileName: string, text: string): Promise<AttachmentRef & { bytes: Uint8Array }> {
  const bytes = new TextEncoder().encode(text);
  const signed = ackData(await call(who, 'comment.attachmentPresign', { itemId: item.id, pass: null, fileName, size: bytes.length, md5: md5Hex(bytes), contentType: 'text/plain' }));
  expect(signed.key.startsWith(`review/comments/${item.id}/`)).toBe(true);
  expect(await put(signed.url, bytes, signed.type)).toBe(200);
  return { key: signed.key, title: fileName, bytes };
}

/** Rows of a table, read straight from the database (what a refused request must not have written). */
function count(table: string): number {
  const sqlite = new SQLite(path.join(server.dataDir, 'review.sqlite'), { readonly: true });
  try {
    return (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

async function outbox(who: UserClient | null, query = ''): Promise<{ status: number; entries: OutboxEntry[] }> {
  const response = await callJson<{ entries: OutboxEntry[] }>(server.url, `/api/sandbox/outbox${query}`, { token: who?.token });
  return { status: response.status, entries: response.body?.entries ?? [] };
}

const entriesFor = async (commentId: string) => (await outbox(sam)).entries.filter((e) => e.commentId === commentId);

describe('attachments', () => {
  it('goes presign → PUT → insert, and the comment lists the file with a working link', async () => {
    const file = await upload(tara, styleGuide, 'review notes.txt', 'Slide 2: shorter title.\n');
    const comment = await insert(tara, styleGuide, 'Notes attached', { attachments: [{ key: file.key, title: file.title }] });
    expect(comment.attachments).toEqual([{ id: expect.any(String), title: 'review notes.txt', key: file.key, state: 'uploaded', delaySave: true, size: file.bytes.length, url: expect.any(String) }]);
    const download = await fetch(comment.attachments[0]!.url!);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(file.bytes);
    expect(download.headers.get('content-disposition')).toContain('review notes.txt');
    // Found again by everyone who may open the item, with a fresh link.
    const listed = (await find(styleGuide)).find((c) => c.id === comment.id)!;
    expect(listed.attachments.map((a) => a.title)).toEqual(['review notes.txt']);
    expect((await fetch(listed.attachments[0]!.url!)).status).toBe(200);
    // A key is used once.
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Again', { attachments: [{ key: file.key, title: file.title }] })))).toBe('uploadMissing');
  });

  it('adds a file to an existing comment and removes it again (the author only), pushing updateHashed', async () => {
    const watcher = open(`/item/${styleGuide.id}`, { token: nick.token });
    expect(await connectOutcome(watcher)).toBe('connected');
    const comment = await insert(tara, styleGuide, 'A file follows');
    const file = await upload(tara, styleGuide, 'later.txt', 'added afterwards');
    const pushed = waitFor<CommentPushes['comment.updateHashed']>(watcher, 'comment.updateHashed', (d) => d.comment.id === comment.id);
    const withFile = ackData(await call(tara, 'comment.attachmentInsert', { itemId: styleGuide.id, pass: null, commentId: comment.id, attachment: { key: file.key, title: file.title } })).comment;
    expect(withFile.attachments).toEqual([expect.objectContaining({ title: 'later.txt', delaySave: false })]);
    expect((await pushed).comment.attachments).toHaveLength(1);
    const attachmentId = withFile.attachments[0]!.id;
    expect(refusalReason(await call(sam, 'comment.attachmentDestroy', { itemId: styleGuide.id, pass: null, commentId: comment.id, attachmentId }))).toBe('forbidden');
    const url = withFile.attachments[0]!.url!;
    const removed = waitFor<CommentPushes['comment.updateHashed']>(watcher, 'comment.updateHashed', (d) => d.comment.id === comment.id && d.comment.attachments.length === 0);
    expect(ackData(await call(tara, 'comment.attachmentDestroy', { itemId: styleGuide.id, pass: null, commentId: comment.id, attachmentId })).comment.attachments).toEqual([]);
    await removed;
    expect((await fetch(url)).status).toBe(404);
    // Someone else's upload cannot be attached.
    const samsFile = await upload(sam, styleGuide, 'sams.txt', 'not yours');
    expect(refusalReason(await call(tara, 'comment.attachmentInsert', { itemId: styleGuide.id, pass: null, commentId: comment.id, attachment: { key: samsFile.key, title: 'sams.txt' } }))).toBe('uploadMissing');
  });

  it('refuses a sixth attachment, a 6 GB file, an unsupported type, unsafe names and files never uploaded, storing nothing', async () => {
    const files = [];
    for (let i = 0; i <= COMMENT_MAX_ATTACHMENTS; i += 1) files.push(await upload(tara, styleGuide, `part ${i}.txt`, `part ${i}`));
    const refs = files.map(({ key, title }) => ({ key, title }));
    const comments = (await find(styleGuide)).length;
    const attachments = count('comment_attachments');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Six files', { attachments: refs })))).toBe('tooManyAttachments');
    expect((await find(styleGuide)).length).toBe(comments);
    const five = await insert(tara, styleGuide, 'Five files', { attachments: refs.slice(0, COMMENT_MAX_ATTACHMENTS) });
    expect(five.attachments).toHaveLength(COMMENT_MAX_ATTACHMENTS);
    expect(refusalReason(await call(tara, 'comment.attachmentInsert', { itemId: styleGuide.id, pass: null, commentId: five.id, attachment: refs[COMMENT_MAX_ATTACHMENTS]! }))).toBe('tooManyAttachments');
    expect(count('comment_attachments')).toBe(attachments + COMMENT_MAX_ATTACHMENTS);

    const uploads = count('comment_uploads');
    const presign = (fileName: string, size: number) => call(tara, 'comment.attachmentPresign', { itemId: styleGuide.id, pass: null, fileName, size, md5: '0'.repeat(32), contentType: 'application/octet-stream' });
    expect(refusalReason(await presign('huge.mp4', 6 * 1024 ** 3))).toBe('attachmentTooLarge');
    expect(refusalReason(await presign('setup.exe', 10))).toBe('attachmentType');
    expect(refusalReason(await presign('<img src=x onerror=alert(1)>.png', 10))).toBe('unsafeContent');
    expect(refusalReason(await presign('<script>alert(1)</script>.txt', 10))).toBe('unsafeContent');
    expect(refusalReason(await presign('x'.repeat(300) + '.txt', 10))).toBe('invalidRequest');
    expect(count('comment_uploads')).toBe(uploads);

    const unsafeTitle = await upload(tara, styleGuide, 'fine.txt', 'fine');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Sneaky title', { attachments: [{ key: unsafeTitle.key, title: '<svg/onload=alert(1)>.txt' }] })))).toBe('unsafeContent');
    // Presigned but never PUT: not there.
    const bytes = new TextEncoder().encode('never sent');
    const pending = ackData(await call(tara, 'comment.attachmentPresign', { itemId: styleGuide.id, pass: null, fileName: 'pending.txt', size: bytes.length, md5: md5Hex(bytes), contentType: 'text/plain' }));
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Pending', { attachments: [{ key: pending.key, title: 'pending.txt' }] })))).toBe('uploadMissing');
    expect(refusalReason(await call(tara, 'comment.insert', draft(styleGuide, 'Invented', { attachments: [{ key: `review/comments/${styleGuide.id}/x/y.txt`, title: 'y.txt' }] })))).toBe('uploadMissing');
    // The PUT must be the announced file.
    expect(await put(pending.url, new TextEncoder().encode('other bytes'), 'text/plain')).toBe(413);
    expect((await find(styleGuide)).length).toBe(comments + 1);
  });

  it('takes a snapshot announced with the comment once, from its author', async () => {
    const comment = await insert(tara, styleGuide, 'With a screenshot', { withSnapshot: true });
    expect(comment).toMatchObject({ snapshot: null, snapshotToUpload: true });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const request = (versionId: string) => call(tara, 'comment.snapshotUploadRequest', { itemId: styleGuide.id, pass: null, versionId, extension: 'png', md5: md5Hex(png), size: png.length });
    expect(refusalReason(await request(styleGuide.versions[0]!.id))).toBe('oldItemVersion');
    const signed = ackData(await request(latestVersionId(styleGuide)));
    expect(signed).toMatchObject({ type: 'image/png', key: expect.stringMatching(/\/snapshot\.png$/) });
    const snapshot = { key: signed.key, width: 1280, height: 720, isAnnotation: false };
    expect(refusalReason(await call(tara, 'comment.update', { itemId: styleGuide.id, pass: null, id: comment.id, snapshot }))).toBe('uploadMissing');
    expect(await put(signed.url, png, signed.type)).toBe(200);
    expect(refusalReason(await call(sam, 'comment.update', { itemId: styleGuide.id, pass: null, id: comment.id, snapshot }))).toBe('forbidden');
    const updated = ackData(await call(tara, 'comment.update', { itemId: styleGuide.id, pass: null, id: comment.id, snapshot })).comment;
    expect(updated).toMatchObject({ snapshotToUpload: false, snapshot: { key: signed.key, width: 1280, height: 720, isAnnotation: false, url: expect.any(String) } });
    const image = await fetch(updated.snapshot!.url!);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    expect(refusalReason(await call(tara, 'comment.update', { itemId: styleGuide.id, pass: null, id: comment.id, snapshot }))).toBe('invalidRequest');
  });
});

describe('mentions', () => {
  const available = async (who: Who, item: ItemDetail, query: string): Promise<MentionSuggestion[]> =>
    ackData(await call(who, 'comment.mentionAvailable', { itemId: item.id, pass: null, userId: null, userEmail: null, query })).suggestions;

  it('suggests the people who may open the item and the anonymous reviewers who commented, never the caller', async () => {
    const all = await available(tara, styleGuide, '');
    const emails = all.map((s) => s.email);
    expect(emails).toEqual(expect.arrayContaining(['sam.staff@example.com', 'alex.admin@example.com', 'nick.nonadmin@example.com']));
    expect(emails).not.toContain('tara.team@example.com');
    expect(emails).not.toContain('ian.individual@example.com');
    expect(all.length).toBeLessThanOrEqual(MENTION_SUGGESTION_LIMIT);
    expect(all.every((s) => s.userType === 'user')).toBe(true);
    expect(await available(tara, styleGuide, 'NICK')).toEqual([
      { userId: nick.aid, email: 'nick.nonadmin@example.com', firstName: 'Nick', lastName: 'Nonadmin', avatar: expect.any(String), userType: 'user' },
    ]);
    expect(await available(tara, styleGuide, 'nobody-like-this')).toEqual([]);

    const tools = await detail('Tools overview');
    const opened = await callJson(server.url, `/api/items/${tools.id}/share-settings/public`, { token: alex.token, method: 'PUT', body: { allowAnonComments: true } });
    expect(opened.status).toBe(200);
    await insert(guest, tools, 'An outside view');
    expect(await available(tara, tools, 'guest')).toEqual([
      { userId: 'anon|guest.reviewer@example.org', email: 'guest.reviewer@example.org', firstName: '', lastName: '', avatar: null, userType: 'anonymous' },
    ]);
    expect((await available(guest, tools, '')).some((s) => s.userType === 'anonymous')).toBe(false);
  });

  it('refuses a mention of someone who may not see the item, storing nothing', async () => {
    const before = (await find(styleGuide)).length;
    const outboxBefore = count('notification_outbox');
    const mentionIan: RawContent = {
      blocks: [{ key: 'a', text: 'Ping @Ian', type: 'unstyled', entityRanges: [{ offset: 5, length: 4, key: 0 }] }],
      entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: ian.aid, email: 'ian.individual@example.com', name: 'Ian Individual' } } },
    };
    const refused = await call(tara, 'comment.insert', draft(styleGuide, mentionIan));
    expect(refusalReason(refused)).toBe('invalidRequest');
    expect(refused.success ? '' : refused.message).toBe('Ian Individual cannot be mentioned here.');
    expect((await find(styleGuide)).length).toBe(before);
    expect(count('notification_outbox')).toBe(outboxBefore);
  });
});

describe('notifications', () => {
  const mention = (person: UserClient, email: string, name: string, text = 'Have a look'): RawContent => ({
    blocks: [{ key: 'a', text: `${text} @${name}`, type: 'unstyled', entityRanges: [{ offset: text.length + 1, length: name.length + 1, key: 0 }] }],
    entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: person.aid, email, name } } },
  });

  it('writes an outbox entry for the mentioned person and the item owner, by level, never for the author', async () => {
    const comment = await insert(tara, styleGuide, mention(nick, 'nick.nonadmin@example.com', 'Nick Nonadmin'));
    const entries = await entriesFor(comment.id);
    const byRecipient = new Map(entries.map((e) => [e.recipientEmail, e]));
    expect(byRecipient.get('nick.nonadmin@example.com')).toMatchObject({
      recipientId: nick.aid,
      kind: 'mention',
      level: 'mine',
      frequency: 'instant',
      itemId: styleGuide.id,
      itemTitle: 'Style guide',
      actor: 'Tara Team',
      excerpt: 'Have a look @Nick Nonadmin',
      link: `${server.url}/review/content/${styleGuide.id}/review`,
      deliverAt: comment.createdAt,
    });
    // Sam owns the item (level mine → told of comments); Alex is only in the folder; Tara wrote it.
    expect(byRecipient.get('sam.staff@example.com')?.kind).toBe('comment');
    expect([...byRecipient.keys()].sort()).toEqual(['nick.nonadmin@example.com', 'sam.staff@example.com']);

    // A reply tells the thread's participants.
    const answer = ackData(await call(nick, 'comment.reply', { ...draft(styleGuide, 'Looking now'), replyTo: comment.id })).comment;
    expect((await entriesFor(answer.id)).map((e) => [e.recipientEmail, e.kind]).sort()).toEqual([
      ['sam.staff@example.com', 'reply'],
      ['tara.team@example.com', 'reply'],
    ]);
  });

  it('follows the per-item level: mute tells nothing, all tells everything', async () => {
    const find = (who: UserClient) => call(who, 'item.subscriptionFind', { itemId: styleGuide.id });
    expect(ackData(await find(alex)).subscription).toEqual({ itemId: styleGuide.id, level: 'mine', userId: alex.aid });
    expect(ackData(await call(alex, 'item.subscriptionUpsert', { itemId: styleGuide.id, level: 'all' })).subscription.level).toBe('all');
    expect(ackData(await call(sam, 'item.subscriptionUpsert', { itemId: styleGuide.id, level: 'mute' })).subscription.level).toBe('mute');
    expect(ackData(await find(sam)).subscription.level).toBe('mute');
    expect(refusalReason(await call(sam, 'item.subscriptionUpsert', { itemId: styleGuide.id, level: 'loud' as never }))).toBe('invalidRequest');
    expect(refusalReason(await call(sam, 'item.subscriptionFind', { itemId: 'no-such-item' }))).toBe('notFound');
    const privateItem = await detail(SEEDED_ITEMS.private);
    expect(refusalReason(await call(ian, 'item.subscriptionUpsert', { itemId: privateItem.id, level: 'all' }))).toBe('accessDenied');

    const comment = await insert(tara, styleGuide, 'Who hears this?');
    const recipients = (await entriesFor(comment.id)).map((e) => [e.recipientEmail, e.kind, e.level]);
    expect(recipients).toEqual([['alex.admin@example.com', 'comment', 'all']]);
    // Muted, even when mentioned.
    const mentioned = await insert(tara, styleGuide, mention(sam, 'sam.staff@example.com', 'Sam Staff'));
    expect((await entriesFor(mentioned.id)).map((e) => e.recipientEmail)).toEqual(['alex.admin@example.com']);
    ackData(await call(sam, 'item.subscriptionUpsert', { itemId: styleGuide.id, level: 'mine' }));
    ackData(await call(alex, 'item.subscriptionUpsert', { itemId: styleGuide.id, level: 'mine' }));
  });

  it('delivers a daily digest at 09:00 in the recipient’s time zone, hourly at the next full hour', async () => {
    const preference = (who: UserClient, frequency: string, timeZone: string) =>
      callJson(server.url, '/services/notifications/preferences', { token: who.token, method: 'PUT', body: { frequency, type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone } });
    expect((await preference(nick, 'daily', 'Asia/Tokyo')).status).toBe(200);
    expect((await preference(sam, 'hourly', 'UTC')).status).toBe(200);
    const comment = await insert(tara, styleGuide, mention(nick, 'nick.nonadmin@example.com', 'Nick Nonadmin', 'Tomorrow morning'));
    const entries = await entriesFor(comment.id);
    const forNick = entries.find((e) => e.recipientId === nick.aid)!;
    expect(forNick).toMatchObject({ frequency: 'daily', kind: 'mention' });
    expect(forNick.deliverAt).toBe(deliveryTime(comment.createdAt, 'daily', 'Asia/Tokyo', '09:00'));
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(forNick.deliverAt));
    expect(local).toBe('09:00');
    expect(Date.parse(forNick.deliverAt)).toBeGreaterThan(Date.parse(comment.createdAt));
    expect(Date.parse(forNick.deliverAt) - Date.parse(comment.createdAt)).toBeLessThanOrEqual(24 * 3_600_000);
    const forSam = entries.find((e) => e.recipientId === sam.aid)!;
    expect(forSam.frequency).toBe('hourly');
    expect(new Date(forSam.deliverAt).getUTCMinutes()).toBe(0);
    expect(forSam.deliverAt).toBe(deliveryTime(comment.createdAt, 'hourly', 'UTC'));
  });

  it('shows staff when the delivery job sent each notification, and which are still to go', async () => {
    const comment = await insert(tara, styleGuide, mention(alex, 'alex.admin@example.com', 'Alex Admin', 'Delivered yet'));
    await server.jobs.enqueue(OUTBOX_DELIVERY_JOB, null);
    await vi.waitFor(async () => expect((await entriesFor(comment.id)).find((e) => e.recipientId === alex.aid)?.deliveredAt).toEqual(expect.any(String)), { timeout: 15_000, interval: 100 });
    const entries = await entriesFor(comment.id);
    // Alex is told at once; Sam, the owner, hourly (the test above): his entry waits for the full hour.
    const forAlex = entries.find((e) => e.recipientId === alex.aid)!;
    expect(forAlex.frequency).toBe('instant');
    expect(Date.parse(forAlex.deliveredAt!)).toBeGreaterThanOrEqual(Date.parse(forAlex.deliverAt));
    expect(entries.find((e) => e.recipientId === sam.aid)).toMatchObject({ frequency: 'hourly', deliveredAt: null });
  });

  it('shows the outbox to staff only, newest first, optionally for one item', async () => {
    expect((await outbox(null)).status).toBe(401);
    expect((await outbox(tara)).status).toBe(403);
    const handbook = await detail(SEEDED_COMMENTS.lessons);
    const first = await insert(tara, handbook, 'First for the outbox');
    const second = await insert(nick, handbook, 'Second for the outbox');
    const all = await outbox(sam);
    expect(all.status).toBe(200);
    const order = all.entries.map((e) => e.commentId);
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));
    const scoped = await outbox(sam, `?itemId=${encodeURIComponent(handbook.id)}`);
    expect(scoped.entries.length).toBeGreaterThan(0);
    expect(scoped.entries.every((e) => e.itemId === handbook.id)).toBe(true);
    expect((await outbox(sam, '?unknown=1')).status).toBe(400);
  });
});

/**
 * Review requests over the real service (issue 7 "Reference service"; domain/reviewRequests.ts): request with
 * its outbox e-mails and reminders, the anonymous reviewer's link, each status transition, re-request rules,
 * due dates, deletes, canCRUD, and the pushes on /item/<itemId>. One server for the file, on the seeded private
 * item "Workplace safety" (alex; nick is a viewer of its folder, tara an editor; ian does not see it).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentAck, CommentAckData } from '../../domain/comments.ts';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import type { OutboxEntry } from '../../domain/notifications.ts';
import { ITEM_PASSWORD_HEADER, REVIEW_REQUEST_CALLS, type ReviewBootstrap, type ReviewRequestPushes, type ReviewRequestRow } from '../../domain/reviewRequests.ts';
import { rawFromPlainText } from '../../domain/richText.ts';
import { SEEDED_ITEM_PASSWORD, SEEDED_ITEMS, SEEDED_REVIEW_REQUEST } from '../../server/seedContent.ts';
import { ackData, type ApiCall, callApi, callJson, connectOutcome, connectUsers, openSocket, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let nick: UserClient;
let ian: UserClient;
let sam: UserClient;
let item: ItemDetail;
let watcher: Socket;
const sockets: Socket[] = [];
const ANON = 'anon.reviewer@example.org';
const FAR = '2099-06-15';

const open = (namespace: string, auth: Record<string, string>): Socket => openSocket(server.url, namespace, auth, sockets);

const get = (socket: Socket, id: string, pass: string | null = null) =>
  socket.timeout(5000).emitWithAck('item.get', { id, pass, protectedLinksFlagEnabled: true }) as Promise<ItemAck<ItemAckData<'item.get'>>>;

async function findItem(title: string): Promise<ItemDetail> {
  const ack = (await alex.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: title, product: 'all' })) as { data: { items: { id: string; title: string }[] } };
  const found = ack.data.items.find((i) => i.title === title)!;
  return ackData(await get(alex.socket, found.id)).item;
}

const api = <T>(call: ApiCall, who: UserClient | null, body?: unknown, headers?: Record<string, string>) => callApi<T>(server.url, call, who, body, headers);

const requestBody = (reviewers: string[], extra: Record<string, unknown> = {}) => ({
  itemId: item.id,
  reviewers,
  dueDate: FAR,
  customMessage: 'Please review the evacuation steps.',
  action: 'request',
  requesterTimeZone: 'Europe/Paris',
  isInStack: false,
  userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: reviewers.length },
  ...extra,
});

const rowsOf = async (who: UserClient | null = alex): Promise<ReviewRequestRow[]> => (await api<ReviewBootstrap>(REVIEW_REQUEST_CALLS.list(item.id), who)).body.reviewRequests;
const statusOf = async (email: string) => (await rowsOf()).find((r) => r.email === email)?.status;
const outbox = async (): Promise<OutboxEntry[]> => (await callJson<{ entries: OutboxEntry[] }>(server.url, `/api/sandbox/outbox?itemId=${encodeURIComponent(item.id)}`, { token: sam.token })).body.entries;

const updateWhere = (test: (rows: ReviewRequestRow[]) => boolean) =>
  waitFor<ReviewRequestPushes['requestReview.update']>(watcher, 'requestReview.update', (d) => d.itemId === item.id && test(d.reviewRequests));

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, nick, ian, sam] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'nick.nonadmin', 'ian.individual', 'sam.staff'], sockets);
  item = await findItem(SEEDED_ITEMS.private);
  watcher = open(`/item/${item.id}`, { token: nick.token });
  expect(await connectOutcome(watcher)).toBe('connected');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

describe('review requests', () => {
  it('seeds a request with two reviewers, one complete', async () => {
    const seededItem = await findItem(SEEDED_REVIEW_REQUEST.title);
    const rows = (await api<ReviewBootstrap>(REVIEW_REQUEST_CALLS.list(seededItem.id), ian)).body.reviewRequests;
    expect(rows.map((r) => [r.email, r.status, r.action]).sort()).toEqual([
      [SEEDED_REVIEW_REQUEST.complete, 'complete', 'reopen'],
      [SEEDED_REVIEW_REQUEST.viewed, 'viewed', null],
    ]);
  });

  it('answers 404 for an unknown item, and refuses create to a viewer without canCRUD', async () => {
    expect((await api(REVIEW_REQUEST_CALLS.bootstrap('no-such-item'), alex)).status).toBe(404);
    expect((await api(REVIEW_REQUEST_CALLS.bootstrap(item.id), ian)).status).toBe(404);
    const asViewer = await api<ReviewBootstrap>(REVIEW_REQUEST_CALLS.bootstrap(item.id), nick);
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.canCRUD).toBe(false);
    expect((await api(REVIEW_REQUEST_CALLS.create, nick, requestBody(['someone@example.org']))).status).toBe(403);
    expect((await api<ReviewBootstrap>(REVIEW_REQUEST_CALLS.bootstrap(item.id), tara)).body.canCRUD).toBe(true);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody(['not an e-mail']))).status).toBe(400);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody(['a@example.org'], { dueDate: '2001-01-01' }))).status).toBe(400);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody(['a@example.org'], { customMessage: 'x'.repeat(1001) }))).status).toBe(400);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody(['a@example.org'], { customMessage: '<script>alert(1)</script>' }))).status).toBe(400);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody([]))).status).toBe(400);
    expect(await rowsOf()).toEqual([]);
  });

  it('runs a request through every status, for a signed-in and an anonymous reviewer', async () => {
    // Request: e-mails in the outbox with the link, three reminders each; the owner is skipped.
    const pushed = updateWhere((rows) => rows.length === 2);
    const created = await api<{ requestedReviewers: ReviewRequestRow[] }>(REVIEW_REQUEST_CALLS.create, alex, requestBody(['Ian.Individual@example.com', ANON, 'alex.admin@example.com']));
    expect(created.status).toBe(200);
    const rows = created.body.requestedReviewers;
    expect(rows.map((r) => [r.email, r.status, r.dueDate, r.action])).toEqual([
      ['anon.reviewer@example.org', 'emailSent', FAR, null],
      ['ian.individual@example.com', 'emailSent', FAR, null],
    ]);
    const ianRow = rows.find((r) => r.email === 'ian.individual@example.com')!;
    const anonRow = rows.find((r) => r.email === ANON)!;
    expect(ianRow).toMatchObject({ reviewerAID: ian.aid, displayName: 'Ian Individual', requesterDisplayName: 'Alex Admin' });
    expect(anonRow).toMatchObject({ reviewerAID: null, displayName: ANON });
    expect((await pushed).reviewRequests.every((r) => r.action === null)).toBe(true);

    const entries = await outbox();
    const invite = entries.find((e) => e.kind === 'reviewRequest' && e.recipientEmail === ANON)!;
    expect(invite).toMatchObject({ recipientId: `anon|${ANON}`, link: `${server.url}/review/content/${item.id}/review?reviewRequest=${anonRow.id}`, level: 'all', frequency: 'instant' });
    expect(entries.find((e) => e.kind === 'reviewRequest' && e.recipientId === ian.aid)?.link).toContain(`reviewRequest=${ianRow.id}`);
    const reminders = entries.filter((e) => e.kind === 'reviewReminder' && e.recipientEmail === ANON).map((e) => e.deliverAt).sort();
    // 09:00 in Paris (summer time: 07:00 UTC) the day before, of and after the due date.
    expect(reminders).toEqual(['2099-06-14T07:00:00.000Z', '2099-06-15T07:00:00.000Z', '2099-06-16T07:00:00.000Z']);

    // A second request skips reviewers already there.
    const again = await api<{ requestedReviewers: ReviewRequestRow[] }>(REVIEW_REQUEST_CALLS.create, alex, requestBody([ANON]));
    expect(again.body.requestedReviewers).toEqual([]);

    // The anonymous reviewer opens the private item through the link and marks it viewed.
    const guest = open('/anon', { email: ANON });
    expect(await connectOutcome(guest)).toBe('connected');
    expect(ackData(await get(guest, item.id)).item.id).toBe(item.id);
    const stranger = open('/anon', { email: 'stranger@example.org' });
    expect(await connectOutcome(stranger)).toBe('connected');
    expect((await get(stranger, item.id)).success).toBe(false);
    const bootCall = REVIEW_REQUEST_CALLS.bootstrap(item.id);
    const anonBoot = await api<ReviewBootstrap>({ ...bootCall, path: `${bootCall.path}?anonUserEmail=${encodeURIComponent(ANON)}&reviewRequest=${anonRow.id}` }, null);
    expect(anonBoot.status).toBe(200);
    expect(anonBoot.body.reviewRequests.find((r) => r.id === anonRow.id)?.action).toBe('complete');

    // Someone else's review: another account's row, or an anonymous caller naming another e-mail.
    expect((await api(REVIEW_REQUEST_CALLS.updateStatus, nick, { reviewRequest: ianRow.id, reviewStatus: 'viewed', anonUserEmail: null })).status).toBe(403);
    expect((await api(REVIEW_REQUEST_CALLS.updateStatus, null, { reviewRequest: anonRow.id, reviewStatus: 'viewed', anonUserEmail: 'stranger@example.org' })).status).toBe(403);
    expect((await api(REVIEW_REQUEST_CALLS.updateStatus, null, { reviewRequest: 'no-such-request', reviewStatus: 'viewed', anonUserEmail: ANON })).status).toBe(404);
    expect(await statusOf(ANON)).toBe('emailSent');
    const viewed = updateWhere((rs) => rs.find((r) => r.id === anonRow.id)?.status === 'viewed');
    expect((await api(REVIEW_REQUEST_CALLS.updateStatus, null, { reviewRequest: anonRow.id, reviewStatus: 'viewed', anonUserEmail: ANON })).status).toBe(204);
    await viewed;
    expect((await api(REVIEW_REQUEST_CALLS.updateStatus, ian, { reviewRequest: ianRow.id, reviewStatus: 'viewed', anonUserEmail: null })).status).toBe(204);

    // Ian opens the item as a reviewer (named viewer) and comments: commented.
    const ianItem = ackData(await get(ian.socket, item.id)).item;
    const commented = updateWhere((rs) => rs.find((r) => r.id === ianRow.id)?.status === 'commented');
    const versionId = ianItem.versions.filter((v) => v.state === 'ready').at(-1)!.id;
    const ack = (await ian.socket
      .timeout(5000)
      .emitWithAck('comment.insert', { itemId: item.id, pass: null, versionId, content: rawFromPlainText('Step 3 is unclear'), currentTime: null, slideId: null, attachments: [], withSnapshot: false })) as CommentAck<CommentAckData<'comment.insert'>>;
    ackData(ack);
    await commented;
    expect(await statusOf('ian.individual@example.com')).toBe('commented');

    // Re-request is refused while a review is not complete, and to anyone but the owner.
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, { ...requestBody([]), action: 'reRequest' })).status).toBe(403);

    // Complete (only the reviewer), reopen, complete again.
    expect((await api(REVIEW_REQUEST_CALLS.complete(ianRow.id), alex, { itemId: item.id, isInStack: false, anonUserEmail: null })).status).toBe(403);
    expect((await api(REVIEW_REQUEST_CALLS.reopen, ian, { reviewRequestId: ianRow.id, anonEmail: null })).status).toBe(409);
    expect((await api(REVIEW_REQUEST_CALLS.complete(ianRow.id), ian, { itemId: item.id, isInStack: false, anonUserEmail: null })).status).toBe(204);
    expect((await rowsOf(ian)).find((r) => r.id === ianRow.id)).toMatchObject({ status: 'complete', action: 'reopen' });
    const reopened = updateWhere((rs) => rs.find((r) => r.id === ianRow.id)?.status === 'viewed');
    expect((await api(REVIEW_REQUEST_CALLS.reopen, ian, { reviewRequestId: ianRow.id, anonEmail: null })).status).toBe(204);
    expect((await reopened).reviewRequests.find((r) => r.id === ianRow.id)?.completedAt).toBeNull();
    expect((await api(REVIEW_REQUEST_CALLS.complete(ianRow.id), ian, { itemId: item.id, isInStack: false, anonUserEmail: null })).status).toBe(204);
    expect((await api(REVIEW_REQUEST_CALLS.complete(anonRow.id), null, { itemId: item.id, isInStack: false, anonUserEmail: ANON })).status).toBe(204);
    expect((await rowsOf()).map((r) => r.status)).toEqual(['complete', 'complete']);

    // All complete: tara (canCRUD, not the owner) is refused; the owner re-requests → viewed, completedAt cleared.
    expect((await api(REVIEW_REQUEST_CALLS.create, tara, { ...requestBody([]), action: 'reRequest' })).status).toBe(403);
    const reset = updateWhere((rs) => rs.every((r) => r.status === 'viewed'));
    const reRequested = await api<{ requestedReviewers: ReviewRequestRow[] }>(REVIEW_REQUEST_CALLS.create, alex, { ...requestBody([]), action: 'reRequest' });
    expect(reRequested.status).toBe(200);
    expect(reRequested.body.requestedReviewers.map((r) => [r.status, r.completedAt])).toEqual([
      ['viewed', null],
      ['viewed', null],
    ]);
    await reset;
  });

  it('edits the due date, deletes one review then all, with their pushes', async () => {
    expect((await api(REVIEW_REQUEST_CALLS.editDueDate, alex, { itemId: item.id, dueDate: '2001-01-01' })).status).toBe(400);
    expect((await api(REVIEW_REQUEST_CALLS.editDueDate, nick, { itemId: item.id, dueDate: '2099-07-01' })).status).toBe(403);
    const dated = updateWhere((rs) => rs.length > 0 && rs.every((r) => r.dueDate === '2099-07-01'));
    expect((await api(REVIEW_REQUEST_CALLS.editDueDate, alex, { itemId: item.id, dueDate: '2099-07-01' })).status).toBe(204);
    await dated;
    const reminders = (await outbox()).filter((e) => e.kind === 'reviewReminder').map((e) => e.deliverAt.slice(0, 10));
    expect(new Set(reminders)).toEqual(new Set(['2099-06-30', '2099-07-01', '2099-07-02']));

    const [first, second] = await rowsOf();
    expect((await api(REVIEW_REQUEST_CALLS.deleteReviews, nick, { itemId: item.id, reviewRequests: [first!.id], isInStack: false })).status).toBe(403);
    const removed = waitFor<ReviewRequestPushes['requestReview.deleteRequest']>(watcher, 'requestReview.deleteRequest');
    expect((await api(REVIEW_REQUEST_CALLS.deleteReviews, alex, { itemId: item.id, reviewRequests: [first!.id], isInStack: false })).status).toBe(204);
    expect((await removed).ids).toEqual([first!.id]);
    expect((await rowsOf()).map((r) => r.id)).toEqual([second!.id]);

    const cleared = waitFor<ReviewRequestPushes['requestReview.deleteAllRequests']>(watcher, 'requestReview.deleteAllRequests');
    expect((await api(REVIEW_REQUEST_CALLS.deleteAll(item.id), alex)).status).toBe(204);
    expect((await cleared).itemId).toBe(item.id);
    expect(await rowsOf()).toEqual([]);
    expect((await outbox()).filter((e) => e.kind === 'reviewReminder')).toEqual([]);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, { ...requestBody([]), action: 'reRequest' })).status).toBe(409);
  });

  it('honours the item-password header for viewers through the public link, and lists frequent reviewers', async () => {
    const passworded = await findItem(SEEDED_ITEMS.password);
    expect((await api(REVIEW_REQUEST_CALLS.list(passworded.id), ian)).status).toBe(404);
    expect((await api(REVIEW_REQUEST_CALLS.list(passworded.id), ian, undefined, { [ITEM_PASSWORD_HEADER]: SEEDED_ITEM_PASSWORD })).status).toBe(200);
    const onPassworded = (reviewers: string[]) => api(REVIEW_REQUEST_CALLS.create, alex, { ...requestBody(reviewers), itemId: passworded.id });
    expect((await onPassworded(['nora.nosub@example.com', ANON])).status).toBe(200);
    expect((await api(REVIEW_REQUEST_CALLS.create, alex, requestBody([ANON, 'tara.team@example.com']))).status).toBe(200);
    const boot = await api<ReviewBootstrap>(REVIEW_REQUEST_CALLS.bootstrap(passworded.id), alex);
    // The requester's most-requested e-mails across items, most first.
    // Twice each: ANON (both here), tara (the seeded request and here); once: nora, ian (seeded).
    const emails = boot.body.frequentReviewers.map((f) => f.email);
    expect(emails.slice(0, 2).sort()).toEqual([ANON, 'tara.team@example.com']);
    expect(emails.slice(2).sort()).toEqual(['ian.individual@example.com', 'nora.nosub@example.com']);
    expect(boot.body.frequentReviewers.find((f) => f.email === ANON)).toMatchObject({ displayName: ANON, avatars: { small: null } });
    expect(boot.body.frequentReviewers.find((f) => f.email === 'nora.nosub@example.com')?.displayName).toBe('Nora Nosub');
  });
});

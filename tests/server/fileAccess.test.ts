/**
 * Packages and videos over the real service (server/README.md "File access"): each viewer's addresses carry their
 * view ticket, and every request asks whether that person may still view the item, so an address kept by someone
 * who was removed from the share, by a folder member whose item moved away, by a public-link viewer after the link
 * was turned off, by a password holder after the password changed, by a reviewer whose review was deleted, or by
 * anyone but the owner after the item was deleted stops at once; the owner's keeps working. Expired, tampered and
 * borrowed tickets are refused, and /blobs never serves an upload without one. The decision cache is off here
 * (`fileAccessCacheMs: 0`) so that each request shows the decision of that moment.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../domain/content.ts';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import { REVIEW_REQUEST_CALLS, type ReviewRequestRow } from '../../domain/reviewRequests.ts';
import { uploadSecret } from '../../server/app.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { signViewTicket } from '../../server/uploads/viewTicket.ts';
import { ackData, callJson, connectOutcome, connectSocket, connectUser, fetchPackage, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let nick: UserClient;
let ian: UserClient;
let guest: Socket;
const sockets: Socket[] = [];
const GUEST = 'file.guest@example.org';

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600, fileAccessCacheMs: 0 });
  [alex, nick, ian] = (await Promise.all(['alex.admin', 'nick.nonadmin', 'ian.individual'].map((name) => connectUser(server.url, `${name}@example.com`, sockets)))) as [UserClient, UserClient, UserClient];
  guest = connectSocket(server.url, '/anon', { email: GUEST });
  sockets.push(guest);
  expect(await connectOutcome(guest)).toBe('connected');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

const socketOf = (who: UserClient | Socket) => ('socket' in who ? who.socket : who);

async function get(who: UserClient | Socket, id: string, pass: string | null = null): Promise<ItemDetail> {
  const ack = (await socketOf(who).timeout(5000).emitWithAck('item.get', { id, pass, protectedLinksFlagEnabled: true })) as ItemAck<ItemAckData<'item.get'>>;
  return ackData(ack).item;
}

async function request<T>(who: UserClient, event: string, payload: unknown): Promise<T> {
  return ackData((await who.socket.timeout(5000).emitWithAck(event, payload)) as ItemAck<T>);
}

/** A copy of a seeded item, made by Alex in the seeded item's folder (Team Library: Nick is a viewer there), with its ready versions. */
async function copyOf(title: string, as: string): Promise<ItemRecord> {
  const listed = await request<{ items: ItemRecord[] }>(alex, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: title, product: 'all' });
  const source = listed.items.find((item) => item.title === title)!;
  return (await request<{ item: ItemRecord }>(alex, 'item.duplicate', { id: source.id, title: as })).item;
}

/** The address the player frame loads for this viewer (the latest version's package page). */
const playerOf = (item: ItemDetail) => `${item.latestVersion!.contentPrefix!}${item.latestVersion!.playerFile!}`;
/** Another file of the same package, as the player loads it (relative to the page). */
const assetOf = (item: ItemDetail) => `${item.latestVersion!.contentPrefix!}story_content/user.js`;
const status = async (url: string) => (await fetchPackage(url)).status;
const blobStatus = async (address: string) => (await fetch(new URL(address, server.url))).status;

const share = (itemId: string, kind: 'private' | 'public', body: unknown) =>
  callJson(server.url, `/api/items/${encodeURIComponent(itemId)}/share-settings/${kind}`, { token: alex.token, method: 'PUT', body });

describe('package addresses', () => {
  it('carry each viewer’s own ticket, and open the package and its files to them', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Tickets per viewer');
    const [own, member] = [await get(alex, copy.id), await get(nick, copy.id)];
    expect(playerOf(own)).not.toBe(playerOf(member));
    for (const item of [own, member]) {
      const page = await fetchPackage(playerOf(item));
      expect(page.status).toBe(200);
      expect(page.text).toContain('Style guide');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(await status(assetOf(item))).toBe(200);
    }
    // The same person gets the same address again (the player frame does not reload on every push).
    expect(playerOf(await get(alex, copy.id))).toBe(playerOf(own));
  });

  it('stop for a folder member once the item leaves their folder, not for its owner', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Moved away');
    await share(copy.id, 'private', { explicitPermissions: [] });
    const [own, member] = [await get(alex, copy.id), await get(nick, copy.id)];
    expect(await status(playerOf(member))).toBe(200);
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    const refused = await fetchPackage(playerOf(member));
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('Style guide');
    expect(await status(assetOf(member))).toBe(403);
    expect(await status(playerOf(own))).toBe(200);
  });

  it('stop for an explicit person once the owner removes them from the share', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Shared with Ian');
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    expect((await share(copy.id, 'private', { explicitPermissions: [{ email: ian.email }] })).status).toBe(200);
    const [own, named] = [await get(alex, copy.id), await get(ian, copy.id)];
    expect(await status(playerOf(named))).toBe(200);
    expect((await share(copy.id, 'private', { explicitPermissions: [] })).status).toBe(200);
    expect(await status(playerOf(named))).toBe(403);
    expect(await status(assetOf(named))).toBe(403);
    expect(await status(playerOf(own))).toBe(200);
    // Shared again: the same address works again (the ticket was never the permission).
    await share(copy.id, 'private', { explicitPermissions: [{ email: ian.email }] });
    expect(await status(playerOf(named))).toBe(200);
  });

  it('stop for public-link viewers (an account, an anonymous reviewer) while the link is off', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Public for a while');
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    expect((await share(copy.id, 'public', { allowAnonComments: true })).status).toBe(200);
    const [outsider, anonymous] = [await get(ian, copy.id), await get(guest, copy.id)];
    expect(await status(playerOf(outsider))).toBe(200);
    expect(await status(playerOf(anonymous))).toBe(200);
    await share(copy.id, 'private', { explicitPermissions: [] });
    expect(await status(playerOf(outsider))).toBe(403);
    expect(await status(playerOf(anonymous))).toBe(403);
    expect(await status(playerOf(await get(alex, copy.id)))).toBe(200);
  });

  it('stop for a password holder once the password changes, and for a ticket issued before a password was set', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Behind a password');
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    await share(copy.id, 'public', { allowAnonComments: false });
    const before = await get(guest, copy.id);
    await share(copy.id, 'public', { allowAnonComments: false, password: 'first secret' });
    expect(await status(playerOf(before))).toBe(403);
    const holder = await get(guest, copy.id, 'first secret');
    expect(await status(playerOf(holder))).toBe(200);
    await share(copy.id, 'public', { allowAnonComments: false, password: 'second secret' });
    expect(await status(playerOf(holder))).toBe(403);
    // Removing the password opens the link to everyone again.
    await share(copy.id, 'public', { allowAnonComments: false, password: null });
    expect(await status(playerOf(holder))).toBe(200);
  });

  it('stop for a named reviewer of a private item once their review is deleted', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Under review');
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    await share(copy.id, 'private', { explicitPermissions: [] });
    const created = await callJson<{ requestedReviewers: ReviewRequestRow[] }>(server.url, `/api${REVIEW_REQUEST_CALLS.create.path}`, {
      token: alex.token,
      method: 'POST',
      body: { itemId: copy.id, reviewers: [GUEST], dueDate: null, customMessage: '', action: 'request', requesterTimeZone: 'UTC', isInStack: false, userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 } },
    });
    expect(created.status).toBe(200);
    const reviewer = await get(guest, copy.id);
    expect(await status(playerOf(reviewer))).toBe(200);
    const removed = await callJson(server.url, `/api${REVIEW_REQUEST_CALLS.deleteReviews.path}`, {
      token: alex.token,
      method: 'DELETE',
      body: { itemId: copy.id, reviewRequests: created.body.requestedReviewers.map((row) => row.id), isInStack: false },
    });
    expect(removed.status).toBe(204);
    expect(await status(playerOf(reviewer))).toBe(403);
  });

  it('stop for everyone but the owner when the item is deleted, and for the owner once it is deleted forever', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Deleted soon');
    await share(copy.id, 'public', { allowAnonComments: false });
    const [own, member, anonymous] = [await get(alex, copy.id), await get(nick, copy.id), await get(guest, copy.id)];
    await request(alex, 'item.update', { id: copy.id, archived: true });
    expect(await status(playerOf(member))).toBe(403);
    expect(await status(playerOf(anonymous))).toBe(403);
    expect(await status(playerOf(own))).toBe(200);
    await request(alex, 'item.bulkDestroy', { ids: [copy.id] });
    expect(await status(playerOf(own))).toBe(403);
  });

  it('refuse an address without a ticket, with a tampered, expired or borrowed one', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Ticket checks');
    const item = await get(nick, copy.id);
    const prefix = item.latestVersion!.contentPrefix!;
    const [origin, ticket] = /^(.*\/packages\/[^/]+\/)([^/]+)\/$/.exec(prefix)!.slice(1) as [string, string];
    expect(await status(`${origin}story.html`)).toBe(403);
    expect(await status(`${origin}story_content/story.html`)).toBe(403);
    // Another person's name in the payload, the signature kept.
    const [payload, signature] = ticket.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), s: ian.aid })).toString('base64url');
    expect(await status(`${origin}${forged}.${signature}/story.html`)).toBe(403);
    expect(await status(`${origin}${payload}.${signature.slice(0, -2)}AA/story.html`)).toBe(403);
    // Signed by the service, but over.
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { s: string; i: string; r: string };
    const expired = signViewTicket(uploadSecret(server.dataDir), { subject: grant.s, itemId: grant.i, resource: grant.r, password: null, expiresAt: Date.now() - 1 });
    const expiredPage = await fetchPackage(`${origin}${expired}/story.html`);
    expect(expiredPage.status).toBe(403);
    expect(JSON.parse(expiredPage.text)).toMatchObject({ message: expect.stringContaining('expired') });
    // A ticket of one version does not open another version's package, and an item's ticket not another item's.
    const older = item.versions[0]!;
    expect(older.contentPrefix).not.toBe(prefix);
    const olderOrigin = /^(.*\/packages\/[^/]+\/)/.exec(older.contentPrefix!)![1]!;
    expect(await status(`${olderOrigin}${ticket}/story.html`)).toBe(403);
    expect(await status(`${older.contentPrefix!}story.html`)).toBe(200);
    const other = await get(nick, (await copyOf(SEEDED_ITEMS.threeVersions, 'Ticket checks, other item')).id);
    const borrowed = signViewTicket(uploadSecret(server.dataDir), { subject: nick.aid, itemId: other.id, resource: grant.r, password: null, expiresAt: Date.now() + 60_000 });
    // The copies share the unpacked files: the resource belongs to both, so the borrowed item's own rights decide.
    expect(await status(`${origin}${borrowed}/story.html`)).toBe(200);
    await request(alex, 'item.update', { id: other.id, folderId: null });
    await share(other.id, 'private', { explicitPermissions: [] });
    expect(await status(`${origin}${borrowed}/story.html`)).toBe(403);
  });
});

describe('blob addresses', () => {
  it('serve a video to its viewers only with their ticket, stop once they lose the item, and never serve an upload bare', async () => {
    const copy = await copyOf(SEEDED_ITEMS.videoTwoVersions, 'Video kept');
    const [own, member] = [await get(alex, copy.id), await get(nick, copy.id)];
    const media = member.latestVersion!.mediaUrl!;
    expect(media).toMatch(/^\/blobs\/.+\?access=[\w-]+\.[\w-]+$/);
    const served = await fetch(new URL(media, server.url), { headers: { range: 'bytes=0-9' } });
    expect(served.status).toBe(206);
    expect(await blobStatus(media.replace(/\?.*$/, ''))).toBe(403);
    expect(await blobStatus(`/blobs/${member.latestVersion!.package.key}`)).toBe(403);
    await share(copy.id, 'private', { explicitPermissions: [] });
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    expect(await blobStatus(media)).toBe(403);
    expect(await blobStatus(own.latestVersion!.mediaUrl!)).toBe(200);
  });

  it('never serve an uploaded story zip, even to its owner (downloads are signed links), but serve thumbnails', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Zip stays home');
    const own = await get(alex, copy.id);
    expect(await blobStatus(`/blobs/${own.latestVersion!.package.key}`)).toBe(403);
    expect(await blobStatus(own.thumbnailUrl!)).toBe(200);
    expect(await blobStatus('/blobs/review/thumbnails/no-such-version.jpg')).toBe(404);
  });
});

describe('download links', () => {
  it('of a package stop once their holder loses the item; the owner’s keeps working', async () => {
    const copy = await copyOf(SEEDED_ITEMS.threeVersions, 'Package download');
    await share(copy.id, 'private', { explicitPermissions: [] });
    const own = await request<{ url: string }>(alex, 'item.packagePresign', { itemId: copy.id, version: 3 });
    const member = await request<{ url: string }>(nick, 'item.packagePresign', { itemId: copy.id, version: 3 });
    expect((await fetch(member.url)).status).toBe(200);
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    const refused = await fetch(member.url);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'You do not have access to this item.' });
    expect((await fetch(own.url)).status).toBe(200);
  });

  it('of a video stop once their holder loses the item', async () => {
    const copy = await copyOf(SEEDED_ITEMS.videoTwoVersions, 'Video download');
    await share(copy.id, 'private', { explicitPermissions: [] });
    const member = await request<{ url: string }>(nick, 'item.presignDownload', { itemId: copy.id, version: 2 });
    expect((await fetch(member.url, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    await request(alex, 'item.update', { id: copy.id, folderId: null });
    expect((await fetch(member.url)).status).toBe(403);
  });

  it('of a backup stop once its public link is turned off for the person who holds it', async () => {
    // The seeded "Style guide" (Team Library, public, with backups); Ian sees it through its public link only.
    const listed = await request<{ items: ItemRecord[] }>(alex, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: SEEDED_ITEMS.threeVersions, product: 'all' });
    const styleGuide = listed.items.find((item) => item.title === SEEDED_ITEMS.threeVersions)!;
    await share(styleGuide.id, 'public', { allowAnonComments: false });
    const backups = await callJson<{ backups: { id: string; status: string }[] }>(server.url, `/api/backups/${encodeURIComponent(styleGuide.id)}`, { token: ian.token });
    const ready = backups.body.backups.find((backup) => backup.status === 'ready')!;
    const link = await callJson<{ downloadURL: string }>(server.url, `/api/backups/download/v1/${ready.id}`, { token: ian.token });
    expect((await fetch(link.body.downloadURL)).status).toBe(200);
    try {
      await share(styleGuide.id, 'private', { explicitPermissions: [] });
      expect((await fetch(link.body.downloadURL)).status).toBe(403);
    } finally {
      await share(styleGuide.id, 'public', { allowAnonComments: false });
    }
  });
});

/**
 * Sharing one item over the real service (issue 6 "Reference service" and "Bad input"; domain/sharing.ts):
 * GET permissions with reasons and roles, the private share with its invalid e-mails and explicit people who
 * then open the private item, the public share and its password, who may change sharing, malformed bodies,
 * and the pushes that follow a change. One server for the file; each test works on its own seeded items.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentPushes } from '../../domain/comments.ts';
import type { ItemRecord } from '../../domain/content.ts';
import { SHARE_MAX_EXPLICIT_PEOPLE } from '../../domain/constants.ts';
import type { ItemAck, ItemAckData } from '../../domain/items.ts';
import type { PermissionPerson, PermissionsResponse, PrivateShareResponse, PublicShareResponse } from '../../domain/sharing.ts';
import { SEEDED_EXPLICIT_SHARE, SEEDED_ITEM_PASSWORD, SEEDED_ITEMS } from '../../server/seedContent.ts';
import { ackData, callJson, connectOutcome, connectUsers, openSocket, refusalReason, itemInGrid, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let tara: UserClient;
let nick: UserClient;
let ian: UserClient;
let nora: UserClient;
type ShareUpdatedData = CommentPushes['share.updated'];

let guest: Socket;
const sockets: Socket[] = [];

const open = (namespace: string, auth: Record<string, string>): Socket => openSocket(server.url, namespace, auth, sockets);

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, nick, ian, nora] = await connectUsers(server.url, ['alex.admin', 'tara.team', 'nick.nonadmin', 'ian.individual', 'nora.nosub'], sockets);
  guest = open('/anon', { email: 'guest.reviewer@example.org' });
  expect(await connectOutcome(guest)).toBe('connected');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

/** A seeded item by title, as its owner's grid lists it (the trash included). */
const seeded = (title: string, owner: UserClient = alex): Promise<ItemRecord> => itemInGrid(owner, title);

const get = (who: UserClient | Socket, id: string, pass: string | null = null) =>
  ('socket' in who ? who.socket : who).timeout(5000).emitWithAck('item.get', { id, pass, protectedLinksFlagEnabled: true }) as Promise<ItemAck<ItemAckData<'item.get'>>>;

const permissions = (who: UserClient | null, itemId: string) => callJson<PermissionsResponse>(server.url, `/api/items/${encodeURIComponent(itemId)}/permissions`, { token: who?.token });

const sharePrivately = (who: UserClient, itemId: string, emails: readonly string[]) =>
  callJson<PrivateShareResponse>(server.url, `/api/items/${encodeURIComponent(itemId)}/share-settings/private`, {
    token: who.token,
    method: 'PUT',
    body: { explicitPermissions: emails.map((email) => ({ email })) },
  });

const sharePublicly = (who: UserClient, itemId: string, body: Record<string, unknown>) =>
  callJson<PublicShareResponse>(server.url, `/api/items/${encodeURIComponent(itemId)}/share-settings/public`, { token: who.token, method: 'PUT', body });

/** People as e-mail → [reasons, role], for compact expectations. */
const summary = (people: readonly PermissionPerson[]) => people.map((p) => [p.profile.email, p.reasons, p.role]);


describe('GET /api/items/:itemId/permissions', () => {
  it('lists the owner first, then the people of the team folder by name, with their reasons and roles', async () => {
    const handbook = await seeded(SEEDED_ITEMS.riseTwoVersions);
    const response = await permissions(nick, handbook.id);
    expect(response.status).toBe(200);
    // Team Library: alex owner, sam manager, tara editor, nick viewer.
    expect(summary(response.body.people)).toEqual([
      ['alex.admin@example.com', ['owner', 'team-folder-owner', 'team-folder-user'], 2],
      ['nick.nonadmin@example.com', ['team-folder-user'], 0],
      ['sam.staff@example.com', ['team-folder-user'], 1],
      ['tara.team@example.com', ['team-folder-user'], 1],
    ]);
    expect(response.body.people[0]).toMatchObject({ userId: alex.aid, profile: { firstName: 'Alex', lastName: 'Admin' } });
    expect(response.body.people[0]!.profile.links.micro).toMatch(/^http/);
    expect(response.body.settings).toEqual({ isPrivate: false, allowAnonComments: false, hasPassword: false });
  });

  it('names people who see the item through a team group, beside those of the folders above', async () => {
    const glossary = await seeded('Glossary for translators', alex);
    const response = await permissions(alex, glossary.id);
    expect(response.status).toBe(200);
    // Translations: group Localization (vera, maria) editor, below Team Library's entries; vera owns the item.
    expect(summary(response.body.people)).toEqual([
      ['vera.validator@example.com', ['owner', 'team-folder-group'], 2],
      ['alex.admin@example.com', ['team-folder-owner', 'team-folder-user'], 1],
      ['maria.multi@example.com', ['team-folder-group'], 1],
      ['nick.nonadmin@example.com', ['team-folder-user'], 0],
      ['sam.staff@example.com', ['team-folder-user'], 1],
      ['tara.team@example.com', ['team-folder-user'], 1],
    ]);
  });

  it('answers 401 without a bearer token, 404 for an unknown item or one the caller does not see, 200 to a trashed item’s owner only', async () => {
    const handbook = await seeded(SEEDED_ITEMS.riseTwoVersions);
    const noToken = await permissions(null, handbook.id);
    expect(noToken.status).toBe(401);
    expect(noToken.body).toMatchObject({ error: 'Unauthorized' });
    expect((await permissions(alex, 'no-such-item')).status).toBe(404);
    // Ian may open the public item through its link, but is none of its people.
    expect((await permissions(ian, handbook.id)).status).toBe(404);
    const trashed = await seeded('Deprecated pricing course');
    expect((await permissions(alex, trashed.id)).status).toBe(200);
    expect((await permissions(tara, trashed.id)).status).toBe(404);
  });
});

describe('seeded explicit share', () => {
  it('lets the explicit person open the private item and read its people, but not change them', async () => {
    const recap = await seeded(SEEDED_EXPLICIT_SHARE.title);
    expect(recap.isPrivate).toBe(true);
    const detail = ackData(await get(ian, recap.id)).item;
    expect(detail).toMatchObject({ id: recap.id, isOwner: false, actions: [], isPrivate: true });
    expect(refusalReason(await get(nora, recap.id))).toBe('accessDenied');
    const response = await permissions(ian, recap.id);
    expect(response.status).toBe(200);
    expect(summary(response.body.people)).toEqual([
      ['alex.admin@example.com', ['owner'], 2],
      [SEEDED_EXPLICIT_SHARE.email, ['explicit'], 0],
    ]);
    expect((await sharePrivately(ian, recap.id, [])).status).toBe(403);
    expect((await sharePublicly(ian, recap.id, { allowAnonComments: true })).status).toBe(403);
    expect(ackData(await get(alex, recap.id)).item.isPrivate).toBe(true);
  });
});

describe('PUT /api/items/:itemId/share-settings/private', () => {
  it('stores only the e-mails of accounts, answers the others as invalid, and lets the explicit people in', async () => {
    const item = await seeded('Welcome to the team');
    // Made private with nobody named: Ian and Nora are refused.
    const closed = await sharePrivately(alex, item.id, []);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ invalidEmails: [], settings: { isPrivate: true } });
    expect(refusalReason(await get(ian, item.id))).toBe('accessDenied');
    expect(await connectOutcome(open(`/item/${item.id}`, { token: nora.token }))).toBe('access_denied');

    const script = '<script>alert(1)</script>@evil.example';
    const response = await sharePrivately(alex, item.id, ['ian.individual@example.com', 'not-an-email', ' Nora.Nosub@Example.com ', script, 'nobody@example.com', 'ian.individual@example.com']);
    expect(response.status).toBe(200);
    expect(response.body.invalidEmails).toEqual(['not-an-email', script, 'nobody@example.com']);
    expect(response.body.settings).toEqual({ isPrivate: true, allowAnonComments: false, hasPassword: false });
    const listed = [
      ['alex.admin@example.com', ['owner'], 2],
      ['ian.individual@example.com', ['explicit'], 0],
      ['nora.nosub@example.com', ['explicit'], 0],
    ];
    expect(summary(response.body.people)).toEqual(listed);
    expect(summary((await permissions(alex, item.id)).body.people)).toEqual(listed);

    expect(ackData(await get(ian, item.id)).item).toMatchObject({ isOwner: false, actions: [] });
    expect(ackData(await get(nora, item.id)).item.id).toBe(item.id);
    expect(await connectOutcome(open(`/item/${item.id}`, { token: nora.token }))).toBe('connected');
    expect(refusalReason(await get(guest, item.id))).toBe('accessDenied');

    // Saving a shorter list takes Nora's access away again.
    const shorter = await sharePrivately(alex, item.id, ['ian.individual@example.com']);
    expect(summary(shorter.body.people).map(([email]) => email)).toEqual(['alex.admin@example.com', 'ian.individual@example.com']);
    expect(refusalReason(await get(nora, item.id))).toBe('accessDenied');
  });

  it('refuses malformed bodies with 400 and stores nothing of them', async () => {
    const item = await seeded('Customer onboarding checklist');
    const path = `/api/items/${item.id}/share-settings/private`;
    const tooMany = Array.from({ length: SHARE_MAX_EXPLICIT_PEOPLE + 1 }, (_, i) => `person${i}@example.com`);
    for (const body of [
      { explicitPermissions: tooMany.map((email) => ({ email })) },
      { explicitPermissions: [{ email: `${'a'.repeat(250)}@example.com` }] },
      { explicitPermissions: [{ email: 'ian.individual@example.com', role: 1 }] },
      { explicitPermissions: 'ian.individual@example.com' },
      {},
    ]) {
      const response = await callJson<{ error: string; message: string }>(server.url, path, { token: alex.token, method: 'PUT', body });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^Invalid request/);
    }
    const after = await permissions(alex, item.id);
    expect(after.body.settings.isPrivate).toBe(false);
    expect(summary(after.body.people)).toEqual([['alex.admin@example.com', ['owner'], 2]]);
  });

  it('needs ownership or editItemMetadata: a folder viewer gets 403, an editor may', async () => {
    const meeting = await seeded('Meeting etiquette', tara);
    const refused = await sharePrivately(nick, meeting.id, ['ian.individual@example.com']);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Forbidden' });
    expect((await sharePublicly(nick, meeting.id, { allowAnonComments: true })).status).toBe(403);
    expect((await permissions(nick, meeting.id)).body.settings.isPrivate).toBe(false);
    expect((await sharePrivately(alex, 'no-such-item', [])).status).toBe(404);
    expect((await sharePrivately(ian, meeting.id, [])).status).toBe(404);

    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const accepted = await sharePrivately(tara, styleGuide.id, []);
    expect(accepted.status).toBe(200);
    expect(accepted.body.settings.isPrivate).toBe(true);
  });
});

describe('stored explicit people', () => {
  it('stores e-mails lower-cased with their account once per item, keeps them for a trashed item’s owner only, and drops them with the item', async () => {
    const trashed = await seeded('Old welcome video');
    expect((await sharePrivately(alex, trashed.id, ['Ian.Individual@Example.com'])).status).toBe(200);
    expect(summary((await permissions(alex, trashed.id)).body.people)).toContainEqual(['ian.individual@example.com', ['explicit'], 0]);
    // In the trash the item is its owner's alone.
    expect(refusalReason(await get(ian, trashed.id))).toBe('notFound');
    expect((await permissions(ian, trashed.id)).status).toBe(404);

    const sqlite = new SQLite(path.join(server.dataDir, 'review.sqlite'));
    try {
      const rows = () => sqlite.prepare('select email, user_aid from item_shares where item_id = ?').all(trashed.id);
      expect(rows()).toEqual([{ email: 'ian.individual@example.com', user_aid: ian.aid }]);
      expect(() => sqlite.prepare("insert into item_shares (item_id, email, user_aid, created_at) values (?, 'ian.individual@example.com', null, 'now')").run(trashed.id)).toThrow(/UNIQUE/);
      const destroyed = (await alex.socket.timeout(5000).emitWithAck('item.bulkDestroy', { ids: [trashed.id] })) as { success: boolean };
      expect(destroyed.success).toBe(true);
      expect(rows()).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});

describe('PUT /api/items/:itemId/share-settings/public', () => {
  it('sets, keeps and clears the password an anonymous reviewer must give', async () => {
    const item = await seeded('Sales pitch practice');
    expect(ackData(await get(guest, item.id)).item.id).toBe(item.id);

    const set = await sharePublicly(alex, item.id, { allowAnonComments: true, password: 's3cret pass' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ settings: { isPrivate: false, allowAnonComments: true, hasPassword: true } });
    expect(refusalReason(await get(guest, item.id))).toBe('passwordFailed');
    expect(refusalReason(await get(guest, item.id, 'wrong'))).toBe('passwordFailed');
    expect(ackData(await get(guest, item.id, 's3cret pass')).item).toMatchObject({ allowAnonComments: true, hasPassword: true });

    // Absent keeps it.
    const kept = await sharePublicly(alex, item.id, { allowAnonComments: false });
    expect(kept.body.settings).toEqual({ isPrivate: false, allowAnonComments: false, hasPassword: true });
    expect(refusalReason(await get(guest, item.id))).toBe('passwordFailed');
    expect(ackData(await get(guest, item.id, 's3cret pass')).item.id).toBe(item.id);

    // A refused password changes nothing.
    for (const password of ['', '   ', 'x'.repeat(129)]) {
      const refused = await sharePublicly(alex, item.id, { allowAnonComments: true, password });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'Bad Request', message: expect.stringMatching(/password/i) });
    }
    expect((await permissions(alex, item.id)).body.settings).toEqual({ isPrivate: false, allowAnonComments: false, hasPassword: true });
    expect(ackData(await get(guest, item.id, 's3cret pass')).item.id).toBe(item.id);

    // Null clears it.
    const cleared = await sharePublicly(alex, item.id, { allowAnonComments: false, password: null });
    expect(cleared.body.settings.hasPassword).toBe(false);
    expect(ackData(await get(guest, item.id)).item.hasPassword).toBe(false);
  });

  it('makes a private item public again and keeps its explicit people for the next private share', async () => {
    const item = await seeded('Brand guidelines quiz');
    await sharePrivately(alex, item.id, ['ian.individual@example.com']);
    expect(refusalReason(await get(guest, item.id))).toBe('accessDenied');
    const response = await sharePublicly(alex, item.id, { allowAnonComments: false });
    expect(response.body.settings.isPrivate).toBe(false);
    expect(ackData(await get(guest, item.id)).item.isPrivate).toBe(false);
    const listed = await permissions(alex, item.id);
    expect(summary(listed.body.people)).toContainEqual(['ian.individual@example.com', ['explicit'], 0]);
    // The seeded protected item keeps asking others for its password.
    const guarded = await seeded(SEEDED_ITEMS.password);
    expect(ackData(await get(guest, guarded.id, SEEDED_ITEM_PASSWORD)).item.hasPassword).toBe(true);
  });
});

describe('pushes', () => {
  it('sends share.updated on the item namespace and the changed grid record to those who see the item', async () => {
    const item = await seeded('Tools overview');
    const watcher = open(`/item/${item.id}`, { token: nick.token });
    expect(await connectOutcome(watcher)).toBe('connected');
    const shareUpdated = waitFor<ShareUpdatedData>(watcher, 'share.updated');
    const gridUpdate = waitFor<{ item: ItemRecord }>(tara.socket, 'item.updateHashed', (data) => data.item.id === item.id);
    const response = await sharePublicly(alex, item.id, { allowAnonComments: true, password: 'tools' });
    expect(response.status).toBe(200);
    expect(await shareUpdated).toMatchObject({ itemId: item.id, isPrivate: false, allowAnonComments: true, hasPassword: true, messageId: expect.any(String) });
    expect((await gridUpdate).item.hash).not.toBe(item.hash);

    const privateUpdate = waitFor<ShareUpdatedData>(watcher, 'share.updated', (data) => data.isPrivate);
    const privateRecord = waitFor<{ item: ItemRecord }>(tara.socket, 'item.updateHashed', (data) => data.item.id === item.id && data.item.isPrivate === true);
    expect((await sharePrivately(alex, item.id, [])).status).toBe(200);
    expect(await privateUpdate).toMatchObject({ itemId: item.id, isPrivate: true, allowAnonComments: true, hasPassword: true });
    expect((await privateRecord).item.title).toBe('Tools overview');
  });
});

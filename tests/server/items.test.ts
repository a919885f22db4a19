/**
 * The item view and uploads over the real service (issue 5, "Reference service" and "Bad input"): item.get
 * with its folder, public-link, password and private rules (also for anonymous reviewers and on the item
 * namespace), uploads through the real upload URL call and PUT to processed versions, new versions, restore,
 * delete by key, failed uploads, downloads and backups. One server for the file; tests that change something
 * work on items they create, so the seeded library (server/README.md "Content seed") stays as seeded.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { strToU8, zipSync } from 'fflate';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPushes, ItemRecord } from '../../domain/content.ts';
import { ITEM_READ_CALL, UPLOAD_KEY_PREFIXES, type Backup, type ItemAck, type ItemAckData, type ItemDetail, type ItemPayload, type ItemPushes, type ItemRequestName, type ItemVersion } from '../../domain/items.ts';
import { SEEDED_ITEM_PASSWORD, SEEDED_ITEMS } from '../../server/seedContent.ts';
import { buildRiseFixture, buildStoryFixture, videoFixture } from '../../server/uploads/index.ts';
import { ackData, callApi, callJson, collect, connectOutcome, connectUser, fetchPackage, openSocket, refusalReason, itemInGrid, sleep, type UserClient, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

type Client = UserClient;

let server: TestServer;
let alex: Client;
let tara: Client;
let sam: Client;
let nick: Client;
let ian: Client;
let guest: Socket;
let libraryId: number;
const sockets: Socket[] = [];

function client(email: string): Promise<Client> {
  return connectUser(server.url, email, sockets);
}

const open = (namespace: string, auth: Record<string, string>): Socket => openSocket(server.url, namespace, auth, sockets);

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  const clients = await Promise.all(['alex.admin', 'tara.team', 'sam.staff', 'nick.nonadmin', 'ian.individual'].map((name) => client(`${name}@example.com`)));
  [alex, tara, sam, nick, ian] = clients as [Client, Client, Client, Client, Client];
  guest = open('/anon', { email: 'guest.reviewer@example.org' });
  expect(await connectOutcome(guest)).toBe('connected');
  const folders = (await alex.socket.timeout(5000).emitWithAck('folder.fetch', {})) as { data: { folders: { id: number; name: string }[] } };
  libraryId = folders.data.folders.find((f) => f.name === 'Team Library')!.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function call<K extends ItemRequestName>(who: Client | Socket, event: K, payload: ItemPayload<K>): Promise<ItemAck<ItemAckData<K>>> {
  const socket = 'socket' in who ? who.socket : who;
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<ItemAck<ItemAckData<K>>>;
}

const ok = ackData;

const reasonOf = refusalReason;

const get = (who: Client | Socket, id: string, pass: string | null = null) => call(who, 'item.get', { id, pass, protectedLinksFlagEnabled: true });

/** A seeded item by title, as its owner's grid lists it (the trash included). */
const seeded = (title: string, owner: Client = alex): Promise<ItemRecord> => itemInGrid(owner, title);


const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const md5Base64 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');
const blobFile = (key: string) => path.join(server.dataDir, 'blobs', key);
const packageDir = (versionId: string) => path.join(server.dataDir, 'packages', versionId);
const tempFiles = () => readdirSync(path.join(server.dataDir, 'upload-tmp'));

interface Issued {
  key: string;
  url: string;
}

/** §7 upload URL call, as the client makes it. */
async function uploadUrl(who: Client, kind: 'storyline' | 'video', fileName: string): Promise<Issued> {
  const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES[kind], fileName });
  const response = await callJson<Issued>(server.url, `/api/uploads/url?${query}`, { token: who.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** The PUT to the returned URL, with Content-MD5. */
async function put(url: string, bytes: Uint8Array, type = 'application/zip'): Promise<number> {
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type, 'content-md5': md5Base64(bytes), 'content-disposition': 'attachment' } });
  await response.arrayBuffer();
  return response.status;
}

const storyZip = (title: string, slides = ['Welcome', 'Lesson']) => buildStoryFixture({ title, slides: slides.map((t, i) => ({ id: `s${i}`, title: t, sceneIndex: 0 })) });

interface Upload {
  issued: Issued;
  bytes: Uint8Array;
  ref: { key: string; fileName: string; size: number; md5: string };
}

async function prepare(who: Client, kind: 'storyline' | 'video', fileName: string, bytes: Uint8Array): Promise<Upload> {
  const issued = await uploadUrl(who, kind, fileName);
  return { issued, bytes, ref: { key: issued.key, fileName, size: bytes.length, md5: md5Hex(bytes) } };
}

/** item.create with a fresh upload; answers the created item and version. */
async function create(who: Client, title: string, bytes: Uint8Array, options: { kind?: 'storyline' | 'video'; folderId?: number | null; fileName?: string } = {}) {
  const kind = options.kind ?? 'storyline';
  const upload = await prepare(who, kind, options.fileName ?? `${title}.${kind === 'video' ? 'mp4' : 'zip'}`, bytes);
  const data = ok(await call(who, 'item.create', { title, kind, folderId: options.folderId === undefined ? libraryId : options.folderId, upload: upload.ref }));
  return { ...data, upload };
}

/** Watches an item's namespace as `who`. */
async function watch(who: Client, itemId: string): Promise<Socket> {
  const socket = open(`/item/${itemId}`, { token: who.token });
  expect(await connectOutcome(socket)).toBe('connected');
  return socket;
}

const stateIs = (state: string) => (data: ItemPushes['item.versionUpdated']) => data.version.state === state;

describe('item.get', () => {
  it('gives the owner the item with its versions oldest first, every item action and the folder name', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const { item } = ok(await get(sam, styleGuide.id));
    expect(item).toMatchObject({ id: styleGuide.id, title: 'Style guide', isOwner: true, folderName: 'Team Library', hasPassword: false, isUploading: false, isErrored: false, versionState: 'ready' });
    expect(item.versions.map((v) => [v.number, v.state])).toEqual([
      [1, 'ready'],
      [2, 'ready'],
      [3, 'ready'],
    ]);
    expect(item.latestVersion).toEqual(item.versions[2]);
    expect(item.versions[1]!.userId).toBe(tara.aid);
    expect(item.uploader?.userId).toBe(sam.aid);
    expect(item.versions[2]!.meta?.slides.map((s) => s.title)).toEqual(['Welcome', 'Voice and tone', 'Colours', 'Typography']);
    expect(item.versions[2]!).toMatchObject({ playerFile: 'story.html', contentPrefix: expect.stringMatching(new RegExp(`^http://[a-z0-9]{26}\\.packages\\.localhost:\\d+/packages/${item.versions[2]!.id}/[\\w-]+\\.[\\w-]+/$`)), thumbnail: { key: expect.any(String) } });
    // Sam is manager of the folder; as owner of the item he also has the owner's item actions.
    expect(item.actions).toEqual(expect.arrayContaining(['viewItem', 'moveItem', 'deleteItem', 'restoreItem', 'hardDeleteItem']));
    expect(item.thumbnailUrl).toBe(item.versions[2]!.thumbnailUrl);
    // The player loads the unpacked package from its own origin, never the dashboard's.
    const player = await fetchPackage(`${item.versions[2]!.contentPrefix}story.html`);
    expect(player.status).toBe(200);
    expect(player.text).toContain('Style guide');
    expect(player.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${new URL(server.url).origin}`);
  });

  it('gives a folder viewer the folder’s actions only, and someone outside the folder the public link without actions', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const viewer = ok(await get(nick, styleGuide.id)).item;
    expect(viewer).toMatchObject({ isOwner: false, folderName: 'Team Library', actions: ['viewFolder', 'viewPermissions', 'viewItem'] });
    const outsider = ok(await get(ian, styleGuide.id)).item;
    expect(outsider).toMatchObject({ isOwner: false, folderName: null, actions: [] });
    expect(outsider.versions).toHaveLength(3);
    const anonymous = ok(await get(guest, styleGuide.id)).item;
    expect(anonymous).toMatchObject({ id: styleGuide.id, isOwner: false, actions: [] });
  });

  it('asks for the password through the public link only, refusing a missing or wrong one', async () => {
    const guarded = await seeded(SEEDED_ITEMS.password);
    expect(ok(await get(alex, guarded.id)).item).toMatchObject({ hasPassword: true, isOwner: true });
    expect(ok(await get(nick, guarded.id)).item.hasPassword).toBe(true);
    expect(reasonOf(await get(ian, guarded.id))).toBe('passwordFailed');
    expect(reasonOf(await get(ian, guarded.id, 'let me in'))).toBe('passwordFailed');
    expect(ok(await get(ian, guarded.id, SEEDED_ITEM_PASSWORD)).item.id).toBe(guarded.id);
    expect(reasonOf(await get(guest, guarded.id, ''))).toBe('passwordFailed');
    expect(ok(await get(guest, guarded.id, SEEDED_ITEM_PASSWORD)).item.id).toBe(guarded.id);
    // The password itself never travels.
    expect(JSON.stringify(ok(await get(alex, guarded.id)))).not.toContain('scrypt');
  });

  it('denies a private item to everyone outside its folder, and hides a trashed item from all but its owner', async () => {
    const privateItem = await seeded(SEEDED_ITEMS.private);
    expect(ok(await get(tara, privateItem.id)).item.isPrivate).toBe(true);
    expect(reasonOf(await get(ian, privateItem.id))).toBe('accessDenied');
    expect(reasonOf(await get(guest, privateItem.id, SEEDED_ITEM_PASSWORD))).toBe('accessDenied');

    const trashed = await seeded('Deprecated pricing course');
    expect(ok(await get(alex, trashed.id)).item).toMatchObject({ isArchived: true, isOwner: true });
    expect(reasonOf(await get(sam, trashed.id))).toBe('notFound');
    expect(reasonOf(await get(ian, trashed.id))).toBe('notFound');
    expect(reasonOf(await get(alex, 'no-such-item'))).toBe('notFound');
  });

  it('refuses malformed payloads and item requests other than item.get on /anon', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    expect(reasonOf((await alex.socket.timeout(5000).emitWithAck('item.get', { id: styleGuide.id, pass: null, protectedLinksFlagEnabled: true, extra: 1 })) as ItemAck<unknown>)).toBe(
      'invalidRequest',
    );
    expect(reasonOf((await alex.socket.timeout(5000).emitWithAck('item.get', { id: styleGuide.id })) as ItemAck<unknown>)).toBe('invalidRequest');
    // Not answered at all on /anon: uploads need an account.
    await expect(guest.timeout(300).emitWithAck('item.restoreVersion', { itemId: styleGuide.id, version: 1 })).rejects.toThrow();
  });

  it('shows each seeded item’s latest version state in the grid', async () => {
    expect((await seeded(SEEDED_ITEMS.processing, tara)).versionState).toBe('processing');
    expect((await seeded(SEEDED_ITEMS.unpackFailed, sam)).versionState).toBe('unpackFailed');
    expect((await seeded(SEEDED_ITEMS.videoTwoVersions)).versionState).toBe('ready');
    const handbook = ok(await get(alex, (await seeded(SEEDED_ITEMS.riseTwoVersions)).id)).item;
    expect(handbook.versions.map((v) => v.meta?.lessons.length)).toEqual([2, 3]);
    expect(handbook.latestVersion?.playerFile).toBe('index.html');
  });
});

describe('the item read over HTTP', () => {
  const read = (who: Client | null, id: string, body: unknown = { pass: null }) =>
    callApi<{ item?: ItemDetail; reason?: string; message?: string }>(server.url, { method: ITEM_READ_CALL.method, path: `${ITEM_READ_CALL.path}${encodeURIComponent(id)}` }, who, body);

  it('answers what item.get answers, as the reader may see it', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const owner = await read(sam, styleGuide.id);
    expect(owner.status).toBe(200);
    const overSocket = ok(await get(sam, styleGuide.id)).item;
    expect(owner.body.item).toMatchObject({ id: styleGuide.id, isOwner: true, folderName: 'Team Library', actions: overSocket.actions });
    expect(owner.body.item?.versions.map((v) => v.id)).toEqual(overSocket.versions.map((v) => v.id));
    expect((await read(ian, styleGuide.id)).body.item).toMatchObject({ isOwner: false, folderName: null, actions: [] });
  });

  it('takes the password in the body and refuses as item.get does: wrong password, private, trashed, unknown', async () => {
    const guarded = await seeded(SEEDED_ITEMS.password);
    expect(await read(ian, guarded.id)).toMatchObject({ status: 403, body: { reason: 'passwordFailed' } });
    expect(await read(ian, guarded.id, { pass: 'let me in' })).toMatchObject({ status: 403, body: { reason: 'passwordFailed' } });
    expect((await read(ian, guarded.id, { pass: SEEDED_ITEM_PASSWORD })).body.item?.id).toBe(guarded.id);
    const privateItem = await seeded(SEEDED_ITEMS.private);
    expect(await read(ian, privateItem.id)).toMatchObject({ status: 403, body: { reason: 'accessDenied' } });
    const trashed = await seeded('Deprecated pricing course');
    expect(await read(sam, trashed.id)).toMatchObject({ status: 404, body: { reason: 'notFound' } });
    expect(await read(alex, 'no-such-item')).toMatchObject({ status: 404, body: { reason: 'notFound' } });
  });

  it('needs an account, and refuses a malformed body with a clear error', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    expect((await read(null, styleGuide.id)).status).toBe(401);
    for (const body of [{}, { pass: 3 }, { pass: null, extra: 1 }, { pass: 'x'.repeat(2000) }]) {
      const answer = await read(alex, styleGuide.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/body/);
    }
  });
});

describe('uploads', () => {
  it('creates an item uploading, then the PUT makes it uploaded and processing makes it ready, pushed to the folder’s people', async () => {
    const bytes = storyZip('Onboarding quiz', ['Start', 'Question 1', 'Result']);
    const upload = await prepare(tara, 'storyline', 'Onboarding quiz.zip', bytes);
    const nickCreated = waitFor<ItemPushes['item.versionCreated']>(nick.socket, 'item.versionCreated', (d) => d.version.package.key === upload.ref.key);
    const { item, version } = ok(await call(tara, 'item.create', { title: '  Onboarding quiz ', kind: 'storyline', folderId: libraryId, upload: upload.ref }));
    expect(item).toMatchObject({ title: 'Onboarding quiz', product: 'storyline', folderId: libraryId, versionState: 'uploading', isUploading: true, isOwner: true, originalUserId: tara.aid });
    expect(version).toMatchObject({ number: 1, state: 'uploading', progress: 0, userId: tara.aid, fileName: 'Onboarding quiz.zip', size: bytes.length, package: { key: upload.ref.key, md5_checksum: upload.ref.md5 } });
    // Nick sees the folder: the new version arrives with his own view of the item.
    expect((await nickCreated).item).toMatchObject({ id: item.id, isOwner: false, actions: ['viewFolder', 'viewPermissions', 'viewItem'] });

    const room = await watch(nick, item.id);
    const uploaded = waitFor(room, 'item.versionUpdated', stateIs('uploaded'));
    const ready = waitFor(room, 'item.versionUpdated', stateIs('ready'));
    const grid = waitFor<ContentPushes['item.updateHashed']>(nick.socket, 'item.updateHashed', (d) => d.item.id === item.id && d.item.versionState === 'ready');
    const backupReady = waitFor<ItemPushes['item.backupUpdated']>(room, 'item.backupUpdated', (d) => d.backup.status === 'ready');
    expect(await put(upload.issued.url, bytes)).toBe(200);
    expect((await uploaded).version.progress).toBe(1);
    const done = (await ready).version;
    expect(done.meta).toMatchObject({ title: 'Onboarding quiz', slides: [{ id: 's0', title: 'Start', sceneIndex: 0 }, expect.anything(), expect.anything()], player: { name: 'Modern' } });
    expect((await grid).item.thumbnailUrl).toBe(done.thumbnailUrl);
    expect((await backupReady).backup).toMatchObject({ version: 1, status: 'ready' });

    const backups = await callJson<{ backups: Backup[] }>(server.url, `/api/backups/${item.id}`, { token: tara.token });
    expect(backups.body.backups).toEqual([{ id: expect.any(String), version: 1, status: 'ready' }]);
    const link = await callJson<{ downloadURL: string }>(server.url, `/api/backups/download/v1/${backups.body.backups[0]!.id}`, { token: nick.token });
    expect(link.status).toBe(200);
    const file = await fetch(link.body.downloadURL);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Onboarding quiz.story');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it('refuses upload keys that were not issued for the kind or were used already', async () => {
    const bytes = storyZip('Keys');
    const video = await prepare(tara, 'video', 'clip.mp4', bytes);
    expect(reasonOf(await call(tara, 'item.create', { title: 'Keys', kind: 'storyline', folderId: null, upload: video.ref }))).toBe('invalidRequest');
    expect(reasonOf(await call(tara, 'item.create', { title: 'Keys', kind: 'storyline', folderId: null, upload: { ...video.ref, key: 'review/uploads/../x/a.zip' } }))).toBe('invalidRequest');
    const { upload } = await create(tara, 'Keys', bytes, { folderId: null });
    expect(reasonOf(await call(tara, 'item.create', { title: 'Keys again', kind: 'storyline', folderId: null, upload: upload.ref }))).toBe('invalidRequest');
    // A viewer may not add items to the folder.
    const story = await prepare(nick, 'storyline', 'x.zip', bytes);
    expect(reasonOf(await call(nick, 'item.create', { title: 'Nope', kind: 'storyline', folderId: libraryId, upload: story.ref }))).toBe('forbidden');
  });

  it.each([
    ['a zip without story.html', buildRiseFixture({ title: 'Not a story', lessons: [{ id: 'l1', title: 'One' }] })],
    ['a zip reaching out with ../', zipSync({ 'story.html': strToU8('<p>x</p>'), '../escape.txt': strToU8('out') })],
  ])('marks %s unpackFailed, keeps no unpacked files, and tells the owner', async (_case, bytes) => {
    const { item, version, upload } = await create(tara, 'Not a story', bytes, { folderId: null });
    const room = await watch(tara, item.id);
    const failed = waitFor(room, 'item.versionUpdated', stateIs('unpackFailed'));
    expect(await put(upload.issued.url, bytes)).toBe(200);
    expect((await failed).version.meta).toBeNull();
    const after = ok(await get(tara, item.id)).item;
    expect(after).toMatchObject({ isErrored: true, versionState: 'unpackFailed', thumbnailUrl: null });
    expect(existsSync(packageDir(version.id))).toBe(false);
    expect(readdirSync(path.join(server.dataDir, 'packages')).filter((name) => name.startsWith(version.id) || name === 'escape.txt')).toEqual([]);
    // No backup of a package that failed.
    expect((await callJson<{ backups: Backup[] }>(server.url, `/api/backups/${item.id}`, { token: tara.token })).body.backups).toEqual([]);
  });

  it('marks a renamed .exe uploaded as a video invalidVideoFile', async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
    const { item, upload } = await create(tara, 'Holiday clip', exe, { kind: 'video', fileName: 'Holiday clip.mp4', folderId: null });
    expect(item.product).toBe('video');
    const room = await watch(tara, item.id);
    const failed = waitFor(room, 'item.versionUpdated', stateIs('invalidVideoFile'));
    expect(await put(upload.issued.url, exe, 'video/mp4')).toBe(200);
    await failed;
    expect(ok(await get(tara, item.id)).item.versionState).toBe('invalidVideoFile');
  });

  it('marks an empty video invalidVideoFile', async () => {
    const empty = new Uint8Array(0);
    const { item, upload } = await create(tara, 'Empty clip', empty, { kind: 'video', folderId: null });
    const room = await watch(tara, item.id);
    const failed = waitFor(room, 'item.versionUpdated', stateIs('invalidVideoFile'));
    expect(await put(upload.issued.url, empty, 'video/mp4')).toBe(200);
    await failed;
  });

  it('marks an upload cut off mid-way uploadFailed and keeps no partial file', async () => {
    const bytes = storyZip('Cut off', Array.from({ length: 40 }, (_, i) => `Slide ${i}`));
    const { item, upload } = await create(tara, 'Cut off', bytes, { folderId: null });
    const room = await watch(tara, item.id);
    const failed = waitFor(room, 'item.versionUpdated', stateIs('uploadFailed'));
    await new Promise<void>((resolve) => {
      const target = new URL(upload.issued.url);
      const request = http.request({ hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'PUT', headers: { 'content-length': String(bytes.length), 'content-md5': md5Base64(bytes), 'content-type': 'application/zip' } });
      request.on('error', () => resolve());
      request.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => setTimeout(() => request.destroy(), 50));
      request.on('close', () => resolve());
    });
    await failed;
    expect(existsSync(blobFile(upload.ref.key))).toBe(false);
    expect(tempFiles()).toEqual([]);
    expect(ok(await get(tara, item.id)).item).toMatchObject({ isErrored: true, versionState: 'uploadFailed' });
  });

  it('marks a stalled upload failed for its uploader only, after which its PUT is refused', async () => {
    const bytes = storyZip('Stalled');
    const { item, upload } = await create(tara, 'Stalled', bytes);
    expect(reasonOf(await call(alex, 'item.markUploadFailed', { itemId: item.id, key: upload.ref.key }))).toBe('forbidden');
    const marked = ok(await call(tara, 'item.markUploadFailed', { itemId: item.id, key: upload.ref.key })).item;
    expect(marked.latestVersion?.state).toBe('uploadFailed');
    expect(await put(upload.issued.url, bytes)).toBeGreaterThanOrEqual(400);
    expect(existsSync(blobFile(upload.ref.key))).toBe(false);
    expect(ok(await get(tara, item.id)).item.latestVersion?.state).toBe('uploadFailed');
  });
});

describe('versions', () => {
  /** A ready storyline item of Tara's in Team Library with `count` versions. */
  async function readyItem(title: string, count: number): Promise<ItemDetail> {
    const first = storyZip(title, ['v1']);
    const { item, upload } = await create(tara, title, first);
    const room = await watch(tara, item.id);
    let ready = waitFor(room, 'item.versionUpdated', stateIs('ready'));
    expect(await put(upload.issued.url, first)).toBe(200);
    await ready;
    for (let n = 2; n <= count; n++) {
      const bytes = storyZip(title, [`v${n}`]);
      const next = await prepare(tara, 'storyline', `${title} ${n}.zip`, bytes);
      ok(await call(tara, 'item.upload', { itemId: item.id, kind: 'storyline', upload: next.ref }));
      ready = waitFor(room, 'item.versionUpdated', stateIs('ready'));
      expect(await put(next.issued.url, bytes)).toBe(200);
      await ready;
    }
    return ok(await get(tara, item.id)).item;
  }

  it('adds a new version, pushed to the folder’s people, and refuses one of the wrong kind or from a viewer', async () => {
    const item = await readyItem('Versioned course', 1);
    const bytes = storyZip('Versioned course', ['v2']);
    const next = await prepare(tara, 'storyline', 'v2.zip', bytes);
    const pushed = waitFor<ItemPushes['item.versionCreated']>(sam.socket, 'item.versionCreated', (d) => d.itemId === item.id);
    const { item: after, version } = ok(await call(tara, 'item.upload', { itemId: item.id, kind: 'storyline', upload: next.ref }));
    expect(version).toMatchObject({ number: 2, state: 'uploading' });
    expect(after.versions).toHaveLength(2);
    expect((await pushed).item.isOwner).toBe(false);
    const clip = await prepare(tara, 'video', 'v3.mp4', videoFixture());
    expect(reasonOf(await call(tara, 'item.upload', { itemId: item.id, kind: 'video', upload: clip.ref }))).toBe('uploadNotAllowed');
    const viewer = await prepare(nick, 'storyline', 'v3.zip', bytes);
    expect(reasonOf(await call(nick, 'item.upload', { itemId: item.id, kind: 'storyline', upload: viewer.ref }))).toBe('forbidden');
  });

  it('restores an earlier version as a new ready one sharing its unpacked package; not the latest, not out of range, not for a viewer', async () => {
    const item = await readyItem('Restorable course', 2);
    expect(reasonOf(await call(nick, 'item.restoreVersion', { itemId: item.id, version: 1 }))).toBe('forbidden');
    expect(reasonOf(await call(tara, 'item.restoreVersion', { itemId: item.id, version: 2 }))).toBe('invalidRequest');
    expect(reasonOf(await call(tara, 'item.restoreVersion', { itemId: item.id, version: 0 }))).toBe('invalidRequest');
    expect(reasonOf(await call(tara, 'item.restoreVersion', { itemId: item.id, version: 9 }))).toBe('invalidRequest');
    const pushed = waitFor<ItemPushes['item.versionCreated']>(nick.socket, 'item.versionCreated', (d) => d.itemId === item.id);
    const restored = ok(await call(tara, 'item.restoreVersion', { itemId: item.id, version: 1 })).item;
    const [v1, , v3] = restored.versions as [ItemVersion, ItemVersion, ItemVersion];
    expect(restored.versions).toHaveLength(3);
    expect(v3).toMatchObject({ number: 3, state: 'ready', contentPrefix: v1.contentPrefix, meta: v1.meta, package: v1.package });
    expect(restored.thumbnailUrl).toBe(v1.thumbnailUrl);
    expect((await pushed).version.number).toBe(3);
    // Alex owns Team Library: restoreItem comes with the role.
    expect(ok(await call(alex, 'item.restoreVersion', { itemId: item.id, version: 2 })).item.versions).toHaveLength(4);
  });

  it('deletes a version by key only when it is not ready; the last one takes the item with it', async () => {
    const item = await readyItem('Cancelled course', 1);
    expect(reasonOf(await call(tara, 'item.deleteVersionByKey', { itemId: item.id, key: item.versions[0]!.package.key }))).toBe('versionReady');
    const bytes = storyZip('Cancelled course', ['v2']);
    const next = await prepare(tara, 'storyline', 'v2.zip', bytes);
    ok(await call(tara, 'item.upload', { itemId: item.id, kind: 'storyline', upload: next.ref }));
    expect(reasonOf(await call(nick, 'item.deleteVersionByKey', { itemId: item.id, key: next.ref.key }))).toBe('forbidden');
    const room = await watch(tara, item.id);
    const gone = waitFor<ItemPushes['item.versionUpdated']>(room, 'item.versionUpdated', (d) => d.deleted);
    const after = ok(await call(tara, 'item.deleteVersionByKey', { itemId: item.id, key: next.ref.key })).item;
    expect(after?.versions.map((v) => v.number)).toEqual([1]);
    expect((await gone).version.package.key).toBe(next.ref.key);
    // The upload that was cancelled cannot land any more.
    expect(await put(next.issued.url, bytes)).toBeGreaterThanOrEqual(400);
    expect(existsSync(blobFile(next.ref.key))).toBe(false);

    const lone = await create(tara, 'Lone upload', bytes);
    const destroyed = waitFor<ContentPushes['item.hardDeleteHashed']>(nick.socket, 'item.hardDeleteHashed', (d) => d.id === lone.item.id);
    expect(ok(await call(tara, 'item.deleteVersionByKey', { itemId: lone.item.id, key: lone.upload.ref.key })).item).toBeNull();
    expect(await destroyed).toEqual({ id: lone.item.id, folderId: libraryId, messageId: expect.any(String) });
    expect(reasonOf(await get(tara, lone.item.id))).toBe('notFound');
  });

  it('removes unpacked packages of an item deleted forever once nothing else uses them', async () => {
    const item = await readyItem('Short-lived course', 1);
    const versionId = item.versions[0]!.id;
    expect(existsSync(packageDir(versionId))).toBe(true);
    const copy = (await tara.socket.timeout(5000).emitWithAck('item.duplicate', { id: item.id, title: 'Short-lived copy' })) as { data: { item: ItemRecord } };
    expect(copy.data.item.versionState).toBe('ready');
    for (const id of [item.id, copy.data.item.id]) {
      await tara.socket.timeout(5000).emitWithAck('item.update', { id, archived: true });
    }
    await tara.socket.timeout(5000).emitWithAck('item.bulkDestroy', { ids: [item.id] });
    // The duplicate still shows the package.
    expect(existsSync(packageDir(versionId))).toBe(true);
    await tara.socket.timeout(5000).emitWithAck('item.bulkDestroy', { ids: [copy.data.item.id] });
    expect(existsSync(packageDir(versionId))).toBe(false);
    expect(existsSync(blobFile(item.versions[0]!.package.key))).toBe(false);
  });
});

describe('downloads and backups', () => {
  it('signs a video download named after the title, and refuses it for other products', async () => {
    const video = await seeded(SEEDED_ITEMS.videoTwoVersions);
    const { url, fileName } = ok(await call(nick, 'item.presignDownload', { itemId: video.id, version: 2 }));
    expect(fileName).toBe('All-hands recording March.webm');
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(videoFixture());
    expect(reasonOf(await call(nick, 'item.presignDownload', { itemId: video.id, version: 3 }))).toBe('invalidRequest');
    // Only for those who may view it (the grid's item menu offers Download to them alone).
    // Ian may watch it through its public link, but has no access to its folder: no download.
    expect(reasonOf(await call(ian, 'item.presignDownload', { itemId: video.id, version: 2 }))).toBe('forbidden');
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    expect(reasonOf(await call(nick, 'item.presignDownload', { itemId: styleGuide.id, version: 1 }))).toBe('invalidRequest');
  });

  it('answers a package download link at once and pushes it on the item namespace', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const room = await watch(nick, styleGuide.id);
    const pushed = waitFor<ItemPushes['item.packageReadyForDownload']>(room, 'item.packageReadyForDownload');
    const { url } = ok(await call(nick, 'item.packagePresign', { itemId: styleGuide.id, version: 1 }));
    expect(url).toMatch(/^http/);
    // Each watcher gets a link signed for them (its expiry is the signing time's): both download the same package.
    const push = await pushed;
    expect(push).toMatchObject({ itemId: styleGuide.id, version: 1 });
    for (const link of [url!, push.url]) {
      const file = await fetch(link);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain('Style guide.zip');
    }
  });

  it('lists backups newest first to those who may open the item, and answers 409 for one not ready', async () => {
    const styleGuide = await seeded(SEEDED_ITEMS.threeVersions);
    const list = await callJson<{ backups: Backup[] }>(server.url, `/api/backups/${styleGuide.id}`, { token: nick.token });
    expect(list.status).toBe(200);
    expect(list.body.backups.map((b) => [b.version, b.status])).toEqual([
      [3, 'ready'],
      [2, 'ready'],
      [1, 'ready'],
    ]);
    const privateItem = await seeded(SEEDED_ITEMS.private);
    expect((await callJson(server.url, `/api/backups/${privateItem.id}`, { token: ian.token })).status).toBe(404);
    expect((await callJson(server.url, `/api/backups/${styleGuide.id}`)).status).toBe(401);
    expect((await callJson(server.url, '/api/backups/download/v1/no-such-backup', { token: nick.token })).status).toBe(404);

    // A backup still being made (the service makes and finishes its own in one go, so one is written here).
    const sqlite = new SQLite(path.join(server.dataDir, 'review.sqlite'));
    try {
      const versionId = ok(await get(nick, styleGuide.id)).item.versions[0]!.id;
      sqlite.prepare("insert into backups (id, item_id, version_id, status, blob_key, created_at) values ('pending-backup', ?, ?, 'created', 'x', ?)").run(styleGuide.id, versionId, new Date().toISOString());
    } finally {
      sqlite.close();
    }
    const pending = await callJson<{ error: string }>(server.url, '/api/backups/download/v1/pending-backup', { token: nick.token });
    expect(pending.status).toBe(409);
  });
});

describe('the item namespace', () => {
  it('lets in those who may open the item: the folder without a password, the public link with the right one', async () => {
    const guarded = await seeded(SEEDED_ITEMS.password);
    const privateItem = await seeded(SEEDED_ITEMS.private);
    expect(await connectOutcome(open(`/item/${guarded.id}`, { token: nick.token }))).toBe('connected');
    expect(await connectOutcome(open(`/item/${guarded.id}`, { token: ian.token }))).toBe('password_failed');
    expect(await connectOutcome(open(`/item/${guarded.id}`, { token: ian.token, password: 'nope' }))).toBe('password_failed');
    expect(await connectOutcome(open(`/item/${guarded.id}`, { token: ian.token, password: SEEDED_ITEM_PASSWORD }))).toBe('connected');
    expect(await connectOutcome(open(`/item/${guarded.id}`, { email: 'guest.reviewer@example.org', password: SEEDED_ITEM_PASSWORD }))).toBe('connected');
    expect(await connectOutcome(open(`/item/${guarded.id}`, { email: 'alex.admin@example.com', password: SEEDED_ITEM_PASSWORD }))).toBe('account_exists');
    expect(await connectOutcome(open(`/item/${privateItem.id}`, { token: ian.token }))).toBe('access_denied');
    expect(await connectOutcome(open('/item/no-such-item', { token: alex.token }))).toBe('not_found');
    expect(await connectOutcome(open(`/item/${guarded.id}`, {}))).toBe('unauthorized');
  });

  it('sends each watcher the item as they may see it', async () => {
    const { item, upload } = await create(alex, 'Watched course', storyZip('Watched course'));
    const owner = await watch(alex, item.id);
    const outsider = open(`/item/${item.id}`, { token: ian.token });
    expect(await connectOutcome(outsider)).toBe('connected');
    const seenByOwner = collect<ItemPushes['item.versionCreated']>(owner, 'item.versionCreated');
    const seenByOutsider = collect<ItemPushes['item.versionCreated']>(outsider, 'item.versionCreated');
    await put(upload.issued.url, storyZip('Watched course'));
    const bytes = storyZip('Watched course', ['Second']);
    const next = await prepare(alex, 'storyline', 'second.zip', bytes);
    ok(await call(alex, 'item.upload', { itemId: item.id, kind: 'storyline', upload: next.ref }));
    for (let i = 0; i < 40 && (seenByOwner.length === 0 || seenByOutsider.length === 0); i++) await sleep(25);
    expect(seenByOwner[0]?.item).toMatchObject({ isOwner: true, folderName: 'Team Library' });
    expect(seenByOutsider[0]?.item).toMatchObject({ isOwner: false, folderName: null, actions: [] });
  });
});

/**
 * Two service instances on one PostgreSQL database and one object store (a local S3 server, s3rver), each with a data
 * folder of its own (only the OIDC secrets file is shared, as a deployment shares its secrets): an upload PUT to A is
 * played through B, its download link and its thumbnail are served by B, a translation snapshot stored through A is
 * served by B. Nothing of it is on B's disk before B is asked (server/uploads/blobStore.ts, server/storage/).
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_KEY_PREFIXES, type ItemAck, type ItemDetail, type ItemPushes, type ItemVersion } from '../../domain/items.ts';
import { s3ObjectStore, s3SettingsFromEnv, type S3ObjectStore } from '../../server/storage/s3.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { startLocalS3, type LocalS3 } from '../../tools/s3.ts';
import { ackData, callJson, connectOutcome, connectSocket, connectUser, fetchPackage, type UserClient, waitFor } from '../support/clients.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let s3: LocalS3;
let s3Folder: string;
const stores: S3ObjectStore[] = [];
let a: TestServer;
/** The second instance: its own data folder, A's database, public URL and secrets; its clients use `b.listenUrl`. */
let b: TestServer;
const sockets: Socket[] = [];

const newStore = () => {
  const store = s3ObjectStore(s3SettingsFromEnv(s3.env)!);
  stores.push(store);
  return store;
};

beforeAll(async () => {
  s3Folder = await mkdtemp(path.join(os.tmpdir(), 'review-s3-test-'));
  s3 = await startLocalS3(s3Folder);
  a = await startTestServer({ accessTokenTtlSeconds: 600, objectStore: newStore() });
  const bDir = await mkdtemp(path.join(os.tmpdir(), 'review-server-test-'));
  copyFileSync(path.join(a.dataDir, 'oidc-secrets.json'), path.join(bDir, 'oidc-secrets.json'));
  b = await startTestServer({ accessTokenTtlSeconds: 600, dataDir: bDir, databaseUrl: await testDatabaseFor(a.dataDir), publicUrl: a.url, objectStore: newStore() });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.close();
  await a?.close();
  for (const store of stores) store.close();
  await s3?.stop();
  if (s3Folder) await rm(s3Folder, { recursive: true, force: true });
});

const call = async <T>(who: UserClient, event: string, payload: unknown): Promise<T> => ackData((await who.socket.timeout(5000).emitWithAck(event, payload)) as ItemAck<never>) as T;

/** The same address on B's port: B is asked with the Host of the public URL, as a proxy in front of both would ask. */
function throughB(url: string): { url: string; host: string } {
  const target = new URL(url);
  const host = target.host;
  target.port = new URL(b.listenUrl).port;
  return { url: target.toString(), host };
}

describe('two instances on one object store', () => {
  it('an upload PUT to A is played through B: its package, thumbnail and download come from the object store', async () => {
    const taraOnA = await connectUser(a.url, 'tara.team@example.com', sockets, a.url);
    const taraOnB = await connectUser(b.listenUrl, 'tara.team@example.com', sockets, a.url);
    const title = `Uploaded on A ${randomBytes(3).toString('hex')}`;
    const bytes = buildStoryFixture({ title, slides: [{ id: 's0', title: 'Welcome', sceneIndex: 0 }, { id: 's1', title: 'Played on B', sceneIndex: 0 }] });
    const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES.storyline, fileName: `${title}.zip` });
    const issued = await callJson<{ key: string; url: string }>(a.url, `/api/uploads/url?${query}`, { token: taraOnA.token });
    expect(issued.status).toBe(200);
    const upload = { key: issued.body.key, fileName: `${title}.zip`, size: bytes.length, md5: createHash('md5').update(bytes).digest('hex') };
    const { item } = await call<{ item: { id: string } }>(taraOnA, 'item.create', { title, kind: 'storyline', folderId: null, upload });
    const room = connectSocket(a.url, `/item/${item.id}`, { token: taraOnA.token });
    sockets.push(room);
    expect(await connectOutcome(room)).toBe('connected');
    const ready = waitFor<ItemPushes['item.versionUpdated']>(room, 'item.versionUpdated', (d) => d.version.state === 'ready', 20_000);
    // The signed PUT with its Content-MD5, to A.
    const put = await fetch(issued.body.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/zip', 'content-md5': createHash('md5').update(bytes).digest('base64') } });
    expect(put.status).toBe(200);
    const versionId = (await ready).version.id;
    // Nothing of it is on B's disk: B has only the object store to go by.
    expect(existsSync(path.join(b.dataDir, 'packages', versionId))).toBe(false);
    expect(existsSync(path.join(b.dataDir, 'blobs', upload.key))).toBe(false);

    const { item: onB } = await call<{ item: ItemDetail }>(taraOnB, 'item.get', { id: item.id, pass: null, protectedLinksFlagEnabled: true });
    const version: ItemVersion = onB.versions.at(-1)!;
    expect(version).toMatchObject({ id: versionId, state: 'ready' });
    const player = throughB(`${version.contentPrefix!}${version.playerFile!}`);
    const page = await fetchPackage(player.url, { headers: { host: player.host } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(title);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors");
    const data = throughB(`${version.contentPrefix!}story_content/data.js`);
    expect((await fetchPackage(data.url, { headers: { host: data.host } })).status).toBe(200);

    const thumbnail = await fetch(`${b.listenUrl}${new URL(version.thumbnailUrl!, a.url).pathname}${new URL(version.thumbnailUrl!, a.url).search}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');

    // The uploaded file itself, through a signed download link B issues and B serves.
    const backups = await callJson<{ backups: { id: string }[] }>(b.listenUrl, `/api/backups/${item.id}`, { token: taraOnB.token });
    expect(backups.body.backups).toHaveLength(1);
    const link = await callJson<{ downloadURL: string }>(b.listenUrl, `/api/backups/download/v1/${backups.body.backups[0]!.id}`, { token: taraOnB.token });
    expect(link.status).toBe(200);
    const download = await fetch(link.body.downloadURL.replace(a.url, b.listenUrl));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });
});

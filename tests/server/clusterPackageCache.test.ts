/**
 * A package processed again on one instance is never served stale by another: two instances on one PostgreSQL and one
 * object store (s3rver), each caching packages on its own disk. B serves a version's package (and so caches it), A
 * processes that version again from a changed source (a re-process job, server/content/uploadHooks.ts), and B then
 * serves the new package: A announced it on the realtime bus and B dropped its copy (server/uploads/blobStore.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_KEY_PREFIXES, type ItemAck, type ItemDetail, type ItemPushes } from '../../domain/items.ts';
import { PROCESS_UPLOAD_JOB } from '../../server/content/uploadHooks.ts';
import { s3ObjectStore, s3SettingsFromEnv, type S3ObjectStore } from '../../server/storage/s3.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { startLocalS3, type LocalS3 } from '../../tools/s3.ts';
import { ackData, callJson, connectOutcome, connectSocket, connectUser, fetchPackage, waitFor, type UserClient } from '../support/clients.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let s3: LocalS3;
let s3Folder: string;
const stores: S3ObjectStore[] = [];
let a: TestServer;
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

/** The same address on B's port, asked with the public URL's Host as a proxy in front of both would ask. */
function throughB(url: string): { url: string; host: string } {
  const target = new URL(url);
  const host = target.host;
  target.port = new URL(b.listenUrl).port;
  return { url: target.toString(), host };
}

const story = (title: string) => buildStoryFixture({ title, slides: [{ id: 's0', title: 'Welcome', sceneIndex: 0 }] });

describe('a package processed again', () => {
  it('is served new by the other instance, which had cached the old one', async () => {
    const taraOnA = await connectUser(a.url, 'tara.team@example.com', sockets, a.url);
    const taraOnB = await connectUser(b.listenUrl, 'tara.team@example.com', sockets, a.url);
    const first = `First processing ${randomBytes(3).toString('hex')}`;
    const bytes = story(first);
    const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES.storyline, fileName: `${first}.zip` });
    const issued = await callJson<{ key: string; url: string }>(a.url, `/api/uploads/url?${query}`, { token: taraOnA.token });
    const upload = { key: issued.body.key, fileName: `${first}.zip`, size: bytes.length, md5: createHash('md5').update(bytes).digest('hex') };
    const { item } = await call<{ item: { id: string } }>(taraOnA, 'item.create', { title: first, kind: 'storyline', folderId: null, upload });
    const room = connectSocket(a.url, `/item/${item.id}`, { token: taraOnA.token });
    sockets.push(room);
    expect(await connectOutcome(room)).toBe('connected');
    const ready = waitFor<ItemPushes['item.versionUpdated']>(room, 'item.versionUpdated', (d) => d.version.state === 'ready', 20_000);
    const put = await fetch(issued.body.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/zip', 'content-md5': createHash('md5').update(bytes).digest('base64') } });
    expect(put.status).toBe(200);
    const versionId = (await ready).version.id;

    // B serves the package, and so caches it on its disk.
    const { item: onB } = await call<{ item: ItemDetail }>(taraOnB, 'item.get', { id: item.id, pass: null, protectedLinksFlagEnabled: true });
    const version = onB.versions.at(-1)!;
    const player = throughB(`${version.contentPrefix!}${version.playerFile!}`);
    const before = await fetchPackage(player.url, { headers: { host: player.host } });
    expect(before.status).toBe(200);
    expect(before.text).toContain(first);
    expect(existsSync(path.join(b.dataDir, 'packages', versionId))).toBe(true);

    // The source changes (as a fixed processing would change the result) and A processes the version again.
    const second = `Second processing ${randomBytes(3).toString('hex')}`;
    const changed = story(second);
    await stores[0]!.put(upload.key, changed);
    await writeFile(path.join(a.dataDir, 'blobs', upload.key), changed);
    const again = waitFor<ItemPushes['item.versionUpdated']>(room, 'item.versionUpdated', (d) => d.version.id === versionId && d.version.state === 'ready', 20_000);
    await a.jobs.enqueue(PROCESS_UPLOAD_JOB, { versionId, reprocess: true }, { id: `${PROCESS_UPLOAD_JOB}:${versionId}:again` });
    await again;

    // B, asked the same address with the same ticket, answers with the new package.
    await vi.waitFor(
      async () => {
        const after = await fetchPackage(player.url, { headers: { host: player.host } });
        expect(after.status).toBe(200);
        expect(after.text).toContain(second);
        expect(after.text).not.toContain(first);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});

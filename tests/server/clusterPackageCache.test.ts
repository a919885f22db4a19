/**
 * A package processed again on one instance is never served stale by another: two instances on one PostgreSQL and one
 * object store (s3rver), each caching packages on its own disk. B serves a version's package (and so caches it), A
 * processes that version again from a changed source (a re-process job, server/content/uploadHooks.ts), and B then
 * serves the new package: A announced it on the realtime bus and B dropped its copy (server/uploads/blobStore.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_KEY_PREFIXES, type ItemDetail, type ItemPushes } from '../../domain/items.ts';
import { PROCESS_UPLOAD_JOB } from '../../server/content/uploadHooks.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { callJson, connectOutcome, connectSocket, connectUser, fetchPackage, waitFor } from '../support/clients.ts';
import { useObjectStoreCluster } from '../support/objectStoreCluster.ts';
import type { TestServer } from '../support/testServer.ts';

const cluster = useObjectStoreCluster();
const { sockets, call, throughB } = cluster;
let a: TestServer;
let b: TestServer;
beforeAll(() => {
  ({ a, b } = cluster);
});

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
    await cluster.storeOfA.put(upload.key, changed);
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

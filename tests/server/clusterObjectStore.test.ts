/**
 * Two service instances on one PostgreSQL database and one object store (a local S3 server, s3rver), each with a data
 * folder of its own (only the OIDC secrets file is shared, as a deployment shares its secrets): an upload PUT to A is
 * played through B, its download link and its thumbnail are served by B, a translation snapshot stored through A is
 * served by B. Nothing of it is on B's disk before B is asked (server/uploads/blobStore.ts, server/storage/).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_KEY_PREFIXES, type ItemDetail, type ItemPushes, type ItemVersion } from '../../domain/items.ts';
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

/**
 * A service stopped while uploads were under way (server/README.md "Item view and versions", Uploads): at the next
 * start, a version still `uploading` whose signed upload URL has expired (created more than SIGNED_URL_TTL_MS ago)
 * is `uploadFailed`, so its owner sees Retry; one whose URL still works keeps waiting. Real server, stopped and
 * started again on the same data folder and port.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { SIGNED_URL_TTL_MS } from '../../domain/constants.ts';
import type { ItemRecord } from '../../domain/content.ts';
import { UPLOAD_KEY_PREFIXES, type ItemAck, type ItemAckData, type ItemPayload, type ItemRequestName } from '../../domain/items.ts';
import { ackData, callJson, connectUser, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

const sockets: Socket[] = [];
let first: TestServer | undefined;
let second: TestServer | undefined;

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await second?.close();
  await first?.close();
});

function call<K extends ItemRequestName>(who: UserClient, event: K, payload: ItemPayload<K>): Promise<ItemAck<ItemAckData<K>>> {
  return who.socket.timeout(5000).emitWithAck(event, payload) as Promise<ItemAck<ItemAckData<K>>>;
}

/** item.create with an upload URL issued as the client asks for it, and no PUT: the version stays `uploading`. */
async function startUpload(server: TestServer, who: UserClient, title: string): Promise<{ itemId: string; versionId: string }> {
  const fileName = `${title}.zip`;
  const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES.storyline, fileName });
  const issued = await callJson<{ key: string }>(server.url, `/api/uploads/url?${query}`, { token: who.token });
  expect(issued.status).toBe(200);
  const upload = { key: issued.body.key, fileName, size: 1234, md5: 'd41d8cd98f00b204e9800998ecf8427e' };
  const { item, version } = ackData(await call(who, 'item.create', { title, kind: 'storyline', folderId: null, upload }));
  expect(version.state).toBe('uploading');
  return { itemId: item.id, versionId: version.id };
}

it('marks uploads whose URL expired while the service was down as uploadFailed at start, and leaves younger ones uploading', async () => {
  first = await startTestServer({ accessTokenTtlSeconds: 600 });
  const tara = await connectUser(first.url, 'tara.team@example.com', sockets);
  const cutOff = await startUpload(first, tara, 'Cut off by a restart');
  const recent = await startUpload(first, tara, 'Still has time');
  // The first upload began before its URL's lifetime: it was recorded a little over SIGNED_URL_TTL_MS ago.
  const sqlite = new SQLite(path.join(first.dataDir, 'review.sqlite'));
  try {
    const longAgo = new Date(Date.now() - SIGNED_URL_TTL_MS - 60_000).toISOString();
    sqlite.prepare('update item_versions set created_at = ? where id = ?').run(longAgo, cutOff.versionId);
  } finally {
    sqlite.close();
  }
  for (const socket of sockets.splice(0)) socket.disconnect();
  const port = Number(new URL(first.url).port);
  await first.stop();

  second = await startTestServer({ dataDir: first.dataDir, port, accessTokenTtlSeconds: 600 });
  const again = await connectUser(second.url, 'tara.team@example.com', sockets);
  const stateOf = async (itemId: string) => ackData(await call(again, 'item.get', { id: itemId, pass: null, protectedLinksFlagEnabled: true })).item.versions.map((v) => v.state);
  expect(await stateOf(cutOff.itemId)).toEqual(['uploadFailed']);
  expect(await stateOf(recent.itemId)).toEqual(['uploading']);
  // The grid shows the failed one as failed (the owner's Retry), the other as uploading.
  const grid = ackData(
    (await again.socket.timeout(5000).emitWithAck('item.fetch', { folderId: 'PRIVATE_CONTENT', page: 1, search: null, product: 'all' })) as ItemAck<{ items: ItemRecord[] }>,
  ).items;
  expect(grid.find((i) => i.id === cutOff.itemId)?.versionState).toBe('uploadFailed');
  expect(grid.find((i) => i.id === recent.itemId)?.versionState).toBe('uploading');
});

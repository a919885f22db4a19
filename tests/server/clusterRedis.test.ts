/**
 * Two service instances on one PostgreSQL whose realtime bus runs on Redis (REDIS_URL: socket.io's Redis adapter,
 * Debian's redis-server started in a temporary folder by tools/redis.ts): a folder created through A is pushed to a
 * client of B, and a staff disconnect asked of B drops the user's socket on A.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPushes } from '../../domain/content.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import { startRedis, type RedisServer } from '../../tools/redis.ts';
import { ackData, callJson, connectUser, signIn, waitFor } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let redisDir: string;
let redis: RedisServer;
let a: TestServer;
let b: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  redisDir = await mkdtemp(path.join(os.tmpdir(), 'review-redis-test-'));
  redis = await startRedis(redisDir);
  a = await startTestServer({ accessTokenTtlSeconds: 600, redisUrl: redis.url });
  b = await startTestServer({ accessTokenTtlSeconds: 600, dataDir: a.dataDir, publicUrl: a.url, redisUrl: redis.url });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await b?.stop();
  await a?.close();
  await redis?.stop();
  if (redisDir) await rm(redisDir, { recursive: true, force: true });
});

describe('the realtime bus on Redis', () => {
  it('a folder created through A appears live for a client of B', async () => {
    const alexOnA = await connectUser(a.url, 'alex.admin@example.com', sockets);
    const taraOnB = await connectUser(b.listenUrl, 'tara.team@example.com', sockets, a.url);
    const folders = ackData((await alexOnA.socket.timeout(5000).emitWithAck('folder.fetch', {})) as never) as { folders: FolderRecord[] };
    const library = folders.folders.find((f) => f.name === 'Team Library')!;
    const name = `Redis folder ${randomBytes(3).toString('hex')}`;
    // What crosses Redis: the adapter's channels (socket.io#/#…), watched by a client of our own.
    const watcher = createClient({ url: redis.url });
    await watcher.connect();
    const channels: string[] = [];
    await watcher.pSubscribe('socket.io*', (_message, channel) => channels.push(channel));
    try {
      const seen = waitFor<ContentPushes['folder.updateHashed']>(taraOnB.socket, 'folder.updateHashed', (d) => d.folders.some((f) => f.name === name));
      await alexOnA.socket.timeout(5000).emitWithAck('folder.insert', { name, parentId: library.id, clientRef: 'redis-1' });
      expect((await seen).folders.find((f) => f.name === name)).toMatchObject({ parent: library.id });
      expect(channels.length).toBeGreaterThan(0);
    } finally {
      await watcher.quit();
    }
  });

  it('a staff disconnect asked of B drops the user’s socket on A', async () => {
    const taraOnA = await connectUser(a.url, 'tara.team@example.com', sockets, a.url);
    const sam = await signIn(a.url, 'sam.staff@example.com');
    const dropped = new Promise<string>((resolve) => taraOnA.socket.once('disconnect', resolve));
    const answer = await callJson(b.listenUrl, '/api/admin/realtime/disconnect', { token: sam.token, method: 'POST', body: { aid: taraOnA.aid } });
    expect(answer.status).toBe(200);
    // The service closes the connection itself (the client sees its transport close).
    expect(await dropped).toBe('transport close');
  });
});

/**
 * Two service instances on one PostgreSQL database and one object store (a local S3 server, s3rver), each with a data
 * folder of its own (only the OIDC secrets file is shared, as a deployment shares its secrets), started before a test
 * file's tests and stopped after them. B uses A's database, public URL and secrets; its clients use `b.listenUrl`.
 */
import { copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { ItemAck } from '../../domain/items.ts';
import { s3ObjectStore, s3SettingsFromEnv, type S3ObjectStore } from '../../server/storage/s3.ts';
import { startLocalS3, type LocalS3 } from '../../tools/s3.ts';
import { ackData, type UserClient } from './clients.ts';
import { testDatabaseFor } from './postgres.ts';
import { startTestServer, type TestServer } from './testServer.ts';

export interface ObjectStoreCluster {
  readonly a: TestServer;
  readonly b: TestServer;
  /** The object store A writes to (B's is another client of the same bucket). */
  readonly storeOfA: S3ObjectStore;
  /** Sockets the tests open: disconnected after the file. */
  readonly sockets: Socket[];
  /** An item event acknowledged by the service, its data (or the refusal thrown). */
  call<T>(who: UserClient, event: string, payload: unknown): Promise<T>;
  /** The same address on B's port, asked with the public URL's Host as a proxy in front of both would ask. */
  throughB(url: string): { url: string; host: string };
}

export function useObjectStoreCluster(): ObjectStoreCluster {
  let s3: LocalS3 | undefined;
  let s3Folder: string | undefined;
  const stores: S3ObjectStore[] = [];
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  const sockets: Socket[] = [];
  const newStore = () => {
    const store = s3ObjectStore(s3SettingsFromEnv(s3!.env)!);
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

  return {
    get a() {
      return a!;
    },
    get b() {
      return b!;
    },
    get storeOfA() {
      return stores[0]!;
    },
    sockets,
    call: async <T>(who: UserClient, event: string, payload: unknown): Promise<T> => ackData((await who.socket.timeout(5000).emitWithAck(event, payload)) as ItemAck<never>) as T,
    throughB(url: string) {
      const target = new URL(url);
      const host = target.host;
      target.port = new URL(b!.listenUrl).port;
      return { url: target.toString(), host };
    },
  };
}

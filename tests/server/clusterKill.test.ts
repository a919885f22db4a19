/**
 * The kill -9 test on the cluster: two real service processes (server/main.ts) on one PostgreSQL database and one
 * data folder; a reviewer posts comments through instance A as fast as acknowledgements come back, A is killed with
 * SIGKILL in the middle of it, and every comment A acknowledged is read back through B (0 acknowledged edits lost).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { untilListening } from '../support/childProcesses.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../domain/items.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { freePort } from '../../tools/postgres.ts';
import { ackData, connectOutcome, connectSocket, itemViewOf, signIn, type UserClient } from '../support/clients.ts';
import { commentCall, commentDraft } from '../support/comments.ts';
import { dropTestDatabase, testDatabaseFor } from '../support/postgres.ts';

let dataDir: string;
let databaseUrl: string;
const children: ChildProcess[] = [];
const sockets: Socket[] = [];

/** Starts server/main.ts on `port`; resolves once it listens. */
function startInstance(port: number, publicUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: publicUrl, ACCESS_TOKEN_TTL_SECONDS: '600' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  return untilListening(child, port);
}

let aUrl: string;
let bUrl: string;
let a: ChildProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-cluster-kill-'));
  databaseUrl = (await testDatabaseFor(dataDir))!;
  const [aPort, bPort] = [await freePort(), await freePort()];
  aUrl = `http://localhost:${aPort}`;
  bUrl = `http://localhost:${bPort}`;
  // One after the other: A migrates and seeds, B finds the database ready. A is the public URL (the token issuer).
  a = await startInstance(aPort, aUrl);
  await startInstance(bPort, aUrl);
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))))));
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function userOn(url: string, email: string): Promise<UserClient> {
  const user = await signIn(aUrl, email);
  const socket = connectSocket(url, `/user/${user.aid}`, { token: user.token }, { reconnection: false });
  sockets.push(socket);
  expect(await connectOutcome(socket)).toBe('connected');
  return { ...user, socket };
}

describe('kill -9 on the cluster', () => {
  it('loses no acknowledged comment when instance A is killed mid-stream', async () => {
    const taraOnA = await userOn(aUrl, 'tara.team@example.com');
    // Signed in (on A, the issuer) and connected to B before A dies.
    const taraOnB = await userOn(bUrl, 'tara.team@example.com');
    const styleGuide: ItemDetail = await itemViewOf(taraOnA, SEEDED_ITEMS.threeVersions);
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // Four writers in a row each, as fast as A answers; A is killed once 20 are acknowledged, with others in flight.
    const writer = async (lane: number) => {
      for (;;) {
        if (killed && taraOnA.socket.disconnected) return;
        const body = `Kill test ${lane}-${(sent += 1)}`;
        try {
          const ack = await commentCall(taraOnA, 'comment.insert', commentDraft(styleGuide, body, { slideId: 'slide-3' }));
          acknowledged.push(ackData(ack).comment.id);
        } catch {
          return; // no answer: A is gone
        }
        if (acknowledged.length >= 20 && !killed) {
          killed = true;
          a.kill('SIGKILL');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const stored = ackData(await commentCall(taraOnB, 'comment.find', { itemId: styleGuide.id, pass: null })).comments.map((c) => c.id);
    const lost = acknowledged.filter((id) => !stored.includes(id));
    expect(lost).toEqual([]);
  });
});

/**
 * Background work moved onto the job table (server/jobs.ts), on one PostgreSQL: package processing after an upload
 * (`content.processUpload`) and the outbox delivery that sends review reminders and digests (`notifications.deliver`).
 * Another instance's worker, a real process, claims the job and is killed with SIGKILL mid-job; this instance takes
 * the job over once the dead one's lease lapses and finishes it exactly once. With two instances polling, a job is
 * run by one of them only.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_KEY_PREFIXES, type ItemAck, type ItemPushes } from '../../domain/items.ts';
import { REVIEW_REQUEST_CALLS } from '../../domain/reviewRequests.ts';
import { OUTBOX_DELIVERY_JOB } from '../../server/comments/delivery.ts';
import { PROCESS_UPLOAD_JOB } from '../../server/content/uploadHooks.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { ackData, callApi, callJson, connectOutcome, connectSocket, connectUser, itemViewOf, type UserClient } from '../support/clients.ts';
import { startJobWorker } from '../support/childProcesses.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/** The instance under test; its own outbox delivery runs once a day, so only the jobs a test makes deliver. */
let b: TestServer;
let db: Db;
let databaseUrl: string;
const workers: ChildProcess[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  b = await startTestServer({ accessTokenTtlSeconds: 600, outboxDeliveryMs: 86_400_000 });
  databaseUrl = (await testDatabaseFor(b.dataDir))!;
  db = await openDatabase(b.dataDir, databaseUrl);
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  for (const socket of sockets) socket.disconnect();
  await db?.destroy();
  await b?.close();
});

/** Starts the other instance's worker for `kind`; resolves once it polls, with the id of the first job it claims. */
async function startWorker(kind: string): Promise<{ claimed: Promise<string>; kill: () => Promise<void> }> {
  const { child, claimed: claim } = await startJobWorker({ JOB_DATABASE_URL: databaseUrl, JOB_DATA_DIR: b.dataDir, JOB_KIND: kind, JOB_LEASE_MS: '1000' });
  workers.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    claimed: claim,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const jobRow = (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Uploads a new story item through `url`'s signed PUT; resolves with the item id and a reader of its ready pushes. */
async function uploadStory(url: string, who: UserClient): Promise<{ itemId: string; ready: ItemPushes['item.versionUpdated'][] }> {
  const title = `Processed once ${randomBytes(3).toString('hex')}`;
  const bytes = buildStoryFixture({ title, slides: [{ id: 's0', title: 'Welcome', sceneIndex: 0 }] });
  const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES.storyline, fileName: `${title}.zip` });
  const issued = await callJson<{ key: string; url: string }>(url, `/api/uploads/url?${query}`, { token: who.token });
  const upload = { key: issued.body.key, fileName: `${title}.zip`, size: bytes.length, md5: createHash('md5').update(bytes).digest('hex') };
  const created = ackData((await who.socket.timeout(5000).emitWithAck('item.create', { title, kind: 'storyline', folderId: null, upload })) as ItemAck<never>) as { item: { id: string } };
  const room = connectSocket(url, `/item/${created.item.id}`, { token: who.token });
  sockets.push(room);
  expect(await connectOutcome(room)).toBe('connected');
  const ready: ItemPushes['item.versionUpdated'][] = [];
  room.on('item.versionUpdated', (push: ItemPushes['item.versionUpdated']) => push.version.state === 'ready' && ready.push(push));
  const put = await fetch(issued.body.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/zip', 'content-md5': createHash('md5').update(bytes).digest('base64') } });
  expect(put.status).toBe(200);
  return { itemId: created.item.id, ready };
}

describe('package processing on the job table', () => {
  it('killing the instance mid-processing (SIGKILL) lets the other finish it exactly once', async () => {
    const tara = await connectUser(b.url, 'tara.team@example.com', sockets);
    // The other instance is the only one looking for work when the file arrives: it claims the processing.
    b.jobs.stop();
    const other = await startWorker(PROCESS_UPLOAD_JOB);
    const { itemId, ready } = await uploadStory(b.url, tara);
    const jobId = await other.claimed;
    await other.kill();
    const version = await db.selectFrom('item_versions').select(['id', 'state']).where('item_id', '=', itemId).executeTakeFirstOrThrow();
    expect(jobId).toBe(`${PROCESS_UPLOAD_JOB}:${version.id}`);
    expect(version.state).toBe('uploaded');

    b.jobs.start();
    await vi.waitFor(() => expect(ready).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect((await jobRow(jobId)).done_at).not.toBeNull(), { timeout: 5_000, interval: 100 });
    expect(await jobRow(jobId)).toMatchObject({ lease_owner: b.jobs.owner, attempts: 2, failed_at: null });
    expect(await db.selectFrom('item_versions').select('state').where('id', '=', version.id).executeTakeFirstOrThrow()).toEqual({ state: 'ready' });
    // One backup for the one processing that counted.
    expect(await db.selectFrom('backups').select('id').where('version_id', '=', version.id).execute()).toHaveLength(1);
    expect(ready).toHaveLength(1);
  });
});

describe('review reminders on the job table', () => {
  it('killing the instance mid-delivery (SIGKILL) lets the other deliver the due reminder exactly once', async () => {
    const alex = await connectUser(b.url, 'alex.admin@example.com', sockets);
    const item = await itemViewOf(alex, SEEDED_ITEMS.private);
    const body = { itemId: item.id, reviewers: ['reminded@example.org'], dueDate: '2099-03-10', customMessage: null, action: 'request', requesterTimeZone: 'UTC', isInStack: false, userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 } };
    expect((await callApi(b.url, REVIEW_REQUEST_CALLS.create, alex, body)).status).toBe(200);
    const reminders = await db.selectFrom('notification_outbox').select(['id', 'deliver_at']).where('recipient_email', '=', 'reminded@example.org').where('kind', '=', 'reviewReminder').orderBy('deliver_at').execute();
    expect(reminders).toHaveLength(3);
    // Time passes: the first reminder is due.
    const due = reminders[0]!;
    await db.updateTable('notification_outbox').set({ deliver_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', due.id).execute();

    b.jobs.stop();
    const other = await startWorker(OUTBOX_DELIVERY_JOB);
    const queued = await b.jobs.enqueue(OUTBOX_DELIVERY_JOB, null);
    expect(await other.claimed).toBe(queued);
    await other.kill();
    expect(await db.selectFrom('notification_outbox').select('delivered_at').where('id', '=', due.id).executeTakeFirstOrThrow()).toEqual({ delivered_at: null });

    b.jobs.start();
    await vi.waitFor(async () => expect((await jobRow(queued)).done_at).not.toBeNull(), { timeout: 15_000, interval: 100 });
    expect(await jobRow(queued)).toMatchObject({ lease_owner: b.jobs.owner, attempts: 2 });
    const rows = await db.selectFrom('notification_outbox').select(['id', 'delivered_at', 'delivery_id']).where('recipient_email', '=', 'reminded@example.org').where('kind', '=', 'reviewReminder').orderBy('deliver_at').execute();
    // The due one delivered (once: one delivery), the two still ahead left alone.
    expect(rows[0]!.delivered_at).not.toBeNull();
    expect(rows[0]!.delivery_id).not.toBeNull();
    expect(rows.slice(1).map((row) => row.delivered_at)).toEqual([null, null]);
    expect(JSON.parse((await jobRow(queued)).result!)).toMatchObject({ rows: expect.any(Number) as number });
  });
});

describe('two instances polling', () => {
  it('deliver a digest once: one recurring job per period, one delivery for a recipient’s rows due together', async () => {
    // A second instance on the same database, both delivering every 300 ms.
    const fast = await startTestServer({ accessTokenTtlSeconds: 600, dataDir: b.dataDir, databaseUrl, publicUrl: b.url, outboxDeliveryMs: 300 });
    const other = await startTestServer({ accessTokenTtlSeconds: 600, databaseUrl, publicUrl: b.url, outboxDeliveryMs: 300 });
    try {
      const at = new Date(Date.now() - 1000).toISOString();
      const digest = ['one', 'two', 'three'].map((n) => ({
        id: `digest-${n}-${randomBytes(3).toString('hex')}`,
        recipient_id: 'digest-reader',
        recipient_email: 'digest.reader@example.org',
        item_id: 'item',
        item_title: 'Item',
        comment_id: `comment-${n}`,
        kind: 'comment' as const,
        level: 'all' as const,
        frequency: 'daily' as const,
        actor: 'Sam',
        excerpt: n,
        link: 'http://localhost/',
        created_at: at,
        deliver_at: at,
      }));
      await db.insertInto('notification_outbox').values(digest).execute();
      await vi.waitFor(
        async () => expect((await db.selectFrom('notification_outbox').select('delivered_at').where('recipient_id', '=', 'digest-reader').execute()).every((row) => row.delivered_at !== null)).toBe(true),
        { timeout: 15_000, interval: 100 },
      );
      const delivered = await db.selectFrom('notification_outbox').select('delivery_id').where('recipient_id', '=', 'digest-reader').execute();
      expect(new Set(delivered.map((row) => row.delivery_id)).size).toBe(1);
      // Every period's job was claimed once (never taken twice) by one of the two.
      const runs = await db.selectFrom('jobs').select(['id', 'attempts', 'lease_owner']).where('kind', '=', OUTBOX_DELIVERY_JOB).where('id', 'like', `${OUTBOX_DELIVERY_JOB}@%`).where('done_at', 'is not', null).execute();
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.every((run) => run.attempts === 1)).toBe(true);
      expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    } finally {
      await other.close();
      await fast.stop();
    }
  });
});

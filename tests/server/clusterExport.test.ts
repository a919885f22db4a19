/**
 * Work that ends on one instance, seen through another (two instances on one PostgreSQL and one object store): a
 * comment export started through A is made by a job, its status read and its file downloaded through B; A's job
 * runner (a real process) is killed with SIGKILL mid-job and B finishes the export exactly once, its push reaching the
 * account on A. An upload processed by B tells the client connected to A that the version is ready.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMENT_EXPORT_PUSH, type CommentExportJob, type CommentExportPush } from '../../domain/commentExport.ts';
import { UPLOAD_KEY_PREFIXES, type ItemAck, type ItemPushes } from '../../domain/items.ts';
import { PROCESS_UPLOAD_JOB } from '../../server/content/uploadHooks.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { COMMENT_EXPORT_JOB } from '../../server/exports/comments/index.ts';
import { SEEDED_COMMENTS } from '../../server/seedContent.ts';
import { buildStoryFixture } from '../../server/uploads/index.ts';
import { ackData, callJson, collect, connectOutcome, connectSocket, connectUser, itemViewOf, waitFor, type UserClient } from '../support/clients.ts';
import { startJobWorker } from '../support/childProcesses.ts';
import { useObjectStoreCluster } from '../support/objectStoreCluster.ts';
import { testDatabaseFor } from '../support/postgres.ts';

const cluster = useObjectStoreCluster();
const { sockets } = cluster;
let db: Db;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  db = await openDatabase(cluster.a.dataDir, (await testDatabaseFor(cluster.a.dataDir))!);
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  await db?.destroy();
});

const exportCall = async (who: UserClient, event: string, payload: unknown): Promise<CommentExportJob> =>
  ackData((await who.socket.timeout(10_000).emitWithAck(event, payload)) as ItemAck<{ job: CommentExportJob }>).job;

describe('background work seen through another instance', () => {
  it('a comment export started through A, whose runner dies mid-job, is finished once by B and downloaded through B', async () => {
    const { a, b } = cluster;
    const alexOnA = await connectUser(a.url, 'alex.admin@example.com', sockets, a.url);
    const alexOnB = await connectUser(b.listenUrl, 'alex.admin@example.com', sockets, a.url);
    const item = await itemViewOf(alexOnA, SEEDED_COMMENTS.slides);
    const pushesOnA = collect<CommentExportPush>(alexOnA.socket, COMMENT_EXPORT_PUSH);

    // A's job runner is the only one looking for work when the export is started: it claims the job, then dies.
    a.jobs.stop();
    b.jobs.stop();
    const runner = await startJobWorker({ JOB_DATABASE_URL: (await testDatabaseFor(a.dataDir))!, JOB_DATA_DIR: a.dataDir, JOB_KIND: COMMENT_EXPORT_JOB, JOB_LEASE_MS: '1000' });
    worker = runner.child;
    const started = await exportCall(alexOnA, 'commentExport.start', { itemId: item.id, order: 'recent', format: 'csv' });
    expect(started).toMatchObject({ status: 'running', url: null });
    const jobId = await runner.claimed;
    expect(jobId).toBe(`${COMMENT_EXPORT_JOB}:${started.jobId}`);
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;

    // B knows the export A started, and that it is not ready yet; another export of the account's is refused by B.
    expect(await exportCall(alexOnB, 'commentExport.status', { jobId: started.jobId })).toMatchObject({ jobId: started.jobId, status: 'running' });
    const again = (await alexOnB.socket.timeout(10_000).emitWithAck('commentExport.start', { itemId: item.id, order: 'recent', format: 'pdf' })) as ItemAck<never>;
    expect(again).toMatchObject({ success: false, reason: 'busy' });

    // B takes the job over once the dead runner's lease lapses; the account hears of it on A.
    b.jobs.start();
    await vi.waitFor(() => expect(pushesOnA.map((push) => push.job.jobId)).toContain(started.jobId), { timeout: 20_000, interval: 100 });
    let job = started;
    while (job.status === 'running') job = await exportCall(alexOnB, 'commentExport.status', { jobId: started.jobId });
    expect(job).toMatchObject({ status: 'ready', progress: 1 });
    expect(job.fileName).toMatch(/\.csv$/);

    // The file is in the object store, served by B.
    const response = await fetch(job.url!.replace(a.url, b.listenUrl));
    expect(response.status).toBe(200);
    const csv = new TextDecoder().decode(await response.arrayBuffer());
    expect(csv).toContain(SEEDED_COMMENTS.slides);

    // Exactly once: one job, claimed twice, finished by B; one push.
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lease_owner: b.jobs.owner, attempts: 2 });
    expect(row.done_at).not.toBeNull();
    // Its progress may be pushed on the way; its end is pushed once.
    const pushed = pushesOnA.filter((push) => push.job.jobId === started.jobId).map((push) => push.job);
    expect(pushed.filter((pushedJob) => pushedJob.status !== 'running')).toEqual([expect.objectContaining({ status: 'ready', fileName: job.fileName })]);
    // A reads it back too; another account is not told it exists.
    expect(await exportCall(alexOnA, 'commentExport.status', { jobId: started.jobId })).toMatchObject({ status: 'ready', fileName: job.fileName });
    const nickOnB = await connectUser(b.listenUrl, 'nick.nonadmin@example.com', sockets, a.url);
    expect(await nickOnB.socket.timeout(10_000).emitWithAck('commentExport.status', { jobId: started.jobId })).toMatchObject({ success: false, reason: 'notFound' });
    a.jobs.start();
  });

  it('an upload processed by B tells the client connected to A that its version is ready', async () => {
    const { a, b } = cluster;
    a.jobs.stop();
    b.jobs.start();
    const taraOnA = await connectUser(a.url, 'tara.team@example.com', sockets, a.url);
    const title = `Processed on B ${randomBytes(3).toString('hex')}`;
    const bytes = buildStoryFixture({ title, slides: [{ id: 's0', title: 'Welcome', sceneIndex: 0 }] });
    const query = new URLSearchParams({ acl: 'public-read', keyPrefix: UPLOAD_KEY_PREFIXES.storyline, fileName: `${title}.zip` });
    const issued = await callJson<{ key: string; url: string }>(a.url, `/api/uploads/url?${query}`, { token: taraOnA.token });
    const md5 = createHash('md5').update(bytes);
    const upload = { key: issued.body.key, fileName: `${title}.zip`, size: bytes.length, md5: md5.copy().digest('hex') };
    const { item } = ackData((await taraOnA.socket.timeout(10_000).emitWithAck('item.create', { title, kind: 'storyline', folderId: null, upload })) as ItemAck<{ item: { id: string } }>);
    const room = connectSocket(a.url, `/item/${item.id}`, { token: taraOnA.token });
    sockets.push(room);
    expect(await connectOutcome(room)).toBe('connected');
    const ready = waitFor<ItemPushes['item.versionUpdated']>(room, 'item.versionUpdated', (d) => d.version.state === 'ready', 20_000);
    const put = await fetch(issued.body.url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/zip', 'content-md5': md5.digest('base64') } });
    expect(put.status).toBe(200);
    const versionId = (await ready).version.id;
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', `${PROCESS_UPLOAD_JOB}:${versionId}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ lease_owner: b.jobs.owner, attempts: 1 });
    a.jobs.start();
  });
});

/**
 * A background job failing for real and run again by staff: a comment export whose item goes to the trash before its
 * file is made is tried again by the job queue (a short back-off here, `jobRetry`), told failed to its account after
 * the last attempt and listed for staff with why; once the item is restored, staff run the job again and the same
 * export becomes ready with a working download link.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_JOB_CALLS, type FailedJob } from '../../domain/backgroundJobs.ts';
import { COMMENT_EXPORT_PUSH, type CommentExportJob, type CommentExportPush } from '../../domain/commentExport.ts';
import { EnvConfigError, jobRetryFromEnv } from '../../server/config.ts';
import { COMMENT_EXPORT_JOB } from '../../server/exports/comments/index.ts';
import { ackData, callApi, collect, connectUsers, itemInGrid, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let sam: UserClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600, jobRetry: { maxAttempts: 2, retryDelayMs: 50 } });
  [alex, sam] = await connectUsers(server.url, ['alex.admin', 'sam.staff'], sockets);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

type Ack<T> = { success: true; data: T } | { success: false; reason: string; message: string };
const call = <T = unknown>(who: UserClient, event: string, payload: unknown) => who.socket.timeout(10_000).emitWithAck(event, payload) as Promise<Ack<T>>;
const changeId = () => `change-${Math.random().toString(36).slice(2)}`;

describe('a comment export whose item is in the trash', () => {
  it('fails after its attempts, is listed for staff with why, and is made once the item is restored and staff run it again', async () => {
    const source = await itemInGrid(alex, 'Welcome to the team');
    const item = ackData(await call<{ item: { id: string } }>(alex, 'item.duplicate', { id: source.id, title: `Export in the trash ${changeId()}` })).item;
    const pushes = collect<CommentExportPush>(alex.socket, COMMENT_EXPORT_PUSH);
    const jobsOf = async () => (await callApi<{ jobs: FailedJob[] }>(server.url, BACKGROUND_JOB_CALLS.failed, sam)).body.jobs;

    ackData(await call(alex, 'item.bulkArchive', { ids: [item.id], changeId: changeId() }));
    const started = ackData(await call<{ job: CommentExportJob }>(alex, 'commentExport.start', { itemId: item.id, order: 'recent', format: 'csv' })).job;
    const jobId = `${COMMENT_EXPORT_JOB}:${started.jobId}`;

    await vi.waitFor(() => expect(pushes.map((push) => push.job)).toContainEqual(expect.objectContaining({ jobId: started.jobId, status: 'failed' })), { timeout: 15_000, interval: 50 });
    // The account is told before the queue records the last attempt as failed: staff see it a moment later.
    const failed = await vi.waitFor(
      async () => {
        const listed = (await jobsOf()).find((job) => job.id === jobId);
        expect(listed).toMatchObject({ kind: COMMENT_EXPORT_JOB, attempts: 2 });
        return listed;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(failed?.lastError).toContain('is in the trash');

    // Restored by its owner, then run again by staff: the same export is made.
    ackData(await call(alex, 'item.update', { id: item.id, restoreFromTrash: true }));
    expect(await callApi(server.url, BACKGROUND_JOB_CALLS.retry(jobId), sam)).toMatchObject({ status: 200, body: { id: jobId, retried: true } });

    await vi.waitFor(() => expect(pushes.map((push) => push.job)).toContainEqual(expect.objectContaining({ jobId: started.jobId, status: 'ready' })), { timeout: 15_000, interval: 50 });
    const ready = ackData(await call<{ job: CommentExportJob }>(alex, 'commentExport.status', { jobId: started.jobId })).job;
    expect(ready).toMatchObject({ status: 'ready', format: 'csv' });
    expect((await fetch(ready.url!)).status).toBe(200);
    expect((await jobsOf()).map((job) => job.id)).not.toContain(jobId);
  });

  it('is not made while the item stays in the trash', async () => {
    const source = await itemInGrid(alex, 'Welcome to the team');
    const item = ackData(await call<{ item: { id: string } }>(alex, 'item.duplicate', { id: source.id, title: `Export stays in the trash ${changeId()}` })).item;
    const pushes = collect<CommentExportPush>(alex.socket, COMMENT_EXPORT_PUSH);
    ackData(await call(alex, 'item.bulkArchive', { ids: [item.id], changeId: changeId() }));
    const started = ackData(await call<{ job: CommentExportJob }>(alex, 'commentExport.start', { itemId: item.id, order: 'recent', format: 'csv' })).job;
    await vi.waitFor(() => expect(pushes.map((push) => push.job.status)).toContain('failed'), { timeout: 15_000, interval: 50 });
    const jobId = `${COMMENT_EXPORT_JOB}:${started.jobId}`;
    const listedFailed = async () => expect((await callApi<{ jobs: FailedJob[] }>(server.url, BACKGROUND_JOB_CALLS.failed, sam)).body.jobs.map((job) => job.id)).toContain(jobId);
    // The account is told before the queue records the last attempt as failed: staff may run it again once it is listed.
    await vi.waitFor(listedFailed, { timeout: 15_000, interval: 50 });

    // Run again without a restore: it fails again, and the export stays failed.
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.retry(jobId), sam)).status).toBe(200);
    await vi.waitFor(listedFailed, { timeout: 15_000, interval: 50 });
    expect(ackData(await call<{ job: CommentExportJob }>(alex, 'commentExport.status', { jobId: started.jobId })).job).toMatchObject({ status: 'failed', url: null });
  });
});

describe('JOB_MAX_ATTEMPTS and JOB_RETRY_DELAY_MS', () => {
  it('set the retries when given, keep the defaults when not, and name the variable when wrong', () => {
    expect(jobRetryFromEnv({})).toEqual({});
    expect(jobRetryFromEnv({ JOB_MAX_ATTEMPTS: '2', JOB_RETRY_DELAY_MS: '0' })).toEqual({ maxAttempts: 2, retryDelayMs: 0 });
    expect(jobRetryFromEnv({ JOB_RETRY_DELAY_MS: ' 250 ' })).toEqual({ retryDelayMs: 250 });
    expect(() => jobRetryFromEnv({ JOB_MAX_ATTEMPTS: '0' })).toThrow('JOB_MAX_ATTEMPTS must be a whole number of at least 1, got "0".');
    expect(() => jobRetryFromEnv({ JOB_RETRY_DELAY_MS: '1.5' })).toThrow(EnvConfigError);
    expect(() => jobRetryFromEnv({ JOB_RETRY_DELAY_MS: '-1' })).toThrow('JOB_RETRY_DELAY_MS');
  });
});

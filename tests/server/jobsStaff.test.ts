/**
 * Staff re-running a failed background job (server/jobRoutes.ts): the failed jobs listed with their error, one made
 * due again and run by the service's queue; everyone else is refused, and a job that has not failed or does not exist
 * is answered with why.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_JOB_CALLS, type FailedJob } from '../../domain/backgroundJobs.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { EXPORT_FILE_REMOVAL_JOB } from '../../server/exports/fileExpiry.ts';
import { callApi, connectUsers, type UserClient } from '../support/clients.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let db: Db;
let sam: UserClient;
let tara: UserClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  db = await openDatabase(server.dataDir, await testDatabaseFor(server.dataDir));
  [sam, tara] = await connectUsers(server.url, ['sam.staff', 'tara.team'], sockets);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await db?.destroy();
  await server?.close();
});

describe('failed background jobs on /sandbox', () => {
  it('lists them to staff with their error, and runs one again on request', async () => {
    const id = `${EXPORT_FILE_REMOVAL_JOB}:review/exports/comments/gone.csv`;
    await db
      .insertInto('jobs')
      .values({ id, kind: EXPORT_FILE_REMOVAL_JOB, payload: JSON.stringify({ key: 'review/exports/comments/gone.csv' }), run_after: Date.now(), lease_owner: null, lease_expires_at: null, done_at: null, result: null, created_at: new Date().toISOString(), attempts: 5, failed_at: Date.now(), last_error: 'The object store did not answer' })
      .execute();
    const listed = await callApi<{ jobs: FailedJob[] }>(server.url, BACKGROUND_JOB_CALLS.failed, sam);
    expect(listed.status).toBe(200);
    expect(listed.body.jobs.find((job) => job.id === id)).toMatchObject({ kind: EXPORT_FILE_REMOVAL_JOB, attempts: 5, lastError: 'The object store did not answer' });

    const retried = await callApi<{ retried: boolean }>(server.url, BACKGROUND_JOB_CALLS.retry(id), sam);
    expect(retried).toMatchObject({ status: 200, body: { id, retried: true } });
    await vi.waitFor(async () => expect((await db.selectFrom('jobs').select('done_at').where('id', '=', id).executeTakeFirstOrThrow()).done_at).not.toBeNull(), { timeout: 15_000, interval: 100 });
    expect((await callApi<{ jobs: FailedJob[] }>(server.url, BACKGROUND_JOB_CALLS.failed, sam)).body.jobs.map((job) => job.id)).not.toContain(id);
    // Done now: not run again.
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.retry(id), sam)).status).toBe(409);
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.retry('no-such-job'), sam)).status).toBe(404);
  });

  it('refuses everyone but staff', async () => {
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.failed, null)).status).toBe(401);
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.failed, tara)).status).toBe(403);
    expect((await callApi(server.url, BACKGROUND_JOB_CALLS.retry('any'), tara)).status).toBe(403);
    expect((await callApi(server.url, { method: 'GET', path: '/sandbox/jobs?state=all' }, sam)).status).toBe(400);
  });
});

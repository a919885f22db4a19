/**
 * Background work across instances on one PostgreSQL (server/jobs.ts): a memory report requested through the service
 * is claimed by another instance's worker, a real process, which is killed with SIGKILL mid-job; the service's own
 * instance takes the job over once the dead one's lease lapses and finishes it exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSLATION_CALLS, TRANSLATION_TOOL_CALLS, type MemoryReportPush, type MemoryReportResponse, type ValidationResponse } from '../../domain/translation.ts';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { MEMORY_REPORT_JOB } from '../../server/translations/memoryReports.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { callApi, connectUser, openConnected } from '../support/clients.ts';
import { startJobWorker } from '../support/childProcesses.ts';
import { testDatabaseFor } from '../support/postgres.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';
import { seededItem, seededTranslationItems } from '../support/translations.ts';

let b: TestServer;
let worker: ChildProcess | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  b = await startTestServer({ accessTokenTtlSeconds: 600 });
});
afterAll(async () => {
  worker?.kill('SIGKILL');
  for (const socket of sockets) socket.disconnect();
  await b?.close();
});

/** Starts the other instance's worker; resolves with a reader of the job ids it claims. */
async function startWorker(databaseUrl: string, dataDir: string): Promise<{ claimed: Promise<string> }> {
  const { child, claimed } = await startJobWorker({ JOB_DATABASE_URL: databaseUrl, JOB_DATA_DIR: dataDir, JOB_KIND: MEMORY_REPORT_JOB, JOB_LEASE_MS: '1000' });
  worker = child;
  return { claimed };
}

describe('background work on the job table', () => {
  it('killing the instance mid-job (SIGKILL) lets the other finish the memory report exactly once', async () => {
    const databaseUrl = (await testDatabaseFor(b.dataDir))!;
    const alex = await connectUser(b.url, 'alex.admin@example.com', sockets);
    const vera = await connectUser(b.url, 'vera.validator@example.com', sockets);
    const french = seededItem(await seededTranslationItems(b.url, alex), SEEDED_TRANSLATIONS.storylineFrench);
    const opened = await callApi<ValidationResponse>(b.url, TRANSLATION_CALLS.validation(french.id, french.versions.at(-1)!.id, 'fr'), vera);
    const watcher = await openConnected(b.url, `/item/${french.id}`, { token: vera.token }, sockets);
    const pushes: MemoryReportPush[] = [];
    watcher.on('memoryReportUpdated', (push: MemoryReportPush) => pushes.push(push));

    // The other instance is the only one looking for work while the report is requested: it claims the job.
    b.jobs.stop();
    const other = await startWorker(databaseUrl, b.dataDir);
    const requested = await callApi<{ report: { id: string } }>(b.url, TRANSLATION_TOOL_CALLS.requestMemoryReport(opened.body.validationId), vera);
    expect(requested.status).toBe(202);
    const jobId = await other.claimed;
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker!.kill('SIGKILL');
    await exited;

    b.jobs.start();
    await vi.waitFor(() => expect(pushes.map((push) => push.status)).toContain('completed'), { timeout: 15_000, interval: 100 });
    const reports = await callApi<MemoryReportResponse>(b.url, TRANSLATION_TOOL_CALLS.memoryReport(opened.body.validationId), vera);
    const report = reports.body.reports.find((r) => r.id === requested.body.report.id)!;
    expect(report.status).toBe('completed');
    expect(report.reportItems.length).toBeGreaterThan(0);

    const db: Db = await openDatabase(b.dataDir, databaseUrl);
    try {
      const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ lease_owner: b.jobs.owner, attempts: 2 });
      expect(job.done_at).not.toBeNull();
      // Exactly once: one job for the report, finished, and the report completed once.
      expect(await db.selectFrom('jobs').select('id').where('kind', '=', MEMORY_REPORT_JOB).where('payload', 'like', `%${requested.body.report.id}%`).execute()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
    expect(pushes.filter((push) => push.reportId === requested.body.report.id && push.status === 'completed')).toHaveLength(1);
  });
});

/**
 * The job table's bookkeeping (server/jobs.ts), on the test run's engine (SQLite, and PostgreSQL in the
 * server-postgres project): a failing job is tried again after a doubling back-off up to its limit, then marked
 * failed with its error and never claimed again; a job whose instance died on every attempt is failed by the prune;
 * finished and failed rows go after the retention period, pending ones stay; a recurring job runs once per period.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { createJobQueue, RECURRING_RETENTION_MS } from '../../server/jobs.ts';
import { dropTestDatabase, testDatabaseFor } from '../support/postgres.ts';

let dataDir: string;
let databaseUrl: string | undefined;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-jobs-test-'));
  databaseUrl = await testDatabaseFor(dataDir);
  db = await openDatabase(dataDir, databaseUrl);
});
afterAll(async () => {
  await db?.destroy();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A clock the test moves. */
function clock(start: number) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const row = (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job retries', () => {
  it('retries a failing job with a doubling back-off, then marks it failed with its error', async () => {
    const time = clock(1_000_000);
    const errors: { kind: string; final: boolean | undefined }[] = [];
    let calls = 0;
    const queue = createJobQueue(db, {
      now: time.now,
      maxAttempts: 3,
      retryDelayMs: 1_000,
      handlers: {
        'test.fails': () => {
          calls += 1;
          return Promise.reject(new Error(`disk full (${calls})`));
        },
      },
      onError: (_error, kind, job) => errors.push({ kind, final: job?.final }),
    });
    const id = await queue.enqueue('test.fails', { n: 1 });

    expect(await queue.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({ attempts: 1, run_after: 1_001_000, last_error: 'disk full (1)', failed_at: null, lease_owner: null, done_at: null });
    // Not before its back-off.
    time.advance(999);
    expect(await queue.runOnce()).toBe(false);
    time.advance(1);
    expect(await queue.runOnce()).toBe(true);
    // The second retry waits twice as long.
    expect(await row(id)).toMatchObject({ attempts: 2, run_after: 1_001_000 + 2_000, last_error: 'disk full (2)', failed_at: null });
    time.advance(2_000);
    expect(await queue.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({ attempts: 3, failed_at: time.now(), last_error: 'disk full (3)', done_at: null });
    expect(errors).toEqual([
      { kind: 'test.fails', final: false },
      { kind: 'test.fails', final: false },
      { kind: 'test.fails', final: true },
    ]);
    // Failed for good: never claimed again.
    time.advance(3_600_000);
    expect(await queue.runOnce()).toBe(false);
    expect(calls).toBe(3);
  });

  it('finishes a job that succeeds on a later attempt, keeping the earlier error', async () => {
    const time = clock(2_000_000);
    let calls = 0;
    const queue = createJobQueue(db, {
      now: time.now,
      retryDelayMs: 500,
      handlers: { 'test.flaky': () => ((calls += 1) === 1 ? Promise.reject(new Error('timeout')) : Promise.resolve({ ok: calls })) },
    });
    const id = await queue.enqueue('test.flaky', null);
    await queue.runOnce();
    time.advance(500);
    await queue.runOnce();
    expect(await row(id)).toMatchObject({ attempts: 2, done_at: time.now(), failed_at: null, result: JSON.stringify({ ok: 2 }), last_error: 'timeout' });
  });

  it('marks failed a job whose instance died on its last attempt', async () => {
    const time = clock(3_000_000);
    const finals: string[] = [];
    const queue = createJobQueue(db, { now: time.now, maxAttempts: 2, leaseMs: 1_000, onError: (_e, _kind, job) => job?.final && finals.push(job.id) });
    const id = await queue.enqueue('test.crashes', null);
    // Two instances claimed it and died (the lease lapsed each time).
    await db.updateTable('jobs').set({ attempts: 2, lease_owner: 'dead', lease_expires_at: time.now() - 1 }).where('id', '=', id).execute();
    await queue.prune();
    expect(await row(id)).toMatchObject({ failed_at: time.now(), lease_owner: null, last_error: 'The instance running it stopped 2 times' });
    expect(finals).toEqual([id]);
  });
});

describe('job retention', () => {
  it('removes finished and failed rows older than the retention period, keeps younger and pending ones', async () => {
    const time = clock(10_000_000_000);
    const day = 86_400_000;
    const queue = createJobQueue(db, { now: time.now, retentionMs: 7 * day });
    const ids = {
      oldDone: await queue.enqueue('test.kept', null),
      youngDone: await queue.enqueue('test.kept', null),
      oldFailed: await queue.enqueue('test.kept', null),
      oldPending: await queue.enqueue('test.kept', null, { runAfter: time.now() - 30 * day }),
    };
    await db.updateTable('jobs').set({ done_at: time.now() - 8 * day }).where('id', '=', ids.oldDone).execute();
    await db.updateTable('jobs').set({ done_at: time.now() - 6 * day }).where('id', '=', ids.youngDone).execute();
    await db.updateTable('jobs').set({ failed_at: time.now() - 8 * day, last_error: 'gone' }).where('id', '=', ids.oldFailed).execute();

    // (Rows of the tests above, finished long before this clock, go too.)
    expect(await queue.prune()).toBeGreaterThanOrEqual(2);
    const left = (await db.selectFrom('jobs').select('id').where('id', 'in', Object.values(ids)).execute()).map((r) => r.id).sort();
    expect(left).toEqual([ids.youngDone, ids.oldPending].sort());
  });
});

describe('recurring jobs', () => {
  it('runs once per period across two queues, and drops old runs after an hour', async () => {
    const time = clock(20_000_000_000);
    const runs: string[] = [];
    const queues = ['one', 'two'].map((owner) => createJobQueue(db, { owner, now: time.now, pollMs: 60_000 }));
    for (const queue of queues) queue.every('test.every', 10_000, () => (runs.push(queue.owner), Promise.resolve(null)));
    // Both start (each adds the period's job, once between them) and run what is due.
    for (const queue of queues) queue.start();
    await expect.poll(() => runs.length).toBe(1);
    for (const queue of queues) queue.stop();
    for (const queue of queues) await queue.idle();
    const slot = Math.floor(time.now() / 10_000);
    expect(await db.selectFrom('jobs').select(['id', 'attempts']).where('kind', '=', 'test.every').execute()).toEqual([{ id: `test.every@${slot}`, attempts: 1 }]);

    time.advance(RECURRING_RETENTION_MS + 1);
    expect(await queues[0]!.prune()).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('jobs').select('id').where('kind', '=', 'test.every').execute()).toEqual([]);
  });
});

describe('re-running a failed job', () => {
  it('makes a failed job due again with all its attempts; a pending or unknown one is left alone', async () => {
    const time = clock(5_000_000);
    let fail = true;
    const queue = createJobQueue(db, {
      now: time.now,
      maxAttempts: 1,
      handlers: { 'test.fixable': () => (fail ? Promise.reject(new Error('bucket missing')) : Promise.resolve({ fixed: true })) },
    });
    const id = await queue.enqueue('test.fixable', null);
    const waiting = await queue.enqueue('test.fixable', null, { runAfter: time.now() + 60_000 });
    expect(await queue.retry(waiting)).toBe('notFailed');
    expect(await queue.retry('no-such-job')).toBe('notFound');
    expect(await queue.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({ failed_at: 5_000_000, last_error: 'bucket missing' });
    expect(await queue.runOnce()).toBe(false);

    fail = false;
    time.advance(1_000);
    expect(await queue.retry(id)).toBe('retried');
    expect(await row(id)).toMatchObject({ failed_at: null, attempts: 0, run_after: 5_001_000 });
    expect(await queue.runOnce()).toBe(true);
    expect(await row(id)).toMatchObject({ done_at: 5_001_000, result: JSON.stringify({ fixed: true }), attempts: 1 });
    expect(await queue.retry(id)).toBe('notFailed');
  });
});

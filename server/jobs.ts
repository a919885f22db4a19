/**
 * Background work that runs once across service instances sharing one database (table `jobs`, migration 0013).
 * A job is claimed under a lease: the claim is one UPDATE of the oldest due row whose lease is free or lapsed
 * (`for update skip locked` on PostgreSQL, so instances claiming at once take different rows; a plain write
 * transaction on SQLite). While the handler runs the lease is renewed; an instance that dies stops renewing, the
 * lease lapses and another instance claims the job again. Finishing is conditional on still holding the lease, so a
 * job is finished exactly once even if a presumed-dead instance comes back.
 *
 * A handler that throws has its job tried again after a back-off that doubles each time (`retryDelayMs` · 2^(n−1),
 * at most `maxRetryDelayMs`), up to `maxAttempts` attempts; then the job is marked failed (`failed_at`) with its
 * error (`last_error`), never claimed again, and `onError` is told it was the last attempt (the service logs it).
 * A job whose instance died `maxAttempts` times is marked failed likewise. Finished and failed rows are removed once
 * they are older than `retentionMs` (checked every `pruneEveryMs` while polling, or by `prune`). Staff may make a
 * failed job due again (`retry`, `jobRoutes.ts`).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { skipLockedClause } from './db/dialect.ts';

export type JobHandler = (payload: unknown, job: { id: string; attempts: number }) => Promise<unknown>;

export interface JobQueueOptions {
  /** This instance's name in `lease_owner`; default a random id. */
  owner?: string;
  /** How long a claim holds before another instance may take the job over. Default 30 s. */
  leaseMs?: number;
  /** How often `start` looks for due jobs. Default 1 s. */
  pollMs?: number;
  /** The kinds this instance runs (more may be added with `handle`). */
  handlers?: Record<string, JobHandler>;
  now?: () => number;
  /** `final`: the job was marked failed (no attempt is left); otherwise it will be tried again. */
  onError?: (error: unknown, kind: string, job?: { id: string; attempts: number; final: boolean }) => void;
  /** Attempts before a job is marked failed. Default 5. */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles. Default 2 s. */
  retryDelayMs?: number;
  /** The longest retry delay. Default 5 min. */
  maxRetryDelayMs?: number;
  /** How long finished and failed rows are kept. Default 7 days. */
  retentionMs?: number;
  /** How often a polling queue removes old rows. Default 1 h. */
  pruneEveryMs?: number;
}

/** How long a recurring job's finished runs are kept (`every`), whatever `retentionMs` says. */
export const RECURRING_RETENTION_MS = 3_600_000;

/** The delay before attempt `attempts + 1` of a job whose attempt `attempts` failed. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** A job's error as stored in `last_error` (its message, at most 2,000 characters). */
function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

export interface JobQueue {
  readonly owner: string;
  /** Attempts before a job is marked failed: a handler told `attempts` equal to it runs the last one. */
  readonly maxAttempts: number;
  /** Adds a job (an `id` given twice adds it once); returns its id. A started queue looks for it at once. */
  enqueue(kind: string, payload: unknown, options?: { id?: string; runAfter?: number }): Promise<string>;
  /** Runs jobs of `kind` on this instance from now on (a feature registers its work before `start`). */
  handle(kind: string, handler: JobHandler): void;
  /**
   * Runs `handler` as a job of `kind` once per `periodMs` across instances: while polling, each instance adds the
   * current period's job (id `<kind>@<period number>`, so it is added once) and whichever claims it runs it.
   */
  every(kind: string, periodMs: number, handler: JobHandler): void;
  /** Resolves once no job of this instance is running (the service waits for it before closing the database). */
  idle(): Promise<void>;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Polls for due jobs until `stop`. */
  start(): void;
  /** Stops polling and renewing (a job in progress keeps running but may be taken over once its lease lapses). */
  stop(): void;
  /**
   * Makes a failed job due again with all its attempts (staff re-running it after a fix): `retried`, or `notFound`,
   * or `notFailed` for a job that is waiting, running or finished. A started queue looks for it at once.
   */
  retry(id: string): Promise<'retried' | 'notFound' | 'notFailed'>;
  /**
   * Removes finished and failed rows older than the retention period, and marks failed the jobs whose lease lapsed
   * after their last attempt (their instance died each time); returns how many rows were removed.
   */
  prune(): Promise<number>;
}

export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 300_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3_600_000;
  const pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
  let prunedAt = Number.NEGATIVE_INFINITY;
  /** Recurring kinds (`every`): their period and the last period this instance added a job for. */
  const recurring = new Map<string, { periodMs: number; lastSlot: number }>();
  const handlers: Record<string, JobHandler> = { ...options.handlers };
  let timer: NodeJS.Timeout | undefined;
  /** Polling for due jobs (`start`); `stopped`: `stop` was called (no renewals either). */
  let polling = false;
  let stopped = false;
  let ticking = false;
  let again = false;
  const renewals = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<boolean>>();

  const claim = async (): Promise<{ id: string; kind: string; payload: string; attempts: number } | undefined> => {
    const kinds = Object.keys(handlers);
    if (kinds.length === 0) return undefined;
    const at = now();
    const result = await sql<{ id: string; kind: string; payload: string; attempts: number }>`
      update jobs set lease_owner = ${owner}, lease_expires_at = ${at + leaseMs}, attempts = attempts + 1
      where id = (
        select id from jobs
        where done_at is null and failed_at is null and attempts < ${maxAttempts} and run_after <= ${at}
          and (lease_expires_at is null or lease_expires_at < ${at}) and kind in (${sql.join(kinds)})
        order by run_after, created_at limit 1 ${skipLockedClause(db)}
      )
      and done_at is null and (lease_expires_at is null or lease_expires_at < ${at})
      returning id, kind, payload, attempts`.execute(db);
    return result.rows[0];
  };

  const runClaimed = async (): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    const handler = handlers[job.kind];
    if (!handler) return false;
    const renewal = setInterval(() => {
      if (stopped) return;
      void db
        .updateTable('jobs')
        .set({ lease_expires_at: now() + leaseMs })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('done_at', 'is', null)
        .execute()
        .catch(() => undefined);
    }, Math.max(10, Math.floor(leaseMs / 3)));
    renewal.unref();
    renewals.add(renewal);
    try {
      const value = await handler(JSON.parse(job.payload) as unknown, { id: job.id, attempts: job.attempts });
      // Finished only by the holder of the lease: a job taken over meanwhile is the new holder's to finish.
      await db
        .updateTable('jobs')
        .set({ done_at: now(), result: JSON.stringify(value ?? null) })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('done_at', 'is', null)
        .execute();
    } catch (error) {
      const final = job.attempts >= maxAttempts;
      const at = now();
      // The lease is freed: the next attempt comes after the back-off (not after the lease lapses), or never.
      const next = final ? { failed_at: at } : { run_after: at + retryDelay(job.attempts, retryDelayMs, maxRetryDelayMs) };
      await db
        .updateTable('jobs')
        .set({ lease_owner: null, lease_expires_at: null, last_error: errorText(error), ...next })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('done_at', 'is', null)
        .execute()
        .catch(() => undefined);
      options.onError?.(error, job.kind, { id: job.id, attempts: job.attempts, final });
    } finally {
      clearInterval(renewal);
      renewals.delete(renewal);
    }
    return true;
  };

  const runOnce = (): Promise<boolean> => {
    const run = runClaimed();
    running.add(run);
    void run.catch(() => undefined).finally(() => running.delete(run));
    return run;
  };

  const prune = async (): Promise<number> => {
    const at = now();
    prunedAt = at;
    // Jobs whose instance died on each attempt: no claim will take them again, so they are failed here.
    const abandoned = await db
      .updateTable('jobs')
      .set({ failed_at: at, lease_owner: null, lease_expires_at: null, last_error: sql<string>`coalesce(last_error, ${`The instance running it stopped ${maxAttempts} times`})` })
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('attempts', '>=', maxAttempts)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', at)]))
      .returning(['id', 'kind', 'attempts', 'last_error'])
      .execute();
    for (const job of abandoned) options.onError?.(new Error(job.last_error ?? 'abandoned'), job.kind, { id: job.id, attempts: job.attempts, final: true });
    const removed = await db
      .deleteFrom('jobs')
      .where((eb) => eb.or([eb('done_at', '<', at - retentionMs), eb('failed_at', '<', at - retentionMs)]))
      .executeTakeFirst();
    // A recurring kind's finished runs matter for an hour at most (one row per period otherwise piles up).
    const recurringKinds = [...recurring.keys()];
    const runs = recurringKinds.length === 0 ? { numDeletedRows: 0n } : await db.deleteFrom('jobs').where('kind', 'in', recurringKinds).where('done_at', '<', at - RECURRING_RETENTION_MS).executeTakeFirst();
    return Number(removed.numDeletedRows) + Number(runs.numDeletedRows);
  };

  const insert = async (kind: string, payload: unknown, id: string, runAfter: number): Promise<void> => {
    await db
      .insertInto('jobs')
      .values({ id, kind, payload: JSON.stringify(payload ?? null), run_after: runAfter, lease_owner: null, lease_expires_at: null, done_at: null, result: null, created_at: new Date(now()).toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };

  const addRecurring = async (): Promise<void> => {
    for (const [kind, entry] of recurring) {
      const slot = Math.floor(now() / entry.periodMs);
      if (slot === entry.lastSlot) continue;
      await insert(kind, { slot }, `${kind}@${slot}`, slot * entry.periodMs);
      entry.lastSlot = slot;
    }
  };

  // One loop at a time: a kick while it runs makes it look once more before it sleeps.
  const tick = async () => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    clearTimeout(timer);
    try {
      if (now() - prunedAt >= pruneEveryMs) await prune();
      await addRecurring();
      do {
        again = false;
        while (polling && (await runOnce()));
      } while (again && polling);
    } catch (error) {
      options.onError?.(error, 'claim');
    } finally {
      ticking = false;
    }
    if (polling) {
      timer = setTimeout(() => void tick(), pollMs);
      timer.unref();
    }
  };

  return {
    owner,
    maxAttempts,
    enqueue: async (kind, payload, enqueueOptions = {}) => {
      const id = enqueueOptions.id ?? randomUUID();
      await insert(kind, payload, id, enqueueOptions.runAfter ?? now());
      if (polling) void tick();
      return id;
    },
    handle: (kind, handler) => {
      handlers[kind] = handler;
    },
    every: (kind, periodMs, handler) => {
      handlers[kind] = handler;
      recurring.set(kind, { periodMs, lastSlot: Number.NaN });
    },
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    runOnce,
    start: () => {
      if (polling) return;
      polling = true;
      stopped = false;
      void tick();
    },
    stop: () => {
      polling = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      for (const renewal of renewals) clearInterval(renewal);
      renewals.clear();
    },
    prune,
    retry: async (id) => {
      const retried = await db
        .updateTable('jobs')
        .set({ failed_at: null, attempts: 0, run_after: now(), lease_owner: null, lease_expires_at: null })
        .where('id', '=', id)
        .where('failed_at', 'is not', null)
        .where('done_at', 'is', null)
        .executeTakeFirst();
      if (Number(retried.numUpdatedRows) === 1) {
        if (polling) void tick();
        return 'retried';
      }
      return (await db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()) ? 'notFailed' : 'notFound';
    },
  };
}

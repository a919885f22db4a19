/**
 * Background work that runs once across service instances sharing one database (table `jobs`, migration 0013).
 * A job is claimed under a lease: the claim is one UPDATE of the oldest due row whose lease is free or lapsed
 * (`for update skip locked` on PostgreSQL, so instances claiming at once take different rows; a plain write
 * transaction on SQLite). While the handler runs the lease is renewed; an instance that dies stops renewing, the
 * lease lapses and another instance claims the job again. Finishing is conditional on still holding the lease, so a
 * job is finished exactly once even if a presumed-dead instance comes back.
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
  onError?: (error: unknown, kind: string) => void;
}

export interface JobQueue {
  readonly owner: string;
  /** Adds a job (an `id` given twice adds it once); returns its id. A started queue looks for it at once. */
  enqueue(kind: string, payload: unknown, options?: { id?: string; runAfter?: number }): Promise<string>;
  /** Runs jobs of `kind` on this instance from now on (a feature registers its work before `start`). */
  handle(kind: string, handler: JobHandler): void;
  /** Resolves once no job of this instance is running (the service waits for it before closing the database). */
  idle(): Promise<void>;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Polls for due jobs until `stop`. */
  start(): void;
  /** Stops polling and renewing (a job in progress keeps running but may be taken over once its lease lapses). */
  stop(): void;
}

export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 1_000;
  const now = options.now ?? Date.now;
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
        where done_at is null and run_after <= ${at} and (lease_expires_at is null or lease_expires_at < ${at})
          and kind in (${sql.join(kinds)})
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
      options.onError?.(error, job.kind);
      // Free the lease so another attempt comes soon (not after the lease lapses).
      await db.updateTable('jobs').set({ lease_owner: null, lease_expires_at: null }).where('id', '=', job.id).where('lease_owner', '=', owner).execute().catch(() => undefined);
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

  // One loop at a time: a kick while it runs makes it look once more before it sleeps.
  const tick = async () => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    clearTimeout(timer);
    try {
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
    enqueue: async (kind, payload, enqueueOptions = {}) => {
      const id = enqueueOptions.id ?? randomUUID();
      await db
        .insertInto('jobs')
        .values({ id, kind, payload: JSON.stringify(payload ?? null), run_after: enqueueOptions.runAfter ?? now(), lease_owner: null, lease_expires_at: null, done_at: null, result: null, created_at: new Date(now()).toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      if (polling) void tick();
      return id;
    },
    handle: (kind, handler) => {
      handlers[kind] = handler;
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
  };
}

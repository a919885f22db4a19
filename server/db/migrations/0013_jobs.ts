import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Background work that must run once across service instances (server/jobs.ts): one row per job, claimed under a
 * lease (`lease_owner`, `lease_expires_at`, epoch ms) that another instance may take over once it lapses, and
 * finished exactly once (`done_at`). On PostgreSQL also the table socket.io's Postgres adapter keeps messages too
 * large for NOTIFY in (server/realtimeCluster.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'bigint')
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_pending').on('jobs').columns(['done_at', 'run_after']).execute();
  if (isPostgres(db)) {
    await sql`create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  if (isPostgres(db)) await sql`drop table if exists socket_io_attachments`.execute(db);
}

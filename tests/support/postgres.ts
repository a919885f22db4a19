/**
 * The PostgreSQL side of the server tests. `postgresGlobalSetup` (vitest globalSetup of the `server-postgres`
 * project) starts one private PostgreSQL for the run (tools/postgres.ts, in a temporary folder) and hands its URL to
 * the test processes as TEST_DATABASE_URL; `testDatabaseFor` then gives each test server a database of its own,
 * named after its data folder, so a restart on the same folder finds the same database.
 */
import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { databaseUrl, removePostgres, startPostgres } from '../../tools/postgres.ts';

/** vitest globalSetup: one PostgreSQL for the whole run; the returned function stops it and removes its folder. */
export async function postgresGlobalSetup(): Promise<() => void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'review-pg-test-'));
  const server = await startPostgres(path.join(folder, 'data'), { durable: false });
  process.env.TEST_DATABASE_URL = server.url;
  return () => removePostgres(server);
}

/**
 * The run's PostgreSQL, for the test processes of the `server-postgres` project only: the globalSetup's environment
 * reaches every process vitest starts after it, so the project marks its own with REVIEW_TEST_ENGINE (vitest `env`).
 */
function postgresOfThisProject(): string | undefined {
  return process.env.REVIEW_TEST_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
}

/** Creates (once) the database of a test data folder and returns its URL; undefined when the run is on SQLite. */
export async function testDatabaseFor(dataDir: string): Promise<string | undefined> {
  const serverUrl = postgresOfThisProject();
  if (!serverUrl) return undefined;
  const name = `test_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

/** Drops a test database made by testDatabaseFor (its connections are closed first). */
export async function dropTestDatabase(url: string): Promise<void> {
  const serverUrl = postgresOfThisProject();
  if (!serverUrl) return;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

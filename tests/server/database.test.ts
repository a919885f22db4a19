/**
 * How the service opens its SQLite database (server/db/database.ts, server/README.md "Storage"): WAL, every commit
 * synced (synchronous FULL), an explicit busy timeout, foreign keys on. Read back from the connection the service uses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openDatabase, type Db } from '../../server/db/database.ts';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-database-test-'));
  db = await openDatabase(dataDir);
});
afterAll(async () => {
  await db?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as Record<string, unknown>)[0];

it('syncs every commit (synchronous FULL = 2) in WAL mode, waits for locks, and enforces foreign keys', async () => {
  expect(await pragma('journal_mode')).toBe('wal');
  expect(await pragma('synchronous')).toBe(2);
  expect(BUSY_TIMEOUT_MS).toBeGreaterThanOrEqual(1000);
  expect(await pragma('busy_timeout')).toBe(BUSY_TIMEOUT_MS);
  expect(await pragma('foreign_keys')).toBe(1);
});

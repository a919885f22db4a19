import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';

export type Db = Kysely<Database>;

/** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

/** Opens `<dataDir>/review.sqlite` (creating the folder) and applies pending migrations. */
export async function openDatabase(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  // Another connection holding the write lock (a test reading the file, a backup) is waited for this long before
  // SQLITE_BUSY; better-sqlite3's `timeout` is SQLite's busy timeout.
  const sqlite = new SQLite(path.join(dataDir, 'review.sqlite'), { timeout: BUSY_TIMEOUT_MS });
  // WAL lets a test read while another connection writes; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  // FULL: every commit is synced to disk before it returns, so an answered write survives a crash of the machine
  // (power cut), not only of the process. NORMAL with WAL would sync only at checkpoints and could lose the last
  // answered writes then; the cost, one fsync per commit, is small next to the rest of a request here.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });

  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
  return db;
}

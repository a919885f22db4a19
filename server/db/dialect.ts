/**
 * Where the two database engines differ, kept in one place: SQLite (better-sqlite3, the default, one file in
 * DATA_DIR) or PostgreSQL (`pg`, when a `postgres://` URL is given, for several service instances on one database).
 * Everything else — migrations, queries, transactions — is written once against Kysely and runs on both.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { PostgresAdapter, PostgresDialect, SqliteDialect, sql, type ColumnDefinitionBuilder, type Dialect, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';

/** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

/** Connections one service instance opens to PostgreSQL (the realtime bus takes one more for LISTEN). */
export const POSTGRES_POOL_SIZE = 10;

export type Engine = 'sqlite' | 'postgres';

export interface OpenedDialect {
  engine: Engine;
  dialect: Dialect;
  /** The PostgreSQL pool (for the realtime bus); null on SQLite. */
  pool: pg.Pool | null;
}

/** True for a PostgreSQL connection URL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

const require = createRequire(import.meta.url);
let postgresDriver: typeof pg | undefined;

/** The PostgreSQL driver, loaded with the first PostgreSQL database (a SQLite server never loads it). */
function loadPostgresDriver(): typeof pg {
  if (postgresDriver) return postgresDriver;
  const driver = require('pg') as typeof pg;
  // Numbers come back as numbers on both engines: PostgreSQL's bigint (COUNT(*), SUM, the OIDC expiry columns) and
  // numeric would otherwise arrive as strings. Every bigint stored here is an epoch time or a count, far below 2^53.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
  driver.types.setTypeParser(driver.types.builtins.NUMERIC, (value) => Number(value));
  postgresDriver = driver;
  return driver;
}

export function openDialect(dataDir: string, databaseUrl: string | undefined): OpenedDialect {
  // DATA_DIR holds the OIDC secrets and the blobs on both engines, the SQLite file only on SQLite.
  mkdirSync(dataDir, { recursive: true });
  if (databaseUrl !== undefined && databaseUrl !== '') {
    if (!isPostgresUrl(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    const pool = new (loadPostgresDriver().Pool)({ connectionString: databaseUrl, max: POSTGRES_POOL_SIZE });
    // An idle client losing its connection (the database restarting) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return { engine: 'postgres', dialect: new PostgresDialect({ pool }), pool };
  }
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
  return { engine: 'sqlite', dialect: new SqliteDialect({ database: sqlite }), pool: null };
}

// Column types the migrations write once for both engines.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** True when `db` talks to PostgreSQL. */
export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer primary key the database numbers: SQLite's `integer primary key autoincrement`, PostgreSQL's `serial`. */
export function autoIdType(db: AnyDb): 'serial' | 'integer' {
  return isPostgres(db) ? 'serial' : 'integer';
}
export function autoIdColumn(db: AnyDb): (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return isPostgres(db) ? (column) => column.primaryKey() : (column) => column.primaryKey().autoIncrement();
}

/** A floating-point column: SQLite's `real` is 8 bytes; PostgreSQL's `real` is 4, so `double precision` there. */
export function floatType(db: AnyDb): 'real' | 'double precision' {
  return isPostgres(db) ? 'double precision' : 'real';
}

/**
 * The lock clause of a job claim's inner select: PostgreSQL's `for update skip locked` (instances claiming at once
 * each get a different row, none waits); nothing on SQLite, where a write transaction already runs alone.
 */
export function skipLockedClause(db: AnyDb): RawBuilder<unknown> {
  return isPostgres(db) ? sql`for update skip locked` : sql``;
}

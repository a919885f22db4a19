import { Kysely, Migrator } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { openDialect, type Engine } from './dialect.ts';

export { BUSY_TIMEOUT_MS } from './dialect.ts';

export type Db = Kysely<Database>;

const engines = new WeakMap<Db, { engine: Engine; pool: pg.Pool | null }>();

/** Which engine a database opened here runs on. */
export function engineOf(db: Db): Engine {
  return engines.get(db)?.engine ?? 'sqlite';
}

/** The PostgreSQL pool behind `db` (the realtime bus and the job lease use it); null on SQLite. */
export function postgresPoolOf(db: Db): pg.Pool | null {
  return engines.get(db)?.pool ?? null;
}

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` (default `DATABASE_URL`) is a
 * `postgres://` URL, otherwise `<dataDir>/review.sqlite` (creating the folder). See dialect.ts for what differs.
 */
export async function openDatabase(dataDir: string, databaseUrl: string | undefined = process.env.DATABASE_URL): Promise<Db> {
  const opened = openDialect(dataDir, databaseUrl);
  const db = new Kysely<Database>({ dialect: opened.dialect });
  engines.set(db, { engine: opened.engine, pool: opened.pool });

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

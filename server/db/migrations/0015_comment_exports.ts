import type { Kysely } from 'kysely';

/**
 * Comment exports (server/exports/comments/jobs.ts) kept in the shared database, so any instance answers a status
 * request or signs the download: who asked (`aid`), what (`item_id`, `item_order`, `format`), where the file goes
 * (`file_key`, in the object store), how far it is (`status` running | ready | failed, `progress` 0–1), the file's
 * name once ready, and when it stops being offered (`expires_at`, epoch ms). The file itself is made by a job
 * (`commentExport.make`) on the job table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comment_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('aid', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_order', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_exports_running').on('comment_exports').columns(['aid', 'status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_exports').execute();
}

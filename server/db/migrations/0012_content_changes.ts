import type { Kysely } from 'kysely';

/**
 * Content changes the client named (domain/content.ts `changeId`): one row per person and change id, written in the
 * change's own transaction, so a repeat of the same change (its answer was lost, the client asks again) is answered
 * from the first instead of being done twice. The primary key is the uniqueness rule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_changes')
    .addColumn('aid', 'text', (c) => c.notNull())
    .addColumn('change_id', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('answer_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_changes_pk', ['aid', 'change_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_changes').execute();
}

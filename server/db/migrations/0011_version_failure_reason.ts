import type { Kysely } from 'kysely';

/** Why processing refused a version (unpackFailed, invalidVideoFile), in words for its owner; null otherwise. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_versions').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('item_versions').dropColumn('failure_reason').execute();
}

import type { Kysely } from 'kysely';
import { floatType } from '../dialect.ts';

/**
 * Translations (translation-editor §3, §7; domain/translation.ts): which items form a translation stack and in
 * which locale, the translation file of each version (its JSON lives in the CDN folder under DATA_DIR, keyed by
 * `file_key`), one validation per target item version, its changes keyed by path key, and nav-group progress.
 * Booleans are 0/1, times ISO text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_items')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('stack_id', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translation_items_stack').on('translation_items').columns(['stack_id', 'locale']).execute();

  await db.schema
    .createTable('translation_files')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addPrimaryKeyConstraint('translation_files_pk', ['item_id', 'version_id'])
    .execute();

  await db.schema
    .createTable('validations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('target_locale', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('validations_item_version', ['item_id', 'version_id'])
    .execute();

  await db.schema
    .createTable('validation_changes')
    .addColumn('validation_id', 'text', (c) => c.notNull().references('validations.id').onDelete('cascade'))
    .addColumn('path_key', 'text', (c) => c.notNull())
    .addColumn('validation_segment_id', 'text', (c) => c.notNull())
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('proposed_by', 'text', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('last_accepted_date', 'text')
    .addColumn('last_accepted_by', 'text')
    .addColumn('force_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suggestion_model', 'text')
    .addColumn('normalized_distance', floatType(db), (c) => c.notNull().defaultTo(0))
    .addColumn('is_course_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('validation_changes_pk', ['validation_id', 'path_key'])
    .execute();
  await db.schema.createIndex('validation_changes_segment').on('validation_changes').columns(['validation_segment_id']).execute();

  await db.schema
    .createTable('validation_progress')
    .addColumn('validation_id', 'text', (c) => c.notNull().references('validations.id').onDelete('cascade'))
    .addColumn('path_key', 'text', (c) => c.notNull())
    .addColumn('user_aid', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('is_course_update', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('validation_progress_pk', ['validation_id', 'path_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('validation_progress').execute();
  await db.schema.dropTable('validation_changes').execute();
  await db.schema.dropTable('validations').execute();
  await db.schema.dropTable('translation_files').execute();
  await db.schema.dropTable('translation_items').execute();
}

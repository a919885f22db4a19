import type { Kysely } from 'kysely';

/**
 * Translation tools (translation-editor §3 Translation-memory report, Survey; §7 memory report and
 * experience calls): one row per requested translation-memory report of a validation (its items as JSON once
 * completed), and the survey answers people sent. Times ISO text, booleans 0/1 (null: not answered).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_memory_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('validation_id', 'text', (c) => c.notNull().references('validations.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source_language', 'text', (c) => c.notNull())
    .addColumn('target_language', 'text', (c) => c.notNull())
    .addColumn('formality', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('message', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('items_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('translation_memory_reports_validation').on('translation_memory_reports').columns(['validation_id', 'requested_at']).execute();

  await db.schema
    .createTable('translation_experience')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_aid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('was_positive', 'integer')
    .addColumn('integrations_json', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('survey_response_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('translation_experience_user').on('translation_experience').columns(['user_aid', 'slug']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_experience').execute();
  await db.schema.dropTable('translation_memory_reports').execute();
}

import type { Kysely } from 'kysely';

/**
 * Review requests (review-and-content §3 Review request row, §6 review requests; domain/reviewRequests.ts):
 * one row per reviewer of an item. `email` is stored lower-cased; `reviewer_aid` is the account with that
 * e-mail when the request was made (null: an anonymous reviewer). `user_types` is the request's userTypes JSON;
 * `time_zone` the requester's zone (the due date and its reminders are in it; edit-due-date does not send one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reviewer_aid', 'text', (c) => c.references('users.aid').onDelete('set null'))
    .addColumn('requester_aid', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('custom_message', 'text')
    .addColumn('is_in_stack', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_types', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_requests_item_email', ['item_id', 'email'])
    .execute();
  await db.schema.createIndex('review_requests_reviewer').on('review_requests').columns(['reviewer_aid', 'item_id']).execute();
  await db.schema.createIndex('review_requests_requester').on('review_requests').columns(['requester_aid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_requests').execute();
}

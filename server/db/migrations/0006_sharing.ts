import type { Kysely } from 'kysely';

/**
 * Explicit people of an item (review-and-content §3 Share person, reason explicit; §7 share-settings
 * private). Kept while the item is public, so switching back to private keeps the list. E-mails are stored
 * lower-cased; `user_aid` is the account the e-mail resolved to when it was shared (null once that account
 * is gone: the entry then grants nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_shares')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_aid', 'text', (c) => c.references('users.aid').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('item_shares_item_email', ['item_id', 'email'])
    .execute();
  await db.schema.createIndex('item_shares_user').on('item_shares').columns(['user_aid', 'item_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_shares').execute();
}

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { autoIdColumn, autoIdType, floatType } from '../dialect.ts';

/**
 * Comments (review-and-content §3 Comment, Comment attachment, Notification subscription): the
 * comments with their read marks and attachments, the presigned comment files (attachments and snapshots)
 * until a comment takes them, per-item notification levels, and the outbox of notifications that would be
 * e-mailed. Times are ISO text and booleans 0/1, like 0004 and 0005.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The version it was written on and the item's latest then. No foreign key: a comment outlives nothing
    // but its item, and ready versions (the only ones commented on) are never deleted on their own.
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('current_version_id', 'text', (c) => c.notNull())
    // A parent takes its replies with it.
    .addColumn('reply_to', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    // JSON text of the raw rich-text content (domain/richText.ts RawContent).
    .addColumn('content_json', 'text', (c) => c.notNull())
    // The author: an account (no foreign key, the comment keeps naming them), or an anonymous reviewer's e-mail.
    .addColumn('user_aid', 'text')
    .addColumn('user_email', 'text')
    .addColumn('current_time', floatType(db))
    .addColumn('slide_id', 'text')
    // Set on parents only; replies report their parent's.
    .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON text of { key, width, height, isAnnotation }.
    .addColumn('snapshot_json', 'text')
    // 1 while the snapshot announced with the comment has not arrived.
    .addColumn('snapshot_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('comments_author', sql`${sql.ref('user_aid')} is not null or ${sql.ref('user_email')} is not null`)
    .execute();
  await db.schema.createIndex('comments_item').on('comments').columns(['item_id', 'created_at']).execute();
  await db.schema.createIndex('comments_reply_to').on('comments').column('reply_to').execute();

  await db.schema
    .createTable('comment_reads')
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    // An account id, or anon|<email>.
    .addColumn('reader_key', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reads_pk', ['comment_id', 'reader_key'])
    .execute();

  await db.schema
    .createTable('comment_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('comment_id', 'text', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    // 1: saved with the comment (a draft's attachment); 0: added to the comment afterwards.
    .addColumn('delay_save', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_attachments_comment').on('comment_attachments').column('comment_id').execute();

  // Presigned comment files, from the presign until a comment takes the key (then the row goes).
  await db.schema
    .createTable('comment_uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // Who presigned it: an account id, or anon|<email>.
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`${sql.ref('kind')} in ('attachment', 'snapshot')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`${sql.ref('state')} in ('pending', 'stored', 'failed')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('item_subscriptions')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull().check(sql`${sql.ref('level')} in ('mine', 'all', 'mute')`))
    .addPrimaryKeyConstraint('item_subscriptions_pk', ['item_id', 'user_aid'])
    .execute();

  // What would be e-mailed (domain/notifications.ts OutboxEntry). No foreign keys: it is a record of mail.
  await db.schema
    .createTable('notification_outbox')
    .addColumn('seq', autoIdType(db), autoIdColumn(db))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_title', 'text', (c) => c.notNull())
    .addColumn('comment_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`${sql.ref('kind')} in ('mention', 'reply', 'comment', 'reviewRequest', 'reviewReminder')`))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deliver_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notification_outbox_item').on('notification_outbox').columns(['item_id', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_outbox').execute();
  await db.schema.dropTable('item_subscriptions').execute();
  await db.schema.dropTable('comment_uploads').execute();
  await db.schema.dropTable('comment_attachments').execute();
  await db.schema.dropTable('comment_reads').execute();
  await db.schema.dropTable('comments').execute();
}

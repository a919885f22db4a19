import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { floatType } from '../dialect.ts';

/**
 * Item versions and backups (review-and-content §3 Item version, Backup; §4 version states), and the item
 * fields the item view reads (password, comment switches, project, original owner). Times are ISO text and
 * booleans 0/1, like 0004.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // Creation order within the item; the wire `number` is the position in this order (1…n), so deleting
    // a cancelled version in the middle renumbers the later ones as the spec's `version` query expects.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sqlIn('state', ['uploading', 'ready', 'uploaded', 'uploadFailed', 'transcodeFailed', 'invalidVideoFile', 'unpackFailed'])),
    )
    .addColumn('progress', floatType(db), (c) => c.notNull().defaultTo(0))
    // The uploaded file's storage key.
    .addColumn('package_key', 'text', (c) => c.notNull())
    // The version whose uploaded package and unpacked files this one reuses (a restore, a duplicate, a
    // seeded copy); null for a real upload. Files are removed only when no version refers to them.
    .addColumn('files_of_version_id', 'text')
    .addColumn('md5', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // The uploader. No foreign key: the version keeps naming who uploaded it after the account is gone.
    .addColumn('user_aid', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_prefix', 'text')
    .addColumn('player_file', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('media_url', 'text')
    .addColumn('poster_url', 'text')
    .addColumn('meta_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('item_versions_item_seq', ['item_id', 'seq'])
    .execute();
  // An upload key is used by one upload only (a reused key is refused); copies share it on purpose.
  await db.schema.createIndex('item_versions_upload_key').on('item_versions').column('package_key').unique().where(sql.ref('files_of_version_id'), 'is', null).execute();
  await db.schema.createIndex('item_versions_package_key').on('item_versions').column('package_key').execute();

  await db.schema
    .createTable('backups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    // The version it was made from; its number is that version's position.
    .addColumn('version_id', 'text', (c) => c.notNull().references('item_versions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', ['created', 'ready'])))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('backups_item').on('backups').column('item_id').execute();

  await db.schema.alterTable('items').addColumn('password_hash', 'text').execute();
  await db.schema.alterTable('items').addColumn('allow_anon_comments', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('items').addColumn('enable_comments', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('items').addColumn('project_id', 'text').execute();
  // Who created the item first (§3 originalUserId); null: the owner.
  await db.schema.alterTable('items').addColumn('original_user_aid', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').execute();
  await db.schema.dropTable('item_versions').execute();
  for (const column of ['password_hash', 'allow_anon_comments', 'enable_comments', 'project_id', 'original_user_aid']) {
    await db.schema.alterTable('items').dropColumn(column).execute();
  }
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

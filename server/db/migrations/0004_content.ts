import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { autoIdColumn, autoIdType } from '../dialect.ts';

/**
 * Content (review-and-content §3): folders with their permission entries, team groups, items and item
 * stacks. Times are ISO text and booleans 0/1, so the same queries run on PostgreSQL (where the
 * autoincrement id would be an identity column).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', autoIdType(db), autoIdColumn(db))
    .addColumn('name', 'text', (c) => c.notNull())
    // null: top-level (the virtual root of its type). Removing a folder removes its subtree.
    .addColumn('parent_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('folder_type', 'text', (c) => c.notNull().check(sqlIn('folder_type', ['private', 'shared', 'deleted'])))
    // The type before a soft delete, for restore; null while live.
    .addColumn('original_type', 'text', (c) => c.check(sqlIn('original_type', ['private', 'shared'])))
    // The folder whose soft delete sent this one to the trash: a restore brings back what went together.
    .addColumn('trash_root_id', 'integer')
    .addColumn('owner_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute();
  await db.schema.createIndex('folders_owner').on('folders').columns(['owner_aid', 'folder_type']).execute();

  await db.schema
    .createTable('folder_permissions')
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('principal_id', 'text', (c) => c.notNull())
    .addColumn('principal_type', 'text', (c) => c.notNull().check(sqlIn('principal_type', ['user', 'group'])))
    .addColumn('role', 'text', (c) => c.notNull().check(sqlIn('role', ['viewer', 'editor', 'manager', 'owner'])))
    .addPrimaryKeyConstraint('folder_permissions_pk', ['folder_id', 'principal_type', 'principal_id'])
    .execute();
  await db.schema.createIndex('folder_permissions_principal').on('folder_permissions').columns(['principal_id', 'principal_type']).execute();

  await db.schema
    .createTable('team_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_groups_team').on('team_groups').column('team_id').execute();

  await db.schema
    .createTable('team_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('team_groups.id').onDelete('cascade'))
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_group_members_pk', ['group_id', 'user_aid'])
    .execute();
  await db.schema.createIndex('team_group_members_user').on('team_group_members').column('user_aid').execute();

  await db.schema
    .createTable('item_stacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // The source course's product: the grid filters stacks like items.
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('updated_by_aid', 'text', (c) => c.references('users.aid').onDelete('set null'))
    .addColumn('archived_at', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_stacks_folder_page').on('item_stacks').columns(['folder_id', 'archived_at', 'updated_at']).execute();
  await db.schema.createIndex('item_stacks_owner').on('item_stacks').columns(['user_aid', 'archived_at', 'updated_at']).execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('user_aid', 'text', (c) => c.notNull().references('users.aid').onDelete('cascade'))
    .addColumn('updated_by_aid', 'text', (c) => c.references('users.aid').onDelete('set null'))
    // null: the owner's private-content root.
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('stack_id', 'text', (c) => c.references('item_stacks.id').onDelete('cascade'))
    .addColumn('archived_at', 'text')
    .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('thumbnail_url', 'text')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The page query: one folder's live, unstacked items, newest first (equality, IS NULL, then the order).
  await db.schema
    .createIndex('items_folder_page')
    .on('items')
    .columns(['folder_id', 'archived_at', 'stack_id', 'updated_at', 'id'])
    .execute();
  // Private root and trash listings: the owner's items.
  await db.schema.createIndex('items_owner').on('items').columns(['user_aid', 'archived_at', 'updated_at']).execute();
  await db.schema.createIndex('items_stack').on('items').column('stack_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['items', 'item_stacks', 'team_group_members', 'team_groups', 'folder_permissions', 'folders']) {
    await db.schema.dropTable(table).execute();
  }
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

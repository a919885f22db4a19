/**
 * Content storage: the access snapshot, items and stacks as the grid shows them, and the page query
 * item.fetch runs. SQL stays portable (no SQLite-only functions) so PostgreSQL can follow.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { ItemRecord, PersonRef, ProductFilter } from '../../domain/content.ts';
import { productsForFilter } from '../../domain/contentRules.ts';
import { ITEMS_PER_PAGE } from '../../domain/constants.ts';
import { clampPage, pageOffset } from '../../domain/pagination.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow, ItemStackRow } from '../db/schema.ts';
import { createSnapshot, type AccessSnapshot } from './access.ts';
import { latestVersionStates } from './versionRepository.ts';

/** The avatar address for a person, or null (the client draws initials). */
export type AvatarUrl = (person: { aid: string; first_name: string; last_name: string }) => string | null;

/** A fresh content hash: it changes whenever the row does, so the client can tell versions apart. */
export function newHash(): string {
  return randomBytes(8).toString('hex');
}

/** Folders, permission entries and group memberships, read together (call inside the transaction that decides). */
export async function loadSnapshot(db: Db): Promise<AccessSnapshot> {
  const [folders, entries, memberships] = await Promise.all([
    db.selectFrom('folders').select(['id', 'name', 'parent_id', 'folder_type', 'original_type', 'trash_root_id', 'owner_aid', 'subscription_id', 'hash']).execute(),
    db.selectFrom('folder_permissions').select(['folder_id', 'principal_id', 'principal_type', 'role']).execute(),
    db.selectFrom('team_group_members').select(['group_id', 'user_aid']).execute(),
  ]);
  return createSnapshot(folders, entries, memberships);
}

/** The people behind these account ids, as the grid shows them. */
export async function loadPeople(db: Db, aids: Iterable<string>, avatarUrl: AvatarUrl): Promise<Map<string, PersonRef & { email: string }>> {
  const wanted = [...new Set(aids)];
  const out = new Map<string, PersonRef & { email: string }>();
  if (wanted.length === 0) return out;
  const rows = await db.selectFrom('users').select(['aid', 'first_name', 'last_name', 'email']).where('aid', 'in', wanted).execute();
  for (const row of rows) {
    out.set(row.aid, { userId: row.aid, fullName: `${row.first_name} ${row.last_name}`.trim(), avatar: avatarUrl(row), email: row.email });
  }
  return out;
}

/** Items and stacks share the grid; this is what both look like there. */
export type GridRow = Pick<
  ItemRow,
  'id' | 'title' | 'product' | 'type' | 'user_aid' | 'updated_by_aid' | 'folder_id' | 'archived_at' | 'thumbnail_url' | 'is_private' | 'hash' | 'created_at' | 'updated_at'
> & {
  is_stack: number;
  /** 1 for an item inside a stack (only search lists them: ItemRecord.inStack). */
  in_stack?: number;
};

export function itemGridRow(row: ItemRow): GridRow {
  return { ...gridColumns(row), type: row.type, is_private: row.is_private, is_stack: 0, in_stack: row.stack_id === null ? 0 : 1 };
}

export function stackGridRow(row: ItemStackRow): GridRow {
  return { ...gridColumns(row), type: null, is_private: 0, is_stack: 1 };
}

function gridColumns(row: ItemRow | ItemStackRow) {
  const { id, title, product, user_aid, updated_by_aid, folder_id, archived_at, thumbnail_url, hash, created_at, updated_at } = row;
  return { id, title, product, user_aid, updated_by_aid, folder_id, archived_at, thumbnail_url, hash, created_at, updated_at };
}

/** Grid rows as the client receives them: people resolved, stacks with their size, items with their latest version's state. */
export async function toItemRecords(db: Db, rows: readonly GridRow[], avatarUrl: AvatarUrl): Promise<ItemRecord[]> {
  const aids = rows.flatMap((row) => (row.updated_by_aid ? [row.user_aid, row.updated_by_aid] : [row.user_aid]));
  const stackIds = rows.filter((row) => row.is_stack === 1).map((row) => row.id);
  const itemIds = rows.filter((row) => row.is_stack !== 1).map((row) => row.id);
  const [people, sizes, states, entries] = await Promise.all([loadPeople(db, aids, avatarUrl), stackSizes(db, stackIds), latestVersionStates(db, itemIds), stackEntries(db, stackIds)]);
  const person = (aid: string): PersonRef => {
    const found = people.get(aid);
    return found ? { userId: found.userId, fullName: found.fullName, avatar: found.avatar } : { userId: aid, fullName: '', avatar: null };
  };
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    product: row.product,
    type: row.type,
    userId: row.user_aid,
    owner: person(row.user_aid),
    updatedBy: row.updated_by_aid ? person(row.updated_by_aid) : null,
    updatedAt: row.updated_at,
    createdAt: row.created_at,
    folderId: row.folder_id,
    hash: row.hash,
    archivedAt: row.archived_at,
    isArchived: row.archived_at !== null,
    isStack: row.is_stack === 1,
    stackSize: row.is_stack === 1 ? (sizes.get(row.id) ?? 0) : 0,
    ...(row.is_stack === 1 ? { stackEntry: entries.get(row.id) ?? null } : {}),
    ...(row.in_stack === 1 ? { inStack: true } : {}),
    thumbnailUrl: row.thumbnail_url,
    isPrivate: row.is_private === 1,
    versionState: row.is_stack === 1 ? null : (states.get(row.id) ?? null),
  }));
}

/**
 * Where each stack opens: its source course (translation role 'source'); else its first target by locale; else its
 * first member by creation (a stack that is not a translation stack).
 */
async function stackEntries(db: Db, stackIds: readonly string[]): Promise<Map<string, NonNullable<ItemRecord['stackEntry']>>> {
  if (stackIds.length === 0) return new Map();
  const members = await db
    .selectFrom('items')
    .leftJoin('translation_items', 'translation_items.item_id', 'items.id')
    .select(['items.id as id', 'items.stack_id as stackId', 'items.created_at as createdAt', 'translation_items.role as role', 'translation_items.locale as locale'])
    .where('items.stack_id', 'in', stackIds)
    .where('items.archived_at', 'is', null)
    .execute();
  const rank = (member: (typeof members)[number]) => (member.role === 'source' ? 0 : member.role === 'target' ? 1 : 2);
  members.sort((a, b) => rank(a) - rank(b) || (a.locale ?? '').localeCompare(b.locale ?? '') || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const entries = new Map<string, NonNullable<ItemRecord['stackEntry']>>();
  for (const member of members) {
    if (member.stackId && !entries.has(member.stackId)) entries.set(member.stackId, { itemId: member.id, sourceCourse: member.role === 'source' });
  }
  return entries;
}

async function stackSizes(db: Db, stackIds: readonly string[]): Promise<Map<string, number>> {
  if (stackIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select(['stack_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('stack_id', 'in', stackIds)
    .groupBy('stack_id')
    .execute();
  return new Map(rows.map((row) => [row.stack_id ?? '', Number(row.n)]));
}

export async function findItems(db: Db, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('items').selectAll().where('id', 'in', ids).execute();
}

export async function findStacks(db: Db, ids: readonly string[]): Promise<ItemStackRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('item_stacks').selectAll().where('id', 'in', ids).execute();
}

export async function stackMemberIds(db: Db, stackId: string): Promise<string[]> {
  const rows = await db.selectFrom('items').select('id').where('stack_id', '=', stackId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Titles already shown in a folder's grid (live items outside stacks, and live stacks), for the duplicate
 * check; `folderId` null is the private-content root of `ownerAid`.
 */
export async function titlesInFolder(db: Db, folderId: number | null, ownerAid: string): Promise<string[]> {
  const where = folderId === null ? sql`folder_id is null and user_aid = ${ownerAid}` : sql`folder_id = ${folderId}`;
  const rows = await sql<{ title: string }>`select title from items where stack_id is null and archived_at is null and ${where}
    union all select title from item_stacks where archived_at is null and ${where}`.execute(db);
  return rows.rows.map((row) => row.title);
}

/** Items and stacks inside these folders (what a hard delete of the folders takes with it). */
export async function contentOfFolders(db: Db, folderIds: readonly number[]): Promise<{ items: ItemRow[]; stacks: ItemStackRow[] }> {
  if (folderIds.length === 0) return { items: [], stacks: [] };
  const [items, stacks] = await Promise.all([
    db.selectFrom('items').selectAll().where('folder_id', 'in', folderIds).execute(),
    db.selectFrom('item_stacks').selectAll().where('folder_id', 'in', folderIds).execute(),
  ]);
  return { items, stacks };
}

/** Which items a page query lists. */
export type ItemListing =
  /** One real folder's live items. */
  | { kind: 'folder'; folderId: number }
  /** The user's private-content root. */
  | { kind: 'privateRoot'; aid: string }
  /** The user's own archived items (the trash root). */
  | { kind: 'trash'; aid: string }
  /** Every live item the user sees: in these folders, or at the user's private root (all content, search). */
  | { kind: 'visible'; aid: string; folderIds: readonly number[] }
  /** The shared-content root holds folders only. */
  | { kind: 'none' };

export interface PageQuery {
  listing: ItemListing;
  /** 1-based; clamped to the last page. */
  page: number;
  /**
   * Case-insensitive contains on the title; null: no filter. A search also lists the members of live stacks (their
   * titles, and translation targets by language: `searchLocales`), so that each is reachable on its own.
   */
  search: string | null;
  /** Locale codes whose language name contains the search (server/translations localesNamed); none without a search. */
  searchLocales?: readonly string[];
  product: ProductFilter;
}

export interface ItemPage {
  rows: GridRow[];
  count: number;
  page: number;
}

function listingCondition(listing: ItemListing): RawBuilder<unknown> {
  switch (listing.kind) {
    case 'folder':
      return sql`folder_id = ${listing.folderId} and archived_at is null`;
    case 'privateRoot':
      return sql`user_aid = ${listing.aid} and archived_at is null and folder_id is null`;
    case 'trash':
      return sql`user_aid = ${listing.aid} and archived_at is not null`;
    case 'visible':
      return listing.folderIds.length === 0
        ? sql`archived_at is null and folder_id is null and user_aid = ${listing.aid}`
        : sql`archived_at is null and (folder_id in (${sql.join(listing.folderIds)}) or (folder_id is null and user_aid = ${listing.aid}))`;
    case 'none':
      return sql`1 = 0`;
  }
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the grid (§9: 16 per page, newest update first), stacks as one entry each beside the
 * items outside stacks, with the total count (index-only counts, then an index-ordered page).
 */
export async function queryItemPage(db: Db, query: PageQuery): Promise<ItemPage> {
  const parts: RawBuilder<unknown>[] = [listingCondition(query.listing)];
  const products = productsForFilter(query.product);
  if (products !== null) parts.push(sql`product in (${sql.join([...products])})`);
  const stackParts = [...parts];
  const itemParts = [...parts];
  if (query.search === null) itemParts.push(sql`stack_id is null`);
  else {
    const titleMatch = sql`lower(title) like ${containsPattern(query.search)} escape '\\'`;
    stackParts.push(titleMatch);
    // Members of live stacks too: by title, and translation targets by their language's name.
    const locales = query.searchLocales ?? [];
    const localeMatch = locales.length > 0 ? sql` or id in (select item_id from translation_items where locale in (${sql.join([...locales])}))` : sql``;
    itemParts.push(sql`(stack_id is null or stack_id in (select id from item_stacks where archived_at is null))`);
    itemParts.push(sql`(${titleMatch}${localeMatch})`);
  }
  const itemWhere = sql.join(itemParts, sql` and `);
  const stackWhere = sql.join(stackParts, sql` and `);

  const counted = await sql<{ items: number | string; stacks: number | string }>`select
    (select count(*) from items where ${itemWhere}) as items,
    (select count(*) from item_stacks where ${stackWhere}) as stacks`.execute(db);
  const itemCount = Number(counted.rows[0]?.items ?? 0);
  const stackCount = Number(counted.rows[0]?.stacks ?? 0);
  const count = itemCount + stackCount;
  const page = clampPage(query.page, count);
  const offset = pageOffset(page);
  if (count === 0) return { rows: [], count, page };

  const itemSide = sql`select id, title, product, type, user_aid, updated_by_aid, folder_id, archived_at, thumbnail_url, is_private, hash, created_at, updated_at, 0 as is_stack, case when stack_id is not null then 1 else 0 end as in_stack
      from items where ${itemWhere}`;
  const stackSide = sql`select id, title, product, null as type, user_aid, updated_by_aid, folder_id, archived_at, thumbnail_url, 0 as is_private, hash, created_at, updated_at, 1 as is_stack, 0 as in_stack
      from item_stacks where ${stackWhere}`;
  const order = sql`order by updated_at desc, id desc`;
  // One side alone reads the page straight off its index; both are merged after each is cut to the rows the page can need.
  const reach = offset + ITEMS_PER_PAGE;
  const pageSql =
    stackCount === 0
      ? sql<GridRow>`${itemSide} ${order} limit ${ITEMS_PER_PAGE} offset ${offset}`
      : itemCount === 0
        ? sql<GridRow>`${stackSide} ${order} limit ${ITEMS_PER_PAGE} offset ${offset}`
        : sql<GridRow>`select * from (${itemSide} ${order} limit ${reach}) as unstacked
            union all select * from (${stackSide} ${order} limit ${reach}) as stacks
            ${order} limit ${ITEMS_PER_PAGE} offset ${offset}`;
  const rows = await pageSql.execute(db);
  return { rows: rows.rows.map((row) => ({ ...row, is_stack: Number(row.is_stack), is_private: Number(row.is_private), in_stack: Number(row.in_stack ?? 0) })), count, page };
}

/** The user's first team subscription (shared folders belong to one), or null without a team. */
export async function teamSubscriptionOf(db: Db, aid: string): Promise<string | null> {
  const row = await db
    .selectFrom('subscriptions')
    .innerJoin('team_members', 'team_members.team_id', 'subscriptions.team_id')
    .select('subscriptions.id')
    .where('team_members.user_aid', '=', aid)
    .where('subscriptions.id', 'in', db.selectFrom('subscription_roles').select('subscription_id').where('user_aid', '=', aid))
    .orderBy('subscriptions.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The user's first subscription of any kind (a private folder's), or null. */
export async function anySubscriptionOf(db: Db, aid: string): Promise<string | null> {
  const row = await db.selectFrom('subscription_roles').select('subscription_id').where('user_aid', '=', aid).orderBy('subscription_id').executeTakeFirst();
  return row?.subscription_id ?? null;
}

/** Groups of the teams the user is on. */
export async function groupsOfTeamsOf(db: Db, aid: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('team_groups')
    .select(['id', 'name'])
    .where('team_id', 'in', db.selectFrom('team_members').select('team_id').where('user_aid', '=', aid))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function groupNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('team_groups').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

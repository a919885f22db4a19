/**
 * Item requests (review-and-content §4–§7 "Items", this scope): the page query, rename, move, trash,
 * restore, duplicate and their bulk forms. Items inside a stack are changed through the stack.
 */
import { randomUUID } from 'node:crypto';
import type { Ack, ContentAckData, ContentPayload, ItemRecord } from '../../domain/content.ts';
import { canTrashItem, itemMoveValidity, restoreTarget } from '../../domain/folderMoves.ts';
import { ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId } from '../../domain/folderRoles.ts';
import { searchFilter } from '../../domain/names.ts';
import type { Db } from '../db/database.ts';
import type { ItemRow } from '../db/schema.ts';
import { userAccess, type AccessSnapshot, type UserAccess } from './access.ts';
import { acceptName, canSeeContent, menuOffers, movable, mutate, read, refuse, releaseVersionFiles, visibleFolder, type ContentContext } from './common.ts';
import { itemDestroyPushes, itemTrashPushes, itemUpdatePushes, type Push } from './pushes.ts';
import { localesNamed } from '../translations/cdn.ts';
import { findItems, itemGridRow, loadSnapshot, newHash, queryItemPage, titlesInFolder, toItemRecords, type ItemListing } from './repository.ts';
import { copyReadyVersions, versionFilesOf } from './versionRepository.ts';

/** Which items a grid request lists (§7 item.fetch): a search looks through everything the user sees. */
export function listingFor(access: UserAccess, folderId: FolderId, search: string | null): ItemListing {
  if (search !== null || folderId === ALL_CONTENT) return { kind: 'visible', aid: access.aid, folderIds: access.liveFolderIds() };
  if (folderId === PRIVATE_CONTENT) return { kind: 'privateRoot', aid: access.aid };
  if (folderId === TRASH_ROOT) return { kind: 'trash', aid: access.aid };
  if (folderId === SHARED_CONTENT) return { kind: 'none' };
  visibleFolder(access, folderId);
  return { kind: 'folder', folderId };
}

/** Items by id in the order asked, each visible to the user and outside any stack; else the refusal names it. */
async function loadItems(trx: Db, access: UserAccess, ids: readonly string[]): Promise<ItemRow[]> {
  const rows = new Map((await findItems(trx, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row || !canSeeContent(access, row)) refuse('notFound', id);
    if (row.stack_id !== null) refuse('forbidden', id, 'This item belongs to a stack: change the stack instead.');
    return row;
  });
}

async function recordsOf(trx: Db, context: ContentContext, ids: readonly string[]): Promise<ItemRecord[]> {
  const rows = new Map((await findItems(trx, ids)).map((row) => [row.id, row]));
  return toItemRecords(
    trx,
    ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [itemGridRow(row)] : [];
    }),
    context.avatarUrl,
  );
}

/** The folder column for a move or restore target: null for the private-content root. */
function folderColumn(target: FolderId): number | null {
  return typeof target === 'number' ? target : null;
}

function checkTrash(access: UserAccess, row: ItemRow): void {
  if (!canTrashItem(access.tree, movable(row), access.aid)) refuse('forbidden', row.id);
}

function checkMove(access: UserAccess, row: ItemRow, target: FolderId): void {
  const validity = itemMoveValidity(access.tree, movable(row), target, access.aid);
  if (!validity.ok) refuse(validity.reason, row.id);
}

/** Item requests for one context. */
export function itemOperations(context: ContentContext) {
  /** A repeated change (same change id) answered with the items it named as they are now; gone ones are left out. */
  const itemsNow = async (trx: Db, first: { items: ItemRecord[] }) => ({ items: await recordsOf(trx, context, first.items.map((i) => i.id)) });
  /** A repeated create, rename, move… answered with the item as it is now (the first answer when it is gone). */
  const itemNow = async (trx: Db, first: { item: ItemRecord }) => {
    const [item] = await recordsOf(trx, context, [first.item.id]);
    return item ? { item } : first;
  };

  async function trashRows(trx: Db, before: AccessSnapshot, rows: readonly ItemRow[]): Promise<{ data: { items: ItemRecord[] }; pushes: Push[] }> {
    const now = new Date().toISOString();
    const pushes: Push[] = [];
    for (const row of rows) {
      const hash = newHash();
      await trx.updateTable('items').set({ archived_at: now, hash }).where('id', '=', row.id).execute();
      pushes.push(itemTrashPushes(before, row, hash));
    }
    return { data: { items: await recordsOf(trx, context, rows.map((r) => r.id)) }, pushes };
  }

  async function moveRows(trx: Db, actor: string, snapshot: AccessSnapshot, rows: readonly ItemRow[], target: FolderId): Promise<{ data: { items: ItemRecord[] }; pushes: Push[] }> {
    const now = new Date().toISOString();
    for (const row of rows) {
      await trx.updateTable('items').set({ folder_id: folderColumn(target), updated_at: now, updated_by_aid: actor, hash: newHash() }).where('id', '=', row.id).execute();
    }
    const items = await recordsOf(trx, context, rows.map((r) => r.id));
    const pushes = items.flatMap((item, i) => itemUpdatePushes(snapshot, snapshot, rows[i]!, item));
    return { data: { items }, pushes };
  }

  return {
    fetch: (aid: string, { folderId, page, search, product }: ContentPayload<'item.fetch'>): Promise<Ack<ContentAckData<'item.fetch'>>> =>
      read(context, 'item.fetch', async (trx) => {
        const access = userAccess(await loadSnapshot(trx), aid);
        const filter = searchFilter(search);
        const searchLocales = filter === null ? [] : localesNamed(filter);
        const result = await queryItemPage(trx, { listing: listingFor(access, folderId, filter), page, search: filter, searchLocales, product });
        return { items: await toItemRecords(trx, result.rows, context.avatarUrl), count: result.count, page: result.page };
      }),

    update: (aid: string, payload: ContentPayload<'item.update'>): Promise<Ack<ContentAckData<'item.update'>>> =>
      mutate(context, 'item.update', async (trx) => {
        const changes = (['title', 'folderId', 'archived', 'restoreFromTrash'] as const).filter((key) => payload[key] !== undefined);
        if (changes.length !== 1) refuse('invalidRequest', payload.id, 'Send exactly one of title, folderId, archived or restoreFromTrash.');
        if (payload.archived === false || payload.restoreFromTrash === false) refuse('invalidRequest', payload.id, 'Restore with restoreFromTrash: true.');
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const [row] = await loadItems(trx, access, [payload.id]);
        const now = new Date().toISOString();

        if (payload.title !== undefined) {
          if (!menuOffers(access, row!, false, 'rename')) refuse('forbidden', row!.id);
          const title = acceptName(payload.title, { currentName: row!.title, existingNames: await titlesInFolder(trx, row!.folder_id, row!.user_aid) }, row!.id);
          await trx.updateTable('items').set({ title, updated_at: now, updated_by_aid: aid, hash: newHash() }).where('id', '=', row!.id).execute();
        } else if (payload.folderId !== undefined) {
          const target: FolderId = payload.folderId ?? PRIVATE_CONTENT;
          checkMove(access, row!, target);
          const moved = await moveRows(trx, aid, snapshot, [row!], target);
          return { data: { item: moved.data.items[0]! }, pushes: moved.pushes };
        } else if (payload.archived === true) {
          checkTrash(access, row!);
          const trashed = await trashRows(trx, snapshot, [row!]);
          return { data: { item: trashed.data.items[0]! }, pushes: trashed.pushes };
        } else {
          if (row!.archived_at === null) refuse('forbidden', row!.id, 'This item is not in the trash.');
          if (!menuOffers(access, row!, false, 'restore')) refuse('forbidden', row!.id);
          // §4: back to its folder while that is live, else the private-content root.
          const target = restoreTarget(access.tree, movable(row!));
          await trx
            .updateTable('items')
            .set({ archived_at: null, folder_id: folderColumn(target), updated_at: now, updated_by_aid: aid, hash: newHash() })
            .where('id', '=', row!.id)
            .execute();
        }
        const [item] = await recordsOf(trx, context, [row!.id]);
        return { data: { item: item! }, pushes: itemUpdatePushes(snapshot, snapshot, row!, item!) };
      }, { aid, changeId: payload.changeId, again: itemNow }),

    duplicate: (aid: string, { id, title, changeId }: ContentPayload<'item.duplicate'>): Promise<Ack<ContentAckData<'item.duplicate'>>> =>
      mutate(context, 'item.duplicate', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const [row] = await loadItems(trx, access, [id]);
        if (!menuOffers(access, row!, false, 'duplicate')) refuse('forbidden', id);
        const accepted = acceptName(title, { existingNames: await titlesInFolder(trx, row!.folder_id, row!.user_aid) }, id);
        const now = new Date().toISOString();
        const copyId = randomUUID();
        await trx
          .insertInto('items')
          .values({
            id: copyId,
            title: accepted,
            product: row!.product,
            type: row!.type,
            user_aid: aid,
            updated_by_aid: aid,
            folder_id: row!.folder_id,
            stack_id: null,
            archived_at: null,
            is_private: row!.is_private,
            thumbnail_url: row!.thumbnail_url,
            hash: newHash(),
            created_at: now,
            updated_at: now,
          })
          .execute();
        await copyReadyVersions(trx, row!.id, copyId);
        const [item] = await recordsOf(trx, context, [copyId]);
        return { data: { item: item! }, pushes: itemUpdatePushes(snapshot, snapshot, null, item!) };
      }, { aid, changeId, again: itemNow }),

    bulkArchive: (aid: string, { ids, changeId }: ContentPayload<'item.bulkArchive'>): Promise<Ack<ContentAckData<'item.bulkArchive'>>> =>
      mutate(context, 'item.bulkArchive', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadItems(trx, access, ids);
        for (const row of rows) checkTrash(access, row);
        return trashRows(trx, snapshot, rows);
      }, { aid, changeId, again: itemsNow }),

    bulkDestroy: (aid: string, { ids, changeId }: ContentPayload<'item.bulkDestroy'>): Promise<Ack<ContentAckData<'item.bulkDestroy'>>> =>
      mutate(context, 'item.bulkDestroy', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadItems(trx, access, ids);
        // Delete forever is offered for archived items only (§4), to their owner or a hard-delete role.
        for (const row of rows) if (!menuOffers(access, row, false, 'deleteForever')) refuse('forbidden', row.id);
        const doomed = await versionFilesOf(trx, { itemIds: ids });
        await trx.deleteFrom('items').where('id', 'in', [...ids]).execute();
        return { data: { ids: [...ids] }, pushes: rows.map((row) => itemDestroyPushes(snapshot, row)), ...(await releaseVersionFiles(trx, context, doomed)) };
      }, { aid, changeId }),

    bulkMove: (aid: string, { ids, destination, changeId }: ContentPayload<'item.bulkMove'>): Promise<Ack<ContentAckData<'item.bulkMove'>>> =>
      mutate(context, 'item.bulkMove', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadItems(trx, access, ids);
        // §4 "a drag into the deleted root is a trash action".
        if (destination === TRASH_ROOT) {
          for (const row of rows) checkTrash(access, row);
          return trashRows(trx, snapshot, rows);
        }
        for (const row of rows) checkMove(access, row, destination);
        return moveRows(trx, aid, snapshot, rows, destination);
      }, { aid, changeId, again: itemsNow }),
  };
}

export type ItemOperations = ReturnType<typeof itemOperations>;

/**
 * Item-stack operations (review-and-content §7 "Stacks"): a stack moves, goes to the trash, comes back
 * and is deleted as one grid entry, its member items with it. Decided like an item of the stack's folder.
 */
import type { Ack, ItemRecord, ItemStackRecord } from '../../domain/content.ts';
import { canTrashItem, itemMoveValidity, restoreTarget } from '../../domain/folderMoves.ts';
import { PRIVATE_CONTENT, type FolderId } from '../../domain/folderRoles.ts';
import type { Db } from '../db/database.ts';
import type { ItemStackRow } from '../db/schema.ts';
import { userAccess, type UserAccess } from './access.ts';
import { acceptName, canSeeContent, menuOffers, movable, mutate, read, refuse, releaseVersionFiles, type ContentContext } from './common.ts';
import { stacksAudience, stackUpdatePushes, type Push } from './pushes.ts';
import { findStacks, loadSnapshot, newHash, stackGridRow, stackMemberIds, titlesInFolder, toItemRecords } from './repository.ts';
import { versionFilesOf } from './versionRepository.ts';

async function loadStacks(trx: Db, access: UserAccess, ids: readonly string[]): Promise<ItemStackRow[]> {
  const rows = new Map((await findStacks(trx, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row || !canSeeContent(access, row)) refuse('notFound', id);
    return row;
  });
}

async function stackRecords(trx: Db, context: ContentContext, ids: readonly string[]): Promise<ItemRecord[]> {
  const rows = new Map((await findStacks(trx, ids)).map((row) => [row.id, row]));
  return toItemRecords(
    trx,
    ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [stackGridRow(row)] : [];
    }),
    context.avatarUrl,
  );
}

/** Stack operations for one context (the HTTP routes call these). */
export function stackOperations(context: ContentContext) {
  /** Sets the stack's folder and its members' together. */
  async function place(trx: Db, stackId: string, folderId: number | null, patch: Partial<Pick<ItemStackRow, 'archived_at' | 'updated_at' | 'updated_by_aid'>>) {
    await trx.updateTable('item_stacks').set({ ...patch, folder_id: folderId, hash: newHash() }).where('id', '=', stackId).execute();
    await trx.updateTable('items').set({ folder_id: folderId }).where('stack_id', '=', stackId).execute();
  }

  return {
    get: (aid: string, id: string): Promise<Ack<ItemStackRecord>> =>
      read(context, 'itemStack.get', async (trx) => {
        const [row] = await loadStacks(trx, userAccess(await loadSnapshot(trx), aid), [id]);
        return {
          id: row!.id,
          title: row!.title,
          folderId: row!.folder_id,
          userId: row!.user_aid,
          archivedAt: row!.archived_at,
          itemIds: await stackMemberIds(trx, row!.id),
          hash: row!.hash,
        };
      }),

    rename: (aid: string, id: string, title: string): Promise<Ack<null>> =>
      mutate(context, 'itemStack.rename', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const [row] = await loadStacks(trx, access, [id]);
        if (!menuOffers(access, row!, true, 'rename')) refuse('forbidden', id);
        const accepted = acceptName(title, { currentName: row!.title, existingNames: await titlesInFolder(trx, row!.folder_id, row!.user_aid) }, id);
        await trx.updateTable('item_stacks').set({ title: accepted, updated_at: new Date().toISOString(), updated_by_aid: aid, hash: newHash() }).where('id', '=', id).execute();
        const [record] = await stackRecords(trx, context, [id]);
        return { data: null, pushes: stackUpdatePushes(snapshot, snapshot, row!, record!) };
      }),

    move: (aid: string, ids: readonly string[], toFolderId: number | null): Promise<Ack<null>> =>
      mutate(context, 'itemStack.move', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadStacks(trx, access, ids);
        const target: FolderId = toFolderId ?? PRIVATE_CONTENT;
        for (const row of rows) {
          const validity = itemMoveValidity(access.tree, movable(row), target, aid);
          if (!validity.ok) refuse(validity.reason, row.id);
        }
        const now = new Date().toISOString();
        for (const row of rows) await place(trx, row.id, toFolderId, { updated_at: now, updated_by_aid: aid });
        const aids = stacksAudience(snapshot, snapshot, rows.map((row) => ({ before: row, after: { ...row, folder_id: toFolderId } })));
        const push: Push = { aids, event: 'itemStack.moveHashed', data: { stackIds: [...ids], toFolderId } };
        return { data: null, pushes: [push] };
      }),

    softDelete: (aid: string, ids: readonly string[]): Promise<Ack<null>> =>
      mutate(context, 'itemStack.bulkSoftDelete', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadStacks(trx, access, ids);
        for (const row of rows) if (!canTrashItem(access.tree, movable(row), aid)) refuse('forbidden', row.id);
        const now = new Date().toISOString();
        for (const row of rows) await trx.updateTable('item_stacks').set({ archived_at: now, hash: newHash() }).where('id', '=', row.id).execute();
        const aids = stacksAudience(snapshot, null, rows.map((row) => ({ before: row, after: null })));
        return { data: null, pushes: [{ aids, event: 'itemStack.softDeleteHashed', data: { stackIds: [...ids] } }] };
      }),

    hardDelete: (aid: string, ids: readonly string[]): Promise<Ack<null>> =>
      mutate(context, 'itemStack.bulkHardDelete', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadStacks(trx, access, ids);
        for (const row of rows) if (!menuOffers(access, row, true, 'deleteForever')) refuse('forbidden', row.id);
        // The members go with their stack (items.stack_id cascades).
        const doomed = await versionFilesOf(trx, { stackIds: ids });
        await trx.deleteFrom('item_stacks').where('id', 'in', [...ids]).execute();
        const aids = stacksAudience(snapshot, null, rows.map((row) => ({ before: row, after: null })));
        return { data: null, pushes: [{ aids, event: 'itemStack.hardDeleteHashed', data: { stackIds: [...ids] } }], ...(await releaseVersionFiles(trx, context, doomed)) };
      }),

    restore: (aid: string, ids: readonly string[]): Promise<Ack<{ stacks: ItemRecord[] }>> =>
      mutate(context, 'itemStack.bulkRestore', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const rows = await loadStacks(trx, access, ids);
        for (const row of rows) {
          if (row.archived_at === null) refuse('forbidden', row.id, 'This stack is not in the trash.');
          if (!menuOffers(access, row, true, 'restore')) refuse('forbidden', row.id);
        }
        const now = new Date().toISOString();
        for (const row of rows) {
          // §4: back to its folder while that is live, else the private-content root.
          const target = restoreTarget(access.tree, movable(row));
          await place(trx, row.id, typeof target === 'number' ? target : null, { archived_at: null, updated_at: now, updated_by_aid: aid });
        }
        const stacks = await stackRecords(trx, context, ids);
        const pushes = stacks.flatMap((stack, i) => stackUpdatePushes(snapshot, snapshot, rows[i]!, stack));
        return { data: { stacks }, pushes };
      }),
  };
}

export type StackOperations = ReturnType<typeof stackOperations>;

/**
 * Who hears about a content change (review-and-content §7 "Server pushes"): everyone connected who can
 * see the folder concerned, before or after the change, the actor's own sockets included.
 *
 * Folder records carry the receiver's role, so folder pushes are built per user. A user who could see a
 * folder before a change and cannot after (a move out of their reach, a permission taken away, a soft
 * delete for a non-owner) receives `folder.hardDeleted` for it: from where they stand it is gone. An item
 * that leaves a user's sight by moving becomes an `item.refresh` of the folder it left.
 */
import type { ContentPushes, ContentPushName, ItemRecord } from '../../domain/content.ts';
import { isItemVisibleTo } from '../../domain/folderRoles.ts';
import type { ItemPushes, ItemPushName } from '../../domain/items.ts';
import type { Realtime, SocketIdentity } from '../realtime.ts';
import { canSeeFolder, folderAudience, folderRecordFor, type AccessSnapshot } from './access.ts';

type UserPushes = ContentPushes & ItemPushes;
type UserPushName = ContentPushName | ItemPushName;

/** One push to some users' /user/<aid> sockets. */
export type Push = { [K in UserPushName]: { aids: readonly string[]; event: K; data: UserPushes[K] } }[UserPushName];

/**
 * One push to everyone on an item's namespace (/item/<itemId>), built per socket: the item detail it
 * may carry depends on who watches (their actions, whether they own it).
 */
export type RoomPush = { [K in ItemPushName]: { itemId: string; event: K; dataFor: (viewer: SocketIdentity) => ItemPushes[K] } }[ItemPushName];

/** Where an item or stack sits, as far as its audience goes. */
export interface Placement {
  user_aid: string;
  folder_id: number | null;
  archived_at: string | null;
}

/** Everyone who sees an item placed like this: the owner alone for an archived item or the private root, else the folder's audience. */
export function itemAudience(snapshot: AccessSnapshot, item: Placement): Set<string> {
  if (item.folder_id === null) return new Set([item.user_aid]);
  const audience = folderAudience(snapshot, item.folder_id);
  for (const aid of [...audience]) if (!isItemVisibleTo({ userId: item.user_aid, archivedAt: item.archived_at }, aid)) audience.delete(aid);
  if (item.archived_at !== null) audience.add(item.user_aid);
  return audience;
}

/** folder.updateHashed (per user, with their role) and folder.hardDeleted for those who lost sight. */
export function folderPushes(before: AccessSnapshot, after: AccessSnapshot, folderIds: Iterable<number>): Push[] {
  const ids = [...new Set(folderIds)];
  const users = new Set<string>();
  for (const id of ids) {
    for (const aid of folderAudience(before, id)) users.add(aid);
    for (const aid of folderAudience(after, id)) users.add(aid);
  }
  const pushes: Push[] = [];
  for (const aid of users) {
    const folders = ids.flatMap((id) => {
      const folder = after.folders.get(id);
      return folder && canSeeFolder(after, aid, id) ? [folderRecordFor(after, aid, folder)] : [];
    });
    const lost = ids.filter((id) => canSeeFolder(before, aid, id) && !canSeeFolder(after, aid, id));
    if (folders.length > 0) pushes.push({ aids: [aid], event: 'folder.updateHashed', data: { folders } });
    if (lost.length > 0) pushes.push({ aids: [aid], event: 'folder.hardDeleted', data: { ids: lost } });
  }
  return pushes;
}

/** An item created, renamed, moved, duplicated or restored: the record to those who see it now, a refresh to those who no longer do. */
export function itemUpdatePushes(before: AccessSnapshot, after: AccessSnapshot, previous: Placement | null, record: ItemRecord): Push[] {
  const now = itemAudience(after, { user_aid: record.userId, folder_id: record.folderId, archived_at: record.archivedAt });
  const then = previous ? itemAudience(before, previous) : new Set<string>();
  const pushes: Push[] = [{ aids: [...now], event: 'item.updateHashed', data: { item: record } }];
  const gone = [...then].filter((aid) => !now.has(aid));
  if (previous && gone.length > 0) pushes.push({ aids: gone, event: 'item.refresh', data: { folderId: previous.folder_id } });
  return pushes;
}

/** An item went to the trash: everyone who saw it (the owner keeps it, in the trash). */
export function itemTrashPushes(before: AccessSnapshot, previous: Placement & { id: string }, hash: string): Push {
  const aids = itemAudience(before, previous);
  aids.add(previous.user_aid);
  return { aids: [...aids], event: 'item.softDeleteHashed', data: { id: previous.id, folderId: previous.folder_id, hash } };
}

/** An item was deleted forever. */
export function itemDestroyPushes(before: AccessSnapshot, previous: Placement & { id: string }): Push {
  const aids = itemAudience(before, previous);
  aids.add(previous.user_aid);
  return { aids: [...aids], event: 'item.hardDeleteHashed', data: { id: previous.id, folderId: previous.folder_id } };
}

/** A stack renamed or restored: the stack entry to those who see it now, a refresh to those who no longer do. */
export function stackUpdatePushes(before: AccessSnapshot, after: AccessSnapshot, previous: Placement, record: ItemRecord): Push[] {
  const now = itemAudience(after, { user_aid: record.userId, folder_id: record.folderId, archived_at: record.archivedAt });
  const gone = [...itemAudience(before, previous)].filter((aid) => !now.has(aid));
  const pushes: Push[] = [{ aids: [...now], event: 'itemStack.updateHashed', data: { stack: record } }];
  if (gone.length > 0) pushes.push({ aids: gone, event: 'item.refresh', data: { folderId: previous.folder_id } });
  return pushes;
}

/** Everyone who saw any of these stacks before or sees them after. */
export function stacksAudience(before: AccessSnapshot, after: AccessSnapshot | null, placements: readonly { before: Placement; after: Placement | null }[]): string[] {
  const aids = new Set<string>();
  for (const placement of placements) {
    for (const aid of itemAudience(before, placement.before)) aids.add(aid);
    aids.add(placement.before.user_aid);
    if (after && placement.after) for (const aid of itemAudience(after, placement.after)) aids.add(aid);
  }
  return [...aids];
}

/** Sends pushes once the current acknowledgement is on its way (the requester reads its ack first). */
export function sendPushesSoon(realtime: Realtime, pushes: readonly Push[]): void {
  if (pushes.length === 0) return;
  setImmediate(() => {
    for (const push of pushes) if (push.aids.length > 0) realtime.emitToUsers(push.aids, push.event, push.data as unknown as Record<string, unknown>);
  });
}

/** Sends item-namespace pushes once the current acknowledgement is on its way. */
export function sendRoomPushesSoon(realtime: Realtime, pushes: readonly RoomPush[]): void {
  if (pushes.length === 0) return;
  setImmediate(() => {
    for (const push of pushes) realtime.emitToItemEach(push.itemId, push.event, (viewer) => push.dataFor(viewer) as unknown as Record<string, unknown>);
  });
}

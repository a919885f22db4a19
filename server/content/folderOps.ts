/**
 * Folder requests (review-and-content §4–§7 "Folders"), decided with the shared domain rules on the
 * requesting user's tree and written in one transaction each.
 */
import type { Ack, ContentAckData, ContentPayload, FolderPermissionView, TeamGroup, TeamMember } from '../../domain/content.ts';
import { FOLDER_MAX_DEPTH } from '../../domain/constants.ts';
import { canCreateSubfolder, folderMoveValidity } from '../../domain/folderMoves.ts';
import {
  canChangePermissions,
  FOLDER_ROLES,
  isFolderShareable,
  PRIVATE_CONTENT,
  SHARED_CONTENT,
  TRASH_ROOT,
} from '../../domain/folderRoles.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import type { Db } from '../db/database.ts';
import { teammatesOf } from '../db/users.ts';
import {
  effectiveEntries,
  effectiveRole,
  folderDescendants,
  folderKind,
  folderRecordFor,
  userAccess,
  type AccessSnapshot,
  type EffectiveEntry,
  type FolderFacts,
  type UserAccess,
} from './access.ts';
import { acceptName, mutate, read, refuse, releaseVersionFiles, siblingNames, visibleFolder, type ContentContext } from './common.ts';
import { folderPushes, type Push } from './pushes.ts';
import { anySubscriptionOf, contentOfFolders, groupNames, groupsOfTeamsOf, loadPeople, loadSnapshot, newHash, teamSubscriptionOf } from './repository.ts';
import { versionFilesOf } from './versionRepository.ts';

type Reply<K extends keyof FolderReplies> = Promise<Ack<FolderReplies[K]>>;
interface FolderReplies {
  fetch: ContentAckData<'folder.fetch'>;
  find: ContentAckData<'folder.find'>;
  insert: ContentAckData<'folder.insert'>;
  update: ContentAckData<'folder.update'>;
  folders: { folders: FolderRecord[] };
  ids: { ids: number[] };
  emptyTrash: ContentAckData<'folder.destroyArchivedItems'>;
  permissions: ContentAckData<'folder.getPermissions'>;
  groups: ContentAckData<'team.fetchGroups'>;
}

function facts(snapshot: AccessSnapshot, id: number): FolderFacts {
  const folder = snapshot.folders.get(id);
  if (!folder) refuse('notFound', id);
  return folder;
}

function records(access: UserAccess, ids: readonly number[]): FolderRecord[] {
  return ids.flatMap((id) => {
    const record = access.record(id);
    return record ? [record] : [];
  });
}

/** The subscription a new shared folder belongs to; a user on no team cannot share. */
async function requireTeamSubscription(trx: Db, aid: string): Promise<string> {
  const subscription = await teamSubscriptionOf(trx, aid);
  if (subscription === null) refuse('forbidden', undefined, 'Shared folders belong to a team, and you are not on one.');
  return subscription;
}

/** Copies the entries a folder inherits onto it, so it keeps its people when cut from its parent. */
async function keepInheritedEntries(trx: Db, snapshot: AccessSnapshot, folderId: number): Promise<void> {
  const inherited = effectiveEntries(snapshot, folderId).filter((entry) => entry.inherited);
  if (inherited.length === 0) return;
  await trx
    .insertInto('folder_permissions')
    .values(inherited.map((entry) => ({ folder_id: folderId, principal_id: entry.principalId, principal_type: entry.principalType, role: entry.role })))
    .execute();
}

/** Soft delete (§4): each root and its live subfolders become type deleted, remembering their type and the root. */
async function softDelete(trx: Db, snapshot: AccessSnapshot, rootIds: readonly number[], now: string): Promise<number[]> {
  const changed: number[] = [];
  for (const rootId of rootIds) {
    const ids = [rootId, ...folderDescendants(snapshot, rootId)].filter((id) => snapshot.folders.get(id)?.folder_type !== 'deleted');
    if (ids.length === 0) continue;
    for (const kind of ['private', 'shared'] as const) {
      await trx
        .updateTable('folders')
        .set({ folder_type: 'deleted', original_type: kind, trash_root_id: rootId, deleted_at: now, updated_at: now, hash: newHash() })
        .where('id', 'in', ids)
        .where('folder_type', '=', kind)
        .execute();
    }
    changed.push(...ids);
  }
  return changed;
}

/** Drops folders listed below another listed folder: acting on the ancestor covers them. */
function outermost(snapshot: AccessSnapshot, ids: readonly number[]): number[] {
  const set = new Set(ids);
  return ids.filter((id) => {
    for (let parent = snapshot.folders.get(id)?.parent_id ?? null, hops = 0; parent !== null && hops < 10_000; hops++) {
      if (set.has(parent)) return false;
      parent = snapshot.folders.get(parent)?.parent_id ?? null;
    }
    return true;
  });
}

/** Hard delete of trashed folders with everything below and in them; returns the folder ids removed. */
async function hardDelete(trx: Db, snapshot: AccessSnapshot, rootIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(rootIds.flatMap((id) => [id, ...folderDescendants(snapshot, id)]))];
  if (ids.length > 0) await trx.deleteFrom('folders').where('id', 'in', ids).execute();
  return ids;
}

/** Archived items and stacks a folder hard delete takes along: their owners still saw them in their trash. */
function ownerPushesForRemovedContent(content: Awaited<ReturnType<typeof contentOfFolders>>): Push[] {
  const pushes: Push[] = [];
  for (const item of content.items) {
    if (item.archived_at !== null) pushes.push({ aids: [item.user_aid], event: 'item.hardDeleteHashed', data: { id: item.id, folderId: item.folder_id } });
  }
  for (const stack of content.stacks) {
    if (stack.archived_at !== null) pushes.push({ aids: [stack.user_aid], event: 'itemStack.hardDeleteHashed', data: { stackIds: [stack.id] } });
  }
  return pushes;
}

function checkDeletable(access: UserAccess, ids: readonly number[]): void {
  for (const id of ids) {
    const node = visibleFolder(access, id, id);
    if (!node.actions.has('deleteFolder')) refuse('forbidden', id);
  }
}

function checkHardDeletable(access: UserAccess, ids: readonly number[]): void {
  for (const id of ids) {
    const node = visibleFolder(access, id, id);
    if (node.folderType !== 'deleted') refuse('forbidden', id, 'Only folders in the trash can be deleted forever.');
    if (!node.actions.has('hardDeleteFolder')) refuse('forbidden', id);
  }
}

/** A repeated change (same change id) answered with the folders it named as they are now; gone ones are left out. */
function foldersNow(aid: string) {
  return async (trx: Db, first: { folders: FolderRecord[] }): Promise<{ folders: FolderRecord[] }> => ({
    folders: records(userAccess(await loadSnapshot(trx), aid), first.folders.map((f) => f.id)),
  });
}

/** A repeated create or rename answered with the folder as it is now (the first answer when it is no longer visible). */
function folderNow<T extends { folder: FolderRecord }>(aid: string) {
  return async (trx: Db, first: T): Promise<T> => {
    const record = userAccess(await loadSnapshot(trx), aid).record(first.folder.id);
    return record ? { ...first, folder: record } : first;
  };
}

/** Folder requests for one context. */
export function folderOperations(context: ContentContext) {
  async function destroyForever(aid: string, ids: readonly number[], where: string, changeId: string | undefined): Reply<'ids'> {
    return mutate(context, where, async (trx) => {
      const before = await loadSnapshot(trx);
      checkHardDeletable(userAccess(before, aid), ids);
      const roots = outermost(before, ids);
      const content = await contentOfFolders(trx, [...new Set(roots.flatMap((id) => [id, ...folderDescendants(before, id)]))]);
      const doomed = await versionFilesOf(trx, { itemIds: content.items.map((i) => i.id) });
      const removed = await hardDelete(trx, before, roots);
      const after = await loadSnapshot(trx);
      return { data: { ids: removed }, pushes: [...folderPushes(before, after, removed), ...ownerPushesForRemovedContent(content)], ...(await releaseVersionFiles(trx, context, doomed)) };
    }, { aid, changeId });
  }

  async function trash(aid: string, ids: readonly number[], where: string, changeId: string | undefined): Reply<'folders'> {
    return mutate(context, where, async (trx) => {
      const before = await loadSnapshot(trx);
      checkDeletable(userAccess(before, aid), ids);
      const changed = await softDelete(trx, before, outermost(before, ids), new Date().toISOString());
      const after = await loadSnapshot(trx);
      return { data: { folders: records(userAccess(after, aid), changed) }, pushes: folderPushes(before, after, changed) };
    }, { aid, changeId, again: foldersNow(aid) });
  }

  async function permissionView(trx: Db, snapshot: AccessSnapshot, access: UserAccess, folderId: number): Promise<FolderReplies['permissions']> {
    const folder = facts(snapshot, folderId);
    const kind = folderKind(folder);
    const raw: EffectiveEntry[] =
      kind === 'private' ? [{ principalId: folder.owner_aid, principalType: 'user', role: 'owner', inherited: false }] : effectiveEntries(snapshot, folderId);
    const [people, groups, teamSubscription] = await Promise.all([
      loadPeople(trx, raw.filter((e) => e.principalType === 'user').map((e) => e.principalId), context.avatarUrl),
      groupNames(trx, raw.filter((e) => e.principalType === 'group').map((e) => e.principalId)),
      teamSubscriptionOf(trx, access.aid),
    ]);
    const entries: FolderPermissionView[] = raw.map((entry) => {
      const person = entry.principalType === 'user' ? people.get(entry.principalId) : undefined;
      return {
        ...entry,
        name: entry.principalType === 'user' ? (person?.fullName ?? entry.principalId) : (groups.get(entry.principalId) ?? entry.principalId),
        email: person?.email ?? null,
        avatar: person?.avatar ?? null,
      };
    });
    entries.sort((a, b) => FOLDER_ROLES.indexOf(b.role) - FOLDER_ROLES.indexOf(a.role) || a.name.localeCompare(b.name));
    const node = access.tree.get(folderId);
    const actions = node?.actions ?? new Set();
    const canChange =
      access.isVisible(folderId) &&
      canChangePermissions(actions) &&
      (kind === 'shared' || isFolderShareable({ id: folderId, folderType: node?.folderType ?? null }, teamSubscription !== null));
    return { entries, canChange };
  }

  return {
    fetch: (aid: string): Reply<'fetch'> =>
      read(context, 'folder.fetch', async (trx) => ({ folders: [...userAccess(await loadSnapshot(trx), aid).records] })),

    find: (aid: string, { id }: ContentPayload<'folder.find'>): Reply<'find'> =>
      read(context, 'folder.find', async (trx) => {
        const record = userAccess(await loadSnapshot(trx), aid).record(id);
        if (!record) refuse('notFound', id);
        return { folder: record };
      }),

    insert: (aid: string, { name, parentId, clientRef, changeId }: ContentPayload<'folder.insert'>): Reply<'insert'> =>
      mutate(context, 'folder.insert', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        if (typeof parentId === 'number') visibleFolder(access, parentId);
        const allowed = canCreateSubfolder(access.tree, parentId);
        if (!allowed.ok) refuse(allowed.reason === 'folderMissing' ? 'notFound' : allowed.reason);
        const accepted = acceptName(name, { existingNames: siblingNames(access, parentId) });
        const now = new Date().toISOString();
        let values: { folder_type: 'private' | 'shared'; owner_aid: string; subscription_id: string | null; parent_id: number | null };
        if (parentId === PRIVATE_CONTENT) values = { folder_type: 'private', owner_aid: aid, subscription_id: await anySubscriptionOf(trx, aid), parent_id: null };
        else if (parentId === SHARED_CONTENT) values = { folder_type: 'shared', owner_aid: aid, subscription_id: await requireTeamSubscription(trx, aid), parent_id: null };
        else {
          const parent = facts(before, parentId as number);
          const kind = folderKind(parent);
          values = { folder_type: kind, owner_aid: kind === 'private' ? parent.owner_aid : aid, subscription_id: parent.subscription_id, parent_id: parent.id };
        }
        const inserted = await trx
          .insertInto('folders')
          .values({ ...values, name: accepted, original_type: null, trash_root_id: null, hash: newHash(), created_at: now, updated_at: now, deleted_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        // A new top-level shared folder starts with its creator as owner.
        if (parentId === SHARED_CONTENT) {
          await trx.insertInto('folder_permissions').values({ folder_id: id, principal_id: aid, principal_type: 'user', role: 'owner' }).execute();
        }
        const after = await loadSnapshot(trx);
        return { data: { folder: folderRecordFor(after, aid, facts(after, id)), clientRef }, pushes: folderPushes(before, after, [id]) };
      }, { aid, changeId, again: folderNow(aid) }),

    update: (aid: string, { id, name, changeId }: ContentPayload<'folder.update'>): Reply<'update'> =>
      mutate(context, 'folder.update', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        const node = visibleFolder(access, id);
        if (!node.actions.has('renameFolder')) refuse('forbidden');
        const accepted = acceptName(name, { currentName: node.name, existingNames: siblingNames(access, node.parentId ?? PRIVATE_CONTENT, id) });
        if (accepted === node.name) return { data: { folder: access.record(id)! }, pushes: [] };
        await trx.updateTable('folders').set({ name: accepted, hash: newHash(), updated_at: new Date().toISOString() }).where('id', '=', id).execute();
        const after = await loadSnapshot(trx);
        return { data: { folder: folderRecordFor(after, aid, facts(after, id)) }, pushes: folderPushes(before, after, [id]) };
      }, { aid, changeId, again: folderNow(aid) }),

    destroy: (aid: string, { id, changeId }: ContentPayload<'folder.destroy'>): Reply<'folders'> => trash(aid, [id], 'folder.destroy', changeId),

    bulkArchive: (aid: string, { ids, changeId }: ContentPayload<'folder.bulkArchive'>): Reply<'folders'> => trash(aid, ids, 'folder.bulkArchive', changeId),

    restore: (aid: string, { id, changeId }: ContentPayload<'folder.restore'>): Reply<'folders'> =>
      mutate(context, 'folder.restore', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        const node = visibleFolder(access, id);
        const folder = facts(before, id);
        if (folder.folder_type !== 'deleted') refuse('forbidden', id, 'This folder is not in the trash.');
        if (!node.actions.has('restoreFolder')) refuse('forbidden', id);
        const kind = folderKind(folder);
        // What went to the trash together comes back together.
        const together = new Set([id, ...folderDescendants(before, id).filter((d) => {
          const f = before.folders.get(d);
          return f?.folder_type === 'deleted' && f.trash_root_id === folder.trash_root_id;
        })]);
        const depthBelow = (start: number): number => {
          let deepest = 0;
          const walk = (fid: number, depth: number) => {
            deepest = Math.max(deepest, depth);
            for (const child of before.children.get(fid) ?? []) if (together.has(child)) walk(child, depth + 1);
          };
          walk(start, 0);
          return deepest;
        };
        // §4: back under the old parent while it is live, of the same kind and deep enough room; else the area's root.
        const parent = folder.parent_id === null ? undefined : before.folders.get(folder.parent_id);
        const parentDepth = parent ? access.tree.depth(parent.id) : null;
        const underParent =
          parent !== undefined &&
          parent.folder_type === kind &&
          access.isVisible(parent.id) &&
          parentDepth !== null &&
          parentDepth + 1 + depthBelow(id) <= FOLDER_MAX_DEPTH;
        const now = new Date().toISOString();
        if (!underParent && folder.parent_id !== null && kind === 'shared') await keepInheritedEntries(trx, before, id);
        for (const fid of together) {
          await trx
            .updateTable('folders')
            .set({ folder_type: kind, original_type: null, trash_root_id: null, deleted_at: null, updated_at: now, hash: newHash() })
            .where('id', '=', fid)
            .execute();
        }
        if (!underParent) await trx.updateTable('folders').set({ parent_id: null }).where('id', '=', id).execute();
        const after = await loadSnapshot(trx);
        const changed = [...together];
        return { data: { folders: records(userAccess(after, aid), changed) }, pushes: folderPushes(before, after, changed) };
      }, { aid, changeId, again: foldersNow(aid) }),

    bulkDestroy: (aid: string, { ids, changeId }: ContentPayload<'folder.bulkDestroy'>): Reply<'ids'> => destroyForever(aid, ids, 'folder.bulkDestroy', changeId),

    destroyArchivedFolder: (aid: string, { id, changeId }: ContentPayload<'folder.destroyArchivedFolder'>): Reply<'ids'> =>
      destroyForever(aid, [id], 'folder.destroyArchivedFolder', changeId),

    bulkMove: (aid: string, { ids, destination, changeId }: ContentPayload<'folder.bulkMove'>): Reply<'folders'> =>
      mutate(context, 'folder.bulkMove', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        for (const id of ids) {
          visibleFolder(access, id, id);
          const validity = folderMoveValidity(access.tree, id, destination);
          if (!validity.ok) refuse(validity.reason, id);
          // §4 "a drag into the deleted root is a trash action": it needs delete as well as move.
          if (destination === TRASH_ROOT && !access.tree.get(id)!.actions.has('deleteFolder')) refuse('notPermitted', id);
        }
        const now = new Date().toISOString();
        if (destination === TRASH_ROOT) {
          const changed = await softDelete(trx, before, outermost(before, ids), now);
          const after = await loadSnapshot(trx);
          return { data: { folders: records(userAccess(after, aid), changed) }, pushes: folderPushes(before, after, changed) };
        }
        const target: FolderFacts | null = typeof destination === 'number' ? facts(before, destination) : null;
        const targetKind: 'private' | 'shared' = target ? folderKind(target) : destination === SHARED_CONTENT ? 'shared' : 'private';
        const teamSubscription = targetKind === 'shared' && !target ? await requireTeamSubscription(trx, aid) : null;
        const changed: number[] = [];
        for (const id of ids) {
          const folder = facts(before, id);
          const kind = folderKind(folder);
          const subtree = [id, ...folderDescendants(before, id)].filter((fid) => before.folders.get(fid)?.folder_type !== 'deleted');
          if (kind === 'shared' && targetKind === 'shared' && !target && folder.parent_id !== null) await keepInheritedEntries(trx, before, id);
          if (kind === 'private' && targetKind === 'shared') {
            await trx
              .updateTable('folders')
              .set({ folder_type: 'shared', subscription_id: target?.subscription_id ?? teamSubscription })
              .where('id', 'in', subtree)
              .execute();
            if (!target) await trx.insertInto('folder_permissions').values({ folder_id: id, principal_id: aid, principal_type: 'user', role: 'owner' }).execute();
          }
          if (kind === 'shared' && targetKind === 'private') {
            // A shared folder taken into a private area becomes the mover's; its entries no longer mean anything.
            await trx.updateTable('folders').set({ folder_type: 'private', owner_aid: aid }).where('id', 'in', subtree).execute();
            await trx.deleteFrom('folder_permissions').where('folder_id', 'in', subtree).execute();
          }
          await trx.updateTable('folders').set({ parent_id: target?.id ?? null, updated_at: now, hash: newHash() }).where('id', '=', id).execute();
          changed.push(...subtree);
        }
        const after = await loadSnapshot(trx);
        const unique = [...new Set(changed)];
        return { data: { folders: records(userAccess(after, aid), unique) }, pushes: folderPushes(before, after, unique) };
      }, { aid, changeId, again: foldersNow(aid) }),

    destroyArchivedItems: (aid: string, { changeId }: ContentPayload<'folder.destroyArchivedItems'> = {}): Reply<'emptyTrash'> =>
      mutate(context, 'folder.destroyArchivedItems', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        const trashed = access.records.filter((r) => r.folderType === 'deleted' && access.tree.get(r.id)?.actions.has('hardDeleteFolder')).map((r) => r.id);
        const roots = outermost(before, trashed);
        // The user's own archived items and stacks, read first: some sit in the folders about to go.
        const [items, stacks] = await Promise.all([
          trx.selectFrom('items').select(['id', 'folder_id']).where('user_aid', '=', aid).where('archived_at', 'is not', null).where('stack_id', 'is', null).execute(),
          trx.selectFrom('item_stacks').select(['id']).where('user_aid', '=', aid).where('archived_at', 'is not', null).execute(),
        ]);
        const content = await contentOfFolders(trx, [...new Set(roots.flatMap((id) => [id, ...folderDescendants(before, id)]))]);
        const doomed = await versionFilesOf(trx, { itemIds: [...content.items, ...items].map((i) => i.id), stackIds: stacks.map((s) => s.id) });
        const folderIds = await hardDelete(trx, before, roots);
        if (items.length > 0) await trx.deleteFrom('items').where('id', 'in', items.map((i) => i.id)).execute();
        if (stacks.length > 0) await trx.deleteFrom('item_stacks').where('id', 'in', stacks.map((s) => s.id)).execute();
        const after = await loadSnapshot(trx);
        const othersContent = { items: content.items.filter((i) => i.user_aid !== aid), stacks: content.stacks.filter((s) => s.user_aid !== aid) };
        const pushes: Push[] = [...folderPushes(before, after, folderIds), ...ownerPushesForRemovedContent(othersContent)];
        for (const item of items) pushes.push({ aids: [aid], event: 'item.hardDeleteHashed', data: { id: item.id, folderId: item.folder_id } });
        if (stacks.length > 0) pushes.push({ aids: [aid], event: 'itemStack.hardDeleteHashed', data: { stackIds: stacks.map((s) => s.id) } });
        const itemIds = [...items.map((i) => i.id), ...stacks.map((s) => s.id)];
        return { data: { folderIds, itemIds }, pushes, ...(await releaseVersionFiles(trx, context, doomed)) };
      }, { aid, changeId }),

    getPermissions: (aid: string, { id }: ContentPayload<'folder.getPermissions'>): Reply<'permissions'> =>
      read(context, 'folder.getPermissions', async (trx) => {
        const snapshot = await loadSnapshot(trx);
        const access = userAccess(snapshot, aid);
        const node = visibleFolder(access, id);
        if (!node.actions.has('viewPermissions')) refuse('forbidden');
        return permissionView(trx, snapshot, access, id);
      }),

    setPermissions: (aid: string, { id, entries }: ContentPayload<'folder.setPermissions'>): Reply<'permissions'> =>
      mutate(context, 'folder.setPermissions', async (trx) => {
        const before = await loadSnapshot(trx);
        const access = userAccess(before, aid);
        const node = visibleFolder(access, id);
        if (!canChangePermissions(node.actions)) refuse('forbidden');
        const seen = new Set<string>();
        for (const entry of entries) {
          const key = `${entry.principalType}:${entry.principalId}`;
          if (seen.has(key)) refuse('invalidRequest', entry.principalId, 'Each person or group may appear once.');
          seen.add(key);
        }
        const [mates, groups] = await Promise.all([teammatesOf(trx, aid), groupsOfTeamsOf(trx, aid)]);
        const mateIds = new Set(mates.map((m) => m.aid));
        const groupIds = new Set(groups.map((g) => g.id));
        for (const entry of entries) {
          const known = entry.principalType === 'user' ? mateIds.has(entry.principalId) : groupIds.has(entry.principalId);
          if (!known) refuse('invalidRequest', entry.principalId, 'Folders can be shared only with members and groups of your team.');
        }
        const folder = facts(before, id);
        // Nobody hands out more than they hold: a manager cannot make anyone (themselves included) an owner.
        const ownRole = folderKind(folder) === 'private' ? 'owner' : effectiveRole(before, aid, id);
        for (const entry of entries) {
          if (ownRole === null || FOLDER_ROLES.indexOf(entry.role) > FOLDER_ROLES.indexOf(ownRole)) {
            refuse('forbidden', entry.principalId, 'You cannot grant a role above your own.');
          }
        }
        let wanted = entries;
        const subtree = [id, ...folderDescendants(before, id)];
        if (folderKind(folder) === 'private') {
          // Sharing a private folder (§6 shareable): it and its live subfolders become a top-level shared folder.
          const teamSubscription = await teamSubscriptionOf(trx, aid);
          if (!isFolderShareable({ id, folderType: node.folderType }, teamSubscription !== null)) refuse('forbidden');
          wanted = [...entries.filter((e) => !(e.principalType === 'user' && e.principalId === aid)), { principalId: aid, principalType: 'user', role: 'owner' }];
          const live = subtree.filter((fid) => before.folders.get(fid)?.folder_type !== 'deleted');
          await trx.updateTable('folders').set({ folder_type: 'shared', subscription_id: teamSubscription }).where('id', 'in', live).execute();
          await trx.updateTable('folders').set({ parent_id: null }).where('id', '=', id).execute();
        }
        await trx.deleteFrom('folder_permissions').where('folder_id', '=', id).execute();
        if (wanted.length > 0) {
          await trx
            .insertInto('folder_permissions')
            .values(wanted.map((e) => ({ folder_id: id, principal_id: e.principalId, principal_type: e.principalType, role: e.role })))
            .execute();
        }
        await trx.updateTable('folders').set({ hash: newHash(), updated_at: new Date().toISOString() }).where('id', '=', id).execute();
        const after = await loadSnapshot(trx);
        if (!effectiveEntries(after, id).some((e) => e.role === 'owner')) refuse('invalidRequest', id, 'A shared folder needs at least one owner.');
        return { data: await permissionView(trx, after, userAccess(after, aid), id), pushes: folderPushes(before, after, subtree) };
      }),

    fetchGroups: (aid: string): Reply<'groups'> =>
      read(context, 'team.fetchGroups', async (trx) => {
        const [groups, mates] = await Promise.all([groupsOfTeamsOf(trx, aid), teammatesOf(trx, aid)]);
        const teamGroups: TeamGroup[] = groups.map((g) => ({ id: g.id, name: g.name, type: 'group' }));
        const members: TeamMember[] = mates.map((m) => ({
          user_id: m.aid,
          first_name: m.first_name,
          last_name: m.last_name,
          email: m.email,
          avatars: { small: context.avatarUrl(m) },
          type: 'user',
          role: 'editor',
        }));
        return { groups: teamGroups, members };
      }),
  };
}

export type FolderOperations = ReturnType<typeof folderOperations>;

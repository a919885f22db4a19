/**
 * Folder changes as events (review-and-content §4, §5, §7): the optimistic projection of each change onto the
 * flat folder list, the socket request that carries it, how the server's answer is folded in, and the checks
 * the client makes before sending. The folders actor keeps the server's list and the changes not yet
 * confirmed; what it shows is the list with those changes applied in order, so refusing one change takes
 * exactly that change away and leaves the others in place.
 */
import type { ContentPayload, ContentRefusal, ContentRequestName } from './content.ts';
import type { AreaChange } from './folderMoves.ts';
import { canCreateSubfolder, folderMoveValidity } from './folderMoves.ts';
import { PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, isVirtualFolderId, type FolderAction, type FolderId, type FolderType } from './folderRoles.ts';
import { normalizeFolder, type Folder, type FolderRecord, type FolderTree } from './folderTree.ts';
import { checkName } from './names.ts';
import { isFolderList, isFolderRecord } from './contentData.ts';

/** One change to the folder list, as the user asked for it. */
export type FolderChange =
  /** A new folder; `tempId` names it until the server answers with the real one (matched by `clientRef`). */
  | { kind: 'insert'; tempId: number; clientRef: string; name: string; parentId: FolderId }
  | { kind: 'rename'; id: number; name: string }
  /** Soft delete: the folder and its subfolders become type deleted. */
  | { kind: 'destroy'; id: number }
  | { kind: 'restore'; id: number }
  | { kind: 'bulkArchive'; ids: readonly number[] }
  /** Hard delete of trashed folders (with their subfolders). */
  | { kind: 'bulkDestroy'; ids: readonly number[] }
  | { kind: 'bulkMove'; ids: readonly number[]; destination: FolderId }
  | { kind: 'destroyArchivedFolder'; id: number }
  /** Empty trash: every trashed folder goes (and the user's archived items, which the grid shows). */
  | { kind: 'emptyTrash' };

export type FolderChangeKind = FolderChange['kind'];

/** The socket request for a change (domain/content.ts). */
export type FolderRequest = {
  [K in ContentRequestName]: { name: K; payload: ContentPayload<K> };
}['folder.insert' | 'folder.update' | 'folder.destroy' | 'folder.restore' | 'folder.bulkArchive' | 'folder.bulkDestroy' | 'folder.bulkMove' | 'folder.destroyArchivedFolder' | 'folder.destroyArchivedItems'];

// Optimistic folders need a number id that buildFolderTree accepts (a positive safe integer) and that no real
// folder has: they count down from the largest safe integer.
const OPTIMISTIC_ID_TOP = Number.MAX_SAFE_INTEGER;
const OPTIMISTIC_ID_SPAN = 1_000_000;

/** The id of the n-th optimistic folder (n ≥ 1). */
export function optimisticFolderId(n: number): number {
  return OPTIMISTIC_ID_TOP - (Math.max(1, Math.floor(n)) % OPTIMISTIC_ID_SPAN);
}

/** True for an id given to a folder the server has not confirmed yet (views may show it as pending). */
export function isOptimisticFolderId(id: unknown): boolean {
  return typeof id === 'number' && id > OPTIMISTIC_ID_TOP - OPTIMISTIC_ID_SPAN;
}

/** Folder records as the actor keeps them: normalised (parent always set, team → shared, soft-deleted → deleted). */
export function normalizeFolders(records: readonly FolderRecord[]): Folder[] {
  return records.map(normalizeFolder);
}

/** The ids of these folders and every folder below them in the flat list. */
export function subtreeIds(folders: readonly Folder[], ids: readonly number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const folder of folders) {
    const list = children.get(folder.parent);
    if (list) list.push(folder.id);
    else children.set(folder.parent, [folder.id]);
  }
  const out = new Set<number>();
  const queue = [...ids];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const child of children.get(id) ?? []) queue.push(child);
  }
  return out;
}

const withType = (folder: Folder, folderType: FolderType): Folder => {
  const next: Folder = { ...folder, folderType };
  if (next.isSoftDeleted !== undefined) next.isSoftDeleted = folderType === 'deleted';
  return next;
};

function trash(folders: readonly Folder[], ids: readonly number[]): Folder[] {
  const affected = subtreeIds(folders, ids);
  return folders.map((f) => (affected.has(f.id) && f.folderType !== 'deleted' ? withType(f, 'deleted') : f));
}

function remove(folders: readonly Folder[], ids: readonly number[]): Folder[] {
  const affected = subtreeIds(folders, ids);
  return folders.filter((f) => !affected.has(f.id));
}

/** Where a moved or restored folder lands: its new parent (0 for a root) and type. */
function landing(folders: readonly Folder[], destination: FolderId): { parent: number; folderType: FolderType } | null {
  if (destination === PRIVATE_CONTENT) return { parent: 0, folderType: 'private' };
  if (destination === SHARED_CONTENT) return { parent: 0, folderType: 'shared' };
  if (typeof destination !== 'number') return null;
  const target = folders.find((f) => f.id === destination);
  return target ? { parent: target.id, folderType: target.folderType } : null;
}

function move(folders: readonly Folder[], ids: readonly number[], destination: FolderId): Folder[] {
  if (destination === TRASH_ROOT) return trash(folders, ids);
  const to = landing(folders, destination);
  if (!to) return [...folders];
  const moved = new Set(ids);
  const affected = subtreeIds(folders, ids);
  return folders.map((f) => {
    if (!affected.has(f.id)) return f;
    const retyped = f.folderType === to.folderType ? f : withType(f, to.folderType);
    return moved.has(f.id) ? { ...retyped, parent: to.parent } : retyped;
  });
}

/**
 * Restore as the server will do it (domain/content.ts folder.restore): back under its old parent when that is
 * live, else at the top of its area. A trashed folder no longer says which area it came from; until the
 * server answers, it shows in private content.
 */
function restore(folders: readonly Folder[], id: number): Folder[] {
  const folder = folders.find((f) => f.id === id);
  if (!folder) return [...folders];
  const parent = folders.find((f) => f.id === folder.parent);
  const to = parent && parent.folderType !== 'deleted' ? { parent: parent.id, folderType: parent.folderType } : { parent: 0, folderType: 'private' as const };
  const affected = subtreeIds(folders, [id]);
  return folders.map((f) => {
    if (!affected.has(f.id) || f.folderType !== 'deleted') return f;
    const retyped = withType(f, to.folderType);
    return f.id === id ? { ...retyped, parent: to.parent } : retyped;
  });
}

function insertRecord(folders: readonly Folder[], change: Extract<FolderChange, { kind: 'insert' }>): Folder {
  const name = change.name.trim();
  if (change.parentId === SHARED_CONTENT) return { id: change.tempId, name, parent: 0, folderType: 'shared', role: 'owner' };
  if (typeof change.parentId === 'number') {
    const parent = folders.find((f) => f.id === change.parentId);
    if (parent) return { id: change.tempId, name, parent: parent.id, folderType: parent.folderType, ...(parent.role !== undefined ? { role: parent.role } : {}) };
  }
  return { id: change.tempId, name, parent: 0, folderType: 'private' };
}

/** Upserts records by id: a known id is replaced in place, a new one appended. */
export function upsertFolders(folders: readonly Folder[], records: readonly FolderRecord[]): Folder[] {
  if (records.length === 0) return [...folders];
  const incoming = new Map(records.map((r) => [r.id, normalizeFolder(r)]));
  const out = folders.map((f) => {
    const next = incoming.get(f.id);
    if (!next) return f;
    incoming.delete(f.id);
    return next;
  });
  return [...out, ...incoming.values()];
}

/** Removes exactly these ids (no subtree: the server names every folder it deleted). */
export function removeFolders(folders: readonly Folder[], ids: readonly number[]): Folder[] {
  if (ids.length === 0) return [...folders];
  const gone = new Set(ids);
  return folders.filter((f) => !gone.has(f.id));
}

/** The list with one change applied, as the user expects to see it before the server answers. */
export function applyFolderChange(folders: readonly Folder[], change: FolderChange): Folder[] {
  switch (change.kind) {
    case 'insert':
      return [...folders, insertRecord(folders, change)];
    case 'rename':
      return folders.map((f) => (f.id === change.id ? { ...f, name: change.name.trim() } : f));
    case 'destroy':
      return trash(folders, [change.id]);
    case 'bulkArchive':
      return trash(folders, change.ids);
    case 'restore':
      return restore(folders, change.id);
    case 'bulkDestroy':
      return remove(folders, change.ids);
    case 'destroyArchivedFolder':
      return remove(folders, [change.id]);
    case 'bulkMove':
      return move(folders, change.ids, change.destination);
    case 'emptyTrash':
      return folders.filter((f) => f.folderType !== 'deleted');
  }
}

/** The server's list with the unconfirmed changes applied in order: what the views show. */
export function projectFolders(base: readonly Folder[], pending: readonly { change: FolderChange }[]): Folder[] {
  return pending.reduce<Folder[]>((folders, entry) => applyFolderChange(folders, entry.change), [...base]);
}

/**
 * The socket request for a change, carrying its change id (domain/content.ts `Named`) when it has one, so the service
 * does it once however often it is asked.
 */
export function folderChangeRequest(change: FolderChange, changeId?: string): FolderRequest {
  const request = requestOf(change);
  return changeId === undefined ? request : ({ ...request, payload: { ...request.payload, changeId } } as FolderRequest);
}

function requestOf(change: FolderChange): FolderRequest {
  switch (change.kind) {
    case 'insert':
      return { name: 'folder.insert', payload: { name: change.name.trim(), parentId: change.parentId, clientRef: change.clientRef } };
    case 'rename':
      return { name: 'folder.update', payload: { id: change.id, name: change.name.trim() } };
    case 'destroy':
      return { name: 'folder.destroy', payload: { id: change.id } };
    case 'restore':
      return { name: 'folder.restore', payload: { id: change.id } };
    case 'bulkArchive':
      return { name: 'folder.bulkArchive', payload: { ids: [...change.ids] } };
    case 'bulkDestroy':
      return { name: 'folder.bulkDestroy', payload: { ids: [...change.ids] } };
    case 'bulkMove':
      return { name: 'folder.bulkMove', payload: { ids: [...change.ids], destination: change.destination } };
    case 'destroyArchivedFolder':
      return { name: 'folder.destroyArchivedFolder', payload: { id: change.id } };
    case 'emptyTrash':
      return { name: 'folder.destroyArchivedItems', payload: {} };
  }
}

const numberList = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/**
 * Folds the server's answer to a change into the server's list: the change itself (so a short answer still
 * leaves the list as the user saw it), then the records the server sent, which win.
 */
export function commitFolderChange(base: readonly Folder[], change: FolderChange, answer: unknown): Folder[] {
  const data = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  switch (change.kind) {
    case 'insert':
      return isFolderRecord(data.folder) ? upsertFolders(base, [data.folder]) : [...base];
    case 'rename':
      return upsertFolders(applyFolderChange(base, change), isFolderRecord(data.folder) ? [data.folder] : []);
    case 'destroy':
    case 'restore':
    case 'bulkArchive':
    case 'bulkMove':
      return upsertFolders(applyFolderChange(base, change), isFolderList(data.folders) ? data.folders : []);
    case 'bulkDestroy':
    case 'destroyArchivedFolder':
      return removeFolders(applyFolderChange(base, change), numberList(data.ids));
    case 'emptyTrash':
      return removeFolders(applyFolderChange(base, change), numberList(data.folderIds));
  }
}

/** Folder ids a change names (for a refusal that says a folder is gone). */
export function folderChangeIds(change: FolderChange): number[] {
  switch (change.kind) {
    case 'insert':
      return typeof change.parentId === 'number' ? [change.parentId] : [];
    case 'rename':
    case 'destroy':
    case 'restore':
    case 'destroyArchivedFolder':
      return [change.id];
    case 'bulkArchive':
    case 'bulkDestroy':
      return [...change.ids];
    case 'bulkMove':
      return [...change.ids, ...(typeof change.destination === 'number' ? [change.destination] : [])].filter((id, i, all) => all.indexOf(id) === i);
    case 'emptyTrash':
      return [];
  }
}

/** The folders a change shows as pending while it is not confirmed: the new folder, or the ones it renames, moves, trashes… */
export function pendingFolderIds(change: FolderChange): number[] {
  switch (change.kind) {
    case 'insert':
      return [change.tempId];
    case 'rename':
    case 'destroy':
    case 'restore':
    case 'destroyArchivedFolder':
      return [change.id];
    case 'bulkArchive':
    case 'bulkDestroy':
    case 'bulkMove':
      return [...change.ids];
    case 'emptyTrash':
      return [];
  }
}

/** A change still queued that names an optimistic folder now confirmed: the real id replaces the temporary one. */
export function remapFolderChange(change: FolderChange, fromId: number, toId: number): FolderChange {
  const swap = (id: number) => (id === fromId ? toId : id);
  const swapTarget = (id: FolderId): FolderId => (typeof id === 'number' ? swap(id) : id);
  switch (change.kind) {
    case 'insert':
      return { ...change, parentId: swapTarget(change.parentId) };
    case 'rename':
    case 'destroy':
    case 'restore':
    case 'destroyArchivedFolder':
      return { ...change, id: swap(change.id) };
    case 'bulkArchive':
    case 'bulkDestroy':
      return { ...change, ids: change.ids.map(swap) };
    case 'bulkMove':
      return { ...change, ids: change.ids.map(swap), destination: swapTarget(change.destination) };
    case 'emptyTrash':
      return change;
  }
}

/** The client's verdict on a change: go ahead (perhaps after a confirmation), or the refusal to show. */
export type FolderChangeCheck = { ok: true; confirmation: AreaChange | null } | { ok: false; reason: ContentRefusal; failedId?: number };

const OK: FolderChangeCheck = { ok: true, confirmation: null };

function checkEach(tree: FolderTree, ids: readonly number[], check: (id: number) => ContentRefusal | null): FolderChangeCheck {
  if (ids.length === 0) return { ok: false, reason: 'invalidRequest' };
  for (const id of ids) {
    const reason = check(id);
    if (reason) return { ok: false, reason, failedId: id };
  }
  return OK;
}

function folderVerdict(tree: FolderTree, id: number, area: 'live' | 'trash', action: FolderAction): ContentRefusal | null {
  const node = tree.get(id);
  if (!node || node.virtual !== null) return 'notFound';
  if (area === 'live' ? node.area === 'trash' : node.area !== 'trash') return 'invalidRequest';
  return node.actions.has(action) ? null : 'forbidden';
}

/**
 * The checks the client makes before sending (§5, §6): depth and permission for a new folder, names (trimmed,
 * 255, case-insensitive duplicates among the siblings), the role's action for rename, delete, restore and
 * hard delete, and move validity with the confirmation a move between private and shared areas needs. The
 * server checks everything again.
 */
export function checkFolderChange(tree: FolderTree, change: FolderChange): FolderChangeCheck {
  switch (change.kind) {
    case 'insert': {
      const where = canCreateSubfolder(tree, change.parentId);
      if (!where.ok) return { ok: false, reason: where.reason };
      const name = checkName(change.name, { existingNames: tree.children(change.parentId).map((n) => n.name) });
      return name.ok ? OK : { ok: false, reason: name.reason };
    }
    case 'rename': {
      const node = tree.get(change.id);
      if (!node || node.virtual !== null) return { ok: false, reason: 'notFound', failedId: change.id };
      if (!node.actions.has('renameFolder')) return { ok: false, reason: 'forbidden', failedId: change.id };
      const siblings = node.parentId === null ? [] : tree.children(node.parentId).map((n) => n.name);
      const name = checkName(change.name, { currentName: node.name, existingNames: siblings });
      return name.ok ? OK : { ok: false, reason: name.reason, failedId: change.id };
    }
    case 'destroy':
      return checkEach(tree, [change.id], (id) => folderVerdict(tree, id, 'live', 'deleteFolder'));
    case 'bulkArchive':
      return checkEach(tree, change.ids, (id) => folderVerdict(tree, id, 'live', 'deleteFolder'));
    case 'restore':
      return checkEach(tree, [change.id], (id) => folderVerdict(tree, id, 'trash', 'restoreFolder'));
    case 'bulkDestroy':
      return checkEach(tree, change.ids, (id) => folderVerdict(tree, id, 'trash', 'hardDeleteFolder'));
    case 'destroyArchivedFolder':
      return checkEach(tree, [change.id], (id) => folderVerdict(tree, id, 'trash', 'hardDeleteFolder'));
    case 'bulkMove': {
      if (change.ids.length === 0) return { ok: false, reason: 'invalidRequest' };
      let confirmation: AreaChange | null = null;
      for (const id of change.ids) {
        const verdict = folderMoveValidity(tree, id, change.destination);
        if (!verdict.ok) return { ok: false, reason: verdict.reason, failedId: id };
        confirmation ??= verdict.confirmation;
      }
      return { ok: true, confirmation };
    }
    case 'emptyTrash':
      return OK;
  }
}

/**
 * Folders the person can no longer be looking at after the list changed (§4 "deleting the current folder marks
 * it not found"): a live folder now trashed or gone, or a trashed folder now gone for good.
 */
export function goneFolderIds(before: readonly Folder[], after: readonly Folder[]): number[] {
  const now = new Map(after.map((f) => [f.id, f]));
  const gone: number[] = [];
  for (const folder of before) {
    const next = now.get(folder.id);
    if (!next || (folder.folderType !== 'deleted' && next.folderType === 'deleted')) gone.push(folder.id);
  }
  return gone;
}

/**
 * §4 "Deleting a shared folder while child folders remain triggers a re-fetch": a shared folder went to the
 * trash while a live folder still names it as parent, so the list as the server sees it must be read again.
 */
export function needsRefetchAfterSoftDelete(before: readonly Folder[], after: readonly Folder[]): boolean {
  const was = new Map(before.map((f) => [f.id, f]));
  const sharedNowDeleted = new Set(after.filter((f) => f.folderType === 'deleted' && was.get(f.id)?.folderType === 'shared').map((f) => f.id));
  if (sharedNowDeleted.size === 0) return false;
  return after.some((f) => f.folderType !== 'deleted' && sharedNowDeleted.has(f.parent));
}

/** The name a folder id shows in toasts: the folder's name; null for a virtual folder or an unknown id. */
export function folderNameOf(folders: readonly Folder[], id: FolderId): string | null {
  if (isVirtualFolderId(id)) return null;
  return folders.find((f) => f.id === id)?.name ?? null;
}

/**
 * Who sees which folder, with which role (review-and-content §3, §6), computed from one snapshot of the
 * folder, permission and group tables. Pure: the repository loads the snapshot, the service decides with
 * the shared domain code on the tree built here.
 *
 * - A private folder (or a trashed one that was private) is seen by its owner only, with no role.
 * - A shared folder is seen by whoever holds a permission entry, directly or through a team group, on it
 *   or on an ancestor. The nearest level holding an entry for the user (or one of their groups) wins;
 *   among several entries at that level the highest role.
 * - A trashed shared folder is seen only by the people whose role on it is owner (the trash gives hard
 *   delete and restore, which are owner actions anyway).
 */
import { FOLDER_ROLES, isFolderRole, type FolderRole, type FolderType } from '../../domain/folderRoles.ts';
import { buildFolderTree, type FolderRecord, type FolderTree } from '../../domain/folderTree.ts';

/** The columns of a folder row the access rules read. */
export interface FolderFacts {
  id: number;
  name: string;
  parent_id: number | null;
  folder_type: FolderType;
  original_type: 'private' | 'shared' | null;
  trash_root_id: number | null;
  owner_aid: string;
  subscription_id: string | null;
  hash: string;
}

export interface EntryFacts {
  folder_id: number;
  principal_id: string;
  principal_type: 'user' | 'group';
  role: FolderRole;
}

export interface GroupMembership {
  group_id: string;
  user_aid: string;
}

export interface AccessSnapshot {
  readonly folders: ReadonlyMap<number, FolderFacts>;
  /** Child ids per parent id, in id order. */
  readonly children: ReadonlyMap<number, readonly number[]>;
  readonly entries: ReadonlyMap<number, readonly EntryFacts[]>;
  readonly groupsOfUser: ReadonlyMap<string, ReadonlySet<string>>;
  readonly membersOfGroup: ReadonlyMap<string, ReadonlySet<string>>;
}

/** An entry as the settings dialog shows it: the folder's own, or the nearest one inherited from an ancestor. */
export interface EffectiveEntry {
  principalId: string;
  principalType: 'user' | 'group';
  role: FolderRole;
  inherited: boolean;
}

/** Indexes the three tables once; every rule below reads only this. */
export function createSnapshot(folders: readonly FolderFacts[], entries: readonly EntryFacts[], memberships: readonly GroupMembership[]): AccessSnapshot {
  const byId = new Map<number, FolderFacts>();
  const children = new Map<number, number[]>();
  for (const folder of [...folders].sort((a, b) => a.id - b.id)) {
    byId.set(folder.id, folder);
    if (folder.parent_id !== null) push(children, folder.parent_id, folder.id);
  }
  const entriesOf = new Map<number, EntryFacts[]>();
  for (const entry of entries) if (isFolderRole(entry.role)) push(entriesOf, entry.folder_id, entry);
  const groupsOfUser = new Map<string, Set<string>>();
  const membersOfGroup = new Map<string, Set<string>>();
  for (const { group_id, user_aid } of memberships) {
    addTo(groupsOfUser, user_aid, group_id);
    addTo(membersOfGroup, group_id, user_aid);
  }
  return { folders: byId, children, entries: entriesOf, groupsOfUser, membersOfGroup };
}

/** The area a folder belongs to: its type, or for a trashed folder the type it had. */
export function folderKind(folder: Pick<FolderFacts, 'folder_type' | 'original_type'>): 'private' | 'shared' {
  if (folder.folder_type === 'deleted') return folder.original_type ?? 'private';
  return folder.folder_type;
}

/** The folder and its ancestors, nearest first (a broken parent cycle stops the walk). */
export function folderChain(snapshot: AccessSnapshot, folderId: number): FolderFacts[] {
  const out: FolderFacts[] = [];
  const seen = new Set<number>();
  for (let folder = snapshot.folders.get(folderId); folder && !seen.has(folder.id); folder = folder.parent_id === null ? undefined : snapshot.folders.get(folder.parent_id)) {
    seen.add(folder.id);
    out.push(folder);
  }
  return out;
}

/** Every folder below, in pre-order (not the folder itself). */
export function folderDescendants(snapshot: AccessSnapshot, folderId: number): number[] {
  const out: number[] = [];
  const seen = new Set<number>([folderId]);
  const stack = [...(snapshot.children.get(folderId) ?? [])].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    const kids = snapshot.children.get(id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

/** The higher of two roles (null is below viewer). */
export function higherRole(a: FolderRole | null, b: FolderRole | null): FolderRole | null {
  if (a === null) return b;
  if (b === null) return a;
  return FOLDER_ROLES.indexOf(a) >= FOLDER_ROLES.indexOf(b) ? a : b;
}

function roleAtLevel(entries: readonly EntryFacts[] | undefined, aid: string, groups: ReadonlySet<string> | undefined): FolderRole | null {
  let best: FolderRole | null = null;
  for (const entry of entries ?? []) {
    const mine = entry.principal_type === 'user' ? entry.principal_id === aid : (groups?.has(entry.principal_id) ?? false);
    if (mine) best = higherRole(best, entry.role);
  }
  return best;
}

/** The user's role from the entries on the folder and its ancestors (nearest level wins, highest role there). */
export function effectiveRole(snapshot: AccessSnapshot, aid: string, folderId: number): FolderRole | null {
  const groups = snapshot.groupsOfUser.get(aid);
  for (const folder of folderChain(snapshot, folderId)) {
    const role = roleAtLevel(snapshot.entries.get(folder.id), aid, groups);
    if (role !== null) return role;
  }
  return null;
}

/** Whether the user sees the folder, live or trashed (rules at the top of this file). */
export function canSeeFolder(snapshot: AccessSnapshot, aid: string, folderId: number): boolean {
  const folder = snapshot.folders.get(folderId);
  if (!folder) return false;
  if (folderKind(folder) === 'private') return folder.owner_aid === aid;
  const role = effectiveRole(snapshot, aid, folderId);
  return folder.folder_type === 'deleted' ? role === 'owner' : role !== null;
}

/** Everyone who sees the folder now. */
export function folderAudience(snapshot: AccessSnapshot, folderId: number): Set<string> {
  const folder = snapshot.folders.get(folderId);
  const out = new Set<string>();
  if (!folder) return out;
  if (folderKind(folder) === 'private') {
    out.add(folder.owner_aid);
    return out;
  }
  for (const level of folderChain(snapshot, folderId)) {
    for (const entry of snapshot.entries.get(level.id) ?? []) {
      if (entry.principal_type === 'user') out.add(entry.principal_id);
      else for (const member of snapshot.membersOfGroup.get(entry.principal_id) ?? []) out.add(member);
    }
  }
  if (folder.folder_type === 'deleted') for (const aid of [...out]) if (effectiveRole(snapshot, aid, folderId) !== 'owner') out.delete(aid);
  return out;
}

/** The folder's own entries and, for every other principal on an ancestor, the nearest inherited one. */
export function effectiveEntries(snapshot: AccessSnapshot, folderId: number): EffectiveEntry[] {
  const out: EffectiveEntry[] = [];
  const seen = new Set<string>();
  folderChain(snapshot, folderId).forEach((level, depth) => {
    for (const entry of snapshot.entries.get(level.id) ?? []) {
      const key = `${entry.principal_type}:${entry.principal_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ principalId: entry.principal_id, principalType: entry.principal_type, role: entry.role, inherited: depth > 0 });
    }
  });
  return out;
}

/** The folder as this user receives it (§3): parent 0 for top-level, the user's role on shared folders. */
export function folderRecordFor(snapshot: AccessSnapshot, aid: string, folder: FolderFacts): FolderRecord {
  return {
    id: folder.id,
    name: folder.name,
    parent: folder.parent_id ?? 0,
    folderType: folder.folder_type,
    role: folderKind(folder) === 'private' ? null : effectiveRole(snapshot, aid, folder.id),
    subscription: folder.subscription_id,
    hash: folder.hash,
    isSoftDeleted: folder.folder_type === 'deleted',
  };
}

/** One user's view: the folders they see and the tree every decision for them is made on. */
export interface UserAccess {
  readonly aid: string;
  readonly snapshot: AccessSnapshot;
  /** Every folder the user sees, live and trashed, in id order. */
  readonly records: readonly FolderRecord[];
  /**
   * The visible folders plus their hidden ancestors (role '': no actions), so depths are the real ones
   * even for a folder shared below a parent this user cannot see.
   */
  readonly tree: FolderTree;
  isVisible(folderId: number): boolean;
  record(folderId: number): FolderRecord | undefined;
  /** Live folders the user sees (items are listed from these). */
  liveFolderIds(): number[];
}

const ignoreLog = () => {};

/** Builds a user's view of the snapshot. */
export function userAccess(snapshot: AccessSnapshot, aid: string): UserAccess {
  const records = new Map<number, FolderRecord>();
  for (const folder of snapshot.folders.values()) {
    if (canSeeFolder(snapshot, aid, folder.id)) records.set(folder.id, folderRecordFor(snapshot, aid, folder));
  }
  const treeRecords: FolderRecord[] = [...records.values()];
  const hidden = new Set<number>();
  for (const id of records.keys()) {
    for (const ancestor of folderChain(snapshot, id).slice(1)) {
      if (records.has(ancestor.id) || hidden.has(ancestor.id)) continue;
      hidden.add(ancestor.id);
      treeRecords.push({ id: ancestor.id, name: ancestor.name, parent: ancestor.parent_id ?? 0, folderType: ancestor.folder_type, role: '' });
    }
  }
  treeRecords.sort((a, b) => a.id - b.id);
  // Hidden ancestors carry an unknown role on purpose: the domain grants them nothing (and would log it).
  const tree = buildFolderTree(treeRecords, { log: ignoreLog });
  const list = [...records.values()];
  return {
    aid,
    snapshot,
    records: list,
    tree,
    isVisible: (folderId) => records.has(folderId),
    record: (folderId) => records.get(folderId),
    liveFolderIds: () => list.filter((r) => r.folderType !== 'deleted').map((r) => r.id),
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

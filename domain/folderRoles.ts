/**
 * Folder roles and the actions they grant, the item menu and the selection rules (review-and-content §5,
 * §6). Action names follow the spec's item-action spelling (createItem, moveItem, editItemMetadata…);
 * the folder-side actions are named the same way from the §6 role list.
 */
import type { LogError } from './roles.ts';

export type { LogError } from './roles.ts';

/** Folder roles, lowest first (§6). */
export type FolderRole = 'viewer' | 'editor' | 'manager' | 'owner';
export const FOLDER_ROLES: readonly FolderRole[] = ['viewer', 'editor', 'manager', 'owner'];

/** Every action a folder can grant (§6 "Folder roles"). */
export type FolderAction =
  // viewer
  | 'viewFolder'
  | 'viewPermissions'
  | 'viewItem'
  // editor adds
  | 'createSubfolder'
  | 'createItem'
  | 'renameFolder'
  | 'editItemMetadata'
  | 'exportToLms'
  | 'enableComments'
  // manager adds
  | 'changePermissions'
  | 'moveFolder'
  | 'moveItem'
  // owner adds
  | 'deleteFolder'
  | 'unshareFolder'
  | 'deleteItem'
  | 'unshareItem'
  | 'restoreFolder'
  | 'restoreItem'
  | 'hardDeleteFolder'
  | 'hardDeleteItem'
  | 'deleteComment';

const VIEWER: readonly FolderAction[] = ['viewFolder', 'viewPermissions', 'viewItem'];
const EDITOR: readonly FolderAction[] = [
  ...VIEWER,
  'createSubfolder',
  'createItem',
  'renameFolder',
  'editItemMetadata',
  'exportToLms',
  'enableComments',
];
const MANAGER: readonly FolderAction[] = [...EDITOR, 'changePermissions', 'moveFolder', 'moveItem'];
const OWNER: readonly FolderAction[] = [
  ...MANAGER,
  'deleteFolder',
  'unshareFolder',
  'deleteItem',
  'unshareItem',
  'restoreFolder',
  'restoreItem',
  'hardDeleteFolder',
  'hardDeleteItem',
  'deleteComment',
];

/** Role → actions, each role adding to the one below it, exactly as §6 lists them. */
export const FOLDER_ROLE_ACTIONS: Readonly<Record<FolderRole, readonly FolderAction[]>> = {
  viewer: VIEWER,
  editor: EDITOR,
  manager: MANAGER,
  owner: OWNER,
};

/** §6 "Trash folders give hard delete, restore and view only" (for folders and the items in them). */
export const TRASH_ACTIONS: readonly FolderAction[] = [
  'hardDeleteFolder',
  'hardDeleteItem',
  'restoreFolder',
  'restoreItem',
  'viewFolder',
  'viewItem',
];

/** §6 "Group members added default to editor"; a team member entry also arrives with role editor (§3). */
export const DEFAULT_MEMBER_ROLE: FolderRole = 'editor';

/** True for one of the four folder roles. */
export function isFolderRole(value: unknown): value is FolderRole {
  return typeof value === 'string' && (FOLDER_ROLES as readonly string[]).includes(value);
}

/** The actions a folder role grants. An unknown role logs an error and grants none (§6). */
export function actionsForFolderRole(role: unknown, log: LogError): readonly FolderAction[] {
  if (isFolderRole(role)) return FOLDER_ROLE_ACTIONS[role];
  log(`Unknown folder role ${JSON.stringify(role)}: no actions granted`);
  return [];
}

/** Folder types as stored; `team` is the shared kind (§3) and is normalised to `shared`. */
export type FolderType = 'private' | 'shared' | 'deleted';

/** Ids of the virtual folders (§3). Real folder ids are positive integers; 0 is "root" as a parent. */
export const ALL_CONTENT = 'ALL_CONTENT';
export const PRIVATE_CONTENT = 'PRIVATE_CONTENT';
export const SHARED_CONTENT = 'SHARED_CONTENT';
export const TRASH_ROOT = 'DELETED';
export type VirtualFolderId = typeof ALL_CONTENT | typeof PRIVATE_CONTENT | typeof SHARED_CONTENT | typeof TRASH_ROOT;
export const VIRTUAL_FOLDER_IDS: readonly VirtualFolderId[] = [ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT];
export type FolderId = number | VirtualFolderId;

/** True for the id of a virtual folder. */
export function isVirtualFolderId(value: unknown): value is VirtualFolderId {
  return typeof value === 'string' && (VIRTUAL_FOLDER_IDS as readonly string[]).includes(value);
}

/**
 * Actions of a virtual folder. The shared-content root gives editor actions and the trash root trash actions
 * (§6). The spec gives none for the other two; we read the private-content root as the user's own space
 * (owner actions, so their items can be created, moved and deleted there) and all content as a read-only
 * view across folders (viewer actions: its items take their actions from their own folders).
 */
export function actionsForVirtualFolder(id: VirtualFolderId): readonly FolderAction[] {
  switch (id) {
    case SHARED_CONTENT:
      return EDITOR;
    case TRASH_ROOT:
      return TRASH_ACTIONS;
    case PRIVATE_CONTENT:
      return OWNER;
    case ALL_CONTENT:
      return VIEWER;
  }
}

/**
 * Actions of a real folder: a deleted (trashed) folder gives trash actions whatever the role; otherwise the
 * role decides. A private folder without a role is the user's own, so it counts as owner; any other missing
 * or unknown role logs and grants none.
 */
export function actionsForFolder(folder: { folderType: FolderType; role?: unknown }, log: LogError): readonly FolderAction[] {
  if (folder.folderType === 'deleted') return TRASH_ACTIONS;
  if (folder.folderType === 'private' && (folder.role === undefined || folder.role === null)) return OWNER;
  return actionsForFolderRole(folder.role, log);
}

/** Who may change a shared folder's roles: with changePermissions the list has role dropdowns, else it is read-only (§6). */
export function canChangePermissions(actions: Iterable<FolderAction>): boolean {
  return has(actions, 'changePermissions');
}

/** A permission entry on a folder (§3). */
export interface PermissionEntry {
  principalId: string;
  principalType: 'user' | 'group';
  role: string;
  inherited: boolean;
}

/** The entry for a team member or group just added to a shared folder: role editor (§6), not inherited. */
export function newPermissionEntry(principalId: string, principalType: 'user' | 'group'): PermissionEntry {
  return { principalId, principalType, role: DEFAULT_MEMBER_ROLE, inherited: false };
}

/**
 * §6 "Shareable: not shared, trash or private root, and not a certain subscription state". Read as: a folder
 * that is not already shared, not in the trash and not the private root (nor any other virtual folder) — so
 * a real private folder — while the subscription allows sharing (the state is not named; the caller decides).
 */
export function isFolderShareable(folder: { id: FolderId; folderType: FolderType | null }, subscriptionAllowsSharing: boolean): boolean {
  if (!subscriptionAllowsSharing) return false;
  if (isVirtualFolderId(folder.id)) return false;
  return folder.folderType === 'private';
}

/** §6 "Only owners see their archived items in trash": an archived item shows only to its owner. */
export function isItemVisibleTo(item: { userId: string; isArchived?: boolean; archivedAt?: unknown }, currentUserId: string): boolean {
  if (!isArchivedItem(item)) return true;
  return item.userId === currentUserId;
}

/** Archived: the flag, or archivedAt set (§3 "archivedAt (set when trashed, cleared on restore)"). */
export function isArchivedItem(item: { isArchived?: boolean; archivedAt?: unknown }): boolean {
  return item.isArchived === true || (item.archivedAt !== undefined && item.archivedAt !== null && item.archivedAt !== '');
}

/** Product families (§1): slide, rise, video, and studio. */
export type ProductFamily = 'slide' | 'rise' | 'video' | 'studio';
const PRODUCT_FAMILY: Readonly<Record<string, ProductFamily>> = {
  engage: 'slide',
  presenter: 'slide',
  quizmaker: 'slide',
  storyline: 'slide',
  rise: 'rise',
  peek: 'video',
  preso: 'video',
  replay: 'video',
  video: 'video',
  studio: 'studio',
};

/** The family of an item's product value, or null for a value the spec does not name. */
export function productFamily(product: unknown): ProductFamily | null {
  if (typeof product !== 'string') return null;
  return Object.prototype.hasOwnProperty.call(PRODUCT_FAMILY, product) ? (PRODUCT_FAMILY[product] ?? null) : null;
}

/** Entries of the item menu, in the order §6 lists them; restore and deleteForever are the archived item's (§4). */
export type ItemMenuEntry =
  | 'exportToLms'
  | 'rename'
  | 'shareSettings'
  | 'uploadNewVersion'
  | 'duplicate'
  | 'move'
  | 'download'
  | 'delete'
  | 'restore'
  | 'deleteForever';

/**
 * The folder action each entry needs from a non-owner. §6 names exportToLms, moveItem and deleteItem; share
 * and rename need edit-metadata (§6 comment permissions: "change visibility and share need edit-metadata");
 * the spec does not say for the rest, so a new version and a duplicate need createItem (they create content
 * in the folder) and a download needs viewItem.
 */
export const ITEM_MENU_ACTION: Readonly<Record<ItemMenuEntry, FolderAction>> = {
  exportToLms: 'exportToLms',
  rename: 'editItemMetadata',
  shareSettings: 'editItemMetadata',
  uploadNewVersion: 'createItem',
  duplicate: 'createItem',
  move: 'moveItem',
  download: 'viewItem',
  delete: 'deleteItem',
  restore: 'restoreItem',
  deleteForever: 'hardDeleteItem',
};

export interface MenuItem {
  userId: string;
  product?: string | null;
  isStack?: boolean;
  isArchived?: boolean;
  archivedAt?: unknown;
}

/**
 * The item menu (§6): export to LMS (videos only), rename, share settings (not stacks), upload new version
 * (storyline or video products, not stacks), duplicate (not stacks), move, download (video), delete — each
 * shown only to the owner or to users whose folder grants the needed action. An archived item offers only
 * remove from trash (restore) and delete forever (§4), and cannot be moved.
 */
export function itemMenu(item: MenuItem, folderActions: Iterable<FolderAction>, currentUserId: string): ItemMenuEntry[] {
  const isOwner = item.userId === currentUserId;
  const actions = new Set(folderActions);
  const allowed = (entry: ItemMenuEntry) => isOwner || actions.has(ITEM_MENU_ACTION[entry]);
  const family = productFamily(item.product);
  const isVideo = family === 'video';
  const isStack = item.isStack === true;
  const candidates: ItemMenuEntry[] = isArchivedItem(item)
    ? ['restore', 'deleteForever']
    : [
        ...(isVideo ? (['exportToLms'] as const) : []),
        'rename',
        ...(isStack ? [] : (['shareSettings'] as const)),
        ...(!isStack && (item.product === 'storyline' || isVideo) ? (['uploadNewVersion'] as const) : []),
        ...(isStack ? [] : (['duplicate'] as const)),
        'move',
        ...(isVideo ? (['download'] as const) : []),
        'delete',
      ];
  return candidates.filter(allowed);
}

/** Actions that can apply to a selection in the grid: the menu entries plus copying the item link. */
export type SelectionAction = ItemMenuEntry | 'copyLink';

/** §5: share, duplicate, link, rename, LMS export and new version apply only when exactly one item or folder is selected. */
export const SINGLE_SELECTION_ACTIONS: readonly SelectionAction[] = [
  'shareSettings',
  'duplicate',
  'copyLink',
  'rename',
  'exportToLms',
  'uploadNewVersion',
];

/** Whether an action applies to a selection of this many items and folders (single-only actions need exactly one). */
export function isActionAvailableForSelection(action: SelectionAction, selectedCount: number): boolean {
  if (!Number.isInteger(selectedCount) || selectedCount < 1) return false;
  return SINGLE_SELECTION_ACTIONS.includes(action) ? selectedCount === 1 : true;
}

function has(actions: Iterable<FolderAction>, action: FolderAction): boolean {
  if (actions instanceof Set) return actions.has(action);
  for (const a of actions) if (a === action) return true;
  return false;
}

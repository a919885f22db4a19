/**
 * Whether a folder or an item may move, and why not (review-and-content §4, §5, §6). Every check reads the
 * figures `buildFolderTree` precomputed, so one decision is O(1).
 */
import { FOLDER_MAX_DEPTH } from './constants.ts';
import { isArchivedItem, PRIVATE_CONTENT, TRASH_ROOT, type FolderId } from './folderRoles.ts';
import type { FolderArea, FolderNode, FolderTree } from './folderTree.ts';

/**
 * A confirmation a move needs (§6 "Moving into shared areas needs confirmation"; §2 "confirmations for moves
 * between shared and personal areas"): asked when a move crosses between the private and the shared area.
 */
export type AreaChange = 'privateToShared' | 'sharedToPrivate';

/** The confirmation for a move from one area to another, or null when none is needed. */
export function moveConfirmation(from: FolderArea, to: FolderArea): AreaChange | null {
  if (from === 'private' && to === 'shared') return 'privateToShared';
  if (from === 'shared' && to === 'private') return 'sharedToPrivate';
  return null;
}

/** Why a subfolder cannot be created (§5; also blocks "new folder" inside the move dialog). */
export type CreateSubfolderRefusal = 'folderMissing' | 'notPermitted' | 'tooDeep';

export type CreateSubfolderResult = { ok: true } | { ok: false; reason: CreateSubfolderRefusal };

/** §5 "a subfolder can be created only when the current depth is under 7", in a folder granting createSubfolder. */
export function canCreateSubfolder(tree: FolderTree, folderId: FolderId): CreateSubfolderResult {
  const folder = tree.get(folderId);
  if (!folder) return { ok: false, reason: 'folderMissing' };
  if (!folder.actions.has('createSubfolder')) return { ok: false, reason: 'notPermitted' };
  if (folder.depth >= FOLDER_MAX_DEPTH) return { ok: false, reason: 'tooDeep' };
  return { ok: true };
}

/**
 * Why a folder move is refused, in the order §5 lists the conditions (after the moved folder itself must be
 * a real folder that exists):
 * - `folderMissing`, `notMovable` (a virtual folder),
 * - `targetMissing`, `sameFolder`, `alreadyInParent`, `intoDescendant`,
 * - `targetForbidsSubfolders` (the target neither grants createSubfolder nor is the trash),
 * - `notPermitted` (the user lacks moveFolder on the folder), `tooDeep` (target depth + 1 + subtree depth > 7).
 */
export type FolderMoveRefusal =
  | 'folderMissing'
  | 'notMovable'
  | 'targetMissing'
  | 'sameFolder'
  | 'alreadyInParent'
  | 'intoDescendant'
  | 'targetForbidsSubfolders'
  | 'notPermitted'
  | 'tooDeep';

export type FolderMoveResult = { ok: true; confirmation: AreaChange | null } | { ok: false; reason: FolderMoveRefusal };

/**
 * §5 folder move validity. "Is trash" means the trash root: a drop there is a trash action (§4). A trashed
 * subfolder grants no createSubfolder, so nothing moves into it.
 */
export function folderMoveValidity(tree: FolderTree, folderId: FolderId, targetId: FolderId): FolderMoveResult {
  const folder = tree.get(folderId);
  if (!folder) return { ok: false, reason: 'folderMissing' };
  if (folder.virtual !== null) return { ok: false, reason: 'notMovable' };
  const target = tree.get(targetId);
  if (!target) return { ok: false, reason: 'targetMissing' };
  if (target.id === folder.id) return { ok: false, reason: 'sameFolder' };
  if (folder.parentId === target.id) return { ok: false, reason: 'alreadyInParent' };
  if (tree.isDescendant(target.id, folder.id)) return { ok: false, reason: 'intoDescendant' };
  if (!target.actions.has('createSubfolder') && target.id !== TRASH_ROOT) return { ok: false, reason: 'targetForbidsSubfolders' };
  if (!folder.actions.has('moveFolder')) return { ok: false, reason: 'notPermitted' };
  if (target.depth + 1 + folder.subtreeDepth > FOLDER_MAX_DEPTH) return { ok: false, reason: 'tooDeep' };
  return { ok: true, confirmation: moveConfirmation(folder.area, target.area) };
}

/** The folders a folder may move into (for the move dialog), in tree pre-order. */
export function validFolderTargets(tree: FolderTree, folderId: FolderId): FolderNode[] {
  return tree.nodes.filter((target) => folderMoveValidity(tree, folderId, target.id).ok);
}

/** An item as far as moving goes (§3). Items of the private-content root carry folderId 0 or null. */
export interface MovableItem {
  userId: string;
  folderId: FolderId | null;
  isArchived?: boolean;
  archivedAt?: unknown;
}

/**
 * Why an item move is refused:
 * - `archived`: an archived item cannot be dragged or moved (§4); restore it instead,
 * - `targetMissing`, `alreadyInFolder` (§5 "An item cannot move to its own folder"; the already-in-folder dialog),
 * - `targetForbidsItems`: the destination does not permit creating or moving items (for the owner: createItem),
 * - `notPermitted`: a non-owner lacks moveItem on the source folder,
 * - `blockedFolderTypes`: a non-owner's move between a blocked pair of folder types.
 */
export type ItemMoveRefusal = 'archived' | 'targetMissing' | 'alreadyInFolder' | 'targetForbidsItems' | 'notPermitted' | 'blockedFolderTypes';

export type ItemMoveResult = { ok: true; confirmation: AreaChange | null } | { ok: false; reason: ItemMoveRefusal };

/**
 * §6 "a move from one folder type to a specific other folder type is blocked" for non-owners. The pair is not
 * named; we block shared → private: someone else's item must not leave the team into a personal folder.
 */
export const BLOCKED_NON_OWNER_ITEM_MOVES: readonly (readonly [FolderArea, FolderArea])[] = [['shared', 'private']];

/** The folder an item sits in: its folderId, or the private-content root for 0 or null. */
export function itemFolderId(item: Pick<MovableItem, 'folderId'>): FolderId {
  return item.folderId === null || item.folderId === 0 ? PRIVATE_CONTENT : item.folderId;
}

/**
 * §5/§6 item move validity. The owner may move the item to any folder granting createItem; a non-owner needs
 * moveItem on the source folder, a destination granting createItem or moveItem, and a pair of areas that is
 * not blocked. A move into the trash is not a move (the trash grants neither): use {@link canTrashItem}.
 */
export function itemMoveValidity(tree: FolderTree, item: MovableItem, targetId: FolderId, currentUserId: string): ItemMoveResult {
  if (isArchivedItem(item)) return { ok: false, reason: 'archived' };
  const target = tree.get(targetId);
  if (!target) return { ok: false, reason: 'targetMissing' };
  const sourceId = itemFolderId(item);
  if (target.id === sourceId) return { ok: false, reason: 'alreadyInFolder' };
  // Items live in real folders or at the private-content root; the other virtual folders hold none (domain/content.ts).
  if (target.virtual !== null && target.virtual !== PRIVATE_CONTENT) return { ok: false, reason: 'targetForbidsItems' };
  const source = tree.get(sourceId);
  const sourceArea: FolderArea = source?.area ?? 'private';
  if (item.userId === currentUserId) {
    if (!target.actions.has('createItem')) return { ok: false, reason: 'targetForbidsItems' };
    return { ok: true, confirmation: moveConfirmation(sourceArea, target.area) };
  }
  if (!source || !source.actions.has('moveItem')) return { ok: false, reason: 'notPermitted' };
  if (!target.actions.has('createItem') && !target.actions.has('moveItem')) return { ok: false, reason: 'targetForbidsItems' };
  if (BLOCKED_NON_OWNER_ITEM_MOVES.some(([from, to]) => from === sourceArea && to === target.area)) return { ok: false, reason: 'blockedFolderTypes' };
  return { ok: true, confirmation: moveConfirmation(sourceArea, target.area) };
}

/**
 * Whether an item may go to the trash (the delete action, or a drag onto the trash root, §4): the owner, or
 * a user whose source folder grants deleteItem; never an item already archived.
 */
export function canTrashItem(tree: FolderTree, item: MovableItem, currentUserId: string): boolean {
  if (isArchivedItem(item)) return false;
  if (item.userId === currentUserId) return true;
  return tree.get(itemFolderId(item))?.actions.has('deleteItem') ?? false;
}

/**
 * Where a restored item goes (§4 "Restoring into a deleted parent places the item in the private content
 * folder"): its own folder while that still exists outside the trash, else the private-content root.
 */
export function restoreTarget(tree: FolderTree, item: Pick<MovableItem, 'folderId'>): FolderId {
  const folder = tree.get(itemFolderId(item));
  return folder && folder.area !== 'trash' && folder.area !== 'all' ? folder.id : PRIVATE_CONTENT;
}

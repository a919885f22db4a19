/**
 * The folder menu (review-and-content §2 "folder menu", §4, §6): which commands a folder offers, each shown
 * only to those whose role grants the action behind it. The item menu is `itemMenu` in folderRoles.ts.
 */
import { isFolderShareable, type FolderAction } from './folderRoles.ts';
import { canCreateSubfolder } from './folderMoves.ts';
import type { FolderTree } from './folderTree.ts';
import type { FolderId } from './folderRoles.ts';

/**
 * Entries of the folder menu, in display order:
 * - `newSubfolder`: §5 depth under 7 and createSubfolder,
 * - `rename`: renameFolder, `move`: moveFolder,
 * - `share`: a private folder that may become shared (§6 shareable; it goes through the shared-folder settings, §4),
 * - `sharedFolderSettings`: a shared folder's members and roles (editable with changePermissions, read-only with
 *   viewPermissions, §6),
 * - `delete`: deleteFolder (to the trash),
 * - `restore`, `deleteForever`: a trashed folder (trash actions, §6).
 */
export type FolderMenuEntry = 'newSubfolder' | 'rename' | 'move' | 'share' | 'sharedFolderSettings' | 'delete' | 'restore' | 'deleteForever';

/** The action each entry needs (newSubfolder also needs room under the depth limit). */
export const FOLDER_MENU_ACTION: Readonly<Record<FolderMenuEntry, FolderAction>> = {
  newSubfolder: 'createSubfolder',
  rename: 'renameFolder',
  move: 'moveFolder',
  share: 'changePermissions',
  sharedFolderSettings: 'viewPermissions',
  delete: 'deleteFolder',
  restore: 'restoreFolder',
  deleteForever: 'hardDeleteFolder',
};

/**
 * The folder menu of a folder. Virtual folders have none (their commands — new folder, empty trash — sit in
 * the action bar). A trashed folder offers restore and delete forever; a live folder the rest, by role.
 */
export function folderMenu(tree: FolderTree, folderId: FolderId, options: { subscriptionAllowsSharing: boolean }): FolderMenuEntry[] {
  const node = tree.get(folderId);
  if (!node || node.virtual !== null) return [];
  const can = (entry: FolderMenuEntry) => node.actions.has(FOLDER_MENU_ACTION[entry]);
  if (node.area === 'trash') return (['restore', 'deleteForever'] as const).filter(can);
  const out: FolderMenuEntry[] = [];
  if (canCreateSubfolder(tree, node.id).ok) out.push('newSubfolder');
  if (can('rename')) out.push('rename');
  if (can('move')) out.push('move');
  if (node.area === 'private' && can('share') && isFolderShareable(node, options.subscriptionAllowsSharing)) out.push('share');
  if (node.area === 'shared' && can('sharedFolderSettings')) out.push('sharedFolderSettings');
  if (can('delete')) out.push('delete');
  return out;
}

import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { buildFolderTree, type FolderTree } from '../../../domain/folderTree.ts';
import { ALL_CONTENT, type FolderAction, type FolderId } from '../../../domain/folderRoles.ts';
import { itemFolderId } from '../../../domain/folderMoves.ts';
import type { ItemRecord } from '../../../domain/content.ts';
import type { PendingStatus } from '../../../machines/content/contentEvents.ts';
import { pendingFolderStatusOf } from '../../../machines/content/foldersMachine.ts';
import { pendingItemStatusOf } from '../../../machines/content/gridMachine.ts';
import { useSystem } from '../../system.tsx';

/** The address of a folder's grid (§2: all content is /review itself). */
export function folderHref(id: FolderId): string {
  return id === ALL_CONTENT ? '/review' : `/review/folder/${encodeURIComponent(String(id))}`;
}

/** The address of a folder's grid at a page (page 1 keeps the plain address). */
export function folderPageHref(id: FolderId, page: number): string {
  return page > 1 ? `${folderHref(id)}?page=${page}` : folderHref(id);
}

/** The item view of an item (§9 review link format). */
/**
 * Where a card opens: an item's review tab; a stack's source course (review tab, `sourceCourse=true`) or, without one,
 * its first target's translate tab (translation-editor §2).
 */
export function itemHref(item: ItemRecord): string {
  const entry = item.isStack ? item.stackEntry : null;
  if (entry) {
    const id = encodeURIComponent(entry.itemId);
    return entry.sourceCourse ? `/review/content/${id}/review?sourceCourse=true` : `/review/content/${id}/translate`;
  }
  return `/review/content/${encodeURIComponent(item.id)}/review`;
}

const NO_ACTIONS: ReadonlySet<FolderAction> = new Set();

/** The folder tree built from the folders actor's list (once per change of the list), and the signed-in user. */
export function useContentModel(): { tree: FolderTree; userId: string; actionsOfItem: (item: ItemRecord) => ReadonlySet<FolderAction> } {
  const { folders, session } = useSystem();
  const list = useSelector(folders, (s) => s.context.folders);
  const userId = useSelector(session, (s) => s.context.user?.sub ?? '');
  const tree = useMemo(() => buildFolderTree(list, { log: (message) => console.error(message) }), [list]);
  const actionsOfItem = useMemo(() => (item: ItemRecord) => tree.get(itemFolderId(item))?.actions ?? NO_ACTIONS, [tree]);
  return { tree, userId, actionsOfItem };
}

const sameStatus = <K,>(a: ReadonlyMap<K, PendingStatus>, b: ReadonlyMap<K, PendingStatus>) => a.size === b.size && [...a].every(([id, status]) => b.get(id) === status);

/**
 * What is shown and not confirmed yet (review-and-content §4 optimistic changes): the folders and items to mark, by id,
 * and whether changes are held until the connection returns (`waiting`: the notice says so).
 */
export function usePendingChanges(): { folderStatus: ReadonlyMap<number, PendingStatus>; itemStatus: ReadonlyMap<string, PendingStatus>; waiting: boolean } {
  const { folders, grid } = useSystem();
  const folderStatus = useSelector(folders, pendingFolderStatusOf, sameStatus);
  const itemStatus = useSelector(grid, pendingItemStatusOf, sameStatus);
  const foldersWaiting = useSelector(folders, (s) => s.hasTag('waiting'));
  const itemsWaiting = useSelector(grid, (s) => s.hasTag('waiting'));
  return { folderStatus, itemStatus, waiting: foldersWaiting || itemsWaiting };
}

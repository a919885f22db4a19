/** The grid actor's context, and the pure helpers that turn a request into an item change and its folder part (the machine is gridMachine.ts). */
import { ITEMS_PER_PAGE } from '../../domain/constants.ts';
import type { ContentRefusal, ItemRecord, ProductFilter } from '../../domain/content.ts';
import { type FolderChange } from '../../domain/folderChanges.ts';
import { ALL_CONTENT, TRASH_ROOT, type FolderId } from '../../domain/folderRoles.ts';
import { buildFolderTree, type Folder, type FolderTree } from '../../domain/folderTree.ts';
import {
  stackIdsAmong,
  type GridPage,
  type GridView,
  type ItemChange,
} from '../../domain/itemChanges.ts';
import { pageOffset } from '../../domain/pagination.ts';
import { type ContentToastId, type ToastData } from '../../domain/toasts.ts';
import { type ContentOperation, type FolderRequestEvent, type GridEvent, type GridRequestEvent, type SystemLike } from './contentEvents.ts';

/** An item change shown on the page and not yet confirmed by the server. */
export interface PendingItemChange {
  seq: number;
  /** Its change id (domain/content.ts `Named`; each socket call gets `<changeId>.<n>`): the same every time it is sent. */
  changeId: string;
  change: ItemChange;
  /** The event that asked for it, with its change id: the error dialog's retry sends it again (never a second change). */
  request: GridRequestEvent;
  /** The success toast (moved, trashed, restored) with its §3 data; null for none. */
  toast: { id: ContentToastId; data: ToastData } | null;
}

export interface GridSelection {
  itemIds: string[];
  folderIds: number[];
}

export interface GridContext {
  /** Who is signed in (item ownership rules); null until the session says. */
  userId: string | null;
  /** The folder shown (real or virtual); null until the route opens one. */
  folderId: FolderId | null;
  /** The page the route asked for (1-based). */
  routePage: number;
  /** The page shown, as the server served it. */
  page: number;
  /** What the search box holds (≤ 255). */
  searchInput: string;
  /** The search filter applied to the grid (trimmed); null: the folder is shown. */
  search: string | null;
  product: ProductFilter;
  /** The page as the server last sent it. */
  base: GridPage;
  pending: PendingItemChange[];
  /** What views show: the page with the pending changes applied. */
  items: ItemRecord[];
  count: number;
  /** The page the URL must be rewritten to (the server served another); the view acknowledges with grid.pageRewritten. */
  pageRewrite: number | null;
  selection: GridSelection;
  nextSeq: number;
  /** This page's client id (`content.clientId`): with the sequence it names each change. */
  clientId: string;
}

export const EMPTY_SELECTION: GridSelection = { itemIds: [], folderIds: [] };
export const EMPTY_PAGE: GridPage = { items: [], count: 0 };

export const INITIAL_CONTEXT: GridContext = {
  userId: null,
  folderId: null,
  routePage: 1,
  page: 1,
  searchInput: '',
  search: null,
  product: 'all',
  base: EMPTY_PAGE,
  pending: [],
  items: [],
  count: 0,
  pageRewrite: null,
  selection: EMPTY_SELECTION,
  nextSeq: 1,
  clientId: 'local',
};

export function viewOf(context: GridContext): GridView {
  return { folderId: context.folderId ?? ALL_CONTENT, search: context.search, product: context.product };
}

/** The folder tree as the folders actor shows it, when it has loaded; null otherwise (the server alone checks). */
export function folderTreeOf(system: SystemLike): FolderTree | null {
  const snapshot = system.get('folders')?.getSnapshot() as { value?: { list?: unknown }; context?: { folders?: Folder[] } } | undefined;
  const list = snapshot?.value?.list;
  if ((list !== 'ready' && list !== 'refreshing') || !snapshot?.context?.folders) return null;
  return buildFolderTree(snapshot.context.folders);
}

export const REQUEST_TYPES: readonly GridRequestEvent['type'][] = ['grid.rename', 'grid.duplicate', 'grid.trash', 'grid.restore', 'grid.destroyForever', 'grid.move'];
export const isRequest = (event: GridEvent): event is GridRequestEvent => (REQUEST_TYPES as readonly string[]).includes(event.type);

/** The item part of a request as a change (null when the request names no item), and its folder part. */
export function split(event: GridRequestEvent, items: readonly ItemRecord[], seq: number): { change: ItemChange | null; folders: FolderChange[] } {
  switch (event.type) {
    case 'grid.rename':
      return { change: { kind: 'rename', id: event.id, title: event.title, isStack: items.some((i) => i.id === event.id && i.isStack) }, folders: [] };
    case 'grid.duplicate':
      return { change: { kind: 'duplicate', id: event.id, title: event.title, tempId: `pending-copy-${seq}` }, folders: [] };
    case 'grid.trash':
      return {
        change: event.itemIds.length ? { kind: 'trash', ids: event.itemIds, stackIds: stackIdsAmong(items, event.itemIds) } : null,
        folders: event.folderIds.length ? [{ kind: 'bulkArchive', ids: event.folderIds }] : [],
      };
    case 'grid.restore':
      return {
        change: event.itemIds.length ? { kind: 'restore', ids: event.itemIds, stackIds: stackIdsAmong(items, event.itemIds) } : null,
        folders: event.folderIds.map((id) => ({ kind: 'restore', id })),
      };
    case 'grid.destroyForever':
      return {
        change: event.itemIds.length ? { kind: 'destroy', ids: event.itemIds, stackIds: stackIdsAmong(items, event.itemIds) } : null,
        folders: event.folderIds.length ? [{ kind: 'bulkDestroy', ids: event.folderIds }] : [],
      };
    case 'grid.move':
      return {
        change: event.itemIds.length ? { kind: 'move', ids: event.itemIds, stackIds: stackIdsAmong(items, event.itemIds), destination: event.destination } : null,
        folders: event.folderIds.length ? [{ kind: 'bulkMove', ids: event.folderIds, destination: event.destination }] : [],
      };
  }
}

/** The folders actor's events for the folder part of a request, each named after the request's change (`<id>.f<n>`). */
export function folderEvents(event: GridRequestEvent, silent: boolean, changeId: string): FolderRequestEvent[] {
  const events = ((): FolderRequestEvent[] => {
    switch (event.type) {
      case 'grid.trash':
        return event.folderIds.length ? [{ type: 'folder.bulkArchive', ids: event.folderIds, silent }] : [];
      case 'grid.restore':
        return event.folderIds.map((id) => ({ type: 'folder.restore', id, silent }));
      case 'grid.destroyForever':
        return event.folderIds.length ? [{ type: 'folder.bulkDestroy', ids: event.folderIds }] : [];
      case 'grid.move':
        return event.folderIds.length
          ? [{ type: 'folder.bulkMove', ids: event.folderIds, destination: event.destination, destinationFolderName: event.destinationFolderName, confirmed: true, silent }]
          : [];
      default:
        return [];
    }
  })();
  return events.map((e, n) => ({ ...e, changeId: `${changeId}.f${n}` }));
}

export function toastFor(event: GridRequestEvent, items: readonly ItemRecord[]): PendingItemChange['toast'] {
  if (event.type !== 'grid.trash' && event.type !== 'grid.restore' && event.type !== 'grid.move') return null;
  const itemTitle = event.itemIds.length === 1 ? (items.find((i) => i.id === event.itemIds[0])?.title ?? null) : null;
  const data: ToastData = { itemsCount: event.itemIds.length, foldersCount: event.folderIds.length, itemTitle };
  if (event.type === 'grid.move') return { id: 'moved', data: { ...data, destinationFolderName: event.destinationFolderName } };
  return { id: event.type === 'grid.trash' ? 'trashed' : 'restored', data };
}

export function operationOf(change: ItemChange, view: GridView): ContentOperation {
  switch (change.kind) {
    case 'rename':
      return 'rename';
    case 'duplicate':
      return 'duplicate';
    case 'trash':
      return 'archive';
    case 'restore':
      return view.folderId === TRASH_ROOT ? 'removeFromTrash' : 'restore';
    case 'destroy':
      return 'destroy';
    case 'move':
      return 'move';
  }
}

/** §8 "'Error duplicating item'. 'Error updating items' with local state rolled back." */
export const errorMessageOf = (change: ItemChange) => (change.kind === 'duplicate' ? 'Error duplicating item' : 'Error updating items');

export const isAccessRefusal = (reason: ContentRefusal | null) => reason === 'notFound' || reason === 'forbidden';

/** Whether more items exist past the ones on the page (so a page that lost items should be read again). */
export const hasMoreBeyond = (page: GridPage, pageNumber: number) => page.items.length < ITEMS_PER_PAGE && page.count > pageOffset(pageNumber) + page.items.length;

/**
 * Item changes in the grid as events (review-and-content §4, §5, §6, §7): the optimistic projection onto the
 * page shown, the calls that carry a change (socket events for items, the item-stack HTTP calls for stack
 * entries), how answers and server pushes patch the page, and the client's checks before sending.
 */
import type { ContentPayload, ContentRefusal, ItemRecord, ProductFilter } from './content.ts';
import { productMatchesFilter } from './content.ts';
import type { ContentPush } from './contentData.ts';
import type { AreaChange } from './folderMoves.ts';
import { canTrashItem, itemFolderId, itemMoveValidity } from './folderMoves.ts';
import { ALL_CONTENT, PRIVATE_CONTENT, TRASH_ROOT, isArchivedItem, itemMenu, type FolderAction, type FolderId, type ItemMenuEntry } from './folderRoles.ts';
import type { FolderTree } from './folderTree.ts';
import { checkName, nameMatchesSearch } from './names.ts';

/** What the grid shows: a folder (real or virtual), or search results when `search` is set, with the product filter. */
export interface GridView {
  folderId: FolderId;
  search: string | null;
  product: ProductFilter;
}

/** One page of the grid: its items and the total the server counted. */
export interface GridPage {
  items: ItemRecord[];
  count: number;
}

/**
 * One change to items, as the user asked for it. Bulk changes name the stack entries among their ids
 * (`stackIds`): those go through the item-stack HTTP calls.
 */
export type ItemChange =
  | { kind: 'rename'; id: string; title: string; isStack: boolean }
  /** The copy shows at once under `tempId` until the server answers with the real item. */
  | { kind: 'duplicate'; id: string; title: string; tempId: string }
  | { kind: 'trash'; ids: readonly string[]; stackIds: readonly string[] }
  | { kind: 'restore'; ids: readonly string[]; stackIds: readonly string[] }
  /** Delete forever (trashed items). */
  | { kind: 'destroy'; ids: readonly string[]; stackIds: readonly string[] }
  | { kind: 'move'; ids: readonly string[]; stackIds: readonly string[]; destination: FolderId };

export type ItemChangeKind = ItemChange['kind'];

type ItemSocketName = 'item.update' | 'item.duplicate' | 'item.bulkArchive' | 'item.bulkDestroy' | 'item.bulkMove';

/** One call that carries (part of) an item change. */
export type ItemCall =
  | { [K in ItemSocketName]: { via: 'socket'; name: K; payload: ContentPayload<K> } }[ItemSocketName]
  | { via: 'stack'; call: 'rename'; stackId: string; title: string }
  | { via: 'stack'; call: 'bulkRestore' | 'bulkSoftDelete' | 'bulkHardDelete'; stackIds: string[] }
  | { via: 'stack'; call: 'move'; stackIds: string[]; toFolderId: number | null };

/** Items are listed by folder (not search, not all content, not the trash): moving one out takes it off the page. */
function listsByFolder(view: GridView): boolean {
  return view.search === null && (typeof view.folderId === 'number' || view.folderId === PRIVATE_CONTENT);
}

/** The folder an item stored with `folderId` shows in: the real id or the private-content root. */
const shownIn = (folderId: number | null): FolderId => (folderId === null || folderId === 0 ? PRIVATE_CONTENT : folderId);

/** Whether an item belongs on this view at all (which page it lands on is the server's business). */
export function itemBelongsToView(item: ItemRecord, view: GridView): boolean {
  if (!productMatchesFilter(item.product, view.product)) return false;
  const archived = isArchivedItem(item);
  if (view.search !== null) return !archived && nameMatchesSearch(item.title, view.search);
  if (view.folderId === TRASH_ROOT) return archived;
  if (archived) return false;
  if (view.folderId === ALL_CONTENT) return true;
  return shownIn(item.folderId) === view.folderId;
}

/** Whether a change in folder `folderId` (null: the private root) can change this view's list. */
function touchesView(folderId: number | null, view: GridView): boolean {
  if (view.search !== null || view.folderId === ALL_CONTENT) return true;
  return shownIn(folderId) === view.folderId;
}

function without(page: GridPage, ids: ReadonlySet<string>): GridPage {
  const items = page.items.filter((item) => !ids.has(item.id));
  return { items, count: Math.max(0, page.count - (page.items.length - items.length)) };
}

function patch(page: GridPage, ids: ReadonlySet<string>, update: (item: ItemRecord) => ItemRecord): GridPage {
  return { ...page, items: page.items.map((item) => (ids.has(item.id) ? update(item) : item)) };
}

/** The page with one change applied, as the user expects to see it before the server answers. */
export function applyItemChange(page: GridPage, change: ItemChange, view: GridView): GridPage {
  switch (change.kind) {
    case 'rename':
      return patch(page, new Set([change.id]), (item) => ({ ...item, title: change.title.trim() }));
    case 'duplicate': {
      const source = page.items.find((item) => item.id === change.id);
      if (!source) return page;
      // Newest first: the copy leads the page.
      const copy: ItemRecord = { ...source, id: change.tempId, title: change.title.trim() };
      return { items: [copy, ...page.items], count: page.count + 1 };
    }
    case 'trash':
    case 'destroy':
      return without(page, new Set(change.ids));
    case 'restore':
      return view.folderId === TRASH_ROOT && view.search === null
        ? without(page, new Set(change.ids))
        : patch(page, new Set(change.ids), (item) => ({ ...item, archivedAt: null, isArchived: false }));
    case 'move': {
      const folderId = typeof change.destination === 'number' ? change.destination : null;
      if (listsByFolder(view) && shownIn(folderId) !== view.folderId) return without(page, new Set(change.ids));
      return patch(page, new Set(change.ids), (item) => ({ ...item, folderId }));
    }
  }
}

/** The server's page with the unconfirmed changes applied in order: what the views show. */
export function projectPage(base: GridPage, pending: readonly { change: ItemChange }[], view: GridView): GridPage {
  return pending.reduce<GridPage>((page, entry) => applyItemChange(page, entry.change, view), base);
}

/**
 * Folds the records the server answered with into the server's page: the change itself first, then each
 * returned record where it is on the page (a duplicate's record replaces its optimistic copy).
 */
export function commitItemChange(base: GridPage, change: ItemChange, answered: readonly ItemRecord[], view: GridView): GridPage {
  if (change.kind === 'duplicate') {
    const copy = answered[0];
    const source = base.items.find((item) => item.id === change.id);
    if (!copy || !source || !itemBelongsToView(copy, view)) return copy ? { ...base, count: base.count + 1 } : base;
    return { items: [copy, ...base.items.filter((item) => item.id !== copy.id)], count: base.count + 1 };
  }
  const applied = applyItemChange(base, change, view);
  const byId = new Map(answered.map((item) => [item.id, item]));
  return { ...applied, items: applied.items.map((item) => byId.get(item.id) ?? item) };
}

const itemIdsOf = (change: { ids: readonly string[]; stackIds: readonly string[] }) => change.ids.filter((id) => !change.stackIds.includes(id));
const stackIdsOf = (change: { ids: readonly string[]; stackIds: readonly string[] }) => change.ids.filter((id) => change.stackIds.includes(id));

/** The calls that carry a change: socket events for items, item-stack HTTP calls for stack entries (§7). */
export function itemChangeCalls(change: ItemChange, changeId?: string): ItemCall[] {
  const calls = callsOf(change);
  if (changeId === undefined) return calls;
  // Each socket call is a change of its own on the service: `<changeId>.<n>`, the same every time the change is sent.
  return calls.map((c, n) => (c.via === 'socket' ? ({ ...c, payload: { ...c.payload, changeId: `${changeId}.${n}` } } as ItemCall) : c));
}

function callsOf(change: ItemChange): ItemCall[] {
  switch (change.kind) {
    case 'rename':
      return change.isStack
        ? [{ via: 'stack', call: 'rename', stackId: change.id, title: change.title.trim() }]
        : [{ via: 'socket', name: 'item.update', payload: { id: change.id, title: change.title.trim() } }];
    case 'duplicate':
      return [{ via: 'socket', name: 'item.duplicate', payload: { id: change.id, title: change.title.trim() } }];
    case 'trash': {
      const ids = itemIdsOf(change);
      const stackIds = stackIdsOf(change);
      return [
        ...(ids.length ? [{ via: 'socket', name: 'item.bulkArchive', payload: { ids } } as const] : []),
        ...(stackIds.length ? [{ via: 'stack', call: 'bulkSoftDelete', stackIds } as const] : []),
      ];
    }
    case 'restore': {
      const stackIds = stackIdsOf(change);
      return [
        ...itemIdsOf(change).map((id) => ({ via: 'socket', name: 'item.update', payload: { id, restoreFromTrash: true } }) as const),
        ...(stackIds.length ? [{ via: 'stack', call: 'bulkRestore', stackIds } as const] : []),
      ];
    }
    case 'destroy': {
      const ids = itemIdsOf(change);
      const stackIds = stackIdsOf(change);
      return [
        ...(ids.length ? [{ via: 'socket', name: 'item.bulkDestroy', payload: { ids } } as const] : []),
        ...(stackIds.length ? [{ via: 'stack', call: 'bulkHardDelete', stackIds } as const] : []),
      ];
    }
    case 'move': {
      const ids = itemIdsOf(change);
      const stackIds = stackIdsOf(change);
      const toFolderId = typeof change.destination === 'number' ? change.destination : null;
      return [
        ...(ids.length ? [{ via: 'socket', name: 'item.bulkMove', payload: { ids, destination: change.destination } } as const] : []),
        ...(stackIds.length ? [{ via: 'stack', call: 'move', stackIds, toFolderId } as const] : []),
      ];
    }
  }
}

/** The item ids a change shows as pending while it is not confirmed: the copy (under its temporary id), or the items it names. */
export function pendingItemIds(change: ItemChange): string[] {
  return change.kind === 'duplicate' ? [change.tempId] : itemChangeIds(change);
}

/** The ids a change touches (for toasts and for knowing what a refusal concerns). */
export function itemChangeIds(change: ItemChange): string[] {
  return change.kind === 'rename' || change.kind === 'duplicate' ? [change.id] : [...change.ids];
}

/**
 * A server push applied to the page shown (§7 "Server pushes"): patched when the item is on the page, else
 * `refetch` when it belongs to what the page shows (it may land on this page, or shift it).
 */
export function applyItemPush(page: GridPage, push: ContentPush, view: GridView): { page: GridPage; refetch: boolean } {
  const onPage = (id: string) => page.items.some((item) => item.id === id);
  const same = { page, refetch: false };
  switch (push.name) {
    case 'item.updateHashed':
    case 'itemStack.updateHashed': {
      const record = push.name === 'item.updateHashed' ? push.data.item : push.data.stack;
      const belongs = itemBelongsToView(record, view);
      if (onPage(record.id)) {
        return { page: belongs ? patch(page, new Set([record.id]), () => record) : without(page, new Set([record.id])), refetch: false };
      }
      return { page, refetch: belongs };
    }
    case 'item.softDeleteHashed':
      if (onPage(push.data.id)) {
        if (view.folderId === TRASH_ROOT && view.search === null) return same;
        return { page: without(page, new Set([push.data.id])), refetch: false };
      }
      return { page, refetch: view.folderId === TRASH_ROOT && view.search === null };
    case 'item.hardDeleteHashed':
      if (onPage(push.data.id)) return { page: without(page, new Set([push.data.id])), refetch: false };
      return { page, refetch: view.folderId === TRASH_ROOT || touchesView(push.data.folderId, view) };
    case 'item.refresh':
      return { page, refetch: push.data.folderId === null || touchesView(push.data.folderId, view) || view.folderId === TRASH_ROOT };
    case 'itemStack.moveHashed': {
      const ids = new Set(push.data.stackIds.filter(onPage));
      const arrives = push.data.stackIds.some((id) => !onPage(id)) && touchesView(push.data.toFolderId, view);
      if (ids.size === 0) return { page, refetch: arrives };
      const next =
        listsByFolder(view) && shownIn(push.data.toFolderId) !== view.folderId
          ? without(page, ids)
          : patch(page, ids, (item) => ({ ...item, folderId: push.data.toFolderId }));
      return { page: next, refetch: arrives };
    }
    case 'itemStack.softDeleteHashed': {
      if (view.folderId === TRASH_ROOT && view.search === null) return { page, refetch: true };
      return { page: without(page, new Set(push.data.stackIds)), refetch: false };
    }
    case 'itemStack.hardDeleteHashed':
      return { page: without(page, new Set(push.data.stackIds)), refetch: false };
    case 'folder.updateHashed':
    case 'folder.hardDeleted':
      return same;
  }
}

/** The client's verdict on an item change: go ahead (perhaps after a confirmation), or the refusal to show. */
export type ItemChangeCheck = { ok: true; confirmation: AreaChange | null } | { ok: false; reason: ContentRefusal; failedId?: string };

/** What the checks read: the items on the page, the folder tree when the folders are loaded, and who is asking. */
export interface ItemCheckContext {
  items: readonly ItemRecord[];
  tree: FolderTree | null;
  userId: string | null;
}

/** Whether the item menu (§6) offers this entry to the user; without the tree or the user, the server decides. */
function offers(item: ItemRecord, entry: ItemMenuEntry, ctx: ItemCheckContext): boolean {
  if (ctx.userId === null || ctx.tree === null) return true;
  const actions: ReadonlySet<FolderAction> = ctx.tree.get(itemFolderId(item))?.actions ?? new Set();
  return itemMenu(item, actions, ctx.userId).includes(entry);
}

/**
 * The checks the client makes before sending (§4, §5, §6): the item is on the page, the menu offers the
 * action to this user, names (trimmed, 255, case-insensitive duplicates among the page's titles), trashing
 * rights, and item move validity with its confirmation. The server checks everything again.
 */
export function checkItemChange(change: ItemChange, ctx: ItemCheckContext): ItemChangeCheck {
  const find = (id: string) => ctx.items.find((item) => item.id === id);
  const ids = itemChangeIds(change);
  if (ids.length === 0) return { ok: false, reason: 'invalidRequest' };
  for (const id of ids) if (!find(id)) return { ok: false, reason: 'notFound', failedId: id };
  const each = (entry: ItemMenuEntry): ItemChangeCheck => {
    for (const id of ids) if (!offers(find(id)!, entry, ctx)) return { ok: false, reason: 'forbidden', failedId: id };
    return { ok: true, confirmation: null };
  };
  switch (change.kind) {
    case 'rename':
    case 'duplicate': {
      const item = find(change.id)!;
      const allowed = each(change.kind);
      if (!allowed.ok) return allowed;
      const name =
        change.kind === 'rename'
          ? checkName(change.title, { currentName: item.title, existingNames: ctx.items.map((i) => i.title) })
          : checkName(change.title, { existingNames: ctx.items.map((i) => i.title) });
      return name.ok ? { ok: true, confirmation: null } : { ok: false, reason: name.reason, failedId: change.id };
    }
    case 'trash':
      for (const id of ids) {
        const item = find(id)!;
        if (isArchivedItem(item)) return { ok: false, reason: 'archived', failedId: id };
        if (ctx.tree && ctx.userId !== null && !canTrashItem(ctx.tree, item, ctx.userId)) return { ok: false, reason: 'forbidden', failedId: id };
      }
      return { ok: true, confirmation: null };
    case 'restore':
    case 'destroy':
      for (const id of ids) if (!isArchivedItem(find(id)!)) return { ok: false, reason: 'invalidRequest', failedId: id };
      return each(change.kind === 'restore' ? 'restore' : 'deleteForever');
    case 'move': {
      let confirmation: AreaChange | null = null;
      for (const id of ids) {
        const item = find(id)!;
        if (isArchivedItem(item)) return { ok: false, reason: 'archived', failedId: id };
        if (shownIn(item.folderId) === change.destination) return { ok: false, reason: 'alreadyInFolder', failedId: id };
        if (!ctx.tree || ctx.userId === null) continue;
        const verdict = itemMoveValidity(ctx.tree, item, change.destination, ctx.userId);
        if (!verdict.ok) return { ok: false, reason: verdict.reason, failedId: id };
        confirmation ??= verdict.confirmation;
      }
      return { ok: true, confirmation };
    }
  }
}

/** The stack entries among these ids, read from the page. */
export function stackIdsAmong(items: readonly ItemRecord[], ids: readonly string[]): string[] {
  return ids.filter((id) => items.some((item) => item.id === id && item.isStack));
}

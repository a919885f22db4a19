import { assign, enqueueActions, raise, setup } from 'xstate';
import { CHANGE_RETRY_MS, CONTENT_ACK_TIMEOUT_MS, ITEMS_PER_PAGE, SEARCH_DEBOUNCE_MS } from '../domain/constants.ts';
import type { ContentRefusal, ItemRecord, ProductFilter } from '../domain/content.ts';
import { isItemPage } from '../domain/contentData.ts';
import { checkFolderChange, type FolderChange, type FolderChangeCheck } from '../domain/folderChanges.ts';
import { ALL_CONTENT, TRASH_ROOT, type FolderId } from '../domain/folderRoles.ts';
import { buildFolderTree, type Folder, type FolderTree } from '../domain/folderTree.ts';
import {
  applyItemPush,
  checkItemChange,
  commitItemChange,
  itemChangeCalls,
  pendingItemIds,
  projectPage,
  stackIdsAmong,
  type GridPage,
  type GridView,
  type ItemCall,
  type ItemChange,
  type ItemChangeCheck,
} from '../domain/itemChanges.ts';
import { limitSearchInput, searchFilter } from '../domain/names.ts';
import { pageOffset } from '../domain/pagination.ts';
import { contentToast, type ContentToastId, type ToastData } from '../domain/toasts.ts';
import { isAnswerLost, refusalOf, tell, type ContentOperation, type FolderRequestEvent, type GridEvent, type GridRequestEvent, type PendingStatus, type SystemLike } from './contentEvents.ts';
import { promiseSlot } from './slots.ts';

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

const EMPTY_SELECTION: GridSelection = { itemIds: [], folderIds: [] };
const EMPTY_PAGE: GridPage = { items: [], count: 0 };

const INITIAL_CONTEXT: GridContext = {
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

function viewOf(context: GridContext): GridView {
  return { folderId: context.folderId ?? ALL_CONTENT, search: context.search, product: context.product };
}

/** The folder tree as the folders actor shows it, when it has loaded; null otherwise (the server alone checks). */
function folderTreeOf(system: SystemLike): FolderTree | null {
  const snapshot = system.get('folders')?.getSnapshot() as { value?: { list?: unknown }; context?: { folders?: Folder[] } } | undefined;
  const list = snapshot?.value?.list;
  if ((list !== 'ready' && list !== 'refreshing') || !snapshot?.context?.folders) return null;
  return buildFolderTree(snapshot.context.folders);
}

const REQUEST_TYPES: readonly GridRequestEvent['type'][] = ['grid.rename', 'grid.duplicate', 'grid.trash', 'grid.restore', 'grid.destroyForever', 'grid.move'];
const isRequest = (event: GridEvent): event is GridRequestEvent => (REQUEST_TYPES as readonly string[]).includes(event.type);

/** The item part of a request as a change (null when the request names no item), and its folder part. */
function split(event: GridRequestEvent, items: readonly ItemRecord[], seq: number): { change: ItemChange | null; folders: FolderChange[] } {
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
function folderEvents(event: GridRequestEvent, silent: boolean, changeId: string): FolderRequestEvent[] {
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

function toastFor(event: GridRequestEvent, items: readonly ItemRecord[]): PendingItemChange['toast'] {
  if (event.type !== 'grid.trash' && event.type !== 'grid.restore' && event.type !== 'grid.move') return null;
  const itemTitle = event.itemIds.length === 1 ? (items.find((i) => i.id === event.itemIds[0])?.title ?? null) : null;
  const data: ToastData = { itemsCount: event.itemIds.length, foldersCount: event.folderIds.length, itemTitle };
  if (event.type === 'grid.move') return { id: 'moved', data: { ...data, destinationFolderName: event.destinationFolderName } };
  return { id: event.type === 'grid.trash' ? 'trashed' : 'restored', data };
}

function operationOf(change: ItemChange, view: GridView): ContentOperation {
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
const errorMessageOf = (change: ItemChange) => (change.kind === 'duplicate' ? 'Error duplicating item' : 'Error updating items');

const isAccessRefusal = (reason: ContentRefusal | null) => reason === 'notFound' || reason === 'forbidden';

/** Whether more items exist past the ones on the page (so a page that lost items should be read again). */
const hasMoreBeyond = (page: GridPage, pageNumber: number) => page.items.length < ITEMS_PER_PAGE && page.count > pageOffset(pageNumber) + page.items.length;

/**
 * The item grid (review-and-content §2, §4, §5, §7; systemId `grid`): the folder and page the route opened,
 * search (≤ 255, 100 ms debounce, Escape clears), the product filter, one page of items with its count,
 * loading / ready / failed (retry) / not found, and the selection (cleared when the folder changes and after
 * every action). Item operations are optimistic like the folders': checked, shown, sent one at a time, then
 * folded in or rolled back with the error dialog; stack entries go through the item-stack HTTP calls. The
 * folder part of a selection is handed to `folders`. Pushes patch the page live; a page beyond the last is
 * reported in `pageRewrite` for the view to rewrite the URL.
 */
export const gridMachine = setup({
  types: {
    context: {} as GridContext,
    events: {} as GridEvent,
  },
  actors: {
    fetchItems: promiseSlot<unknown, { folderId: FolderId; page: number; search: string | null; product: ProductFilter }>('fetchItems'),
    sendItemChange: promiseSlot<{ items: ItemRecord[] }, { calls: ItemCall[] }>('sendItemChange'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    clearSelection: assign({ selection: EMPTY_SELECTION }),
    acceptPage: assign(({ context, event }) => {
      const output = (event as unknown as { output: { items: ItemRecord[]; count: number; page: number } }).output;
      const base = { items: output.items, count: output.count };
      const shown = projectPage(base, context.pending, viewOf(context));
      return {
        base,
        items: shown.items,
        count: shown.count,
        page: output.page,
        pageRewrite: output.page !== context.routePage ? output.page : null,
      };
    }),
    openAccessDenied: enqueueActions(({ system, enqueue }) => {
      tell(system, enqueue, 'dialogs', { type: 'dialogs.open', dialog: { kind: 'accessDenied' } });
    }),
    applyPush: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'content.push') return;
      const view = viewOf(context);
      const { page, refetch } = applyItemPush(context.base, event.push, view);
      const shown = projectPage(page, context.pending, view);
      enqueue.assign({ base: page, items: shown.items, count: shown.count });
      if (refetch) enqueue.raise({ type: 'grid.refetch' });
    }),
    requestChange: enqueueActions(({ context, event, system, enqueue }) => {
      if (!isRequest(event)) return;
      // A change already queued (a second Try again while it is still on its way) is not queued twice.
      if (event.changeId !== undefined && context.pending.some((p) => p.changeId === event.changeId)) return;
      const seq = context.nextSeq;
      const changeId = event.changeId ?? `${context.clientId}.g${seq}`;
      const { change, folders } = split(event, context.items, seq);
      const tree = folderTreeOf(system);
      const verdicts: (ItemChangeCheck | FolderChangeCheck)[] = [
        ...(change ? [checkItemChange(change, { items: context.items, tree, userId: context.userId })] : []),
        ...(tree ? folders.map((f) => checkFolderChange(tree, f)) : []),
      ];
      if (!change && folders.length === 0) verdicts.push({ ok: false, reason: 'invalidRequest' });
      const refused = verdicts.find((v) => !v.ok);
      if (refused && !refused.ok) {
        if (refused.reason === 'alreadyInFolder' && event.type === 'grid.move') {
          const name = event.itemIds.length === 1 ? (context.items.find((i) => i.id === event.itemIds[0])?.title ?? null) : null;
          tell(system, enqueue, 'dialogs', { type: 'dialogs.open', dialog: { kind: 'alreadyInFolder', name, folderName: event.destinationFolderName } });
        } else {
          tell(system, enqueue, 'dialogs', { type: 'dialogs.refused', reason: refused.reason });
        }
        return;
      }
      const confirmation = verdicts.map((v) => (v.ok ? v.confirmation : null)).find((c) => c !== null) ?? null;
      if (confirmation && event.type === 'grid.move' && !event.confirmed) {
        // §4: a private folder moving into a team folder goes through that folder's shared settings, not a plain confirmation.
        const viaSettings = confirmation === 'privateToShared' && event.folderIds.length > 0 && typeof event.destination === 'number';
        if (viaSettings)
          tell(system, enqueue, 'dialogs', { type: 'dialogs.open', dialog: { kind: 'sharedFolderSettings', folderId: event.destination as number, move: { folderIds: event.folderIds, onConfirm: { target: 'grid', event: { ...event, confirmed: true } } } } });
        else tell(system, enqueue, 'dialogs', {
          type: 'dialogs.open',
          dialog: { kind: 'confirmMove', change: confirmation, destinationFolderName: event.destinationFolderName, onConfirm: { target: 'grid', event: { ...event, confirmed: true } } },
        });
        return;
      }
      // Accepted: the selection clears after every action (§4); folders go to the folders actor.
      for (const folderEvent of folderEvents(event, change !== null, changeId)) tell(system, enqueue, 'folders', folderEvent);
      if (!change) {
        enqueue.assign({ selection: EMPTY_SELECTION, nextSeq: seq + 1 });
        return;
      }
      const pending = [...context.pending, { seq, changeId, change, request: { ...event, changeId }, toast: toastFor(event, context.items) }];
      const shown = projectPage(context.base, pending, viewOf(context));
      enqueue.assign({ nextSeq: seq + 1, pending, items: shown.items, count: shown.count, selection: EMPTY_SELECTION });
    }),
    commitHead: enqueueActions(({ context, event, system, enqueue }) => {
      const [head, ...rest] = context.pending;
      if (!head) return;
      const output = (event as unknown as { output: { items?: unknown } | undefined }).output;
      const answered = Array.isArray(output?.items) ? (output.items as ItemRecord[]) : [];
      const view = viewOf(context);
      const base = commitItemChange(context.base, head.change, answered, view);
      const shown = projectPage(base, rest, view);
      enqueue.assign({ base, pending: rest, items: shown.items, count: shown.count });
      if (head.toast) tell(system, enqueue, 'toasts', { type: 'toast.show', toast: contentToast(head.toast.id, head.toast.data) });
      if (hasMoreBeyond(base, context.page)) enqueue.raise({ type: 'grid.refetch' });
    }),
    rollbackHead: enqueueActions(({ context, system, enqueue }, params: { reason: ContentRefusal | null; message: string }) => {
      const [head, ...rest] = context.pending;
      if (!head) return;
      const view = viewOf(context);
      const shown = projectPage(context.base, rest, view);
      // Exactly this change goes: the others stay on the page and in the queue.
      enqueue.assign({ pending: rest, items: shown.items, count: shown.count });
      tell(system, enqueue, 'dialogs', {
        type: 'dialogs.open',
        dialog: { kind: 'error', operation: operationOf(head.change, view), reason: params.reason, message: errorMessageOf(head.change), retry: { target: 'grid', event: head.request } },
      });
      // §8 "failed bulk destroy or move refetches the list"; so does an item found missing, and a change whose
      // items went through while its stacks failed (the server may hold part of it).
      const mixed = 'stackIds' in head.change && head.change.stackIds.length > 0 && head.change.ids.length > head.change.stackIds.length;
      if (params.reason === 'notFound' || head.change.kind === 'destroy' || head.change.kind === 'move' || mixed) enqueue.raise({ type: 'grid.refetch' });
    }),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS, changeRetry: CHANGE_RETRY_MS, ackTimeout: CONTENT_ACK_TIMEOUT_MS },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
    isAnswerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    isItemPage: (_, params: { output: unknown }) => isItemPage(params.output),
    isAccessRefusal: (_, params: { error: unknown }) => isAccessRefusal(refusalOf(params.error).reason),
    isShownAlready: ({ context, event }) => event.type === 'grid.open' && context.folderId === event.folderId && context.page === event.page,
    isAnotherFolder: ({ context, event }) => event.type === 'grid.open' && context.folderId !== event.folderId,
    isCurrentFolderGone: ({ context, event }) => event.type === 'grid.foldersGone' && typeof context.folderId === 'number' && event.ids.includes(context.folderId),
    isSearchChanged: ({ context }) => searchFilter(context.searchInput) !== context.search,
    isSearchActive: ({ context }) => context.search !== null || context.searchInput !== '',
    isOtherProduct: ({ context, event }) => event.type === 'grid.filter' && event.product !== context.product,
    isOpened: ({ context }) => context.folderId !== null,
    needsRefetch: ({ context, event }) => event.type === 'content.push' && applyItemPush(context.base, event.push, viewOf(context)).refetch,
  },
}).createMachine({
  id: 'grid',
  type: 'parallel',
  context: INITIAL_CONTEXT,
  on: {
    'content.clientId': { actions: assign({ clientId: ({ event }) => event.clientId }) },
    'grid.signedIn': { actions: assign({ userId: ({ event }) => event.userId }) },
    'grid.reset': {
      target: ['.page.idle', '.search.idle', '.changes.idle'],
      // Everything back to the start but the change sequence and client id, so a late answer never matches a new change.
      actions: assign(({ context }) => ({ ...INITIAL_CONTEXT, nextSeq: context.nextSeq, clientId: context.clientId })),
    },
    'grid.select': {
      actions: assign({ selection: ({ event }) => ({ itemIds: [...new Set(event.itemIds)], folderIds: [...new Set(event.folderIds)] }) }),
    },
    'grid.toggleSelect': {
      actions: assign({
        selection: ({ context, event }) => {
          const toggle = <T>(list: T[], value: T | undefined) => (value === undefined ? list : list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
          return { itemIds: toggle(context.selection.itemIds, event.itemId), folderIds: toggle(context.selection.folderIds, event.folderId) };
        },
      }),
    },
    'grid.clearSelection': { actions: 'clearSelection' },
    'grid.pageRewritten': { actions: assign({ pageRewrite: null }) },
    'grid.rename': { actions: 'requestChange' },
    'grid.duplicate': { actions: 'requestChange' },
    'grid.trash': { actions: 'requestChange' },
    'grid.restore': { actions: 'requestChange' },
    'grid.destroyForever': { actions: 'requestChange' },
    'grid.move': { actions: 'requestChange' },
  },
  states: {
    // First: on a reconnect the held change goes out before the list is read again, so the service answers it
    // first and the list read after it already holds what it made (never the change twice on screen).
    changes: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasPending', target: 'sending' },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendItemChange',
            src: 'sendItemChange',
            input: ({ context }) => ({ calls: itemChangeCalls(context.pending[0]!.change, context.pending[0]!.changeId) }),
            onDone: { target: 'idle', actions: 'commitHead' },
            onError: [
              {
                // Not sent (offline) or not answered: it may have been done. It stays shown as pending and goes again
                // with the same change id once the connection is back — never rolled back on a guess.
                guard: { type: 'isAnswerLost', params: ({ event }) => ({ error: event.error }) },
                target: 'waiting',
                actions: { type: 'reportError', params: ({ context, event }) => ({ message: `Item ${context.pending[0]?.change.kind ?? 'change'} not confirmed yet: ${refusalOf(event.error).message}` }) },
              },
              {
                target: 'idle',
                actions: [
                  { type: 'reportError', params: ({ context, event }) => ({ message: `Item ${context.pending[0]?.change.kind ?? 'change'} failed: ${refusalOf(event.error).message}` }) },
                  { type: 'rollbackHead', params: ({ event }) => refusalOf(event.error) },
                ],
              },
            ],
          },
          after: {
            // No acknowledgement within CONTENT_ACK_TIMEOUT_MS (30 s) for the whole change: taken as lost, as in `folders`.
            ackTimeout: {
              target: 'waiting',
              actions: { type: 'reportError', params: ({ context }) => ({ message: `Item ${context.pending[0]?.change.kind ?? 'change'} not confirmed yet: no answer within ${CONTENT_ACK_TIMEOUT_MS} ms.` }) },
            },
          },
        },
        // As in `folders`: held, shown as waiting for the connection, until the session's reconnect (grid.refetch) or
        // CHANGE_RETRY_MS; then the head goes again with the same change id and is confirmed, done, or refused.
        waiting: {
          tags: ['busy', 'waiting'],
          on: { 'grid.refetch': { target: 'sending' } },
          after: { changeRetry: { target: 'sending' } },
        },
      },
    },
    page: {
      initial: 'idle',
      on: {
        'grid.open': [
          // The route re-sent what is shown (or the URL was just rewritten to the page served).
          { guard: 'isShownAlready', actions: assign({ routePage: ({ event }) => event.page, pageRewrite: null }) },
          {
            guard: 'isAnotherFolder',
            target: '.loading',
            actions: [
              assign({
                folderId: ({ event }) => event.folderId,
                routePage: ({ event }) => event.page,
                page: ({ event }) => event.page,
                pageRewrite: null,
                selection: EMPTY_SELECTION,
                searchInput: '',
                search: null,
              }),
              enqueueActions(({ system, enqueue }) => tell(system, enqueue, 'folders', { type: 'folders.load' })),
            ],
          },
          {
            target: '.loading',
            actions: assign({ routePage: ({ event }) => event.page, page: ({ event }) => event.page, pageRewrite: null, selection: EMPTY_SELECTION }),
          },
        ],
        // A new search or filter: first page of the new list.
        'grid.reload': { guard: 'isOpened', target: '.loading', actions: assign({ page: 1, pageRewrite: ({ context }) => (context.routePage !== 1 ? 1 : null) }) },
        'grid.foldersGone': [
          { guard: 'isCurrentFolderGone', target: '.notFound', actions: ['clearSelection', 'openAccessDenied'] },
          { actions: assign({ selection: ({ context, event }) => ({ ...context.selection, folderIds: context.selection.folderIds.filter((id) => !event.ids.includes(id)) }) }) },
        ],
      },
      states: {
        idle: {},
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchItems',
            src: 'fetchItems',
            input: ({ context }) => ({ folderId: context.folderId ?? ALL_CONTENT, page: context.page, search: context.search, product: context.product }),
            onDone: [
              { guard: { type: 'isItemPage', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'acceptPage' },
              { target: 'failed', actions: { type: 'reportError', params: { message: 'Malformed item page' } } },
            ],
            onError: [
              // §4 "If the current folder is not found or inaccessible, the access-denied dialog opens".
              { guard: { type: 'isAccessRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'notFound', actions: 'openAccessDenied' },
              { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ message: `Items could not be read: ${refusalOf(event.error).message}` }) } },
            ],
          },
        },
        ready: {
          on: {
            'grid.refetch': { target: 'refreshing' },
            'content.push': [{ guard: 'needsRefetch', target: 'refreshing', actions: 'applyPush' }, { actions: 'applyPush' }],
          },
        },
        // Read again with the page still on screen (pushes, reconnect, after a change).
        refreshing: {
          invoke: {
            id: 'refetchItems',
            src: 'fetchItems',
            input: ({ context }) => ({ folderId: context.folderId ?? ALL_CONTENT, page: context.page, search: context.search, product: context.product }),
            onDone: [
              { guard: { type: 'isItemPage', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'acceptPage' },
              { target: 'ready', actions: { type: 'reportError', params: { message: 'Malformed item page' } } },
            ],
            onError: [
              { guard: { type: 'isAccessRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'notFound', actions: 'openAccessDenied' },
              { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ message: refusalOf(event.error).message }) } },
            ],
          },
          on: {
            'grid.refetch': { target: 'refreshing', reenter: true },
            'content.push': [{ guard: 'needsRefetch', target: 'refreshing', reenter: true, actions: 'applyPush' }, { actions: 'applyPush' }],
          },
        },
        failed: {
          tags: ['failed'],
          on: {
            'grid.retry': { target: 'loading' },
            'grid.refetch': { target: 'loading' },
          },
        },
        // The folder shown is gone or out of reach; the access-denied dialog is up. Another grid.open leaves.
        notFound: {
          tags: ['notFound'],
        },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'grid.search': { target: '.debouncing', reenter: true, actions: assign({ searchInput: ({ event }) => limitSearchInput(event.text) }) },
        // Escape or clear: the box and the grid's filter clear at once (§5).
        'grid.clearSearch': [
          { guard: 'isSearchActive', target: '.idle', actions: [assign({ searchInput: '', search: null, selection: EMPTY_SELECTION }), raise({ type: 'grid.reload' })] },
          { target: '.idle' },
        ],
        'grid.filter': {
          guard: 'isOtherProduct',
          actions: [assign({ product: ({ event }) => event.product, selection: EMPTY_SELECTION }), raise({ type: 'grid.reload' })],
        },
      },
      states: {
        idle: {},
        // §9 "filter toggle debounce 100 ms": typing settles before the grid reads again.
        debouncing: {
          after: {
            searchDebounce: [
              {
                guard: 'isSearchChanged',
                target: 'idle',
                actions: [assign({ search: ({ context }) => searchFilter(context.searchInput), selection: EMPTY_SELECTION }), raise({ type: 'grid.reload' })],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

/** The items shown as pending, by id, with how ("Saving…", "Waiting for connection"); the copy of a duplicate under its temporary id. */
export function pendingItemStatusOf(snapshot: { context: GridContext; hasTag(tag: 'waiting'): boolean }): ReadonlyMap<string, PendingStatus> {
  const status: PendingStatus = snapshot.hasTag('waiting') ? 'waiting' : 'saving';
  const out = new Map<string, PendingStatus>();
  for (const entry of snapshot.context.pending) for (const id of pendingItemIds(entry.change)) out.set(id, status);
  return out;
}

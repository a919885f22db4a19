import { assign, enqueueActions, raise, setup } from 'xstate';
import { CHANGE_RETRY_MS, CONTENT_ACK_TIMEOUT_MS, SEARCH_DEBOUNCE_MS } from '../../domain/constants.ts';
import type { ContentRefusal, ItemRecord, ProductFilter } from '../../domain/content.ts';
import { isItemPage } from '../../domain/contentData.ts';
import { checkFolderChange, type FolderChangeCheck } from '../../domain/folderChanges.ts';
import { ALL_CONTENT, type FolderId } from '../../domain/folderRoles.ts';
import {
  applyItemPush,
  checkItemChange,
  commitItemChange,
  itemChangeCalls,
  pendingItemIds,
  projectPage,
  type ItemCall,
  type ItemChangeCheck,
} from '../../domain/itemChanges.ts';
import { limitSearchInput, searchFilter } from '../../domain/names.ts';
import { contentToast } from '../../domain/toasts.ts';
import { isAnswerLost, refusalOf, tell, type GridEvent, type PendingStatus } from './contentEvents.ts';
import { changeQueueRegion } from './changeQueue.ts';
import { promiseSlot } from '../slots.ts';
import { EMPTY_SELECTION, INITIAL_CONTEXT, viewOf, folderTreeOf, isRequest, split, folderEvents, toastFor, operationOf, errorMessageOf, isAccessRefusal, hasMoreBeyond, type GridContext } from './gridRules.ts';
export { type PendingItemChange, type GridSelection, type GridContext } from './gridRules.ts';

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
    changes: changeQueueRegion({
      send: 'sendItemChange',
      input: ({ context }: { context: GridContext }) => ({ calls: itemChangeCalls(context.pending[0]!.change, context.pending[0]!.changeId) }),
      noun: 'Item',
      refusedWord: 'failed',
      refetch: 'grid.refetch',
    }),
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

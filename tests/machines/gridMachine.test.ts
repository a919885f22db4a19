import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { CHANGE_RETRY_MS, CONTENT_ACK_TIMEOUT_MS } from '../../domain/constants.ts';
import type { ItemRecord, ProductFilter } from '../../domain/content.ts';
import type { FolderId } from '../../domain/folderRoles.ts';
import type { ItemCall } from '../../domain/itemChanges.ts';
import { foldersMachine } from '../../machines/content/foldersMachine.ts';
import { gridMachine, pendingItemStatusOf } from '../../machines/content/gridMachine.ts';
import { archived, controlled, folder, item, lost, recorder, refusal, settle, systemActor, systemOf } from './contentFixtures.ts';

type FetchInput = { folderId: FolderId; page: number; search: string | null; product: ProductFilter };
type Answer = { items: ItemRecord[]; count: number; page: number } | Error;

const FOLDERS = [folder(1, 'Mine', 0, 'private'), folder(2, 'Other', 0, 'private'), folder(10, 'Team', 0, 'shared', 'editor')];

/**
 * The grid in a small system: recorders for dialogs and toasts, and for folders either a recorder or (with
 * `withFolders`) a real folders actor holding FOLDERS, so the grid's checks can read the tree.
 */
async function start(options: { answer?: (input: FetchInput) => Answer; clock?: SimulatedClock; withFolders?: boolean } = {}) {
  const fetches: FetchInput[] = [];
  const answer = options.answer ?? (() => ({ items: [item('a'), item('b'), item('s', { isStack: true, title: 'Stack' })], count: 3, page: 1 }));
  const send = controlled<{ calls: ItemCall[] }>();
  const dialogs = recorder();
  const toasts = recorder();
  const foldersRecorder = recorder();
  const grid = gridMachine.provide({
    actors: {
      fetchItems: fromPromise<unknown, FetchInput>(async ({ input }) => {
        fetches.push(input);
        const result = answer(input);
        if (result instanceof Error) throw result;
        return result;
      }),
      sendItemChange: send.logic as never,
    },
  });
  const folders: AnyActorLogic = options.withFolders
    ? foldersMachine.provide({ actors: { fetchFolders: fromPromise(async () => ({ folders: FOLDERS })) } })
    : foldersRecorder.logic;
  const root = createActor(systemOf({ grid, folders, dialogs: dialogs.logic, toasts: toasts.logic }), options.clock ? { clock: options.clock } : {}).start();
  const actor = systemActor(root, 'grid') as ActorRefFrom<typeof gridMachine>;
  actor.send({ type: 'grid.signedIn', userId: 'u-alex' });
  return { actor, root, fetches, send, dialogs, toasts, folders: foldersRecorder };
}

const ids = (actor: ActorRefFrom<typeof gridMachine>) => actor.getSnapshot().context.items.map((i) => i.id);

describe('grid: the folder and page the route opened', () => {
  it('loads the page (skeleton while loading), asks the folders to load, and shows the items', async () => {
    const { actor, fetches, folders } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(folders.events).toEqual([{ type: 'folders.load' }]);
    await settle();
    expect(actor.getSnapshot().matches({ page: 'ready' })).toBe(true);
    expect(fetches).toEqual([{ folderId: 1, page: 1, search: null, product: 'all' }]);
    expect(ids(actor)).toEqual(['a', 'b', 's']);
    expect(actor.getSnapshot().context.count).toBe(3);
  });

  it('a page beyond the last comes back as the last page: the view is asked to rewrite the URL', async () => {
    const { actor, fetches } = await start({ answer: (input) => ({ items: [item('z')], count: 33, page: Math.min(input.page, 3) }) });
    actor.send({ type: 'grid.open', folderId: 1, page: 9 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ page: 3, pageRewrite: 3 });
    // The view rewrites ?page=9 to ?page=3; the route sends it again: nothing is read twice.
    actor.send({ type: 'grid.open', folderId: 1, page: 3 });
    actor.send({ type: 'grid.pageRewritten' });
    await settle();
    expect(fetches).toHaveLength(1);
    expect(actor.getSnapshot().context.pageRewrite).toBeNull();
  });

  it('a failed read offers a retry', async () => {
    let fail = true;
    const { actor, fetches } = await start({ answer: () => (fail ? refusal('serverError', 'down') : { items: [], count: 0, page: 1 }) });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    fail = false;
    actor.send({ type: 'grid.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ page: 'ready' })).toBe(true);
    expect(fetches).toHaveLength(2);
  });

  it('a folder the server does not find opens the access-denied dialog', async () => {
    const { actor, dialogs } = await start({ answer: () => refusal('notFound', 'No such folder') });
    actor.send({ type: 'grid.open', folderId: 99, page: 1 });
    await settle();
    expect(actor.getSnapshot().hasTag('notFound')).toBe(true);
    expect(dialogs.events).toEqual([{ type: 'dialogs.open', dialog: { kind: 'accessDenied' } }]);
  });

  it('the current folder deleted (by anyone) is not found: access denied; another folder gone changes nothing', async () => {
    const { actor, dialogs } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.foldersGone', ids: [7] });
    expect(actor.getSnapshot().matches({ page: 'ready' })).toBe(true);
    actor.send({ type: 'grid.foldersGone', ids: [1] });
    expect(actor.getSnapshot().matches({ page: 'notFound' })).toBe(true);
    expect(dialogs.events).toEqual([{ type: 'dialogs.open', dialog: { kind: 'accessDenied' } }]);
  });
});

describe('grid: search, filter and selection', () => {
  it('typing settles for 100 ms before the grid searches; Escape clears box and filter at once (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const { actor, fetches } = await start({ clock });
    actor.send({ type: 'grid.open', folderId: 1, page: 2 });
    await settle();
    actor.send({ type: 'grid.search', text: 'in' });
    clock.increment(60);
    actor.send({ type: 'grid.search', text: 'intro ' });
    clock.increment(99);
    expect(fetches).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(fetches.at(-1)).toEqual({ folderId: 1, page: 1, search: 'intro', product: 'all' });
    expect(actor.getSnapshot().context).toMatchObject({ searchInput: 'intro ', search: 'intro', pageRewrite: 1 });
    actor.send({ type: 'grid.clearSearch' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ searchInput: '', search: null });
    expect(fetches.at(-1)).toEqual({ folderId: 1, page: 1, search: null, product: 'all' });
    expect(fetches).toHaveLength(3);
  });

  it('keeps at most 255 characters in the box; a blank search is no filter', async () => {
    const clock = new SimulatedClock();
    const { actor, fetches } = await start({ clock });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.search', text: 'x'.repeat(300) });
    expect(actor.getSnapshot().context.searchInput).toHaveLength(255);
    actor.send({ type: 'grid.search', text: '   ' });
    clock.increment(100);
    await settle();
    expect(fetches).toHaveLength(1);
  });

  it('the product filter reads the first page again', async () => {
    const { actor, fetches } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.filter', product: 'video' });
    await settle();
    expect(fetches.at(-1)).toEqual({ folderId: 1, page: 1, search: null, product: 'video' });
  });

  it('the selection clears when the folder changes and after every action', async () => {
    const { actor } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.select', itemIds: ['a', 'b'], folderIds: [2] });
    actor.send({ type: 'grid.toggleSelect', itemId: 'b' });
    expect(actor.getSnapshot().context.selection).toEqual({ itemIds: ['a'], folderIds: [2] });
    actor.send({ type: 'grid.open', folderId: 2, page: 1 });
    expect(actor.getSnapshot().context.selection).toEqual({ itemIds: [], folderIds: [] });
    await settle();
    actor.send({ type: 'grid.select', itemIds: ['a'], folderIds: [] });
    actor.send({ type: 'grid.trash', itemIds: ['a'], folderIds: [] });
    expect(actor.getSnapshot().context.selection).toEqual({ itemIds: [], folderIds: [] });
  });
});

describe('grid: optimistic item changes', () => {
  it('trash shows at once, goes over the socket for items and the stack call for stacks, then the 10 s toast', async () => {
    const { actor, send, toasts } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.trash', itemIds: ['a', 's'], folderIds: [] });
    expect(ids(actor)).toEqual(['b']);
    expect(actor.getSnapshot().context.count).toBe(1);
    expect(send.calls[0]!.input.calls).toEqual([
      // Each socket call is named after the change (`<changeId>.<n>`), so the service does it once.
      { via: 'socket', name: 'item.bulkArchive', payload: { ids: ['a'], changeId: 'local.g1.0' } },
      { via: 'stack', call: 'bulkSoftDelete', stackIds: ['s'] },
    ]);
    send.calls[0]!.resolve({ items: [] });
    await settle();
    expect(ids(actor)).toEqual(['b']);
    expect(toasts.events).toEqual([{ type: 'toast.show', toast: { id: 'trashed', severity: 'success', kind: 'content', text: null, message: null, data: { itemsCount: 2, foldersCount: 0, itemTitle: null } } }]);
  });

  it('a refusal rolls back exactly that change and opens "Error updating items" with a retry; a duplicate says "Error duplicating item"', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.rename', id: 'a', title: 'Alpha' });
    actor.send({ type: 'grid.trash', itemIds: ['b'], folderIds: [] });
    actor.send({ type: 'grid.duplicate', id: 'a', title: 'copy of Alpha' });
    expect(ids(actor)).toEqual(['pending-copy-3', 'a', 's']);
    send.calls[0]!.reject(refusal('forbidden', 'No'));
    await settle();
    expect(actor.getSnapshot().context.items.find((i) => i.id === 'a')?.title).toBe('Title a');
    expect(ids(actor)).toEqual(['pending-copy-3', 'a', 's']);
    expect(dialogs.events.at(-1)).toEqual({
      type: 'dialogs.open',
      dialog: { kind: 'error', operation: 'rename', reason: 'forbidden', message: 'Error updating items', retry: { target: 'grid', event: { type: 'grid.rename', id: 'a', title: 'Alpha', changeId: 'local.g1' } } },
    });
    send.calls[1]!.resolve({ items: [] });
    await settle();
    send.calls[2]!.reject(refusal('serverError', 'boom'));
    await settle();
    expect(ids(actor)).toEqual(['a', 's']);
    expect(dialogs.events.at(-1)).toMatchObject({ dialog: { kind: 'error', operation: 'duplicate', message: 'Error duplicating item' } });
  });

  it('a move refused by the server comes back and the page is read again (§8)', async () => {
    const { actor, send, fetches } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.move', itemIds: ['a', 'b'], folderIds: [], destination: 2, destinationFolderName: 'Other' });
    expect(ids(actor)).toEqual(['s']);
    send.calls[0]!.reject(refusal('targetForbidsItems', 'No', 'b'));
    await settle();
    expect(ids(actor)).toEqual(['a', 'b', 's']);
    expect(fetches).toHaveLength(2);
  });

  it('with the folder tree: a move to the item’s own folder opens "already in folder"; into shared asks first, a private folder through the shared-folder settings (§4)', async () => {
    const { actor, send, dialogs } = await start({ withFolders: true });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.move', itemIds: ['a'], folderIds: [], destination: 1, destinationFolderName: 'Mine' });
    expect(dialogs.events.at(-1)).toEqual({ type: 'dialogs.open', dialog: { kind: 'alreadyInFolder', name: 'Title a', folderName: 'Mine' } });
    // Items alone: a plain confirmation.
    actor.send({ type: 'grid.move', itemIds: ['a'], folderIds: [], destination: 10, destinationFolderName: 'Team' });
    expect(dialogs.events.at(-1)).toMatchObject({ type: 'dialogs.open', dialog: { kind: 'confirmMove', change: 'privateToShared' } });
    // A private folder among them: the team folder's shared settings, whose confirm is the move.
    actor.send({ type: 'grid.move', itemIds: ['a'], folderIds: [2], destination: 10, destinationFolderName: 'Team' });
    expect(send.calls).toHaveLength(0);
    const ask = dialogs.events.at(-1) as unknown as { dialog: { kind: string; folderId: number; move: { folderIds: number[]; onConfirm: { event: object } } } };
    expect(ask.dialog).toMatchObject({ kind: 'sharedFolderSettings', folderId: 10, move: { folderIds: [2], onConfirm: { target: 'grid', event: { type: 'grid.move', confirmed: true } } } });
    actor.send(ask.dialog.move.onConfirm.event as never);
    expect(send.calls[0]!.input.calls).toEqual([{ via: 'socket', name: 'item.bulkMove', payload: { ids: ['a'], destination: 10, changeId: expect.any(String) } }]);
  });

  it('the folder part of a selection goes to the folders actor; the grid shows the one toast', async () => {
    const { actor, send, folders, toasts } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.move', itemIds: ['a'], folderIds: [2], destination: 3, destinationFolderName: 'Three' });
    expect(folders.events.at(-1)).toEqual({ type: 'folder.bulkMove', ids: [2], destination: 3, destinationFolderName: 'Three', confirmed: true, silent: true, changeId: 'local.g1.f0' });
    send.calls[0]!.resolve({ items: [item('a', { folderId: 3 })] });
    await settle();
    expect(toasts.events).toEqual([
      { type: 'toast.show', toast: { id: 'moved', severity: 'success', kind: 'content', text: null, message: null, data: { itemsCount: 1, foldersCount: 1, itemTitle: 'Title a', destinationFolderName: 'Three' } } },
    ]);
  });

  it('a duplicate made offline shows at once, waiting; after the reconnect the same calls go again and exactly one copy is kept', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.duplicate', id: 'a', title: 'copy of a' });
    expect(pendingItemStatusOf(actor.getSnapshot())).toEqual(new Map([['pending-copy-1', 'saving']]));
    send.calls[0]!.reject(lost('unsent'));
    await settle();
    expect(actor.getSnapshot().matches({ changes: 'waiting' })).toBe(true);
    expect(pendingItemStatusOf(actor.getSnapshot())).toEqual(new Map([['pending-copy-1', 'waiting']]));
    expect(ids(actor)).toContain('pending-copy-1');
    // The session's reconnect reads the page again, and the duplicate goes again with its change id.
    actor.send({ type: 'grid.refetch' });
    expect(send.calls[1]!.input.calls).toEqual([{ via: 'socket', name: 'item.duplicate', payload: { id: 'a', title: 'copy of a', changeId: 'local.g1.0' } }]);
    expect(send.calls[1]!.input).toEqual(send.calls[0]!.input);
    send.calls[1]!.resolve({ items: [item('copy', { title: 'copy of a' })] });
    await settle();
    expect(ids(actor).filter((id) => id === 'copy' || id.startsWith('pending-copy'))).toEqual(['copy']);
    expect(pendingItemStatusOf(actor.getSnapshot()).size).toBe(0);
    expect(dialogs.events).toEqual([]);
  });

  it('a trash with no acknowledgement within 30 s stays shown as waiting, not rolled back (the actor times the wait: ackTimeout)', async () => {
    const clock = new SimulatedClock();
    const { actor, send } = await start({ clock });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.trash', itemIds: ['b'], folderIds: [] });
    await settle();
    clock.increment(CONTENT_ACK_TIMEOUT_MS - 1);
    expect(pendingItemStatusOf(actor.getSnapshot()).get('b')).toBe('saving');
    clock.increment(1);
    expect(pendingItemStatusOf(actor.getSnapshot()).get('b')).toBe('waiting');
    expect(ids(actor)).toEqual(['a', 's']);
    expect(send.calls).toHaveLength(1);
  });

  it('a trash whose answer was lost is asked again after the retry delay; a refusal then rolls it back with the retry keeping the change id (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const { actor, send, dialogs } = await start({ clock });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.trash', itemIds: ['b'], folderIds: [] });
    send.calls[0]!.reject(lost('unanswered'));
    await settle();
    expect(ids(actor)).toEqual(['a', 's']);
    expect(pendingItemStatusOf(actor.getSnapshot()).get('b')).toBe('waiting');
    clock.increment(CHANGE_RETRY_MS - 1);
    expect(send.calls).toHaveLength(1);
    clock.increment(1);
    expect(send.calls[1]!.input).toEqual(send.calls[0]!.input);
    send.calls[1]!.reject(refusal('forbidden', 'No'));
    await settle();
    expect(ids(actor)).toEqual(['a', 'b', 's']);
    expect(dialogs.events.at(-1)).toMatchObject({ dialog: { kind: 'error', operation: 'archive', retry: { target: 'grid', event: { type: 'grid.trash', itemIds: ['b'], changeId: 'local.g1' } } } });
  });

  it('archived items restore from the trash; a live item cannot be restored (refused without a request)', async () => {
    const { actor, send, dialogs } = await start({ answer: () => ({ items: [archived('x'), archived('y')], count: 2, page: 1 }) });
    actor.send({ type: 'grid.open', folderId: 'DELETED', page: 1 });
    await settle();
    actor.send({ type: 'grid.restore', itemIds: ['x'], folderIds: [] });
    expect(ids(actor)).toEqual(['y']);
    expect(send.calls[0]!.input.calls).toEqual([{ via: 'socket', name: 'item.update', payload: { id: 'x', restoreFromTrash: true, changeId: 'local.g1.0' } }]);
    actor.send({ type: 'grid.move', itemIds: ['y'], folderIds: [], destination: 2, destinationFolderName: 'Other' });
    expect(dialogs.events.at(-1)).toEqual({ type: 'dialogs.refused', reason: 'archived' });
    expect(send.calls).toHaveLength(1);
  });
});

describe('grid: pushes and reconnect (§7)', () => {
  it('an item on the page is patched live; a refresh reads the page again with the items still shown', async () => {
    let title = 'Title a';
    const { actor, fetches } = await start({ answer: () => ({ items: [item('a', { title }), item('b')], count: 2, page: 1 }) });
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'content.push', push: { name: 'item.updateHashed', data: { item: item('b', { title: 'Renamed by Sam' }) } } });
    expect(actor.getSnapshot().context.items[1]!.title).toBe('Renamed by Sam');
    expect(fetches).toHaveLength(1);
    title = 'Changed';
    actor.send({ type: 'content.push', push: { name: 'item.refresh', data: { folderId: 1 } } });
    expect(actor.getSnapshot().matches({ page: 'refreshing' })).toBe(true);
    expect(ids(actor)).toEqual(['a', 'b']);
    await settle();
    expect(actor.getSnapshot().context.items[0]!.title).toBe('Changed');
  });

  it('a reconnect reads the page again', async () => {
    const { actor, fetches } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'grid.refetch' });
    await settle();
    expect(fetches).toHaveLength(2);
    expect(actor.getSnapshot().matches({ page: 'ready' })).toBe(true);
  });

  it('a stack moved away by someone else leaves the page', async () => {
    const { actor } = await start();
    actor.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    actor.send({ type: 'content.push', push: { name: 'itemStack.moveHashed', data: { stackIds: ['s'], toFolderId: 2 } } });
    expect(ids(actor)).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.count).toBe(2);
  });
});

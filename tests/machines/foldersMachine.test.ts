import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { CHANGE_RETRY_MS, CONTENT_ACK_TIMEOUT_MS, ITEM_INSERT_TIMEOUT_MS } from '../../domain/constants.ts';
import type { FolderRequest } from '../../domain/folderChanges.ts';
import { isOptimisticFolderId, optimisticFolderId } from '../../domain/folderChanges.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import { foldersMachine, pendingFolderStatusOf } from '../../machines/content/foldersMachine.ts';
import { controlled, folder, lost, recorder, refusal, settle, systemActor, systemOf } from './contentFixtures.ts';

// 1 A / 2 B (private); 3 C (private); 10 Team / 11 Docs (shared, owner); 20 Viewed (shared, viewer); 30 Old (trash)
const LIST: FolderRecord[] = [
  folder(1, 'A', 0, 'private'),
  folder(2, 'B', 1, 'private'),
  folder(3, 'C', 0, 'private'),
  folder(10, 'Team', 0, 'shared', 'owner'),
  folder(11, 'Docs', 10, 'shared', 'owner'),
  folder(20, 'Viewed', 0, 'shared', 'viewer'),
  folder(30, 'Old', 0, 'deleted'),
];

/** The folders actor in a small system with recorders for dialogs, grid and toasts; the list loaded. */
async function start(options: { list?: FolderRecord[]; clock?: SimulatedClock } = {}) {
  const fetches: number[] = [];
  /** How many changes had been sent when each read of the list went out. */
  const sentAtFetch: number[] = [];
  let answer = options.list ?? LIST;
  const send = controlled<FolderRequest>();
  const dialogs = recorder();
  const grid = recorder();
  const toasts = recorder();
  const folders = foldersMachine.provide({
    actors: {
      fetchFolders: fromPromise(async () => {
        fetches.push(fetches.length + 1);
        sentAtFetch.push(send.calls.length);
        return { folders: answer };
      }),
      sendFolderChange: send.logic,
    },
  });
  const root = createActor(systemOf({ folders, dialogs: dialogs.logic, grid: grid.logic, toasts: toasts.logic }), options.clock ? { clock: options.clock } : {}).start();
  const actor = systemActor(root, 'folders') as ActorRefFrom<typeof foldersMachine>;
  actor.send({ type: 'folders.load' });
  await settle();
  const names = () => Object.fromEntries(actor.getSnapshot().context.folders.map((f) => [f.id, `${f.name}:${f.folderType}@${f.parent}`]));
  return { actor, send, dialogs, grid, toasts, fetches, sentAtFetch, names, setAnswer: (list: FolderRecord[]) => (answer = list) };
}

describe('folders: load and refetch', () => {
  it('loads once, normalised; a refetch (the session’s reconnect) reads the list again', async () => {
    const { actor, fetches, setAnswer, names } = await start();
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(names()[10]).toBe('Team:shared@0');
    actor.send({ type: 'folders.load' });
    await settle();
    expect(fetches).toHaveLength(1);
    setAnswer([...LIST, folder(40, 'New elsewhere', 0, 'private')]);
    actor.send({ type: 'folders.refetch' });
    await settle();
    expect(fetches).toHaveLength(2);
    expect(names()[40]).toBe('New elsewhere:private@0');
  });
});

describe('folders: optimistic changes', () => {
  it('an insert shows at once under a temporary id, then takes the server’s folder', async () => {
    const { actor, send, names } = await start();
    actor.send({ type: 'folder.create', parentId: 'PRIVATE_CONTENT', name: ' Drafts ' });
    const shown = actor.getSnapshot().context.folders.at(-1)!;
    expect(isOptimisticFolderId(shown.id)).toBe(true);
    expect(shown).toMatchObject({ name: 'Drafts', parent: 0, folderType: 'private' });
    expect(send.calls).toHaveLength(1);
    // The change is named (this page's client id and a sequence): the service does it once however often it is asked.
    expect(send.calls[0]!.input).toEqual({ name: 'folder.insert', payload: { name: 'Drafts', parentId: 'PRIVATE_CONTENT', clientRef: 'local.f1', changeId: 'local.f1' } });
    send.calls[0]!.resolve({ folder: folder(40, 'Drafts', 0, 'private'), clientRef: 'local.f1' });
    await settle();
    expect(names()).toMatchObject({ 40: 'Drafts:private@0' });
    expect(actor.getSnapshot().context.folders.some((f) => isOptimisticFolderId(f.id))).toBe(false);
    expect(actor.getSnapshot().matches({ changes: 'idle' })).toBe(true);
  });

  it('a refusal rolls back exactly that change, keeps the others, and opens the error dialog with a retry', async () => {
    const { actor, send, dialogs, names } = await start();
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    actor.send({ type: 'folder.destroy', id: 3 });
    actor.send({ type: 'folder.create', parentId: 10, name: 'Q1' });
    expect(names()).toMatchObject({ 1: 'Alpha:private@0', 3: 'C:deleted@0' });
    expect(send.calls).toHaveLength(1);
    // The second change is refused; the first is confirmed, the third still waits.
    send.calls[0]!.resolve({ folder: folder(1, 'Alpha', 0, 'private') });
    await settle();
    send.calls[1]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();
    expect(names()).toMatchObject({ 1: 'Alpha:private@0', 3: 'C:private@0' });
    expect(Object.values(names())).toContain('Q1:shared@10');
    expect(dialogs.events).toContainEqual({
      type: 'dialogs.open',
      // Try again sends the same change (its change id): never a second one.
      dialog: { kind: 'error', operation: 'archive', reason: 'forbidden', message: 'Your role does not allow this.', retry: { target: 'folders', event: { type: 'folder.destroy', id: 3, changeId: 'local.f2' } } },
    });
    expect(send.calls).toHaveLength(3);
    expect(send.calls[2]!.input.name).toBe('folder.insert');
  });

  it('an insert unanswered for 15000 ms is not taken back on a guess: the service is asked again with its change id, and one folder is kept (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const { actor, send, dialogs, names } = await start({ clock });
    actor.send({ type: 'folder.create', parentId: 'PRIVATE_CONTENT', name: 'Slow' });
    actor.send({ type: 'folder.rename', id: 3, name: 'Gamma' });
    clock.increment(ITEM_INSERT_TIMEOUT_MS - 1);
    expect(pendingFolderStatusOf(actor.getSnapshot())).toEqual(new Map([[optimisticFolderId(1), 'saving'], [3, 'saving']]));
    expect(send.calls).toHaveLength(1);
    clock.increment(1);
    // Still shown and pending; nothing rolled back, no error dialog; the same insert (same change id) asked again.
    expect(pendingFolderStatusOf(actor.getSnapshot())).toEqual(new Map([[optimisticFolderId(1), 'saving'], [3, 'saving']]));
    expect(Object.values(names())).toContain('Slow:private@0');
    expect(dialogs.events).toEqual([]);
    expect(send.calls.map((c) => c.input)).toEqual([
      { name: 'folder.insert', payload: { name: 'Slow', parentId: 'PRIVATE_CONTENT', clientRef: 'local.f1', changeId: 'local.f1' } },
      { name: 'folder.insert', payload: { name: 'Slow', parentId: 'PRIVATE_CONTENT', clientRef: 'local.f1', changeId: 'local.f1' } },
    ]);
    // The service answers from the first: it made the folder. One folder, the rename goes out next.
    send.calls[1]!.resolve({ folder: folder(40, 'Slow', 0, 'private'), clientRef: 'local.f1' });
    await settle();
    expect(names()[40]).toBe('Slow:private@0');
    expect(actor.getSnapshot().context.folders.filter((f) => f.name === 'Slow')).toHaveLength(1);
    // The late first answer changes nothing.
    send.calls[0]!.resolve({ folder: folder(40, 'Slow', 0, 'private'), clientRef: 'local.f1' });
    await settle();
    expect(send.calls.map((c) => c.input.name)).toEqual(['folder.insert', 'folder.insert', 'folder.update']);
    expect(actor.getSnapshot().context.folders.filter((f) => f.name === 'Slow')).toHaveLength(1);
  });

  it('a change held waiting is asked again after the retry delay when no reconnect comes (SimulatedClock)', async () => {
    const clock = new SimulatedClock();
    const { actor, send } = await start({ clock });
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    send.calls[0]!.reject(lost('unsent'));
    await settle();
    expect(actor.getSnapshot().matches({ changes: 'waiting' })).toBe(true);
    clock.increment(CHANGE_RETRY_MS - 1);
    expect(send.calls).toHaveLength(1);
    clock.increment(1);
    expect(send.calls[1]!.input).toEqual({ name: 'folder.update', payload: { id: 1, name: 'Alpha', changeId: 'local.f1' } });
  });

  it('a change with no acknowledgement within 30 s is held as lost, not rolled back, and asked again with its change id (the actor times the wait: ackTimeout)', async () => {
    const clock = new SimulatedClock();
    const { actor, send, names } = await start({ clock });
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    await settle();
    clock.increment(CONTENT_ACK_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches({ changes: 'sending' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ changes: 'waiting' })).toBe(true);
    expect(names()[1]).toMatch(/^Alpha:/);
    clock.increment(CHANGE_RETRY_MS);
    expect(send.calls[1]!.input).toEqual({ name: 'folder.update', payload: { id: 1, name: 'Alpha', changeId: 'local.f1' } });
  });

  it('a change made offline shows at once, marked as waiting for the connection; the reconnect sends it, once, with its change id', async () => {
    const { actor, send, dialogs, names, sentAtFetch } = await start();
    actor.send({ type: 'folder.create', parentId: 'PRIVATE_CONTENT', name: 'Offline' });
    send.calls[0]!.reject(lost('unsent'));
    await settle();
    const tempId = optimisticFolderId(1);
    expect(actor.getSnapshot().matches({ changes: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    expect(pendingFolderStatusOf(actor.getSnapshot())).toEqual(new Map([[tempId, 'waiting']]));
    expect(names()[tempId]).toBe('Offline:private@0');
    // More changes made meanwhile queue behind it, also waiting.
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    expect(pendingFolderStatusOf(actor.getSnapshot()).get(1)).toBe('waiting');
    expect(send.calls).toHaveLength(1);
    // The session's reconnect reads the list again — the service already has the folder (the first request went
    // through after all) — and the insert goes again with the same change id.
    actor.send({ type: 'folders.refetch' });
    expect(send.calls).toHaveLength(2);
    expect(send.calls[1]!.input).toEqual(send.calls[0]!.input);
    // The held insert went out before the list was read again: the service answers it first, so the list read
    // after it holds the folder it made and never shows it next to the optimistic one.
    expect(sentAtFetch).toEqual([0, 2]);
    expect(pendingFolderStatusOf(actor.getSnapshot()).get(tempId)).toBe('saving');
    send.calls[1]!.resolve({ folder: folder(40, 'Offline', 0, 'private'), clientRef: 'local.f1' });
    await settle();
    send.calls[2]!.resolve({ folder: folder(1, 'Alpha', 0, 'private') });
    await settle();
    expect(actor.getSnapshot().context.folders.filter((f) => f.name === 'Offline').map((f) => f.id)).toEqual([40]);
    expect(pendingFolderStatusOf(actor.getSnapshot()).size).toBe(0);
    expect(actor.getSnapshot().matches({ changes: 'idle' })).toBe(true);
    expect(dialogs.events).toEqual([]);
  });

  it('a connection dropped while the answer was awaited: asked again after reconnecting, and a real refusal then is the failure, with a retry that keeps the change id', async () => {
    const { actor, send, dialogs, names } = await start();
    actor.send({ type: 'folder.bulkMove', ids: [3], destination: 1, destinationFolderName: 'A' });
    send.calls[0]!.reject(lost('unanswered'));
    await settle();
    expect(names()[3]).toBe('C:private@1');
    expect(pendingFolderStatusOf(actor.getSnapshot()).get(3)).toBe('waiting');
    actor.send({ type: 'folders.refetch' });
    expect(send.calls[1]!.input).toEqual({ name: 'folder.bulkMove', payload: { ids: [3], destination: 1, changeId: 'local.f1' } });
    // The service did not do it and now refuses it: only now is it rolled back, with the spec's error dialog.
    send.calls[1]!.reject(refusal('forbidden', 'Your role does not allow this.'));
    await settle();
    expect(names()[3]).toBe('C:private@0');
    expect(dialogs.events.at(-1)).toEqual({
      type: 'dialogs.open',
      dialog: {
        kind: 'error',
        operation: 'move',
        reason: 'forbidden',
        message: 'Your role does not allow this.',
        retry: { target: 'folders', event: { type: 'folder.bulkMove', ids: [3], destination: 1, destinationFolderName: 'A', changeId: 'local.f1' } },
      },
    });
    // Try again sends the same change id (the service does it at most once); asked twice, it is queued once.
    const retry = (dialogs.events.at(-1) as unknown as { dialog: { retry: { event: never } } }).dialog.retry.event;
    actor.send(retry);
    actor.send(retry);
    expect(actor.getSnapshot().context.pending).toHaveLength(1);
    expect(send.calls[2]!.input).toEqual({ name: 'folder.bulkMove', payload: { ids: [3], destination: 1, changeId: 'local.f1' } });
  });

  it('changes are named after this page’s client id', async () => {
    const { actor, send } = await start();
    actor.send({ type: 'content.clientId', clientId: 'a1b2' });
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    expect(send.calls[0]!.input).toEqual({ name: 'folder.update', payload: { id: 1, name: 'Alpha', changeId: 'a1b2.f1' } });
  });

  it('a bulk move refused in the middle rolls every moved folder back and reads the list again (§8)', async () => {
    const { actor, send, fetches, names } = await start();
    actor.send({ type: 'folder.bulkMove', ids: [3, 11], destination: 1, destinationFolderName: 'A', confirmed: true });
    expect(names()).toMatchObject({ 3: 'C:private@1', 11: 'Docs:private@1' });
    expect(send.calls[0]!.input).toEqual({ name: 'folder.bulkMove', payload: { ids: [3, 11], destination: 1, changeId: 'local.f1' } });
    send.calls[0]!.reject(refusal('tooDeep', 'Too deep', 11));
    await settle();
    expect(names()).toMatchObject({ 3: 'C:private@0', 11: 'Docs:shared@10' });
    expect(fetches).toHaveLength(2);
  });

  it('checks before sending: a refused change is shown, not sent', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'folder.create', parentId: 20, name: 'Mine' });
    actor.send({ type: 'folder.rename', id: 10, name: 'viewed' });
    actor.send({ type: 'folder.bulkMove', ids: [1], destination: 2 });
    expect(send.calls).toHaveLength(0);
    expect(dialogs.events).toEqual([
      { type: 'dialogs.refused', reason: 'notPermitted' },
      { type: 'dialogs.refused', reason: 'duplicate' },
      { type: 'dialogs.refused', reason: 'intoDescendant' },
    ]);
  });

  it('a move between private and shared asks first, then goes out once confirmed', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'folder.bulkMove', ids: [3], destination: 10, destinationFolderName: 'Team' });
    expect(send.calls).toHaveLength(0);
    const ask = dialogs.events.at(-1) as unknown as { dialog: { kind: string; change: string; onConfirm: { target: string; event: object } } };
    expect(ask.dialog).toMatchObject({ kind: 'confirmMove', change: 'privateToShared', onConfirm: { target: 'folders', event: { type: 'folder.bulkMove', ids: [3], destination: 10, confirmed: true } } });
    actor.send(ask.dialog.onConfirm.event as never);
    expect(send.calls[0]!.input).toEqual({ name: 'folder.bulkMove', payload: { ids: [3], destination: 10, changeId: 'local.f1' } });
  });

  it('a private folder moved into a team folder opens no second settings dialog: the move went through the settings before (§4)', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'folder.bulkMove', ids: [3], destination: 10, destinationFolderName: 'Team', confirmed: true });
    send.calls[0]!.resolve({ folders: [folder(3, 'C', 10, 'shared', 'owner')] });
    await settle();
    expect(dialogs.events.some((e) => (e as { dialog?: { kind: string } }).dialog?.kind === 'sharedFolderSettings')).toBe(false);
  });

  it('a move inside the private area opens no settings', async () => {
    const { actor, send, dialogs } = await start();
    actor.send({ type: 'folder.bulkMove', ids: [3], destination: 1, destinationFolderName: 'A' });
    send.calls[0]!.resolve({ folders: [folder(3, 'C', 1, 'private')] });
    await settle();
    expect(dialogs.events.some((e) => (e as { dialog?: { kind: string } }).dialog?.kind === 'sharedFolderSettings')).toBe(false);
  });

  it('a confirmed trash shows the trashed toast with the folder count', async () => {
    const { actor, send, toasts } = await start();
    actor.send({ type: 'folder.bulkArchive', ids: [1] });
    send.calls[0]!.resolve({ folders: [folder(1, 'A', 0, 'deleted'), folder(2, 'B', 1, 'deleted')] });
    await settle();
    expect(toasts.events).toEqual([{ type: 'toast.show', toast: { id: 'trashed', severity: 'success', kind: 'content', text: null, message: null, data: { foldersCount: 1, itemsCount: 0, folderName: 'A' } } }]);
  });
});

describe('folders: pushes (§7) and the folder on screen', () => {
  it('folder.updateHashed upserts, folder.hardDeleted removes; the grid hears which folders are gone', async () => {
    const { actor, grid, names } = await start();
    actor.send({ type: 'content.push', push: { name: 'folder.updateHashed', data: { folders: [folder(41, 'From Sam', 10, 'shared', 'editor'), folder(3, 'C', 0, 'deleted')] } } });
    expect(names()).toMatchObject({ 41: 'From Sam:shared@10', 3: 'C:deleted@0' });
    actor.send({ type: 'content.push', push: { name: 'folder.hardDeleted', data: { ids: [30] } } });
    expect(names()[30]).toBeUndefined();
    expect(grid.events).toEqual([
      { type: 'grid.foldersGone', ids: [3] },
      { type: 'grid.foldersGone', ids: [30] },
    ]);
  });

  it('a shared folder trashed while a subfolder stays live makes the list read again (§4)', async () => {
    const { actor, fetches } = await start();
    actor.send({ type: 'content.push', push: { name: 'folder.updateHashed', data: { folders: [folder(10, 'Team', 0, 'deleted')] } } });
    await settle();
    expect(fetches).toHaveLength(2);
  });

  it('a folder found missing by the server is gone for the grid, and the list is read again', async () => {
    const { actor, send, grid, fetches } = await start();
    actor.send({ type: 'folder.rename', id: 2, name: 'Beta' });
    send.calls[0]!.reject(refusal('notFound', 'No such folder'));
    await settle();
    expect(grid.events).toContainEqual({ type: 'grid.foldersGone', ids: [2] });
    expect(fetches).toHaveLength(2);
  });

  it('reset forgets the list and every pending change', async () => {
    const { actor } = await start();
    actor.send({ type: 'folder.rename', id: 1, name: 'Alpha' });
    actor.send({ type: 'folders.reset' });
    expect(actor.getSnapshot().value).toEqual({ list: 'idle', changes: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ base: [], pending: [], folders: [] });
  });
});

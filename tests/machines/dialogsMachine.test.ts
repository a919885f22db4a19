import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { DIALOG_CLOSE_DELAY_MS, DIALOG_OPEN_DELAY_MS } from '../../domain/constants.ts';
import type { FolderRecord } from '../../domain/folderTree.ts';
import type { DialogData, GridRequestEvent } from '../../machines/content/contentEvents.ts';
import { dialogsMachine } from '../../machines/content/dialogsMachine.ts';
import { foldersMachine } from '../../machines/content/foldersMachine.ts';
import { folder, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

// A private chain 1 … 7 (7 sits at depth 7) and a shared folder where the role is viewer.
const FOLDERS: FolderRecord[] = [...Array.from({ length: 7 }, (_, i) => folder(i + 1, `L${i + 1}`, i, 'private')), folder(20, 'Viewed', 0, 'shared', 'viewer')];

/** Dialogs with recorders for grid and folders, or (withFolders) a real folders actor holding FOLDERS. */
async function start(options: { withFolders?: boolean } = {}) {
  const clock = new SimulatedClock();
  const grid = recorder();
  const foldersRecorder = recorder();
  const folders = options.withFolders
    ? foldersMachine.provide({ actors: { fetchFolders: fromPromise(async () => ({ folders: FOLDERS })), sendFolderChange: fromPromise(() => new Promise(() => {})) } })
    : foldersRecorder.logic;
  const root = createActor(systemOf({ dialogs: dialogsMachine, grid: grid.logic, folders }), { clock }).start();
  if (options.withFolders) {
    systemActor(root, 'folders').send({ type: 'folders.load' });
    await settle();
  }
  const actor = systemActor(root, 'dialogs') as ActorRefFrom<typeof dialogsMachine>;
  const open = (dialog: DialogData) => {
    actor.send({ type: 'dialogs.open', dialog });
    clock.increment(DIALOG_OPEN_DELAY_MS);
  };
  return { actor, clock, grid, folders: foldersRecorder, root, open };
}

const trash: DialogData = { kind: 'trash', itemIds: ['a'], folderIds: [3], name: null };

describe('dialogs: open on the next frame, close after 100 ms (§4)', () => {
  it('an open request shows the dialog on the next frame; closing keeps it 100 ms, then it is gone', async () => {
    const { actor, clock } = await start();
    actor.send({ type: 'dialogs.open', dialog: trash });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    expect(actor.getSnapshot().hasTag('shown')).toBe(false);
    clock.increment(DIALOG_OPEN_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    actor.send({ type: 'dialogs.close' });
    clock.increment(DIALOG_CLOSE_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('closing');
    expect(actor.getSnapshot().context.dialog).toEqual(trash);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.dialog).toBeNull();
  });

  it('the move dialog does not open when there are no folders', async () => {
    const { actor } = await start();
    actor.send({ type: 'dialogs.open', dialog: { kind: 'move', itemIds: ['a'], folderIds: [], name: 'A', hasFolders: false } });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'dialogs.open', dialog: { kind: 'move', itemIds: ['a'], folderIds: [], name: 'A', hasFolders: true } });
    expect(actor.getSnapshot().value).toBe('opening');
  });

  it('one dialog at a time: a new open request replaces the one on screen', async () => {
    const { actor, open } = await start();
    open(trash);
    open({ kind: 'emptyTrash' });
    expect(actor.getSnapshot().context.dialog).toEqual({ kind: 'emptyTrash' });
  });
});

describe('dialogs: confirming hands the action on', () => {
  it('delete to trash goes to the grid; empty trash to the folders; the move dialog’s pick to the grid', async () => {
    const { actor, open, grid, folders } = await start();
    open(trash);
    actor.send({ type: 'dialogs.confirm' });
    expect(actor.getSnapshot().value).toBe('closing');
    open({ kind: 'emptyTrash' });
    actor.send({ type: 'dialogs.confirm' });
    open({ kind: 'move', itemIds: ['a'], folderIds: [4], name: null, hasFolders: true });
    actor.send({ type: 'dialogs.chooseDestination', destination: 9, destinationFolderName: 'Nine' });
    expect(grid.events).toEqual([
      { type: 'grid.trash', itemIds: ['a'], folderIds: [3] },
      { type: 'grid.move', itemIds: ['a'], folderIds: [4], destination: 9, destinationFolderName: 'Nine' },
    ]);
    expect(folders.events).toEqual([{ type: 'folder.emptyTrash' }]);
  });

  it('a name dialog sends the name; an empty name keeps it open with the reason', async () => {
    const { actor, open, grid, folders } = await start();
    open({ kind: 'renameItem', itemId: 'a', title: 'Old' });
    actor.send({ type: 'dialogs.submitName', name: '   ' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.refusal).toBe('empty');
    actor.send({ type: 'dialogs.submitName', name: 'New' });
    expect(grid.events).toEqual([{ type: 'grid.rename', id: 'a', title: 'New' }]);
    open({ kind: 'newSharedFolder' });
    actor.send({ type: 'dialogs.submitName', name: 'Sales' });
    expect(folders.events).toEqual([{ type: 'folder.create', parentId: 'SHARED_CONTENT', name: 'Sales' }]);
  });

  it('a move confirmation sends the action it carries; the error dialog’s retry sends the failed action again', async () => {
    const { actor, open, grid } = await start();
    const move: GridRequestEvent = { type: 'grid.move', itemIds: ['a'], folderIds: [], destination: 10, destinationFolderName: 'Team', confirmed: true };
    open({ kind: 'confirmMove', change: 'privateToShared', destinationFolderName: 'Team', onConfirm: { target: 'grid', event: move } });
    actor.send({ type: 'dialogs.confirm' });
    open({ kind: 'error', operation: 'archive', reason: 'serverError', message: 'Error updating items', retry: { target: 'grid', event: { type: 'grid.trash', itemIds: ['a'], folderIds: [] } } });
    actor.send({ type: 'dialogs.retry' });
    expect(grid.events).toEqual([move, { type: 'grid.trash', itemIds: ['a'], folderIds: [] }]);
  });

  it('the shared-folder settings of a move (§4: a private folder into a team folder) send the move when confirmed', async () => {
    const { actor, open, grid } = await start();
    const move: GridRequestEvent = { type: 'grid.move', itemIds: [], folderIds: [3], destination: 10, destinationFolderName: 'Team', confirmed: true };
    open({ kind: 'sharedFolderSettings', folderId: 10, move: { folderIds: [3], onConfirm: { target: 'grid', event: move } } });
    actor.send({ type: 'dialogs.confirm' });
    expect(grid.events).toEqual([move]);
  });

  it('the shared-folder settings dialog opens and closes the folder settings', async () => {
    const clock = new SimulatedClock();
    const settings = recorder();
    const root = createActor(systemOf({ dialogs: dialogsMachine, folderSettings: settings.logic }), { clock }).start();
    const actor = systemActor(root, 'dialogs');
    actor.send({ type: 'dialogs.open', dialog: { kind: 'sharedFolderSettings', folderId: 20 } });
    clock.increment(DIALOG_OPEN_DELAY_MS);
    actor.send({ type: 'dialogs.close' });
    clock.increment(DIALOG_CLOSE_DELAY_MS);
    expect(settings.events).toEqual([{ type: 'folderSettings.open', folderId: 20 }, { type: 'folderSettings.close' }]);
  });

  it('closing the folder-access-denied dialog asks the view to go to private content', async () => {
    const { actor, open } = await start();
    open({ kind: 'accessDenied' });
    actor.send({ type: 'dialogs.close' });
    expect(actor.getSnapshot().context.navigation).toBe('PRIVATE_CONTENT');
    actor.send({ type: 'dialogs.navigated' });
    expect(actor.getSnapshot().context.navigation).toBeNull();
  });
});

describe('dialogs with the folders actor: refusals show inside the dialog', () => {
  it('creating a folder inside the move dialog is refused by depth or by permission, and the dialog stays', async () => {
    const { actor, open, root } = await start({ withFolders: true });
    open({ kind: 'move', itemIds: ['a'], folderIds: [], name: 'A', hasFolders: true });
    actor.send({ type: 'dialogs.createFolder', parentId: 7, name: 'Eighth' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.refusal).toBe('tooDeep');
    actor.send({ type: 'dialogs.createFolder', parentId: 20, name: 'Mine' });
    expect(actor.getSnapshot().context.refusal).toBe('notPermitted');
    actor.send({ type: 'dialogs.createFolder', parentId: 6, name: 'Seventh' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    const folders = systemActor(root, 'folders').getSnapshot().context.folders as FolderRecord[];
    expect(folders.some((f) => f.name === 'Seventh' && f.parent === 6)).toBe(true);
  });

  it('a new folder whose name is taken: the dialog stays open with the reason', async () => {
    const { actor, open } = await start({ withFolders: true });
    open({ kind: 'newFolder', parentId: 1 });
    actor.send({ type: 'dialogs.submitName', name: 'l2' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ dialog: { kind: 'newFolder', parentId: 1 }, refusal: 'duplicate' });
  });
});

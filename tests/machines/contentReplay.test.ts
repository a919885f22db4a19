/**
 * A recorded content session (folders, grid, dialogs with optimistic changes, a refusal, a rollback, the insert
 * time-out and its second asking with the same change id, a change made offline and sent after the reconnect) replays
 * headless with no divergence: ids, change ids, sequence numbers and times all come from events.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createEventRecorder, parseEventLog } from '../../adapters/eventLog.ts';
import { DIALOG_OPEN_DELAY_MS, ITEM_INSERT_TIMEOUT_MS } from '../../domain/constants.ts';
import { appMachine, definitionHashes, foldersMachine, gridMachine } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { inert } from '../../machines/inert.ts';
import { replayLog } from '../../tools/replayer.ts';
import { controlled, folder, item, lost, refusal, settle } from './contentFixtures.ts';

describe('content session replay', () => {
  it('replays folders, grid and dialogs with no divergence', async () => {
    const clock = new SimulatedClock();
    clock.set(1_700_000_000_000);
    const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });
    const sendFolder = controlled<unknown>();
    const sendItems = controlled<unknown>();
    const folders = foldersMachine.provide({
      actors: { fetchFolders: fromPromise(async () => ({ folders: [folder(1, 'Mine', 0, 'private'), folder(2, 'Other', 0, 'private')] })), sendFolderChange: sendFolder.logic as never },
    });
    const grid = gridMachine.provide({
      actors: { fetchItems: fromPromise<unknown, unknown>(async () => ({ items: [item('a'), item('b')], count: 2, page: 1 })) as never, sendItemChange: sendItems.logic as never },
    });
    const app = createActor(inert(appMachine).provide({ actors: { folders, grid } }), { id: 'app', clock });
    recorder.attach(app);
    app.start();
    // The content and item features' actors start once their code is in (the composition root sends this then).
    for (const feature of ['content', 'grid', 'item'] as const) app.send({ type: 'app.featureLoaded', feature });
    const gridRef = app.system.get('grid')!;
    const foldersRef = app.system.get('folders')!;
    const dialogsRef = app.system.get('dialogs')!;
    for (const ref of [foldersRef, gridRef]) ref.send({ type: 'content.clientId', clientId: 'feed' });

    gridRef.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    gridRef.send({ type: 'grid.trash', itemIds: ['a'], folderIds: [] });
    sendItems.calls[0]!.reject(refusal('forbidden', 'No'));
    await settle();
    clock.increment(DIALOG_OPEN_DELAY_MS);
    dialogsRef.send({ type: 'dialogs.retry' });
    clock.increment(100);
    sendItems.calls[1]!.resolve({ items: [] });
    await settle();
    foldersRef.send({ type: 'folder.create', parentId: 1, name: 'Sub' });
    foldersRef.send({ type: 'folder.rename', id: 2, name: 'Two' });
    clock.increment(ITEM_INSERT_TIMEOUT_MS);
    sendFolder.calls[1]!.resolve({ folder: folder(3, 'Sub', 1, 'private'), clientRef: 'feed.f1' });
    await settle();
    sendFolder.calls[2]!.resolve({ folder: folder(2, 'Two', 0, 'private') });
    await settle();
    gridRef.send({ type: 'grid.rename', id: 'b', title: 'Bee' });
    sendItems.calls[2]!.reject(lost('unsent'));
    await settle();
    gridRef.send({ type: 'grid.refetch' });
    await settle();
    sendItems.calls[3]!.resolve({ items: [item('b', { title: 'Bee' })] });
    await settle();
    foldersRef.send({ type: 'content.push', push: { name: 'folder.hardDeleted', data: { ids: [1] } } });
    clock.increment(DIALOG_OPEN_DELAY_MS);
    app.stop();

    // The reconnect read the page again (this fake service still has 'a'); the rename went with its change id.
    expect(gridRef.getSnapshot().context.items.map((i: { id: string; title: string }) => `${i.id}:${i.title}`)).toEqual(['a:Title a', 'b:Bee']);
    expect((sendItems.calls[3]!.input as { calls: unknown[] }).calls).toEqual([{ via: 'socket', name: 'item.update', payload: { id: 'b', title: 'Bee', changeId: 'feed.g3.0' } }]);
    const bytes = await recorder.exportGzip({ appVersion: 'test', buildId: 'test', machines: definitionHashes(), userAgent: 'vitest' });
    const result = replayLog(parseEventLog(bytes), { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
    expect(result.divergences).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.injected).toBeGreaterThanOrEqual(8);
    expect(result.regenerated).toBeGreaterThanOrEqual(5);
  });
});

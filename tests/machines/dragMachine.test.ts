import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { DRAG_HOVER_OPEN_MS } from '../../domain/constants.ts';
import { dragMachine } from '../../machines/content/dragMachine.ts';
import { gridMachine } from '../../machines/content/gridMachine.ts';
import { archived, controlled, item, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';

function start() {
  const clock = new SimulatedClock();
  const grid = recorder();
  const root = createActor(systemOf({ drag: dragMachine, grid: grid.logic }), { clock }).start();
  const actor = systemActor(root, 'drag') as ActorRefFrom<typeof dragMachine>;
  return { actor, clock, grid };
}

const live = (id: string) => ({ id, isArchived: false, archivedAt: null });

describe('drag and drop (§2, §4, §9)', () => {
  it('archived items cannot start a drag', () => {
    const { actor } = start();
    actor.send({ type: 'drag.start', items: [live('a'), { id: 'z', isArchived: true, archivedAt: '2026-11-22T10:00:00.000Z' }], folderIds: [] });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'drag.start', items: [live('a')], folderIds: [4] });
    expect(actor.getSnapshot().hasTag('dragging')).toBe(true);
    expect(actor.getSnapshot().context.label).toBe('2');
  });

  it('the count shows 99+ beyond 99', () => {
    const { actor } = start();
    actor.send({ type: 'drag.start', items: Array.from({ length: 99 }, (_, i) => live(`i${i}`)), folderIds: [] });
    expect(actor.getSnapshot().context.label).toBe('99');
    actor.send({ type: 'drag.cancel' });
    actor.send({ type: 'drag.start', items: Array.from({ length: 99 }, (_, i) => live(`i${i}`)), folderIds: [7] });
    expect(actor.getSnapshot().context.label).toBe('99+');
  });

  it('hovering a closed folder for 1000 ms asks the view to open it; leaving earlier does not (SimulatedClock)', () => {
    const { actor, clock } = start();
    actor.send({ type: 'drag.start', items: [live('a')], folderIds: [] });
    actor.send({ type: 'drag.over', folderId: 5, isOpen: false });
    clock.increment(600);
    actor.send({ type: 'drag.leave', folderId: 5 });
    clock.increment(1_000);
    expect(actor.getSnapshot().context.expandRequest).toBeNull();
    actor.send({ type: 'drag.over', folderId: 5, isOpen: false });
    clock.increment(500);
    // dragover repeats while the pointer stays: the clock keeps running.
    actor.send({ type: 'drag.over', folderId: 5, isOpen: false });
    clock.increment(DRAG_HOVER_OPEN_MS - 501);
    expect(actor.getSnapshot().context.expandRequest).toBeNull();
    clock.increment(1);
    expect(actor.getSnapshot().context.expandRequest).toBe(5);
    actor.send({ type: 'drag.expanded' });
    expect(actor.getSnapshot().context.expandRequest).toBeNull();
  });

  it('an open folder has no timer; moving to another closed folder starts its clock afresh', () => {
    const { actor, clock } = start();
    actor.send({ type: 'drag.start', items: [live('a')], folderIds: [] });
    actor.send({ type: 'drag.over', folderId: 'SHARED_CONTENT', isOpen: true });
    clock.increment(5_000);
    expect(actor.getSnapshot().context.expandRequest).toBeNull();
    actor.send({ type: 'drag.over', folderId: 5, isOpen: false });
    clock.increment(900);
    actor.send({ type: 'drag.over', folderId: 6, isOpen: false });
    clock.increment(900);
    expect(actor.getSnapshot().context.expandRequest).toBeNull();
    clock.increment(100);
    expect(actor.getSnapshot().context.expandRequest).toBe(6);
  });

  it('a drop on a folder is a move, a drop on the trash root a trash action, both through the grid', () => {
    const { actor, grid } = start();
    actor.send({ type: 'drag.start', items: [live('a')], folderIds: [4] });
    actor.send({ type: 'drag.drop', folderId: 9, folderName: 'Nine' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'drag.start', items: [live('b')], folderIds: [] });
    actor.send({ type: 'drag.drop', folderId: 'DELETED', folderName: null });
    expect(grid.events).toEqual([
      { type: 'grid.move', itemIds: ['a'], folderIds: [4], destination: 9, destinationFolderName: 'Nine' },
      { type: 'grid.trash', itemIds: ['b'], folderIds: [] },
    ]);
  });

  it('dropping an item on the trash root trashes it in the grid', async () => {
    const send = controlled<unknown>();
    const grid = gridMachine.provide({
      actors: { fetchItems: fromPromise<unknown, unknown>(async () => ({ items: [item('a'), item('b')], count: 2, page: 1 })) as never, sendItemChange: send.logic as never },
    });
    const root = createActor(systemOf({ drag: dragMachine, grid })).start();
    const gridRef = systemActor(root, 'grid') as ActorRefFrom<typeof gridMachine>;
    gridRef.send({ type: 'grid.open', folderId: 1, page: 1 });
    await settle();
    const drag = systemActor(root, 'drag');
    drag.send({ type: 'drag.start', items: [archived('b')], folderIds: [] });
    expect(drag.getSnapshot().value).toBe('idle');
    drag.send({ type: 'drag.start', items: [live('a')], folderIds: [] });
    drag.send({ type: 'drag.drop', folderId: 'DELETED', folderName: null });
    expect(gridRef.getSnapshot().context.items.map((i) => i.id)).toEqual(['b']);
    expect(send.calls[0]!.input).toEqual({ calls: [{ via: 'socket', name: 'item.bulkArchive', payload: { ids: ['a'], changeId: 'local.g1.0' } }] });
  });
});

import { describe, expect, it } from 'vitest';
import type { ItemRecord } from './content.ts';
import { archivedRecord, itemRecord } from './content.fixtures.ts';
import type { ContentPush } from './contentData.ts';
import { buildFolderTree, type FolderRecord } from './folderTree.ts';
import {
  applyItemChange,
  applyItemPush,
  checkItemChange,
  commitItemChange,
  itemBelongsToView,
  itemChangeCalls,
  projectPage,
  type GridPage,
  type GridView,
} from './itemChanges.ts';

const item = itemRecord;
const archived = archivedRecord;

const folderView: GridView = { folderId: 1, search: null, product: 'all' };
const trashView: GridView = { folderId: 'DELETED', search: null, product: 'all' };
const page = (items: ItemRecord[], count = items.length): GridPage => ({ items, count });
const ids = (p: GridPage) => p.items.map((i) => i.id);

describe('itemBelongsToView', () => {
  it.each([
    ['an item of the folder', item('a'), folderView, true],
    ['an item of another folder', item('a', { folderId: 2 }), folderView, false],
    ['an archived item in its old folder', archived('a'), folderView, false],
    ['an archived item in the trash', archived('a'), trashView, true],
    ['a live item in the trash', item('a'), trashView, false],
    ['a root item in private content', item('a', { folderId: null }), { ...folderView, folderId: 'PRIVATE_CONTENT' }, true],
    ['any live item in all content', item('a', { folderId: 7 }), { ...folderView, folderId: 'ALL_CONTENT' }, true],
    ['a Rise item under the Storyline filter', item('a', { product: 'rise' }), { ...folderView, product: 'storyline' }, false],
    ['a quizmaker item under the Storyline filter', item('a', { product: 'quizmaker' }), { ...folderView, product: 'storyline' }, true],
    ['a search match anywhere', item('a', { folderId: 9, title: 'Sales Intro' }), { ...folderView, search: 'intro' }, true],
    ['a search miss', item('a', { title: 'Sales' }), { ...folderView, search: 'intro' }, false],
  ] as const)('%s → %s', (_case, record, view, expected) => {
    expect(itemBelongsToView(record, view)).toBe(expected);
  });
});

describe('applyItemChange (optimistic)', () => {
  const base = page([item('a'), item('b'), item('s', { isStack: true })], 40);

  it('rename patches the title (trimmed)', () => {
    expect(applyItemChange(base, { kind: 'rename', id: 'b', title: ' New ', isStack: false }, folderView).items[1]!.title).toBe('New');
  });

  it('trash and destroy take items off the page and out of the count', () => {
    expect(applyItemChange(base, { kind: 'trash', ids: ['a', 's'], stackIds: ['s'] }, folderView)).toEqual(page([item('b')], 38));
    expect(applyItemChange(page([archived('a')], 1), { kind: 'destroy', ids: ['a'], stackIds: [] }, trashView)).toEqual(page([], 0));
  });

  it('restore takes items out of the trash view; elsewhere it clears archivedAt', () => {
    expect(ids(applyItemChange(page([archived('a'), archived('b')]), { kind: 'restore', ids: ['a'], stackIds: [] }, trashView))).toEqual(['b']);
    const searched = applyItemChange(page([archived('a')]), { kind: 'restore', ids: ['a'], stackIds: [] }, { ...folderView, search: 'title' });
    expect(searched.items[0]).toMatchObject({ archivedAt: null, isArchived: false });
  });

  it('a move leaves a folder view, and patches the folder where the list spans folders', () => {
    expect(ids(applyItemChange(base, { kind: 'move', ids: ['a'], stackIds: [], destination: 2 }, folderView))).toEqual(['b', 's']);
    const all = applyItemChange(base, { kind: 'move', ids: ['a'], stackIds: [], destination: 'PRIVATE_CONTENT' }, { ...folderView, folderId: 'ALL_CONTENT' });
    expect(all.items[0]!.folderId).toBeNull();
  });

  it('a duplicate shows its copy first under the temporary id', () => {
    const next = applyItemChange(base, { kind: 'duplicate', id: 'a', title: 'copy of Title a', tempId: 'tmp-1' }, folderView);
    expect(ids(next)).toEqual(['tmp-1', 'a', 'b', 's']);
    expect(next.count).toBe(41);
  });

  it('projectPage without one change rolls back exactly that change', () => {
    const rename = { change: { kind: 'rename', id: 'a', title: 'A2', isStack: false } as const };
    const trash = { change: { kind: 'trash', ids: ['b'], stackIds: [] } as const };
    const withoutTrash = projectPage(base, [rename], folderView);
    expect(ids(projectPage(base, [rename, trash], folderView))).toEqual(['a', 's']);
    expect(ids(withoutTrash)).toEqual(['a', 'b', 's']);
    expect(withoutTrash.items[0]!.title).toBe('A2');
  });
});

describe('commitItemChange', () => {
  it('the server’s record replaces the optimistic one; a duplicate’s copy arrives with its real id', () => {
    const base = page([item('a'), item('b')], 2);
    const renamed = commitItemChange(base, { kind: 'rename', id: 'a', title: 'X', isStack: false }, [item('a', { title: 'X', hash: 'h2' })], folderView);
    expect(renamed.items[0]).toMatchObject({ title: 'X', hash: 'h2' });
    const copied = commitItemChange(base, { kind: 'duplicate', id: 'a', title: 'copy of Title a', tempId: 'tmp-1' }, [item('c', { title: 'copy of Title a' })], folderView);
    expect(ids(copied)).toEqual(['c', 'a', 'b']);
    expect(copied.count).toBe(3);
  });
});

describe('itemChangeCalls: items over the socket, stack entries over the stack HTTP calls (§7)', () => {
  it.each([
    [{ kind: 'rename', id: 'a', title: ' T ', isStack: false }, [{ via: 'socket', name: 'item.update', payload: { id: 'a', title: 'T' } }]],
    [{ kind: 'rename', id: 's', title: 'T', isStack: true }, [{ via: 'stack', call: 'rename', stackId: 's', title: 'T' }]],
    [{ kind: 'duplicate', id: 'a', title: 'copy of A', tempId: 't' }, [{ via: 'socket', name: 'item.duplicate', payload: { id: 'a', title: 'copy of A' } }]],
    [
      { kind: 'trash', ids: ['a', 's'], stackIds: ['s'] },
      [
        { via: 'socket', name: 'item.bulkArchive', payload: { ids: ['a'] } },
        { via: 'stack', call: 'bulkSoftDelete', stackIds: ['s'] },
      ],
    ],
    [
      { kind: 'restore', ids: ['a', 'b', 's'], stackIds: ['s'] },
      [
        { via: 'socket', name: 'item.update', payload: { id: 'a', restoreFromTrash: true } },
        { via: 'socket', name: 'item.update', payload: { id: 'b', restoreFromTrash: true } },
        { via: 'stack', call: 'bulkRestore', stackIds: ['s'] },
      ],
    ],
    [{ kind: 'destroy', ids: ['s'], stackIds: ['s'] }, [{ via: 'stack', call: 'bulkHardDelete', stackIds: ['s'] }]],
    [
      { kind: 'move', ids: ['a', 's'], stackIds: ['s'], destination: 'PRIVATE_CONTENT' },
      [
        { via: 'socket', name: 'item.bulkMove', payload: { ids: ['a'], destination: 'PRIVATE_CONTENT' } },
        { via: 'stack', call: 'move', stackIds: ['s'], toFolderId: null },
      ],
    ],
  ] as const)('%j', (change, calls) => {
    expect(itemChangeCalls(change)).toEqual(calls);
  });
});

describe('applyItemPush (§7 server pushes)', () => {
  const base = page([item('a'), item('b')], 20);
  const push = (p: ContentPush) => p;
  it.each([
    ['an update of an item on the page patches it', push({ name: 'item.updateHashed', data: { item: item('a', { title: 'New' }) } }), folderView, ['a', 'b'], 20, false],
    ['an update moving an item away takes it off', push({ name: 'item.updateHashed', data: { item: item('a', { folderId: 2 }) } }), folderView, ['b'], 19, false],
    ['a new item of this folder refetches', push({ name: 'item.updateHashed', data: { item: item('z') } }), folderView, ['a', 'b'], 20, true],
    ['an item of another folder is ignored', push({ name: 'item.updateHashed', data: { item: item('z', { folderId: 3 }) } }), folderView, ['a', 'b'], 20, false],
    ['a soft delete on the page takes it off', push({ name: 'item.softDeleteHashed', data: { id: 'b', folderId: 1, hash: 'h' } }), folderView, ['a'], 19, false],
    ['a soft delete elsewhere refetches the trash', push({ name: 'item.softDeleteHashed', data: { id: 'z', folderId: 3, hash: 'h' } }), trashView, ['a', 'b'], 20, true],
    ['a hard delete of this folder off the page refetches', push({ name: 'item.hardDeleteHashed', data: { id: 'z', folderId: 1 } }), folderView, ['a', 'b'], 20, true],
    ['a refresh of any folder refetches', push({ name: 'item.refresh', data: { folderId: null } }), folderView, ['a', 'b'], 20, true],
    ['a refresh of another folder does not', push({ name: 'item.refresh', data: { folderId: 5 } }), folderView, ['a', 'b'], 20, false],
    ['a stack moved away leaves the page', push({ name: 'itemStack.moveHashed', data: { stackIds: ['b'], toFolderId: 4 } }), folderView, ['a'], 19, false],
    ['a stack moved here refetches', push({ name: 'itemStack.moveHashed', data: { stackIds: ['s9'], toFolderId: 1 } }), folderView, ['a', 'b'], 20, true],
    ['a stack hard deleted leaves the page', push({ name: 'itemStack.hardDeleteHashed', data: { stackIds: ['a'] } }), folderView, ['b'], 19, false],
    ['folder pushes leave the page alone', push({ name: 'folder.hardDeleted', data: { ids: [1] } }), folderView, ['a', 'b'], 20, false],
  ] as const)('%s', (_case, p, view, expectedIds, count, refetch) => {
    const result = applyItemPush(base, p, view);
    expect(ids(result.page)).toEqual(expectedIds);
    expect(result.page.count).toBe(count);
    expect(result.refetch).toBe(refetch);
  });
});

describe('checkItemChange (§4, §5, §6)', () => {
  const f = (id: number, name: string, parent: number, folderType: FolderRecord['folderType'], role?: string): FolderRecord => ({ id, name, parent, folderType, ...(role ? { role } : {}) });
  const tree = buildFolderTree([f(1, 'Mine', 0, 'private'), f(2, 'Other', 0, 'private'), f(10, 'Team', 0, 'shared', 'editor'), f(20, 'Viewed', 0, 'shared', 'viewer')]);
  const items = [item('a'), item('b', { title: 'Intro' }), archived('z'), item('t', { folderId: 20, userId: 'u-sam' }), item('e', { folderId: 10, userId: 'u-sam' })];
  const ctx = { items, tree, userId: 'u-alex' };
  it.each([
    ['a rename by the owner', { kind: 'rename', id: 'a', title: 'New', isStack: false }, { ok: true, confirmation: null }],
    ['a rename to a name on the page', { kind: 'rename', id: 'a', title: 'intro', isStack: false }, { ok: false, reason: 'duplicate', failedId: 'a' }],
    ['a rename by a viewer of someone else’s item', { kind: 'rename', id: 't', title: 'Mine now', isStack: false }, { ok: false, reason: 'forbidden', failedId: 't' }],
    ['a duplicate with an empty name', { kind: 'duplicate', id: 'a', title: ' ', tempId: 'x' }, { ok: false, reason: 'empty', failedId: 'a' }],
    ['trashing an item already in the trash', { kind: 'trash', ids: ['z'], stackIds: [] }, { ok: false, reason: 'archived', failedId: 'z' }],
    ['trashing someone else’s item without deleteItem', { kind: 'trash', ids: ['e'], stackIds: [] }, { ok: false, reason: 'forbidden', failedId: 'e' }],
    ['trashing own items', { kind: 'trash', ids: ['a', 'b'], stackIds: [] }, { ok: true, confirmation: null }],
    ['restoring a live item', { kind: 'restore', ids: ['a'], stackIds: [] }, { ok: false, reason: 'invalidRequest', failedId: 'a' }],
    ['restoring a trashed item', { kind: 'restore', ids: ['z'], stackIds: [] }, { ok: true, confirmation: null }],
    ['a move to its own folder', { kind: 'move', ids: ['a'], stackIds: [], destination: 1 }, { ok: false, reason: 'alreadyInFolder', failedId: 'a' }],
    ['a move of a trashed item', { kind: 'move', ids: ['z'], stackIds: [], destination: 2 }, { ok: false, reason: 'archived', failedId: 'z' }],
    ['a move into a folder where the role is viewer', { kind: 'move', ids: ['a'], stackIds: [], destination: 20 }, { ok: false, reason: 'targetForbidsItems', failedId: 'a' }],
    ['a move from private into shared asks first', { kind: 'move', ids: ['a'], stackIds: [], destination: 10 }, { ok: true, confirmation: 'privateToShared' }],
    ['a move of an item not on the page', { kind: 'move', ids: ['nope'], stackIds: [], destination: 2 }, { ok: false, reason: 'notFound', failedId: 'nope' }],
  ] as const)('%s', (_case, change, verdict) => {
    expect(checkItemChange(change, ctx)).toEqual(verdict);
  });

  it('without the folder tree only what the page tells is checked (the server decides the rest)', () => {
    expect(checkItemChange({ kind: 'move', ids: ['t'], stackIds: [], destination: 10 }, { items, tree: null, userId: 'u-alex' })).toEqual({ ok: true, confirmation: null });
    expect(checkItemChange({ kind: 'move', ids: ['a'], stackIds: [], destination: 1 }, { items, tree: null, userId: null })).toMatchObject({ ok: false, reason: 'alreadyInFolder' });
  });
});

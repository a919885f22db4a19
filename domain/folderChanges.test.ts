import { describe, expect, it } from 'vitest';
import {
  applyFolderChange,
  checkFolderChange,
  commitFolderChange,
  folderChangeRequest,
  goneFolderIds,
  isOptimisticFolderId,
  needsRefetchAfterSoftDelete,
  normalizeFolders,
  optimisticFolderId,
  projectFolders,
  remapFolderChange,
  type FolderChange,
  type FolderChangeCheck,
  type FolderRequest,
} from './folderChanges.ts';
import { buildFolderTree, type Folder, type FolderRecord } from './folderTree.ts';

const f = (id: number, name: string, parent: number, folderType: FolderRecord['folderType'], role?: string): FolderRecord => ({ id, name, parent, folderType, ...(role ? { role } : {}) });

// 1 A / 2 B / 3 C (private); 10 Team / 11 Docs (shared, owner); 20 Viewer (shared, viewer); 30 Old (trash) / 31 Older (trash)
const LIST: Folder[] = normalizeFolders([
  f(1, 'A', 0, 'private'),
  f(2, 'B', 1, 'private'),
  f(3, 'C', 2, 'private'),
  f(10, 'Team', 0, 'shared', 'owner'),
  f(11, 'Docs', 10, 'shared', 'owner'),
  f(20, 'Viewer', 0, 'shared', 'viewer'),
  f(30, 'Old', 0, 'deleted'),
  f(31, 'Older', 30, 'deleted'),
]);
// A private chain 100 … 106: 106 sits at depth 7.
const CHAIN: Folder[] = normalizeFolders(Array.from({ length: 7 }, (_, i) => f(100 + i, `L${i + 1}`, i === 0 ? 0 : 99 + i, 'private')));

const byId = (folders: readonly Folder[], id: number) => folders.find((x) => x.id === id);
const types = (folders: readonly Folder[]) => Object.fromEntries(folders.map((x) => [x.id, `${x.folderType}@${x.parent}`]));

describe('optimistic folder ids', () => {
  it('are positive safe integers the tree accepts, told apart from real ids', () => {
    const id = optimisticFolderId(1);
    expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    expect(isOptimisticFolderId(id)).toBe(true);
    expect(isOptimisticFolderId(12)).toBe(false);
    expect(optimisticFolderId(2)).not.toBe(id);
    expect(buildFolderTree([...LIST, { id, name: 'New', parent: 0, folderType: 'private' }]).has(id)).toBe(true);
  });
});

describe('applyFolderChange (what the user sees before the server answers)', () => {
  it.each([
    ['a new private top-level folder', { kind: 'insert', tempId: 9001, clientRef: 'c1', name: ' Drafts ', parentId: 'PRIVATE_CONTENT' }, { id: 9001, name: 'Drafts', parent: 0, folderType: 'private' }],
    ['a new shared top-level folder (its creator owns it)', { kind: 'insert', tempId: 9001, clientRef: 'c1', name: 'Sales', parentId: 'SHARED_CONTENT' }, { id: 9001, name: 'Sales', parent: 0, folderType: 'shared', role: 'owner' }],
    ['a subfolder takes its parent’s type and role', { kind: 'insert', tempId: 9001, clientRef: 'c1', name: 'Q1', parentId: 11 }, { id: 9001, name: 'Q1', parent: 11, folderType: 'shared', role: 'owner' }],
  ] as const)('%s', (_case, change, expected) => {
    expect(applyFolderChange(LIST, change).at(-1)).toEqual(expected);
  });

  it('renames (trimmed) and leaves the rest alone', () => {
    const next = applyFolderChange(LIST, { kind: 'rename', id: 2, name: '  Beta ' });
    expect(byId(next, 2)?.name).toBe('Beta');
    expect(next.filter((x) => x.id !== 2)).toEqual(LIST.filter((x) => x.id !== 2));
  });

  it('a soft delete trashes the folder and every subfolder (§4)', () => {
    const next = applyFolderChange(LIST, { kind: 'destroy', id: 1 });
    expect([1, 2, 3].map((id) => byId(next, id)?.folderType)).toEqual(['deleted', 'deleted', 'deleted']);
    expect(byId(next, 10)?.folderType).toBe('shared');
  });

  it('restores under a live parent, else at the top of private content', () => {
    const trashedChild = applyFolderChange(LIST, { kind: 'destroy', id: 2 });
    expect(types(applyFolderChange(trashedChild, { kind: 'restore', id: 2 }))).toMatchObject({ 2: 'private@1', 3: 'private@2' });
    expect(types(applyFolderChange(LIST, { kind: 'restore', id: 31 }))).toMatchObject({ 31: 'private@0', 30: 'deleted@0' });
  });

  it('moves a subtree: the moved folder changes parent, every folder below takes the new type', () => {
    expect(types(applyFolderChange(LIST, { kind: 'bulkMove', ids: [2], destination: 10 }))).toMatchObject({ 2: 'shared@10', 3: 'shared@2', 1: 'private@0' });
    expect(types(applyFolderChange(LIST, { kind: 'bulkMove', ids: [11], destination: 'PRIVATE_CONTENT' }))).toMatchObject({ 11: 'private@0' });
    expect(types(applyFolderChange(LIST, { kind: 'bulkMove', ids: [1], destination: 'DELETED' }))).toMatchObject({ 1: 'deleted@0', 2: 'deleted@1' });
  });

  it('hard deletes take the subtree; emptying the trash takes every trashed folder', () => {
    expect(applyFolderChange(LIST, { kind: 'bulkDestroy', ids: [30] }).map((x) => x.id)).toEqual([1, 2, 3, 10, 11, 20]);
    expect(applyFolderChange(LIST, { kind: 'destroyArchivedFolder', id: 31 }).map((x) => x.id)).toEqual([1, 2, 3, 10, 11, 20, 30]);
    expect(applyFolderChange(LIST, { kind: 'emptyTrash' }).map((x) => x.id)).toEqual([1, 2, 3, 10, 11, 20]);
  });
});

describe('projectFolders: dropping one pending change rolls back exactly that change', () => {
  it('keeps the other changes in place', () => {
    const a: FolderChange = { kind: 'rename', id: 1, name: 'Alpha' };
    const b: FolderChange = { kind: 'destroy', id: 10 };
    const c: FolderChange = { kind: 'insert', tempId: 9001, clientRef: 'c3', name: 'New', parentId: 'PRIVATE_CONTENT' };
    const withAll = projectFolders(LIST, [{ change: a }, { change: b }, { change: c }]);
    const withoutB = projectFolders(LIST, [{ change: a }, { change: c }]);
    expect(byId(withAll, 10)?.folderType).toBe('deleted');
    expect(byId(withoutB, 10)).toEqual(byId(LIST, 10));
    expect(byId(withoutB, 1)?.name).toBe('Alpha');
    expect(byId(withoutB, 9001)?.name).toBe('New');
  });
});

describe('folderChangeRequest (domain/content.ts events)', () => {
  it.each<[FolderChange, FolderRequest]>([
    [{ kind: 'insert', tempId: 9001, clientRef: 'c1', name: ' X ', parentId: 'SHARED_CONTENT' }, { name: 'folder.insert', payload: { name: 'X', parentId: 'SHARED_CONTENT', clientRef: 'c1' } }],
    [{ kind: 'rename', id: 2, name: 'Y ' }, { name: 'folder.update', payload: { id: 2, name: 'Y' } }],
    [{ kind: 'destroy', id: 2 }, { name: 'folder.destroy', payload: { id: 2 } }],
    [{ kind: 'restore', id: 30 }, { name: 'folder.restore', payload: { id: 30 } }],
    [{ kind: 'bulkArchive', ids: [1, 2] }, { name: 'folder.bulkArchive', payload: { ids: [1, 2] } }],
    [{ kind: 'bulkDestroy', ids: [30] }, { name: 'folder.bulkDestroy', payload: { ids: [30] } }],
    [{ kind: 'bulkMove', ids: [2], destination: 10 }, { name: 'folder.bulkMove', payload: { ids: [2], destination: 10 } }],
    [{ kind: 'destroyArchivedFolder', id: 31 }, { name: 'folder.destroyArchivedFolder', payload: { id: 31 } }],
    [{ kind: 'emptyTrash' }, { name: 'folder.destroyArchivedItems', payload: {} }],
  ])('%j', (change, request) => {
    expect(folderChangeRequest(change)).toEqual(request);
  });
});

describe('commitFolderChange (the server’s answer wins)', () => {
  it('an insert brings the real folder; the optimistic one never reaches the server’s list', () => {
    const base = commitFolderChange(LIST, { kind: 'insert', tempId: 9001, clientRef: 'c1', name: 'Drafts', parentId: 'PRIVATE_CONTENT' }, { folder: f(40, 'Drafts', 0, 'private'), clientRef: 'c1' });
    expect(base.map((x) => x.id)).toEqual([1, 2, 3, 10, 11, 20, 30, 31, 40]);
  });

  it('records sent back replace the optimistic guess (a restored shared folder lands in shared content)', () => {
    const base = commitFolderChange(LIST, { kind: 'restore', id: 31 }, { folders: [f(31, 'Older', 0, 'shared', 'owner')] });
    expect(byId(base, 31)).toMatchObject({ folderType: 'shared', parent: 0, role: 'owner' });
  });

  it('a short or unreadable answer still leaves the change as the user saw it', () => {
    expect(byId(commitFolderChange(LIST, { kind: 'destroy', id: 1 }, { folders: [f(1, 'A', 0, 'deleted')] }), 3)?.folderType).toBe('deleted');
    expect(commitFolderChange(LIST, { kind: 'emptyTrash' }, 'garbage').map((x) => x.id)).toEqual([1, 2, 3, 10, 11, 20]);
  });
});

describe('checkFolderChange (§5, §6: refused before anything is sent)', () => {
  const tree = buildFolderTree([...LIST, ...CHAIN]);
  it.each<[string, FolderChange, FolderChangeCheck]>([
    ['a folder in private content', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'New', parentId: 'PRIVATE_CONTENT' }, { ok: true, confirmation: null }],
    ['a subfolder at depth 7', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'Eighth', parentId: 106 }, { ok: false, reason: 'tooDeep' }],
    ['a subfolder at depth 6', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'Seventh', parentId: 105 }, { ok: true, confirmation: null }],
    ['a subfolder where the role is viewer', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'X', parentId: 20 }, { ok: false, reason: 'notPermitted' }],
    ['a subfolder of a folder that is gone', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'X', parentId: 999 }, { ok: false, reason: 'folderMissing' }],
    ['a name already taken (case-insensitive)', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'b', parentId: 1 }, { ok: false, reason: 'duplicate' }],
    ['an empty name', { kind: 'insert', tempId: 1, clientRef: 'c', name: '  ', parentId: 1 }, { ok: false, reason: 'empty' }],
    ['a name over 255', { kind: 'insert', tempId: 1, clientRef: 'c', name: 'x'.repeat(256), parentId: 1 }, { ok: false, reason: 'tooLong' }],
    ['a rename to a sibling’s name', { kind: 'rename', id: 10, name: 'VIEWER' }, { ok: false, reason: 'duplicate', failedId: 10 }],
    ['a rename keeping the name in another case', { kind: 'rename', id: 10, name: 'team' }, { ok: true, confirmation: null }],
    ['a rename by a viewer', { kind: 'rename', id: 20, name: 'Mine' }, { ok: false, reason: 'forbidden', failedId: 20 }],
    ['a delete by a viewer', { kind: 'bulkArchive', ids: [1, 20] }, { ok: false, reason: 'forbidden', failedId: 20 }],
    ['a delete of a trashed folder', { kind: 'destroy', id: 30 }, { ok: false, reason: 'invalidRequest', failedId: 30 }],
    ['a restore of a live folder', { kind: 'restore', id: 1 }, { ok: false, reason: 'invalidRequest', failedId: 1 }],
    ['a hard delete of a trashed folder', { kind: 'bulkDestroy', ids: [30] }, { ok: true, confirmation: null }],
    ['a hard delete of a live folder', { kind: 'destroyArchivedFolder', id: 2 }, { ok: false, reason: 'invalidRequest', failedId: 2 }],
    ['a move into its own subfolder', { kind: 'bulkMove', ids: [1], destination: 3 }, { ok: false, reason: 'intoDescendant', failedId: 1 }],
    ['a move that would pass depth 7', { kind: 'bulkMove', ids: [1], destination: 105 }, { ok: false, reason: 'tooDeep', failedId: 1 }],
    ['a move from private into shared asks first', { kind: 'bulkMove', ids: [2], destination: 10 }, { ok: true, confirmation: 'privateToShared' }],
    ['a move to the trash root', { kind: 'bulkMove', ids: [2], destination: 'DELETED' }, { ok: true, confirmation: null }],
    ['a move of nothing', { kind: 'bulkMove', ids: [], destination: 10 }, { ok: false, reason: 'invalidRequest' }],
    ['emptying the trash', { kind: 'emptyTrash' }, { ok: true, confirmation: null }],
  ])('%s', (_case, change, verdict) => {
    expect(checkFolderChange(tree, change)).toEqual(verdict);
  });
});

describe('remapFolderChange (a queued change names a folder just confirmed)', () => {
  it.each([
    [{ kind: 'rename', id: 9001, name: 'X' }, { kind: 'rename', id: 40, name: 'X' }],
    [{ kind: 'insert', tempId: 9002, clientRef: 'c2', name: 'Sub', parentId: 9001 }, { kind: 'insert', tempId: 9002, clientRef: 'c2', name: 'Sub', parentId: 40 }],
    [{ kind: 'bulkMove', ids: [2, 9001], destination: 9001 }, { kind: 'bulkMove', ids: [2, 40], destination: 40 }],
    [{ kind: 'bulkArchive', ids: [1] }, { kind: 'bulkArchive', ids: [1] }],
  ] as const)('%j', (change, expected) => {
    expect(remapFolderChange(change, 9001, 40)).toEqual(expected);
  });
});

describe('goneFolderIds and the refetch after a shared soft delete (§4)', () => {
  it('a live folder now trashed or removed, or a trashed folder now removed, is gone', () => {
    const after = normalizeFolders([f(1, 'A', 0, 'deleted'), f(2, 'B', 1, 'deleted'), f(3, 'C', 2, 'deleted'), f(10, 'Team', 0, 'shared', 'owner'), f(20, 'Viewer', 0, 'shared', 'viewer'), f(30, 'Old', 0, 'deleted')]);
    expect(goneFolderIds(LIST, after)).toEqual([1, 2, 3, 11, 31]);
    expect(goneFolderIds(LIST, LIST)).toEqual([]);
  });

  it('refetches when a shared folder went to the trash while a subfolder stayed live', () => {
    const partial = LIST.map((x) => (x.id === 10 ? { ...x, folderType: 'deleted' as const } : x));
    expect(needsRefetchAfterSoftDelete(LIST, partial)).toBe(true);
    expect(needsRefetchAfterSoftDelete(LIST, applyFolderChange(LIST, { kind: 'destroy', id: 10 }))).toBe(false);
    expect(needsRefetchAfterSoftDelete(LIST, applyFolderChange(LIST, { kind: 'destroy', id: 1 }))).toBe(false);
  });
});

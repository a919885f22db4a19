import { describe, expect, it } from 'vitest';
import { isFolderList, isItemPage, isItemRecord, parseContentPush } from './contentData.ts';

const item = {
  id: 'i1',
  title: 'Intro',
  product: 'rise',
  type: null,
  userId: 'u1',
  owner: { userId: 'u1', fullName: 'A', avatar: null },
  updatedBy: null,
  updatedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
  folderId: null,
  hash: 'h',
  archivedAt: null,
  isArchived: false,
  isStack: false,
  stackSize: 0,
  thumbnailUrl: null,
  isPrivate: true,
};

describe('records from the service', () => {
  it.each([
    ['a complete item', item, true],
    ['an item at the private root with folderId 0', { ...item, folderId: 0 }, true],
    ['an item without an id', { ...item, id: '' }, false],
    ['an item with a string folder id', { ...item, folderId: '12' }, false],
    ['an item without isStack', { ...item, isStack: undefined }, false],
    ['null', null, false],
  ])('isItemRecord: %s → %s', (_case, value, expected) => {
    expect(isItemRecord(value)).toBe(expected);
  });

  it.each([
    ['folders with parent or parentFolderId, team type', [{ id: 1, name: 'A', parent: 0, folderType: 'private' }, { id: 2, name: 'B', parentFolderId: 1, folderType: 'team' }], true],
    ['a folder of an unknown type', [{ id: 1, name: 'A', folderType: 'public' }], false],
    ['a folder with id 0', [{ id: 0, name: 'A', folderType: 'private' }], false],
    ['not a list', { id: 1 }, false],
  ])('isFolderList: %s → %s', (_case, value, expected) => {
    expect(isFolderList(value)).toBe(expected);
  });

  it.each([
    ['a page', { items: [item], count: 1, page: 1 }, true],
    ['page 0', { items: [], count: 0, page: 0 }, false],
    ['a negative count', { items: [], count: -1, page: 1 }, false],
    ['a bad item inside', { items: [{ id: 3 }], count: 1, page: 1 }, false],
  ])('isItemPage: %s → %s', (_case, value, expected) => {
    expect(isItemPage(value)).toBe(expected);
  });
});

describe('parseContentPush (§7 server pushes)', () => {
  it.each([
    ['item.updateHashed', { messageId: 'm', item }, true],
    ['item.updateHashed', { item: { id: 'x' } }, false],
    ['item.softDeleteHashed', { id: 'i1', folderId: 3, hash: 'h' }, true],
    ['item.hardDeleteHashed', { id: 'i1', folderId: null }, true],
    ['item.refresh', { folderId: 4 }, true],
    ['folder.updateHashed', { folders: [{ id: 1, name: 'A', parent: 0, folderType: 'deleted' }] }, true],
    ['folder.hardDeleted', { ids: [1, 2] }, true],
    ['folder.hardDeleted', { ids: ['1'] }, false],
    ['itemStack.updateHashed', { stack: { ...item, isStack: true } }, true],
    ['itemStack.moveHashed', { stackIds: ['s1'], toFolderId: null }, true],
    ['itemStack.softDeleteHashed', { stackIds: 's1' }, false],
    ['itemStack.hardDeleteHashed', { stackIds: ['s1'] }, true],
    ['comment.created', { id: 'c' }, false],
    ['item.refresh', 'not an object', false],
  ])('%s %j → %s', (name, data, ok) => {
    expect(parseContentPush(name, data) !== null).toBe(ok);
  });

  it('item.refresh without a folder means any folder', () => {
    expect(parseContentPush('item.refresh', { messageId: 'm' })).toEqual({ name: 'item.refresh', data: { messageId: 'm', folderId: null } });
  });
});

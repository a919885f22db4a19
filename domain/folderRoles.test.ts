import { describe, expect, it, vi } from 'vitest';
import {
  actionsForFolder,
  actionsForFolderRole,
  actionsForVirtualFolder,
  ALL_CONTENT,
  canChangePermissions,
  DEFAULT_MEMBER_ROLE,
  isActionAvailableForSelection,
  isFolderShareable,
  isItemVisibleTo,
  itemMenu,
  newPermissionEntry,
  PRIVATE_CONTENT,
  productFamily,
  SHARED_CONTENT,
  SINGLE_SELECTION_ACTIONS,
  TRASH_ROOT,
  type FolderAction,
  type SelectionAction,
} from './folderRoles.ts';

const sorted = (actions: readonly FolderAction[]) => [...actions].sort();
const noLog = () => {};

const VIEWER = ['viewFolder', 'viewPermissions', 'viewItem'] as const;
const EDITOR = [...VIEWER, 'createSubfolder', 'createItem', 'renameFolder', 'editItemMetadata', 'exportToLms', 'enableComments'] as const;
const MANAGER = [...EDITOR, 'changePermissions', 'moveFolder', 'moveItem'] as const;
const OWNER = [
  ...MANAGER,
  'deleteFolder',
  'unshareFolder',
  'deleteItem',
  'unshareItem',
  'restoreFolder',
  'restoreItem',
  'hardDeleteFolder',
  'hardDeleteItem',
  'deleteComment',
] as const;

describe('folder roles → actions (§6 "Folder roles: viewer, editor, manager, owner")', () => {
  it('"Viewer: view folder, view permissions, view item"', () => {
    expect(sorted(actionsForFolderRole('viewer', noLog))).toEqual(sorted(VIEWER));
  });
  it('"Editor adds: create subfolder, create item, rename folder, edit item metadata, export to LMS, enable comments"', () => {
    expect(sorted(actionsForFolderRole('editor', noLog))).toEqual(sorted(EDITOR));
  });
  it('"Manager adds: change folder permissions, move folder, move item"', () => {
    expect(sorted(actionsForFolderRole('manager', noLog))).toEqual(sorted(MANAGER));
  });
  it('"Owner adds: delete folder, unshare folder, delete item, unshare item, restore folder/item, hard delete folder/item, delete comment"', () => {
    expect(sorted(actionsForFolderRole('owner', noLog))).toEqual(sorted(OWNER));
  });

  it.each([['admin'], [''], [null], [undefined], [3], ['Owner']])('"An unknown role logs an error and grants no actions": %j', (role) => {
    const log = vi.fn();
    expect(actionsForFolderRole(role, log)).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]![0]).toContain('Unknown folder role');
  });

  it('a known role does not log', () => {
    const log = vi.fn();
    actionsForFolderRole('manager', log);
    expect(log).not.toHaveBeenCalled();
  });
});

describe('actions of real and virtual folders (§6)', () => {
  it('"Shared-content root gives editor actions"', () => {
    expect(sorted(actionsForVirtualFolder(SHARED_CONTENT))).toEqual(sorted(EDITOR));
  });
  it('"Trash folders give hard delete, restore and view only": the trash root', () => {
    expect(sorted(actionsForVirtualFolder(TRASH_ROOT))).toEqual(sorted(['hardDeleteFolder', 'hardDeleteItem', 'restoreFolder', 'restoreItem', 'viewFolder', 'viewItem']));
  });
  it('"Trash folders give hard delete, restore and view only": a trashed folder, whatever its role', () => {
    for (const role of ['viewer', 'owner', 'nonsense']) {
      const log = vi.fn();
      expect(sorted(actionsForFolder({ folderType: 'deleted', role }, log))).toEqual(sorted(actionsForVirtualFolder(TRASH_ROOT)));
      expect(log).not.toHaveBeenCalled();
    }
  });
  it('the private-content root is the user\'s own space (owner actions); all content is view-only', () => {
    expect(sorted(actionsForVirtualFolder(PRIVATE_CONTENT))).toEqual(sorted(OWNER));
    expect(sorted(actionsForVirtualFolder(ALL_CONTENT))).toEqual(sorted(VIEWER));
  });
  it('a private folder without a role is the user\'s own (owner); a shared folder without one logs and grants none', () => {
    expect(sorted(actionsForFolder({ folderType: 'private' }, noLog))).toEqual(sorted(OWNER));
    const log = vi.fn();
    expect(actionsForFolder({ folderType: 'shared', role: null }, log)).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
  });
  it('a shared folder takes its role\'s actions', () => {
    expect(sorted(actionsForFolder({ folderType: 'shared', role: 'viewer' }, noLog))).toEqual(sorted(VIEWER));
  });
});

describe('shared folder settings (§6)', () => {
  it('"Group members added default to editor"', () => {
    expect(DEFAULT_MEMBER_ROLE).toBe('editor');
    expect(newPermissionEntry('g1', 'group')).toEqual({ principalId: 'g1', principalType: 'group', role: 'editor', inherited: false });
    expect(newPermissionEntry('u1', 'user').role).toBe('editor');
  });
  it.each([
    ['viewer', false],
    ['editor', false],
    ['manager', true],
    ['owner', true],
  ] as const)('"roles are changed in a dropdown by those who can change permissions; otherwise the list is read-only": %s → %s', (role, editable) => {
    expect(canChangePermissions(actionsForFolderRole(role, noLog))).toBe(editable);
  });
});

describe('shareable folders (§6 "Shareable: not shared, trash or private root, and not a certain subscription state")', () => {
  it.each([
    ['a private folder', 5, 'private', true, true],
    ['a private folder while the subscription forbids sharing', 5, 'private', false, false],
    ['an already shared folder', 5, 'shared', true, false],
    ['a trashed folder', 5, 'deleted', true, false],
    ['the private root', PRIVATE_CONTENT, 'private', true, false],
    ['the shared root', SHARED_CONTENT, 'shared', true, false],
    ['the trash root', TRASH_ROOT, 'deleted', true, false],
    ['all content', ALL_CONTENT, null, true, false],
  ] as const)('%s → %s', (_case, id, folderType, allows, expected) => {
    expect(isFolderShareable({ id, folderType }, allows)).toBe(expected);
  });
});

describe('"Only owners see their archived items in trash" (§6)', () => {
  it.each([
    ['archived, owner', { userId: 'me', isArchived: true }, true],
    ['archived, not the owner', { userId: 'other', isArchived: true }, false],
    ['archivedAt set, not the owner', { userId: 'other', archivedAt: '2024-01-01T00:00:00Z' }, false],
    ['archivedAt cleared (restored), not the owner', { userId: 'other', archivedAt: null }, true],
    ['active, not the owner', { userId: 'other' }, true],
  ] as const)('%s → %s', (_case, item, visible) => {
    expect(isItemVisibleTo(item, 'me')).toBe(visible);
  });
});

describe('product families (§1)', () => {
  it.each([
    ['storyline', 'slide'],
    ['quizmaker', 'slide'],
    ['engage', 'slide'],
    ['presenter', 'slide'],
    ['rise', 'rise'],
    ['peek', 'video'],
    ['preso', 'video'],
    ['replay', 'video'],
    ['video', 'video'],
    ['studio', 'studio'],
    ['toString', null],
    [undefined, null],
  ] as const)('%s → %s', (product, family) => {
    expect(productFamily(product)).toBe(family);
  });
});

describe('item menu (§6: "Shown only to the owner or users with the needed action")', () => {
  const me = 'me';
  const storyline = { userId: 'other', product: 'storyline' };
  const video = { userId: 'other', product: 'peek' };
  const rise = { userId: 'other', product: 'rise' };

  it.each([
    ['viewer, storyline', 'viewer', storyline, []],
    ['editor, storyline', 'editor', storyline, ['rename', 'shareSettings', 'uploadNewVersion', 'duplicate']],
    ['manager, storyline', 'manager', storyline, ['rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'move']],
    ['owner role, storyline', 'owner', storyline, ['rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'move', 'delete']],
    ['viewer, video (download needs only viewing)', 'viewer', video, ['download']],
    ['editor, video', 'editor', video, ['exportToLms', 'rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'download']],
    ['owner role, rise (no new version, no LMS export, no download)', 'owner', rise, ['rename', 'shareSettings', 'duplicate', 'move', 'delete']],
  ] as const)('%s', (_case, role, item, entries) => {
    expect(itemMenu(item, actionsForFolderRole(role, noLog), me)).toEqual(entries);
  });

  it('the item owner sees every entry their item\'s product allows, even in a folder granting nothing', () => {
    expect(itemMenu({ userId: me, product: 'video' }, [], me)).toEqual(['exportToLms', 'rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'move', 'download', 'delete']);
    expect(itemMenu({ userId: me, product: 'storyline' }, [], me)).toEqual(['rename', 'shareSettings', 'uploadNewVersion', 'duplicate', 'move', 'delete']);
  });

  it('stacks: no share settings, no new version, no duplicate', () => {
    expect(itemMenu({ userId: me, product: 'storyline', isStack: true }, [], me)).toEqual(['rename', 'move', 'delete']);
  });

  it('"Archived items … offer remove from trash or delete forever" (§4)', () => {
    expect(itemMenu({ userId: me, product: 'storyline', isArchived: true }, [], me)).toEqual(['restore', 'deleteForever']);
    expect(itemMenu({ userId: 'other', product: 'storyline', archivedAt: 'x' }, actionsForVirtualFolder(TRASH_ROOT), me)).toEqual(['restore', 'deleteForever']);
    expect(itemMenu({ userId: 'other', product: 'storyline', isArchived: true }, [], me)).toEqual([]);
  });
});

describe('single-selection actions (§5 "share, duplicate, link, rename, LMS export, new version")', () => {
  it('lists exactly the six', () => {
    expect([...SINGLE_SELECTION_ACTIONS].sort()).toEqual(['copyLink', 'duplicate', 'exportToLms', 'rename', 'shareSettings', 'uploadNewVersion']);
  });
  it.each([
    ['shareSettings', 1, true],
    ['shareSettings', 2, false],
    ['duplicate', 3, false],
    ['copyLink', 1, true],
    ['rename', 2, false],
    ['exportToLms', 2, false],
    ['uploadNewVersion', 2, false],
    ['move', 5, true],
    ['delete', 2, true],
    ['restore', 2, true],
    ['delete', 0, false],
    ['rename', 0, false],
    ['move', 1.5, false],
  ] as [SelectionAction, number, boolean][])('%s with %d selected → %s', (action, count, available) => {
    expect(isActionAvailableForSelection(action, count)).toBe(available);
  });
});

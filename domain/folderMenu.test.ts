import { describe, expect, it } from 'vitest';
import { folderMenu, type FolderMenuEntry } from './folderMenu.ts';
import { ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId } from './folderRoles.ts';
import { buildFolderTree, type FolderRecord } from './folderTree.ts';

/** Private: 1 and a chain 10 > … > 16 (depth 7). Shared: one folder per role, and a folder with an unknown role. Trash: 40. */
const FOLDERS: FolderRecord[] = [
  { id: 1, name: 'Projects', parent: 0, folderType: 'private' },
  ...[10, 11, 12, 13, 14, 15, 16].map((id): FolderRecord => ({ id, name: `Level ${id - 9}`, parent: id === 10 ? 0 : id - 1, folderType: 'private' })),
  { id: 20, name: 'Viewer', parent: 0, folderType: 'shared', role: 'viewer' },
  { id: 21, name: 'Editor', parent: 0, folderType: 'shared', role: 'editor' },
  { id: 22, name: 'Manager', parent: 0, folderType: 'shared', role: 'manager' },
  { id: 23, name: 'Owner', parent: 0, folderType: 'team', role: 'owner' },
  { id: 24, name: 'Unknown', parent: 0, folderType: 'shared', role: 'superuser' },
  { id: 40, name: 'Old', parent: 0, folderType: 'deleted', role: 'owner' },
];
const tree = buildFolderTree(FOLDERS);

describe('the folder menu (§6: each command only for those with the action)', () => {
  it.each<[string, FolderId, boolean, FolderMenuEntry[]]>([
    ['own private folder', 1, true, ['newSubfolder', 'rename', 'move', 'share', 'delete']],
    ['own private folder, the subscription does not allow sharing', 1, false, ['newSubfolder', 'rename', 'move', 'delete']],
    ['a private folder at depth 7: no subfolder (§5)', 16, true, ['rename', 'move', 'share', 'delete']],
    ['shared, viewer: read-only settings', 20, true, ['sharedFolderSettings']],
    ['shared, editor', 21, true, ['newSubfolder', 'rename', 'sharedFolderSettings']],
    ['shared, manager', 22, true, ['newSubfolder', 'rename', 'move', 'sharedFolderSettings']],
    ['shared (team), owner', 23, true, ['newSubfolder', 'rename', 'move', 'sharedFolderSettings', 'delete']],
    ['shared, unknown role: nothing', 24, true, []],
    ['trashed folder: restore and delete forever', 40, true, ['restore', 'deleteForever']],
    ['all content', ALL_CONTENT, true, []],
    ['private content root', PRIVATE_CONTENT, true, []],
    ['shared content root', SHARED_CONTENT, true, []],
    ['trash root', TRASH_ROOT, true, []],
    ['a folder deleted meanwhile', 999, true, []],
  ])('%s', (_case, id, sharing, expected) => {
    expect(folderMenu(tree, id, { subscriptionAllowsSharing: sharing })).toEqual(expected);
  });
});

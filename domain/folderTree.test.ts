import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId } from './folderRoles.ts';
import { buildFolderTree, normalizeFolder, parseFolderIdParam, type FolderRecord, type FolderTree } from './folderTree.ts';

const FOLDERS: FolderRecord[] = [
  { id: 1, name: 'Projects', parent: 0, folderType: 'private' },
  { id: 3, name: 'Q1', parentFolderId: 2, folderType: 'private' },
  { id: 2, name: '2024', parentFolderId: 1, folderType: 'private' },
  { id: 4, name: 'Archive', parent: 1, folderType: 'private' },
  { id: 20, name: 'Team', parent: 0, folderType: 'team', role: 'owner' },
  { id: 21, name: 'Design', parent: 20, folderType: 'shared', role: 'viewer' },
  { id: 40, name: 'Old', parent: 1, folderType: 'deleted' },
  { id: 41, name: 'Old child', parent: 40, folderType: 'deleted' },
  { id: 50, name: 'Orphan', parent: 777, folderType: 'shared', role: 'editor' },
];

const ids = (nodes: readonly { id: FolderId }[]) => nodes.map((n) => n.id);

describe('folder records (§3 "parent (0 for root), parentFolderId (remapped to parent)")', () => {
  it.each([
    ['parentFolderId is remapped to parent', { id: 2, name: 'a', parentFolderId: 1, folderType: 'private' }, 1, 'private'],
    ['parent kept when there is no parentFolderId', { id: 2, name: 'a', parent: 1, folderType: 'private' }, 1, 'private'],
    ['no parent at all → 0 (root)', { id: 2, name: 'a', folderType: 'private' }, 0, 'private'],
    ['null parentFolderId → 0 (root)', { id: 2, name: 'a', parentFolderId: null, folderType: 'private' }, 0, 'private'],
    ['"team is the shared kind"', { id: 2, name: 'a', parent: 0, folderType: 'team' }, 0, 'shared'],
    ['isSoftDeleted → type deleted', { id: 2, name: 'a', parent: 0, folderType: 'shared', isSoftDeleted: true }, 0, 'deleted'],
  ] as [string, FolderRecord, number, string][])('%s', (_case, record, parent, folderType) => {
    const folder = normalizeFolder(record);
    expect(folder.parent).toBe(parent);
    expect(folder.folderType).toBe(folderType);
    expect('parentFolderId' in folder).toBe(false);
  });
});

describe('the folder tree and its virtual folders (§3)', () => {
  const tree = buildFolderTree(FOLDERS);

  it('has the four virtual roots in order: all content (ALL_CONTENT), private content, shared content, trash', () => {
    expect(ids(tree.roots)).toEqual([ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT]);
    expect(tree.roots.map((r) => r.depth)).toEqual([0, 0, 0, 0]);
    expect(tree.roots.map((r) => r.virtual)).toEqual([ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT]);
    expect(tree.size).toBe(FOLDERS.length + 4);
  });

  it.each([
    ['a private folder with parent 0 hangs under private content', 1, PRIVATE_CONTENT, 'private'],
    ['a team folder with parent 0 hangs under shared content', 20, SHARED_CONTENT, 'shared'],
    ['a trashed folder whose parent is live shows at the top of the trash', 40, TRASH_ROOT, 'trash'],
    ['a trashed folder inside a trashed folder stays inside it', 41, 40, 'trash'],
    ['a folder whose parent is not in the list hangs under its area\'s root', 50, SHARED_CONTENT, 'shared'],
    ['a subfolder hangs under its parent', 3, 2, 'private'],
  ] as const)('%s', (_case, id, parentId, area) => {
    expect(tree.get(id)?.parentId).toBe(parentId);
    expect(tree.get(id)?.area).toBe(area);
  });

  it('children keep the order of the list; all content has none', () => {
    expect(ids(tree.children(1))).toEqual([2, 4]);
    expect(ids(tree.children(PRIVATE_CONTENT))).toEqual([1]);
    expect(ids(tree.children(SHARED_CONTENT))).toEqual([20, 50]);
    expect(ids(tree.children(TRASH_ROOT))).toEqual([40]);
    expect(tree.children(ALL_CONTENT)).toEqual([]);
  });

  it('path (breadcrumbs) runs from the virtual root to the folder; ancestors are nearest first', () => {
    expect(ids(tree.path(3))).toEqual([PRIVATE_CONTENT, 1, 2, 3]);
    expect(ids(tree.ancestors(3))).toEqual([2, 1, PRIVATE_CONTENT]);
    expect(ids(tree.path(SHARED_CONTENT))).toEqual([SHARED_CONTENT]);
    expect(tree.ancestors(PRIVATE_CONTENT)).toEqual([]);
  });

  it('descendants are listed in pre-order', () => {
    expect(ids(tree.descendants(1))).toEqual([2, 3, 4]);
    expect(ids(tree.descendants(PRIVATE_CONTENT))).toEqual([1, 2, 3, 4]);
    expect(tree.descendants(3)).toEqual([]);
    expect(tree.isDescendant(3, 1)).toBe(true);
    expect(tree.isDescendant(1, 3)).toBe(false);
    expect(tree.isDescendant(1, 1)).toBe(false);
    expect(tree.isDescendant(3, PRIVATE_CONTENT)).toBe(true);
    expect(tree.isDescendant(3, SHARED_CONTENT)).toBe(false);
  });

  it('depth: virtual roots 0, a top-level folder 1, one more per level; subtree depth counts the levels below', () => {
    expect([tree.depth(PRIVATE_CONTENT), tree.depth(1), tree.depth(2), tree.depth(3), tree.depth(41)]).toEqual([0, 1, 2, 3, 2]);
    expect([tree.subtreeDepth(1), tree.subtreeDepth(2), tree.subtreeDepth(3), tree.subtreeDepth(PRIVATE_CONTENT)]).toEqual([2, 1, 0, 3]);
  });

  it('unknown ids give nothing rather than throwing', () => {
    expect(tree.get(999)).toBeUndefined();
    expect(tree.has(999)).toBe(false);
    expect(tree.has(0)).toBe(false);
    expect(tree.children(999)).toEqual([]);
    expect(tree.path(999)).toEqual([]);
    expect(tree.ancestors(999)).toEqual([]);
    expect(tree.descendants(999)).toEqual([]);
    expect(tree.depth(999)).toBeNull();
    expect(tree.subtreeDepth(999)).toBeNull();
    expect(tree.isDescendant(999, 1)).toBe(false);
  });

  it('each node carries its folder\'s actions (a viewer folder cannot create subfolders)', () => {
    expect(tree.get(21)?.actions.has('viewItem')).toBe(true);
    expect(tree.get(21)?.actions.has('createSubfolder')).toBe(false);
    expect(tree.get(1)?.actions.has('moveFolder')).toBe(true);
  });
});

describe('bad folder lists never crash the tree', () => {
  it('an unknown role is logged while building, and grants nothing', () => {
    const log = vi.fn();
    const tree = buildFolderTree([{ id: 1, name: 'x', parent: 0, folderType: 'shared', role: 'superuser' }], { log });
    expect(tree.get(1)?.actions.size).toBe(0);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Unknown folder role "superuser"'));
  });

  it('a repeated id keeps the first folder; an invalid id is skipped; both are logged', () => {
    const log = vi.fn();
    const tree = buildFolderTree(
      [
        { id: 1, name: 'first', parent: 0, folderType: 'private' },
        { id: 1, name: 'second', parent: 0, folderType: 'private' },
        { id: 0, name: 'zero', parent: 0, folderType: 'private' },
        { id: -2, name: 'negative', parent: 0, folderType: 'private' },
        { id: Number.NaN, name: 'nan', parent: 0, folderType: 'private' },
      ],
      { log },
    );
    expect(tree.get(1)?.name).toBe('first');
    expect(tree.size).toBe(5);
    expect(log).toHaveBeenCalledTimes(4);
  });

  it('a parent cycle is cut: one folder of it moves to the top of its area, the rest hang below it', () => {
    const log = vi.fn();
    const tree = buildFolderTree(
      [
        { id: 1, name: 'a', parent: 3, folderType: 'private' },
        { id: 2, name: 'b', parent: 1, folderType: 'private' },
        { id: 3, name: 'c', parent: 2, folderType: 'private' },
        { id: 4, name: 'self', parent: 4, folderType: 'private' },
      ],
      { log },
    );
    expect(ids(tree.path(3))).toEqual([PRIVATE_CONTENT, 1, 2, 3]);
    expect(tree.get(4)?.parentId).toBe(PRIVATE_CONTENT);
    expect(log).toHaveBeenCalledWith('Folder 1 is its own ancestor; shown at the top of its area');
  });
});

describe('folder ids in routes (§2 "/review/folder/{folderId}"; the root id redirects to /review)', () => {
  it.each([
    ['12', 12],
    [ALL_CONTENT, ALL_CONTENT],
    [TRASH_ROOT, TRASH_ROOT],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    ['99999999999999999999', null],
    [undefined, null],
  ] as const)('%j → %j', (param, id) => {
    expect(parseFolderIdParam(param)).toBe(id);
  });
});

/** Any list at all: parents may be missing, cyclic, of another type, or the folder itself. */
const anyFolderList = fc.integer({ min: 0, max: 120 }).chain((n) =>
  fc.array(
    fc.record({
      parent: fc.integer({ min: 0, max: n + 3 }),
      folderType: fc.constantFrom('private' as const, 'shared' as const, 'team' as const, 'deleted' as const),
      role: fc.constantFrom('viewer', 'editor', 'manager', 'owner', 'bogus', undefined),
    }),
    { minLength: n, maxLength: n },
  ),
);

function checkInvariants(tree: FolderTree, records: readonly FolderRecord[]) {
  // Every folder is reached exactly once from the roots.
  const reached = tree.roots.flatMap((root) => ids(tree.descendants(root.id)));
  expect(new Set(reached).size).toBe(reached.length);
  expect(reached.sort((a, b) => Number(a) - Number(b))).toEqual(records.map((r) => r.id));
  for (const node of tree.nodes) {
    const kids = tree.children(node.id);
    for (const child of kids) {
      expect(child.parentId).toBe(node.id);
      expect(child.depth).toBe(node.depth + 1);
    }
    expect(node.subtreeDepth).toBe(kids.length === 0 ? 0 : Math.max(...kids.map((k) => k.subtreeDepth + 1)));
    const path = tree.path(node.id);
    expect(path[0]?.virtual).not.toBeNull();
    expect(path.at(-1)?.id).toBe(node.id);
    expect(path.length).toBe(node.depth + 1);
  }
}

describe('tree invariants on arbitrary lists (fast-check)', () => {
  it('never throws; each folder appears once; depth and subtree depth agree with the children; paths start at a root', () => {
    fc.assert(
      fc.property(anyFolderList, (rows) => {
        const records: FolderRecord[] = rows.map((row, i) => ({ id: i + 1, name: `f${i + 1}`, ...row }));
        checkInvariants(buildFolderTree(records), records);
      }),
      { numRuns: 200 },
    );
  });

  it('the order of the list does not change depths or parents', () => {
    fc.assert(
      fc.property(
        anyFolderList.filter((rows) => rows.length > 0),
        fc.integer(),
        (rows, seed) => {
          // Only acyclic lists: with a cycle, where it is cut depends on the order.
          const records: FolderRecord[] = rows.map((row, i) => ({ id: i + 1, name: `f${i + 1}`, ...row, parent: row.parent % (i + 1) }));
          const shuffled = [...records].sort((a, b) => ((a.id * 7919 + seed) % 101) - ((b.id * 7919 + seed) % 101));
          const a = buildFolderTree(records);
          const b = buildFolderTree(shuffled);
          for (const r of records) {
            expect(b.depth(r.id)).toBe(a.depth(r.id));
            expect(b.get(r.id)?.parentId).toBe(a.get(r.id)?.parentId);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

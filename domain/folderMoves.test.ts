import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCKED_NON_OWNER_ITEM_MOVES,
  canCreateSubfolder,
  canTrashItem,
  folderMoveValidity,
  itemMoveValidity,
  moveConfirmation,
  restoreTarget,
  validFolderTargets,
  type FolderMoveResult,
} from './folderMoves.ts';
import { ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT, type FolderId, type FolderType } from './folderRoles.ts';
import { buildFolderTree, type FolderRecord } from './folderTree.ts';

/** Private: 1 > 2 > 3 and a chain 10 > 11 > … > 16 (depths 1–7). Shared: 20 (owner) > 21 (viewer), 22 (manager) > 23 (editor); 30 (viewer). Trash: 40 > 41. */
const FOLDERS: FolderRecord[] = [
  { id: 1, name: 'Projects', parent: 0, folderType: 'private' },
  { id: 2, name: '2024', parent: 1, folderType: 'private' },
  { id: 3, name: 'Q1', parent: 2, folderType: 'private' },
  ...[10, 11, 12, 13, 14, 15, 16].map((id): FolderRecord => ({ id, name: `Level ${id - 9}`, parent: id === 10 ? 0 : id - 1, folderType: 'private' })),
  { id: 20, name: 'Team', parent: 0, folderType: 'shared', role: 'owner' },
  { id: 21, name: 'Design', parent: 20, folderType: 'shared', role: 'viewer' },
  { id: 22, name: 'Marketing', parent: 20, folderType: 'shared', role: 'manager' },
  { id: 23, name: 'Ads', parent: 22, folderType: 'shared', role: 'editor' },
  { id: 30, name: 'Read only', parent: 0, folderType: 'shared', role: 'viewer' },
  { id: 40, name: 'Old', parent: 1, folderType: 'deleted' },
  { id: 41, name: 'Old child', parent: 40, folderType: 'deleted' },
];
const tree = buildFolderTree(FOLDERS);

describe('creating a subfolder (§5 "a subfolder can be created only when the current depth is under 7")', () => {
  it.each([
    ['depth 6', 15, { ok: true }],
    ['depth 7', 16, { ok: false, reason: 'tooDeep' }],
    ['the shared root (editor actions)', SHARED_CONTENT, { ok: true }],
    ['the private root', PRIVATE_CONTENT, { ok: true }],
    ['a viewer folder ("permission is missing")', 21, { ok: false, reason: 'notPermitted' }],
    ['the trash root', TRASH_ROOT, { ok: false, reason: 'notPermitted' }],
    ['all content', ALL_CONTENT, { ok: false, reason: 'notPermitted' }],
    ['a folder deleted meanwhile', 999, { ok: false, reason: 'folderMissing' }],
  ] as const)('%s', (_case, id, expected) => {
    expect(canCreateSubfolder(tree, id)).toEqual(expected);
  });
});

describe('folder move validity (§5)', () => {
  it.each([
    ['the moved folder was deleted meanwhile', 999, 1, { ok: false, reason: 'folderMissing' }],
    ['a virtual folder cannot move', PRIVATE_CONTENT, 20, { ok: false, reason: 'notMovable' }],
    ['"the target exists"', 2, 999, { ok: false, reason: 'targetMissing' }],
    ['"is not the folder itself"', 2, 2, { ok: false, reason: 'sameFolder' }],
    ['"is not the current parent"', 2, 1, { ok: false, reason: 'alreadyInParent' }],
    ['"is not the current parent" (a top-level folder onto its root)', 1, PRIVATE_CONTENT, { ok: false, reason: 'alreadyInParent' }],
    ['"is not a descendant"', 1, 3, { ok: false, reason: 'intoDescendant' }],
    ['"allows subfolder creation": a viewer folder', 2, 21, { ok: false, reason: 'targetForbidsSubfolders' }],
    ['"allows subfolder creation": all content', 2, ALL_CONTENT, { ok: false, reason: 'targetForbidsSubfolders' }],
    ['"allows subfolder creation": a trashed folder', 2, 41, { ok: false, reason: 'targetForbidsSubfolders' }],
    ['"(or is trash)"', 2, TRASH_ROOT, { ok: true, confirmation: null }],
    ['"the user may move it": a viewer folder', 21, 22, { ok: false, reason: 'notPermitted' }],
    ['"the user may move it": an editor folder', 23, 20, { ok: false, reason: 'notPermitted' }],
    ['"the user may move it": a trashed folder (restore it instead)', 41, 1, { ok: false, reason: 'notPermitted' }],
    ['depth: 6 + 1 + subtree 2 = 9 > 7', 1, 15, { ok: false, reason: 'tooDeep' }],
    ['depth: 7 + 1 + 0 = 8 > 7', 3, 16, { ok: false, reason: 'tooDeep' }],
    ['depth: 6 + 1 + 0 = 7 is allowed', 3, 15, { ok: true, confirmation: null }],
    ['depth: 5 + 1 + subtree 1 = 7 is allowed', 2, 14, { ok: true, confirmation: null }],
    ['private → shared needs confirmation', 2, 20, { ok: true, confirmation: 'privateToShared' }],
    ['shared → private needs confirmation', 22, PRIVATE_CONTENT, { ok: true, confirmation: 'sharedToPrivate' }],
    ['shared → shared needs none', 22, SHARED_CONTENT, { ok: true, confirmation: null }],
  ] as [string, FolderId, FolderId, FolderMoveResult][])('%s', (_case, folderId, targetId, expected) => {
    expect(folderMoveValidity(tree, folderId, targetId)).toEqual(expected);
  });

  it('the move dialog lists only valid targets', () => {
    expect(validFolderTargets(tree, 3).map((n) => n.id)).toEqual([PRIVATE_CONTENT, 1, 10, 11, 12, 13, 14, 15, SHARED_CONTENT, 20, 22, 23, TRASH_ROOT]);
  });
});

describe('move confirmations (§6 "Moving into shared areas needs confirmation")', () => {
  it.each([
    ['private', 'shared', 'privateToShared'],
    ['shared', 'private', 'sharedToPrivate'],
    ['private', 'private', null],
    ['shared', 'shared', null],
    ['private', 'trash', null],
    ['all', 'shared', null],
  ] as const)('%s → %s: %s', (from, to, expected) => {
    expect(moveConfirmation(from, to)).toBe(expected);
  });
});

describe('item move validity (§5, §6 "Moving an item")', () => {
  const mine = (folderId: FolderId | null, extra: object = {}) => ({ userId: 'me', folderId, ...extra });
  const theirs = (folderId: FolderId | null) => ({ userId: 'other', folderId });

  it.each([
    ['"An item cannot move to its own folder"', mine(2), 2, { ok: false, reason: 'alreadyInFolder' }],
    ['an item of the private root (folderId 0) onto the private root', mine(0), PRIVATE_CONTENT, { ok: false, reason: 'alreadyInFolder' }],
    ['an item of the private root (folderId null) onto the private root', mine(null), PRIVATE_CONTENT, { ok: false, reason: 'alreadyInFolder' }],
    ['the destination was deleted meanwhile', mine(2), 999, { ok: false, reason: 'targetMissing' }],
    ['archived items cannot be moved', mine(2, { archivedAt: '2024-05-01' }), 3, { ok: false, reason: 'archived' }],
    ['owner: "may move it to a folder where createItem is allowed"', mine(2), 3, { ok: true, confirmation: null }],
    ['owner: not into a viewer folder', mine(2), 21, { ok: false, reason: 'targetForbidsItems' }],
    ['owner: not into all content', mine(2), ALL_CONTENT, { ok: false, reason: 'targetForbidsItems' }],
    ['owner: not into the trash (that is a trash action)', mine(2), TRASH_ROOT, { ok: false, reason: 'targetForbidsItems' }],
    ['owner: out of a viewer folder (the source does not matter)', mine(21), 2, { ok: true, confirmation: 'sharedToPrivate' }],
    ['owner: private → shared asks for confirmation', mine(2), 22, { ok: true, confirmation: 'privateToShared' }],
    ['non-owner with moveItem on the source', theirs(22), 23, { ok: true, confirmation: null }],
    ['the shared root holds team folders, not items', theirs(22), SHARED_CONTENT, { ok: false, reason: 'targetForbidsItems' }],
    ['non-owner "needs moveItem on the source folder" (editor)', theirs(23), 22, { ok: false, reason: 'notPermitted' }],
    ['non-owner: "the destination permits creating or moving items" (viewer)', theirs(20), 30, { ok: false, reason: 'targetForbidsItems' }],
    ['non-owner: shared → private is blocked', theirs(22), 1, { ok: false, reason: 'blockedFolderTypes' }],
    ['non-owner: shared → private root is blocked', theirs(20), PRIVATE_CONTENT, { ok: false, reason: 'blockedFolderTypes' }],
    ['non-owner: source folder not visible', theirs(777), 20, { ok: false, reason: 'notPermitted' }],
  ] as const)('%s', (_case, item, target, expected) => {
    expect(itemMoveValidity(tree, item, target, 'me')).toEqual(expected);
  });

  it('blocks exactly one pair for non-owners: shared → private', () => {
    expect(BLOCKED_NON_OWNER_ITEM_MOVES).toEqual([['shared', 'private']]);
  });

  it.each([
    ['the owner', { userId: 'me', folderId: 21 }, true],
    ['a folder owner (deleteItem)', { userId: 'other', folderId: 20 }, true],
    ['a manager (no deleteItem)', { userId: 'other', folderId: 22 }, false],
    ['an archived item', { userId: 'me', folderId: 2, isArchived: true }, false],
  ] as const)('trash (delete, or drag onto the trash root): %s → %s', (_case, item, expected) => {
    expect(canTrashItem(tree, item, 'me')).toBe(expected);
  });
});

describe('"Restoring into a deleted parent places the item in the private content folder" (§4)', () => {
  it.each([
    ['its folder still exists', 22, 22],
    ['its folder is in the trash', 41, PRIVATE_CONTENT],
    ['its folder was deleted forever', 999, PRIVATE_CONTENT],
    ['it was in the private root', 0, PRIVATE_CONTENT],
  ] as const)('%s → %s', (_case, folderId, target) => {
    expect(restoreTarget(tree, { folderId })).toBe(target);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property tests: the tree's answers against a brute-force walk over the raw records.

type Rec = { id: number; name: string; parent: number; folderType: FolderType; role?: string };

/** Random consistent trees: up to 300 folders, depth up to 9; a child shares its parent's type. */
const randomTree = fc.integer({ min: 1, max: 300 }).chain((n) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), fc.nat(3)), { minLength: n, maxLength: n }),
      fc.array(fc.constantFrom<FolderType>('private', 'shared', 'deleted'), { minLength: n, maxLength: n }),
      fc.array(fc.constantFrom('viewer', 'editor', 'manager', 'owner', 'owner', 'manager', 'bogus', undefined), { minLength: n, maxLength: n }),
      fc.array(fc.nat(), { minLength: n, maxLength: n }),
    )
    .map(([picks, types, roles, sortKeys]) => {
      const recs: Rec[] = [];
      const depth: number[] = [];
      for (let i = 0; i < n; i++) {
        const [pick, mode] = picks[i]!;
        // Mode 0: top level; 1: any earlier folder; 2–3: a recent one (deep chains).
        const parentIndex = i === 0 || mode === 0 ? -1 : mode === 1 ? pick % i : Math.max(0, i - 1 - (pick % 3));
        const tooDeep = parentIndex >= 0 && depth[parentIndex]! + 1 > 9;
        const p = parentIndex < 0 || tooDeep ? -1 : parentIndex;
        const folderType = p < 0 ? types[i]! : recs[p]!.folderType;
        const role = roles[i];
        recs.push({ id: i + 1, name: `f${i + 1}`, parent: p < 0 ? 0 : p + 1, folderType, ...(role === undefined ? {} : { role }) });
        depth.push(p < 0 ? 1 : depth[p]! + 1);
      }
      // The list arrives in any order.
      return recs.map((r, i) => ({ r, k: sortKeys[i]! })).sort((a, b) => a.k - b.k).map(({ r }) => r);
    }),
);

const VIRTUALS: FolderId[] = [ALL_CONTENT, PRIVATE_CONTENT, SHARED_CONTENT, TRASH_ROOT];

/** An independent reading of §5/§6 over the raw list: walks parents from scratch for every question. */
function bruteForce(recs: readonly Rec[]) {
  const byId = new Map(recs.map((r) => [r.id, r]));
  const rootOf = (type: FolderType): FolderId => (type === 'private' ? PRIVATE_CONTENT : type === 'shared' ? SHARED_CONTENT : TRASH_ROOT);
  const parentOf = (id: FolderId): FolderId | null => {
    if (typeof id !== 'number') return null;
    const r = byId.get(id)!;
    return r.parent === 0 ? rootOf(r.folderType) : r.parent;
  };
  const exists = (id: FolderId) => (typeof id === 'number' ? byId.has(id) : VIRTUALS.includes(id));
  const depthOf = (id: FolderId) => {
    let d = 0;
    for (let p = parentOf(id); p !== null; p = parentOf(p)) d++;
    return d;
  };
  const isAncestor = (a: FolderId, x: FolderId) => {
    for (let p = parentOf(x); p !== null; p = parentOf(p)) if (p === a) return true;
    return false;
  };
  const subtreeDepth = (id: FolderId) => {
    let max = 0;
    for (const r of recs) if (isAncestor(id, r.id)) max = Math.max(max, depthOf(r.id) - depthOf(id));
    return max;
  };
  const roleIs = (id: number, roles: string[]) => {
    const r = byId.get(id)!;
    if (r.folderType === 'deleted') return false;
    const role = r.role ?? (r.folderType === 'private' ? 'owner' : undefined);
    return role !== undefined && roles.includes(role);
  };
  const allowsSubfolders = (id: FolderId) =>
    typeof id === 'number' ? roleIs(id, ['editor', 'manager', 'owner']) : id === PRIVATE_CONTENT || id === SHARED_CONTENT;
  const mayMove = (id: number) => roleIs(id, ['manager', 'owner']);
  const area = (id: FolderId) => {
    const type = typeof id === 'number' ? byId.get(id)!.folderType : id === PRIVATE_CONTENT ? 'private' : id === SHARED_CONTENT ? 'shared' : 'other';
    return type;
  };
  const move = (folderId: FolderId, targetId: FolderId): FolderMoveResult => {
    if (!exists(folderId)) return { ok: false, reason: 'folderMissing' };
    if (typeof folderId !== 'number') return { ok: false, reason: 'notMovable' };
    if (!exists(targetId)) return { ok: false, reason: 'targetMissing' };
    if (targetId === folderId) return { ok: false, reason: 'sameFolder' };
    if (parentOf(folderId) === targetId) return { ok: false, reason: 'alreadyInParent' };
    if (isAncestor(folderId, targetId)) return { ok: false, reason: 'intoDescendant' };
    if (!allowsSubfolders(targetId) && targetId !== TRASH_ROOT) return { ok: false, reason: 'targetForbidsSubfolders' };
    if (!mayMove(folderId)) return { ok: false, reason: 'notPermitted' };
    if (depthOf(targetId) + 1 + subtreeDepth(folderId) > 7) return { ok: false, reason: 'tooDeep' };
    const from = area(folderId);
    const to = area(targetId);
    return { ok: true, confirmation: from === 'private' && to === 'shared' ? 'privateToShared' : from === 'shared' && to === 'private' ? 'sharedToPrivate' : null };
  };
  return { byId, parentOf, depthOf, isAncestor, subtreeDepth, move };
}

/** Candidate ids for a tree: every folder, the virtual folders, and ids that do not exist. */
const candidates = (recs: readonly Rec[]): FolderId[] => [...recs.map((r) => r.id), ...VIRTUALS, recs.length + 1, 10_000];

const treeWithPairs = randomTree.chain((recs) =>
  fc.tuple(fc.constant(recs), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 40 })),
);

describe('folder move validity against a brute-force walk (fast-check)', () => {
  it('depth, subtree depth and descendants agree with walking the parents', () => {
    fc.assert(
      fc.property(randomTree, (recs) => {
        const t = buildFolderTree(recs);
        const brute = bruteForce(recs);
        for (const r of recs) {
          expect(t.depth(r.id)).toBe(brute.depthOf(r.id));
          expect(t.subtreeDepth(r.id)).toBe(brute.subtreeDepth(r.id));
          expect(new Set(t.descendants(r.id).map((d) => d.id))).toEqual(new Set(recs.filter((x) => brute.isAncestor(r.id, x.id)).map((x) => x.id)));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('every (folder, target) pair gets the same answer and the same reason', () => {
    fc.assert(
      fc.property(treeWithPairs, ([recs, pairs]) => {
        const t = buildFolderTree(recs);
        const brute = bruteForce(recs);
        const ids = candidates(recs);
        for (const [a, b] of pairs) {
          const folderId = ids[a % ids.length]!;
          const targetId = ids[b % ids.length]!;
          expect([folderId, targetId, folderMoveValidity(t, folderId, targetId)]).toEqual([folderId, targetId, brute.move(folderId, targetId)]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a valid move never makes any folder deeper than 7', () => {
    fc.assert(
      fc.property(treeWithPairs, ([recs, pairs]) => {
        const t = buildFolderTree(recs);
        const ids = candidates(recs);
        for (const [a, b] of pairs) {
          const folderId = ids[a % ids.length]!;
          const targetId = ids[b % ids.length]!;
          if (!folderMoveValidity(t, folderId, targetId).ok) continue;
          const moved = new Set([folderId, ...t.descendants(folderId).map((d) => d.id)]);
          const target = t.get(targetId)!;
          const newType: FolderType = target.folderType ?? 'private';
          const after = recs.map((r) =>
            r.id === folderId
              ? { ...r, parent: typeof targetId === 'number' ? targetId : 0, folderType: newType }
              : moved.has(r.id)
                ? { ...r, folderType: newType }
                : r,
          );
          const t2 = buildFolderTree(after);
          expect(t2.get(folderId)?.parentId).toBe(targetId);
          for (const id of moved) expect(t2.depth(id)!).toBeLessThanOrEqual(7);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a folder never moves into its own descendants (nor into itself)', () => {
    fc.assert(
      fc.property(randomTree, (recs) => {
        const t = buildFolderTree(recs);
        for (const r of recs) {
          expect(folderMoveValidity(t, r.id, r.id)).toEqual({ ok: false, reason: 'sameFolder' });
          for (const d of t.descendants(r.id)) expect(folderMoveValidity(t, r.id, d.id)).toEqual({ ok: false, reason: 'intoDescendant' });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a subfolder can be created exactly where a fresh leaf folder could be moved in by depth (depth < 7)', () => {
    fc.assert(
      fc.property(randomTree, (recs) => {
        const t = buildFolderTree(recs);
        for (const node of t.nodes) {
          const result = canCreateSubfolder(t, node.id);
          if (result.ok) expect(node.depth + 1).toBeLessThanOrEqual(7);
          else if (node.actions.has('createSubfolder')) expect(result).toEqual({ ok: false, reason: 'tooDeep' });
        }
      }),
      { numRuns: 60 },
    );
  });
});

/**
 * The access rules of server/content/access.ts on small hand-made snapshots (no server), and the
 * request wrapper's handling of a fault.
 */
import { describe, expect, it } from 'vitest';
import type { ContentContext } from '../../server/content/common.ts';
import {
  canSeeFolder,
  createSnapshot,
  effectiveEntries,
  effectiveRole,
  folderAudience,
  userAccess,
  type EntryFacts,
  type FolderFacts,
} from '../../server/content/access.ts';
import { answerContentRequest, contentHandlers } from '../../server/content/socket.ts';
import type { Realtime } from '../../server/realtime.ts';
import type { Db } from '../../server/db/database.ts';

function folder(id: number, parent: number | null, type: FolderFacts['folder_type'], owner = 'owner', original: FolderFacts['original_type'] = null): FolderFacts {
  return { id, name: `F${id}`, parent_id: parent, folder_type: type, original_type: original, trash_root_id: null, owner_aid: owner, subscription_id: null, hash: 'h' };
}

function entry(folderId: number, principal: string, role: EntryFacts['role'], type: EntryFacts['principal_type'] = 'user'): EntryFacts {
  return { folder_id: folderId, principal_id: principal, principal_type: type, role };
}

// 1 shared root ─ 2 ─ 3 ─ 4, 5 trashed shared under 1, 10 private of ann ─ 11.
const folders = [
  folder(1, null, 'shared'),
  folder(2, 1, 'shared'),
  folder(3, 2, 'shared'),
  folder(4, 3, 'shared'),
  folder(5, 1, 'deleted', 'owner', 'shared'),
  folder(10, null, 'private', 'ann'),
  folder(11, 10, 'private', 'ann'),
];
const entries = [
  entry(1, 'ann', 'owner'),
  entry(1, 'bob', 'editor'),
  entry(1, 'writers', 'viewer', 'group'),
  // At folder 3 Bob is only a viewer (nearest wins), Cy a manager through his group beside a viewer entry.
  entry(3, 'bob', 'viewer'),
  entry(3, 'cy', 'viewer'),
  entry(3, 'translators', 'manager', 'group'),
];
const memberships = [
  { group_id: 'writers', user_aid: 'dee' },
  { group_id: 'translators', user_aid: 'cy' },
];
const snapshot = createSnapshot(folders, entries, memberships);

describe('effective role', () => {
  it.each([
    ['ann', 4, 'owner'],
    ['bob', 2, 'editor'],
    ['bob', 3, 'viewer'],
    ['bob', 4, 'viewer'],
    ['cy', 2, null],
    ['cy', 3, 'manager'],
    ['dee', 4, 'viewer'],
    ['eve', 1, null],
  ] as const)('%s on folder %i is %s', (aid, folderId, role) => {
    expect(effectiveRole(snapshot, aid, folderId)).toBe(role);
  });
});

describe('visibility', () => {
  it.each([
    ['ann', 10, true],
    ['bob', 10, false],
    ['ann', 5, true],
    ['bob', 5, false],
    ['cy', 4, true],
    ['cy', 1, false],
    ['eve', 2, false],
    ['ann', 99, false],
  ] as const)('%s sees folder %i: %s', (aid, folderId, visible) => {
    expect(canSeeFolder(snapshot, aid, folderId)).toBe(visible);
  });

  it('lists the audience: private to its owner, shared to every principal up the chain, trashed shared to owners', () => {
    expect([...folderAudience(snapshot, 11)]).toEqual(['ann']);
    expect([...folderAudience(snapshot, 4)].sort()).toEqual(['ann', 'bob', 'cy', 'dee']);
    expect([...folderAudience(snapshot, 2)].sort()).toEqual(['ann', 'bob', 'dee']);
    expect([...folderAudience(snapshot, 5)]).toEqual(['ann']);
  });

  it('gives own entries and the nearest inherited entry per principal', () => {
    expect(effectiveEntries(snapshot, 4)).toEqual([
      { principalId: 'bob', principalType: 'user', role: 'viewer', inherited: true },
      { principalId: 'cy', principalType: 'user', role: 'viewer', inherited: true },
      { principalId: 'translators', principalType: 'group', role: 'manager', inherited: true },
      { principalId: 'ann', principalType: 'user', role: 'owner', inherited: true },
      { principalId: 'writers', principalType: 'group', role: 'viewer', inherited: true },
    ]);
    expect(effectiveEntries(snapshot, 1).every((e) => !e.inherited)).toBe(true);
  });
});

describe('userAccess', () => {
  it("keeps hidden ancestors in the decision tree without actions, so depths are real, and out of the user's list", () => {
    const access = userAccess(snapshot, 'cy');
    expect(access.records.map((r) => r.id)).toEqual([3, 4]);
    expect(access.records.find((r) => r.id === 3)).toMatchObject({ role: 'manager', parent: 2, folderType: 'shared' });
    expect(access.tree.depth(3)).toBe(3);
    expect(access.tree.get(2)?.actions.size).toBe(0);
    expect(access.isVisible(2)).toBe(false);
    expect(access.liveFolderIds()).toEqual([3, 4]);
  });

  it('gives a private owner no role and the trashed folder as deleted', () => {
    const access = userAccess(snapshot, 'ann');
    expect(access.record(10)).toMatchObject({ role: null, folderType: 'private', parent: 0 });
    expect(access.record(5)).toMatchObject({ folderType: 'deleted', isSoftDeleted: true, role: 'owner' });
    expect(access.liveFolderIds()).not.toContain(5);
  });
});

describe('answerContentRequest', () => {
  it('answers a fault with serverError, logs it, and does not throw', async () => {
    const logged: string[] = [];
    const failingDb = new Proxy({} as Db, {
      get: () => {
        throw new Error('database is on fire');
      },
    });
    const context: ContentContext = {
      db: failingDb,
      realtime: {} as Realtime,
      avatarUrl: () => null,
      logError: (_error, where) => logged.push(where),
    };
    const ack = await answerContentRequest(context, contentHandlers(context), 'folder.fetch', 'ann', {});
    expect(ack).toEqual({ success: false, reason: 'serverError', message: expect.any(String) });
    expect(logged).toEqual(['folder.fetch']);
    // A malformed payload never reaches the handlers.
    expect(await answerContentRequest(context, contentHandlers(context), 'folder.find', 'ann', { id: 'x' })).toMatchObject({ reason: 'invalidRequest' });
    expect(logged).toHaveLength(1);
  });
});

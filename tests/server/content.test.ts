/**
 * Folders and items over the real socket (issue 4, "Bad input": the server refuses on its own). One server
 * for the file; every test that changes something works on folders it creates, so the seeded library
 * (server/README.md "Content") stays as seeded for the tests that read it.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_REQUEST_NAMES,
  type Ack,
  type ContentAckData,
  type ContentPayload,
  type ContentPushes,
  type ContentRequestName,
  type ItemRecord,
} from '../../domain/content.ts';
import { FOLDER_ROLE_ACTIONS, type FolderAction, type FolderId, type FolderRole } from '../../domain/folderRoles.ts';
import { buildFolderTree, type FolderRecord } from '../../domain/folderTree.ts';
import { ackData, callJson, collect, connectUser, refusalReason, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

type Client = UserClient;

let server: TestServer;
let alex: Client;
let alexElsewhere: Client;
let tara: Client;
let sam: Client;
let nick: Client;
let vera: Client;
let ian: Client;
const sockets: Socket[] = [];

function client(email: string): Promise<Client> {
  return connectUser(server.url, email, sockets);
}

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  const names = ['alex.admin', 'tara.team', 'sam.staff', 'nick.nonadmin', 'vera.validator', 'ian.individual'];
  const clients = await Promise.all(names.map((name) => client(`${name}@example.com`)));
  [alex, tara, sam, nick, vera, ian] = clients as [Client, Client, Client, Client, Client, Client];
  alexElsewhere = await client('alex.admin@example.com');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function call<K extends ContentRequestName>(who: Client, event: K, payload: ContentPayload<K>): Promise<Ack<ContentAckData<K>>> {
  return who.socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack<ContentAckData<K>>>;
}

/** Sends anything at all, as a broken or hostile client would. */
function callRaw(who: Client, event: string, ...args: unknown[]): Promise<Ack<unknown>> {
  return who.socket.timeout(5000).emitWithAck(event, ...args) as Promise<Ack<unknown>>;
}

const ok = ackData;

const reasonOf = refusalReason;

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function mkdir(who: Client, name: string, parentId: FolderId): Promise<FolderRecord> {
  return ok(await call(who, 'folder.insert', { name, parentId, clientRef: `ref-${name}` })).folder;
}

async function folderList(who: Client): Promise<FolderRecord[]> {
  return ok(await call(who, 'folder.fetch', {})).folders;
}

async function findFolder(who: Client, name: string): Promise<FolderRecord> {
  const found = (await folderList(who)).find((f) => f.name === name);
  if (!found) throw new Error(`${who.email} sees no folder ${name}`);
  return found;
}

async function page(who: Client, folderId: FolderId, options: Partial<ContentPayload<'item.fetch'>> = {}) {
  return ok(await call(who, 'item.fetch', { folderId, page: 1, search: null, product: 'all', ...options }));
}

async function findItem(who: Client, title: string): Promise<ItemRecord> {
  const found = (await page(who, 'ALL_CONTENT', { search: title })).items.find((i) => i.title === title);
  if (!found) throw new Error(`${who.email} sees no item ${title}`);
  return found;
}

/** A copy of one of Alex's private items, moved into `folderId`: an item of his to play with. */
async function alexItemIn(folderId: number | null): Promise<ItemRecord> {
  const source = await findItem(alex, 'Welcome to the team');
  const copy = ok(await call(alex, 'item.duplicate', { id: source.id, title: unique('Copy of welcome') })).item;
  if (folderId === null) return copy;
  return ok(await call(alex, 'item.update', { id: copy.id, folderId })).item;
}

/** The next push of `event` on the socket that passes `match`, or a rejection. */
function pushOf<K extends keyof ContentPushes>(who: Client, event: K, match: (data: ContentPushes[K]) => boolean, timeoutMs = 3000): Promise<ContentPushes[K]> {
  const name: string = event;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      who.socket.off(name, listener);
      reject(new Error(`${who.email}: no matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (data: ContentPushes[K]) => {
      if (!match(data)) return;
      clearTimeout(timer);
      who.socket.off(name, listener);
      resolve(data);
    };
    who.socket.on(name, listener);
  });
}

describe('the seeded library', () => {
  it('gives each demo user a different role on Team Library, and the Localization group editor on Translations', async () => {
    const roleOf = async (who: Client, name: string) => (await folderList(who)).find((f) => f.name === name)?.role;
    expect(await roleOf(alex, 'Team Library')).toBe('owner');
    expect(await roleOf(sam, 'Team Library')).toBe('manager');
    expect(await roleOf(tara, 'Team Library')).toBe('editor');
    expect(await roleOf(nick, 'Team Library')).toBe('viewer');
    expect(await roleOf(tara, 'Translations')).toBe('editor');
    // Vera sees Translations through her group, not the folders above it.
    expect(await roleOf(vera, 'Translations')).toBe('editor');
    expect(await roleOf(vera, 'Team Library')).toBeUndefined();
    expect(await folderList(ian)).toEqual([]);
  });

  it("has Alex's private folders down to depth 5, 25 client folders, and one trashed folder", async () => {
    const folders = await folderList(alex);
    const tree = buildFolderTree(folders);
    const byName = (name: string) => folders.find((f) => f.name === name)!;
    expect(tree.depth(byName('Final cuts').id)).toBe(5);
    expect(tree.depth(byName('Evacuation maps').id)).toBe(5);
    expect(tree.children(byName('Client projects').id)).toHaveLength(25);
    expect(byName('Old drafts')).toMatchObject({ folderType: 'deleted', isSoftDeleted: true });
    // Private folders are the owner's alone.
    expect((await folderList(tara)).some((f) => f.name === 'Client projects')).toBe(false);
  });

  it('lists the stack as one entry with its size, never its member items', async () => {
    const onboarding = await findFolder(alex, 'Onboarding');
    const { items, count } = await page(tara, onboarding.id);
    const stack = items.find((i) => i.isStack);
    expect(stack).toMatchObject({ title: 'Onboarding course', stackSize: 5, product: 'rise', folderId: onboarding.id });
    expect(items.some((i) => i.title.startsWith('Onboarding course ('))).toBe(false);
    expect(count).toBe(items.length);
  });

  it('shows archived items in the trash to their owner only', async () => {
    const alexTrash = (await page(alex, 'DELETED')).items.map((i) => i.title);
    expect(alexTrash).toEqual(expect.arrayContaining(['Old welcome video', 'Deprecated pricing course']));
    expect(alexTrash).not.toContain('Abandoned storyboard');
    expect((await page(tara, 'DELETED')).items.map((i) => i.title)).toEqual(['Abandoned storyboard']);
    // A trashed folder still lists its items, to whoever sees it in the trash.
    const oldDrafts = await findFolder(alex, 'Old drafts');
    expect((await page(alex, oldDrafts.id)).items.map((i) => i.title).sort()).toEqual(['Draft agenda', 'Outdated intro']);
    // An archived item does not show in its folder, even to its owner.
    const library = await findFolder(alex, 'Team Library');
    expect((await page(alex, library.id)).items.map((i) => i.title)).not.toContain('Deprecated pricing course');
  });
});

describe('item.fetch', () => {
  it('pages 16 newest first with the total, and clamps a page beyond the last', async () => {
    const first = await page(alex, 'ALL_CONTENT');
    expect(first.count).toBeGreaterThan(32);
    expect(first.items).toHaveLength(16);
    const times = first.items.map((i) => i.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const last = Math.ceil(first.count / 16);
    const beyond = await page(alex, 'ALL_CONTENT', { page: 999 });
    expect(beyond.page).toBe(last);
    expect(beyond.items).toHaveLength(first.count - (last - 1) * 16);
    const second = await page(alex, 'ALL_CONTENT', { page: 2 });
    expect(second.items.some((i) => first.items.some((f) => f.id === i.id))).toBe(false);
  });

  it('answers page 1 for an empty folder and nothing for the shared-content root', async () => {
    const empty = await mkdir(alex, unique('Empty'), 'PRIVATE_CONTENT');
    expect(await page(alex, empty.id, { page: 5 })).toEqual({ items: [], count: 0, page: 1 });
    expect((await page(alex, 'SHARED_CONTENT')).count).toBe(0);
  });

  it('searches titles case-insensitively across everything visible, ignoring the folder', async () => {
    // Stack members are found on their own too (marked inStack), beside their stack.
    const loose = (items: ItemRecord[]) => items.filter((i) => !i.inStack).map((i) => i.title).sort();
    const members = ['Onboarding course (Arabic)', 'Onboarding course (English)', 'Onboarding course (French)', 'Onboarding course (German)', 'Onboarding course (Japanese)'];
    const result = await page(tara, 'DELETED', { search: '  ONBOARDING ' });
    expect(loose(result.items)).toEqual(['Onboarding course']);
    expect(result.items.filter((i) => i.inStack).map((i) => i.title).sort()).toEqual(members);
    const alexResult = await page(alex, 12345, { search: 'onboarding' });
    expect(loose(alexResult.items)).toEqual(['Customer onboarding checklist', 'Onboarding course']);
    // LIKE wildcards are plain characters.
    expect((await page(alex, 'ALL_CONTENT', { search: '%' })).count).toBe(0);
  });

  it('filters by product family on the server', async () => {
    const videos = await page(alex, 'ALL_CONTENT', { product: 'video' });
    expect(videos.count).toBeGreaterThan(0);
    for (const item of videos.items) expect(['video', 'peek', 'preso', 'replay']).toContain(item.product);
    const slides = await page(alex, 'ALL_CONTENT', { product: 'storyline', search: 'quiz' });
    expect(slides.items.map((i) => i.title).sort()).toEqual(['Brand guidelines quiz', 'Pricing quiz']);
    expect((await page(alex, 'ALL_CONTENT', { product: 'video', search: 'quiz' })).count).toBe(0);
  });

  it('refuses a folder the user cannot see', async () => {
    const clients = await findFolder(alex, 'Client projects');
    expect(reasonOf(await call(tara, 'item.fetch', { folderId: clients.id, page: 1, search: null, product: 'all' }))).toBe('notFound');
  });
});

describe('folder.insert and folder.update', () => {
  it('creates private and shared folders and subfolders, echoing the client reference', async () => {
    const name = unique('Projects');
    const ack = ok(await call(alex, 'folder.insert', { name: `  ${name}  `, parentId: 'PRIVATE_CONTENT', clientRef: 'c-1' }));
    expect(ack).toMatchObject({ clientRef: 'c-1', folder: { name, parent: 0, folderType: 'private', role: null } });
    const sub = await mkdir(alex, 'Sub', ack.folder.id);
    expect(sub).toMatchObject({ parent: ack.folder.id, folderType: 'private' });
    const shared = await mkdir(tara, unique('Team space'), 'SHARED_CONTENT');
    expect(shared).toMatchObject({ folderType: 'shared', role: 'owner', parent: 0 });
    expect((await folderList(alex)).some((f) => f.id === shared.id)).toBe(false);
  });

  it('refuses a shared folder to a user on no team, and any folder in the trash or all content', async () => {
    expect(reasonOf(await call(ian, 'folder.insert', { name: 'Mine', parentId: 'SHARED_CONTENT', clientRef: 'x' }))).toBe('forbidden');
    expect(reasonOf(await call(alex, 'folder.insert', { name: 'No', parentId: 'DELETED', clientRef: 'x' }))).toBe('notPermitted');
    expect(reasonOf(await call(alex, 'folder.insert', { name: 'No', parentId: 'ALL_CONTENT', clientRef: 'x' }))).toBe('notPermitted');
    const oldDrafts = await findFolder(alex, 'Old drafts');
    expect(reasonOf(await call(alex, 'folder.insert', { name: 'No', parentId: oldDrafts.id, clientRef: 'x' }))).toBe('notPermitted');
  });

  it('nests to depth 7 and refuses an eighth level', async () => {
    let parent: FolderId = 'PRIVATE_CONTENT';
    for (let level = 1; level <= 7; level++) parent = (await mkdir(alex, unique(`Level ${level}`), parent)).id;
    const ack = await call(alex, 'folder.insert', { name: 'Level 8', parentId: parent, clientRef: 'x' });
    expect(reasonOf(ack)).toBe('tooDeep');
  });

  it('refuses duplicate (case-insensitive), empty and over-long names', async () => {
    const parent = await mkdir(alex, unique('Names'), 'PRIVATE_CONTENT');
    const first = await mkdir(alex, 'Reports', parent.id);
    await mkdir(alex, 'Other', parent.id);
    expect(reasonOf(await call(alex, 'folder.insert', { name: ' REPORTS ', parentId: parent.id, clientRef: 'x' }))).toBe('duplicate');
    expect(reasonOf(await call(alex, 'folder.update', { id: first.id, name: 'other' }))).toBe('duplicate');
    expect(reasonOf(await call(alex, 'folder.insert', { name: '   ', parentId: parent.id, clientRef: 'x' }))).toBe('empty');
    expect(reasonOf(await call(alex, 'folder.insert', { name: 'x'.repeat(256), parentId: parent.id, clientRef: 'x' }))).toBe('tooLong');
    expect(ok(await call(alex, 'folder.insert', { name: 'y'.repeat(255), parentId: parent.id, clientRef: 'x' })).folder.name).toHaveLength(255);
    // Same name, other case: a rename of the folder itself is fine.
    expect(ok(await call(alex, 'folder.update', { id: first.id, name: 'REPORTS' })).folder.name).toBe('REPORTS');
  });

  it("refuses a folder the user cannot see, and a viewer's rename", async () => {
    const clients = await findFolder(alex, 'Client projects');
    expect(reasonOf(await call(tara, 'folder.update', { id: clients.id, name: 'Mine now' }))).toBe('notFound');
    expect(reasonOf(await call(tara, 'folder.insert', { name: 'Sneaky', parentId: clients.id, clientRef: 'x' }))).toBe('notFound');
    const library = await findFolder(nick, 'Team Library');
    expect(reasonOf(await call(nick, 'folder.update', { id: library.id, name: 'Nick was here' }))).toBe('forbidden');
    expect(reasonOf(await call(nick, 'folder.insert', { name: 'Nope', parentId: library.id, clientRef: 'x' }))).toBe('notPermitted');
    expect((await findFolder(alex, 'Team Library')).name).toBe('Team Library');
  });

  it('answers notFound for a folder deleted meanwhile', async () => {
    const doomed = await mkdir(alex, unique('Doomed'), 'PRIVATE_CONTENT');
    ok(await call(alexElsewhere, 'folder.destroy', { id: doomed.id }));
    ok(await call(alexElsewhere, 'folder.destroyArchivedFolder', { id: doomed.id }));
    expect(reasonOf(await call(alex, 'folder.update', { id: doomed.id, name: 'Renamed' }))).toBe('notFound');
    expect(reasonOf(await call(alex, 'folder.insert', { name: 'Child', parentId: doomed.id, clientRef: 'x' }))).toBe('notFound');
    expect(reasonOf(await call(alex, 'folder.find', { id: doomed.id }))).toBe('notFound');
  });
});

describe('folder.bulkMove', () => {
  it('moves folders and refuses a move into a descendant', async () => {
    const a = await mkdir(alex, unique('Move A'), 'PRIVATE_CONTENT');
    const b = await mkdir(alex, 'B', a.id);
    const target = await mkdir(alex, unique('Move target'), 'PRIVATE_CONTENT');
    expect(reasonOf(await call(alex, 'folder.bulkMove', { ids: [a.id], destination: b.id }))).toBe('intoDescendant');
    const moved = ok(await call(alex, 'folder.bulkMove', { ids: [a.id], destination: target.id })).folders;
    expect(moved.find((f) => f.id === a.id)).toMatchObject({ parent: target.id });
    expect(reasonOf(await call(alex, 'folder.bulkMove', { ids: [a.id], destination: target.id }))).toBe('alreadyInParent');
  });

  it('refuses a move that would nest deeper than 7', async () => {
    let deep: FolderId = 'PRIVATE_CONTENT';
    for (let level = 1; level <= 4; level++) deep = (await mkdir(alex, unique('Deep'), deep)).id;
    const top = await mkdir(alex, unique('Tall'), 'PRIVATE_CONTENT');
    let below: FolderId = top.id;
    for (let level = 2; level <= 4; level++) below = (await mkdir(alex, unique('Tall'), below)).id;
    // 4 (target depth) + 1 + 3 (levels below the moved folder) = 8.
    const ack = await call(alex, 'folder.bulkMove', { ids: [top.id], destination: deep });
    expect(ack).toMatchObject({ success: false, reason: 'tooDeep', failedId: top.id });
  });

  it('changes nothing when one entry of a bulk move is refused', async () => {
    const target = await mkdir(alex, unique('Bulk target'), 'PRIVATE_CONTENT');
    const x = await mkdir(alex, unique('Bulk X'), 'PRIVATE_CONTENT');
    const y = await mkdir(alex, unique('Bulk Y'), 'PRIVATE_CONTENT');
    const ack = await call(alex, 'folder.bulkMove', { ids: [x.id, target.id, y.id], destination: target.id });
    expect(ack).toMatchObject({ success: false, reason: 'sameFolder', failedId: target.id });
    expect(ok(await call(alex, 'folder.find', { id: x.id })).folder.parent).toBe(0);
    expect(ok(await call(alex, 'folder.find', { id: y.id })).folder.parent).toBe(0);
  });

  it("refuses an editor's move and lets a manager move", async () => {
    const library = await findFolder(alex, 'Team Library');
    const box = await mkdir(alex, unique('Box'), library.id);
    const into = await mkdir(alex, unique('Into'), library.id);
    expect(reasonOf(await call(tara, 'folder.bulkMove', { ids: [box.id], destination: into.id }))).toBe('notPermitted');
    ok(await call(sam, 'folder.bulkMove', { ids: [box.id], destination: into.id }));
    expect(ok(await call(tara, 'folder.find', { id: box.id })).folder.parent).toBe(into.id);
  });

  it('shares a private folder moved to the shared root, and makes a shared folder private to the mover', async () => {
    const mine = await mkdir(tara, unique('Going public'), 'PRIVATE_CONTENT');
    const child = await mkdir(tara, 'Inside', mine.id);
    const shared = ok(await call(tara, 'folder.bulkMove', { ids: [mine.id], destination: 'SHARED_CONTENT' })).folders;
    expect(shared.find((f) => f.id === mine.id)).toMatchObject({ folderType: 'shared', role: 'owner', parent: 0 });
    expect(shared.find((f) => f.id === child.id)).toMatchObject({ folderType: 'shared', role: 'owner' });
    const back = ok(await call(tara, 'folder.bulkMove', { ids: [mine.id], destination: 'PRIVATE_CONTENT' })).folders;
    expect(back.find((f) => f.id === child.id)).toMatchObject({ folderType: 'private', role: null });
  });
});

describe('trash, restore and delete forever', () => {
  it('soft deletes a folder with its subfolders and restores them together', async () => {
    const parent = await mkdir(alex, unique('Trash me'), 'PRIVATE_CONTENT');
    const child = await mkdir(alex, 'Child', parent.id);
    const trashed = ok(await call(alex, 'folder.destroy', { id: parent.id })).folders;
    expect(trashed.map((f) => [f.id, f.folderType]).sort()).toEqual([
      [parent.id, 'deleted'],
      [child.id, 'deleted'],
    ]);
    expect(reasonOf(await call(alex, 'folder.update', { id: child.id, name: 'Nope' }))).toBe('forbidden');
    const restored = ok(await call(alex, 'folder.restore', { id: parent.id })).folders;
    expect(restored.map((f) => [f.id, f.folderType, f.parent]).sort()).toEqual([
      [parent.id, 'private', 0],
      [child.id, 'private', parent.id],
    ]);
  });

  it('archives several folders at once, all or nothing', async () => {
    const a = await mkdir(alex, unique('Archive A'), 'PRIVATE_CONTENT');
    const a1 = await mkdir(alex, 'A1', a.id);
    const b = await mkdir(alex, unique('Archive B'), 'PRIVATE_CONTENT');
    const library = await findFolder(alex, 'Team Library');
    expect(await call(alex, 'folder.bulkArchive', { ids: [a.id, 999_999] })).toMatchObject({ success: false, reason: 'notFound', failedId: 999_999 });
    expect(await call(sam, 'folder.bulkArchive', { ids: [library.id] })).toMatchObject({ success: false, reason: 'forbidden', failedId: library.id });
    expect(ok(await call(alex, 'folder.find', { id: a.id })).folder.folderType).toBe('private');
    const archived = ok(await call(alex, 'folder.bulkArchive', { ids: [a1.id, a.id, b.id] })).folders;
    expect(archived.map((f) => f.id).sort((x, y) => x - y)).toEqual([a.id, a1.id, b.id]);
    expect(archived.every((f) => f.folderType === 'deleted')).toBe(true);
  });

  it('restores into the area root when the old parent is in the trash, and an item into the private root', async () => {
    const outer = await mkdir(alex, unique('Outer'), 'PRIVATE_CONTENT');
    const inner = await mkdir(alex, 'Inner', outer.id);
    const item = await alexItemIn(inner.id);
    ok(await call(alex, 'item.update', { id: item.id, archived: true }));
    ok(await call(alex, 'folder.destroy', { id: inner.id }));
    ok(await call(alex, 'folder.destroy', { id: outer.id }));
    const restored = ok(await call(alex, 'folder.restore', { id: inner.id })).folders;
    expect(restored).toEqual([expect.objectContaining({ id: inner.id, parent: 0, folderType: 'private' })]);
    // The outer folder stays in the trash.
    expect(ok(await call(alex, 'folder.find', { id: outer.id })).folder.folderType).toBe('deleted');
    ok(await call(alex, 'folder.destroy', { id: inner.id }));
    const back = ok(await call(alex, 'item.update', { id: item.id, restoreFromTrash: true })).item;
    expect(back).toMatchObject({ folderId: null, archivedAt: null, isArchived: false });
  });

  it('restores an item into its folder while that folder is live', async () => {
    const home = await mkdir(alex, unique('Home'), 'PRIVATE_CONTENT');
    const item = await alexItemIn(home.id);
    const trashed = ok(await call(alex, 'item.update', { id: item.id, archived: true })).item;
    expect(trashed.isArchived).toBe(true);
    expect(reasonOf(await call(alex, 'item.update', { id: item.id, title: 'Renamed in trash' }))).toBe('forbidden');
    expect(reasonOf(await call(alex, 'item.update', { id: item.id, folderId: null }))).toBe('archived');
    expect(ok(await call(alex, 'item.update', { id: item.id, restoreFromTrash: true })).item.folderId).toBe(home.id);
  });

  it('deletes forever only what is in the trash', async () => {
    const live = await mkdir(alex, unique('Live'), 'PRIVATE_CONTENT');
    expect(reasonOf(await call(alex, 'folder.bulkDestroy', { ids: [live.id] }))).toBe('forbidden');
    const item = await alexItemIn(null);
    expect(reasonOf(await call(alex, 'item.bulkDestroy', { ids: [item.id] }))).toBe('forbidden');
    ok(await call(alex, 'folder.destroy', { id: live.id }));
    expect(ok(await call(alex, 'folder.bulkDestroy', { ids: [live.id] })).ids).toEqual([live.id]);
    ok(await call(alex, 'item.bulkArchive', { ids: [item.id] }));
    expect(ok(await call(alex, 'item.bulkDestroy', { ids: [item.id] })).ids).toEqual([item.id]);
    expect((await page(alex, 'DELETED', { search: item.title })).count).toBe(0);
  });

  it("empties the user's trash: trashed folders with their items, and the user's archived items", async () => {
    const taraTrashBefore = (await page(tara, 'DELETED')).count;
    const oldDrafts = await findFolder(alex, 'Old drafts');
    const folder = await mkdir(alex, unique('To empty'), 'PRIVATE_CONTENT');
    const inside = await alexItemIn(folder.id);
    ok(await call(alex, 'folder.destroy', { id: folder.id }));
    const archived = (await page(alex, 'DELETED')).items.map((i) => i.id);
    expect(archived.length).toBeGreaterThan(0);
    const result = ok(await call(alex, 'folder.destroyArchivedItems', {}));
    expect(result.folderIds).toEqual(expect.arrayContaining([folder.id, oldDrafts.id]));
    expect(result.itemIds).toEqual(expect.arrayContaining(archived));
    expect(await page(alex, 'DELETED')).toEqual({ items: [], count: 0, page: 1 });
    expect((await folderList(alex)).some((f) => f.folderType === 'deleted')).toBe(false);
    expect((await page(alex, 'ALL_CONTENT', { search: inside.title })).count).toBe(0);
    // Someone else's trash is theirs.
    expect((await page(tara, 'DELETED')).count).toBe(taraTrashBefore);
  });
});

describe('items', () => {
  it('renames, duplicates and refuses duplicate titles in the same folder', async () => {
    const folder = await mkdir(alex, unique('Item ops'), 'PRIVATE_CONTENT');
    const item = await alexItemIn(folder.id);
    const renamed = ok(await call(alex, 'item.update', { id: item.id, title: 'Quarterly plan' })).item;
    expect(renamed).toMatchObject({ title: 'Quarterly plan', folderId: folder.id });
    const copy = ok(await call(alex, 'item.duplicate', { id: item.id, title: 'copy of Quarterly plan' })).item;
    expect(copy).toMatchObject({ folderId: folder.id, userId: alex.aid, isStack: false });
    expect(copy.id).not.toBe(item.id);
    expect(reasonOf(await call(alex, 'item.duplicate', { id: item.id, title: 'QUARTERLY PLAN' }))).toBe('duplicate');
    expect(reasonOf(await call(alex, 'item.update', { id: copy.id, title: 'quarterly plan' }))).toBe('duplicate');
    expect(reasonOf(await call(alex, 'item.update', { id: copy.id, title: 'z'.repeat(256) }))).toBe('tooLong');
  });

  it('moves items, refusing their own folder, and changes nothing when one entry of a bulk move is refused', async () => {
    const from = await mkdir(alex, unique('From'), 'PRIVATE_CONTENT');
    const to = await mkdir(alex, unique('To'), 'PRIVATE_CONTENT');
    const first = await alexItemIn(from.id);
    const second = await alexItemIn(from.id);
    expect(reasonOf(await call(alex, 'item.update', { id: first.id, folderId: from.id }))).toBe('alreadyInFolder');
    ok(await call(alex, 'item.bulkArchive', { ids: [second.id] }));
    const ack = await call(alex, 'item.bulkMove', { ids: [first.id, second.id], destination: to.id });
    expect(ack).toMatchObject({ success: false, reason: 'archived', failedId: second.id });
    expect((await page(alex, from.id)).items.map((i) => i.id)).toEqual([first.id]);
    const moved = ok(await call(alex, 'item.bulkMove', { ids: [first.id], destination: to.id })).items;
    expect(moved[0]).toMatchObject({ id: first.id, folderId: to.id });
    // A drop on the trash root trashes.
    const trashed = ok(await call(alex, 'item.bulkMove', { ids: [first.id], destination: 'DELETED' })).items;
    expect(trashed[0]!.isArchived).toBe(true);
  });

  it("keeps someone else's shared item out of a private folder (the blocked pair) and stack members out of item requests", async () => {
    const library = await findFolder(sam, 'Team Library');
    const source = await mkdir(alex, unique('Shared source'), library.id);
    const item = await alexItemIn(source.id);
    const samsOwn = await mkdir(sam, unique('Sam private'), 'PRIVATE_CONTENT');
    expect(reasonOf(await call(sam, 'item.update', { id: item.id, folderId: samsOwn.id }))).toBe('blockedFolderTypes');
    const onboarding = await findFolder(alex, 'Onboarding');
    const stack = (await page(alex, onboarding.id)).items.find((i) => i.isStack)!;
    const { body } = await callJson<{ itemIds: string[] }>(server.url, `/api/item-stacks/${stack.id}`, { token: alex.token });
    expect(body.itemIds).toHaveLength(5);
    expect(reasonOf(await call(alex, 'item.update', { id: body.itemIds[0]!, title: 'Loose member' }))).toBe('forbidden');
    expect(reasonOf(await call(alex, 'item.bulkMove', { ids: [body.itemIds[1]!], destination: 'PRIVATE_CONTENT' }))).toBe('forbidden');
    // Nor are members listed in a folder; search finds them (to open them), marked as in a stack.
    expect((await page(alex, onboarding.id)).items.some((i) => i.inStack)).toBe(false);
    expect((await page(alex, 'ALL_CONTENT', { search: 'Onboarding course (French)' })).items.map((i) => [i.title, i.inStack])).toEqual([['Onboarding course (French)', true]]);
  });

  it('refuses items the user cannot see', async () => {
    const privateItem = await alexItemIn(null);
    expect(reasonOf(await call(tara, 'item.update', { id: privateItem.id, title: 'Mine' }))).toBe('notFound');
    expect(await call(tara, 'item.bulkArchive', { ids: [privateItem.id] })).toMatchObject({ success: false, reason: 'notFound', failedId: privateItem.id });
    expect(reasonOf(await call(tara, 'item.update', { id: 'no-such-item', archived: true }))).toBe('notFound');
  });
});

describe('folder permissions and groups', () => {
  it('lists own and inherited entries with names, read-only for an editor', async () => {
    const translations = await findFolder(vera, 'Translations');
    const view = ok(await call(vera, 'folder.getPermissions', { id: translations.id }));
    expect(view.canChange).toBe(false);
    expect(view.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ principalType: 'group', name: 'Localization', role: 'editor', inherited: false, email: null }),
        expect.objectContaining({ principalType: 'user', principalId: alex.aid, name: 'Alex Admin', role: 'owner', inherited: true, email: 'alex.admin@example.com' }),
        expect.objectContaining({ principalType: 'user', principalId: nick.aid, role: 'viewer', inherited: true }),
      ]),
    );
    expect(ok(await call(sam, 'folder.getPermissions', { id: translations.id })).canChange).toBe(true);
  });

  it('lists the team groups and members', async () => {
    const { groups, members } = ok(await call(tara, 'team.fetchGroups', {}));
    expect(groups.map((g) => g.name)).toEqual(['Localization', 'Trainers']);
    expect(groups.every((g) => g.type === 'group')).toBe(true);
    expect(members.find((m) => m.email === 'nick.nonadmin@example.com')).toMatchObject({ first_name: 'Nick', type: 'user', role: 'editor' });
    expect(members.find((m) => m.email === 'ian.individual@example.com')).toBeUndefined();
  });

  it('replaces the own entries, refuses strangers and a folder left without an owner', async () => {
    const folder = await mkdir(alex, unique('Permissions'), 'SHARED_CONTENT');
    const { groups } = ok(await call(alex, 'team.fetchGroups', {}));
    const trainers = groups.find((g) => g.name === 'Trainers')!;
    const entries = [
      { principalId: alex.aid, principalType: 'user' as const, role: 'owner' as const },
      { principalId: trainers.id, principalType: 'group' as const, role: 'editor' as const },
    ];
    const view = ok(await call(alex, 'folder.setPermissions', { id: folder.id, entries }));
    expect(view.entries.map((e) => [e.name, e.role])).toEqual([
      ['Alex Admin', 'owner'],
      ['Trainers', 'editor'],
    ]);
    // Sam and Nick are Trainers: they see it as editors now.
    expect((await folderList(nick)).find((f) => f.id === folder.id)?.role).toBe('editor');
    const stranger = await call(alex, 'folder.setPermissions', { id: folder.id, entries: [...entries, { principalId: ian.aid, principalType: 'user', role: 'viewer' }] });
    expect(stranger).toMatchObject({ success: false, reason: 'invalidRequest', failedId: ian.aid });
    expect(reasonOf(await call(alex, 'folder.setPermissions', { id: folder.id, entries: [entries[1]!] }))).toBe('invalidRequest');
    expect(reasonOf(await call(nick, 'folder.setPermissions', { id: folder.id, entries }))).toBe('forbidden');
    expect((await folderList(nick)).find((f) => f.id === folder.id)?.role).toBe('editor');
    // A manager changes permissions but cannot hand out ownership, not even to himself.
    const library = await findFolder(sam, 'Team Library');
    const sub = await mkdir(sam, unique('Managed'), library.id);
    const grab = await call(sam, 'folder.setPermissions', { id: sub.id, entries: [{ principalId: sam.aid, principalType: 'user', role: 'owner' }] });
    expect(grab).toMatchObject({ success: false, reason: 'forbidden', failedId: sam.aid });
    ok(await call(sam, 'folder.setPermissions', { id: sub.id, entries: [{ principalId: vera.aid, principalType: 'user', role: 'manager' }] }));
    expect((await folderList(vera)).find((f) => f.id === sub.id)?.role).toBe('manager');
  });

  it('shares a private folder through its settings: it becomes a top-level shared folder', async () => {
    const parent = await mkdir(alex, unique('Private parent'), 'PRIVATE_CONTENT');
    const folder = await mkdir(alex, unique('To share'), parent.id);
    expect(ok(await call(alex, 'folder.getPermissions', { id: folder.id }))).toMatchObject({ canChange: true, entries: [{ principalId: alex.aid, role: 'owner' }] });
    ok(await call(alex, 'folder.setPermissions', { id: folder.id, entries: [{ principalId: tara.aid, principalType: 'user', role: 'viewer' }] }));
    expect((await folderList(tara)).find((f) => f.id === folder.id)).toMatchObject({ folderType: 'shared', role: 'viewer', parent: 0 });
    expect((await folderList(alex)).find((f) => f.id === folder.id)).toMatchObject({ folderType: 'shared', role: 'owner', parent: 0 });
  });
});

describe('pushes', () => {
  it("reach every user who sees the folder (the actor's other sockets too), and no one else", async () => {
    const library = await findFolder(alex, 'Team Library');
    const folder = await mkdir(alex, unique('Pushed'), library.id);
    const ianFolders = collect<ContentPushes['folder.updateHashed']>(ian.socket, 'folder.updateHashed');
    const ianItems = collect(ian.socket, 'item.updateHashed');
    const toTara = pushOf(tara, 'folder.updateHashed', (d) => d.folders.some((f) => f.id === folder.id && f.name === 'Renamed push'));
    const toNick = pushOf(nick, 'folder.updateHashed', (d) => d.folders.some((f) => f.id === folder.id));
    const toAlexElsewhere = pushOf(alexElsewhere, 'folder.updateHashed', (d) => d.folders.some((f) => f.id === folder.id && f.name === 'Renamed push'));
    ok(await call(alex, 'folder.update', { id: folder.id, name: 'Renamed push' }));
    // Each receiver gets its own role.
    expect((await toTara).folders[0]).toMatchObject({ role: 'editor' });
    expect((await toNick).folders[0]).toMatchObject({ role: 'viewer' });
    expect((await toAlexElsewhere).folders[0]).toMatchObject({ role: 'owner' });

    const item = await alexItemIn(folder.id);
    const itemToTara = pushOf(tara, 'item.updateHashed', (d) => d.item.id === item.id && d.item.title === 'Pushed item');
    ok(await call(alex, 'item.update', { id: item.id, title: 'Pushed item' }));
    expect((await itemToTara).item.folderId).toBe(folder.id);
    const trashToTara = pushOf(tara, 'item.softDeleteHashed', (d) => d.id === item.id);
    ok(await call(alex, 'item.update', { id: item.id, archived: true }));
    expect((await trashToTara).folderId).toBe(folder.id);
    // A push Ian does get, sent after (a folder of his own): one socket keeps the server's order, so a push of
    // Alex's folder or item to him would have come before it. No fixed wait.
    const ownName = unique('Ian’s own');
    const toIan = pushOf(ian, 'folder.updateHashed', (d) => d.folders.some((f) => f.name === ownName));
    await mkdir(ian, ownName, 'PRIVATE_CONTENT');
    await toIan;
    expect(ianFolders.flatMap((push) => push.folders.map((f) => f.name))).toEqual([ownName]);
    expect(ianItems).toEqual([]);
  });

  it('tells users who lose sight of a folder that it is gone, and those who gain it what it is', async () => {
    const folder = await mkdir(alex, unique('Visibility'), 'SHARED_CONTENT');
    const gained = pushOf(tara, 'folder.updateHashed', (d) => d.folders.some((f) => f.id === folder.id && f.role === 'manager'));
    const owner = { principalId: alex.aid, principalType: 'user' as const, role: 'owner' as const };
    ok(await call(alex, 'folder.setPermissions', { id: folder.id, entries: [owner, { principalId: tara.aid, principalType: 'user', role: 'manager' }] }));
    await gained;
    const lost = pushOf(tara, 'folder.hardDeleted', (d) => d.ids.includes(folder.id));
    ok(await call(alex, 'folder.setPermissions', { id: folder.id, entries: [owner] }));
    await lost;
    // A soft delete: the owner sees it in the trash, everyone else sees it go.
    const sub = await mkdir(alex, 'Sub', folder.id);
    ok(await call(alex, 'folder.setPermissions', { id: folder.id, entries: [owner, { principalId: tara.aid, principalType: 'user', role: 'viewer' }] }));
    const goneForTara = pushOf(tara, 'folder.hardDeleted', (d) => d.ids.includes(folder.id) && d.ids.includes(sub.id));
    const trashedForAlex = pushOf(alexElsewhere, 'folder.updateHashed', (d) => d.folders.some((f) => f.id === sub.id && f.folderType === 'deleted'));
    ok(await call(alex, 'folder.destroy', { id: folder.id }));
    await Promise.all([goneForTara, trashedForAlex]);
  });
});

describe('each folder role allows exactly its actions', () => {
  const TESTED: readonly FolderAction[] = [
    'viewFolder',
    'viewPermissions',
    'viewItem',
    'createSubfolder',
    'renameFolder',
    'editItemMetadata',
    'createItem',
    'changePermissions',
    'moveFolder',
    'moveItem',
    'deleteItem',
    'deleteFolder',
  ];

  async function allowedActionsOf(role: FolderRole): Promise<FolderAction[]> {
    const top = await mkdir(alex, unique(`Role ${role}`), 'SHARED_CONTENT');
    ok(
      await call(alex, 'folder.setPermissions', {
        id: top.id,
        entries: [
          { principalId: alex.aid, principalType: 'user', role: 'owner' },
          { principalId: tara.aid, principalType: 'user', role },
        ],
      }),
    );
    const work = await mkdir(alex, 'Work', top.id);
    const target = await mkdir(alex, 'Target', top.id);
    const movable = await mkdir(alex, 'Movable', top.id);
    const item = await alexItemIn(work.id);

    const attempts: [FolderAction, () => Promise<Ack<unknown>>][] = [
      ['viewFolder', () => call(tara, 'folder.find', { id: work.id })],
      ['viewPermissions', () => call(tara, 'folder.getPermissions', { id: work.id })],
      [
        'viewItem',
        async () => {
          const listed = await call(tara, 'item.fetch', { folderId: work.id, page: 1, search: null, product: 'all' });
          return listed.success && listed.data.items.some((i) => i.id === item.id) ? listed : { success: false, reason: 'notFound', message: 'not listed' };
        },
      ],
      ['createSubfolder', () => call(tara, 'folder.insert', { name: 'Made by Tara', parentId: work.id, clientRef: 'r' })],
      ['renameFolder', () => call(tara, 'folder.update', { id: work.id, name: 'Work renamed' })],
      ['editItemMetadata', () => call(tara, 'item.update', { id: item.id, title: unique('Renamed by Tara') })],
      ['createItem', () => call(tara, 'item.duplicate', { id: item.id, title: unique('Duplicated by Tara') })],
      ['changePermissions', () => call(tara, 'folder.setPermissions', { id: work.id, entries: [] })],
      ['moveFolder', () => call(tara, 'folder.bulkMove', { ids: [movable.id], destination: target.id })],
      ['moveItem', () => call(tara, 'item.update', { id: item.id, folderId: target.id })],
      ['deleteItem', () => call(tara, 'item.bulkArchive', { ids: [item.id] })],
      ['deleteFolder', () => call(tara, 'folder.destroy', { id: work.id })],
    ];
    expect(attempts.map(([action]) => action)).toEqual(TESTED);
    const allowed: FolderAction[] = [];
    for (const [action, attempt] of attempts) if ((await attempt()).success) allowed.push(action);
    return allowed;
  }

  it.each(['viewer', 'editor', 'manager', 'owner'] as const)('%s', async (role) => {
    const expected = TESTED.filter((action) => FOLDER_ROLE_ACTIONS[role].includes(action));
    expect(await allowedActionsOf(role)).toEqual(expected);
  });
});

describe('malformed requests', () => {
  it('refuses unknown fields on every request kind', async () => {
    for (const event of CONTENT_REQUEST_NAMES) {
      const ack = await callRaw(alex, event, { unexpected: true });
      expect([event, reasonOf(ack)]).toEqual([event, 'invalidRequest']);
    }
  });

  it('refuses wrong types, missing fields, non-object payloads and over-long strings', async () => {
    const cases: [string, unknown][] = [
      ['folder.find', { id: '1' }],
      ['folder.find', { id: 1.5 }],
      ['folder.find', { id: 0 }],
      ['folder.find', 'not an object'],
      ['folder.find', null],
      ['folder.find', [1]],
      ['folder.insert', { name: 'x', parentId: 'SOMEWHERE', clientRef: 'r' }],
      ['folder.insert', { name: 'x', parentId: 1 }],
      ['folder.insert', { name: 'x'.repeat(5000), parentId: 'PRIVATE_CONTENT', clientRef: 'r' }],
      ['folder.bulkMove', { ids: [], destination: 'PRIVATE_CONTENT' }],
      ['folder.bulkMove', { ids: [1, 1], destination: 'PRIVATE_CONTENT' }],
      ['folder.setPermissions', { id: 1, entries: [{ principalId: 'a', principalType: 'user', role: 'admin' }] }],
      ['item.fetch', { folderId: 'ALL_CONTENT', page: 0, search: null, product: 'all' }],
      ['item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: 's'.repeat(256), product: 'all' }],
      ['item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: null, product: 'flash' }],
      ['item.update', { id: 'x' }],
      ['item.update', { id: 'x', title: 'a', archived: true }],
      ['item.update', { id: 'x', archived: false }],
      ['item.bulkArchive', { ids: ['x'.repeat(101)] }],
    ];
    for (const [event, payload] of cases) expect([event, payload, reasonOf(await callRaw(alex, event, payload))]).toEqual([event, payload, 'invalidRequest']);
  });

  it('survives a request without an acknowledgement callback, and an unknown event', async () => {
    alex.socket.emit('folder.insert', { name: unique('No ack'), parentId: 'PRIVATE_CONTENT', clientRef: 'r' });
    alex.socket.emit('folder.fetch');
    alex.socket.emit('no.such.request', {});
    expect(ok(await call(alex, 'folder.fetch', {})).folders.length).toBeGreaterThan(0);
    // A request without a payload of an empty-payload kind is read as {}.
    expect((await callRaw(alex, 'team.fetchGroups')).success).toBe(true);
  });
});

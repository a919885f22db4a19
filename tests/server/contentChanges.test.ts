/**
 * Changes the client names (domain/content.ts `changeId`): the service does each once. A repeat of the same change id
 * (the client lost the first answer and asks again after a reconnect) is answered from the first: a create never makes
 * a second folder or copy, and a rename, move, trash or restore already done is confirmed instead of refused.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, ContentAckData, ContentPayload, ContentRequestName, ItemRecord } from '../../domain/content.ts';
import { ackData, connectUser, refusalReason, type UserClient } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: UserClient;
let alexElsewhere: UserClient;
let tara: UserClient;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  alex = await connectUser(server.url, 'alex.admin@example.com', sockets);
  alexElsewhere = await connectUser(server.url, 'alex.admin@example.com', sockets);
  tara = await connectUser(server.url, 'tara.team@example.com', sockets);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

function call<K extends ContentRequestName>(who: UserClient, event: K, payload: ContentPayload<K>): Promise<Ack<ContentAckData<K>>> {
  return who.socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack<ContentAckData<K>>>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;
const changeId = () => `test-${Date.now().toString(36)}-${++counter}`;

async function foldersNamed(who: UserClient, name: string) {
  return ackData(await call(who, 'folder.fetch', {})).folders.filter((f) => f.name === name);
}

async function itemsTitled(who: UserClient, title: string): Promise<ItemRecord[]> {
  return ackData(await call(who, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: title, product: 'all' })).items.filter((i) => i.title === title);
}

describe('a create repeated with the same change id', () => {
  it('folder.insert answers with the folder the first made and makes no second one, also from another connection', async () => {
    const name = unique('Offline drafts');
    const id = changeId();
    const first = ackData(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id }));
    const again = ackData(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id }));
    // The page was reloaded meanwhile: another connection of the same person asks again.
    const fromElsewhere = ackData(await call(alexElsewhere, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id }));
    expect(again.folder).toEqual(first.folder);
    expect(fromElsewhere.folder.id).toBe(first.folder.id);
    expect(await foldersNamed(alex, name)).toHaveLength(1);
  });

  it('answers with the folder as it is now (renamed since), not as it was', async () => {
    const id = changeId();
    const created = ackData(await call(alex, 'folder.insert', { name: unique('Before'), parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })).folder;
    const renamed = unique('After');
    ackData(await call(alex, 'folder.update', { id: created.id, name: renamed }));
    const again = ackData(await call(alex, 'folder.insert', { name: 'Before', parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id }));
    expect(again.folder).toMatchObject({ id: created.id, name: renamed });
  });

  it('concurrent repeats make one folder', async () => {
    const name = unique('Raced');
    const id = changeId();
    const answers = await Promise.all([alex, alexElsewhere, alex].map((who) => call(who, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })));
    const ids = answers.map((a) => ackData(a).folder.id);
    expect(new Set(ids).size).toBe(1);
    expect(await foldersNamed(alex, name)).toHaveLength(1);
  });

  it('another person’s change id is theirs alone; without a change id every insert is new', async () => {
    const id = changeId();
    const name = unique('Same id');
    const alexFolder = ackData(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })).folder;
    const taraFolder = ackData(await call(tara, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })).folder;
    expect(taraFolder.id).not.toBe(alexFolder.id);
    const plain = unique('Unnamed change');
    ackData(await call(alex, 'folder.insert', { name: plain, parentId: 'PRIVATE_CONTENT', clientRef: 'r' }));
    // The same name twice is refused as a duplicate: without a change id nothing tells a repeat from a new folder.
    expect(refusalReason(await call(alex, 'folder.insert', { name: plain, parentId: 'PRIVATE_CONTENT', clientRef: 'r' }))).toBe('duplicate');
  });

  it('item.duplicate answers with the copy the first made and makes no second copy', async () => {
    const source = (await itemsTitled(alex, 'Welcome to the team'))[0]!;
    const title = unique('Copy once');
    const id = changeId();
    const first = ackData(await call(alex, 'item.duplicate', { id: source.id, title, changeId: id })).item;
    const again = ackData(await call(alex, 'item.duplicate', { id: source.id, title, changeId: id })).item;
    expect(again.id).toBe(first.id);
    expect(await itemsTitled(alex, title)).toHaveLength(1);
  });

  it('a refused change is not remembered: the same id may go again once the cause is gone', async () => {
    const name = unique('Taken');
    ackData(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: 'r' }));
    const id = changeId();
    expect(refusalReason(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id }))).toBe('duplicate');
    const [taken] = await foldersNamed(alex, name);
    ackData(await call(alex, 'folder.update', { id: taken!.id, name: unique('Freed') }));
    expect(ackData(await call(alex, 'folder.insert', { name, parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })).folder.name).toBe(name);
  });

  it('a change id used for another request is refused, and malformed change ids are refused', async () => {
    const id = changeId();
    const folder = ackData(await call(alex, 'folder.insert', { name: unique('Once'), parentId: 'PRIVATE_CONTENT', clientRef: id, changeId: id })).folder;
    expect(refusalReason(await call(alex, 'folder.update', { id: folder.id, name: unique('Other'), changeId: id }))).toBe('invalidRequest');
    for (const bad of ['', 'x'.repeat(101), 'has space', 'slash/inside', 7]) {
      const ack = (await alex.socket.timeout(5000).emitWithAck('folder.insert', { name: unique('Bad id'), parentId: 'PRIVATE_CONTENT', clientRef: 'r', changeId: bad })) as Ack<unknown>;
      expect([bad, refusalReason(ack)]).toEqual([bad, 'invalidRequest']);
    }
  });
});

describe('a rename, move, trash or restore repeated with the same change id is confirmed, not refused', () => {
  it('folders: rename, move, trash, restore, delete forever', async () => {
    const target = ackData(await call(alex, 'folder.insert', { name: unique('Target'), parentId: 'PRIVATE_CONTENT', clientRef: 'r' })).folder;
    const folder = ackData(await call(alex, 'folder.insert', { name: unique('Moving'), parentId: 'PRIVATE_CONTENT', clientRef: 'r' })).folder;
    const twice = async <K extends ContentRequestName>(event: K, payload: ContentPayload<K>) => {
      const named = { ...payload, changeId: changeId() };
      const first = ackData(await call(alex, event, named));
      const again = await call(alex, event, named);
      expect([event, again.success]).toEqual([event, true]);
      return { first, again: ackData(again) };
    };
    const renamed = unique('Renamed');
    expect((await twice('folder.update', { id: folder.id, name: renamed })).again.folder.name).toBe(renamed);
    // Moving again would be "already there"; the repeat is the same move, confirmed.
    expect((await twice('folder.bulkMove', { ids: [folder.id], destination: target.id })).again.folders[0]).toMatchObject({ id: folder.id, parent: target.id });
    expect((await twice('folder.destroy', { id: folder.id })).again.folders[0]).toMatchObject({ id: folder.id, folderType: 'deleted' });
    // Restoring again would be "not in the trash"; the repeat says where it is now.
    expect((await twice('folder.restore', { id: folder.id })).again.folders[0]).toMatchObject({ id: folder.id, folderType: 'private' });
    ackData(await call(alex, 'folder.destroy', { id: folder.id }));
    expect((await twice('folder.bulkDestroy', { ids: [folder.id] })).again.ids).toEqual([folder.id]);
  });

  it('items: move and trash', async () => {
    const source = (await itemsTitled(alex, 'Welcome to the team'))[0]!;
    const copy = ackData(await call(alex, 'item.duplicate', { id: source.id, title: unique('Item to move') })).item;
    const target = ackData(await call(alex, 'folder.insert', { name: unique('Item target'), parentId: 'PRIVATE_CONTENT', clientRef: 'r' })).folder;
    const move = { ids: [copy.id], destination: target.id, changeId: changeId() };
    ackData(await call(alex, 'item.bulkMove', move));
    expect(ackData(await call(alex, 'item.bulkMove', move)).items[0]).toMatchObject({ id: copy.id, folderId: target.id });
    const trash = { ids: [copy.id], changeId: changeId() };
    ackData(await call(alex, 'item.bulkArchive', trash));
    expect(ackData(await call(alex, 'item.bulkArchive', trash)).items[0]).toMatchObject({ id: copy.id, isArchived: true });
  });
});

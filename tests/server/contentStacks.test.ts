/**
 * The item-stack HTTP calls (domain/content.ts ITEM_STACK_CALLS) on the seeded "Onboarding course"
 * stack, in order: read, rename, move, trash, restore, delete forever, with the pushes they send.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, ContentAckData, ContentPayload, ContentRequestName, ItemRecord, ItemStackRecord } from '../../domain/content.ts';
import { callJson, connectOutcome, connectSocket, nextEvent, signIn, type SignedIn } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let alex: SignedIn;
let tara: SignedIn;
let nick: SignedIn;
let ian: SignedIn;
let alexSocket: Socket;
let taraSocket: Socket;
let stackId: string;
let onboardingId: number;
let newHiresId: number;

interface ErrorBody {
  error: string;
  message: string;
  reason?: string;
}

async function socketOf(user: SignedIn): Promise<Socket> {
  const socket = connectSocket(server.url, `/user/${user.aid}`, { token: user.token });
  expect(await connectOutcome(socket)).toBe('connected');
  return socket;
}

async function call<K extends ContentRequestName>(socket: Socket, event: K, payload: ContentPayload<K>): Promise<ContentAckData<K>> {
  const ack = (await socket.timeout(5000).emitWithAck(event, payload)) as Ack<ContentAckData<K>>;
  if (!ack.success) throw new Error(`${event} refused: ${ack.reason}`);
  return ack.data;
}

function stacks(user: SignedIn | undefined, method: string, path: string, body?: unknown) {
  return callJson<ErrorBody>(server.url, `/api/item-stacks${path}`, { token: user?.token, method, body });
}

async function getStack(user: SignedIn) {
  return callJson<ItemStackRecord>(server.url, `/api/item-stacks/${stackId}`, { token: user.token });
}

async function listed(folderId: number | 'DELETED'): Promise<ItemRecord[]> {
  return (await call(alexSocket, 'item.fetch', { folderId, page: 1, search: null, product: 'all' })).items;
}

beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 600 });
  [alex, tara, nick, ian] = (await Promise.all(
    ['alex.admin', 'tara.team', 'nick.nonadmin', 'ian.individual'].map((name) => signIn(server.url, `${name}@example.com`)),
  )) as [SignedIn, SignedIn, SignedIn, SignedIn];
  alexSocket = await socketOf(alex);
  taraSocket = await socketOf(tara);
  const folders = (await call(alexSocket, 'folder.fetch', {})).folders;
  onboardingId = folders.find((f) => f.name === 'Onboarding')!.id;
  newHiresId = folders.find((f) => f.name === 'New hires 2025')!.id;
  stackId = (await listed(onboardingId)).find((i) => i.isStack)!.id;
});
afterAll(async () => {
  alexSocket?.disconnect();
  taraSocket?.disconnect();
  await server?.close();
});

describe('a stack in the grid', () => {
  it('opens its source course: the grid entry names that member, which item.get opens', async () => {
    const stack = (await listed(onboardingId)).find((i) => i.id === stackId)!;
    expect(stack.stackEntry).toEqual({ itemId: expect.any(String), sourceCourse: true });
    const ack = (await alexSocket.timeout(5000).emitWithAck('item.get', { id: stack.stackEntry!.itemId, pass: null, protectedLinksFlagEnabled: true })) as { success: boolean; data: { item: { id: string; title: string } } };
    expect(ack).toMatchObject({ success: true, data: { item: { id: stack.stackEntry!.itemId } } });
    // Items are not stacks: no entry.
    expect((await listed(onboardingId)).filter((i) => !i.isStack).every((i) => i.stackEntry === undefined)).toBe(true);
  });

  it('search lists its members on their own: by title, and translation targets by their language in any of its names', async () => {
    const search = async (text: string) => (await call(alexSocket, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: text, product: 'all' })).items;
    const byTitle = await search('Onboarding course (German)');
    expect(byTitle.map((i) => [i.title, i.inStack])).toEqual([['Onboarding course (German)', true]]);
    // "Français" is in no title: the French targets are found by their locale's name.
    const french = await search('Français');
    expect(french.map((i) => i.title).sort()).toEqual(['Customer service essentials (French)', 'Onboarding course (French)']);
    expect(french.every((i) => i.inStack === true && !i.isStack)).toBe(true);
    // The stack itself still matches its own title, beside its members.
    expect((await search('Onboarding course')).filter((i) => i.isStack).map((i) => i.id)).toEqual([stackId]);
    // Browsing a folder lists the stack as one card, never its members.
    expect((await listed(onboardingId)).some((i) => i.inStack)).toBe(false);
  });

  it('a member’s item view says it is in a stack, and the stack call names the stack', async () => {
    const [member] = (await call(alexSocket, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: 'Onboarding course (French)', product: 'all' })).items;
    const get = async (id: string) => (await alexSocket.timeout(5000).emitWithAck('item.get', { id, pass: null, protectedLinksFlagEnabled: true })) as { data: { item: { showItemStacksSidebar?: boolean } } };
    expect((await get(member!.id)).data.item.showItemStacksSidebar).toBe(true);
    const plain = (await listed(onboardingId)).find((i) => !i.isStack)!;
    expect((await get(plain.id)).data.item.showItemStacksSidebar).toBe(false);
    const stack = await callJson<{ title: string; entries: { itemId: string }[] }>(server.url, `/api/translations/stack/${member!.id}`, { token: alex.token });
    expect(stack.status).toBe(200);
    expect(stack.body.title).toBe('Onboarding course');
    expect(stack.body.entries.map((e) => e.itemId)).toContain(member!.id);
  });
});

describe('item stacks over HTTP', () => {
  it('GET /item-stacks/:id answers the stack with its items, 404 when unknown or not visible, 401 without a token', async () => {
    const { status, body } = await getStack(tara);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: stackId, title: 'Onboarding course', folderId: onboardingId, userId: alex.aid, archivedAt: null });
    expect(body.itemIds).toHaveLength(5);
    expect((await stacks(alex, 'GET', '/no-such-stack')).status).toBe(404);
    const hidden = await stacks(ian, 'GET', `/${stackId}`);
    expect(hidden).toMatchObject({ status: 404, body: { error: 'Not Found', reason: 'notFound' } });
    expect((await stacks(undefined, 'GET', `/${stackId}`)).status).toBe(401);
  });

  it('renames (204, pushed), refusing a viewer (403), a bad body (400) and a title taken in the folder (400)', async () => {
    expect(await stacks(nick, 'PUT', `/rename/${stackId}`, { title: 'Nick was here' })).toMatchObject({ status: 403, body: { reason: 'forbidden' } });
    expect((await stacks(alex, 'PUT', `/rename/${stackId}`, { title: 'x', extra: 1 })).status).toBe(400);
    expect((await stacks(alex, 'PUT', `/rename/${stackId}`, {})).status).toBe(400);
    expect(await stacks(alex, 'PUT', `/rename/${stackId}`, { title: 'first day CHECKLIST' })).toMatchObject({ status: 400, body: { reason: 'duplicate' } });
    expect(await stacks(alex, 'PUT', `/rename/${stackId}`, { title: 'x'.repeat(256) })).toMatchObject({ status: 400, body: { reason: 'tooLong' } });
    const pushed = nextEvent<{ stack: ItemRecord }>(taraSocket, 'itemStack.updateHashed');
    expect((await stacks(alex, 'PUT', `/rename/${stackId}`, { title: '  Welcome course  ' })).status).toBe(204);
    expect((await pushed).stack).toMatchObject({ id: stackId, title: 'Welcome course', isStack: true, stackSize: 5 });
    expect((await getStack(alex)).body.title).toBe('Welcome course');
  });

  it('moves (204, pushed) with its items, refusing a non-owner without moveItem, its own folder and an unknown folder', async () => {
    expect(await stacks(tara, 'PUT', '/move', { stackIds: [stackId], toFolderId: newHiresId })).toMatchObject({ status: 403, body: { reason: 'notPermitted' } });
    expect(await stacks(alex, 'PUT', '/move', { stackIds: [stackId], toFolderId: onboardingId })).toMatchObject({ status: 400, body: { reason: 'alreadyInFolder' } });
    expect(await stacks(alex, 'PUT', '/move', { stackIds: [stackId], toFolderId: 999_999 })).toMatchObject({ status: 404, body: { reason: 'targetMissing' } });
    expect((await stacks(alex, 'PUT', '/move', { stackIds: [stackId], toFolderId: 'PRIVATE_CONTENT' })).status).toBe(400);
    const pushed = nextEvent<{ stackIds: string[]; toFolderId: number | null }>(taraSocket, 'itemStack.moveHashed');
    expect((await stacks(alex, 'PUT', '/move', { stackIds: [stackId], toFolderId: newHiresId })).status).toBe(204);
    expect(await pushed).toMatchObject({ stackIds: [stackId], toFolderId: newHiresId });
    expect((await getStack(alex)).body.folderId).toBe(newHiresId);
    expect((await listed(newHiresId)).find((i) => i.id === stackId)).toMatchObject({ isStack: true, folderId: newHiresId });
    expect((await listed(onboardingId)).some((i) => i.id === stackId)).toBe(false);
  });

  it('trashes (204, pushed) and restores (200 with the stacks), refusing an editor and a delete forever of a live stack', async () => {
    expect(await stacks(alex, 'DELETE', '/bulk-hard-delete', { stackIds: [stackId] })).toMatchObject({ status: 403, body: { reason: 'forbidden' } });
    expect((await stacks(tara, 'DELETE', '/bulk-soft-delete', { stackIds: [stackId] })).status).toBe(403);
    expect((await stacks(alex, 'DELETE', '/bulk-soft-delete', { stackIds: [] })).status).toBe(400);
    expect((await stacks(alex, 'DELETE', '/bulk-soft-delete', { stackIds: [{ id: stackId }] })).status).toBe(400);
    const trashed = nextEvent<{ stackIds: string[] }>(taraSocket, 'itemStack.softDeleteHashed');
    expect((await stacks(alex, 'DELETE', '/bulk-soft-delete', { stackIds: [stackId] })).status).toBe(204);
    expect(await trashed).toEqual(expect.objectContaining({ stackIds: [stackId] }));
    expect((await listed('DELETED')).find((i) => i.id === stackId)).toMatchObject({ isStack: true, isArchived: true });
    // Archived: hidden from everyone but its owner.
    expect((await getStack(tara)).status).toBe(404);
    // Its members leave search with it.
    expect((await call(alexSocket, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: 'Onboarding course (', product: 'all' })).items).toEqual([]);

    const restored = await callJson<{ stacks: ItemRecord[] }>(server.url, '/api/item-stacks/bulk-restore', { token: alex.token, method: 'PUT', body: { stackIds: [stackId] } });
    expect(restored.status).toBe(200);
    expect(restored.body.stacks).toEqual([expect.objectContaining({ id: stackId, archivedAt: null, isArchived: false, folderId: newHiresId, stackSize: 5 })]);
    expect((await getStack(tara)).status).toBe(200);
  });

  it('restores into the private root when its folder is in the trash, then deletes forever (204, pushed)', async () => {
    expect((await stacks(alex, 'DELETE', '/bulk-soft-delete', { stackIds: [stackId] })).status).toBe(204);
    await call(alexSocket, 'folder.destroy', { id: newHiresId });
    const restored = await callJson<{ stacks: ItemRecord[] }>(server.url, '/api/item-stacks/bulk-restore', { token: alex.token, method: 'PUT', body: { stackIds: [stackId] } });
    expect(restored.body.stacks[0]).toMatchObject({ folderId: null, isArchived: false });
    expect((await getStack(alex)).body.folderId).toBeNull();

    expect((await stacks(alex, 'DELETE', '/bulk-soft-delete', { stackIds: [stackId] })).status).toBe(204);
    const gone = nextEvent<{ stackIds: string[] }>(alexSocket, 'itemStack.hardDeleteHashed');
    expect((await stacks(alex, 'DELETE', '/bulk-hard-delete', { stackIds: [stackId] })).status).toBe(204);
    expect((await gone).stackIds).toEqual([stackId]);
    expect((await getStack(alex)).status).toBe(404);
    expect((await call(alexSocket, 'item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: 'Onboarding course (', product: 'all' })).count).toBe(0);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItemRecord } from '../domain/content.ts';
import { ContentRequestError, createContentClient, newClientId, runItemCalls, type ContentSocket } from './content.ts';
import { createHttpClient } from './http.ts';

type Handler = (name: string, payload: unknown, ack: (answer: unknown) => void) => void;

/** A socket that hands every emit to `handler` and remembers it. */
function fakeSocket(handler: Handler) {
  const emitted: { name: string; payload: unknown }[] = [];
  const socket = {
    connected: true,
    emit: (name: string, payload: unknown, ack: (answer: unknown) => void) => {
      emitted.push({ name, payload });
      handler(name, payload, ack);
      return socket;
    },
  };
  return { socket: socket as unknown as ContentSocket, emitted };
}

// A local server answers the stack calls: each test sets the answers per "METHOD path".
let server: Server;
let base = '';
let answers: Record<string, { status: number; body?: unknown }> = {};
let calls: { method: string; url: string; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = (req.url ?? '').replace(/^\/api/, '');
      calls.push({ method: req.method ?? 'GET', url, body: raw ? JSON.parse(raw) : null });
      const answer = answers[`${req.method} ${url}`] ?? { status: 404, body: { error: 'Not Found', message: 'No such route' } };
      res.statusCode = answer.status;
      if (answer.status === 204 || answer.body === undefined) return res.end();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An HTTP client to the local server, answering each path as given. */
function fakeHttp(given: Record<string, { status: number; body?: unknown }>) {
  answers = given;
  calls = [];
  const http = createHttpClient({ baseURL: base, tokens: { accessToken: async () => 'at', forceRefresh: async () => null } });
  return { http, calls };
}

const stack = { id: 's1', title: 'Course stack', isStack: true } as unknown as ItemRecord;

afterEach(() => {
  vi.useRealTimers();
});

describe('content client: socket requests with acknowledgements (domain/content.ts)', () => {
  it('emits the event with its payload and resolves with the acknowledgement’s data', async () => {
    const { socket, emitted } = fakeSocket((_name, _payload, ack) => ack({ success: true, data: { folders: [] } }));
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    await expect(client.request('folder.fetch', {})).resolves.toEqual({ folders: [] });
    await client.request('folder.update', { id: 4, name: 'Renamed' });
    expect(emitted).toEqual([
      { name: 'folder.fetch', payload: {} },
      { name: 'folder.update', payload: { id: 4, name: 'Renamed' } },
    ]);
  });

  it('rejects a refusal with the server’s reason, message and failing entry', async () => {
    const { socket } = fakeSocket((_n, _p, ack) => ack({ success: false, reason: 'tooDeep', message: 'Folders nest at most 7 deep.', failedId: 12 }));
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    const error = await client.request('folder.bulkMove', { ids: [12], destination: 40 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error).toMatchObject({ reason: 'tooDeep', message: 'Folders nest at most 7 deep.', failedId: 12 });
  });

  it('rejects with serverError "timed out" when no acknowledgement comes in time, and ignores a late one', async () => {
    vi.useFakeTimers();
    let late: ((answer: unknown) => void) | null = null;
    const { socket } = fakeSocket((_n, _p, ack) => (late = ack));
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    const pending = client.request('folder.insert', { name: 'New', parentId: 'PRIVATE_CONTENT', clientRef: 'c1' }, { timeoutMs: 15_000 });
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true), () => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toMatchObject({ name: 'ContentRequestError', reason: 'serverError' });
    expect((error as Error).message).toMatch(/timed out/);
    late!({ success: true, data: { folder: { id: 1 }, clientRef: 'c1' } });
    await expect(pending).rejects.toBe(error);
  });

  it('rejects at once with serverError when there is no socket, and an unreadable acknowledgement likewise', async () => {
    const client = createContentClient({ socket: () => null, http: fakeHttp({}).http });
    await expect(client.request('folder.fetch', {})).rejects.toMatchObject({ reason: 'serverError' });
    const { socket } = fakeSocket((_n, _p, ack) => ack('ok'));
    const other = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    await expect(other.request('folder.fetch', {})).rejects.toMatchObject({ reason: 'serverError', message: expect.stringMatching(/unreadable/) });
  });
});

describe('content client: before the live connection exists', () => {
  it('a read waits for the socket whenSocket hands over, then is answered; a change is unsent at once', async () => {
    const { socket, emitted } = fakeSocket((_name, _payload, ack) => ack({ success: true, data: { folders: [] } }));
    let handOver: (ready: ContentSocket | null) => void = () => undefined;
    const waits: number[] = [];
    const client = createContentClient({
      socket: () => null,
      whenSocket: (timeoutMs) => {
        waits.push(timeoutMs);
        return new Promise((resolve) => (handOver = resolve));
      },
      http: fakeHttp({}).http,
      timeoutMs: 9_000,
    });
    const read = client.request('folder.fetch', {});
    await expect(client.request('folder.insert', { name: 'New', parentId: 'PRIVATE_CONTENT', clientRef: 'c1' }, { asChange: true })).rejects.toMatchObject({ delivery: 'unsent' });
    expect(emitted).toEqual([]);
    handOver(socket);
    await expect(read).resolves.toEqual({ folders: [] });
    expect(emitted).toEqual([{ name: 'folder.fetch', payload: {} }]);
    expect(waits).toEqual([9_000]);
  });

  it('a read whose socket never comes is unsent', async () => {
    const client = createContentClient({ socket: () => null, whenSocket: async () => null, http: fakeHttp({}).http });
    await expect(client.request('folder.fetch', {})).rejects.toMatchObject({ reason: 'serverError', delivery: 'unsent' });
  });
});

describe('content client: a change (asChange) is never left to a guess', () => {
  /** A socket that can be offline and can drop, with the listeners it was given. */
  function droppableSocket(handler: Handler, connected = true) {
    const listeners = new Map<string, Set<() => void>>();
    const { socket, emitted } = fakeSocket(handler);
    const live = Object.assign(socket, {
      connected,
      once: (event: string, listener: () => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return live;
      },
      off: (event: string, listener: () => void) => {
        listeners.get(event)?.delete(listener);
        return live;
      },
    });
    const drop = () => {
      live.connected = false;
      for (const listener of [...(listeners.get('disconnect') ?? [])]) listener();
    };
    return { socket: live as unknown as ContentSocket, emitted, drop, listening: () => listeners.get('disconnect')?.size ?? 0 };
  }

  it('offline: rejected at once as unsent, and nothing is emitted (socket.io would send it later on its own)', async () => {
    const { socket, emitted } = droppableSocket(() => {}, false);
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    await expect(client.request('folder.insert', { name: 'New', parentId: 'PRIVATE_CONTENT', clientRef: 'c1', changeId: 'c1' }, { asChange: true })).rejects.toMatchObject({
      name: 'ContentRequestError',
      reason: 'serverError',
      delivery: 'unsent',
    });
    expect(emitted).toEqual([]);
    await expect(createContentClient({ socket: () => null, http: fakeHttp({}).http }).request('folder.fetch', {})).rejects.toMatchObject({ delivery: 'unsent' });
  });

  it('the connection dropping while the answer is awaited rejects at once as unanswered; an answer stops listening', async () => {
    const { socket, drop, listening } = droppableSocket(() => {});
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    const pending = client.request('folder.update', { id: 4, name: 'Renamed', changeId: 'c2' }, { asChange: true });
    expect(listening()).toBe(1);
    drop();
    await expect(pending).rejects.toMatchObject({ reason: 'serverError', delivery: 'unanswered', message: expect.stringMatching(/dropped/) });
    const answered = droppableSocket((_n, _p, ack) => ack({ success: true, data: { folder: { id: 4 } } }));
    await createContentClient({ socket: () => answered.socket, http: fakeHttp({}).http }).request('folder.update', { id: 4, name: 'Renamed' }, { asChange: true });
    expect(answered.listening()).toBe(0);
  });

  it('a time-out is unanswered, a refusal is refused', async () => {
    vi.useFakeTimers();
    const { socket } = droppableSocket(() => {});
    const client = createContentClient({ socket: () => socket, http: fakeHttp({}).http });
    const caught = client.request('folder.destroy', { id: 4 }, { asChange: true, timeoutMs: 1_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await caught).toMatchObject({ delivery: 'unanswered', message: expect.stringMatching(/timed out/) });
    vi.useRealTimers();
    const refused = droppableSocket((_n, _p, ack) => ack({ success: false, reason: 'forbidden', message: 'No' }));
    await expect(createContentClient({ socket: () => refused.socket, http: fakeHttp({}).http }).request('folder.destroy', { id: 4 }, { asChange: true })).rejects.toMatchObject({
      reason: 'forbidden',
      delivery: 'refused',
    });
  });

  it('a page’s client id is 32 hex digits from the random source', () => {
    const id = newClientId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientId()).not.toBe(id);
    expect(newClientId((bytes) => bytes.fill(171))).toBe('ab'.repeat(16));
  });
});

describe('content client: item-stack HTTP calls with their expected statuses (§7, §8)', () => {
  it('sends each call with its method, path and body', async () => {
    const { http, calls } = fakeHttp({
      'PUT /item-stacks/bulk-restore': { status: 200, body: { stacks: [stack] } },
      'PUT /item-stacks/move': { status: 204 },
      'PUT /item-stacks/rename/s%201': { status: 204 },
      'DELETE /item-stacks/bulk-soft-delete': { status: 204 },
      'DELETE /item-stacks/bulk-hard-delete': { status: 204 },
      'GET /item-stacks/s1': { status: 200, body: { id: 's1', title: 'Course stack', folderId: null, userId: 'u1', archivedAt: null, itemIds: ['a'], hash: 'h' } },
    });
    const client = createContentClient({ socket: () => null, http });
    await expect(client.stacks.bulkRestore(['s1'])).resolves.toEqual({ success: true, stacks: [stack] });
    await expect(client.stacks.move(['s1'], 7)).resolves.toEqual({ success: true });
    await expect(client.stacks.rename('s 1', 'New title')).resolves.toBeUndefined();
    await expect(client.stacks.bulkSoftDelete(['s1'])).resolves.toEqual({ success: true });
    await expect(client.stacks.bulkHardDelete(['s1'])).resolves.toEqual({ success: true });
    await expect(client.stacks.get('s1')).resolves.toMatchObject({ success: true, stack: { id: 's1', itemIds: ['a'] } });
    expect(calls.map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      'PUT /item-stacks/bulk-restore {"stackIds":["s1"]}',
      'PUT /item-stacks/move {"stackIds":["s1"],"toFolderId":7}',
      'PUT /item-stacks/rename/s%201 {"title":"New title"}',
      'DELETE /item-stacks/bulk-soft-delete {"stackIds":["s1"]}',
      'DELETE /item-stacks/bulk-hard-delete {"stackIds":["s1"]}',
      'GET /item-stacks/s1 null',
    ]);
  });

  it('a wrong status is a failure: reported, and success false', async () => {
    const reports: string[] = [];
    const { http } = fakeHttp({
      'PUT /item-stacks/move': { status: 200, body: {} },
      'DELETE /item-stacks/bulk-soft-delete': { status: 403, body: { error: 'Forbidden', message: 'Your role lacks deleteItem.' } },
      'PUT /item-stacks/bulk-restore': { status: 204 },
    });
    const client = createContentClient({ socket: () => null, http, report: (message) => reports.push(message) });
    await expect(client.stacks.move(['s1'], null)).resolves.toEqual({ success: false });
    await expect(client.stacks.bulkSoftDelete(['s1'])).resolves.toEqual({ success: false });
    await expect(client.stacks.bulkRestore(['s1'])).resolves.toEqual({ success: false });
    await expect(client.stacks.bulkHardDelete(['s1'])).resolves.toEqual({ success: false });
    expect(reports).toEqual(['Error moving stacks', 'Error archiving stacks', 'Error restoring stacks', 'Error destroying stacks']);
  });

  it('a failed rename throws "Error renaming stack"', async () => {
    const reports: string[] = [];
    const { http } = fakeHttp({ 'PUT /item-stacks/rename/s1': { status: 500, body: { error: 'Internal', message: 'boom' } } });
    const client = createContentClient({ socket: () => null, http, report: (message) => reports.push(message) });
    await expect(client.stacks.rename('s1', 'X')).rejects.toThrow('Error renaming stack');
    expect(reports).toEqual(['Error renaming stack']);
  });
});

describe('runItemCalls (one item change: items over the socket, stacks over HTTP)', () => {
  it('runs the calls in order and collects the records answered', async () => {
    const { socket, emitted } = fakeSocket((_n, payload, ack) => ack({ success: true, data: { items: [{ id: (payload as { ids: string[] }).ids[0] }] } }));
    const { http, calls } = fakeHttp({ 'PUT /item-stacks/bulk-restore': { status: 200, body: { stacks: [stack] } }, 'PUT /item-stacks/move': { status: 204 } });
    const client = createContentClient({ socket: () => socket, http });
    const result = await runItemCalls(client, [
      { via: 'socket', name: 'item.bulkMove', payload: { ids: ['a'], destination: 7 } },
      { via: 'stack', call: 'move', stackIds: ['s1'], toFolderId: 7 },
    ]);
    expect(result.items).toEqual([{ id: 'a' }]);
    expect(emitted.map((e) => e.name)).toEqual(['item.bulkMove']);
    expect(calls.map((c) => c.url)).toEqual(['/item-stacks/move']);
  });

  it('a stack call answering success false fails the change with "Error updating items"', async () => {
    const { http } = fakeHttp({ 'DELETE /item-stacks/bulk-hard-delete': { status: 404, body: { error: 'Not Found', message: 'No such stack' } } });
    const client = createContentClient({ socket: () => null, http });
    await expect(runItemCalls(client, [{ via: 'stack', call: 'bulkHardDelete', stackIds: ['s1'] }])).rejects.toMatchObject({ name: 'ContentRequestError', reason: 'serverError', message: 'Error updating items' });
    await expect(runItemCalls(client, [{ via: 'stack', call: 'rename', stackId: 's1', title: 'X' }])).rejects.toMatchObject({ reason: 'serverError', message: 'Error renaming stack' });
  });
});

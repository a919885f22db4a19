import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentRequestError, type ContentSocket } from './content.ts';
import { createHttpClient } from './http.ts';
import { createItemClient } from './items.ts';

type Handler = (name: string, payload: unknown, ack: (answer: unknown) => void) => void;

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

// The backups calls against a local server: answers per "METHOD path", requests recorded with their headers.
let server: Server;
let base = '';
let answers: Record<string, { status: number; body?: unknown }> = {};
const seen: { method: string; url: string; accept: string | undefined; authorization: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = (req.url ?? '').replace(/^\/api/, '');
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? 'GET', url, accept: req.headers.accept, authorization: req.headers.authorization, body });
      const answer = answers[`${req.method} ${url}`] ?? { status: 404, body: { error: 'Not Found', message: 'No such backup' } };
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const http = () => createHttpClient({ baseURL: base, tokens: { accessToken: async () => 'at', forceRefresh: async () => null } });

describe('item client: the item read over HTTP for an account', () => {
  const noSocket = () => null;
  const read = (client: ReturnType<typeof createItemClient>, pass: string | null = null) => client.request('item.get', { id: 'i 1', pass, protectedLinksFlagEnabled: true });

  it('reads the item without a socket, the password in the body and never in the address', async () => {
    const item = { id: 'i 1', versions: [] };
    answers = { 'POST /items/read/i%201': { status: 200, body: { item } } };
    seen.length = 0;
    await expect(read(createItemClient({ socket: noSocket, http: http(), readOverHttp: () => true }), 'secret')).resolves.toEqual({ item });
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/items/read/i%201', authorization: 'Bearer at' })]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ pass: 'secret' });
  });

  it.each([
    [403, 'passwordFailed'],
    [403, 'accessDenied'],
    [404, 'notFound'],
  ])('rejects a %s answer with the refusal its body names (%s), as the socket request would', async (status, reason) => {
    answers = { 'POST /items/read/i%201': { status, body: { error: 'Refused', message: `Refused: ${reason}`, reason } } };
    const error = await read(createItemClient({ socket: noSocket, http: http(), readOverHttp: () => true })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error).toMatchObject({ reason, message: `Refused: ${reason}` });
  });

  it('reads over the socket when told not to use HTTP (an anonymous reviewer)', async () => {
    const { socket, emitted } = fakeSocket((_n, _p, ack) => ack({ success: true, data: { item: { id: 'i 1' } } }));
    seen.length = 0;
    await read(createItemClient({ socket: () => socket, http: http(), readOverHttp: () => false }));
    expect(emitted.map((e) => e.name)).toEqual(['item.get']);
    expect(seen).toEqual([]);
  });
});

describe('item client: item requests over the content socket', () => {
  it('emits the request with its payload and resolves with the acknowledgement’s data', async () => {
    const item = { id: 'i1', versions: [] };
    const { socket, emitted } = fakeSocket((_n, _p, ack) => ack({ success: true, data: { item } }));
    const client = createItemClient({ socket: () => socket, http: http() });
    await expect(client.request('item.get', { id: 'i1', pass: null, protectedLinksFlagEnabled: true })).resolves.toEqual({ item });
    await client.request('item.deleteVersionByKey', { itemId: 'i1', key: 'review/uploads/k/a.zip' });
    expect(emitted).toEqual([
      { name: 'item.get', payload: { id: 'i1', pass: null, protectedLinksFlagEnabled: true } },
      { name: 'item.deleteVersionByKey', payload: { itemId: 'i1', key: 'review/uploads/k/a.zip' } },
    ]);
  });

  it.each(['passwordFailed', 'accessDenied', 'versionReady', 'notFound'])('rejects the %s refusal as a ContentRequestError with that reason', async (reason) => {
    const { socket } = fakeSocket((_n, _p, ack) => ack({ success: false, reason, message: `Refused: ${reason}` }));
    const client = createItemClient({ socket: () => socket, http: http() });
    const error = await client.request('item.get', { id: 'i1', pass: 'wrong', protectedLinksFlagEnabled: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentRequestError);
    expect(error).toMatchObject({ reason, message: `Refused: ${reason}` });
  });

  it('rejects with serverError without a socket and when no acknowledgement comes in time', async () => {
    await expect(createItemClient({ socket: () => null, http: http() }).request('item.get', { id: 'i1', pass: null, protectedLinksFlagEnabled: true })).rejects.toMatchObject({ reason: 'serverError' });
    const { socket } = fakeSocket(() => {});
    const silent = createItemClient({ socket: () => socket, http: http(), timeoutMs: 20 });
    await expect(silent.request('item.markUploadFailed', { itemId: 'i1', key: 'k' })).rejects.toMatchObject({ reason: 'serverError', message: expect.stringMatching(/timed out/) });
  });
});

describe('item client: backups (§7)', () => {
  it('lists an item’s backups with the bearer and Accept json', async () => {
    const backups = [
      { id: 'b2', version: 2, status: 'created' },
      { id: 'b1', version: 1, status: 'ready' },
    ];
    answers = { 'GET /backups/item%201': { status: 200, body: { backups } } };
    seen.length = 0;
    await expect(createItemClient({ socket: () => null, http: http() }).backups('item 1')).resolves.toEqual(backups);
    expect(seen).toEqual([{ body: '', method: 'GET', url: '/backups/item%201', accept: 'application/json', authorization: 'Bearer at' }]);
  });

  it('returns the download URL of a ready backup', async () => {
    answers = { 'GET /backups/download/v1/b1': { status: 200, body: { downloadURL: 'http://127.0.0.1/dl/b1?sig=x' } } };
    await expect(createItemClient({ socket: () => null, http: http() }).backupDownloadUrl('b1')).resolves.toBe('http://127.0.0.1/dl/b1?sig=x');
  });

  it('rejects unknown items, backups not ready and unreadable answers', async () => {
    answers = {
      'GET /backups/download/v1/b2': { status: 409, body: { error: 'Conflict', message: 'The backup is not ready.' } },
      'GET /backups/odd': { status: 200, body: { backups: [{ id: 'b1' }] } },
    };
    const client = createItemClient({ socket: () => null, http: http() });
    await expect(client.backups('gone')).rejects.toMatchObject({ name: 'HttpError', status: 404 });
    await expect(client.backupDownloadUrl('b2')).rejects.toMatchObject({ name: 'HttpError', status: 409, message: 'The backup is not ready.' });
    await expect(client.backups('odd')).rejects.toMatchObject({ name: 'HttpError', error: 'InvalidResponse' });
  });
});

describe('item client: a request made before its socket is there', () => {
  it('waits for the socket whenSocket hands over and goes out on it (an anonymous reviewer opening an item as the page starts)', async () => {
    const { socket, emitted } = fakeSocket((_name, _payload, ack) => ack({ success: true, data: { item: { id: 'i1' } } }));
    let handOver: (s: ContentSocket | null) => void = () => {};
    const asked: number[] = [];
    const client = createItemClient({
      socket: () => null,
      whenSocket: (timeoutMs) => {
        asked.push(timeoutMs);
        return new Promise((resolve) => (handOver = resolve));
      },
      http: http(),
      timeoutMs: 5_000,
    });
    const answer = client.request('item.get', { id: 'i1', pass: null, protectedLinksFlagEnabled: true });
    await Promise.resolve();
    expect(asked).toEqual([5_000]);
    expect(emitted).toHaveLength(0);
    handOver(socket);
    await expect(answer).resolves.toEqual({ item: { id: 'i1' } });
    expect(emitted.map((e) => e.name)).toEqual(['item.get']);
  });

  it('fails as unsent when no socket came within the wait', async () => {
    const client = createItemClient({ socket: () => null, whenSocket: async () => null, http: http() });
    await expect(client.request('item.presignDownload', { itemId: 'i1', version: 1 })).rejects.toMatchObject({ reason: 'serverError', delivery: 'unsent' });
  });
});

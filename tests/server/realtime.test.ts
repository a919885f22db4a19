import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { obtainTokens, startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let token: string;
let aid: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = (await obtainTokens(server.url, 'alex.admin@example.com')).access_token;
  const me = (await (await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { aid: string };
  aid = me.aid;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

function connect(namespace: string, auth: Record<string, string>): Socket {
  const socket = io(`${server.url}${namespace}`, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

/** Resolves 'connected' or the connect_error message, whichever comes first. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error) => resolve(error.message));
  });
}

describe('socket.io namespaces', () => {
  it('refuses /user/<aid> without a token', async () => {
    expect(await outcome(connect(`/user/${aid}`, {}))).toBe('unauthorized');
  });

  it('refuses an invalid token', async () => {
    expect(await outcome(connect(`/user/${aid}`, { token: 'bogus' }))).toBe('unauthorized');
  });

  it('connects to the own user namespace, syncs the clock and acks login with the user', async () => {
    const socket = connect(`/user/${aid}`, { token });
    const clock = new Promise<{ serverTime: number; messageId: string }>((resolve) => socket.once('clock.sync', resolve));
    expect(await outcome(socket)).toBe('connected');
    const ack = (await socket.timeout(5000).emitWithAck('login')) as unknown;
    expect(ack).toEqual({ ok: true, user: { id: aid, email: 'alex.admin@example.com' } });
    expect(typeof (await clock).serverTime).toBe('number');
    // Every server push carries a messageId for the client's de-duplication.
    expect((await clock).messageId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses another user's namespace", async () => {
    expect(await outcome(connect('/user/someone-else', { token }))).toBe('forbidden');
  });

  it('checks the token on an item namespace, then the item (unknown here: not_found; see items.test.ts)', async () => {
    expect(await outcome(connect('/item/item-123', { token: 'bogus' }))).toBe('unauthorized');
    expect(await outcome(connect('/item/item-123', { token }))).toBe('not_found');
  });

  it('refuses an item namespace without a token', async () => {
    expect(await outcome(connect('/item/item-123', {}))).toBe('unauthorized');
  });

  it('lets an unknown e-mail join /anon as anon|<email>', async () => {
    const socket = connect('/anon', { email: 'Guest.Reviewer@Example.org' });
    expect(await outcome(socket)).toBe('connected');
    const ack = (await socket.timeout(5000).emitWithAck('login')) as unknown;
    expect(ack).toEqual({ ok: true, user: { id: 'anon|guest.reviewer@example.org', email: 'guest.reviewer@example.org' } });
  });

  it('refuses /anon for an e-mail that has an account', async () => {
    expect(await outcome(connect('/anon', { email: 'alex.admin@example.com' }))).toBe('account_exists');
  });

  it('refuses /anon without a usable e-mail', async () => {
    expect(await outcome(connect('/anon', {}))).toBe('unauthorized');
    expect(await outcome(connect('/anon', { email: `${'a'.repeat(95)}@example.com` }))).toBe('unauthorized');
  });
});

import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callJson, connectOutcome, connectSocket, nextEvent, signIn, UUID } from '../support/clients.ts';
import type { SignedIn } from '../support/clients.ts';
import { CLIENT_ID, startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let staff: SignedIn;
let tara: SignedIn;
let nick: SignedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [staff, tara, nick] = await Promise.all([
    signIn(server.url, 'sam.staff@example.com'),
    signIn(server.url, 'tara.team@example.com'),
    signIn(server.url, 'nick.nonadmin@example.com'),
  ]);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

function userSocket(user: SignedIn, reconnect = false): Socket {
  const socket = connectSocket(
    server.url,
    `/user/${user.aid}`,
    { token: user.token },
    reconnect ? { reconnection: true, reconnectionDelay: 100, reconnectionDelayMax: 200, randomizationFactor: 0 } : {},
  );
  sockets.push(socket);
  return socket;
}

const disconnectCall = (user: SignedIn, body: unknown) =>
  callJson<{ disconnected: number; refusingUntil: string | null }>(server.url, '/api/admin/realtime/disconnect', { token: user.token, method: 'POST', body });

describe('server-side disconnect (staff test hook)', () => {
  it('is for staff only', async () => {
    const refused = await disconnectCall(tara, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Forbidden' });
    expect((await callJson(server.url, '/api/admin/realtime/disconnect', { method: 'POST', body: {} })).status).toBe(401);
    expect((await disconnectCall(staff, { refuse: true })).status).toBe(400);
    expect((await disconnectCall(staff, { all: true })).status).toBe(400);
  });

  it('disconnects everyone when sent without a body', async () => {
    const socket = userSocket(tara);
    expect(await connectOutcome(socket)).toBe('connected');
    const gone = nextEvent<string>(socket, 'disconnect');
    const result = await callJson(server.url, '/api/admin/realtime/disconnect', { token: staff.token, method: 'POST' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ disconnected: 1, refusingUntil: null });
    expect(await gone).toBe('transport close');
  });

  it("drops one user's sockets like a network loss; the client reconnects by itself", async () => {
    const taraSocket = userSocket(tara, true);
    const nickSocket = userSocket(nick);
    expect(await connectOutcome(taraSocket)).toBe('connected');
    expect(await connectOutcome(nickSocket)).toBe('connected');
    const reason = nextEvent<string>(taraSocket, 'disconnect');
    const result = await disconnectCall(staff, { aid: tara.aid });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ disconnected: 1, refusingUntil: null });
    expect(await reason).toBe('transport close');
    await nextEvent(taraSocket, 'connect');
    expect(taraSocket.connected).toBe(true);
    expect(nickSocket.connected).toBe(true);
  });

  it('refuses new connections for the given seconds, so reconnect attempts fail until then', async () => {
    const taraSocket = userSocket(tara, true);
    const nickSocket = userSocket(nick);
    expect(await connectOutcome(taraSocket)).toBe('connected');
    expect(await connectOutcome(nickSocket)).toBe('connected');
    let failedAttempts = 0;
    taraSocket.io.on('reconnect_error', () => (failedAttempts += 1));
    const nickGone = nextEvent<string>(nickSocket, 'disconnect');
    const reconnected = new Promise<number>((resolve) => taraSocket.io.once('reconnect', () => resolve(Date.now())));

    const started = Date.now();
    const result = await disconnectCall(staff, { refuse: true, seconds: 1.5 });
    expect(result.status).toBe(200);
    expect(result.body.disconnected).toBe(2);
    expect(Date.parse(result.body.refusingUntil!)).toBeGreaterThan(started);
    expect(await nickGone).toBe('transport close');

    // A fresh connection is refused during the window...
    const fresh = connectSocket(server.url, `/user/${nick.aid}`, { token: nick.token });
    sockets.push(fresh);
    expect(await connectOutcome(fresh)).not.toBe('connected');

    // ...and the reconnecting client gets through only once it has passed.
    const at = await reconnected;
    expect(at - started).toBeGreaterThanOrEqual(1400);
    expect(failedAttempts).toBeGreaterThan(0);
    const late = connectSocket(server.url, `/user/${nick.aid}`, { token: nick.token });
    sockets.push(late);
    expect(await connectOutcome(late)).toBe('connected');
  });

  it('ends a refusal early with seconds 0', async () => {
    await disconnectCall(staff, { refuse: true, seconds: 30 });
    const refused = await disconnectCall(staff, { refuse: true, seconds: 0 });
    expect(refused.body.refusingUntil).toBeNull();
    expect(await connectOutcome(userSocket(tara))).toBe('connected');
  });
});

describe('socket token errors', () => {
  it("refuses a revoked token with 'unauthorized'", async () => {
    const user = await signIn(server.url, 'vera.validator@example.com');
    const revoke = await fetch(`${server.url}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, token: user.token, token_type_hint: 'access_token' }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect(await connectOutcome(userSocket(user))).toBe('unauthorized');
  });

  it("tells a connected socket its token expired, disconnects it, then refuses the token with 'token_expired'", async () => {
    const shortLived = await startTestServer({ accessTokenTtlSeconds: 2 });
    try {
      const user = await signIn(shortLived.url, 'tara.team@example.com');
      const socket = connectSocket(shortLived.url, `/user/${user.aid}`, { token: user.token });
      sockets.push(socket);
      const expired = nextEvent<Record<string, unknown>>(socket, 'auth.tokenExpired', 6000);
      const gone = nextEvent<string>(socket, 'disconnect', 6000);
      expect(await connectOutcome(socket)).toBe('connected');
      expect(await expired).toEqual({ messageId: expect.stringMatching(UUID) });
      expect(await gone).toBe('io server disconnect');

      const again = connectSocket(shortLived.url, `/user/${user.aid}`, { token: user.token });
      sockets.push(again);
      expect(await connectOutcome(again)).toBe('token_expired');
      const item = connectSocket(shortLived.url, '/item/item-1', { token: user.token });
      sockets.push(item);
      expect(await connectOutcome(item)).toBe('token_expired');
      // HTTP still says 401 for the same token.
      expect((await callJson(shortLived.url, '/api/me', { token: user.token })).status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });
});

import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS } from '../../domain/flags.ts';
import { callJson, collect, connectOutcome, connectSocket, nextEvent, signIn, sleep, UUID } from '../support/clients.ts';
import type { SignedIn } from '../support/clients.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let staff: SignedIn;
let tara: SignedIn;
let maria: SignedIn;
let demoTeamId: string;
let secondTeamId: string;
const sockets: Socket[] = [];

interface FlagsBody {
  subscriptionId: string | null;
  flags: Record<string, boolean>;
}

beforeAll(async () => {
  server = await startTestServer();
  [staff, tara, maria] = await Promise.all([
    signIn(server.url, 'sam.staff@example.com'),
    signIn(server.url, 'tara.team@example.com'),
    signIn(server.url, 'maria.multi@example.com'),
  ]);
  const current = await callJson<{ subs: { id: string; name: string }[] }>(server.url, '/services/subscriptions/api/v1/users/current', { token: maria.token });
  demoTeamId = current.body.subs.find((s) => s.name === 'Demo Team')!.id;
  secondTeamId = current.body.subs.find((s) => s.name === 'Second Team')!.id;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server?.close());

async function userSocket(user: SignedIn): Promise<Socket> {
  const socket = connectSocket(server.url, `/user/${user.aid}`, { token: user.token });
  sockets.push(socket);
  expect(await connectOutcome(socket)).toBe('connected');
  return socket;
}

const getFlags = (user: SignedIn, subscriptionId?: string) =>
  callJson<FlagsBody>(server.url, `/services/flags/v1/flags${subscriptionId ? `?subscriptionId=${subscriptionId}` : ''}`, { token: user.token });

const putFlag = (user: SignedIn, key: string, body: unknown) =>
  callJson<Record<string, unknown>>(server.url, `/services/flags/v1/flags/${key}`, { token: user.token, method: 'PUT', body });

describe('feature flags', () => {
  it('needs a token', async () => {
    expect((await callJson(server.url, '/services/flags/v1/flags')).status).toBe(401);
  });

  it('serves the defaults with the seed\'s global overrides (the translation flags on), with or without a subscription', async () => {
    const seeded = { ...FLAG_DEFAULTS, translationsTab: true, localizationNext: true, duplicateSegments: true, llmSuggestions: true, smartReviewSurvey: true };
    const global = await getFlags(tara);
    expect(global.status).toBe(200);
    expect(global.body).toEqual({ subscriptionId: null, flags: seeded });
    const own = await getFlags(tara, demoTeamId);
    expect(own.body).toEqual({ subscriptionId: demoTeamId, flags: seeded });
  });

  it("refuses a subscription's flags to a non-member, and 404s an unknown subscription for staff", async () => {
    const foreign = await getFlags(tara, secondTeamId);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: 'Forbidden' });
    expect((await getFlags(staff, 'no-such-subscription')).status).toBe(404);
  });

  it('refuses changes by non-staff with 403 JSON, whatever the key', async () => {
    for (const key of ['maintenanceMode', 'noSuchFlag']) {
      const result = await putFlag(tara, key, { subscriptionId: null, value: true });
      expect(result.status).toBe(403);
      expect(result.type).toMatch(/application\/json/);
      expect(result.body).toMatchObject({ error: 'Forbidden' });
    }
    expect((await getFlags(tara)).body.flags.maintenanceMode).toBe(false);
  });

  it('answers 404 JSON for an unknown key or subscription, 400 for a bad body', async () => {
    const unknownKey = await putFlag(staff, 'noSuchFlag', { subscriptionId: null, value: true });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body).toMatchObject({ error: 'Not Found' });
    expect((await putFlag(staff, 'maintenanceMode', { subscriptionId: 'no-such-subscription', value: true })).status).toBe(404);
    expect((await putFlag(staff, 'maintenanceMode', { value: true })).status).toBe(400);
    expect((await putFlag(staff, 'maintenanceMode', { subscriptionId: null, value: 'yes' })).status).toBe(400);
  });

  it('applies a global change for everyone and pushes flags.changed with a messageId to every user', async () => {
    const [taraSocket, mariaSocket] = await Promise.all([userSocket(tara), userSocket(maria)]);
    const taraPush = nextEvent<Record<string, unknown>>(taraSocket, 'flags.changed');
    const mariaPush = nextEvent<Record<string, unknown>>(mariaSocket, 'flags.changed');
    const result = await putFlag(staff, 'translationsTab', { subscriptionId: null, value: true });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ key: 'translationsTab', subscriptionId: null, value: true, updatedBy: staff.aid });
    const push = await taraPush;
    expect(push).toEqual({ messageId: expect.stringMatching(UUID), subscriptionId: null, key: 'translationsTab', value: true });
    expect(await mariaPush).toMatchObject({ key: 'translationsTab', value: true });
    expect((await getFlags(tara)).body.flags.translationsTab).toBe(true);
    expect((await getFlags(tara, demoTeamId)).body.flags.translationsTab).toBe(true);
  });

  it('lets a subscription override win over the global one, pushing only to that subscription', async () => {
    const [taraSocket, mariaSocket] = await Promise.all([userSocket(tara), userSocket(maria)]);
    const taraSeen = collect<{ key: string }>(taraSocket, 'flags.changed');
    const mariaPush = nextEvent<Record<string, unknown>>(mariaSocket, 'flags.changed');
    const result = await putFlag(staff, 'translationsTab', { subscriptionId: secondTeamId, value: false });
    expect(result.status).toBe(200);
    expect(await mariaPush).toEqual({ messageId: expect.stringMatching(UUID), subscriptionId: secondTeamId, key: 'translationsTab', value: false });
    expect((await getFlags(maria, secondTeamId)).body.flags.translationsTab).toBe(false);
    expect((await getFlags(maria, demoTeamId)).body.flags.translationsTab).toBe(true);
    expect((await getFlags(maria)).body.flags.translationsTab).toBe(true);
    // Setting it again replaces the override rather than adding a second one.
    await putFlag(staff, 'translationsTab', { subscriptionId: secondTeamId, value: true });
    expect((await getFlags(maria, secondTeamId)).body.flags.translationsTab).toBe(true);
    // A push Tara does get, sent after the override's (the flag's global value set again as it is): one socket keeps
    // the server's order, so an override push to her would have come before it. No fixed wait.
    const barrier = nextEvent<Record<string, unknown>>(taraSocket, 'flags.changed');
    const annotationTool = (await getFlags(tara)).body.flags.annotationTool;
    expect((await putFlag(staff, 'annotationTool', { subscriptionId: null, value: annotationTool })).status).toBe(200);
    expect(await barrier).toMatchObject({ subscriptionId: null, key: 'annotationTool' });
    // Tara has no role on Second Team.
    expect(taraSeen.map((push) => push.key)).toEqual(['annotationTool']);
  });

  it('gives each push its own messageId', async () => {
    const socket = await userSocket(tara);
    const seen = collect<{ messageId: string }>(socket, 'flags.changed');
    await putFlag(staff, 'annotationTool', { subscriptionId: null, value: true });
    await putFlag(staff, 'annotationTool', { subscriptionId: null, value: false });
    const deadline = Date.now() + 5000;
    while (seen.length < 2 && Date.now() < deadline) await sleep(20);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.messageId).not.toBe(seen[1]!.messageId);
  });
});

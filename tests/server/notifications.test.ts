import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, signIn } from '../support/clients.ts';
import type { SignedIn } from '../support/clients.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let tara: SignedIn;
let alex: SignedIn;
let nora: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  [tara, alex, nora] = await Promise.all([
    signIn(server.url, 'tara.team@example.com'),
    signIn(server.url, 'alex.admin@example.com'),
    signIn(server.url, 'nora.nosub@example.com'),
  ]);
});
afterAll(() => server?.close());

const BASE = '/services/notifications/preferences';
type Preference = { frequency: string; type: string; scheduleTime: string; timeZone: string };
type ErrorBody = { error: string; message: string };

const read = (user: SignedIn | undefined, type = 'ReviewCommentNotification') =>
  callJson<Preference & ErrorBody>(server.url, `${BASE}/${type}`, { token: user?.token });
const save = (user: SignedIn | undefined, body: unknown) => callJson<Preference & ErrorBody>(server.url, BASE, { token: user?.token, method: 'PUT', body });

const valid = { frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'Europe/Berlin' };

describe('notification preferences', () => {
  it('gives a user who saved nothing the defaults: instant, 09:00, UTC', async () => {
    const result = await read(nora);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ frequency: 'instant', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'UTC' });
  });

  it('stores a preference and reads it back; a second save replaces it', async () => {
    const saved = await save(tara, valid);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(valid);
    expect((await read(tara)).body).toEqual(valid);

    const changed = { ...valid, frequency: 'hourly', scheduleTime: '23:59', timeZone: 'America/New_York' };
    expect((await save(tara, changed)).body).toEqual(changed);
    expect((await read(tara)).body).toEqual(changed);
  });

  it('keeps each user to their own preference', async () => {
    await save(alex, { ...valid, frequency: 'instant', scheduleTime: '07:30', timeZone: 'Asia/Tokyo' });
    await save(tara, { ...valid, frequency: 'daily', scheduleTime: '18:00', timeZone: 'UTC' });
    expect((await read(alex)).body).toEqual({ ...valid, frequency: 'instant', scheduleTime: '07:30', timeZone: 'Asia/Tokyo' });
    expect((await read(tara)).body).toEqual({ ...valid, frequency: 'daily', scheduleTime: '18:00', timeZone: 'UTC' });
    // Nora saved nothing and still sees the defaults, not someone else's.
    expect((await read(nora)).body.timeZone).toBe('UTC');
  });

  it('answers 404 JSON for another notification type', async () => {
    const result = await read(tara, 'SomethingElse');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ error: 'Not Found', message: 'No notification preferences of type "SomethingElse". Known: ReviewCommentNotification.' });
  });

  it.each([
    ['an unknown frequency', { ...valid, frequency: 'weekly' }, /frequency/],
    ['another type', { ...valid, type: 'SomethingElse' }, /type/],
    ['a time past 23:59', { ...valid, scheduleTime: '24:00' }, /scheduleTime/],
    ['a time without leading zero', { ...valid, scheduleTime: '9:00' }, /scheduleTime/],
    ['a time with seconds', { ...valid, scheduleTime: '09:00:00' }, /scheduleTime/],
    ['an unknown time zone', { ...valid, timeZone: 'Mars/Olympus_Mons' }, /timeZone "Mars\/Olympus_Mons" is not a known IANA time zone/],
    ['an offset instead of a zone', { ...valid, timeZone: '+01:00' }, /timeZone "\+01:00" is not a known IANA time zone/],
    ['a missing field', { frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '09:00' }, /timeZone/],
    ['an unknown field', { ...valid, channel: 'email' }, /additional properties/],
    ['no object at all', ['daily'], /object/],
  ])('refuses %s with 400 JSON naming the problem', async (_what, body, message) => {
    const before = (await read(nora)).body;
    const result = await save(nora, body);
    expect(result.status).toBe(400);
    expect(result.body.error).toBe('Bad Request');
    expect(result.body.message).toMatch(message);
    expect((await read(nora)).body).toEqual(before);
  });

  it('needs a bearer token for both calls', async () => {
    for (const result of [await read(undefined), await save(undefined, valid)]) {
      expect(result.status).toBe(401);
      expect(result.body.error).toBe('Unauthorized');
    }
    expect((await callJson(server.url, `${BASE}/ReviewCommentNotification`, { token: 'not-a-token' })).status).toBe(401);
  });
});

import type { AnalyticsEventRecord } from '../../server/db/analytics.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsClient } from '../../adapters/analytics.ts';
import { HttpError, createHttpClient } from '../../adapters/http.ts';
import { interestEventOf } from '../../machines/translation/surveysMachine.ts';
import { callJson, signIn } from '../support/clients.ts';
import type { SignedIn } from '../support/clients.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

let server: TestServer;
let staff: SignedIn;
let tara: SignedIn;

type StoredEvent = AnalyticsEventRecord;

beforeAll(async () => {
  server = await startTestServer();
  [staff, tara] = await Promise.all([signIn(server.url, 'sam.staff@example.com'), signIn(server.url, 'tara.team@example.com')]);
});
afterAll(() => server?.close());

const post = (user: SignedIn, body: unknown) => callJson(server.url, '/services/analytics/analytics', { token: user.token, method: 'POST', body });
const events = (user: SignedIn | undefined, query = '') =>
  callJson<{ events: StoredEvent[] }>(server.url, `/services/analytics/events${query}`, { token: user?.token });

describe('analytics events', () => {
  it('stores each event and lets staff read them back, newest first', async () => {
    const before = Date.now();
    expect((await post(tara, { userId: tara.aid, event: 'dashboard.opened', properties: { tab: 'review', count: 2 } })).status).toBe(204);
    expect((await post(tara, { userId: tara.aid, event: 'trial.viewed' })).status).toBe(204);
    const result = await events(staff);
    expect(result.status).toBe(200);
    const opened = result.body.events.find((e) => e.event === 'dashboard.opened');
    expect(opened).toEqual({
      id: expect.any(String),
      userId: tara.aid,
      accountAid: tara.aid,
      event: 'dashboard.opened',
      properties: { tab: 'review', count: 2 },
      receivedAt: expect.any(String),
    });
    expect(Date.parse(opened!.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(result.body.events.find((e) => e.event === 'trial.viewed')?.properties).toBeNull();
    const times = result.body.events.map((e) => e.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('honours limit and validates it', async () => {
    expect((await events(staff, '?limit=1')).body.events).toHaveLength(1);
    expect((await events(staff, '?limit=0')).status).toBe(400);
    expect((await events(staff, '?limit=501')).status).toBe(400);
  });

  it('refuses the event list to non-staff (403) and to anonymous callers (401)', async () => {
    const refused = await events(tara);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Forbidden' });
    expect((await events(undefined)).status).toBe(401);
  });
});

describe('the client’s analytics adapter against the collector', () => {
  const clientOf = (token: string | null) =>
    createAnalyticsClient(createHttpClient({ baseURL: `${server.url}/services/analytics`, tokens: { accessToken: async () => token, forceRefresh: async () => token } }));

  it('sends the segment review false door’s "Notify me" as the signed-in user; staff read it back', async () => {
    await clientOf(tara.token).track(interestEventOf(tara.aid, 'segmentReviewNotifyMe'));
    const stored = (await events(staff)).body.events.find((e) => e.event === 'translation_segment_review_false_door_notify_me');
    expect(stored).toMatchObject({ userId: tara.aid, accountAid: tara.aid, properties: { feature: 'translations', product: 'review-translations' } });
  });

  it('rejects with the HTTP error when the collector refuses the caller', async () => {
    const refused = clientOf(null).track(interestEventOf('nobody', 'segmentReviewOpened'));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 401 });
  });
});

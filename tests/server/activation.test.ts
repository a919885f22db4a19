/**
 * The activation, trial and downloads stand-ins (server/activation): learning-product activation with its pending
 * phase, the 202 activation request to an admin, the localization trial requests, the desktop build list and the
 * minimum-version notice. Strict bodies, membership and the admin role are the service's own checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, signIn, type SignedIn } from '../support/clients.ts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let olga: SignedIn;
let pete: SignedIn;
let alex: SignedIn;
let pilotId: string;
let olgaAid: string;

interface CurrentUser {
  aid: string;
  subs: { id: string; name: string; reach_tenant_id: string | null }[];
}

beforeAll(async () => {
  server = await startTestServer();
  [olga, pete, alex] = (await Promise.all(['olga.owner@example.com', 'pete.pilot@example.com', 'alex.admin@example.com'].map((email) => signIn(server.url, email)))) as [SignedIn, SignedIn, SignedIn];
  const current = await callJson<CurrentUser>(server.url, '/services/subscriptions/api/v1/users/current', { token: olga.token });
  pilotId = current.body.subs.find((s) => s.name === 'Pilot Team')!.id;
  olgaAid = current.body.aid;
});
afterAll(() => server?.close());

const reach = (who: SignedIn | null, method = 'GET', body?: unknown) =>
  callJson<Record<string, unknown>>(server.url, `/services/productApi/subscriptions/${pilotId}/products/reach`, { token: who?.token, method, body });

describe('learning-product activation (foundation §4, §7)', () => {
  it('takes an activation request to an admin from a member (202), refusing half or wrongly typed bodies and non-admin targets', async () => {
    expect((await reach(pete, 'POST', { course_title: 'Onboarding', admin_id: olgaAid })).status).toBe(202);
    expect((await reach(pete, 'POST', { course_title: 'Onboarding' })).status).toBe(400);
    expect((await reach(pete, 'POST', { course_title: 'Onboarding', admin_id: 42 })).status).toBe(400);
    expect((await reach(pete, 'POST', { course_title: 'x', admin_id: 'not-an-admin' })).status).toBe(400);
    expect((await reach(pete, 'POST', { admin_id: olgaAid, course_title: 'x', extra: true })).status).toBe(400);
    expect((await reach(alex, 'POST', { course_title: 'x', admin_id: olgaAid })).status).toBe(403);
    expect((await reach(null, 'POST', {})).status).toBe(401);
  });

  it('lets only an admin activate; the state is pending, then active with a tenant', async () => {
    expect((await reach(pete, 'POST', {})).status).toBe(403);
    const started = await reach(olga, 'POST', {});
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ tenant_state: 'active', tenant_state_pending: true });
    expect((await reach(olga)).body).toEqual({ tenant_state: 'active', tenant_state_pending: true });
    await expect.poll(async () => (await reach(olga)).body, { timeout: 10_000, interval: 250 }).toEqual({ tenant_state: 'active', tenant_state_pending: false });
    const current = await callJson<CurrentUser>(server.url, '/services/subscriptions/api/v1/users/current', { token: pete.token });
    expect(current.body.subs.find((s) => s.id === pilotId)?.reach_tenant_id).toMatch(/^reach-/);
    expect((await reach(olga, 'POST', {})).status).toBe(409);
  });
});

describe('localization trial requests (foundation §7)', () => {
  const self = { subscriptionId: '', firstName: 'Pete', lastName: 'Pilot', email: 'pete.pilot@example.com', isInCampaign: false };
  const post = (path: string, who: SignedIn | null, body: unknown) => callJson(server.url, `/api/translations/trialexp/${path}`, { token: who?.token, method: 'POST', body });

  it('answers 204 to a member asking for themself', async () => {
    expect((await post('self-initiated', pete, { ...self, subscriptionId: pilotId })).status).toBe(204);
    expect((await post('sales-demo', pete, { role: 'creator', subscriptionId: pilotId, firstName: 'Pete', lastName: 'Pilot', email: 'pete.pilot@example.com' })).status).toBe(204);
  });
  it('refuses strings for booleans, unknown fields, other people, other subscriptions and no token', async () => {
    expect((await post('self-initiated', pete, { ...self, subscriptionId: pilotId, isInCampaign: 'false' })).status).toBe(400);
    expect((await post('self-initiated', pete, { ...self, subscriptionId: pilotId, note: 'x' })).status).toBe(400);
    expect((await post('sales-demo', pete, { role: 'owner', subscriptionId: pilotId, firstName: 'P', lastName: 'P', email: 'pete.pilot@example.com' })).status).toBe(400);
    expect((await post('self-initiated', pete, { ...self, subscriptionId: pilotId, email: 'olga.owner@example.com' })).status).toBe(403);
    expect((await post('self-initiated', alex, { ...self, subscriptionId: pilotId, email: 'alex.admin@example.com' })).status).toBe(403);
    expect((await post('self-initiated', null, { ...self, subscriptionId: pilotId })).status).toBe(401);
  });
  it("serves the overview video of the trial page's video player modal, with English captions, without a token", async () => {
    const video = await fetch(`${server.url}/api/translations/trialexp/overview.webm`);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/webm');
    const bytes = new Uint8Array(await video.arrayBuffer());
    // The EBML magic number of a WebM file.
    expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const captions = await fetch(`${server.url}/api/translations/trialexp/overview.vtt`);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT\n\n00:00\.000 --> /);
  });
});

describe('desktop downloads (review-and-content §2, §7)', () => {
  const v2 = { accept: 'application/json; version=2' };
  it('lists builds on several channels and platforms for API version 2, without sign-in', async () => {
    const list = await callJson<{ deploymentGuideUrl: string; builds: { channel: string; platform: string; installerUrl: string }[] }>(server.url, '/api/products/desktop/artifacts', { headers: v2 });
    expect(list.status).toBe(200);
    expect(new Set(list.body.builds.map((b) => b.channel)).size).toBeGreaterThan(3);
    expect(list.body.builds.some((b) => b.platform === 'mac')).toBe(true);
    const file = await fetch(list.body.builds[0]!.installerUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await callJson(server.url, '/api/products/desktop/artifacts')).status).toBe(406);
    expect((await callJson(server.url, '/api/products/desktop/files/..%2Fsecrets')).status).toBe(404);
  });
  it('has no minimum-version notice unless one is set (404)', async () => {
    expect((await callJson(server.url, '/api/products/desktop/minimum-version', { headers: v2 })).status).toBe(404);
  });
});

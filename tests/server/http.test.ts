import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../domain/config.ts';
import { obtainTokens, startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

const STACK_LINE = /\n\s+at\s/;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await obtainTokens(server.url, 'alex.admin@example.com')).access_token;
});
afterAll(() => server?.close());

async function call(path: string, init: RequestInit & { auth?: string | false } = {}) {
  const headers = new Headers(init.headers);
  const auth = init.auth === undefined ? token : init.auth;
  if (auth) headers.set('authorization', `Bearer ${auth}`);
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) as Record<string, unknown> };
}

function expectJsonError(result: Awaited<ReturnType<typeof call>>, status: number, error: string) {
  expect(result.status).toBe(status);
  expect(result.type).toMatch(/application\/json/);
  const body = result.json();
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(result.text).not.toMatch(STACK_LINE);
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  return body;
}

describe('review API authentication', () => {
  it('answers 401 JSON without a token', async () => {
    expectJsonError(await call('/api/me', { auth: false }), 401, 'Unauthorized');
  });

  it('answers 401 JSON for an unknown token', async () => {
    expectJsonError(await call('/api/me', { auth: 'not-a-real-token' }), 401, 'Unauthorized');
  });

  it('returns the signed-in user from /api/me', async () => {
    const result = await call('/api/me');
    expect(result.status).toBe(200);
    expect(result.json()).toMatchObject({
      email: 'alex.admin@example.com',
      firstName: 'Alex',
      lastName: 'Admin',
      isStaff: false,
      isValidator: false,
    });
  });

  it('keeps /api/health public', async () => {
    const result = await call('/api/health', { auth: false });
    expect(result.status).toBe(200);
    expect(result.json()).toEqual({ ok: true });
  });
});

describe('request validation and errors', () => {
  it('rejects a body of the wrong shape with 400 naming the problem', async () => {
    const body = expectJsonError(
      await call('/services/analytics/analytics', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'u1' }),
      }),
      400,
      'Bad Request',
    );
    expect(body.message).toMatch(/event/);
  });

  it('rejects unknown fields instead of dropping them', async () => {
    const body = expectJsonError(
      await call('/services/analytics/analytics', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'u1', event: 'opened', extra: true }),
      }),
      400,
      'Bad Request',
    );
    expect(body.message).toMatch(/additional properties/i);
  });

  it('accepts a well-formed analytics event with 204', async () => {
    const result = await call('/services/analytics/analytics', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'u1', event: 'dashboard.opened', properties: { tab: 'review' } }),
    });
    expect(result.status).toBe(204);
  });

  it('answers 413 JSON for an oversized body', async () => {
    const big = JSON.stringify({ userId: 'u1', event: 'big', properties: { blob: 'x'.repeat(2 * 1024 * 1024) } });
    const body = expectJsonError(
      await call('/services/analytics/analytics', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big }),
      413,
      'Payload Too Large',
    );
    expect(body.message).toMatch(/larger/);
  });

  it('answers 400 JSON for malformed JSON', async () => {
    expectJsonError(
      await call('/services/analytics/analytics', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":' }),
      400,
      'Bad Request',
    );
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const body = expectJsonError(await call('/api/does-not-exist'), 404, 'Not Found');
    expect(body.message).toMatch(/does-not-exist/);
  });

  it('answers 404 JSON for an unknown stand-in endpoint, naming the service', async () => {
    const body = expectJsonError(await call('/services/flags/v2/whatever'), 404, 'Not Found');
    expect(body.message).toBe('No such flags endpoint: /services/flags/v2/whatever');
  });

  it('serves a readable page instead of crashing when the client is not built', async () => {
    const result = await call('/review/content/abc', { auth: false });
    expect(result.status).toBe(200);
    expect(result.type).toMatch(/text\/html/);
    expect(result.text).toContain('Client not built');
  });
});

describe('stand-in services', () => {
  it('reports whether a profile exists without a token', async () => {
    const found = await call('/services/profiles/v1/profiles/alex.admin%40example.com', { auth: false });
    expect(found.status).toBe(200);
    expect(found.json()).toEqual({ email: 'alex.admin@example.com' });
    expectJsonError(await call('/services/profiles/v1/profiles/nobody%40example.com', { auth: false }), 404, 'Not Found');
    expectJsonError(await call(`/services/profiles/v1/profiles/${'a'.repeat(101)}%40example.com`, { auth: false }), 400, 'Bad Request');
  });

  it('returns the current user with subscriptions, roles and permissions', async () => {
    const result = await call('/services/subscriptions/api/v1/users/current');
    expect(result.status).toBe(200);
    const user = result.json() as {
      email: string;
      is_sso: boolean;
      subs: { id: string; plan: string; state: string; total_seats: number; features: { localization: { status: string } } }[];
      roles: { name: string; subscription_id: string }[];
      subscription_permissions: Record<string, string[]>;
    };
    expect(user.email).toBe('alex.admin@example.com');
    expect(user.is_sso).toBe(false);
    expect(user.subs).toHaveLength(1);
    const [sub] = user.subs;
    expect(sub).toMatchObject({ plan: 'team', state: 'active', total_seats: 10 });
    expect(user.roles.map((r) => r.name).sort()).toEqual(['admin', 'seat-holder']);
    expect(user.subscription_permissions[sub!.id]).toContain('translate_content');
  });

  it('lists the team', async () => {
    const result = await call('/services/subscriptions/api/users/team?avatarSize=small');
    expect(result.status).toBe(200);
    const team = JSON.parse(result.text) as { email: string; avatars: { small: string } }[];
    expect(team.map((m) => m.email)).toContain('rita.reach@example.com');
    expect(team.map((m) => m.email)).not.toContain('nora.nosub@example.com');
    expect(team[0]?.avatars.small).toMatch(/^http/);
  });

  it('requires a token on the subscription service', async () => {
    expectJsonError(await call('/services/subscriptions/api/v1/users/current', { auth: false }), 401, 'Unauthorized');
  });
});

describe('/config.json', () => {
  it('lists the API, sign-in, socket and every service', async () => {
    const result = await call('/config.json', { auth: false });
    expect(result.status).toBe(200);
    const config = result.json() as { reviewApi: string; oidc: Record<string, string>; socket: { url: string }; services: Record<string, string> };
    expect(config.reviewApi).toBe(`${server.url}/api`);
    expect(config.oidc).toEqual({ authority: `${server.url}/oidc`, clientId: 'review-dashboard', scope: 'openid email offline_access profile' });
    expect(config.socket.url).toBe(server.url);
    expect(Object.keys(config.services).sort()).toEqual(
      [
        'subscriptions', 'account', 'flags', 'notifications', 'profiles', 'avatars', 'analytics',
        'productApi', 'growth', 'training', 'contentBrowse', 'authoringRuntime', 'courseImportRoom', 'cdn',
      ].sort(),
    );
    expect(config.services.productApi).toBe(`${server.url}/services/productApi`);
    const full = config as unknown as { socket: { reconnect: unknown }; session: { indicatorCookie: unknown }; links: Record<string, string> };
    expect(full.socket.reconnect).toBeNull();
    expect(full.session.indicatorCookie).toBe('review_session');
    expect(full.links.marketing).toBe(`${server.url}/external/marketing`);
    // The client's own parser accepts it.
    expect(parseRuntimeConfig(config)).toEqual(config);
  });

  it('answers on the loopback alias with URLs on that alias, so the client stays same-origin', async () => {
    const alias = server.url.replace('localhost', '127.0.0.1');
    const config = (await (await fetch(`${alias}/config.json`)).json()) as { reviewApi: string; oidc: { authority: string } };
    expect(config.reviewApi).toBe(`${alias}/api`);
    expect(config.oidc.authority).toBe(`${alias}/oidc`);
  });
});

describe('avatars stand-in', () => {
  it('draws initials as SVG without a token, and validates the size', async () => {
    const result = await call('/services/avatars/v1/avatars-default/AA?size=small', { auth: false });
    expect(result.status).toBe(200);
    expect(result.type).toMatch(/image\/svg\+xml/);
    expect(result.text).toContain('>AA</text>');
    expectJsonError(await call('/services/avatars/v1/avatars-default/AA?size=huge', { auth: false }), 400, 'Bad Request');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginSignIn, browserFetch, obtainTokens, refreshTokens, signInWithSession, startTestServer, submitLogin } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

const servers: TestServer[] = [];
async function start(opts: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(opts);
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function meStatus(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

/** The file's server for every test that needs no settings or data folder of its own. */
let server: TestServer;
beforeAll(async () => {
  server = await start();
});

describe('sign-in page', () => {

  it('renders an accessible form with labelled fields and a Sign in button', async () => {
    const { loginPage } = await beginSignIn(server.url);
    expect(loginPage).toContain('<label for="email">');
    expect(loginPage).toContain('<label for="password">');
    expect(loginPage).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(loginPage).toContain('autofocus');
    expect(loginPage).toContain('Review Dashboard');
  });

  it('shows "Incorrect e-mail or password." and keeps the e-mail for a wrong password', async () => {
    const signIn = await beginSignIn(server.url);
    const response = await submitLogin(signIn, 'alex.admin@example.com', 'wrong-password');
    const page = await response.text();
    expect([200, 401]).toContain(response.status);
    expect(page).toContain('Incorrect e-mail or password.');
    expect(page).toContain('value="alex.admin@example.com"');
    // The same interaction still accepts the right password afterwards.
    const retry = await submitLogin(signIn, 'alex.admin@example.com', 'review-demo');
    expect(retry.status).toBe(303);
  });

  it('shows the same message for an unknown e-mail', async () => {
    const signIn = await beginSignIn(server.url);
    const page = await (await submitLogin(signIn, 'nobody@example.com', 'review-demo')).text();
    expect(page).toContain('Incorrect e-mail or password.');
  });

  it('sends an expired or unknown sign-in link back to the app, whose flash bar says why', async () => {
    const response = await fetch(`${server.url}/oidc/interaction/unknown-uid`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?flash=signInExpired');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a login form posted after its sign-in expired (the interaction cookie gone) goes back to /signin, signing nobody in', async () => {
    const signIn = await beginSignIn(server.url);
    // A browser that lost the interaction (expired, cleared) posts the same form without its cookie.
    const response = await fetch(signIn.loginAction, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'alex.admin@example.com', password: 'review-demo' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/signin?flash=signInExpired');
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/_session=/);
  });

  it('renders a bad authorization request as a readable page without a stack trace', async () => {
    const response = await fetch(`${server.url}/oidc/auth?client_id=unknown-client&response_type=code`);
    const page = await response.text();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(page).toContain('Sign-in problem');
    expect(page).not.toMatch(/\n\s+at\s/);
  });
});

describe('tokens', () => {
  it('exchanges a refresh token for a new access token (rotated)', async () => {
    const first = await obtainTokens(server.url, 'tara.team@example.com');
    expect(first.refresh_token).toBeTruthy();
    expect(first.id_token.split('.')).toHaveLength(3);
    const second = await refreshTokens(server.url, first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await meStatus(server.url, second.access_token)).toBe(200);
    // Rotation: the used refresh token is spent.
    await expect(refreshTokens(server.url, first.refresh_token)).rejects.toThrow(/invalid_grant/);
  });

  it('rejects an access token once it has expired', async () => {
    const server = await start({ accessTokenTtlSeconds: 1 });
    const tokens = await obtainTokens(server.url, 'alex.admin@example.com');
    expect(tokens.expires_in).toBeLessThanOrEqual(1);
    const deadline = Date.now() + 10_000;
    let status = await meStatus(server.url, tokens.access_token);
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await meStatus(server.url, tokens.access_token);
    }
    expect(status).toBe(401);
  });

  it('keeps the seed and the refresh token across a restart on the same data folder', async () => {
    const first = await start();
    const tokens = await obtainTokens(first.url, 'alex.admin@example.com');
    const port = Number(new URL(first.url).port);
    await first.stop();

    const second = await start({ dataDir: first.dataDir, port });
    expect(second.url).toBe(first.url);
    const refreshed = await refreshTokens(second.url, tokens.refresh_token);
    expect(await meStatus(second.url, refreshed.access_token)).toBe(200);
    // Access tokens issued before the restart are still valid too.
    expect(await meStatus(second.url, tokens.access_token)).toBe(200);

    const profile = await fetch(`${second.url}/services/profiles/v1/profiles/alex.admin%40example.com`);
    expect(profile.status).toBe(200);
    const team = (await (
      await fetch(`${second.url}/services/subscriptions/api/users/team`, { headers: { authorization: `Bearer ${refreshed.access_token}` } })
    ).json()) as { email: string }[];
    const emails = team.map((m) => m.email);
    expect(emails.filter((e) => e === 'alex.admin@example.com')).toHaveLength(1);
    expect(emails).toHaveLength(new Set(emails).size);
  });
});

describe('sign-out', () => {
  it('ends the session without a confirmation step and revokes the tokens', async () => {
    const { tokens, jar } = await signInWithSession(server.url, 'sam.staff@example.com');
    const endSession = new URL(`${server.url}/oidc/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.url}/signin`,
      client_id: 'review-dashboard',
    }).toString();
    const page = await browserFetch(jar, endSession.toString());
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('name="logout" value="yes"');
    expect(html).toMatch(/\.submit\(\)/);

    // What the auto-submitting script does in a browser:
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
    const form = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const confirmed = await browserFetch(jar, new URL(action, server.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${server.url}/signin`);
    expect(await meStatus(server.url, tokens.access_token)).toBe(401);
    await expect(refreshTokens(server.url, tokens.refresh_token)).rejects.toThrow(/invalid_grant/);
  });
});

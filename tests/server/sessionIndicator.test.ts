import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearedIndicatorCookie, hostnameOf, indicatorCookie, indicatorIsSecure, isLoopbackHost } from '../../server/oidc/sessionIndicator.ts';
import { beginSignIn, browserFetch, startTestServer, submitLogin } from '../support/testServer.ts';
import type { CookieJar, TestServer } from '../support/testServer.ts';

const SESSION_TTL_S = 14 * 24 * 60 * 60;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Cookie {
  name: string;
  value: string;
  /** Attribute names in lower case → value ('' for flags). */
  attributes: Map<string, string>;
}

function parseSetCookie(header: string): Cookie {
  const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map(
    rest.map((attribute) => {
      const at = attribute.indexOf('=');
      return at < 0 ? [attribute.toLowerCase(), ''] : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)];
    }),
  );
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

interface Step {
  url: string;
  status: number;
  cookies: Cookie[];
}

/** Follows redirects as a browser would, recording every Set-Cookie of every hop, until `stop` matches. */
async function follow(jar: CookieJar, first: Response, firstUrl: string, stop: (url: string) => boolean): Promise<{ steps: Step[]; last: string }> {
  const steps: Step[] = [{ url: firstUrl, status: first.status, cookies: first.headers.getSetCookie().map(parseSetCookie) }];
  let response = first;
  let current = firstUrl;
  for (let hop = 0; hop < 6; hop += 1) {
    const location = response.headers.get('location');
    if (!location) break;
    current = new URL(location, current).toString();
    if (stop(current)) break;
    response = await browserFetch(jar, current);
    steps.push({ url: current, status: response.status, cookies: response.headers.getSetCookie().map(parseSetCookie) });
  }
  return { steps, last: current };
}

function indicatorIn(steps: Step[]): Cookie[] {
  return steps.flatMap((step) => step.cookies.filter((cookie) => cookie.name === 'review_session'));
}

/** The whole sign-in through the login form on `base`; every indicator cookie seen on the way. */
async function signInRecording(base: string, email = 'tara.team@example.com') {
  const signIn = await beginSignIn(base);
  const posted = await submitLogin(signIn, email, 'review-demo');
  const { steps, last } = await follow(signIn.jar, posted, signIn.loginAction, (url) => url.startsWith(signIn.redirectUri));
  const code = new URL(last).searchParams.get('code');
  expect(code, 'the sign-in reached the callback with a code').toBeTruthy();
  const tokens = (await (
    await fetch(`${base}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'review-dashboard', grant_type: 'authorization_code', code: code!, redirect_uri: signIn.redirectUri, code_verifier: signIn.verifier }).toString(),
    })
  ).json()) as { id_token: string };
  return { jar: signIn.jar, steps, tokens, signIn };
}

/** The app's sign-out: end_session, then the auto-submitted confirmation form. */
async function signOutRecording(base: string, jar: CookieJar, idToken: string) {
  const endSession = new URL(`${base}/oidc/session/end`);
  endSession.search = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${base}/signin`, client_id: 'review-dashboard' }).toString();
  const html = await (await browserFetch(jar, endSession.toString())).text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const form = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const confirmed = await browserFetch(jar, new URL(action, base).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return confirmed;
}

describe('session-indicator cookie', () => {
  it('is announced in /config.json', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { session: { indicatorCookie: string | null } };
    expect(config.session.indicatorCookie).toBe('review_session');
  });

  it('is not set before the sign-in completes (login page, wrong password)', async () => {
    const signIn = await beginSignIn(server.url);
    const wrong = await submitLogin(signIn, 'tara.team@example.com', 'wrong-password');
    expect(wrong.headers.getSetCookie().map(parseSetCookie).filter((c) => c.name === 'review_session')).toEqual([]);
    expect(signIn.jar.headerFor(`${server.url}/`)).not.toContain('review_session');
  });

  it('is set when a login completes: readable by scripts, Path=/, SameSite=Lax, Secure on loopback, session lifetime, host-only', async () => {
    const { jar, steps } = await signInRecording(server.url);
    const set = indicatorIn(steps);
    expect(set).toHaveLength(1);
    const cookie = set[0]!;
    expect(cookie.value).not.toBe('');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.has('httponly')).toBe(false);
    expect(cookie.attributes.has('domain')).toBe(false);
    expect(Number(cookie.attributes.get('max-age'))).toBe(SESSION_TTL_S);
    // The dashboard (any path) sends it back.
    expect(jar.headerFor(`${server.url}/review`)).toContain('review_session=');
  });

  it('is set for the host the browser used, also on the loopback alias', async () => {
    const alias = server.url.replace('localhost', '127.0.0.1');
    const { steps } = await signInRecording(alias);
    const hop = steps.find((step) => step.cookies.some((c) => c.name === 'review_session'));
    expect(hop && new URL(hop.url).host).toBe(new URL(alias).host);
    const cookie = indicatorIn(steps)[0]!;
    expect(cookie.attributes.has('domain')).toBe(false);
    expect(cookie.attributes.has('secure')).toBe(true);
  });

  it('is set again when an authorization reuses a live provider session (no login page)', async () => {
    const { jar, signIn } = await signInRecording(server.url);
    // A second authorization request in the same browser: the provider session signs it in directly.
    const start = `${server.url}/oidc/auth?${new URLSearchParams({
      client_id: 'review-dashboard',
      response_type: 'code',
      redirect_uri: signIn.redirectUri,
      scope: 'openid email offline_access profile',
      state: 'again',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString()}`;
    const first = await browserFetch(jar, start);
    expect(first.headers.get('location') ?? '', 'no login page this time').not.toContain('/interaction/');
    const { steps, last } = await follow(jar, first, start, (url) => url.startsWith(signIn.redirectUri));
    expect(new URL(last).searchParams.get('code')).toBeTruthy();
    expect(indicatorIn(steps)).toHaveLength(1);
  });

  it('is deleted when the session ends (sign-out)', async () => {
    const { jar, tokens } = await signInRecording(server.url, 'sam.staff@example.com');
    expect(jar.headerFor(`${server.url}/`)).toContain('review_session=');
    const confirmed = await signOutRecording(server.url, jar, tokens.id_token);
    expect(confirmed.status).toBe(303);
    const cleared = confirmed.headers.getSetCookie().map(parseSetCookie).filter((c) => c.name === 'review_session');
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.value).toBe('');
    expect(cleared[0]!.attributes.get('max-age')).toBe('0');
    expect(cleared[0]!.attributes.get('path')).toBe('/');
    expect(jar.headerFor(`${server.url}/`)).not.toContain('review_session');
  });
});

describe('session-indicator cookie attributes', () => {
  it('recognises loopback hosts and nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['review.example.com', '10.0.0.1', '192.168.1.5', 'localhost.example.com', '128.0.0.1', '']) expect(isLoopbackHost(host), host).toBe(false);
    expect(hostnameOf('localhost:3000')).toBe('localhost');
    expect(hostnameOf('[::1]:3000')).toBe('::1');
    expect(hostnameOf('review.example.com')).toBe('review.example.com');
  });

  it('is Secure for https or loopback, and not for plain http to another host (the browser would drop it)', () => {
    expect(indicatorIsSecure({ publicUrl: 'https://review.example.com', hostname: 'review.example.com', tls: false })).toBe(true);
    expect(indicatorIsSecure({ publicUrl: 'http://review.example.com', hostname: 'review.example.com', tls: true })).toBe(true);
    expect(indicatorIsSecure({ publicUrl: 'http://localhost:3000', hostname: '127.0.0.1', tls: false })).toBe(true);
    expect(indicatorIsSecure({ publicUrl: 'http://review.internal:3000', hostname: 'review.internal', tls: false })).toBe(false);
    expect(indicatorCookie({ secure: false, maxAgeSeconds: 60 })).toBe('review_session=1; Path=/; Max-Age=60; SameSite=Lax');
    expect(clearedIndicatorCookie({ secure: true })).toBe('review_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure');
  });
});

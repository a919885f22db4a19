import { createHash, randomBytes } from 'node:crypto';

/**
 * Signing in for end-to-end tests without the login page: the same authorization-code + PKCE sign-in the app's
 * client (oidc-client-ts) does, done over real HTTP against the worker's server, ending in what a browser holds
 * afterwards — the provider's cookies (its session and the `review_session` indicator) and the client's stored
 * user in localStorage. Only the typing and the page loads of the login round trip are skipped.
 * tests/e2e/auth.spec.ts still signs in through the pages.
 *
 * {@link signedInOnce} keeps one such sign-in per account and server for the worker (a sign-in costs 0.3–1.3 s on a
 * busy machine, and set-up asked for one two or three times a test): contexts and API set-up of the same account share
 * its provider session and grant, as tabs of one browser do. A kept sign-in is handed out only while no page given it
 * can reach its token refresh within a test (so no two pages rotate one refresh token) and while the service still
 * accepts its token (a sign-out ends it); otherwise the account signs in afresh.
 */

/** A cookie as Playwright's `BrowserContext.addCookies` and `storageState` take it. */
export interface E2eCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** What a browser holds after signing in: cookies for the origin, and localStorage entries. */
export interface E2eSignedInState {
  origin: string;
  cookies: E2eCookie[];
  localStorage: { name: string; value: string }[];
  accessToken: string;
  /** When the access token expires (seconds since the epoch), as the stored user says. */
  expiresAt: number;
}

interface ClientConfig {
  authority: string;
  clientId: string;
  scope: string;
}

const configs = new Map<string, Promise<ClientConfig>>();

/** The client's OIDC settings as the app reads them (/config.json), once per server. */
function clientConfig(origin: string): Promise<ClientConfig> {
  let config = configs.get(origin);
  if (!config) {
    config = (async () => {
      const response = await fetch(`${origin}/config.json`);
      if (!response.ok) throw new Error(`e2eAuth: /config.json answered ${response.status}`);
      const { oidc } = (await response.json()) as { oidc: ClientConfig };
      return oidc;
    })();
    configs.set(origin, config);
    config.catch(() => configs.delete(origin));
  }
  return config;
}

/** A cookie jar for one host that keeps every attribute Playwright needs. */
class Jar {
  private readonly cookies = new Map<string, E2eCookie>();

  constructor(private readonly host: string) {}

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const flag = (key: string) => attributes.some((a) => a.toLowerCase() === key);
      const cookiePath = attr('path') ?? '/';
      const maxAge = attr('max-age');
      const expiresAt = maxAge !== undefined ? Date.now() / 1000 + Number(maxAge) : attr('expires') ? Date.parse(attr('expires')!) / 1000 : -1;
      const key = `${name};${cookiePath}`;
      if (!value || (expiresAt !== -1 && expiresAt <= Date.now() / 1000)) {
        this.cookies.delete(key);
        continue;
      }
      const sameSite = (attr('samesite') ?? 'Lax').toLowerCase();
      this.cookies.set(key, {
        name,
        value,
        domain: this.host,
        path: cookiePath,
        expires: expiresAt === -1 ? -1 : Math.floor(expiresAt),
        httpOnly: flag('httponly'),
        secure: flag('secure'),
        sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
      });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.values()]
      .filter((cookie) => pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** The cookies a browser keeps once the sign-in is over (the provider's interaction cookies are spent). */
  all(): E2eCookie[] {
    return [...this.cookies.values()];
  }
}

async function send(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.headerFor(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** oidc-client-ts's default protocol claims, dropped from the stored profile (sub, iss, aud, exp, iat stay). */
const PROTOCOL_CLAIMS = ['nbf', 'jti', 'auth_time', 'nonce', 'acr', 'amr', 'azp', 'at_hash'];

function withoutProtocolClaims(claims: Record<string, unknown>): Record<string, unknown> {
  const result = { ...claims };
  for (const claim of PROTOCOL_CLAIMS) delete result[claim];
  return result;
}

/**
 * Signs `email` in over HTTP (authorize, the login form post, the redirects, the code exchange, userinfo) and
 * returns what the browser would hold afterwards. `origin` is the server's address as the browser uses it.
 */
export async function signInOverHttp(origin: string, email: string, password: string): Promise<E2eSignedInState> {
  const config = await clientConfig(origin);
  const jar = new Jar(new URL(origin).hostname);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${origin}/auth-callback`;
  const authorize = new URL(`${config.authority}/auth`);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: config.scope,
    state: randomBytes(16).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  let next = authorize.toString();
  let response = await send(jar, next);
  let code: string | null = null;
  for (let hop = 0; hop < 8 && !code; hop += 1) {
    const location = response.headers.get('location');
    if (location) {
      next = new URL(location, next).toString();
      if (next.startsWith(redirectUri)) {
        const params = new URL(next).searchParams;
        code = params.get('code');
        if (!code) throw new Error(`e2eAuth: no code for ${email}: ${params.get('error')} ${params.get('error_description') ?? ''}`);
        break;
      }
      response = await send(jar, next);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`e2eAuth: expected the login page at ${next}, got ${response.status}`);
    next = new URL(action.replace(/&amp;/g, '&'), next).toString();
    response = await send(jar, next, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    if (response.status === 401) throw new Error(`e2eAuth: the provider refused the credentials of ${email}`);
  }
  if (!code) throw new Error(`e2eAuth: the sign-in of ${email} did not reach ${redirectUri}`);

  const tokenResponse = await fetch(`${config.authority}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ client_id: config.clientId, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  });
  const tokens = (await tokenResponse.json()) as { access_token: string; refresh_token?: string; id_token: string; expires_in: number; scope?: string; token_type: string; error?: string };
  if (!tokenResponse.ok) throw new Error(`e2eAuth: token endpoint ${tokenResponse.status}: ${tokens.error}`);
  const userinfoResponse = await fetch(`${config.authority}/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  if (!userinfoResponse.ok) throw new Error(`e2eAuth: userinfo answered ${userinfoResponse.status}`);
  const profile = { ...withoutProtocolClaims(decodeJwtPayload(tokens.id_token)), ...withoutProtocolClaims((await userinfoResponse.json()) as Record<string, unknown>) };

  // The stored user exactly as oidc-client-ts writes it (User.toStorageString under its WebStorageStateStore key).
  const user = {
    id_token: tokens.id_token,
    session_state: null,
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    scope: tokens.scope ?? config.scope,
    profile,
    expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
  };
  return {
    origin,
    cookies: jar.all().filter((cookie) => !cookie.name.startsWith('_interaction') && !cookie.name.startsWith('_resume')),
    localStorage: [{ name: `oidc.user:${config.authority}:${config.clientId}`, value: JSON.stringify(user) }],
    accessToken: tokens.access_token,
    expiresAt: user.expires_at,
  };
}

/**
 * The least lifetime (seconds) a kept sign-in's access token must have left to be handed out again. The client
 * refreshes a token at max(left − 60 s, left / 2) (domain/auth.ts), so a page given one with 300 s left refreshes
 * no sooner than 240 s later: past any test's time-out (playwright.config.ts). Servers whose tokens live shorter
 * (the refresh specs) get a new sign-in every time.
 */
const REUSE_MIN_LIFETIME_SECONDS = 300;

const kept = new Map<string, Promise<E2eSignedInState>>();
const keyOf = (origin: string, email: string, password: string) => `${origin} ${email.toLowerCase()} ${password}`;

/** Whether the service still accepts the token of `state` (a sign-out or a revocation ends it). */
async function stillSignedIn(state: E2eSignedInState): Promise<boolean> {
  const response = await fetch(`${state.origin}/api/me`, { headers: { authorization: `Bearer ${state.accessToken}` } });
  await response.body?.cancel();
  return response.ok;
}

/**
 * A sign-in of `email` on the server at `origin` for this worker: the kept one when it is still good (see the module's
 * note), else a new one ({@link signInOverHttp}), kept for the next caller.
 */
export async function signedInOnce(origin: string, email: string, password: string): Promise<E2eSignedInState> {
  const key = keyOf(origin, email, password);
  const previous = kept.get(key);
  if (previous) {
    const state = await previous.catch(() => null);
    if (state && state.expiresAt - Date.now() / 1000 >= REUSE_MIN_LIFETIME_SECONDS && (await stillSignedIn(state))) return state;
    if (kept.get(key) === previous) kept.delete(key);
    // Another caller may have started a new sign-in meanwhile.
    const newer = kept.get(key);
    if (newer) return newer;
  }
  const fresh = signInOverHttp(origin, email, password);
  kept.set(key, fresh);
  fresh.catch(() => {
    if (kept.get(key) === fresh) kept.delete(key);
  });
  return fresh;
}

/** Forgets the kept sign-ins and client settings of the server at `origin` (it stopped; a later one may reuse its port). */
export function forgetServer(origin: string): void {
  configs.delete(origin);
  for (const key of kept.keys()) if (key.startsWith(`${origin} `)) kept.delete(key);
}

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/app.ts';
import type { RunningServer, ServerOptions } from '../../server/app.ts';
import { loadOrCreateSecrets } from '../../server/oidc/keys.ts';
import { dropTestDatabase, testDatabaseFor } from './postgres.ts';

import { OIDC_SCOPE } from '../../domain/constants.ts';
import { OIDC_CLIENT_ID } from '../../server/config.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/seed.ts';

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;
export const CLIENT_ID = OIDC_CLIENT_ID;
export const SCOPE = OIDC_SCOPE;

export interface TestServer {
  url: string;
  /** The instance's own address (differs from `url` when a public URL is given, as for a second cluster instance). */
  listenUrl: string;
  dataDir: string;
  /** The instance's background job queue (server/jobs.ts). */
  jobs: RunningServer['jobs'];
  /** Stops the server and removes its data folder. */
  close(): Promise<void>;
  /** Stops the server but keeps the data folder, for restart tests. */
  stop(): Promise<void>;
}

/**
 * The service's secrets files (OIDC signing and cookie keys, server/oidc/keys.ts) made once per test process and
 * copied into each new data folder: making an RSA key pair costs 0.2–0.9 s of CPU on a busy machine, once per server
 * start otherwise. Servers of one process then sign with the same keys; each still has its own issuer (its address),
 * database and sessions, and no test relies on two servers' keys differing.
 */
let secretsFolder: string | undefined;
function sharedSecretsFolder(): string {
  if (!secretsFolder) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'review-server-test-secrets-'));
    loadOrCreateSecrets(folder);
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    secretsFolder = folder;
  }
  return secretsFolder;
}

async function newDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-server-test-'));
  const secrets = sharedSecretsFolder();
  await Promise.all(readdirSync(secrets).map((name) => copyFile(path.join(secrets, name), path.join(dataDir, name))));
  return dataDir;
}

/**
 * A real server on a free port with its own temporary data folder, so test files can run in
 * parallel. Pass `dataDir` (and `port`) to restart on an existing folder.
 */
export async function startTestServer(opts: Partial<ServerOptions> = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await newDataDir());
  // The server-postgres project: a PostgreSQL database of this data folder's own (undefined on SQLite runs).
  const databaseUrl = opts.databaseUrl ?? (await testDatabaseFor(dataDir));
  const server = await startServer({ accessTokenTtlSeconds: 60, ...opts, databaseUrl, port: opts.port ?? 0, dataDir, clientDir: opts.clientDir ?? path.join(dataDir, 'no-client') });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  return {
    url: server.url,
    listenUrl: server.listenUrl,
    dataDir,
    jobs: server.jobs,
    stop,
    close: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
      if (databaseUrl && !opts.databaseUrl) await dropTestDatabase(databaseUrl);
    },
  };
}

interface StoredCookie {
  value: string;
  path: string;
}

/** Just enough of a browser cookie jar for one host: name + path, deletion by expiry. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const cookiePath = attr('path') ?? '/';
      const expires = attr('expires');
      const key = `${name};${cookiePath}`;
      if (!value || (expires && Date.parse(expires) <= Date.now())) this.cookies.delete(key);
      else this.cookies.set(key, { value, path: cookiePath });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf(';'))}=${cookie.value}`)
      .join('; ');
  }
}

/** fetch that never follows redirects and keeps cookies in `jar`. */
export async function browserFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.headerFor(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

export interface SignIn {
  jar: CookieJar;
  verifier: string;
  redirectUri: string;
  /** Absolute URL of the login form's action. */
  loginAction: string;
  /** The login page as first served. */
  loginPage: string;
}

function absolute(base: string, location: string): string {
  return new URL(location, base).toString();
}

/** Starts an authorization-code + PKCE request and follows it to the login page. */
export async function beginSignIn(url: string): Promise<SignIn> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${url}/auth-callback`;
  const authorize = new URL(`${url}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SCOPE,
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  let next = authorize.toString();
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await browserFetch(jar, next);
    const location = response.headers.get('location');
    if (location) {
      next = absolute(next, location);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action) throw new Error(`expected the login page at ${next}, got ${response.status}`);
    return { jar, verifier, redirectUri, loginAction: absolute(next, action.replace(/&amp;/g, '&')), loginPage: page };
  }
  throw new Error('too many redirects before the login page');
}

/** Posts the login form as a browser would. */
export function submitLogin(signIn: SignIn, email: string, password: string): Promise<Response> {
  return browserFetch(signIn.jar, signIn.loginAction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

async function tokenRequest(url: string, params: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
  });
  const body = (await response.json()) as Tokens & { error?: string; error_description?: string };
  if (!response.ok) throw new Error(`token endpoint ${response.status}: ${body.error} ${body.error_description ?? ''}`);
  return body;
}

/** The whole sign-in over real HTTP: authorize, login page, form post, redirects, code exchange. */
export async function obtainTokens(url: string, email: string, password: string = DEMO_PASSWORD): Promise<Tokens> {
  return (await signInWithSession(url, email, password)).tokens;
}

/** Like obtainTokens, also returning the browser cookies (the provider session), e.g. for sign-out. */
export async function signInWithSession(url: string, email: string, password: string = DEMO_PASSWORD): Promise<{ tokens: Tokens; jar: CookieJar }> {
  const signIn = await beginSignIn(url);
  let response = await submitLogin(signIn, email, password);
  let current = signIn.loginAction;
  for (let hop = 0; hop < 5; hop += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`sign-in stopped at ${current} with status ${response.status}`);
    const next = absolute(current, location);
    if (next.startsWith(signIn.redirectUri)) {
      const params = new URL(next).searchParams;
      const code = params.get('code');
      if (!code) throw new Error(`no code in the callback: ${params.get('error')} ${params.get('error_description') ?? ''}`);
      const tokens = await tokenRequest(url, { grant_type: 'authorization_code', code, redirect_uri: signIn.redirectUri, code_verifier: signIn.verifier });
      return { tokens, jar: signIn.jar };
    }
    current = next;
    response = await browserFetch(signIn.jar, next);
  }
  throw new Error('too many redirects after the login form');
}

export function refreshTokens(url: string, refreshToken: string): Promise<Tokens> {
  return tokenRequest(url, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

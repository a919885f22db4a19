import type { IncomingHttpHeaders } from 'node:http';
import { io } from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ItemRecord } from '../../domain/content.ts';
import type { ItemAck, ItemAckData, ItemDetail } from '../../domain/items.ts';
import { obtainTokens } from './testServer.ts';

export interface SignedIn {
  email: string;
  token: string;
  aid: string;
}

/** Real sign-in through the login form, plus the account id from /api/me. */
export async function signIn(url: string, email: string): Promise<SignedIn> {
  const token = (await obtainTokens(url, email)).access_token;
  const response = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`/api/me answered ${response.status}`);
  const { aid } = (await response.json()) as { aid: string };
  return { email, token, aid };
}

export interface CallResult<T = unknown> {
  status: number;
  type: string;
  body: T;
}

/** JSON over real HTTP; `token` adds the bearer header, `body` is sent as JSON. */
export async function callJson<T = unknown>(
  url: string,
  path: string,
  { token, method = 'GET', body, headers }: { token?: string | undefined; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const all = new Headers(headers);
  if (token) all.set('authorization', `Bearer ${token}`);
  if (body !== undefined) all.set('content-type', 'application/json');
  const response = await fetch(`${url}${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: (text ? JSON.parse(text) : undefined) as T };
}

/** A review-API call as domain/ names it: its method and its path under `/api`. */
export type ApiCall = { method: string; path: string };

/** Sends `call` to the service at `url` as `who` (null: signed out), with an optional JSON body and headers. */
export function callApi<T = unknown>(url: string, call: ApiCall, who: { token: string } | null, body?: unknown, headers?: Record<string, string>): Promise<CallResult<T>> {
  return callJson<T>(url, `/api${call.path}`, { token: who?.token, method: call.method, body, headers });
}

/** A GraphQL POST; resolves the `{ data, errors }` body and the HTTP status. */
export async function graphqlCall<T = Record<string, unknown>>(
  url: string,
  path: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<CallResult<{ data?: T | null; errors?: { message: string }[] }>> {
  return callJson(url, path, { token, method: 'POST', body: variables === undefined ? { query } : { query, variables } });
}

/** socket.io-client as the dashboard uses it (websocket only); no reconnection unless asked for. */
export function connectSocket(url: string, namespace: string, auth: Record<string, string>, options: Partial<ManagerOptions & SocketOptions> = {}): Socket {
  return io(`${url}${namespace}`, { transports: ['websocket'], auth, reconnection: false, forceNew: true, ...options });
}

/** Resolves 'connected' or the connect_error message, whichever comes first. */
export function connectOutcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (socket.connected) return resolve('connected');
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error) => resolve(error.message));
  });
}

/** The next `event` on the socket, or a rejection after `timeoutMs`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (data: T) => {
      clearTimeout(timer);
      resolve(data);
    };
    socket.once(event, listener);
  });
}

/** Collects every `event` the socket receives, for asserting that something did not arrive. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (data: T) => seen.push(data));
  return seen;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A signed-in account with its connected /user/<aid> socket. */
export interface UserClient extends SignedIn {
  socket: Socket;
}

/** Signs in (on `signInUrl`: another instance of a cluster shares the sign-in) and connects the user's namespace on `url`; the socket is added to `sockets` for the caller to close. Throws when it does not connect. */
export async function connectUser(url: string, email: string, sockets: Socket[], signInUrl = url): Promise<UserClient> {
  const user = await signIn(signInUrl, email);
  const socket = connectSocket(url, `/user/${user.aid}`, { token: user.token });
  sockets.push(socket);
  const outcome = await connectOutcome(socket);
  if (outcome !== 'connected') throw new Error(`/user/${user.aid} did not connect: ${outcome}`);
  return { ...user, socket };
}

/** Signs in `<name>@example.com` for each name and connects each one's /user socket (added to `sockets`), in order. */
export function connectUsers<const N extends readonly string[]>(url: string, names: N, sockets: Socket[]): Promise<{ [K in keyof N]: UserClient }> {
  return Promise.all(names.map((name) => connectUser(url, `${name}@example.com`, sockets))) as Promise<{ [K in keyof N]: UserClient }>;
}

/** A socket on `namespace` (e.g. `/anon` with an e-mail), added to `sockets` for the caller to close. */
export function openSocket(url: string, namespace: string, auth: Record<string, string>, sockets: Socket[]): Socket {
  const socket = connectSocket(url, namespace, auth);
  sockets.push(socket);
  return socket;
}

/** {@link openSocket}, once connected (throws with the outcome otherwise). */
export async function openConnected(url: string, namespace: string, auth: Record<string, string>, sockets: Socket[]): Promise<Socket> {
  const socket = openSocket(url, namespace, auth, sockets);
  const outcome = await connectOutcome(socket);
  if (outcome !== 'connected') throw new Error(`${namespace} did not connect: ${outcome}`);
  return socket;
}

/** A seeded item by title, as `owner`'s grid lists it (the trash included: a search looks through live items only). */
export async function itemInGrid(owner: UserClient, title: string): Promise<ItemRecord> {
  for (const [folderId, search] of [
    ['ALL_CONTENT', title],
    ['DELETED', null],
  ] as const) {
    const ack = (await owner.socket.timeout(5000).emitWithAck('item.fetch', { folderId, page: 1, search, product: 'all' })) as { data: { items: ItemRecord[] } };
    const found = ack.data.items.find((item) => item.title === title);
    if (found) return found;
  }
  throw new Error(`no seeded item ${title}`);
}

/** The item view of a seeded item: found by title in `lister`'s grid, opened (`item.get`, no password) by `reader`. */
export async function itemViewOf(lister: UserClient, title: string, reader: UserClient = lister): Promise<ItemDetail> {
  const item = await itemInGrid(lister, title);
  const ack = (await reader.socket.timeout(5000).emitWithAck('item.get', { id: item.id, pass: null, protectedLinksFlagEnabled: true })) as ItemAck<ItemAckData<'item.get'>>;
  return ackData(ack).item;
}

type AnyAck<T> = { success: true; data: T } | { success: false; reason: string; message: string };

/** The data of an accepted acknowledgement; throws with the refusal otherwise. */
export function ackData<T>(ack: AnyAck<T>): T {
  if (!ack.success) throw new Error(`refused: ${ack.reason} (${ack.message})`);
  return ack.data;
}

/** The refusal reason of an acknowledgement, or 'accepted' (which the caller's expectation then rejects). */
export function refusalReason(ack: AnyAck<unknown>): string {
  return ack.success ? 'accepted' : ack.reason;
}

/** Resolves with the first `event` on `socket` whose data passes `test`; rejects after `timeoutMs`. */
export function waitFor<T>(socket: Socket, event: string, test: (data: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (data: T) => {
      if (!test(data)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(data);
    };
    socket.on(event, listener);
  });
}

export interface PackageResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * GET on a package origin (`http://<label>.packages.localhost:<port>/…`) as a browser would send it: browsers
 * resolve every `*.localhost` name to the loopback address, Node's resolver does not, so the connection goes to
 * 127.0.0.1 with the URL's Host header. Redirects are not followed. `path` is sent as written ('..' kept).
 */
export async function fetchPackage(url: string, { headers = {}, path }: { headers?: Record<string, string>; path?: string } = {}): Promise<PackageResponse> {
  const http = await import('node:http');
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        path: path ?? `${target.pathname}${target.search}`,
        method: 'GET',
        headers: { host: target.host, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString('utf8') });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

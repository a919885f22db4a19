import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Namespace, Socket } from 'socket.io';
import type { TokenInspector } from './auth.ts';
import type { Db } from './db/database.ts';
import { findUserByEmail } from './db/users.ts';
import { postgresPoolOf } from './db/database.ts';
import { clusterRealtime } from './realtimeCluster.ts';

export const SOCKET_PATH = '/socket.io';
const USER_NAMESPACE = /^\/user\/[^/]+$/;
const ITEM_NAMESPACE = /^\/item\/[^/]+$/;
const ANON_NAMESPACE = '/anon';
const MAX_EMAIL_LENGTH = 100;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** setTimeout's largest delay; a longer token lifetime re-arms the timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Who is on the other end of a socket, settled by the connection middleware. */
export interface SocketIdentity {
  id: string;
  email: string;
  kind: 'account' | 'anonymous';
}

interface SocketData {
  identity: SocketIdentity;
  /** Epoch ms at which the access token the socket connected with expires; absent on /anon. */
  tokenExpiresAt?: number;
}

// Event maps stay open (socket.io's defaults): later issues add their events here.
type Events = Record<string, (...args: unknown[]) => void>;
type AppSocket = Socket<Events, Events, Events, SocketData>;

export interface LoginAck {
  ok: true;
  user: { id: string; email: string };
}

/** Every server push carries a fresh `messageId` so the client can drop repeats (foundation §5). */
export type PushPayload = Record<string, unknown> & { messageId: string };

/** Server pushes on /user/<aid> (the client writes against these shapes). */
export interface SubscriptionChangedPush {
  messageId: string;
  subscriptionId: string;
}
export interface FlagsChangedPush {
  messageId: string;
  subscriptionId: string | null;
  key: string;
  value: boolean;
}
export interface TokenExpiredPush {
  messageId: string;
}

/** Who sent a request on /user/<aid>. */
export interface UserRequestContext {
  aid: string;
  socketId: string;
}

/**
 * Answers one request event on /user/<aid> sockets. `payload` is the first argument the client sent
 * (undefined when it sent none) and is untrusted; the resolved value is the acknowledgement.
 */
export type UserRequestHandler = (context: UserRequestContext, payload: unknown) => Promise<unknown>;

/** Who asks to watch an item: the identity settled by the credentials, and the item password sent (or null). */
export type ItemAccessCheck = (itemId: string, identity: SocketIdentity, password: string | null) => Promise<ItemAccessOutcome>;
/** `ok`, or the connect_error message the client receives. */
export type ItemAccessOutcome = 'ok' | 'password_failed' | 'access_denied' | 'not_found';

/** Events socket.io or this layer already use; a request handler may not take them over. */
const RESERVED_EVENTS = new Set(['login', 'connect', 'connect_error', 'disconnect', 'disconnecting', 'newListener', 'removeListener', 'error']);

export interface DisconnectResult {
  /** Sockets (namespace connections) that were open for the target and are now closed. */
  disconnected: number;
}

export interface Realtime {
  io: Server;
  /** Sends to every socket of one account (all its /user/<aid> connections); returns the messageId. */
  emitToUser(aid: string, event: string, data?: Record<string, unknown>): string;
  /** Sends one push (one messageId) to each listed account. */
  emitToUsers(aids: readonly string[], event: string, data?: Record<string, unknown>): string;
  /** Sends to every connected /user/<aid> socket. */
  emitToAllUsers(event: string, data?: Record<string, unknown>): string;
  /** Sends to everyone watching one item (/item/<itemId>). */
  emitToItem(itemId: string, event: string, data?: Record<string, unknown>): string;
  /**
   * Sends to everyone watching one item, each socket its own data (what a push may say depends on who
   * watches); one messageId for the push. `dataFor` returning null skips that socket.
   */
  emitToItemEach(itemId: string, event: string, dataFor: (viewer: SocketIdentity) => Record<string, unknown> | null): string;
  /**
   * Drops the underlying connections of one identity's sockets (every namespace), or of every socket.
   * The client sees `transport close`, as after a network loss, and reconnects on its own.
   */
  disconnect(target: { aid?: string | undefined }): DisconnectResult;
  /** Refuses every new transport connection for `seconds` (0 ends a refusal); returns the end as epoch ms. */
  refuseConnections(seconds: number): number;
  /**
   * Answers `event` on every /user/<aid> socket, open now or later, with the handler's result as the
   * acknowledgement. A request without an ack callback still runs (its result is dropped); a handler
   * that rejects is reported to `onError` and answers nothing, and never takes the process down.
   */
  handleUserRequest(event: string, handler: UserRequestHandler): void;
  /**
   * The same on every /anon socket (anonymous reviewers); the handler's context carries the identity
   * `anon|<email>` as `aid`.
   */
  handleAnonRequest(event: string, handler: UserRequestHandler): void;
  /**
   * Decides who may open /item/<itemId> (after the credentials are checked). Without one, any valid
   * credentials may.
   */
  setItemAccess(check: ItemAccessCheck): void;
  /**
   * Tells the service's other instances (server/realtimeCluster.ts; nobody on a single instance) `event` with `data`:
   * their `onInstanceMessage(event)` listeners run, this instance's do not.
   */
  tellInstances(event: string, data: Record<string, unknown>): void;
  /** Listens for what the other instances tell with `tellInstances`. */
  onInstanceMessage(event: string, listener: (data: Record<string, unknown>) => void): void;
  close(): Promise<void>;
}

function lastSegment(namespace: string): string {
  return decodeURIComponent(namespace.slice(namespace.lastIndexOf('/') + 1));
}

function authField(socket: Socket, key: string): string | undefined {
  const auth: unknown = socket.handshake.auth;
  if (typeof auth !== 'object' || auth === null) return undefined;
  const value = (auth as Record<string, unknown>)[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function withMessageId(data: Record<string, unknown> = {}): PushPayload {
  return { ...data, messageId: randomUUID() };
}

/**
 * When the access token a socket connected with expires, the socket is told (`auth.tokenExpired`) and
 * its namespace is disconnected (`io server disconnect` on the client, which then refreshes and
 * reconnects). A timer per socket is enough: tokens are checked on connect and cannot be extended.
 */
function armTokenExpiry(socket: AppSocket): void {
  const expiresAt = socket.data.tokenExpiresAt;
  if (expiresAt === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const left = expiresAt - Date.now();
    if (left > 0) {
      timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
      timer.unref();
      return;
    }
    const push: TokenExpiredPush = { messageId: randomUUID() };
    socket.emit('auth.tokenExpired', push);
    socket.disconnect();
  };
  check();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** Shared behaviour of every namespace once the middleware has accepted the socket. */
function onConnection(socket: AppSocket): void {
  socket.emit('clock.sync', withMessageId({ serverTime: Date.now() }));
  // Foundation §7: the client emits `login` right after connecting and waits for the ack.
  socket.on('login', (...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    const { id, email } = socket.data.identity;
    const reply: LoginAck = { ok: true, user: { id, email } };
    ack(reply);
  });
  armTokenExpiry(socket);
}

/**
 * socket.io on the HTTP server: /user/<aid> needs an access token, /anon an e-mail that has no account,
 * /item/<itemId> either of the two and then the item's access rules (with the `password` auth field).
 * Refusals reach the client as connect_error with the reason as message: `unauthorized` (no, unknown or
 * revoked token), `token_expired`, `forbidden`, `account_exists`, and on /item `not_found`,
 * `access_denied`, `password_failed`.
 */
export function attachRealtime(
  server: HttpServer,
  db: Db,
  inspect: TokenInspector,
  options: { onError?: (error: unknown, event: string) => void; redisUrl?: string | null } = {},
): Realtime {
  let refuseUntil = 0;
  const io = new Server(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    cleanupEmptyChildNamespaces: true,
    // The test hook `refuseConnections`: refused upgrades fail like an unreachable server would.
    allowRequest: (_req, callback) => callback(Date.now() < refuseUntil ? 'refused for a while' : null, Date.now() >= refuseUntil),
  });

  const connected = new Set<AppSocket>();
  const userSockets = new Map<string, Set<AppSocket>>();
  const track = (socket: AppSocket, userAid?: string) => {
    connected.add(socket);
    if (userAid !== undefined) {
      let set = userSockets.get(userAid);
      if (!set) userSockets.set(userAid, (set = new Set()));
      set.add(socket);
    }
    socket.once('disconnect', () => {
      connected.delete(socket);
      if (userAid === undefined) return;
      const set = userSockets.get(userAid);
      set?.delete(socket);
      if (set?.size === 0) userSockets.delete(userAid);
    });
  };

  /** The account behind the socket's token, or the refusal message. */
  const identifyByToken = async (socket: Socket, token: string, requireOwnAid: boolean): Promise<string | null> => {
    let check: Awaited<ReturnType<TokenInspector>>;
    try {
      check = await inspect(token);
    } catch {
      return 'unauthorized';
    }
    if (check.status === 'expired') return 'token_expired';
    if (check.status !== 'valid') return 'unauthorized';
    const { user } = check;
    if (requireOwnAid && lastSegment(socket.nsp.name) !== user.aid) return 'forbidden';
    const appSocket = socket as AppSocket;
    appSocket.data.identity = { id: user.aid, email: user.email, kind: 'account' };
    appSocket.data.tokenExpiresAt = check.expiresAt;
    return null;
  };

  /** An anonymous reviewer by e-mail (foundation §5: an e-mail with an account must sign in instead). */
  const identifyByEmail = async (socket: Socket): Promise<string | null> => {
    const email = authField(socket, 'email')?.trim().toLowerCase();
    if (!email || email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return 'unauthorized';
    try {
      if (await findUserByEmail(db, email)) return 'account_exists';
    } catch {
      return 'unauthorized';
    }
    (socket as AppSocket).data.identity = { id: `anon|${email}`, email, kind: 'anonymous' };
    return null;
  };

  const settle = (work: Promise<string | null>, next: (error?: Error) => void) => {
    work.then(
      (refusal) => next(refusal === null ? undefined : new Error(refusal)),
      () => next(new Error('unauthorized')),
    );
  };

  const withToken = (namespace: Namespace, requireOwnAid: boolean) => {
    namespace.use((socket, next) => {
      const token = authField(socket, 'token');
      if (!token) return next(new Error('unauthorized'));
      settle(identifyByToken(socket, token, requireOwnAid), next);
    });
  };

  const requestHandlers = new Map<string, UserRequestHandler>();
  const anonHandlers = new Map<string, UserRequestHandler>();
  const anonSockets = new Set<AppSocket>();
  let itemAccess: ItemAccessCheck | undefined;
  const answer = (socket: AppSocket, event: string, handler: UserRequestHandler) => {
    socket.on(event, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (reply: unknown) => void) : undefined;
      const payload = ack && args.length === 1 ? undefined : args[0];
      const context: UserRequestContext = { aid: socket.data.identity.id, socketId: socket.id };
      Promise.resolve()
        .then(() => handler(context, payload))
        .then(
          (reply) => ack?.(reply),
          (error: unknown) => options.onError?.(error, event),
        )
        .catch((error: unknown) => options.onError?.(error, event));
    });
  };

  const users = io.of(USER_NAMESPACE);
  withToken(users, true);
  users.on('connection', (socket: AppSocket) => {
    track(socket, socket.data.identity.id);
    for (const [event, handler] of requestHandlers) answer(socket, event, handler);
    onConnection(socket);
  });

  const items = io.of(ITEM_NAMESPACE);
  // A signed-in viewer sends a token, an anonymous reviewer an e-mail; both then pass the item's rules.
  items.use((socket, next) => {
    const token = authField(socket, 'token');
    const email = authField(socket, 'email');
    if (!token && !email) return next(new Error('unauthorized'));
    const work = async () => {
      const refusal = token ? await identifyByToken(socket, token, false) : await identifyByEmail(socket);
      if (refusal !== null || !itemAccess) return refusal;
      const password = authField(socket, 'password') ?? authField(socket, 'itemPassword') ?? null;
      const outcome = await itemAccess(lastSegment(socket.nsp.name), (socket as AppSocket).data.identity, password);
      return outcome === 'ok' ? null : outcome;
    };
    settle(work(), next);
  });
  items.on('connection', (socket: AppSocket) => {
    track(socket);
    void socket.join(`item:${lastSegment(socket.nsp.name)}`);
    onConnection(socket);
  });

  const anon = io.of(ANON_NAMESPACE);
  anon.use((socket, next) => settle(identifyByEmail(socket), next));
  anon.on('connection', (socket: AppSocket) => {
    track(socket);
    anonSockets.add(socket);
    socket.once('disconnect', () => anonSockets.delete(socket));
    for (const [event, handler] of anonHandlers) answer(socket, event, handler);
    onConnection(socket);
  });

  const sendToUsers = (aids: Iterable<string>, event: string, payload: PushPayload) => {
    for (const aid of aids) for (const socket of userSockets.get(aid) ?? []) socket.emit(event, payload);
  };

  const local: Realtime = {
    io,
    emitToUser: (aid, event, data) => {
      const payload = withMessageId(data);
      sendToUsers([aid], event, payload);
      return payload.messageId;
    },
    emitToUsers: (aids, event, data) => {
      const payload = withMessageId(data);
      sendToUsers(new Set(aids), event, payload);
      return payload.messageId;
    },
    emitToAllUsers: (event, data) => {
      const payload = withMessageId(data);
      sendToUsers(userSockets.keys(), event, payload);
      return payload.messageId;
    },
    emitToItem: (itemId, event, data) => {
      const payload = withMessageId(data);
      // Only an existing child namespace: io.of() would create (and keep) an empty one.
      io._nsps.get(`/item/${itemId}`)?.to(`item:${itemId}`).emit(event, payload);
      return payload.messageId;
    },
    emitToItemEach: (itemId, event, dataFor) => {
      const messageId = randomUUID();
      const namespace = io._nsps.get(`/item/${itemId}`);
      for (const socket of namespace?.sockets.values() ?? []) {
        const data = dataFor((socket as AppSocket).data.identity);
        if (data) socket.emit(event, { ...data, messageId });
      }
      return messageId;
    },
    disconnect: ({ aid }) => {
      const targets = [...connected].filter((socket) => aid === undefined || socket.data.identity.id === aid);
      for (const socket of targets) socket.conn.close();
      return { disconnected: targets.length };
    },
    handleUserRequest: (event, handler) => {
      if (RESERVED_EVENTS.has(event) || requestHandlers.has(event)) throw new Error(`realtime: ${event} already has a handler`);
      requestHandlers.set(event, handler);
      for (const sockets of userSockets.values()) for (const socket of sockets) answer(socket, event, handler);
    },
    handleAnonRequest: (event, handler) => {
      if (RESERVED_EVENTS.has(event) || anonHandlers.has(event)) throw new Error(`realtime: ${event} already has an anonymous handler`);
      anonHandlers.set(event, handler);
      for (const socket of anonSockets) answer(socket, event, handler);
    },
    setItemAccess: (check) => {
      itemAccess = check;
    },
    // One instance: there is nobody else to tell.
    tellInstances: () => undefined,
    onInstanceMessage: () => undefined,
    refuseConnections: (seconds) => {
      refuseUntil = seconds > 0 ? Date.now() + seconds * 1000 : 0;
      return refuseUntil;
    },
    // Closes the sockets only; the HTTP server belongs to fastify, which closes it next.
    close: async () => {
      io.engine.close();
    },
  };
  // Several instances on one PostgreSQL: every push and staff control also reaches the other instances' sockets,
  // over Redis when a Redis URL is given, else over PostgreSQL itself.
  const pool = postgresPoolOf(db);
  if (options.redisUrl) return clusterRealtime(local, { kind: 'redis', url: options.redisUrl });
  return pool ? clusterRealtime(local, { kind: 'postgres', pool }) : local;
}

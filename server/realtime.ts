import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Namespace, Socket } from 'socket.io';
import type { TokenVerifier } from './auth.ts';
import type { Db } from './db/database.ts';
import { findUserByEmail } from './db/users.ts';

export const SOCKET_PATH = '/socket.io';
const USER_NAMESPACE = /^\/user\/[^/]+$/;
const ITEM_NAMESPACE = /^\/item\/[^/]+$/;
const ANON_NAMESPACE = '/anon';
const MAX_EMAIL_LENGTH = 100;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Who is on the other end of a socket, settled by the connection middleware. */
export interface SocketIdentity {
  id: string;
  email: string;
  kind: 'account' | 'anonymous';
}

interface SocketData {
  identity: SocketIdentity;
}

// Event maps stay open (socket.io's defaults): later issues add their events here.
type Events = Record<string, (...args: unknown[]) => void>;
type AppSocket = Socket<Events, Events, Events, SocketData>;

export interface LoginAck {
  ok: true;
  user: { id: string; email: string };
}

export interface Realtime {
  io: Server;
  /** Sends to every socket of one account (all its /user/<aid> connections). */
  emitToUser(aid: string, event: string, payload?: unknown): void;
  /** Sends to everyone watching one item (/item/<itemId>). */
  emitToItem(itemId: string, event: string, payload?: unknown): void;
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

/** Shared behaviour of every namespace once the middleware has accepted the socket. */
function onConnection(socket: AppSocket): void {
  socket.emit('clock.sync', { serverTime: Date.now() });
  // Foundation §7: the client emits `login` right after connecting and waits for the ack.
  socket.on('login', (...args: unknown[]) => {
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    const { id, email } = socket.data.identity;
    const reply: LoginAck = { ok: true, user: { id, email } };
    ack(reply);
  });
}

/**
 * socket.io on the HTTP server: /user/<aid> and /item/<itemId> need an access token, /anon an e-mail
 * that has no account. Refusals reach the client as connect_error with the reason as message.
 */
export function attachRealtime(server: HttpServer, db: Db, verify: TokenVerifier): Realtime {
  const io = new Server(server, { path: SOCKET_PATH, transports: ['websocket'], serveClient: false });

  const withToken = (namespace: Namespace, requireOwnAid: boolean) => {
    namespace.use((socket, next) => {
      const token = authField(socket, 'token');
      if (!token) return next(new Error('unauthorized'));
      verify(token).then(
        (user) => {
          if (!user) return next(new Error('unauthorized'));
          if (requireOwnAid && lastSegment(socket.nsp.name) !== user.aid) return next(new Error('forbidden'));
          (socket as AppSocket).data.identity = { id: user.aid, email: user.email, kind: 'account' };
          next();
        },
        () => next(new Error('unauthorized')),
      );
    });
  };

  const users = io.of(USER_NAMESPACE);
  withToken(users, true);
  users.on('connection', (socket: AppSocket) => {
    void socket.join(`user:${socket.data.identity.id}`);
    onConnection(socket);
  });

  const items = io.of(ITEM_NAMESPACE);
  withToken(items, false);
  items.on('connection', (socket: AppSocket) => {
    void socket.join(`item:${lastSegment(socket.nsp.name)}`);
    onConnection(socket);
  });

  const anon = io.of(ANON_NAMESPACE);
  anon.use((socket, next) => {
    const email = authField(socket, 'email')?.trim().toLowerCase();
    if (!email || email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return next(new Error('unauthorized'));
    findUserByEmail(db, email).then(
      (user) => {
        // Foundation §5: an e-mail with an account must sign in instead.
        if (user) return next(new Error('account_exists'));
        (socket as AppSocket).data.identity = { id: `anon|${email}`, email, kind: 'anonymous' };
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  anon.on('connection', (socket: AppSocket) => onConnection(socket));

  return {
    io,
    emitToUser: (aid, event, payload) => {
      // Dynamic namespaces are children of the regex parent; each child has its own rooms.
      io.of(`/user/${aid}`).to(`user:${aid}`).emit(event, payload);
    },
    emitToItem: (itemId, event, payload) => {
      io.of(`/item/${itemId}`).to(`item:${itemId}`).emit(event, payload);
    },
    // Closes the sockets only; the HTTP server belongs to fastify, which closes it next.
    close: async () => {
      io.engine.close();
    },
  };
}

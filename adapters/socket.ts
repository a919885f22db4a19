import type { io, Socket } from 'socket.io-client';
import { fromCallback } from 'xstate';
import type { ReconnectPolicy } from '../domain/config.ts';
import { SPEC_RECONNECT_POLICY, type ConnectionCommand, type ConnectionInput, type ConnectionReport } from '../domain/realtime.ts';
import type { TokenSource } from './http.ts';

/** A seed for one connection's reconnect draws, from the platform's random source. */
function randomSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * The realtime connection as a callback actor: socket.io-client with the websocket transport only and
 * credentials. socket.io's own reconnection is off: the socket machine keeps the schedule (5 s up to 60 s,
 * randomisation 0.9, 6 attempts) and says when to try (`connection.reconnect`); this adapter first reports
 * the deployment's policy and a random seed (`socket.opened`), then what the socket does. The auth
 * payload is read at every (re)connect, so a refreshed token is used as soon as it exists. After
 * connecting it emits `login` (foundation §7) and reports its acknowledgement or refusal (the machine times it). `onSocket` hears of each
 * connection's socket when it is made and `null` when it is closed, so the composition root can hand the
 * user's socket (/user/<aid>) to the content client. socket.io-client is its own chunk, loaded when the first
 * connection opens, and not before `ready` settles: the composition root holds it back on a page whose first draw
 * needs no live data (the dashboard) until that page's first load is over.
 */
export function createSocketConnection(options: {
  url: string;
  reconnect?: ReconnectPolicy | null;
  tokens: TokenSource;
  now: () => number;
  create?: typeof io;
  /** The seed of a connection's random draws; the platform's random source unless told otherwise. */
  seed?: () => number;
  onSocket?: (namespace: string, socket: Socket | null) => void;
  /** Settles when socket.io-client may be loaded; at once unless told otherwise. */
  ready?: () => Promise<void>;
}) {
  // socket.io-client once, when a first connection needs it (unless a `create` is given, as tests do).
  let loaded: Promise<typeof io> | null = null;
  const ready = options.ready ?? (() => Promise.resolve());
  const loadIo = () => (loaded ??= ready().then(() => import('socket.io-client')).then((module) => module.io, (error: unknown) => {
    loaded = null;
    throw error;
  }));
  const policy: ReconnectPolicy = options.reconnect ?? SPEC_RECONNECT_POLICY;
  const seed = options.seed ?? randomSeed;
  return fromCallback<ConnectionCommand, ConnectionInput>(({ input, sendBack, receive }) => {
    const report = (event: ConnectionReport) => sendBack(event);
    report({ type: 'socket.opened', policy: { ...policy }, seed: seed() });
    const open = (create: typeof io): Socket => {
      const socket: Socket = create(`${options.url}${input.namespace}`, {
        transports: ['websocket'],
        withCredentials: true,
        reconnection: false,
        auth: (cb: (data: object) => void) => {
          // The item namespace (foundation §7) also gets the item's password and the frontend flag.
          const item = input.namespace.startsWith('/item/') ? { password: input.credentials.itemPassword ?? null, frontend: true } : {};
          if (input.credentials.kind === 'email') {
            cb({ email: input.credentials.email, ...item });
            return;
          }
          options.tokens.accessToken().then(
            (token) => cb({ token, ...item }),
            () => cb({ token: null, ...item }),
          );
        },
      });

      socket.on('connect', () => {
        report({ type: 'socket.connected' });
        socket.emit('login', {}, (ack: { ok?: boolean; error?: string } | undefined) => {
          report(ack?.ok ? { type: 'socket.loginAcked' } : { type: 'socket.loginFailed', message: ack?.error ?? 'login refused' });
        });
      });
      socket.on('disconnect', (reason) => report({ type: 'socket.disconnected', reason }));
      socket.on('connect_error', (error) => report({ type: 'socket.connectError', message: error.message }));
      socket.onAny((event: string, data: unknown) => {
        // A server telling us the token expired is a connection matter, not a message.
        if (event === 'auth.tokenExpired') report({ type: 'socket.connectError', message: 'token_expired' });
        else report({ type: 'socket.message', event, data, receivedAt: options.now() });
      });

      options.onSocket?.(input.namespace, socket);
      return socket;
    };

    // The socket, once socket.io-client is in; a reconnect asked for meanwhile is moot (the first connect is on its way).
    let socket: Socket | null = null;
    let closed = false;
    if (options.create) socket = open(options.create);
    else
      loadIo().then(
        (create) => {
          if (!closed) socket = open(create);
        },
        (error: unknown) => {
          if (!closed) report({ type: 'socket.connectError', message: error instanceof Error ? error.message : 'The realtime code could not be loaded.' });
        },
      );

    receive((command) => {
      if (command.type === 'connection.reconnect' && socket) {
        socket.disconnect();
        socket.connect();
      }
    });

    return () => {
      closed = true;
      if (!socket) return;
      options.onSocket?.(input.namespace, null);
      // Only this socket's own listeners: the manager (socket.io's connection) is shared by every namespace socket
      // to the same URL, and the others keep theirs.
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}

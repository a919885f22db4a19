import { io, type Socket } from 'socket.io-client';
import { fromCallback } from 'xstate';
import {
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RECONNECT_RANDOMIZATION,
} from '../domain/constants.ts';
import type { ReconnectPolicy } from '../domain/config.ts';
import type { ConnectionCommand, ConnectionInput, ConnectionReport } from '../domain/realtime.ts';
import type { TokenSource } from './http.ts';

/**
 * The realtime connection as a callback actor: socket.io-client with the websocket transport only,
 * credentials, and the manager's backoff (5 s up to 60 s, randomisation 0.9, 6 attempts). The auth
 * payload is read at every (re)connect, so a refreshed token is used as soon as it exists. After
 * connecting it emits `login` (foundation §7) and reports a refused login. `onSocket` hears of each
 * connection's socket when it is made and `null` when it is closed, so the composition root can hand the
 * user's socket (/user/<aid>) to the content client.
 */
export function createSocketConnection(options: {
  url: string;
  reconnect?: ReconnectPolicy | null;
  tokens: TokenSource;
  now: () => number;
  create?: typeof io;
  onSocket?: (namespace: string, socket: Socket | null) => void;
}) {
  const create = options.create ?? io;
  const policy: ReconnectPolicy = options.reconnect ?? { delayMs: SOCKET_RECONNECT_DELAY_MS, delayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS, attempts: SOCKET_RECONNECT_ATTEMPTS };
  return fromCallback<ConnectionCommand, ConnectionInput>(({ input, sendBack, receive }) => {
    const report = (event: ConnectionReport) => sendBack(event);
    const socket: Socket = create(`${options.url}${input.namespace}`, {
      transports: ['websocket'],
      withCredentials: true,
      reconnectionDelay: policy.delayMs,
      reconnectionDelayMax: policy.delayMaxMs,
      randomizationFactor: SOCKET_RECONNECT_RANDOMIZATION,
      reconnectionAttempts: policy.attempts,
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
      socket.timeout(10_000).emit('login', {}, (error: Error | null, ack: { ok?: boolean; error?: string } | undefined) => {
        if (error || !ack?.ok) report({ type: 'socket.loginFailed', message: error?.message ?? ack?.error ?? 'login refused' });
      });
    });
    socket.on('disconnect', (reason) => report({ type: 'socket.disconnected', reason }));
    socket.on('connect_error', (error) => report({ type: 'socket.connectError', message: error.message }));
    // The manager (socket.io) is shared by every namespace of the same address (/user/<aid>, /item/<id>): only this
    // connection's own listeners are removed at the end, never the manager's others (the sockets route packets through them).
    const onReconnecting = (attempt: number) => report({ type: 'socket.reconnecting', attempt });
    const onReconnectFailed = () => report({ type: 'socket.reconnectFailed' });
    socket.io.on('reconnect_attempt', onReconnecting);
    socket.io.on('reconnect_failed', onReconnectFailed);
    socket.onAny((event: string, data: unknown) => {
      // A server telling us the token expired is a connection matter, not a message.
      if (event === 'auth.tokenExpired') report({ type: 'socket.connectError', message: 'token_expired' });
      else report({ type: 'socket.message', event, data, receivedAt: options.now() });
    });

    options.onSocket?.(input.namespace, socket);

    receive((command) => {
      if (command.type === 'connection.reconnect') {
        socket.disconnect();
        socket.connect();
      }
    });

    return () => {
      options.onSocket?.(input.namespace, null);
      socket.removeAllListeners();
      socket.io.off('reconnect_attempt', onReconnecting);
      socket.io.off('reconnect_failed', onReconnectFailed);
      socket.disconnect();
    };
  });
}

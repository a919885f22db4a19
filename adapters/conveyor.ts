import type { io as connect, Socket } from 'socket.io-client';
import { CONVEYOR_JOIN_EVENT, IMPORT_SUCCESS_EVENT } from '../domain/dashboard.ts';

/** What the conveyor connection reports. */
export type ConveyorReport = { type: 'conveyor.joined' } | { type: 'conveyor.joinFailed'; message: string } | { type: 'conveyor.succeeded'; courseId: string };

const JOIN_TIMEOUT_MS = 10_000;

/**
 * The conveyor's room (review-and-content §4, §7): a socket.io connection to the courseImportRoom service (its URL's
 * path is the namespace; websocket only, with credentials, the bearer token in the handshake), joining the room of
 * the author's user id, then reporting 'import business content course success' for each announced course. A
 * refused connection or join is reported once as joinFailed. Returns the disconnect. socket.io-client loads with
 * the first connection (its own chunk).
 */
export function openConveyor(options: {
  url: string;
  userId: string;
  accessToken: () => Promise<string | null>;
  report: (event: ConveyorReport) => void;
}): () => void {
  let failed = false;
  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    options.report({ type: 'conveyor.joinFailed', message });
  };
  let socket: Socket | null = null;
  let closed = false;
  const open = (io: typeof connect): Socket => {
    const socket = io(options.url, {
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      reconnection: false,
      forceNew: true,
      auth: (cb: (data: object) => void) => {
        options.accessToken().then(
          (token) => cb({ token }),
          () => cb({ token: null }),
        );
      },
    });
    // Listening before joining: an import that already finished is announced right after the join.
    socket.on(IMPORT_SUCCESS_EVENT, (data: unknown) => {
      const courseId = (data as { courseId?: unknown } | null)?.courseId;
      if (typeof courseId === 'string') options.report({ type: 'conveyor.succeeded', courseId });
    });
    socket.on('connect', () => {
      socket
        .timeout(JOIN_TIMEOUT_MS)
        .emitWithAck(CONVEYOR_JOIN_EVENT, { room: options.userId })
        .then(
          (ack: { ok?: boolean; message?: string; error?: string } | undefined) => {
            if (ack?.ok) options.report({ type: 'conveyor.joined' });
            else fail(ack?.message ?? ack?.error ?? 'join refused');
          },
          () => fail('no answer to join'),
        );
    });
    socket.on('connect_error', (error: Error) => fail(error.message));
    return socket;
  };
  import('socket.io-client').then(
    ({ io }) => {
      if (!closed) socket = open(io);
    },
    () => fail('the realtime code could not be loaded'),
  );
  return () => {
    closed = true;
    socket?.removeAllListeners();
    socket?.disconnect();
  };
}

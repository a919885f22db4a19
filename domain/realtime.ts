/**
 * Socket message rules (foundation §5, §9): message data shape, de-duplication of message ids, and the
 * reconnect delay schedule.
 */
import {
  SOCKET_MESSAGE_DEDUP_WINDOW_MS,
  SOCKET_RECONNECT_ATTEMPTS,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RECONNECT_RANDOMIZATION,
} from './constants.ts';

export { SOCKET_RECONNECT_ATTEMPTS };

/** Socket message data must be an object or undefined (foundation §5); null, arrays and primitives are not. */
export function isValidMessageData(data: unknown): data is Record<string, unknown> | undefined {
  return data === undefined || (typeof data === 'object' && data !== null && !Array.isArray(data));
}

/**
 * Message ids handled recently, each with the time it was handled (epoch ms). A plain object, so it can
 * sit in machine context, be hashed and be recorded. Treat as immutable.
 */
export interface MessageMemory {
  readonly handledAtMs: Readonly<Record<string, number>>;
}

/** No message handled yet. */
export function emptyMessageMemory(): MessageMemory {
  return { handledAtMs: {} };
}

/**
 * Records a message id (foundation §5: "a message id already handled in the last 10 s is ignored").
 * `duplicate` is true when the id was handled less than 10 s before `nowMs`; a duplicate does not renew
 * the id's time. Ids older than the window are dropped, so the memory stays small. A missing or empty id
 * cannot be de-duplicated: never a duplicate, and not stored.
 */
export function rememberMessage(memory: MessageMemory, messageId: string | null | undefined, nowMs: number): { state: MessageMemory; duplicate: boolean } {
  // No prototype, so an id such as "__proto__" is stored like any other.
  const fresh: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [id, at] of Object.entries(memory.handledAtMs)) {
    if (nowMs - at < SOCKET_MESSAGE_DEDUP_WINDOW_MS) fresh[id] = at;
  }
  if (!messageId) return { state: { handledAtMs: fresh }, duplicate: false };
  if (Object.prototype.hasOwnProperty.call(fresh, messageId)) return { state: { handledAtMs: fresh }, duplicate: true };
  fresh[messageId] = nowMs;
  return { state: { handledAtMs: fresh }, duplicate: false };
}

/**
 * Delay before reconnect attempt `attempt` (0 for the first), as socket.io's manager computes it
 * (engine.io `backo2`): `base · 2^attempt`, moved by up to ±`randomization · that` — down when
 * `floor(random01 · 10)` is even, up when odd, by `floor(random01 · randomization · ms)` — then capped at
 * the maximum and truncated to whole ms. Base 5 s, max 60 s, randomization 0.9 (foundation §9).
 * `random01` is a value in [0, 1) supplied by the caller.
 */
export function reconnectDelayMs(attempt: number, random01: number): number {
  let ms = SOCKET_RECONNECT_DELAY_MS * Math.pow(2, Math.max(0, attempt));
  const deviation = Math.floor(random01 * SOCKET_RECONNECT_RANDOMIZATION * ms);
  ms = (Math.floor(random01 * 10) & 1) === 0 ? ms - deviation : ms + deviation;
  return Math.min(ms, SOCKET_RECONNECT_DELAY_MAX_MS) | 0;
}

/** Another reconnect may be tried after `attemptsMade` failed attempts (6 in all, foundation §9). */
export function canRetryReconnect(attemptsMade: number): boolean {
  return attemptsMade < SOCKET_RECONNECT_ATTEMPTS;
}

/**
 * Who opens a realtime connection: a signed-in user with an access token, or an anonymous reviewer by
 * e-mail. The item namespace also carries the item's password when it has one (foundation §7: token,
 * password, frontend flag).
 */
export type SocketCredentials = { kind: 'token'; itemPassword?: string | null } | { kind: 'email'; email: string; itemPassword?: string | null };

/** A realtime connection to open: `/user/<aid>`, `/anon` or `/item/<itemId>`. */
export interface ConnectionInput {
  namespace: string;
  credentials: SocketCredentials;
}

/** What a connection reports to its socket machine (the connection adapter sends these). */
export type ConnectionReport =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.reconnecting'; attempt: number }
  | { type: 'socket.reconnectFailed' }
  | { type: 'socket.connectError'; message: string }
  | { type: 'socket.loginFailed'; message: string }
  | { type: 'socket.message'; event: string; data: unknown; receivedAt: number };

/** The command a socket machine gives its connection. */
export type ConnectionCommand = { type: 'connection.reconnect' };

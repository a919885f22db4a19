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
import type { ReconnectPolicy } from './config.ts';

export { SOCKET_RECONNECT_ATTEMPTS };
export type { ReconnectPolicy };

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

/** The spec's reconnect policy (foundation §9): 5 s up to 60 s, 6 attempts. */
export const SPEC_RECONNECT_POLICY: ReconnectPolicy = { delayMs: SOCKET_RECONNECT_DELAY_MS, delayMaxMs: SOCKET_RECONNECT_DELAY_MAX_MS, attempts: SOCKET_RECONNECT_ATTEMPTS };

/**
 * Delay before reconnect attempt `attempt` (0 for the first), as socket.io's manager computes it
 * (engine.io `backo2`): `base · 2^attempt`, moved by up to ±`randomization · that` — down when
 * `floor(random01 · 10)` is even, up when odd, by `floor(random01 · randomization · ms)` — then capped at
 * the maximum and truncated to whole ms. Base 5 s, max 60 s, randomization 0.9 (foundation §9) unless a
 * deployment's policy says otherwise. `random01` is a value in [0, 1) supplied by the caller.
 */
export function reconnectDelayMs(attempt: number, random01: number, policy: ReconnectPolicy = SPEC_RECONNECT_POLICY): number {
  let ms = policy.delayMs * Math.pow(2, Math.max(0, attempt));
  const deviation = Math.floor(random01 * SOCKET_RECONNECT_RANDOMIZATION * ms);
  ms = (Math.floor(random01 * 10) & 1) === 0 ? ms - deviation : ms + deviation;
  return Math.min(ms, policy.delayMaxMs) | 0;
}

/** Another reconnect may be tried after `attemptsMade` failed attempts (6 in all, foundation §9, unless the policy says otherwise). */
export function canRetryReconnect(attemptsMade: number, policy: ReconnectPolicy = SPEC_RECONNECT_POLICY): boolean {
  return attemptsMade < policy.attempts;
}

/**
 * The random draw in [0, 1) for reconnect attempt `attempt` of a connection whose seed is `seed`: a pure
 * hash (mulberry32 of seed and attempt), so a replayed session draws exactly what the recorded one drew.
 * The connection adapter picks the seed once per connection from the platform's random source.
 */
export function reconnectRandom01(seed: number, attempt: number): number {
  let t = (Math.imul(seed | 0, 0x9e3779b1) + Math.imul(attempt + 1, 0x6d2b79f5)) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

/**
 * What a connection reports to its socket machine (the connection adapter sends these). `socket.opened` comes
 * first, once: the reconnect policy the deployment asks for and the seed of this connection's random draws, so the
 * machine's reconnect schedule is a pure function of recorded events. `socket.loginAcked` / `socket.loginFailed`
 * answer the `login` emitted on each connect (the machine times the wait).
 */
export type ConnectionReport =
  | { type: 'socket.opened'; policy: ReconnectPolicy; seed: number }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.connectError'; message: string }
  | { type: 'socket.loginAcked' }
  | { type: 'socket.loginFailed'; message: string }
  | { type: 'socket.message'; event: string; data: unknown; receivedAt: number };

/** The command a socket machine gives its connection: try to connect now (dropping what is left of the last try). */
export type ConnectionCommand = { type: 'connection.reconnect' };

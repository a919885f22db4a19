/**
 * The one redaction table of the event log: what never leaves the browser in a session log.
 * Keys are matched case-insensitively against property names at any depth.
 */


export const REDACTED = '[redacted]';

const SECRET_KEYS = new Set([
  'accesstoken',
  'access_token',
  'refreshtoken',
  'refresh_token',
  'idtoken',
  'id_token',
  'token',
  'password',
  // The item password: inside realtime credentials (domain/realtime.ts) and as item.get's `pass` (domain/items.ts).
  'itempassword',
  'pass',
  'code',
  'code_verifier',
  'authorization',
  'secret',
  'client_secret',
  'cookie',
]);

const SECRET_QUERY_PARAMS = ['code', 'state', 'token', 'access_token', 'id_token', 'password', 'session_state'];

/** True when a property of this name holds a secret. */
export function isSecretKey(key: string): boolean {
  let secret = secretKeyMemo.get(key);
  if (secret === undefined) {
    secret = SECRET_KEYS.has(key.toLowerCase());
    if (secretKeyMemo.size < 10_000) secretKeyMemo.set(key, secret);
  }
  return secret;
}

/** Keys repeat endlessly (every context, every event): each one's answer is worked out once. */
const secretKeyMemo = new Map<string, boolean>();

/** Replaces secret query-parameter values inside a URL-like string. */
export function redactUrl(text: string): string {
  if (!text.includes('=')) return text;
  SECRET_QUERY_PARAM.lastIndex = 0;
  return text.replace(SECRET_QUERY_PARAM, `$1${REDACTED}`);
}

/** Any of SECRET_QUERY_PARAMS as a query or fragment parameter, with its value (one pass for all of them). */
const SECRET_QUERY_PARAM = new RegExp(`([?&#](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s]*`, 'gi');

/**
 * An object may carry its own fingerprint under this symbol: derived data whose source is itself in the log (the
 * translation model built from a recorded translation file) need not be hashed in full on every change.
 */
export const LOG_DIGEST: unique symbol = Symbol.for('review.logDigest');

/**
 * True when a JSON text may hold something the log redacts: a property named like a secret (SECRET_KEYS, any case) or
 * a URL with a secret parameter. Over-matches on purpose (a word in a sentence followed by a colon counts): a text
 * that passes may be written to the log as it is, without walking its decoded value.
 */
export function jsonTextMayHoldSecrets(text: string): boolean {
  SECRET_JSON_KEY.lastIndex = 0;
  SECRET_QUERY_PARAM.lastIndex = 0;
  return SECRET_JSON_KEY.test(text) || SECRET_QUERY_PARAM.test(text);
}

const SECRET_JSON_KEY = new RegExp(`"(?:${[...SECRET_KEYS].join('|')})"\\s*:`, 'i');

/**
 * The one redaction table of the event log: what never leaves the browser in a session log.
 * Keys are matched case-insensitively against property names at any depth.
 */
import { fnv1a64, hashValue } from './hash.ts';

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
  return SECRET_KEYS.has(key.toLowerCase());
}

/** Replaces secret query-parameter values inside a URL-like string. */
export function redactUrl(text: string): string {
  let out = text;
  for (const param of SECRET_QUERY_PARAMS) {
    out = out.replace(new RegExp(`([?&#]${param}=)[^&#\\s]*`, 'gi'), `$1${REDACTED}`);
  }
  return out;
}

/** Describes a file body without its bytes. */
function describeBlob(value: { size: number; type?: string; name?: string }): string {
  return `[file ${value.name ?? 'blob'} ${value.type ?? ''} ${value.size} bytes]`.replace(/\s+/g, ' ');
}

function isBlobLike(value: object): value is { size: number; type?: string; name?: string; arrayBuffer: unknown } {
  return 'size' in value && 'arrayBuffer' in value && typeof (value as { arrayBuffer: unknown }).arrayBuffer === 'function';
}

/**
 * Returns a JSON-safe copy of `value` with secrets, file bodies, functions and actor references
 * replaced by markers. Cycles are cut. Used for the log and for the context hashes the replayer compares.
 */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return value.includes('=') ? redactUrl(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (depth > 12) return '[deep]';
  const obj = value as object;
  if (seen.has(obj)) return '[cycle]';
  seen.add(obj);
  try {
    if (isBlobLike(obj)) return describeBlob(obj);
    if (ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer) return `[binary ${(obj as ArrayBuffer).byteLength} bytes]`;
    if (obj instanceof Error) {
      // An error's own fields (an HTTP status, a refusal reason) are what machines decide on: replay needs them.
      const fields: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(obj)) {
        const red = isSecretKey(key) ? REDACTED : redact(inner, depth + 1, seen);
        if (red !== undefined) fields[key] = red;
      }
      return { ...fields, name: obj.name, message: obj.message };
    }
    if ('sessionId' in obj && 'send' in obj && typeof (obj as { send: unknown }).send === 'function') {
      return { $actor: (obj as { id?: string }).id ?? null };
    }
    if (Array.isArray(obj)) return obj.map((item) => redact(item, depth + 1, seen) ?? null);
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(obj)) {
      if (isSecretKey(key)) {
        out[key] = inner === null || inner === undefined || inner === '' ? inner ?? null : REDACTED;
        continue;
      }
      const red = redact(inner, depth + 1, seen);
      if (red !== undefined) out[key] = red;
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

const subtreeHashes = new WeakMap<object, string>();

/**
 * An object may carry its own fingerprint under this symbol: derived data whose source is itself in the log (the
 * translation model built from a recorded translation file) need not be hashed in full on every change.
 */
export const LOG_DIGEST: unique symbol = Symbol.for('review.logDigest');

/**
 * The fingerprint of `redact(value)`, computed per object and cached by identity: contexts are immutable and share
 * structure, so after one change only the objects on the changed path are hashed again (a 20,000-segment
 * translation model is hashed once, not on every keystroke). Equal redacted values give equal fingerprints in one
 * process; the figures differ from `hashValue(redact(value))`, so recorder and replayer must both use this.
 */
export function redactedHash(value: unknown, inProgress: Set<object> = new Set()): string {
  if (value === null || value === undefined || typeof value !== 'object') return hashValue(redact(value) ?? null);
  const obj = value as object;
  const cached = subtreeHashes.get(obj);
  if (cached) return cached;
  const digest = (obj as { [LOG_DIGEST]?: unknown })[LOG_DIGEST];
  if (typeof digest === 'string') return digest;
  if (inProgress.has(obj)) return hashValue('[cycle]');
  let hash: string;
  if (isBlobLike(obj) || ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer || obj instanceof Error || ('sessionId' in obj && 'send' in obj)) {
    hash = hashValue(redact(obj));
  } else {
    inProgress.add(obj);
    let text: string;
    if (Array.isArray(obj)) {
      text = `[${obj.map((item: unknown) => (typeof item === 'function' || typeof item === 'symbol' ? 'null' : redactedHash(item, inProgress))).join(',')}]`;
    } else {
      const parts: string[] = [];
      for (const key of Object.keys(obj).sort()) {
        const inner = (obj as Record<string, unknown>)[key];
        if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
        const part = isSecretKey(key) ? hashValue(inner === null || inner === '' ? (inner ?? null) : REDACTED) : redactedHash(inner, inProgress);
        parts.push(`${JSON.stringify(key)}:${part}`);
      }
      text = `{${parts.join(',')}}`;
    }
    inProgress.delete(obj);
    hash = fnv1a64(text);
  }
  subtreeHashes.set(obj, hash);
  return hash;
}

/**
 * The session log's fingerprints of values (redactedHash, redactedHash8): a hash of a value's redacted form, as the log
 * codec (domain/logCodec.ts) would write it, mixed subtree by subtree and cached per object (values that pass through
 * the system are immutable), so a large context that changed in one place costs only the changed path.
 */
import { stableStringify } from './hash.ts';
import { isSpecialValue, redactValue } from './logCodec.ts';
import { isSecretKey, LOG_DIGEST, REDACTED, redactUrl } from './redaction.ts';

/** A fingerprint as two 32-bit lanes, mixed word by word (not for security). */
interface Lanes {
  a: number;
  b: number;
}

const subtreeHashes = new WeakMap<object, Lanes>();

const PRIME = 0x01000193;

function mixWord(h: Lanes, word: number): void {
  h.a = Math.imul(h.a ^ word, PRIME);
  h.a ^= h.a >>> 15;
  h.b = Math.imul(h.b ^ word, 0x5bd1e995);
  h.b ^= h.b >>> 13;
}

function mixText(h: Lanes, text: string): void {
  for (let i = 0; i < text.length; i++) mixWord(h, text.charCodeAt(i));
  mixWord(h, text.length);
}

function mixLanes(h: Lanes, child: Lanes): void {
  mixWord(h, child.a);
  mixWord(h, child.b);
}

function textLanes(text: string): Lanes {
  const h = { a: 0x811c9dc5, b: 0x9747b28c };
  mixText(h, text);
  return h;
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/**
 * The fingerprint of a value as the log would write it (redacted), 16 hex digits, computed per object and cached by
 * identity: contexts are immutable and share structure, so after one change only the objects on the changed path
 * are hashed again (a 20,000-segment translation model is hashed once, not on every keystroke). An object's
 * fingerprint mixes its children's fingerprints as numbers, so a new array of known items costs one step per item.
 * An object carrying LOG_DIGEST is fingerprinted by it. Maps and Sets are hashed by their entries. Recorder and
 * replayer both use this.
 */
export function redactedHash(value: unknown): string {
  const h = lanesOf(value);
  return hex(h.a) + hex(h.b);
}

/** The first 8 hex digits of `redactedHash` (a context key's fingerprint in the log), for less work. */
export function redactedHash8(value: unknown): string {
  return hex(lanesOf(value).a);
}

/** A primitive's fingerprint: its kind and its text as the log writes it (a URL's secret parameters redacted). */
function primitiveLanes(value: unknown): Lanes {
  switch (typeof value) {
    case 'string':
      return tagged(S_TAG, value.includes('=') ? redactUrl(value) : value);
    case 'number':
      return Number.isFinite(value) ? tagged(N_TAG, String(value)) : tagged(NONFINITE_TAG, String(value));
    case 'boolean':
      return value ? TRUE_LANES : FALSE_LANES;
    case 'bigint':
      return tagged(B_TAG, String(value));
    default:
      return NULL_LANES;
  }
}

/** The lanes of `tag + text` where `tag` is one character, without making the string. */
function tagged(tag: number, text: string): Lanes {
  const h = { a: 0x811c9dc5, b: 0x9747b28c };
  mixWord(h, tag);
  for (let i = 0; i < text.length; i++) mixWord(h, text.charCodeAt(i));
  mixWord(h, text.length + 1);
  return h;
}

const S_TAG = 's'.charCodeAt(0);
const N_TAG = 'n'.charCodeAt(0);
const NONFINITE_TAG = 'N'.charCodeAt(0);
const B_TAG = 'b'.charCodeAt(0);

/** Objects being hashed (a cycle is hashed as `[cycle]`); hashing never re-enters itself, so one set serves. */
const inProgress = new Set<object>();

function mixList(tag: string, items: Iterable<unknown>): Lanes {
  const h = textLanes(tag);
  let count = 0;
  for (const item of items) {
    mixLanes(h, typeof item === 'function' || typeof item === 'symbol' ? NULL_LANES : lanesOf(item));
    count++;
  }
  mixWord(h, count);
  return h;
}

function mixArray(obj: unknown[]): Lanes {
  const h = { a: ARRAY_LANES.a, b: ARRAY_LANES.b };
  for (let i = 0; i < obj.length; i++) {
    const item = obj[i];
    mixLanes(h, typeof item === 'function' || typeof item === 'symbol' ? NULL_LANES : lanesOf(item));
  }
  mixWord(h, obj.length);
  return h;
}

function mixObject(obj: Record<string, unknown>): Lanes {
  const h = { a: OBJECT_LANES.a, b: OBJECT_LANES.b };
  const keys = Object.keys(obj);
  if (keys.length > 1) keys.sort();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const inner = obj[key];
    if (inner === undefined || typeof inner === 'function' || typeof inner === 'symbol') continue;
    mixText(h, key);
    mixLanes(h, isSecretKey(key) ? textLanes(stableStringify(inner === null || inner === '' ? (inner ?? null) : REDACTED)) : lanesOf(inner));
  }
  return h;
}

function lanesOf(value: unknown): Lanes {
  if (value === null || value === undefined || typeof value !== 'object') return primitiveLanes(value);
  const obj = value as object;
  const cached = subtreeHashes.get(obj);
  if (cached) return cached;
  const digest = (obj as { [LOG_DIGEST]?: unknown })[LOG_DIGEST];
  if (typeof digest === 'string') return textLanes(digest);
  if (inProgress.has(obj)) return CYCLE_LANES;
  const proto = Object.getPrototypeOf(obj) as unknown;
  let h: Lanes;
  if (Array.isArray(obj)) {
    inProgress.add(obj);
    try {
      h = mixArray(obj);
    } finally {
      inProgress.delete(obj);
    }
  } else if (proto !== Object.prototype && proto !== null && isSpecialValue(obj)) {
    h = textLanes(stableStringify(redactValue(obj)));
  } else {
    inProgress.add(obj);
    try {
      h = obj instanceof Map ? mixList('M', obj.entries()) : obj instanceof Set ? mixList('S', obj) : mixObject(obj as Record<string, unknown>);
    } finally {
      inProgress.delete(obj);
    }
  }
  subtreeHashes.set(obj, h);
  return h;
}

const NULL_LANES = textLanes('null');
const CYCLE_LANES = textLanes('[cycle]');
const ARRAY_LANES = textLanes('[');
const OBJECT_LANES = textLanes('{');
const TRUE_LANES = textLanes('true');
const FALSE_LANES = textLanes('false');

/**
 * The session log's value codec: turns what travels through the actor system (events, persisted snapshots) into
 * JSON and back, with secrets redacted (domain/redaction.ts) and nothing else removed.
 *
 * - No depth limit. Only a true cycle (an object inside itself) is cut, as `{"$cycle":true}`; an object shared by
 *   several branches is written in each.
 * - Values JSON has no word for are tagged objects of one key: `$map`, `$set`, `$date`, `$error` (own fields kept,
 *   machines decide on them), `$blob` (a file: name, type and size, never its bytes), `$binary` (byte length),
 *   `$actor` (an actor reference, by id), `$num` (NaN, ±Infinity), `$bigint`, `$logic` (actor logic, by id). An
 *   object whose only key starts with `$` is wrapped in `$obj`. The event log's digest symbol is written as `$digest`.
 * - Large subtrees (PAYLOAD_MIN_CHARS of JSON and more) are content-addressed: written once as a payload
 *   `{id, text}` and referenced as `{"$ref": id}` from wherever they occur. A payload's own large children are
 *   payloads too, so a context that changed in one place costs only the changed path.
 * - A value decoded from a JSON text that came from outside (a translation file from the CDN) may carry that text
 *   (withLogSource): it is written as one payload, the text itself, referenced as `{"$raw": id}`, without walking the
 *   decoded value (tens of MB of objects), unless the text may hold a secret (then the value is walked as any other).
 *   A `$raw` payload is read back with JSON.parse alone, so the replayed value is the one the adapter decoded.
 *
 * Encoding is cached per object (values that pass through the system are immutable).
 */
import { fnv1a64, fnv1a64Digest, fnv1a64Start, fnv1a64Update } from './hash.ts';
import { isSecretKey, jsonTextMayHoldSecrets, LOG_DIGEST, REDACTED, redactUrl } from './redaction.ts';

/** Subtrees whose JSON is at least this long are stored once and referenced. */
export const PAYLOAD_MIN_CHARS = 400;

/** A content-addressed payload: its JSON text and the payloads it references. */
export interface PayloadRecord {
  id: string;
  text: string;
  children: PayloadRecord[];
}

interface EncodedValue {
  value: unknown;
  size: number;
  /** Payloads referenced directly by `value`. */
  refs: PayloadRecord[];
}

const TAGS = new Set(['$raw', '$map', '$set', '$date', '$error', '$blob', '$binary', '$actor', '$num', '$bigint', '$logic', '$ref', '$cycle', '$obj']);

function isBlobLike(value: object): value is { size: number; type?: string; name?: string } {
  return 'size' in value && 'arrayBuffer' in value && typeof (value as { arrayBuffer: unknown }).arrayBuffer === 'function';
}

function isActorRef(value: object): value is { id: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

function isLogic(value: object): boolean {
  return 'transition' in value && typeof (value as { transition: unknown }).transition === 'function' && 'getInitialSnapshot' in value;
}

const NONE: PayloadRecord[] = [];

/** The JSON text a decoded value came from (withLogSource). */
const LOG_SOURCE: unique symbol = Symbol.for('review.logSource');

/**
 * Marks `value` (just decoded from `text` with JSON.parse) as that text's value, so the session log stores the text
 * as it is instead of walking the value. The mark is a non-enumerable symbol: nothing else sees it. Returns `value`.
 */
export function withLogSource<T>(value: T, text: string): T {
  if (value !== null && typeof value === 'object' && Object.isExtensible(value)) Object.defineProperty(value, LOG_SOURCE, { value: text, enumerable: false });
  return value;
}

/** The payload id of a text: its fingerprint and length (content-addressed). */
const payloadId = (text: string) => `${fnv1a64(text)}${text.length.toString(36)}`;

/** What the log writes for a marked value: its source as one line and that line's payload id, or null (walk it). */
type PreparedSource = { id: string; line: string } | null;

/** Marked values whose source was looked at ahead of time (SourcePreparation), by value. */
const preparedSources = new WeakMap<object, PreparedSource>();

/** The source text of a value marked by withLogSource that is not prepared yet, or null. */
export function unpreparedSourceOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || preparedSources.has(value)) return null;
  const text = (value as { [LOG_SOURCE]?: unknown })[LOG_SOURCE];
  return typeof text === 'string' ? text : null;
}

/** Characters of source looked at per step of a preparation (a few ms). */
const SOURCE_STEP_CHARS = 1 << 19;
/** Characters each step re-reads from the step before, so a secret key cut by a step's edge is still seen. */
const SOURCE_STEP_OVERLAP = 256;

/**
 * The work LogEncoder does on a marked value's source (the secret check, the line breaks, the fingerprint), in steps
 * of a few milliseconds, so a recorder can spread tens of MB over idle time; once done, encoding the value is cheap.
 */
export class SourcePreparation {
  private at = 0;
  private readonly hash = fnv1a64Start();
  private secret = false;
  private lineBreaks = false;
  constructor(
    private readonly value: object,
    private readonly text: string,
  ) {}

  /** Does one step; true when the preparation is over (the result is kept for LogEncoder). */
  step(): boolean {
    const { text } = this;
    const end = Math.min(text.length, this.at + SOURCE_STEP_CHARS);
    const slice = text.slice(Math.max(0, this.at - SOURCE_STEP_OVERLAP), end);
    if (!this.secret && jsonTextMayHoldSecrets(slice)) this.secret = true;
    if (!this.lineBreaks && /[\r\n]/.test(slice)) this.lineBreaks = true;
    fnv1a64Update(this.hash, text, this.at, end);
    this.at = end;
    if (end < text.length) return false;
    // A text with line breaks is written as one line: its id is the line's, worked out now (rare: a pretty-printed file).
    if (this.secret) preparedSources.set(this.value, null);
    else if (this.lineBreaks) {
      const line = oneLine(text);
      preparedSources.set(this.value, { id: payloadId(line), line });
    } else preparedSources.set(this.value, { id: `${fnv1a64Digest(this.hash)}${text.length.toString(36)}`, line: text });
    return true;
  }
}

const oneLine = (text: string) => {
  const line = text.trim();
  return /[\r\n]/.test(line) ? line.replace(/[\r\n]+/g, ' ') : line;
};

/**
 * Encodes values for the log. `onPayload` hears every payload the first time this encoder makes it (the log keeps
 * them by id); `payloads: false` writes everything inline (redaction only).
 */
export class LogEncoder {
  private cache = new WeakMap<object, EncodedValue>();
  private inProgress = new Set<object>();
  constructor(private readonly options: { payloads: boolean; minChars?: number } = { payloads: true }) {}

  /** The JSON-safe, redacted form of `value` and the payloads it references. */
  encode(value: unknown): { value: unknown; refs: PayloadRecord[] } {
    const out = this.enc(value);
    return { value: out.value === undefined ? null : out.value, refs: out.refs };
  }

  private enc(value: unknown): EncodedValue {
    if (value === null || value === undefined) return { value: null, size: 4, refs: NONE };
    switch (typeof value) {
      case 'string': {
        const text = value.includes('=') ? redactUrl(value) : value;
        return { value: text, size: text.length + 2, refs: NONE };
      }
      case 'number':
        return Number.isFinite(value) ? { value, size: 8, refs: NONE } : { value: { $num: String(value) }, size: 16, refs: NONE };
      case 'boolean':
        return { value, size: 5, refs: NONE };
      case 'bigint':
        return { value: { $bigint: value.toString() }, size: 20, refs: NONE };
      case 'function':
      case 'symbol':
        return { value: undefined, size: 0, refs: NONE };
    }
    const obj = value as object;
    const cached = this.cache.get(obj);
    if (cached) return cached;
    if (this.inProgress.has(obj)) return { value: { $cycle: true }, size: 14, refs: NONE };
    const source = this.options.payloads ? rawSource(obj) : null;
    if (source !== null) {
      const payload: PayloadRecord = { id: source.id, text: source.line, children: NONE };
      const raw: EncodedValue = { value: { $raw: payload.id }, size: payload.id.length + 12, refs: [payload] };
      this.cache.set(obj, raw);
      return raw;
    }
    this.inProgress.add(obj);
    let result: EncodedValue;
    try {
      result = this.encObject(obj);
    } finally {
      this.inProgress.delete(obj);
    }
    if (this.options.payloads && result.size >= (this.options.minChars ?? PAYLOAD_MIN_CHARS)) {
      const text = JSON.stringify(result.value);
      const payload: PayloadRecord = { id: payloadId(text), text, children: result.refs };
      result = { value: { $ref: payload.id }, size: payload.id.length + 12, refs: [payload] };
    }
    this.cache.set(obj, result);
    return result;
  }

  private encObject(obj: object): EncodedValue {
    if (isBlobLike(obj)) {
      const { name, type, size } = obj as { name?: string; type?: string; size: number };
      return { value: { $blob: { name: name ?? null, type: type ?? '', size } }, size: 60, refs: NONE };
    }
    if (ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer) return { value: { $binary: (obj as ArrayBuffer).byteLength }, size: 20, refs: NONE };
    if (isActorRef(obj)) return { value: { $actor: obj.id ?? null }, size: 30, refs: NONE };
    if (obj instanceof Date) return { value: { $date: Number.isNaN(obj.getTime()) ? null : obj.toISOString() }, size: 36, refs: NONE };
    if (isLogic(obj)) return { value: { $logic: (obj as { id?: string }).id ?? null }, size: 30, refs: NONE };
    if (obj instanceof Map) {
      const inner = this.encList([...obj.entries()].map(([k, v]) => [k, v]));
      return { value: { $map: inner.value }, size: inner.size + 9, refs: inner.refs };
    }
    if (obj instanceof Set) {
      const inner = this.encList([...obj]);
      return { value: { $set: inner.value }, size: inner.size + 9, refs: inner.refs };
    }
    if (Array.isArray(obj)) return this.encList(obj);
    if (obj instanceof Error) {
      // An error's own fields (an HTTP status, a refusal reason) are what machines decide on: replay needs them.
      const fields = this.encFields(obj);
      const body = { ...(fields.value as Record<string, unknown>), name: obj.name, message: obj.message };
      return { value: { $error: body }, size: fields.size + obj.message.length + 30, refs: fields.refs };
    }
    const fields = this.encFields(obj);
    const digest = (obj as { [LOG_DIGEST]?: unknown })[LOG_DIGEST];
    const body = fields.value as Record<string, unknown>;
    if (typeof digest === 'string') body.$digest = digest;
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0]!.startsWith('$') && keys[0] !== '$digest') return { value: { $obj: body }, size: fields.size + 9, refs: fields.refs };
    return { value: body, size: fields.size, refs: fields.refs };
  }

  private encList(items: unknown[]): EncodedValue {
    const out: unknown[] = new Array(items.length);
    let size = 2;
    let refs: PayloadRecord[] = NONE;
    for (let i = 0; i < items.length; i++) {
      const e = this.enc(items[i]);
      out[i] = e.value === undefined ? null : e.value;
      size += e.size + 1;
      if (e.refs.length) refs = refs === NONE ? [...e.refs] : refs.concat(e.refs);
    }
    return { value: out, size, refs };
  }

  private encFields(obj: object): EncodedValue {
    const out: Record<string, unknown> = {};
    let size = 2;
    let refs: PayloadRecord[] = NONE;
    for (const key of Object.keys(obj)) {
      const inner = (obj as Record<string, unknown>)[key];
      if (isSecretKey(key)) {
        out[key] = inner === null || inner === undefined || inner === '' ? (inner ?? null) : REDACTED;
        size += key.length + 16;
        continue;
      }
      const e = this.enc(inner);
      if (e.value === undefined || inner === undefined) continue;
      out[key] = e.value;
      size += key.length + 4 + e.size;
      if (e.refs.length) refs = refs === NONE ? [...e.refs] : refs.concat(e.refs);
    }
    return { value: out, size, refs };
  }
}

/**
 * The values LogEncoder encodes inside `obj` (fields but secret ones, items, Map keys and values), or null for what it
 * writes without looking inside (a marked source, a blob, binary data, an actor, a date, logic). A walk that encodes a
 * value's parts ahead of the value (bottom-up, a slice at a time) follows this, so it encodes nothing the encoder
 * would not.
 */
export function encodedChildren(obj: object): unknown[] | null {
  if (typeof (obj as { [LOG_SOURCE]?: unknown })[LOG_SOURCE] === 'string' || isBlobLike(obj) || ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer) return null;
  if (isActorRef(obj) || obj instanceof Date || isLogic(obj)) return null;
  if (obj instanceof Map) return [...obj].flat();
  if (obj instanceof Set) return [...obj];
  if (Array.isArray(obj)) return obj;
  return Object.keys(obj)
    .filter((key) => !isSecretKey(key))
    .map((key) => (obj as Record<string, unknown>)[key]);
}

/**
 * The source text of a value marked by withLogSource, as one line of JSON (line breaks outside strings are only
 * white space) with its payload id, or null: not marked, or the text may hold something the log redacts. Prepared
 * ahead (SourcePreparation) or worked out now.
 */
function rawSource(obj: object): PreparedSource {
  const text = (obj as { [LOG_SOURCE]?: unknown })[LOG_SOURCE];
  if (typeof text !== 'string') return null;
  if (!preparedSources.has(obj)) {
    const preparation = new SourcePreparation(obj, text);
    while (!preparation.step());
  }
  return preparedSources.get(obj) ?? null;
}

/** Thrown when a log references a payload it does not carry. */
export class MissingPayloadError extends Error {
  override name = 'MissingPayloadError';
}

/**
 * Decodes what LogEncoder wrote: tags back to Maps, Sets, Dates, Errors (with their fields) and the digest symbol;
 * `$ref` resolved from `payloads` (each payload decoded once, so shared subtrees stay shared).
 */
export class LogDecoder {
  private decoded = new Map<string, unknown>();
  constructor(private readonly payloads: { has(id: string): boolean; get(id: string): unknown }) {}

  decode(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => this.decode(item));
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length === 1 && TAGS.has(keys[0]!)) return this.decodeTag(keys[0]!, obj[keys[0]!]);
    const out: Record<string | symbol, unknown> = {};
    for (const key of keys) {
      if (key === '$digest') out[LOG_DIGEST] = obj[key];
      else out[key] = this.decode(obj[key]);
    }
    return out;
  }

  private decodeTag(tag: string, inner: unknown): unknown {
    switch (tag) {
      case '$ref':
      case '$raw': {
        const id = String(inner);
        if (this.decoded.has(id)) return this.decoded.get(id);
        if (!this.payloads.has(id)) throw new MissingPayloadError(`The session log references payload ${id}, which it does not carry.`);
        // A raw payload is the source text itself: its value is what JSON.parse makes of it, tags and all.
        const value = tag === '$raw' ? this.payloads.get(id) : this.decode(this.payloads.get(id));
        this.decoded.set(id, value);
        return value;
      }
      case '$map':
        // A large entry pair is itself a payload (`{"$ref": id}`), so each pair is decoded whole, then taken apart.
        return new Map((inner as unknown[]).map((pair) => this.decode(pair) as [unknown, unknown]));
      case '$set':
        return new Set((inner as unknown[]).map((v) => this.decode(v)));
      case '$date':
        return new Date(inner === null ? Number.NaN : String(inner));
      case '$error': {
        const fields = this.decode(inner) as Record<string, unknown>;
        const error = new Error(String(fields.message ?? ''));
        Object.assign(error, fields);
        return error;
      }
      case '$blob':
        return { ...(inner as object) };
      case '$num':
        return Number(inner);
      case '$bigint':
        return BigInt(String(inner));
      case '$obj':
        return Object.fromEntries(Object.entries(inner as object).map(([k, v]) => [k, this.decode(v)]));
      case '$binary':
        return new Uint8Array(0);
      case '$actor':
      case '$logic':
      case '$cycle':
      default:
        return { [tag]: inner };
    }
  }
}

/** The redacted, JSON-safe copy of a value with nothing content-addressed (what a reader of one event sees). */
export function redactValue(value: unknown): unknown {
  return new LogEncoder({ payloads: false }).encode(value).value;
}

/** A value the codec writes whole by its kind (a file, binary data, an error, a date, an actor, logic), not field by field. */
export function isSpecialValue(obj: object): boolean {
  return isBlobLike(obj) || ArrayBuffer.isView(obj) || obj instanceof ArrayBuffer || obj instanceof Error || obj instanceof Date || isActorRef(obj) || isLogic(obj);
}

/**
 * Segment edits (translation-editor §3 Validation change, §4 segment edit, §5 edited / not saved / no-op,
 * editing blocked, old Storyline versions, approvals, text-editor rules, batches and Levenshtein): the plain text of
 * every text type, the rules that decide whether an edit counts and may be saved, the atoms the segment editor
 * must keep (%variables%, html tags), and the change batches of POST commands (base64 text, each batch serialized
 * under 90,000 characters, each change with its normalized Levenshtein distance; fastest-levenshtein).
 */
import { decodeHTML } from 'entities';
import { distance } from 'fastest-levenshtein';
import { unsafeMarkupIn } from './richText.ts';
import { CHANGE_BATCH_LIMIT_CHARS, COMMAND_UPDATE, type CommandChange, type PlayerJsonText, type SegmentText, type TextType, type ValidationChange } from './translation.ts';
import { normalizeUserText, textCharacterMessage, textCharacterProblem } from './userText.ts';

/**
 * A tag: `<` or `</`, a letter, then anything up to `>`. Segment html is inline markup the authoring tool wrote
 * (b, i, u, br, span, a), never scripts, comments or attributes holding `>`, so a regular expression is enough and
 * a lone `<` in text ("a < b") is left alone.
 */
const TAG = /<\/?[A-Za-z][^<>]*>/g;
const TAG_NAME = /^<\/?([A-Za-z][\w:-]*)/;
const VOID_TAGS = new Set(['br', 'hr', 'img', 'wbr', 'input']);
const VARIABLE = /%([A-Za-z0-9_.]+)%/g;

/** §5 strip tags: html markup removed (the segment html is inline markup, so a tag is `<` … `>`). */
export function stripTags(html: string): string {
  return html.indexOf('<') === -1 ? html : html.replace(TAG, '');
}

/** §5 decode entities (named and numeric; the `entities` library). */
export function decodeEntities(text: string): string {
  return text.indexOf('&') === -1 ? text : decodeHTML(text);
}

/** The plain text of a segment text: html stripped and decoded; playerJson spans joined, blocks by "\n". */
export function plainText(text: SegmentText, textType: TextType): string {
  if (typeof text !== 'string') {
    let out = '';
    const blocks = text.blocks;
    for (let b = 0; b < blocks.length; b++) {
      if (b > 0) out += '\n';
      const spans = blocks[b]!.spans;
      for (let s = 0; s < spans.length; s++) out += spans[s]!.text;
    }
    return out;
  }
  return textType === 'html' ? decodeEntities(stripTags(text)) : text;
}

/** A segment text as the stored string (`newValue`): strings as they are, playerJson as its JSON. */
export function serializeSegmentText(text: SegmentText): string {
  return typeof text === 'string' ? text : JSON.stringify(text);
}

/** The stored string back as a segment text of its type; playerJson that is not valid JSON blocks → null. */
export function deserializeSegmentText(value: string, textType: TextType): SegmentText | null {
  if (textType !== 'playerJson') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlayerJsonText(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The texts a person wrote in a segment text: the string, or each playerJson span's text. */
function typedTexts(text: SegmentText): string[] {
  return typeof text === 'string' ? [text] : text.blocks.flatMap((block) => block.spans.map((span) => span.text));
}

/**
 * Why an edited segment text cannot be saved, as the sentence to answer, or null. The rule for multi-line user
 * text (domain/userText.ts: no control characters but tab and line breaks, no lone surrogates; bidirectional
 * controls stay, right-to-left translations need them); html text is markup the course player renders, so unsafe
 * markup (script tags, event handlers, script addresses, embedded content) is refused there, as in comments. In
 * text and playerJson segments markup is text.
 */
export function segmentTextProblem(text: SegmentText, textType: TextType): string | null {
  for (const typed of typedTexts(text)) {
    const bad = textCharacterProblem(typed, 'multiline');
    if (bad) return textCharacterMessage('Segment text', bad);
  }
  if (textType === 'html' && typeof text === 'string') {
    const unsafe = unsafeMarkupIn(text);
    if (unsafe) return `Segment html cannot contain ${unsafe}. Remove it and try again.`;
  }
  return null;
}

/** A segment text with every typed text in NFC (domain/userText.ts); playerJson styles kept as they are. */
export function normalizeSegmentText(text: SegmentText): SegmentText {
  if (typeof text === 'string') return normalizeUserText(text);
  return { ...text, blocks: text.blocks.map((block) => ({ ...block, spans: block.spans.map((span) => ({ ...span, text: normalizeUserText(span.text) })) })) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when a value is playerJson blocks of spans. */
export function isPlayerJsonText(value: unknown): value is PlayerJsonText {
  if (!isObject(value) || !Array.isArray(value.blocks)) return false;
  return value.blocks.every(
    (block) =>
      isObject(block) &&
      Array.isArray(block.spans) &&
      (block.style === undefined || isObject(block.style)) &&
      block.spans.every((span) => isObject(span) && typeof span.text === 'string' && isObject(span.style)),
  );
}

/** The plain text of a stored value; a value that does not parse as its type counts as the raw string. */
function storedPlainText(value: string, textType: TextType): string {
  const text = deserializeSegmentText(value, textType);
  return text === null ? value : plainText(text, textType);
}

/**
 * §5 "edited": the change's new value is non-empty (as plain text), differs from the original target (as plain
 * text) and its status is pending.
 */
export function isEdited(change: ValidationChange | undefined, originalTarget: SegmentText, textType: TextType): boolean {
  if (!change || change.status !== 'pending') return false;
  const next = storedPlainText(change.replacement.newValue, textType);
  return next.trim() !== '' && next !== plainText(originalTarget, textType);
}

/**
 * §5 whether an edit is saved: 'empty' when empty or only markup without text; 'noOp' when it equals the original
 * target or the already saved value after stripping tags and decoding entities, unless forceUpdate; null: save it.
 */
export function editProblem(input: { newValue: SegmentText; originalTarget: SegmentText; savedValue: string | null; textType: TextType; forceUpdate?: boolean }): 'empty' | 'noOp' | null {
  const next = plainText(input.newValue, input.textType);
  if (next.trim() === '') return 'empty';
  if (input.forceUpdate) return null;
  if (next === plainText(input.originalTarget, input.textType)) return 'noOp';
  if (input.savedValue !== null && next === storedPlainText(input.savedValue, input.textType)) return 'noOp';
  return null;
}

/** §5 why editing is blocked, or null: no permission, not validating, disabled by a diff, locked. */
export type EditBlockedReason = 'noPermission' | 'notValidating' | 'disabledByDiff' | 'locked';
export function editBlockedReason(input: { canTranslate: boolean; validating: boolean; disabledByDiff: boolean; locked: boolean }): EditBlockedReason | null {
  if (!input.canTranslate) return 'noPermission';
  if (!input.validating) return 'notValidating';
  if (input.disabledByDiff) return 'disabledByDiff';
  if (input.locked) return 'locked';
  return null;
}

/** §5 variables between percent signs (`%Name%`, letters, digits, underscores, dots): each occurrence with its offsets. */
export function findVariables(text: string): { name: string; from: number; to: number }[] {
  if (text.indexOf('%') === -1) return [];
  const out: { name: string; from: number; to: number }[] = [];
  for (const match of text.matchAll(VARIABLE)) out.push({ name: match[1]!, from: match.index, to: match.index + match[0].length });
  return out;
}

/** True when every variable of `before` is still in `after` as often (§5: variables cannot be deleted). */
export function keepsVariables(before: string, after: string): boolean {
  const needed = new Map<string, number>();
  for (const { name } of findVariables(before)) needed.set(name, (needed.get(name) ?? 0) + 1);
  if (needed.size === 0) return true;
  for (const { name } of findVariables(after)) {
    const left = needed.get(name);
    if (left !== undefined) needed.set(name, left - 1);
  }
  for (const left of needed.values()) if (left > 0) return false;
  return true;
}

/**
 * Html segment text as the editor shows it: text runs and tag atoms (`<b>`, `</b>`, `<br/>`, `<a href="…">`),
 * in order; joining the pieces' raw text gives the html back.
 */
export type HtmlPiece = { kind: 'text'; text: string } | { kind: 'tag'; raw: string; name: string; closing: boolean; selfClosing: boolean };
export function htmlPieces(html: string): HtmlPiece[] {
  const pieces: HtmlPiece[] = [];
  let at = 0;
  for (const match of html.matchAll(TAG)) {
    if (match.index > at) pieces.push({ kind: 'text', text: html.slice(at, match.index) });
    const raw = match[0];
    const name = TAG_NAME.exec(raw)![1]!.toLowerCase();
    const closing = raw.startsWith('</');
    pieces.push({ kind: 'tag', raw, name, closing, selfClosing: !closing && (raw.endsWith('/>') || VOID_TAGS.has(name)) });
    at = match.index + raw.length;
  }
  if (at < html.length) pieces.push({ kind: 'text', text: html.slice(at) });
  return pieces;
}

/** The normalized Levenshtein distance of §5: distance / the longer length (0 for two empty texts), in [0, 1]. */
export function normalizedLevenshtein(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0 || a === b) return 0;
  // A common prefix and suffix never change the distance; an edit usually touches a few words, so trimming them
  // first shrinks the work a lot.
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0) return Math.max(n, m) / longer;
  // A validator's edit leaves most of the text alone, so the distance is small next to the length: the bit-parallel
  // algorithm restricted to a diagonal band of width 2k + 1 (Ukkonen's cutoff) is exact when the distance is at most
  // k and costs (32 + 2k)/n of the full one. A band too narrow still yields an upper bound r; a second band of
  // width r is then exact. When a band would cost as much as the full run (a text rewritten from scratch),
  // fastest-levenshtein does the whole matrix.
  const shorterLength = Math.min(n, m);
  const longerLength = Math.max(n, m);
  const full = () => distance(a.slice(start, endA), b.slice(start, endB));
  const worthBanding = (k: number) => 32 + 2 * k < longerLength * 0.6;
  let k = Math.max(longerLength - shorterLength, FIRST_BAND);
  if (shorterLength <= 32 || !worthBanding(k)) return full() / longer;
  const [h, hFrom, v, vFrom] = n >= m ? [a, start, b, start] : [b, start, a, start];
  let d = bandedDistance(h, hFrom, longerLength, v, vFrom, shorterLength, k);
  if (d > k) {
    k = d;
    d = worthBanding(k) ? bandedDistance(h, hFrom, longerLength, v, vFrom, shorterLength, k) : full();
  }
  return d / longer;
}

/** The first band's half-width: most single-segment edits change fewer characters. */
const FIRST_BAND = 40;
/** Per-block bit masks of the vertical text's characters (the algorithm's Peq), cleared after each block. */
const peq = new Uint32Array(0x10000);
/** Horizontal deltas (−1, 0, +1) along the bottom of the previous block, per column; grown as needed. */
let horizontal = new Int8Array(1024);

/**
 * Levenshtein distance of h[hFrom, hFrom + n) (columns) and v[vFrom, vFrom + m) (rows, 32 per block; m ≤ n) by
 * Myers' bit-parallel algorithm (Hyyrö's formulation, as in fastest-levenshtein) computed only for the cells within
 * `k` of the diagonal. Outside the band every delta is taken as +1, which over-estimates the cells there (an
 * insertion or deletion path reaches them at that cost); so the result is exact when the distance is at most k,
 * and an upper bound of it otherwise.
 */
function bandedDistance(h: string, hFrom: number, n: number, v: string, vFrom: number, m: number, k: number): number {
  if (n - m > k) return n; // the band cannot reach the last cell; n is an upper bound
  if (horizontal.length < n) horizontal = new Int8Array(Math.max(n, horizontal.length * 2));
  horizontal.fill(1, 0, n);
  const blocks = Math.ceil(m / 32);
  // D(top row of the current block, column `first`): row 0 is 0, 1, 2, … from the left.
  let first = 0;
  let topLeft = 0;
  let bottom = 0;
  for (let block = 0; block < blocks; block++) {
    const row0 = block * 32;
    const height = Math.min(32, m - row0);
    const last = height - 1;
    for (let r = 0; r < height; r++) peq[v.charCodeAt(vFrom + row0 + r)]! |= 1 << r;
    const end = Math.min(n - 1, row0 + 31 + k);
    const nextFirst = block + 1 < blocks ? Math.max(0, (block + 1) * 32 - k) : n;
    // Left of the band: vertical deltas +1, so the bottom starts `height` below the top.
    let value = topLeft + height;
    let nextTopLeft = first === nextFirst ? value : 0;
    let pv = -1;
    let mv = 0;
    for (let c = first; c <= end; c++) {
      const eq = peq[h.charCodeAt(hFrom + c)]!;
      const hin = horizontal[c]!;
      const pb = hin > 0 ? 1 : 0;
      const mb = hin < 0 ? 1 : 0;
      const xv = eq | mv;
      const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      const out = ((ph >>> last) & 1) - ((mh >>> last) & 1);
      horizontal[c] = out;
      value += out;
      if (c + 1 === nextFirst) nextTopLeft = value;
      ph = (ph << 1) | pb;
      mh = (mh << 1) | mb;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    for (let r = 0; r < height; r++) peq[v.charCodeAt(vFrom + row0 + r)] = 0;
    // The last block's band reaches the last column (n − m ≤ k): its bottom value there is the distance.
    bottom = value;
    topLeft = nextTopLeft;
    first = nextFirst;
  }
  return bottom;
}

const encoder = new TextEncoder();
/** Fatal: bytes that are not UTF-8 are an error, never U+FFFD stored in their place. */
const decoder = new TextDecoder('utf-8', { fatal: true });
/** Canonical base64 (what btoa writes): no whitespace, padded, no data after the padding. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Bytes per String.fromCharCode call: well under every engine's argument limit. */
const CHUNK_BYTES = 0x8000;

/** UTF-8 base64 of a text (§5 saved text is base64-encoded), and back. */
export function toBase64(text: string): string {
  const bytes = encoder.encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK_BYTES) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK_BYTES) as unknown as number[]);
  return btoa(binary);
}
/** The text of UTF-8 base64; throws (SyntaxError, TypeError) when it is not canonical base64 or not UTF-8. */
export function fromBase64(base64: string): string {
  if (!BASE64.test(base64)) throw new SyntaxError('The value is not base64.');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}

/** One edit to send: the stored old and new values and their plain texts. */
export interface PendingEdit {
  /** The path key. */
  path: string;
  /** Plain text before (the saved value, else the original target) and after, for the distance. */
  oldText: string;
  newText: string;
  /** The stored string to send (serializeSegmentText). */
  newValue: string;
  isCourseUpdate: boolean;
  suggestionModel?: string | null;
}

/** The constant part of a change's JSON (keys, punctuation, the command), measured once. */
const CHANGE_SKELETON_CHARS = JSON.stringify({ path: '', command: COMMAND_UPDATE, data: { newValue: '', normalizedLevenshteinDistance: 0 }, isCourseUpdate: true }).length - 2 /* "" */ - 2 /* "" */ - 1 /* 0 */ - 4; /* true */

/**
 * `JSON.stringify(change).length` without building the string: base64 needs no escaping, so only the path and the
 * suggestion model are serialized (short strings). The batching test checks it against JSON.stringify.
 */
function serializedLength(change: CommandChange): number {
  let length = CHANGE_SKELETON_CHARS + JSON.stringify(change.path).length + change.data.newValue.length + 2 + String(change.data.normalizedLevenshteinDistance).length + (change.isCourseUpdate ? 4 : 5);
  if (change.suggestionModel !== undefined) length += ',"suggestionModel":'.length + JSON.stringify(change.suggestionModel).length;
  return length;
}

/**
 * §5 change batches: each edit becomes a command-0 change with base64 newValue and its normalized Levenshtein
 * distance; changes are packed in order into batches whose JSON serialization (`JSON.stringify(changes)`) stays
 * under {@link CHANGE_BATCH_LIMIT_CHARS}; a change that alone exceeds it goes in a batch of its own.
 */
export function buildChangeBatches(edits: readonly PendingEdit[]): CommandChange[][] {
  const batches: CommandChange[][] = [];
  let batch: CommandChange[] = [];
  // The batch's JSON length: "[" + changes joined by "," + "]"; each change is serialized once.
  let size = 2;
  for (const edit of edits) {
    const change: CommandChange = {
      path: edit.path,
      command: COMMAND_UPDATE,
      data: { newValue: toBase64(edit.newValue), normalizedLevenshteinDistance: normalizedLevenshtein(edit.oldText, edit.newText) },
      isCourseUpdate: edit.isCourseUpdate,
      ...(edit.suggestionModel !== undefined ? { suggestionModel: edit.suggestionModel } : {}),
    };
    const length = serializedLength(change);
    if (batch.length > 0 && size + 1 + length >= CHANGE_BATCH_LIMIT_CHARS) {
      batches.push(batch);
      batch = [];
      size = 2;
    }
    size += (batch.length > 0 ? 1 : 0) + length;
    batch.push(change);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

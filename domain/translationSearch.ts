/**
 * Find and replace (translation-editor §2 search / replace bar, §3 Filter state, §4 find-and-replace status and
 * stepping, §5 find-and-replace rules, §9 limits): the search pattern per locale, the hits over the model, stepping
 * through them, replacing inside text / html / playerJson values, and replace-all's edits.
 *
 * Texts searched are *plain* texts (tags stripped, entities decoded, playerJson spans joined): the source's
 * `segment.sourceText`, and the target's current text (the saved change's value when there is one, else
 * `segment.originalTargetText`). Match offsets are in that plain text.
 */
import { PLAIN_MATCH_LOCALES, SEARCH_RESULT_LIMIT, type PlayerJsonText, type SegmentText, type TextType, type ValidationChange } from './translation.ts';
import type { Segment, TranslationModel } from './translationModel.ts';
import { decodeEntities, deserializeSegmentText, htmlPieces, plainText, serializeSegmentText, type PendingEdit } from './translationEdits.ts';

/** §2 search scope: all (source and target), target, source. */
export type SearchScope = 'all' | 'target' | 'source';
export const SEARCH_SCOPES: readonly SearchScope[] = ['all', 'target', 'source'];
/** §2 slide search scope: the current nav group or all (default current). */
export type SlideSearchScope = 'current' | 'all';

/** A match in a plain text: [start, end). */
export interface TextMatch {
  start: number;
  end: number;
}
/** One segment's hits (§3 foundItems entry). A segment matching in both fields gives two entries, source first. */
export interface FoundItem {
  key: string;
  field: 'source' | 'target';
  matches: TextMatch[];
}
/** §3 foundItemsState (what the search found), in document order. */
export interface FoundItems {
  items: FoundItem[];
  /** §3 foundTermsCount: matches counted (at most SEARCH_RESULT_LIMIT). */
  total: number;
  /** More matches existed than SEARCH_RESULT_LIMIT: the rest are not listed. */
  truncated: boolean;
}
/** Where the cursor is: the found item and the match inside it (§3 currentPathIndex, currentSegmentIndex). */
export interface SearchCursor {
  itemIndex: number;
  matchIndex: number;
}

/** §5 true for the locales searched by plain substring (ja, zh-*, ko), case-insensitively. */
export function usesPlainMatch(locale: string): boolean {
  const lower = locale.toLowerCase();
  if (PLAIN_MATCH_LOCALES.includes(lower)) return true;
  const primary = lower.split(/[-_]/)[0];
  return primary === 'ja' || primary === 'zh' || primary === 'ko';
}

/**
 * §5 the search pattern for a term in a locale: null for an empty (or whitespace-only) term. Plain match (the
 * escaped term, flags `giu`) for {@link usesPlainMatch} locales; otherwise whole-word, case-insensitive and Unicode:
 * the escaped term between letter/number boundaries by Unicode property (`(?<![\p{L}\p{N}\p{M}_])` …
 * `(?![\p{L}\p{N}\p{M}_])`), not `\b` (which only knows ASCII). Flags `giu`. Regex specials in the term are literal.
 */
export function searchPattern(term: string, locale: string): RegExp | null {
  if (term.trim() === '') return null;
  const escaped = escapeRegExp(term);
  if (usesPlainMatch(locale)) return new RegExp(escaped, 'giu');
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${escaped}(?![\\p{L}\\p{N}\\p{M}_])`, 'giu');
}

/** The matches of `pattern` in `text` (at most `limit`), in order; zero-length matches never occur. */
export function matchesIn(text: string, pattern: RegExp, limit?: number): TextMatch[] {
  const out: TextMatch[] = [];
  const max = limit ?? Number.POSITIVE_INFINITY;
  if (max <= 0) return out;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (end === start) {
      // A zero-length match would loop forever; it is never a hit.
      pattern.lastIndex = end + 1;
    } else {
      out.push({ start, end });
      if (out.length >= max) break;
    }
    if (!pattern.global) break;
  }
  pattern.lastIndex = 0;
  return out;
}

/** The current plain target text of a segment: its change's value when it has one, else the original target. */
export function currentTargetText(segment: Segment, change: ValidationChange | undefined): string {
  if (!change) return segment.originalTargetText;
  return storedPlainText(change.replacement.newValue, segment.textType);
}

/**
 * §5 find: the segments whose source and/or target (by scope) match, in document order, within the active nav group
 * when slideScope is current (all nav groups when activeNavKey is null), stopping at SEARCH_RESULT_LIMIT matches
 * (truncated then). `keys`, when given, limits the search to those segments (a filter's result). 20,000 segments in
 * well under 30 ms: one regex scan per searched text, nothing allocated for segments without a match.
 */
export function findSegments(
  model: TranslationModel,
  changes: Readonly<Record<string, ValidationChange>>,
  options: { term: string; locale: string; scope: SearchScope; slideScope: SlideSearchScope; activeNavKey: string | null; keys?: ReadonlySet<string> },
): FoundItems {
  const pattern = searchPattern(options.term, options.locale);
  const items: FoundItem[] = [];
  if (pattern === null) return { items, total: 0, truncated: false };
  const { scope, keys } = options;
  const navKey = options.slideScope === 'current' ? options.activeNavKey : null;
  const searchSource = scope !== 'target';
  const searchTarget = scope !== 'source';
  let total = 0;
  let truncated = false;
  const segments = model.segments;
  // Scans one text: records its hits (up to the limit) and says whether the limit was passed.
  const scan = (key: string, field: 'source' | 'target', text: string): boolean => {
    pattern.lastIndex = 0;
    let m = pattern.exec(text);
    if (m === null) return false;
    if (total >= SEARCH_RESULT_LIMIT) {
      truncated = true;
      return true;
    }
    const matches: TextMatch[] = [];
    items.push({ key, field, matches });
    while (m !== null) {
      const start = m.index;
      const end = start + m[0].length;
      if (end === start) pattern.lastIndex = end + 1;
      else {
        if (total >= SEARCH_RESULT_LIMIT) {
          truncated = true;
          return true;
        }
        matches.push({ start, end });
        total++;
      }
      m = pattern.exec(text);
    }
    return false;
  };
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (navKey !== null && segment.navKey !== navKey) continue;
    if (keys !== undefined && !keys.has(segment.key)) continue;
    if (searchSource && scan(segment.key, 'source', segment.sourceText)) break;
    if (searchTarget && scan(segment.key, 'target', currentTargetText(segment, changes[segment.key]))) break;
  }
  pattern.lastIndex = 0;
  return { items, total, truncated };
}

/**
 * §4 stepping wraps around the results: in search mode by segment (the next found item, matchIndex 0), in replace
 * mode by match within a segment (the next match, then the next item's first). Null cursor starts at the first
 * (direction 1) or the last (direction -1) hit; null when there is nothing found.
 */
export function stepCursor(found: FoundItems, cursor: SearchCursor | null, direction: 1 | -1, mode: 'search' | 'replace'): SearchCursor | null {
  const items = found.items;
  const count = items.length;
  if (count === 0) return null;
  const lastMatchOf = (itemIndex: number) => Math.max(0, items[itemIndex]!.matches.length - 1);
  if (cursor === null || cursor.itemIndex < 0 || cursor.itemIndex >= count) {
    // No cursor yet, or the results shrank under it: start again from the end the direction starts at.
    if (direction === 1) return { itemIndex: 0, matchIndex: 0 };
    return { itemIndex: count - 1, matchIndex: mode === 'replace' ? lastMatchOf(count - 1) : 0 };
  }
  if (mode === 'replace') {
    const next = cursor.matchIndex + direction;
    if (next >= 0 && next < items[cursor.itemIndex]!.matches.length) return { itemIndex: cursor.itemIndex, matchIndex: next };
  }
  const itemIndex = (cursor.itemIndex + direction + count) % count;
  return { itemIndex, matchIndex: mode === 'replace' && direction === -1 ? lastMatchOf(itemIndex) : 0 };
}

/**
 * Replaces matches of `pattern` in a segment value (its stored form: string for text/html, blocks for playerJson):
 * text — in the string; html — only in text between tags (tags kept as they are; entities decoded before matching
 * and re-encoded after, so offsets agree with the plain text); playerJson — inside each span's text, styles kept
 * (a match spanning two spans is not replaced). `onlyMatch` replaces just the n-th match (0-based, counted in the
 * plain text's order, as {@link matchesIn} counts them); otherwise all. The replacement is literal (no `$1`).
 */
export function replaceInValue(value: SegmentText, textType: TextType, pattern: RegExp, replacement: string, onlyMatch?: number): SegmentText {
  if (typeof value !== 'string') return replaceInPlayerJson(value, pattern, replacement, onlyMatch);
  if (textType === 'html') return replaceInHtml(value, pattern, replacement, onlyMatch);
  return replaceInPieces([value], value, pattern, replacement, onlyMatch)?.[0] ?? value;
}

/**
 * §5 replace-all applies only to the found *target* items: for each, the current value (the change's newValue
 * deserialized, else the original target) with every match replaced, as a PendingEdit (plain old/new texts for the
 * Levenshtein distance, the stored new value). Items whose value does not change, or whose nav group is locked
 * (`isLocked(navKey)`), are left out and listed in `skipped`. 1,000 hits in well under 100 ms with buildChangeBatches.
 */
export function replaceAllEdits(
  model: TranslationModel,
  changes: Readonly<Record<string, ValidationChange>>,
  found: FoundItems,
  pattern: RegExp,
  replacement: string,
  isLocked: (navKey: string) => boolean,
): { edits: PendingEdit[]; values: Record<string, SegmentText>; skipped: string[] } {
  const edits: PendingEdit[] = [];
  const values: Record<string, SegmentText> = {};
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const item of found.items) {
    if (item.field !== 'target' || seen.has(item.key)) continue;
    seen.add(item.key);
    const segment = model.segmentsByKey.get(item.key);
    if (!segment) continue;
    if (isLocked(segment.navKey)) {
      skipped.push(item.key);
      continue;
    }
    const change = changes[item.key];
    const current = change ? deserializeSegmentText(change.replacement.newValue, segment.textType) : segment.originalTarget;
    if (current === null) {
      // A saved playerJson value that does not parse: nothing safe to replace in.
      skipped.push(item.key);
      continue;
    }
    const next = replaceInValue(current, segment.textType, pattern, replacement);
    const newValue = serializeSegmentText(next);
    if (next === current || newValue === serializeSegmentText(current)) {
      skipped.push(item.key);
      continue;
    }
    values[item.key] = next;
    edits.push({ path: item.key, oldText: plainText(current, segment.textType), newText: plainText(next, segment.textType), newValue, isCourseUpdate: false });
  }
  return { edits, values, skipped };
}

/** Pieces of a plain text for highlighting (§9 the current hit light blue, the others paler). */
export interface HighlightPiece {
  text: string;
  hit: 'current' | 'other' | null;
}
/** Splits `text` at `matches`; the match at `currentMatch` (index into matches) is 'current'. */
export function highlightPieces(text: string, matches: readonly TextMatch[], currentMatch: number | null): HighlightPiece[] {
  const pieces: HighlightPiece[] = [];
  let at = 0;
  for (let i = 0; i < matches.length; i++) {
    const { start, end } = matches[i]!;
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), hit: null });
    pieces.push({ text: text.slice(start, end), hit: i === currentMatch ? 'current' : 'other' });
    at = end;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), hit: null });
  return pieces;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Regex syntax characters escaped for a `u` pattern (where escaping anything else, like `-`, is an error). */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** The plain text of a stored value; a value that does not parse as its type counts as the raw string. */
function storedPlainText(value: string, textType: TextType): string {
  const text = deserializeSegmentText(value, textType);
  return text === null ? value : plainText(text, textType);
}

/**
 * Replaces matches found in `plain` (the pieces joined: the caller guarantees it) inside the pieces they fall in; a
 * match crossing pieces is counted but left alone. Returns the new pieces, or null when nothing changed.
 */
function replaceInPieces(pieces: readonly string[], plain: string, pattern: RegExp, replacement: string, onlyMatch: number | undefined): string[] | null {
  const matches = matchesIn(plain, pattern);
  if (matches.length === 0) return null;
  // Offsets of each piece's start in the plain text.
  const starts: number[] = new Array<number>(pieces.length);
  let offset = 0;
  for (let i = 0; i < pieces.length; i++) {
    starts[i] = offset;
    offset += pieces[i]!.length;
  }
  const out = pieces.slice();
  let changed = false;
  // Right to left: earlier offsets stay valid while a piece is rewritten.
  let piece = pieces.length - 1;
  for (let n = matches.length - 1; n >= 0; n--) {
    if (onlyMatch !== undefined && n !== onlyMatch) continue;
    const { start, end } = matches[n]!;
    while (piece > 0 && starts[piece]! > start) piece--;
    const from = start - starts[piece]!;
    const to = end - starts[piece]!;
    if (to > pieces[piece]!.length) continue;
    out[piece] = out[piece]!.slice(0, from) + replacement + out[piece]!.slice(to);
    changed = true;
  }
  return changed ? out : null;
}

/** Html: the text runs (entities decoded) are the pieces; tags stay as they are. */
function replaceInHtml(html: string, pattern: RegExp, replacement: string, onlyMatch: number | undefined): string {
  const parts = htmlPieces(html);
  const texts: string[] = [];
  const raw: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'text') {
      raw.push(part.text);
      texts.push(decodeEntities(part.text));
    }
  }
  const replaced = replaceInPieces(texts, texts.join(''), pattern, replacement, onlyMatch);
  if (replaced === null) return html;
  let out = '';
  let t = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'tag') {
      out += part.raw;
      continue;
    }
    out += replaced[t] === texts[t] ? raw[t]! : reencodeText(raw[t]!, texts[t]!, replaced[t]!);
    t++;
  }
  return out;
}

const ENTITY = /&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);?/g;

/** Escapes what html text may not hold literally. */
function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/**
 * The raw html text run after a replacement: the unchanged head and tail keep their raw form (entities as the
 * author wrote them), the changed middle is escaped. `decoded` is the run decoded, `next` the run after replacing.
 */
function reencodeText(raw: string, decoded: string, next: string): string {
  // Common prefix and suffix of the decoded texts: only the middle changed.
  let head = 0;
  const shorter = Math.min(decoded.length, next.length);
  while (head < shorter && decoded.charCodeAt(head) === next.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < shorter - head && decoded.charCodeAt(decoded.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)) tail++;
  // Decoded offset → raw offset at unit boundaries (a unit is one entity or one char).
  const rawAt = new Map<number, number>();
  let d = 0;
  let r = 0;
  rawAt.set(0, 0);
  ENTITY.lastIndex = 0;
  for (let m = ENTITY.exec(raw); m !== null; m = ENTITY.exec(raw)) {
    for (; r < m.index; r++, d++) rawAt.set(d + 1, r + 1);
    const value = decodeEntities(m[0]);
    d += value.length;
    r += m[0].length;
    rawAt.set(d, r);
  }
  ENTITY.lastIndex = 0;
  for (; r < raw.length; r++, d++) rawAt.set(d + 1, r + 1);
  const rawHead = d === decoded.length ? rawAt.get(head) : undefined;
  const rawTail = d === decoded.length ? rawAt.get(decoded.length - tail) : undefined;
  if (rawHead === undefined || rawTail === undefined) return escapeHtmlText(next);
  return raw.slice(0, rawHead) + escapeHtmlText(next.slice(head, next.length - tail)) + raw.slice(rawTail);
}

/** playerJson: each span's text is a piece (blocks joined by "\n" as plainText joins them); styles kept. */
function replaceInPlayerJson(value: PlayerJsonText, pattern: RegExp, replacement: string, onlyMatch: number | undefined): PlayerJsonText {
  const texts: string[] = [];
  let plain = '';
  const blocks = value.blocks;
  // The "\n" between blocks belongs to no span: a one-char piece that is never replaced into.
  for (let b = 0; b < blocks.length; b++) {
    if (b > 0) {
      texts.push('\n');
      plain += '\n';
    }
    for (const span of blocks[b]!.spans) {
      texts.push(span.text);
      plain += span.text;
    }
  }
  const replaced = replaceInPieces(texts, plain, pattern, replacement, onlyMatch);
  if (replaced === null) return value;
  let t = 0;
  return {
    ...value,
    blocks: blocks.map((block, b) => {
      if (b > 0) t++;
      let changed = false;
      const spans = block.spans.map((span) => {
        const text = replaced[t++]!;
        if (text === span.text) return span;
        changed = true;
        return { ...span, text };
      });
      return changed ? { ...block, spans } : block;
    }),
  };
}

/**
 * Find and replace (translation-editor §2 search / replace bar, §3 Filter state, §4 find-and-replace status and
 * stepping, §5 find-and-replace rules, §9 limits): the search pattern per locale, the hits over the model, stepping
 * through them, replacing inside text / html / playerJson values, and replace-all's edits.
 *
 * Texts searched are *plain* texts (tags stripped, entities decoded, playerJson spans joined): the source's
 * `segment.sourceText`, and the target's current text (the saved change's value when there is one, else
 * `segment.originalTargetText`). Match offsets are in that plain text.
 */
import type { SegmentText, TextType, ValidationChange } from './translation.ts';
import type { Segment, TranslationModel } from './translationModel.ts';
import type { PendingEdit } from './translationEdits.ts';

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
  void locale;
  throw new Error('not implemented');
}

/**
 * §5 the search pattern for a term in a locale: null for an empty (or whitespace-only) term. Plain match (the
 * escaped term, flags `giu`) for {@link usesPlainMatch} locales; otherwise whole-word, case-insensitive and Unicode:
 * the escaped term between letter/number boundaries by Unicode property (`(?<![\p{L}\p{N}\p{M}_])` …
 * `(?![\p{L}\p{N}\p{M}_])`), not `\b` (which only knows ASCII). Flags `giu`. Regex specials in the term are literal.
 */
export function searchPattern(term: string, locale: string): RegExp | null {
  void term;
  void locale;
  throw new Error('not implemented');
}

/** The matches of `pattern` in `text` (at most `limit`), in order; zero-length matches never occur. */
export function matchesIn(text: string, pattern: RegExp, limit?: number): TextMatch[] {
  void text;
  void pattern;
  void limit;
  throw new Error('not implemented');
}

/** The current plain target text of a segment: its change's value when it has one, else the original target. */
export function currentTargetText(segment: Segment, change: ValidationChange | undefined): string {
  void segment;
  void change;
  throw new Error('not implemented');
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
  void model;
  void changes;
  void options;
  throw new Error('not implemented');
}

/**
 * §4 stepping wraps around the results: in search mode by segment (the next found item, matchIndex 0), in replace
 * mode by match within a segment (the next match, then the next item's first). Null cursor starts at the first
 * (direction 1) or the last (direction -1) hit; null when there is nothing found.
 */
export function stepCursor(found: FoundItems, cursor: SearchCursor | null, direction: 1 | -1, mode: 'search' | 'replace'): SearchCursor | null {
  void found;
  void cursor;
  void direction;
  void mode;
  throw new Error('not implemented');
}

/**
 * Replaces matches of `pattern` in a segment value (its stored form: string for text/html, blocks for playerJson):
 * text — in the string; html — only in text between tags (tags kept as they are; entities decoded before matching
 * and re-encoded after, so offsets agree with the plain text); playerJson — inside each span's text, styles kept
 * (a match spanning two spans is not replaced). `onlyMatch` replaces just the n-th match (0-based, counted in the
 * plain text's order, as {@link matchesIn} counts them); otherwise all. The replacement is literal (no `$1`).
 */
export function replaceInValue(value: SegmentText, textType: TextType, pattern: RegExp, replacement: string, onlyMatch?: number): SegmentText {
  void value;
  void textType;
  void pattern;
  void replacement;
  void onlyMatch;
  throw new Error('not implemented');
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
  void model;
  void changes;
  void found;
  void pattern;
  void replacement;
  void isLocked;
  throw new Error('not implemented');
}

/** Pieces of a plain text for highlighting (§9 the current hit light blue, the others paler). */
export interface HighlightPiece {
  text: string;
  hit: 'current' | 'other' | null;
}
/** Splits `text` at `matches`; the match at `currentMatch` (index into matches) is 'current'. */
export function highlightPieces(text: string, matches: readonly TextMatch[], currentMatch: number | null): HighlightPiece[] {
  void text;
  void matches;
  void currentMatch;
  throw new Error('not implemented');
}

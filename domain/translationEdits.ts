/**
 * Segment edits (translation-editor §3 Validation change, §4 segment edit, §5 edited / not saved / no-op,
 * editing blocked, old Storyline versions, approvals, text-editor rules, batches and Levenshtein): the plain text of
 * every text type, the rules that decide whether an edit counts and may be saved, the atoms the segment editor
 * must keep (%variables%, html tags), and the change batches of POST commands (base64 text, each batch serialized
 * under 90,000 characters, each change with its normalized Levenshtein distance; fastest-levenshtein).
 */
import type { CommandChange, PlayerJsonText, SegmentText, TextType, ValidationChange } from './translation.ts';

/** §5 strip tags: html markup removed (the segment html is inline markup, so a tag is `<` … `>`). */
export function stripTags(html: string): string {
  void html;
  throw new Error('not implemented');
}

/** §5 decode entities (named and numeric; the `entities` library). */
export function decodeEntities(text: string): string {
  void text;
  throw new Error('not implemented');
}

/** The plain text of a segment text: html stripped and decoded; playerJson spans joined, blocks by "\n". */
export function plainText(text: SegmentText, textType: TextType): string {
  void text;
  void textType;
  throw new Error('not implemented');
}

/** A segment text as the stored string (`newValue`): strings as they are, playerJson as its JSON. */
export function serializeSegmentText(text: SegmentText): string {
  void text;
  throw new Error('not implemented');
}

/** The stored string back as a segment text of its type; playerJson that is not valid JSON blocks → null. */
export function deserializeSegmentText(value: string, textType: TextType): SegmentText | null {
  void value;
  void textType;
  throw new Error('not implemented');
}

/** True when a value is playerJson blocks of spans. */
export function isPlayerJsonText(value: unknown): value is PlayerJsonText {
  void value;
  throw new Error('not implemented');
}

/**
 * §5 "edited": the change's new value is non-empty (as plain text), differs from the original target (as plain
 * text) and its status is pending.
 */
export function isEdited(change: ValidationChange | undefined, originalTarget: SegmentText, textType: TextType): boolean {
  void change;
  void originalTarget;
  void textType;
  throw new Error('not implemented');
}

/**
 * §5 whether an edit is saved: 'empty' when empty or only markup without text; 'noOp' when it equals the original
 * target or the already saved value after stripping tags and decoding entities, unless forceUpdate; null: save it.
 */
export function editProblem(input: { newValue: SegmentText; originalTarget: SegmentText; savedValue: string | null; textType: TextType; forceUpdate?: boolean }): 'empty' | 'noOp' | null {
  void input;
  throw new Error('not implemented');
}

/** §5 why editing is blocked, or null: no permission, not validating, disabled by a diff, locked. */
export type EditBlockedReason = 'noPermission' | 'notValidating' | 'disabledByDiff' | 'locked';
export function editBlockedReason(input: { canTranslate: boolean; validating: boolean; disabledByDiff: boolean; locked: boolean }): EditBlockedReason | null {
  void input;
  throw new Error('not implemented');
}

/** §5 variables between percent signs (`%Name%`, letters, digits, underscores, dots): each occurrence with its offsets. */
export function findVariables(text: string): { name: string; from: number; to: number }[] {
  void text;
  throw new Error('not implemented');
}

/** True when every variable of `before` is still in `after` as often (§5: variables cannot be deleted). */
export function keepsVariables(before: string, after: string): boolean {
  void before;
  void after;
  throw new Error('not implemented');
}

/**
 * Html segment text as the editor shows it: text runs and tag atoms (`<b>`, `</b>`, `<br/>`, `<a href="…">`),
 * in order; joining the pieces' raw text gives the html back.
 */
export type HtmlPiece = { kind: 'text'; text: string } | { kind: 'tag'; raw: string; name: string; closing: boolean; selfClosing: boolean };
export function htmlPieces(html: string): HtmlPiece[] {
  void html;
  throw new Error('not implemented');
}

/** The normalized Levenshtein distance of §5: distance / the longer length (0 for two empty texts), in [0, 1]. */
export function normalizedLevenshtein(a: string, b: string): number {
  void a;
  void b;
  throw new Error('not implemented');
}

/** UTF-8 base64 of a text (§5 saved text is base64-encoded), and back. */
export function toBase64(text: string): string {
  void text;
  throw new Error('not implemented');
}
export function fromBase64(base64: string): string {
  void base64;
  throw new Error('not implemented');
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

/**
 * §5 change batches: each edit becomes a command-0 change with base64 newValue and its normalized Levenshtein
 * distance; changes are packed in order into batches whose JSON serialization (`JSON.stringify(changes)`) stays
 * under {@link CHANGE_BATCH_LIMIT_CHARS}; a change that alone exceeds it goes in a batch of its own.
 */
export function buildChangeBatches(edits: readonly PendingEdit[]): CommandChange[][] {
  void edits;
  throw new Error('not implemented');
}

/**
 * The one rule for text people type that the service stores (names, segment text), shared by the client and the
 * service:
 *
 * - **Normalised to NFC**, so "é" typed as e + U+0301 (a macOS file name) and "é" are the same name, for
 *   duplicates, search and length.
 * - **No control characters**: C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F). Multi-line text keeps tab and line
 *   breaks (LF, and CR of CRLF); a one-line text (a name) keeps none of them.
 * - **No lone surrogates**: half of a UTF-16 pair is not a character, and storage would turn it into U+FFFD.
 * - **Names: no bidirectional embeddings, overrides or isolates** (U+202A–U+202E, U+2066–U+2069): they make a
 *   name read differently from what it is ("gpj.exe" shown as "exe.jpg"). Multi-line text (translations into
 *   Arabic or Hebrew) may need them, so there they stay.
 * - **Markup is text.** `<img onerror=…>` in a name is stored as typed and shown as text; rendering text as text
 *   is the client's job. (Comments and html segment text, which other tools read as markup, refuse unsafe
 *   markup: domain/richText.ts `unsafeMarkupIn`.)
 *
 * Pure: no I/O; every function accepts any string and never throws.
 */

/** What makes a text unstorable. */
export type TextCharacterProblem = 'controlCharacter' | 'bidiControl' | 'loneSurrogate';

/** The first offending character of a text, with why. */
export interface TextCharacterFinding {
  problem: TextCharacterProblem;
  /** "U+0000" */
  codePoint: string;
}

/** One line (a name) or several (a segment's text). */
export type TextKind = 'line' | 'multiline';

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

const codePointOf = (unit: number) => `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
const isControl = (unit: number) => unit <= 0x1f || (unit >= 0x7f && unit <= 0x9f);
const isBidiControl = (unit: number) => (unit >= 0x202a && unit <= 0x202e) || (unit >= 0x2066 && unit <= 0x2069);

/** NFC of the text (lone surrogates pass through unchanged, so they can still be found). */
export function normalizeUserText(text: string): string {
  return text.normalize('NFC');
}

/** The first character `kind` text may not hold, or null. One pass over the UTF-16 units (no regex lookbehind, which older browsers lack). */
export function textCharacterProblem(text: string, kind: TextKind): TextCharacterFinding | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return { problem: 'loneSurrogate', codePoint: codePointOf(unit) };
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return { problem: 'loneSurrogate', codePoint: codePointOf(unit) };
    if (isControl(unit)) {
      if (kind === 'multiline' && (unit === TAB || unit === LF || unit === CR)) continue;
      return { problem: 'controlCharacter', codePoint: codePointOf(unit) };
    }
    if (kind === 'line' && isBidiControl(unit)) return { problem: 'bidiControl', codePoint: codePointOf(unit) };
  }
  return null;
}

const WHAT: Readonly<Record<TextCharacterProblem, string>> = {
  controlCharacter: 'control characters',
  bidiControl: 'bidirectional-override characters',
  loneSurrogate: 'unpaired surrogates (half of a character)',
};

/** The sentence the service answers (and a client may show) for a refused text: `Names cannot contain … (U+202E).` */
export function textCharacterMessage(subject: string, finding: TextCharacterFinding): string {
  return `${subject} cannot contain ${WHAT[finding.problem]} (${finding.codePoint}).`;
}

import { describe, expect, it } from 'vitest';
import { normalizeUserText, textCharacterMessage, textCharacterProblem } from './userText.ts';

describe('the rule for user text', () => {
  it.each([
    ['NUL', 'a\u0000b', 'controlCharacter', 'U+0000'],
    ['ESC', 'a\u001Bb', 'controlCharacter', 'U+001B'],
    ['DEL', 'a\u007Fb', 'controlCharacter', 'U+007F'],
    ['a C1 control', 'a\u0085b', 'controlCharacter', 'U+0085'],
    ['a lone high surrogate', 'a\uD83D', 'loneSurrogate', 'U+D83D'],
    ['a lone low surrogate', '\uDE00a', 'loneSurrogate', 'U+DE00'],
    ['two high surrogates', '\uD83D\uD83D\uDE00', 'loneSurrogate', 'U+D83D'],
  ] as const)('refuses %s in any text', (_case, text, problem, codePoint) => {
    expect(textCharacterProblem(text, 'line')).toEqual({ problem, codePoint });
    expect(textCharacterProblem(text, 'multiline')).toEqual({ problem, codePoint });
  });

  it('lets multi-line text keep tab and line breaks, a line none of them', () => {
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(textCharacterProblem(text, 'multiline')).toBeNull();
      expect(textCharacterProblem(text, 'line')).toMatchObject({ problem: 'controlCharacter' });
    }
  });

  it('refuses bidirectional embeddings, overrides and isolates in a line only', () => {
    for (const char of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(textCharacterProblem(`x${char}y`, 'line')).toEqual({ problem: 'bidiControl', codePoint: `U+${char.charCodeAt(0).toString(16).toUpperCase()}` });
      expect(textCharacterProblem(`x${char}y`, 'multiline')).toBeNull();
    }
  });

  it('accepts everything else: pairs, marks, right-to-left text, markup', () => {
    for (const text of ['🎉👍🏽', 'a\u200Eb\u200Fc', 'مرحبا', '<img src=x onerror=alert(1)>', 'e\u0301', '']) {
      expect(textCharacterProblem(text, 'line')).toBeNull();
    }
  });

  it('reports the first offending character', () => {
    expect(textCharacterProblem('a\u202Eb\u0000', 'line')).toEqual({ problem: 'bidiControl', codePoint: 'U+202E' });
  });

  it('normalises to NFC, leaving lone surrogates to be found', () => {
    expect(normalizeUserText('Cafe\u0301')).toBe('Café');
    expect(normalizeUserText('a\uD800')).toBe('a\uD800');
  });

  it('says what was refused and which character', () => {
    expect(textCharacterMessage('Names', { problem: 'bidiControl', codePoint: 'U+202E' })).toBe('Names cannot contain bidirectional-override characters (U+202E).');
  });
});

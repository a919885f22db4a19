import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { CHANGE_BATCH_LIMIT_CHARS, COMMAND_UPDATE, type PlayerJsonText, type ValidationChange } from './translation.ts';
import {
  buildChangeBatches,
  decodeEntities,
  deserializeSegmentText,
  editBlockedReason,
  editProblem,
  findVariables,
  fromBase64,
  htmlPieces,
  isEdited,
  isPlayerJsonText,
  keepsVariables,
  normalizedLevenshtein,
  plainText,
  serializeSegmentText,
  stripTags,
  toBase64,
  type PendingEdit,
} from './translationEdits.ts';

const style = { font: 'Open Sans', size: 18, color: '#000000', bold: false };
const player = (...blocks: string[][]): PlayerJsonText => ({ blocks: blocks.map((spans) => ({ spans: spans.map((text) => ({ text, style: { ...style } })) })) });

const change = (newValue: string, status: ValidationChange['status'] = 'pending'): ValidationChange => ({
  validationSegmentId: 'seg-1',
  status,
  replacement: { newValue },
  proposedBy: 'u-vera',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});

describe('plain text (§5 strip tags, decode entities)', () => {
  it('strips inline tags and leaves a lone "<" in text alone', () => {
    expect(stripTags('Click <b>Next</b><br/> to <a href="https://x.test/?a=1&amp;b=2">go</a>')).toBe('Click Next to go');
    expect(stripTags('a < b and c > d')).toBe('a < b and c > d');
  });

  it('decodes named and numeric entities', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &#233;t&#xE9; &nbsp;&eacute;')).toBe('Tom & Jerry <3 été \u00a0é');
  });

  it('reads html as stripped and decoded text, text as it is, playerJson spans joined and blocks by newline', () => {
    expect(plainText('<i>Fish</i> &amp; chips', 'html')).toBe('Fish & chips');
    expect(plainText('<i>Fish</i> &amp; chips', 'text')).toBe('<i>Fish</i> &amp; chips');
    expect(plainText(player(['Hello ', 'world'], ['Second']), 'playerJson')).toBe('Hello world\nSecond');
  });

  it('stores playerJson as its JSON and reads it back; broken playerJson reads as null', () => {
    const text = player(['Bonjour'], ['à ', 'tous']);
    expect(deserializeSegmentText(serializeSegmentText(text), 'playerJson')).toEqual(text);
    expect(serializeSegmentText('<b>x</b>')).toBe('<b>x</b>');
    expect(deserializeSegmentText('<b>x</b>', 'html')).toBe('<b>x</b>');
    expect(deserializeSegmentText('{not json', 'playerJson')).toBeNull();
    expect(deserializeSegmentText('{"blocks":[{"spans":[{"style":{}}]}]}', 'playerJson')).toBeNull();
    expect(isPlayerJsonText({ blocks: [{ spans: [{ text: 'a', style: {} }] }] })).toBe(true);
    expect(isPlayerJsonText({ blocks: [{ spans: [{ text: 'a' }] }] })).toBe(false);
  });
});

describe('§5 "An edit is edited only if the new value is non-empty, differs from the original target and its status is pending"', () => {
  it('a pending change with new text is edited', () => {
    expect(isEdited(change('Bonjour tout le monde'), 'Bonjour', 'text')).toBe(true);
  });

  it('no change, an accepted or approved change, an empty value or the original again is not edited', () => {
    expect(isEdited(undefined, 'Bonjour', 'text')).toBe(false);
    expect(isEdited(change('Salut', 'accepted'), 'Bonjour', 'text')).toBe(false);
    expect(isEdited(change('Salut', 'approved'), 'Bonjour', 'text')).toBe(false);
    expect(isEdited(change('   '), 'Bonjour', 'text')).toBe(false);
    expect(isEdited(change('<b></b>'), 'Bonjour', 'html')).toBe(false);
    expect(isEdited(change('<b>Bonjour</b>'), 'Bonjour', 'html')).toBe(false);
  });

  it('compares playerJson by its text, not its styles', () => {
    const original = player(['Bonjour']);
    const restyled: PlayerJsonText = { blocks: [{ spans: [{ text: 'Bonjour', style: { ...style, bold: true } }] }] };
    expect(isEdited(change(JSON.stringify(restyled)), original, 'playerJson')).toBe(false);
    expect(isEdited(change(JSON.stringify(player(['Salut']))), original, 'playerJson')).toBe(true);
  });
});

describe('§5 "An edit is not saved if empty or only markup without text"', () => {
  it('refuses an empty value, whitespace, and markup without text', () => {
    for (const newValue of ['', '   ', '<b></b>', '<br/><i> </i>']) expect(editProblem({ newValue, originalTarget: 'Bonjour', savedValue: null, textType: 'html' })).toBe('empty');
    expect(editProblem({ newValue: player([''], ['']), originalTarget: player(['Bonjour']), savedValue: null, textType: 'playerJson' })).toBe('empty');
  });

  it('refuses an empty value even with a force update', () => {
    expect(editProblem({ newValue: '<b></b>', originalTarget: 'Bonjour', savedValue: null, textType: 'html', forceUpdate: true })).toBe('empty');
  });
});

describe('§5 "It is a no-op if it equals the original or the already saved value, after stripping tags and decoding entities, unless a force update is set"', () => {
  it('equal to the original target after stripping tags and decoding entities is a no-op', () => {
    expect(editProblem({ newValue: '<b>Fish</b> &amp; chips', originalTarget: 'Fish & chips', savedValue: null, textType: 'html' })).toBe('noOp');
  });

  it('equal to the already saved value is a no-op', () => {
    expect(editProblem({ newValue: 'Poisson &amp; frites', originalTarget: 'Fish & chips', savedValue: '<i>Poisson</i> & frites', textType: 'html' })).toBe('noOp');
    const saved = serializeSegmentText(player(['Salut']));
    expect(editProblem({ newValue: player(['Sal', 'ut']), originalTarget: player(['Bonjour']), savedValue: saved, textType: 'playerJson' })).toBe('noOp');
  });

  it('a force update saves it anyway', () => {
    expect(editProblem({ newValue: 'Fish & chips', originalTarget: 'Fish & chips', savedValue: null, textType: 'text', forceUpdate: true })).toBeNull();
  });

  it('new text is saved', () => {
    expect(editProblem({ newValue: 'Poisson frit', originalTarget: 'Fish & chips', savedValue: 'Poisson & frites', textType: 'text' })).toBeNull();
  });
});

describe('§5 "Editing is blocked when the user lacks permission, the session is not validating, or the segment is disabled by a diff or locked"', () => {
  const open = { canTranslate: true, validating: true, disabledByDiff: false, locked: false };
  it('is open when nothing blocks it', () => expect(editBlockedReason(open)).toBeNull());
  it.each([
    [{ canTranslate: false }, 'noPermission'],
    [{ validating: false }, 'notValidating'],
    [{ disabledByDiff: true }, 'disabledByDiff'],
    [{ locked: true }, 'locked'],
  ] as const)('%o blocks it as %s', (over, reason) => expect(editBlockedReason({ ...open, ...over })).toBe(reason));
  it('names permission first when several apply', () => expect(editBlockedReason({ canTranslate: false, validating: false, disabledByDiff: true, locked: true })).toBe('noPermission'));
});

describe('§5 "variables between percent signs cannot be deleted"', () => {
  it('finds each variable with its offsets', () => {
    expect(findVariables('Hi %UserName%, score %Score% (%Score%) 50% off')).toEqual([
      { name: 'UserName', from: 3, to: 13 },
      { name: 'Score', from: 21, to: 28 },
      { name: 'Score', from: 30, to: 37 },
    ]);
    expect(findVariables('50% and 60%')).toEqual([]);
    expect(findVariables('%Project.Var_1%')).toEqual([{ name: 'Project.Var_1', from: 0, to: 15 }]);
  });

  it('an edit keeping every variable as often passes; deleting one does not', () => {
    expect(keepsVariables('Hi %UserName%, %Score%', 'Bonjour %UserName% : %Score%')).toBe(true);
    expect(keepsVariables('Hi %UserName%', 'Bonjour')).toBe(false);
    expect(keepsVariables('%Score% / %Score%', '%Score%')).toBe(false);
    expect(keepsVariables('no variables', '')).toBe(true);
  });
});

describe('html pieces (§5 "tag nodes cannot be deleted")', () => {
  it('splits html into text runs and tag atoms, and joining them gives the html back', () => {
    const html = 'Click <b>Next</b><br/>then <a href="https://example.com/help">help</a> &amp; <BR>done';
    const pieces = htmlPieces(html);
    expect(pieces.map((p) => (p.kind === 'text' ? p.text : p.raw)).join('')).toBe(html);
    expect(pieces.filter((p) => p.kind === 'tag')).toEqual([
      { kind: 'tag', raw: '<b>', name: 'b', closing: false, selfClosing: false },
      { kind: 'tag', raw: '</b>', name: 'b', closing: true, selfClosing: false },
      { kind: 'tag', raw: '<br/>', name: 'br', closing: false, selfClosing: true },
      { kind: 'tag', raw: '<a href="https://example.com/help">', name: 'a', closing: false, selfClosing: false },
      { kind: 'tag', raw: '</a>', name: 'a', closing: true, selfClosing: false },
      { kind: 'tag', raw: '<BR>', name: 'br', closing: false, selfClosing: true },
    ]);
    expect(pieces[0]).toEqual({ kind: 'text', text: 'Click ' });
  });

  it('keeps text with a lone "<" as text', () => {
    expect(htmlPieces('1 < 2')).toEqual([{ kind: 'text', text: '1 < 2' }]);
    expect(htmlPieces('')).toEqual([]);
  });
});

describe('§5 "Each change carries a normalized Levenshtein distance between old and new text"', () => {
  it('is 0 for equal texts (and two empty ones), 1 for totally different ones', () => {
    expect(normalizedLevenshtein('Bonjour', 'Bonjour')).toBe(0);
    expect(normalizedLevenshtein('', '')).toBe(0);
    expect(normalizedLevenshtein('abc', 'xyz')).toBe(1);
    expect(normalizedLevenshtein('', 'abc')).toBe(1);
  });

  it('matches the textbook edit distance, common prefixes and suffixes included', () => {
    const naive = (a: string, b: string) => {
      let row = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const next = [i];
        for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        row = next;
      }
      return row[b.length]!;
    };
    const pairs: [string, string][] = [
      ['aaa', 'aa'],
      ['abab', 'ab'],
      ['Bonjour le monde', 'Bonjour tout le monde'],
      ['x'.repeat(40) + 'abc' + 'y'.repeat(40), 'x'.repeat(40) + 'acb' + 'y'.repeat(41)],
      ['le chat noir dort sur le tapis rouge du salon ce soir', 'le chien blanc dort sous le tapis bleu du salon ce matin'],
      ['日本語のテキスト🎉です', '日本語テキスト🎉でした'],
    ];
    for (const [a, b] of pairs) {
      expect(normalizedLevenshtein(a, b)).toBeCloseTo(naive(a, b) / Math.max(a.length, b.length), 12);
      expect(normalizedLevenshtein(b, a)).toBeCloseTo(naive(a, b) / Math.max(a.length, b.length), 12);
    }
  });

  it('agrees with fastest-levenshtein on random texts and on small edits of long texts (banded and full)', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', ' ', 'é', '日');
    const text = (max: number, min = 0) => fc.array(alphabet, { minLength: min, maxLength: max, size: 'max' }).map((chars) => chars.join(''));
    // Unrelated texts: large distances, where the banded computation hands over to the full one.
    fc.assert(
      fc.property(text(120), text(120), (a, b) => {
        const longer = Math.max(a.length, b.length);
        expect(normalizedLevenshtein(a, b)).toBe(longer === 0 ? 0 : distance(a, b) / longer);
      }),
      { numRuns: 400 },
    );
    // A long text with a few rewritten pieces: small distances, found within the first or the second band.
    fc.assert(
      fc.property(text(600, 200), fc.array(fc.tuple(fc.nat(600), fc.nat(15), text(15)), { maxLength: 8, size: 'max' }), (a, edits) => {
        let b = a;
        for (const [at, cut, insert] of edits) b = b.slice(0, at) + insert + b.slice(at + cut);
        const longer = Math.max(a.length, b.length);
        expect(normalizedLevenshtein(a, b)).toBe(longer === 0 ? 0 : distance(a, b) / longer);
      }),
      { numRuns: 400 },
    );
  });

  it('is the edit distance over the longer length', () => {
    expect(normalizedLevenshtein('kitten', 'sitting')).toBeCloseTo(3 / 7, 10);
    expect(normalizedLevenshtein('chat', 'chats')).toBeCloseTo(1 / 5, 10);
  });
});

describe('§5 "Saved text is base64-encoded"', () => {
  it.each([
    ['Latin', 'Cliquez sur « Suivant » pour continuer'],
    ['Japanese', '次へをクリックして続行してください'],
    ['Arabic', 'انقر على التالي للمتابعة'],
    ['emoji', 'Great job 🎉👍🏽 %UserName%'],
  ])('round-trips %s text through UTF-8 base64', (_name, text) => {
    expect(fromBase64(toBase64(text))).toBe(text);
  });

  it('encodes the UTF-8 bytes (as the server decodes them)', () => {
    expect(toBase64('é')).toBe('w6k=');
    expect(toBase64('日本')).toBe(Buffer.from('日本', 'utf8').toString('base64'));
  });

  it('round-trips a text longer than one conversion chunk', () => {
    const text = 'データ🎉'.repeat(20_000);
    expect(fromBase64(toBase64(text))).toBe(text);
  });

  it('refuses base64 of bytes that are not UTF-8, and text that is not canonical base64', () => {
    expect(() => fromBase64(Buffer.from([0xc3, 0x28]).toString('base64'))).toThrow(TypeError);
    expect(() => fromBase64(Buffer.from([0xed, 0xa0, 0x80]).toString('base64'))).toThrow(TypeError); // an encoded lone surrogate
    expect(() => fromBase64('true')).toThrow(TypeError); // base64 letters, but the bytes b6 bb 9e are not UTF-8
    expect(() => fromBase64('w6k')).toThrow(SyntaxError);
    expect(() => fromBase64('w6k=\n')).toThrow(SyntaxError);
    expect(fromBase64('')).toBe('');
  });
});

describe('§5 "each batch of changes must serialize under 90000 characters, else a new batch starts"', () => {
  const edit = (i: number, length: number, over: Partial<PendingEdit> = {}): PendingEdit => {
    const newText = `${i}:`.padEnd(length, 'é');
    return { path: JSON.stringify(['scene-1', `slide-${i}`, 'txt']), oldText: 'old text', newText, newValue: newText, isCourseUpdate: false, ...over };
  };

  it('each change is a command 0 with the base64 text and its distance', () => {
    const [batch] = buildChangeBatches([{ path: '["a","b"]', oldText: 'Bonjour', newText: 'Bonjour', newValue: '<b>Bonjour</b>', isCourseUpdate: true, suggestionModel: 'gpt' }]);
    expect(batch).toEqual([{ path: '["a","b"]', command: COMMAND_UPDATE, data: { newValue: toBase64('<b>Bonjour</b>'), normalizedLevenshteinDistance: 0 }, isCourseUpdate: true, suggestionModel: 'gpt' }]);
    expect(buildChangeBatches([])).toEqual([]);
  });

  it('splits at the limit: no batch serializes to 90,000 characters or more, the order is kept, and the split is needed', () => {
    const edits = Array.from({ length: 400 }, (_, i) => edit(i, 500));
    const batches = buildChangeBatches(edits);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(JSON.stringify(batch).length).toBeLessThan(CHANGE_BATCH_LIMIT_CHARS);
    // Packed greedily: adding the next batch's first change would have crossed the limit.
    for (let b = 0; b < batches.length - 1; b++) expect(JSON.stringify([...batches[b]!, batches[b + 1]![0]]).length).toBeGreaterThanOrEqual(CHANGE_BATCH_LIMIT_CHARS);
    expect(batches.flat().map((c) => c.path)).toEqual(edits.map((e) => e.path));
    expect(batches.flat().map((c) => fromBase64(c.data.newValue))).toEqual(edits.map((e) => e.newValue));
  });

  it('a lone change over the limit goes in a batch of its own', () => {
    const batches = buildChangeBatches([edit(1, 100), edit(2, 80_000), edit(3, 100)]);
    expect(batches.map((b) => b.map((c) => c.path))).toEqual([[edit(1, 1).path], [edit(2, 1).path], [edit(3, 1).path]]);
    expect(JSON.stringify(batches[1]).length).toBeGreaterThanOrEqual(CHANGE_BATCH_LIMIT_CHARS);
  });

  it('distances are in [0, 1]: 0 for unchanged text, 1 for totally different text', () => {
    const [batch] = buildChangeBatches([
      { path: '["a"]', oldText: 'same', newText: 'same', newValue: 'same', isCourseUpdate: false },
      { path: '["b"]', oldText: 'abc', newText: 'xyz', newValue: 'xyz', isCourseUpdate: false },
      { path: '["c"]', oldText: 'Bonjour', newText: 'Bonsoir', newValue: 'Bonsoir', isCourseUpdate: false },
    ]);
    const distances = batch!.map((c) => c.data.normalizedLevenshteinDistance);
    expect(distances[0]).toBe(0);
    expect(distances[1]).toBe(1);
    expect(distances[2]).toBeGreaterThan(0);
    expect(distances[2]).toBeLessThan(1);
  });
});

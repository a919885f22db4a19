import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_RESULT_LIMIT, type PlayerJsonText, type TranslationFile, type TranslationItemNode, type TranslationNode, type ValidationChange } from './translation.ts';
import { buildTranslationModel, type TranslationModel } from './translationModel.ts';
import { plainText } from './translationEdits.ts';
import {
  currentTargetText,
  findSegments,
  highlightPieces,
  matchesIn,
  replaceAllEdits,
  replaceInValue,
  searchPattern,
  stepCursor,
  usesPlainMatch,
  type FoundItems,
} from './translationSearch.ts';

const style = { font: 'Open Sans', size: 18, color: '#000000' };
const player = (...blocks: string[][]): PlayerJsonText => ({ blocks: blocks.map((spans) => ({ spans: spans.map((text) => ({ text, style: { ...style } })) })) });
const texts = (text: string, term: string, locale = 'fr') => matchesIn(text, searchPattern(term, locale)!).map((m) => text.slice(m.start, m.end));

let vs = 0;
const item = (id: string, source: string, target: string, over: Partial<TranslationItemNode> = {}): TranslationItemNode => ({
  type: 'item',
  id,
  textType: 'text',
  source,
  target,
  validationSegmentId: `vs-${id}-${vs++}`,
  ...over,
});
const slide = (id: string, children: TranslationNode[]): TranslationNode => ({ type: 'group', id, title: `Slide ${id}`, meta: { type: 'slide' }, children });
const modelOf = (children: TranslationNode[], targetLocale = 'fr'): TranslationModel => {
  const file: TranslationFile = { sourceLocale: 'en', targetLocale, version: 1, product: 'storyline', children, baseChildren: [], translationMemoryReportIds: [] };
  return buildTranslationModel(file).model;
};
const change = (newValue: string): ValidationChange => ({
  validationSegmentId: 'x',
  status: 'pending',
  replacement: { newValue },
  proposedBy: 'u1',
  proposedAt: '2025-01-01T00:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});
const key = (...path: string[]) => JSON.stringify(path);

describe('§5 find and replace pattern', () => {
  it('§5 plain match for ja, zh-cn, zh-hans, zh-hant, zh-tw, ko; otherwise whole-word', () => {
    for (const locale of ['ja', 'zh-cn', 'zh-hans', 'zh-hant', 'zh-TW', 'ko', 'ja-JP']) expect(usesPlainMatch(locale)).toBe(true);
    for (const locale of ['fr', 'de', 'en', 'ar', 'he']) expect(usesPlainMatch(locale)).toBe(false);
  });

  it('§5 whole-word, case-insensitive, Unicode: "été" does not match inside "étés"; "qualité" finds "Qualité"', () => {
    expect(texts('L’été est court, les étés aussi. Été!', 'été')).toEqual(['été', 'Été']);
    expect(texts('Qualité totale et qualité; quality', 'qualité')).toEqual(['Qualité', 'qualité']);
    // \b would see "é" as a boundary: "cafés" must not yield "caf".
    expect(texts('cafés, caf', 'caf')).toEqual(['caf']);
    expect(texts('données_brutes données2 données', 'données')).toEqual(['données']);
  });

  it('§5 plain match for Japanese: a substring inside a longer word', () => {
    expect(texts('カスタマーサービスへようこそ。サービス', 'サービス', 'ja')).toEqual(['サービス', 'サービス']);
    expect(texts('カスタマーサービス', 'サービス', 'fr')).toEqual([]);
  });

  it('regex specials in the term are literal', () => {
    expect(texts('a.b axb a.b.c', 'a.b')).toEqual(['a.b', 'a.b']);
    expect(texts('see (x) or x', '(x)')).toEqual(['(x)']);
    expect(texts('cost $5 [note] a|b 1+1 c:\\d', '$5')).toEqual(['$5']);
    for (const term of ['[note]', 'a|b', '1+1', 'c:\\d', 'x-y', '{1}', '^', '?']) expect(searchPattern(term, 'fr')).toBeInstanceOf(RegExp);
    expect(texts('pre-test and pre', 'pre-test')).toEqual(['pre-test']);
  });

  it('an empty or whitespace-only term searches nothing', () => {
    expect(searchPattern('', 'fr')).toBeNull();
    expect(searchPattern('   ', 'ja')).toBeNull();
  });

  it('matchesIn stops at the limit and can be called again with the same pattern', () => {
    const pattern = searchPattern('a', 'fr')!;
    expect(matchesIn('a a a a', pattern, 2)).toEqual([{ start: 0, end: 1 }, { start: 2, end: 3 }]);
    expect(matchesIn('a a', pattern)).toHaveLength(2);
  });
});

describe('§5 find over the model', () => {
  const model = modelOf([
    { type: 'group', id: 'sc', title: 'Scene', meta: { type: 'scene' }, children: [
      slide('s1', [item('a', 'Quality first', 'La qualité d’abord'), item('b', 'Quality and quality', 'Qualité et qualité'), item('c', 'Nothing', 'Rien')]),
      slide('s2', [item('d', 'More quality', 'Plus de qualité'), item('e', 'html', '<b>qualité</b> &amp; prix', { textType: 'html' })]),
    ] },
  ]);
  const s1 = key('sc', 's1');
  const base = { locale: 'fr', activeNavKey: s1 } as const;

  it('§2 scope target, source, all (source before target within a segment)', () => {
    const target = findSegments(model, {}, { ...base, term: 'qualité', scope: 'target', slideScope: 'all' });
    expect(target.items.map((i) => [i.key, i.field, i.matches.length])).toEqual([
      [key('sc', 's1', 'a'), 'target', 1],
      [key('sc', 's1', 'b'), 'target', 2],
      [key('sc', 's2', 'd'), 'target', 1],
      [key('sc', 's2', 'e'), 'target', 1],
    ]);
    expect(target.total).toBe(5);
    const source = findSegments(model, {}, { ...base, term: 'quality', scope: 'source', slideScope: 'all' });
    expect(source.items.map((i) => i.field)).toEqual(['source', 'source', 'source']);
    expect(source.total).toBe(4);
    const all = findSegments(model, {}, { ...base, term: 'quality', scope: 'all', slideScope: 'all' });
    expect(all.items.every((i) => i.field === 'source')).toBe(true);
    const both = modelOf([slide('s', [item('x', 'plan', 'plan')])]);
    expect(findSegments(both, {}, { ...base, activeNavKey: null, term: 'plan', scope: 'all', slideScope: 'all' }).items.map((i) => i.field)).toEqual(['source', 'target']);
  });

  it('§2 slide search scope: current searches the active nav group only; all searches everything', () => {
    const current = findSegments(model, {}, { ...base, term: 'qualité', scope: 'target', slideScope: 'current' });
    expect(current.items.map((i) => i.key)).toEqual([key('sc', 's1', 'a'), key('sc', 's1', 'b')]);
    const noActive = findSegments(model, {}, { ...base, activeNavKey: null, term: 'qualité', scope: 'target', slideScope: 'current' });
    expect(noActive.items).toHaveLength(4);
  });

  it('searches the current target: a saved change replaces the original, html is searched as plain text', () => {
    const changes = { [key('sc', 's1', 'c')]: change('Une qualité nouvelle'), [key('sc', 's1', 'a')]: change('Rien') };
    const found = findSegments(model, changes, { ...base, term: 'qualité', scope: 'target', slideScope: 'current' });
    expect(found.items.map((i) => i.key)).toEqual([key('sc', 's1', 'b'), key('sc', 's1', 'c')]);
    const amp = findSegments(model, {}, { ...base, term: '&', locale: 'ja', scope: 'target', slideScope: 'all' });
    expect(amp.items.map((i) => i.key)).toEqual([key('sc', 's2', 'e')]);
    expect(amp.items[0]!.matches).toEqual([{ start: 8, end: 9 }]);
  });

  it('limits the search to the given keys (a filter result)', () => {
    const found = findSegments(model, {}, { ...base, term: 'qualité', scope: 'target', slideScope: 'all', keys: new Set([key('sc', 's2', 'd')]) });
    expect(found.items.map((i) => i.key)).toEqual([key('sc', 's2', 'd')]);
  });

  it('§9 search hits are limited to 1000: the rest are not listed, truncated says so', () => {
    const many = modelOf([slide('s', Array.from({ length: 600 }, (_, i) => item(`t${i}`, 'x', 'mot mot')))]);
    const found = findSegments(many, {}, { ...base, activeNavKey: null, term: 'mot', scope: 'target', slideScope: 'all' });
    expect(found.total).toBe(SEARCH_RESULT_LIMIT);
    expect(found.truncated).toBe(true);
    expect(found.items.reduce((n, i) => n + i.matches.length, 0)).toBe(SEARCH_RESULT_LIMIT);
    expect(found.items).toHaveLength(500);
    const exact = modelOf([slide('s', Array.from({ length: 500 }, (_, i) => item(`t${i}`, 'x', 'mot mot')))]);
    const full = findSegments(exact, {}, { ...base, activeNavKey: null, term: 'mot', scope: 'target', slideScope: 'all' });
    expect(full).toMatchObject({ total: 1000, truncated: false });
  });

  it('an empty term finds nothing', () => {
    expect(findSegments(model, {}, { ...base, term: ' ', scope: 'all', slideScope: 'all' })).toEqual({ items: [], total: 0, truncated: false });
  });
});

describe('§4 search stepping wraps around the result list', () => {
  const found: FoundItems = {
    items: [
      { key: 'a', field: 'target', matches: [{ start: 0, end: 1 }, { start: 2, end: 3 }] },
      { key: 'b', field: 'target', matches: [{ start: 0, end: 1 }] },
    ],
    total: 3,
    truncated: false,
  };

  it('§4 in search mode it steps by segment, wrapping both ways', () => {
    expect(stepCursor(found, null, 1, 'search')).toEqual({ itemIndex: 0, matchIndex: 0 });
    expect(stepCursor(found, null, -1, 'search')).toEqual({ itemIndex: 1, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 0, matchIndex: 0 }, 1, 'search')).toEqual({ itemIndex: 1, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 1, matchIndex: 0 }, 1, 'search')).toEqual({ itemIndex: 0, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 0, matchIndex: 0 }, -1, 'search')).toEqual({ itemIndex: 1, matchIndex: 0 });
  });

  it('§4 in replace mode it steps by match within a segment, wrapping both ways', () => {
    expect(stepCursor(found, null, -1, 'replace')).toEqual({ itemIndex: 1, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 0, matchIndex: 0 }, 1, 'replace')).toEqual({ itemIndex: 0, matchIndex: 1 });
    expect(stepCursor(found, { itemIndex: 0, matchIndex: 1 }, 1, 'replace')).toEqual({ itemIndex: 1, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 1, matchIndex: 0 }, 1, 'replace')).toEqual({ itemIndex: 0, matchIndex: 0 });
    expect(stepCursor(found, { itemIndex: 1, matchIndex: 0 }, -1, 'replace')).toEqual({ itemIndex: 0, matchIndex: 1 });
    expect(stepCursor(found, { itemIndex: 0, matchIndex: 0 }, -1, 'replace')).toEqual({ itemIndex: 1, matchIndex: 0 });
  });

  it('nothing found: no cursor; a cursor past shrunk results restarts', () => {
    expect(stepCursor({ items: [], total: 0, truncated: false }, null, 1, 'search')).toBeNull();
    expect(stepCursor(found, { itemIndex: 5, matchIndex: 0 }, 1, 'replace')).toEqual({ itemIndex: 0, matchIndex: 0 });
  });
});

describe('§5 replace inside a value', () => {
  const fr = (term: string) => searchPattern(term, 'fr')!;

  it('text: every whole-word match, or just the n-th; the replacement is literal', () => {
    expect(replaceInValue('Été, été et étés', 'text', fr('été'), 'hiver')).toBe('hiver, hiver et étés');
    expect(replaceInValue('été été été', 'text', fr('été'), 'X', 1)).toBe('été X été');
    expect(replaceInValue('a b', 'text', fr('a'), '$&$1')).toBe('$&$1 b');
    expect(replaceInValue('rien', 'text', fr('été'), 'X')).toBe('rien');
  });

  it('html: tags kept as they are; entities decoded for matching ("&amp;" matched as "&")', () => {
    expect(replaceInValue('<b class="q">qualité</b> et <i>Qualité</i>', 'html', fr('qualité'), 'valeur')).toBe('<b class="q">valeur</b> et <i>valeur</i>');
    expect(replaceInValue('R&amp;D <b>R&amp;D</b>', 'html', searchPattern('R&D', 'fr')!, 'Recherche')).toBe('Recherche <b>Recherche</b>');
    // Entities outside the replaced word keep their written form; the replacement is escaped.
    expect(replaceInValue('&eacute;t&eacute; &amp; mot', 'html', fr('mot'), 'a<b')).toBe('&eacute;t&eacute; &amp; a&lt;b');
    expect(replaceInValue('mot &nbsp;x <br/>mot', 'html', fr('mot'), 'M', 1)).toBe('mot &nbsp;x <br/>M');
    // A tag name or attribute is never text.
    expect(replaceInValue('<a href="b">b</a>', 'html', fr('b'), 'c')).toBe('<a href="b">c</a>');
  });

  it('html: the n-th match counts as matchesIn counts on the plain text', () => {
    const html = '<i>mot</i> &amp; mot <b>mot</b>';
    const plain = plainText(html, 'html');
    expect(matchesIn(plain, fr('mot'))).toHaveLength(3);
    expect(replaceInValue(html, 'html', fr('mot'), 'X', 2)).toBe('<i>mot</i> &amp; mot <b>X</b>');
  });

  it('playerJson: inside each span, styles kept; a match across spans is left alone', () => {
    const value: PlayerJsonText = {
      blocks: [
        { spans: [{ text: 'La qualité', style: { bold: true, color: '#ff0000' } }, { text: ' et qual', style: style }, { text: 'ité', style: style }], style: { align: 'left' } },
        { spans: [{ text: 'qualité', style: style }] },
      ],
    };
    const next = replaceInValue(value, 'playerJson', fr('qualité'), 'valeur') as PlayerJsonText;
    expect(next.blocks[0]!.spans.map((s) => s.text)).toEqual(['La valeur', ' et qual', 'ité']);
    expect(next.blocks[0]!.spans[0]!.style).toEqual({ bold: true, color: '#ff0000' });
    expect(next.blocks[0]!.style).toEqual({ align: 'left' });
    expect(next.blocks[1]!.spans[0]!.text).toBe('valeur');
    expect(value.blocks[0]!.spans[0]!.text).toBe('La qualité');
    const second = replaceInValue(value, 'playerJson', fr('qualité'), 'X', 2) as PlayerJsonText;
    expect(plainText(second, 'playerJson')).toBe('La qualité et qualité\nX');
    expect(replaceInValue(player(['rien']), 'playerJson', fr('qualité'), 'X')).toEqual(player(['rien']));
  });

  it('text replace agrees with String.replace for literal whole-word terms (fast-check)', () => {
    const word = fc.stringMatching(/^[a-zé]{1,4}$/);
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.constantFrom(' ', ', ', '. ')), { maxLength: 12 }), word, fc.stringMatching(/^[A-Z$&]{0,3}$/), (parts, term, replacement) => {
        const text = parts.join('');
        const expected = text.replace(new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${term}(?![\\p{L}\\p{N}\\p{M}_])`, 'giu'), () => replacement);
        expect(replaceInValue(text, 'text', fr(term), replacement)).toBe(expected);
      }),
    );
  });
});

describe('§5 replace in html agrees with replacing in its plain text (fast-check)', () => {
  it('whole words wrapped in tags or written with entities: the plain text of the result is the plain text replaced', () => {
    const word = fc.constantFrom('été', 'Été', 'étés', 'mot', '&eacute;t&eacute;', 'R&amp;D', 'a&lt;b');
    const token = fc.tuple(word, fc.constantFrom('', 'b', 'i')).map(([w, tag]) => (tag ? `<${tag}>${w}</${tag}>` : w));
    fc.assert(
      fc.property(fc.array(token, { maxLength: 10 }), fc.constantFrom('été', 'mot', 'R&D', 'a<b'), fc.constantFrom('hiver', 'x&y', ''), (tokens, term, replacement) => {
        const html = tokens.join(' <br/>');
        const pattern = searchPattern(term, 'fr')!;
        const plain = plainText(html, 'html');
        const next = replaceInValue(html, 'html', pattern, replacement) as string;
        expect(plainText(next, 'html')).toBe(replaceInValue(plain, 'text', pattern, replacement));
        expect(next.match(/<[^>]+>/g) ?? []).toEqual(html.match(/<[^>]+>/g) ?? []);
      }),
    );
  });
});

describe('§5 replace-all applies only to the found segments', () => {
  const model = modelOf([
    slide('s1', [item('a', 'Quality', 'qualité'), item('b', 'x', 'Qualité et qualité'), item('p', 'x', player(['la ', 'qualité']) as never, { textType: 'playerJson', source: player(['x']) })]),
    slide('s2', [item('c', 'x', 'qualité')]),
  ]);
  const pattern = searchPattern('qualité', 'fr')!;
  const found = (changes: Record<string, ValidationChange> = {}) => findSegments(model, changes, { term: 'qualité', locale: 'fr', scope: 'all', slideScope: 'all', activeNavKey: null });

  it('target items become edits (plain old/new texts, the stored value); locked groups are skipped', () => {
    const locked = key('s2');
    const result = replaceAllEdits(model, {}, found(), pattern, 'valeur', (nav) => nav === locked);
    expect(result.edits.map((e) => [e.path, e.oldText, e.newText])).toEqual([
      [key('s1', 'a'), 'qualité', 'valeur'],
      [key('s1', 'b'), 'Qualité et qualité', 'valeur et valeur'],
      [key('s1', 'p'), 'la qualité', 'la valeur'],
    ]);
    expect(JSON.parse(result.edits[2]!.newValue)).toEqual(player(['la ', 'valeur']));
    expect(result.values[key('s1', 'p')]).toEqual(player(['la ', 'valeur']));
    expect(result.edits.every((e) => e.isCourseUpdate === false)).toBe(true);
    expect(result.skipped).toEqual([key('s2', 'c')]);
  });

  it('source hits are not replaced; the saved change is the value replaced in; unchanged items are left out', () => {
    const changes = { [key('s1', 'a')]: change('La qualité') };
    const result = replaceAllEdits(model, changes, found(changes), pattern, 'valeur', () => false);
    expect(result.edits.find((e) => e.path === key('s1', 'a'))).toMatchObject({ oldText: 'La qualité', newText: 'La valeur', newValue: 'La valeur' });
    // Replacing by the same word changes only the capitalized "Qualité": the others are left out.
    const same = replaceAllEdits(model, {}, found(), pattern, 'qualité', () => false);
    expect(same.edits.map((e) => [e.path, e.newValue])).toEqual([[key('s1', 'b'), 'qualité et qualité']]);
    expect(same.skipped).toEqual([key('s1', 'a'), key('s1', 'p'), key('s2', 'c')]);
    const sourceOnly = findSegments(model, {}, { term: 'quality', locale: 'fr', scope: 'all', slideScope: 'all', activeNavKey: null });
    expect(replaceAllEdits(model, {}, sourceOnly, searchPattern('quality', 'fr')!, 'X', () => false)).toEqual({ edits: [], values: {}, skipped: [] });
  });
});

describe('§9 highlight: the current hit and the others', () => {
  it('splits the text at the matches', () => {
    expect(highlightPieces('a mot b mot', [{ start: 2, end: 5 }, { start: 8, end: 11 }], 1)).toEqual([
      { text: 'a ', hit: null },
      { text: 'mot', hit: 'other' },
      { text: ' b ', hit: null },
      { text: 'mot', hit: 'current' },
    ]);
    expect(highlightPieces('abc', [], null)).toEqual([{ text: 'abc', hit: null }]);
  });
});

describe('currentTargetText', () => {
  it('is the change’s plain value when there is one, else the original target', () => {
    const model = modelOf([slide('s', [item('h', 'x', '<b>a</b>', { textType: 'html' })])]);
    const segment = model.segments[0]!;
    expect(currentTargetText(segment, undefined)).toBe('a');
    expect(currentTargetText(segment, change('<i>b &amp; c</i>'))).toBe('b & c');
  });
});

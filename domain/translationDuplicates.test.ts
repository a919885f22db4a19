import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlayerJsonText, TextType } from './translation.ts';
import { duplicateKeys, duplicatesOf, findDuplicates, type DuplicateInput } from './translationDuplicates.ts';
import { generateStorylineCourse } from './translation.fixtures.ts';
import { buildTranslationModel } from './translationModel.ts';

const style = { font: 'Open Sans', size: 18, color: '#000000', bold: false };
const player = (blocks: string[][], bold = false): PlayerJsonText => ({ blocks: blocks.map((spans) => ({ spans: spans.map((text) => ({ text, style: { ...style, bold } })) })) });
const input = (key: string, source: DuplicateInput['source'], textType: TextType = typeof source === 'string' ? 'text' : 'playerJson'): DuplicateInput => ({ key, textType, source });
const sorted = (groups: string[][]) => groups.map((g) => [...g]).sort((a, b) => a[0]!.localeCompare(b[0]!));

describe('§5 duplicates: source compared three ways', () => {
  it('§5 plain text: whitespace runs collapsed, tags stripped, entities decoded, spans joined', () => {
    const index = findDuplicates([
      input('a', 'Click  next'),
      input('b', ' Click next '),
      input('c', '<b>Click</b> next', 'html'),
      input('d', 'Click&nbsp;next', 'html'),
      input('e', player([['Click ', 'next']])),
      input('f', player([['Click next']], true)),
    ]);
    expect(sorted(index.plain.groups)).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f']]);
  });

  it('§5 text with line breaks: html <br> and blocks count as breaks, other whitespace does not', () => {
    const index = findDuplicates([
      input('a', 'One<br/>two', 'html'),
      input('b', 'One <br> two', 'html'),
      input('c', 'One two', 'html'),
      input('d', '<p>One</p>two', 'html'),
      input('e', player([['One'], ['two']])),
      input('f', player([['One two']])),
      input('g', player([['One '], [' two']], true)),
    ]);
    expect(sorted(index.lineBreaks.groups)).toEqual([['a', 'b', 'd'], ['e', 'g']]);
    // In plain they are all one text per text type.
    expect(sorted(index.plain.groups)).toEqual([['a', 'b', 'c', 'd'], ['e', 'f', 'g']]);
  });

  it('§5 text with formatting: the stored source exactly (markup and span styles)', () => {
    const index = findDuplicates([
      input('a', '<b>Hi</b> there', 'html'),
      input('b', '<b>Hi</b> there', 'html'),
      input('c', '<i>Hi</i> there', 'html'),
      input('d', player([['Hi']])),
      input('e', player([['Hi']])),
      input('f', player([['Hi']], true)),
    ]);
    expect(sorted(index.formatting.groups)).toEqual([['a', 'b'], ['d', 'e']]);
    expect(duplicatesOf(index, 'd', 'formatting')).toEqual(['e']);
    expect(duplicatesOf(index, 'f', 'formatting')).toEqual([]);
    expect(duplicatesOf(index, 'f', 'plain')).toEqual(['d', 'e']);
  });

  it('§5 groups only among items of the same textType, with at least two members', () => {
    const index = findDuplicates([input('a', 'Same'), input('b', 'Same', 'html'), input('c', player([['Same']])), input('d', 'Other')]);
    for (const kind of ['plain', 'lineBreaks', 'formatting'] as const) expect(index[kind].groups).toEqual([]);
  });

  it('§5 empty text is ignored; items without a path or playerJson without blocks are skipped', () => {
    const index = findDuplicates([
      input('a', '  '),
      input('b', '  '),
      input('c', '<br/>', 'html'),
      input('d', '<b></b>', 'html'),
      { key: null, textType: 'text', source: 'Hello' },
      { key: '', textType: 'text', source: 'Hello' },
      input('e', 'Hello'),
      input('f', { blocks: [] }),
      input('g', { blocks: [] }),
    ]);
    expect(index.plain.groups).toEqual([]);
    expect(duplicateKeys('playerJson', { blocks: [] })).toBeNull();
    expect(duplicateKeys('text', ' ')).toBeNull();
    expect(duplicateKeys('html', '<b>A</b>')).toEqual({ plain: 'A', lineBreaks: 'A', formatting: '<b>A</b>' });
  });

  it('each group keeps its members in input order; groupOf maps every member to its group', () => {
    const index = findDuplicates([input('z', 'x'), input('a', 'y'), input('m', 'x'), input('b', 'x')]);
    expect(index.plain.groups).toEqual([['z', 'm', 'b']]);
    expect(index.plain.groupOf.get('m')).toBe(index.plain.groups[0]);
    expect(index.plain.groupOf.has('a')).toBe(false);
  });

  it('groups are exactly the classes of equal keys with two or more members (fast-check)', () => {
    const source = fc.oneof(
      fc.constantFrom('a', 'a ', ' a', 'b', 'a\nb', 'a b', '', 'A').map((s) => ({ textType: 'text' as const, source: s })),
      fc.constantFrom('a', '<b>a</b>', 'a<br/>b', 'a b', '&amp;', '&').map((s) => ({ textType: 'html' as const, source: s })),
      fc.constantFrom('a', 'a b', 'b').chain((t) => fc.boolean().map((bold) => ({ textType: 'playerJson' as const, source: player([[t]], bold) }))),
    );
    fc.assert(
      fc.property(fc.array(source, { maxLength: 25 }), (entries) => {
        const inputs = entries.map((e, i) => ({ key: `k${i}`, ...e }));
        const index = findDuplicates(inputs);
        for (const kind of ['plain', 'lineBreaks', 'formatting'] as const) {
          const classes = new Map<string, string[]>();
          for (const i of inputs) {
            const keys = duplicateKeys(i.textType, i.source);
            if (!keys) continue;
            const id = `${i.textType}\u0000${keys[kind]}`;
            classes.set(id, [...(classes.get(id) ?? []), i.key]);
          }
          const expected = [...classes.values()].filter((g) => g.length >= 2);
          expect(sorted(index[kind].groups)).toEqual(sorted(expected));
        }
      }),
    );
  });

  it('finds the duplicates of a generated course (the model’s segments fit)', () => {
    const { model } = buildTranslationModel(generateStorylineCourse({ segments: 2_000, targetLocale: 'fr' }));
    const index = findDuplicates(model.segments);
    expect(index.plain.groups.length).toBeGreaterThan(0);
    for (const group of index.formatting.groups) {
      const [first, ...rest] = group.map((k) => model.segmentsByKey.get(k)!);
      for (const other of rest) expect(other.source).toEqual(first!.source);
    }
  });
});

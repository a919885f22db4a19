import { describe, expect, it } from 'vitest';
import { contentProblem, countCharacters, isRawContent, mentionsOf, plainTextOf, rawFromPlainText, segmentsOf, unsafeMarkupIn, type RawContent } from './richText.ts';

const withMention: RawContent = {
  blocks: [
    { key: 'a', text: 'Hi @Tara Team, look', type: 'unstyled', entityRanges: [{ offset: 3, length: 10, key: 0 }] },
    { key: 'b', text: 'second line', type: 'unstyled', entityRanges: [] },
  ],
  entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'u-tara', email: 'tara.team@example.com', name: 'Tara Team' } } },
};

describe('rich text', () => {
  it('joins blocks with newlines for the plain text', () => {
    expect(plainTextOf(withMention)).toBe('Hi @Tara Team, look\nsecond line');
    expect(plainTextOf(rawFromPlainText('one\ntwo'))).toBe('one\ntwo');
  });

  it('counts an emoji as one character', () => {
    expect(countCharacters('ab😀')).toBe(3);
  });

  it('lists mentions with the text they cover', () => {
    expect(mentionsOf(withMention)).toEqual([{ userId: 'u-tara', email: 'tara.team@example.com', name: 'Tara Team', text: '@Tara Team' }]);
  });

  it('splits a block into text and mention segments', () => {
    expect(segmentsOf(withMention, withMention.blocks[0]!)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Tara Team', userId: 'u-tara', email: 'tara.team@example.com' },
      { kind: 'text', text: ', look' },
    ]);
  });

  it('renders a range pointing at a missing entity as text', () => {
    const broken: RawContent = { blocks: [{ key: 'a', text: 'abc', type: 'unstyled', entityRanges: [{ offset: 0, length: 2, key: 9 }] }], entityMap: {} };
    expect(segmentsOf(broken, broken.blocks[0]!)).toEqual([{ kind: 'text', text: 'abc' }]);
  });

  it('refuses empty, whitespace-only, over-long and unsafe content', () => {
    expect(contentProblem(rawFromPlainText('   \n  '))?.kind).toBe('empty');
    expect(contentProblem(rawFromPlainText('x'.repeat(1_500)))).toBeNull();
    expect(contentProblem(rawFromPlainText('x'.repeat(1_501)))?.kind).toBe('tooLong');
    expect(contentProblem(rawFromPlainText('<script>alert(1)</script>'))?.kind).toBe('unsafe');
    expect(contentProblem(rawFromPlainText('<img src=x onerror=alert(1)>'))?.message).toContain('event-handler');
    const badName: RawContent = { ...withMention, entityMap: { '0': { type: 'mention', mutability: 'IMMUTABLE', data: { userId: 'u', email: 'e@x.io', name: '<svg onload=alert(1)>' } } } };
    expect(contentProblem(badName)?.message).toMatch(/^Mention names/);
  });

  it('lets ordinary text with angle brackets and "on" words through', () => {
    expect(unsafeMarkupIn('if a < b and b > c, go on=now')).toBeNull();
    expect(unsafeMarkupIn('Use the <b>bold</b> look')).toBeNull();
    expect(unsafeMarkupIn('click javascript:alert(1)')).not.toBeNull();
  });

  it('accepts well-formed raw content and rejects malformed shapes', () => {
    expect(isRawContent(withMention)).toBe(true);
    expect(isRawContent({ blocks: [], entityMap: {} })).toBe(false);
    expect(isRawContent({ blocks: [{ key: 'a', text: 'x', type: 'unstyled', entityRanges: [{ offset: 0, length: 5, key: 0 }] }], entityMap: withMention.entityMap })).toBe(false);
    expect(isRawContent({ blocks: [{ key: 'a', text: 'x', type: 'header', entityRanges: [] }], entityMap: {} })).toBe(false);
    expect(isRawContent('text')).toBe(false);
  });
});

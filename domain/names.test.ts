import { describe, expect, it } from 'vitest';
import {
  canConfirmName,
  checkName,
  checkNewSharedFolderName,
  duplicateName,
  INVALID_NAME_CHARACTERS_ERROR_KEY,
  limitSearchInput,
  MAX_NAME_ERROR_KEY,
  nameMatchesSearch,
  searchFilter,
} from './names.ts';

describe('folder and item names (§5 "trimmed, max 255 characters (message max_name_error), empty disables confirm")', () => {
  it.each([
    ['trimmed', '  Budget 2024 \t', { ok: true, name: 'Budget 2024' }],
    ['255 characters are fine', 'a'.repeat(255), { ok: true, name: 'a'.repeat(255) }],
    ['255 characters once trimmed are fine', ` ${'a'.repeat(255)} `, { ok: true, name: 'a'.repeat(255) }],
    ['256 characters → max_name_error', 'a'.repeat(256), { ok: false, reason: 'tooLong', messageKey: 'max_name_error' }],
    ['empty → no message, confirm disabled', '', { ok: false, reason: 'empty', messageKey: null }],
    ['only spaces → empty', '   ', { ok: false, reason: 'empty', messageKey: null }],
    ['not a string (bad input) → empty', 42, { ok: false, reason: 'empty', messageKey: null }],
  ] as const)('%s', (_case, raw, expected) => {
    const check = checkName(raw);
    expect(check).toEqual(expected);
    expect(canConfirmName(check)).toBe(expected.ok);
  });

  it('uses the spec\'s key', () => {
    expect(MAX_NAME_ERROR_KEY).toBe('max_name_error');
  });
});

describe('characters a name may not hold, NFC (domain/userText.ts)', () => {
  it.each([
    ['a NUL', 'Budget\u0000', 'U+0000'],
    ['a tab inside', 'Tab\tinside', 'U+0009'],
    ['a right-to-left override', 'gpj\u202Eexe.zip', 'U+202E'],
    ['a lone surrogate', 'Half \uD83D smile', 'U+D83D'],
  ])('%s → invalidRequest, naming the character', (_case, raw, codePoint) => {
    const check = checkName(raw);
    expect(check).toMatchObject({ ok: false, reason: 'invalidRequest', messageKey: INVALID_NAME_CHARACTERS_ERROR_KEY });
    expect(!check.ok && check.message).toContain(codePoint);
    expect(canConfirmName(check)).toBe(false);
  });

  it('markup is a name like any other text', () => {
    expect(checkName('<img src=x onerror=alert(1)>')).toEqual({ ok: true, name: '<img src=x onerror=alert(1)>' });
  });

  it('names are NFC, and compared as NFC for duplicates', () => {
    expect(checkName(' Cafe\u0301 ')).toEqual({ ok: true, name: 'Café' });
    expect(checkName('café', { existingNames: ['Cafe\u0301'] })).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(checkName('CAFE\u0301', { currentName: 'Café', existingNames: ['Café'] }).ok).toBe(true);
  });
});

describe('duplicate names (§5 "compared case-insensitively and rejected (when the check applies and the name differs from the current one)")', () => {
  const siblings = ['Reports', 'Drafts', 'Final'];
  it.each([
    ['an exact duplicate', 'Drafts', {}, false],
    ['a duplicate in another case', 'dRAFTS', {}, false],
    ['a duplicate with spaces around', '  final ', {}, false],
    ['a new name', 'Budget', {}, true],
    ['unchanged name (not checked)', 'Reports', { currentName: 'Reports' }, true],
    ['a rename that changes only the case of the own name', 'REPORTS', { currentName: 'Reports' }, true],
    ['a rename onto another sibling', 'final', { currentName: 'Reports' }, false],
  ] as const)('%s → %s', (_case, raw, options, ok) => {
    expect(checkName(raw, { existingNames: siblings, ...options }).ok).toBe(ok);
  });

  it('a refused duplicate says why', () => {
    expect(checkName('drafts', { existingNames: siblings })).toMatchObject({ ok: false, reason: 'duplicate' });
  });

  it('when the check does not apply (no names given), duplicates pass', () => {
    expect(checkName('Drafts').ok).toBe(true);
  });

  it('two siblings named like the current one: the other still counts as a duplicate', () => {
    expect(checkName('REPORTS', { currentName: 'Reports', existingNames: ['Reports', 'reports'] }).ok).toBe(false);
  });

  it('length is checked before duplicates', () => {
    expect(checkName('a'.repeat(300), { existingNames: ['a'.repeat(300)] })).toMatchObject({ reason: 'tooLong' });
  });
});

describe('"A new shared folder needs a non-empty name" (§5)', () => {
  it.each([
    ['', false],
    ['  ', false],
    ['Team', true],
  ])('%j → %s', (raw, ok) => {
    expect(canConfirmName(checkNewSharedFolderName(raw))).toBe(ok);
  });
  it('and is checked against the shared folders already there', () => {
    expect(checkNewSharedFolderName('team', ['Team']).ok).toBe(false);
  });
});

describe('"default duplicate name is a \'copy of {title}\' text" (§5)', () => {
  it.each([
    ['Onboarding', 'copy of Onboarding'],
    ['  Safety 101 ', 'copy of Safety 101'],
    ['', 'copy of '],
  ])('%j → %j', (title, name) => {
    expect(duplicateName(title)).toBe(name);
  });
  it('stays within 255 characters so the default is always acceptable', () => {
    const name = duplicateName('x'.repeat(300));
    expect(name).toHaveLength(255);
    expect(checkName(name).ok).toBe(true);
  });
  it('never cuts a character in half', () => {
    const name = duplicateName(`${'x'.repeat(246)}😀😀`);
    expect(name).toBe(`copy of ${'x'.repeat(246)}`);
    expect(name.length).toBeLessThanOrEqual(255);
  });
});

describe('search text (§5 "Search input max 255 characters; clearing it also clears the grid filter"; "Name search is a case-insensitive contains")', () => {
  it('the input keeps at most 255 characters', () => {
    expect(limitSearchInput('s'.repeat(300))).toHaveLength(255);
    expect(limitSearchInput('abc')).toBe('abc');
    expect(limitSearchInput(undefined)).toBe('');
  });
  it.each([
    ['  quarterly ', 'quarterly'],
    ['', null],
    ['   ', null],
    [null, null],
  ])('filter for %j → %j (blank clears the filter)', (raw, filter) => {
    expect(searchFilter(raw)).toBe(filter);
  });
  it.each([
    ['Quarterly Review', 'review', true],
    ['Quarterly Review', 'TERLY re', true],
    ['Quarterly Review', 'annual', false],
    ['Anything', null, true],
    [undefined, 'x', false],
  ] as const)('%j contains %j → %s', (name, filter, matches) => {
    expect(nameMatchesSearch(name, filter)).toBe(matches);
  });
});

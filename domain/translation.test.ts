import { describe, expect, it } from 'vitest';
import {
  isNavGroupLocked,
  isPathWithin,
  isRtlLocale,
  isUnsupportedStorylineVersion,
  localeDisplayName,
  parsePathKey,
  pathKey,
  TRANSLATION_CALLS,
  TRANSLATION_MESSAGES,
  type LanguageMap,
  type ProgressDetail,
} from './translation.ts';

describe('path keys (§7 stringPath)', () => {
  it('is the JSON string of the path, and parses back', () => {
    expect(pathKey(['scene-1', 'slide-2', 'txt'])).toBe('["scene-1","slide-2","txt"]');
    expect(parsePathKey('["scene-1","slide-2"]')).toEqual(['scene-1', 'slide-2']);
  });

  it('refuses keys that are not a non-empty JSON array of strings', () => {
    for (const key of ['', 'scene-1', '[]', '[1]', '{"a":1}', '["a",null]']) expect(parsePathKey(key)).toBeNull();
  });

  it('a path is within itself and its ancestors, not its siblings', () => {
    expect(isPathWithin(['s', 'a', 'x'], ['s', 'a'])).toBe(true);
    expect(isPathWithin(['s', 'a'], ['s', 'a'])).toBe(true);
    expect(isPathWithin(['s', 'b', 'x'], ['s', 'a'])).toBe(false);
    expect(isPathWithin(['s'], ['s', 'a'])).toBe(false);
  });
});

describe('§5 "Right-to-left locales: ar, fa-ir, fa-af, he"', () => {
  it.each(['ar', 'fa-ir', 'fa-af', 'he', 'AR', 'Fa-IR'])('%s is right to left', (locale) => expect(isRtlLocale(locale)).toBe(true));
  it.each(['en', 'fr', 'ja', 'fa', 'zh-cn'])('%s is left to right', (locale) => expect(isRtlLocale(locale)).toBe(false));
});

describe('§5 "Old Storyline versions are rejected on edit"', () => {
  it('a Storyline release before 3.60 is unsupported; 3.60 and later are fine', () => {
    expect(isUnsupportedStorylineVersion({ product: 'storyline', storylineVersion: '3.59.30000.0' })).toBe(true);
    expect(isUnsupportedStorylineVersion({ product: 'storyline', storylineVersion: '3.5.1' })).toBe(true);
    expect(isUnsupportedStorylineVersion({ product: 'storyline', storylineVersion: '3.60' })).toBe(false);
    expect(isUnsupportedStorylineVersion({ product: 'storyline', storylineVersion: '3.91.31176.0' })).toBe(false);
  });

  it('Rise files and files without a release are not refused', () => {
    expect(isUnsupportedStorylineVersion({ product: 'rise', storylineVersion: '1.0' })).toBe(false);
    expect(isUnsupportedStorylineVersion({ product: 'storyline' })).toBe(false);
  });

  it('says the spec words', () => {
    expect(TRANSLATION_MESSAGES.oldStoryline).toBe(
      'The storyline version used for translations is no longer supported. Please update to the latest Storyline version and re-publish the project.',
    );
    expect(TRANSLATION_MESSAGES.approvals).toBe('Segment approvals not yet implemented.');
    expect(TRANSLATION_MESSAGES.saveChange('locked')).toBe('Error saving translation change: locked');
    expect(TRANSLATION_MESSAGES.fetchStatus(404)).toBe('Could not fetch translations, status 404');
  });
});

describe('§5 locked paths: "A segment whose path is locked cannot be edited"', () => {
  const progress: Record<string, ProgressDetail> = { '["scene-1","slide-1"]': { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } };
  it('a complete nav group is locked, an open one is not', () => {
    expect(isNavGroupLocked('["scene-1","slide-1"]', progress, true)).toBe(true);
    expect(isNavGroupLocked('["scene-1","slide-2"]', progress, true)).toBe(false);
  });
  it('everything is locked when the version shown is not the latest', () => {
    expect(isNavGroupLocked('["scene-1","slide-2"]', progress, false)).toBe(true);
  });
  it('inherited object keys are not progress', () => {
    expect(isNavGroupLocked('toString', progress, true)).toBe(false);
  });
});

describe('§2 locale names from the language map', () => {
  const map: LanguageMap = {
    fr: { displayName: 'French', ISO639_1: 'fr' },
    'zh-cn': { displayName: 'Chinese', script: 'Simplified' },
    'pt-br': { displayName: 'Portuguese (Brazil)', variant: 'Brazil' },
    xx: { displayName: '', authorDisplayName: 'Authored name' },
  };
  it('uses the display name, adding the script or variant when the name does not say it', () => {
    expect(localeDisplayName(map, 'fr')).toBe('French');
    expect(localeDisplayName(map, 'zh-CN')).toBe('Chinese (Simplified)');
    expect(localeDisplayName(map, 'pt-br')).toBe('Portuguese (Brazil)');
  });
  it('falls back to the author display name, then to the code', () => {
    expect(localeDisplayName(map, 'xx')).toBe('Authored name');
    expect(localeDisplayName(map, 'de')).toBe('de');
    expect(localeDisplayName(null, 'ja')).toBe('ja');
  });
});

describe('§7 calls', () => {
  it('encodes path parts', () => {
    expect(TRANSLATION_CALLS.validation('item 1', 'v/2', 'fr')).toEqual({ method: 'GET', path: '/translations/validation/item%201/v%2F2/fr' });
    expect(TRANSLATION_CALLS.languageMap('en')).toBe('language-map/en.json');
  });
});

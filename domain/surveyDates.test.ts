import { describe, expect, it } from 'vitest';
import { hideForAMonth, isSurveyHidden, surveyHiddenUntil } from './surveyDates.ts';

const NOW = Date.parse('2026-11-27T12:00:00.000Z');

describe('survey banner dates (foundation §4, §9: hidden one month; an invalid stored date resets to one month ahead)', () => {
  it.each([
    ['2026-11-27T12:00:00.000Z', '2026-12-27T12:00:00.000Z'],
    ['2026-01-31T08:00:00.000Z', '2026-03-03T08:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', '2027-01-15T00:00:00.000Z'],
  ])('hideForAMonth(%s) is %s', (now, expected) => {
    expect(hideForAMonth(Date.parse(now))).toBe(expected);
  });

  it.each<[string | null, string | null, boolean]>([
    [null, null, false],
    ['2026-12-20T00:00:00.000Z', '2026-12-20T00:00:00.000Z', true],
    ['2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', false],
    ['not a date', '2026-12-27T12:00:00.000Z', true],
    ['', '2026-12-27T12:00:00.000Z', true],
  ])('stored %j: hidden until %j, hidden now %j', (stored, until, hidden) => {
    expect(surveyHiddenUntil(stored, NOW)).toBe(until);
    expect(isSurveyHidden(stored, NOW)).toBe(hidden);
  });
});

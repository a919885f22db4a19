import { describe, expect, it } from 'vitest';
import { oneMonthAhead, surveyHiddenState } from './surveyDates.ts';

const at = (iso: string) => Date.parse(iso);

describe('oneMonthAhead (foundation §9 survey hide period 1 month)', () => {
  it.each([
    ['2026-11-27T15:00:00.000Z', '2026-12-27T15:00:00.000Z'],
    ['2026-12-15T08:30:00.000Z', '2027-01-15T08:30:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T23:59:59.999Z', '2026-04-30T23:59:59.999Z'],
    ['2026-08-31T00:00:00.000Z', '2026-09-30T00:00:00.000Z'],
  ])('%s → %s', (now, expected) => {
    expect(oneMonthAhead(at(now))).toBe(expected);
  });
});

describe('surveyHiddenState (answered or dismissed: hidden one month; an invalid stored date resets to one month ahead)', () => {
  const now = at('2026-11-27T15:00:00.000Z');
  it.each([
    ['nothing stored', null, { hidden: false, rewrite: null }],
    ['a date ahead', '2026-12-27T15:00:00.000Z', { hidden: true, rewrite: null }],
    ['a minute ahead', '2026-11-27T15:01:00.000Z', { hidden: true, rewrite: null }],
    ['exactly now', '2026-11-27T15:00:00.000Z', { hidden: false, rewrite: null }],
    ['a date passed', '2026-10-01T00:00:00.000Z', { hidden: false, rewrite: null }],
    ['an offset date ahead', '2026-12-01T00:00:00+02:00', { hidden: true, rewrite: null }],
    ['not a date', 'soon', { hidden: true, rewrite: '2026-12-27T15:00:00.000Z' }],
    ['empty', '', { hidden: true, rewrite: '2026-12-27T15:00:00.000Z' }],
    ['an impossible day', '2026-02-31T00:00:00.000Z', { hidden: true, rewrite: '2026-12-27T15:00:00.000Z' }],
    ['a bare number', '1798000000000', { hidden: true, rewrite: '2026-12-27T15:00:00.000Z' }],
    ['a date without time', '2026-12-27', { hidden: true, rewrite: '2026-12-27T15:00:00.000Z' }],
  ] as const)('%s', (_, stored, expected) => {
    expect(surveyHiddenState(stored, now)).toEqual(expected);
  });
});

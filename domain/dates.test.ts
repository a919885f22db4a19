import { describe, expect, it } from 'vitest';
import { InvalidDateError, remainingDays, signUpStartDate, subscriptionAlert, trialEndedRecently } from './dates.ts';

const at = (iso: string) => Date.parse(iso);

describe('remaining days (foundation §5: "Remaining-days computations use midnight UTC plus one day")', () => {
  it.each([
    ['end date 2024-06-10, noon on the end date', '2024-06-10T00:00:00Z', '2024-06-10T12:00:00Z', 0],
    ['the end date\'s time of day does not matter', '2024-06-10T23:59:59Z', '2024-06-10T12:00:00Z', 0],
    ['last millisecond of the end date (UTC)', '2024-06-10T00:00:00Z', '2024-06-10T23:59:59.999Z', 0],
    ['midnight after the end date: the day is over, not yet a whole day', '2024-06-10T00:00:00Z', '2024-06-11T00:00:00Z', 0],
    ['one millisecond after: below 0', '2024-06-10T00:00:00Z', '2024-06-11T00:00:00.001Z', -1],
    ['the day before the end date', '2024-06-10T00:00:00Z', '2024-06-09T08:00:00Z', 1],
    ['30 days before', '2024-07-10T00:00:00Z', '2024-06-10T12:00:00Z', 30],
    ['31 days before', '2024-07-11T00:00:00Z', '2024-06-10T12:00:00Z', 31],
    ['ten days after', '2024-05-31T00:00:00Z', '2024-06-10T12:00:00Z', -10],
    ['an end date with an offset is read in UTC', '2024-06-10T22:00:00-05:00', '2024-06-11T12:00:00Z', 0],
  ])('%s → %i', (_case, end, now, days) => {
    expect(remainingDays(end, at(now))).toBe(days);
  });

  it('an unreadable end date throws InvalidDateError', () => {
    expect(() => remainingDays('soon', 0)).toThrow(InvalidDateError);
  });
});

describe('subscription alerts (foundation §2: "a renewal alert when days remaining is 30 or fewer; an expired alert when days remaining is below 0")', () => {
  it.each([
    [200, null],
    [31, null],
    [30, 'renewal'],
    [1, 'renewal'],
    [0, 'renewal'],
    [-1, 'expired'],
    [-10, 'expired'],
  ])('%i days → %s', (days, alert) => {
    expect(subscriptionAlert(days)).toBe(alert);
  });
});

describe('sign-up start date (foundation §5: "set to local midnight")', () => {
  it.each([
    ['UTC', '2024-06-10T15:30:00Z', 0, '2024-06-10T00:00:00.000Z'],
    ['UTC+2 (offset -120), afternoon', '2024-06-10T15:30:00Z', -120, '2024-06-09T22:00:00.000Z'],
    ['UTC+2, 23:30 UTC is already the next local day', '2024-06-10T23:30:00Z', -120, '2024-06-10T22:00:00.000Z'],
    ['UTC-5 (offset 300), 02:00 UTC is still the previous local day', '2024-06-10T02:00:00Z', 300, '2024-06-09T05:00:00.000Z'],
    ['UTC+5:30 (offset -330)', '2024-06-10T12:00:00Z', -330, '2024-06-09T18:30:00.000Z'],
    ['exactly local midnight stays', '2024-06-09T22:00:00Z', -120, '2024-06-09T22:00:00.000Z'],
  ])('%s: %s → %s', (_case, now, offset, expected) => {
    expect(new Date(signUpStartDate(at(now), offset)).toISOString()).toBe(expected);
  });
});

describe('trial ended recently (foundation §4: "inactive and the term ended within 7 days")', () => {
  const now = at('2024-06-10T12:00:00Z');
  it.each([
    ['inactive, ended 3 days ago', 'inactive', '2024-06-07T12:00:00Z', true],
    ['inactive, ended exactly 7 days ago', 'inactive', '2024-06-03T12:00:00Z', true],
    ['inactive, ended 7 days and a second ago', 'inactive', '2024-06-03T11:59:59Z', false],
    ['inactive, ended just now', 'inactive', '2024-06-10T12:00:00Z', true],
    ['inactive, term ends in the future', 'inactive', '2024-06-11T12:00:00Z', false],
    ['inactive, no term end', 'inactive', null, false],
    ['still in trial, term ended 3 days ago', 'trial', '2024-06-07T12:00:00Z', false],
  ])('%s → %s', (_case, status, termEnd, expected) => {
    expect(trialEndedRecently({ status, term_end: termEnd }, now)).toBe(expected);
  });
});

/**
 * The survey hide rule (foundation §4 survey banner, §9 "survey hide period 1 month"; review-and-content §4): after a
 * survey is answered or dismissed it stays hidden for one month, remembered as the date it shows again. A stored date
 * that cannot be read resets to one month ahead. "Now" always arrives as an argument (epoch milliseconds).
 */

/** §9 the survey hide period, in calendar months. */
export const SURVEY_HIDE_MONTHS = 1;

/**
 * The moment one month after `nowMs` (ISO 8601, UTC): the same day and time of the next month, or that month's
 * last day when it is shorter (31 January → 28 or 29 February).
 */
export function oneMonthAhead(nowMs: number): string {
  const now = new Date(nowMs);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + SURVEY_HIDE_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), lastDay);
  return new Date(Date.UTC(year, month, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds())).toISOString();
}

/** What the stored "hidden until" date says now: whether the survey is hidden, and the date to store again (or null to leave the store as it is). */
export interface SurveyHiddenState {
  hidden: boolean;
  /** The date to write back: set when the stored one could not be read (reset to one month ahead). */
  rewrite: string | null;
}

/** A stored date this rule reads: an ISO 8601 date-time (what {@link oneMonthAhead} writes). */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The stored date in epoch milliseconds, or NaN when it is not one (a day past its month's end, such as 31 February, included). */
function parseStored(stored: string): number {
  const match = ISO_DATE_TIME.exec(stored);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return Number.NaN;
  return Date.parse(stored);
}

/**
 * Whether a survey is hidden, from its stored "hidden until" date (null: never answered or dismissed, so not hidden):
 * hidden while now is before that date; a date that cannot be read resets to one month ahead (hidden, and
 * `rewrite` is the new date to store).
 */
export function surveyHiddenState(stored: string | null, nowMs: number): SurveyHiddenState {
  if (stored === null) return { hidden: false, rewrite: null };
  const until = parseStored(stored);
  if (Number.isNaN(until)) return { hidden: true, rewrite: oneMonthAhead(nowMs) };
  return { hidden: nowMs < until, rewrite: null };
}

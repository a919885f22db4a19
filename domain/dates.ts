/**
 * Date rules of foundation §5 and §9. "Now" and the time-zone offset always arrive as arguments.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A renewal alert shows at this many days remaining or fewer (foundation §2, §9). */
export const RENEWAL_ALERT_DAYS = 30;

/** A localization trial counts as ended recently within this many days of its term end (foundation §4, §9). */
export const RECENT_TRIAL_WINDOW_DAYS = 7;

/** Thrown when a date argument cannot be read. */
export class InvalidDateError extends Error {
  override name = 'InvalidDateError';
}

function parseIso(iso: string, where: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new InvalidDateError(`${where} is not a date: ${JSON.stringify(iso)}`);
  return ms;
}

/** Midnight UTC at the start of the UTC day that contains `ms`. */
export function utcMidnight(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * Whole days left on a subscription (foundation §5: "midnight UTC plus one day").
 *
 * The subscription runs until the end of its end date in UTC: the deadline is midnight UTC of the end
 * date's day plus one day. The result is the number of whole days from now to that deadline, rounded
 * down: 0 on the end date itself, 1 the day before, -1 once the end date is over (UTC).
 * Throws {@link InvalidDateError} for an unreadable date.
 */
export function remainingDays(endDateIso: string, nowMs: number): number {
  const deadline = utcMidnight(parseIso(endDateIso, 'end date')) + DAY_MS;
  return Math.floor((deadline - nowMs) / DAY_MS);
}

/** Which subscription alert shows (foundation §2): expired below 0 days, renewal at 30 days or fewer, else none. */
export type SubscriptionAlert = 'expired' | 'renewal' | null;

/** The header's subscription alert for a number of remaining days; expired wins over renewal. */
export function subscriptionAlert(daysRemaining: number): SubscriptionAlert {
  if (daysRemaining < 0) return 'expired';
  if (daysRemaining <= RENEWAL_ALERT_DAYS) return 'renewal';
  return null;
}

/**
 * Sign-up start date (foundation §5): local midnight of the day that contains `nowMs`, as epoch ms.
 * `timeZoneOffsetMinutes` follows `Date.prototype.getTimezoneOffset()`: UTC minus local time, so
 * UTC+2 is -120 and UTC-5 is 300. The offset in force at `nowMs` is used for midnight too (a DST change
 * in between is ignored).
 */
export function signUpStartDate(nowMs: number, timeZoneOffsetMinutes: number): number {
  const offsetMs = timeZoneOffsetMinutes * 60_000;
  const localMs = nowMs - offsetMs;
  return utcMidnight(localMs) + offsetMs;
}

/**
 * "Trial ended recently" (foundation §4): localization is inactive and its term ended no more than
 * 7 days before now (a term ending in the future has not ended; no term end means no).
 */
export function trialEndedRecently(localization: { status: string; term_end: string | null }, nowMs: number): boolean {
  if (localization.status !== 'inactive' || localization.term_end === null) return false;
  const endedMs = Date.parse(localization.term_end);
  if (Number.isNaN(endedMs)) return false;
  const sinceEnd = nowMs - endedMs;
  return sinceEnd >= 0 && sinceEnd <= RECENT_TRIAL_WINDOW_DAYS * DAY_MS;
}

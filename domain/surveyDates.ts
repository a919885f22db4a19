/**
 * When a survey banner shows again (foundation §4 survey banner, §9 survey hide period 1 month): after answering or
 * dismissing it the banner is hidden for one calendar month; a stored date that cannot be read resets to one month
 * ahead. Stored values are ISO 8601 timestamps.
 */

/** The survey hide period, in calendar months (foundation §9). */
export const SURVEY_HIDE_MONTHS = 1;

/** The instant one calendar month after `now` (UTC; the 31st of a month with 30 days becomes the 1st after). */
export function hideForAMonth(now: number): string {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() + SURVEY_HIDE_MONTHS);
  return at.toISOString();
}

/**
 * Until when the banner stays hidden: null when nothing is stored (show it); the stored instant when it reads as a
 * date; one month from `now` when it does not (an invalid stored date resets to one month ahead).
 */
export function surveyHiddenUntil(stored: string | null, now: number): string | null {
  if (stored === null) return null;
  const at = Date.parse(stored);
  return Number.isFinite(at) ? new Date(at).toISOString() : hideForAMonth(now);
}

/** True while the banner is hidden at `now`. */
export function isSurveyHidden(stored: string | null, now: number): boolean {
  const until = surveyHiddenUntil(stored, now);
  return until !== null && Date.parse(until) > now;
}

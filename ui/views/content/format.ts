/**
 * Dates on the cards: "5 minutes ago" up to a week, then 'MMM D, YYYY' (the spec's date style, §9). "Now" is
 * an argument so the caller decides the clock (the lead passes the clock's time; tests a fixed one).
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** A relative time within a week of `nowMs`, else the date; the raw text for an unreadable date. */
export function formatUpdatedAt(iso: string, nowMs: number, locale = 'en-US', timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const diff = ms - nowMs;
  const abs = Math.abs(diff);
  if (abs < WEEK_MS) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    if (abs < MINUTE_MS) return rtf.format(0, 'second');
    if (abs < HOUR_MS) return rtf.format(Math.round(diff / MINUTE_MS), 'minute');
    if (abs < DAY_MS) return rtf.format(Math.round(diff / HOUR_MS), 'hour');
    return rtf.format(Math.round(diff / DAY_MS), 'day');
  }
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(ms);
}

/** §9 "Animations 400 ms (300 ms when over 500 items)". */
export const CONTENT_ANIMATION_MS = 400;
export const CONTENT_ANIMATION_FAST_MS = 300;
export const CONTENT_ANIMATION_FAST_OVER = 500;

/** The animation length for a list of `count` entries. */
export function contentAnimationMs(count: number): number {
  return count > CONTENT_ANIMATION_FAST_OVER ? CONTENT_ANIMATION_FAST_MS : CONTENT_ANIMATION_MS;
}

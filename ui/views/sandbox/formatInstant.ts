/** An instant as date and time in the browser's time zone (staff check delivery and failure times against the rules); the ISO text when unreadable. */
export function formatInstant(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
  } catch {
    return iso;
  }
}

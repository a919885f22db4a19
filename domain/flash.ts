/**
 * The flash message bar's carrier (review-and-content §2 "Flash message bar"): a one-time message for the page a
 * redirect lands on. The redirect adds `?flash=<id>` (the service's own redirects and the client's guards alike); the
 * client reads it once, removes it from the address, and shows the words the catalogue has for that id. Only ids of
 * this fixed set are shown; anything else in the parameter is ignored, and nothing of it is ever used as text or HTML.
 */

/** The query parameter that carries a flash message id. */
export const FLASH_QUERY_PARAM = 'flash';

/**
 * Every message the bar can show:
 * - `signInExpired`: the provider's sign-in page had expired (a stale interaction); the service sends the browser to
 *   /signin instead of a dead end.
 * - `staffOnly`: a link to a staff-only page (sandbox, charts, support replay) opened by someone who is not staff; the
 *   guard sends them to the dashboard (foundation §2 "another guard sends non-matching users to /").
 * - `pageNotFound`: an address the app does not have (foundation §2 "any other single-segment path redirects to /").
 */
export const FLASH_MESSAGE_IDS = ['signInExpired', 'staffOnly', 'pageNotFound'] as const;

export type FlashMessageId = (typeof FLASH_MESSAGE_IDS)[number];

/** How each message is announced: role=alert for a problem the person should act on, role=status otherwise. */
export const FLASH_TONES: Readonly<Record<FlashMessageId, 'info' | 'warning'>> = {
  signInExpired: 'warning',
  staffOnly: 'warning',
  pageNotFound: 'info',
};

/** True for an id of the fixed set (exact match: no trimming, no case folding, nothing coerced). */
export function isFlashMessageId(value: unknown): value is FlashMessageId {
  return typeof value === 'string' && (FLASH_MESSAGE_IDS as readonly string[]).includes(value);
}

/**
 * Reads the carrier from a query string (with or without its '?'): the id when it is one of ours, and the query
 * string with every `flash` parameter removed (hostile or not), so it is read once whatever it held.
 */
export function takeFlashFromSearch(search: string): { id: FlashMessageId | null; carried: boolean; rest: string } {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const values = params.getAll(FLASH_QUERY_PARAM);
  if (values.length === 0) return { id: null, carried: false, rest: params.toString() };
  params.delete(FLASH_QUERY_PARAM);
  // Several values: only an unambiguous one counts.
  const id = values.length === 1 && isFlashMessageId(values[0]) ? values[0] : null;
  return { id, carried: true, rest: params.toString() };
}

/** A path with the flash carrier added (keeps any query the path already has). */
export function withFlash(path: string, id: FlashMessageId): string {
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${FLASH_QUERY_PARAM}=${encodeURIComponent(id)}${hash}`;
}

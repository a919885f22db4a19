import { COUNTRY_COOKIE_MAX_AGE_SECONDS, COUNTRY_COOKIE_NAME } from '../domain/constants.ts';

/** Read and write access to the page's cookies (document.cookie in the browser, a fake in tests). */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

/** The browser's cookies. */
export function documentCookies(doc: Document = globalThis.document): CookieJar {
  return { read: () => doc.cookie, write: (cookie) => void (doc.cookie = cookie) };
}

/**
 * The value of cookie `name` in a `document.cookie` string, or null. Written here rather than taken
 * from a package: reading one name out of `a=1; b=2` is a split, and the app never parses
 * Set-Cookie headers.
 */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The cookie session check's reading (foundation §4; the session machine runs it every 1 s while signed in): true when
 * the identity provider's session-indicator cookie is gone (signed out elsewhere, or the provider session ended).
 * Without a configured cookie name there is nothing to watch: never missing.
 */
export function isSessionIndicatorMissing(options: { cookieName: string | null; cookies: CookieJar }): boolean {
  return options.cookieName !== null && options.cookieName !== '' && readCookie(options.cookies.read(), options.cookieName) === null;
}

/**
 * Stores the visitor's country (foundation §7 geolocation → country cookie, §9: 6 months, secure) unless
 * a country cookie is already there. Failures are logged only: nothing depends on the country yet.
 */
export async function ensureCountryCookie(options: { cookies: CookieJar; lookup: () => Promise<{ threeCharCountry?: unknown }>; log: (message: string) => void }): Promise<void> {
  if (readCookie(options.cookies.read(), COUNTRY_COOKIE_NAME) !== null) return;
  try {
    const { threeCharCountry } = await options.lookup();
    if (typeof threeCharCountry !== 'string' || !/^[A-Z]{3}$/.test(threeCharCountry)) {
      options.log(`Geolocation answered without a three-letter country: ${JSON.stringify(threeCharCountry)}`);
      return;
    }
    options.cookies.write(`${COUNTRY_COOKIE_NAME}=${threeCharCountry}; Max-Age=${COUNTRY_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; Secure`);
  } catch (error) {
    options.log(`Geolocation lookup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

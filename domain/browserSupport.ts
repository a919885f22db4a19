/**
 * The unsupported-browser check (review-and-content §5): Android 4.1 or later, Safari 9 or later, Chrome, Firefox,
 * Edge and IE 11 are supported; anything else (older Android or Safari, IE 10 and before, unknown engines) gets the
 * banner. Read from the user-agent string only.
 */

export type BrowserName = 'chrome' | 'firefox' | 'edge' | 'ie' | 'safari' | 'android' | 'unknown';

export interface BrowserInfo {
  name: BrowserName;
  /** Major and minor version, [0, 0] when unknown. */
  version: readonly [number, number];
}

const versionOf = (match: RegExpExecArray | null): [number, number] => [Number(match?.[1] ?? 0), Number(match?.[2] ?? 0)];

/** Which browser a user agent names (Edge and Chrome-based browsers before Safari: their agents mention Safari too). */
export function browserOf(userAgent: string): BrowserInfo {
  const ua = userAgent;
  let m: RegExpExecArray | null;
  if ((m = /\bEdg(?:e|A|iOS)?\/(\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'edge', version: versionOf(m) };
  if ((m = /\bMSIE (\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'ie', version: versionOf(m) };
  if (/\bTrident\/7\./.test(ua)) return { name: 'ie', version: [11, 0] };
  if ((m = /\b(?:Firefox|FxiOS)\/(\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'firefox', version: versionOf(m) };
  if ((m = /\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\/(\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'chrome', version: versionOf(m) };
  if ((m = /\bAndroid (\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'android', version: versionOf(m) };
  if (/\bSafari\//.test(ua) && (m = /\bVersion\/(\d+)(?:\.(\d+))?/.exec(ua))) return { name: 'safari', version: versionOf(m) };
  return { name: 'unknown', version: [0, 0] };
}

const atLeast = ([major, minor]: readonly [number, number], wantMajor: number, wantMinor = 0) =>
  major > wantMajor || (major === wantMajor && minor >= wantMinor);

/** True when the browser is one review-and-content §5 supports. */
export function isSupportedBrowser(userAgent: string): boolean {
  const { name, version } = browserOf(userAgent);
  switch (name) {
    case 'chrome':
    case 'firefox':
    case 'edge':
      return true;
    case 'ie':
      return atLeast(version, 11);
    case 'safari':
      return atLeast(version, 9);
    case 'android':
      return atLeast(version, 4, 1);
    case 'unknown':
      return false;
  }
}

/** Where the banner's dismissal is remembered (this browser only). */
export const BROWSER_BANNER_DISMISSED_KEY = 'review.unsupportedBrowser.dismissed';

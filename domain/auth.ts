import { ANON_EMAIL_MAX_LENGTH, TOKEN_REFRESH_LEAD_MS } from './constants.ts';

/** Why a session ended (foundation §4); each is explained on the sign-in page. */
export type SignOutReason =
  | 'userSignOut'
  | 'sessionClosed'
  | 'sessionInactive'
  | 'loginFailure'
  | 'accessTokenError'
  | 'noSessionIndicator';

export const SIGN_OUT_REASONS: readonly SignOutReason[] = [
  'userSignOut',
  'sessionClosed',
  'sessionInactive',
  'loginFailure',
  'accessTokenError',
  'noSessionIndicator',
];

/** Narrows an untrusted value (URL query, storage) to a sign-out reason. */
export function isSignOutReason(value: unknown): value is SignOutReason {
  return typeof value === 'string' && (SIGN_OUT_REASONS as readonly string[]).includes(value);
}

/** Tokens as the auth machine keeps them. `expiresInSeconds` is measured by the adapter when it hands them over. */
export interface TokenData {
  accessToken: string;
  idToken: string | null;
  hasRefreshToken: boolean;
  expiresInSeconds: number;
}

/** The signed-in person, from the ID token's claims. */
export interface UserInfo {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** What the identity adapter hands over after sign-in, a refresh or a reload. */
export interface SignedInSession {
  tokens: TokenData;
  user: UserInfo;
}

/** An anonymous reviewer (foundation §3). */
export interface AnonymousUser {
  id: string;
  email: string;
  displayName: string;
}

/**
 * Milliseconds to wait before refreshing tokens: 60 s before they expire (foundation §4). A token whose
 * whole remaining life is under two minutes is refreshed at half of it instead, so a provider issuing
 * short-lived tokens is not asked again the moment a fresh token arrives (with 60 s of lead a 30 s token
 * would be refreshed back-to-back forever). Tokens found at start with under 60 s left are still
 * refreshed at once (`needsRefreshNow`).
 */
export function tokenRefreshDelayMs(expiresInSeconds: number): number {
  const remainingMs = Math.max(0, expiresInSeconds * 1000);
  return Math.max(remainingMs - TOKEN_REFRESH_LEAD_MS, Math.floor(remainingMs / 2));
}

/** A token with under 60 s left is refreshed at start (foundation §4). */
export function needsRefreshNow(expiresInSeconds: number): boolean {
  return expiresInSeconds * 1000 < TOKEN_REFRESH_LEAD_MS;
}

/**
 * The path to return to after sign-in. Anything that is not a same-site absolute path
 * (missing, not a string, protocol-relative, a full URL, a back-slash trick) yields '/'.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return '/';
  if (value.startsWith('/auth-callback') || value.startsWith('/signin')) return '/';
  return value;
}

/** The first name to greet, falling back to the e-mail's local part. */
export function greetingName(user: Pick<UserInfo, 'firstName' | 'email'>): string {
  const first = user.firstName.trim();
  if (first) return first;
  const local = user.email.split('@')[0] ?? '';
  return local || 'there';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The standard e-mail pattern (one @, a dot in the domain, no spaces) of every e-mail field. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The anonymous-reviewer e-mail rule: present, at most 100 characters, an e-mail. Returns an error message or null. */
export function anonymousEmailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your e-mail address.';
  if (trimmed.length > ANON_EMAIL_MAX_LENGTH) return `Use at most ${ANON_EMAIL_MAX_LENGTH} characters.`;
  if (!EMAIL_PATTERN.test(trimmed)) return 'Enter a valid e-mail address.';
  return null;
}

/** Builds the anonymous reviewer for an e-mail: lower-cased, id `anon|<email>`, shown by e-mail. */
export function anonymousUserFor(email: string): AnonymousUser {
  const lower = email.trim().toLowerCase();
  return { id: `anon|${lower}`, email: lower, displayName: lower };
}

/** The extra query values of the sign-in return address (foundation §2 /auth-callback). */
export interface CallbackHints {
  productTour: string | null;
  typeHint: string | null;
}

/** Reads product_tour and type_hint from the /auth-callback address; a malformed address yields none. */
export function callbackHints(url: string): CallbackHints {
  try {
    const query = new URL(url, 'http://callback.invalid').searchParams;
    const short = (value: string | null) => (value && value.length <= 200 ? value : null);
    return { productTour: short(query.get('product_tour')), typeHint: short(query.get('type_hint')) };
  } catch {
    return { productTour: null, typeHint: null };
  }
}

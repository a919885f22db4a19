import type { SignedInSession, UserInfo } from '../domain/auth.ts';

/** Where the sign-out reason waits for the next page load. */
export const LAST_SIGN_OUT_KEY = 'anon:auth.lastSignOutReason';
/** The guest reviewer's e-mail, kept across page loads until they sign in or out. */
export const GUEST_EMAIL_KEY = 'anon:auth.guestEmail';

export interface OidcSettings {
  authority: string;
  clientId: string;
  scope: string;
  /** The app's origin, e.g. http://localhost:3000. */
  origin: string;
}

/** The provider refused the refresh token (expired or revoked): the session is over. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
}

/** Thrown when sign-in cannot complete; the message is what the person reads. */
export class SignInError extends Error {
  override name = 'SignInError';
}

/**
 * The signed-in user as oidc-client-ts stores it (`User.toStorageString()` under `oidc.user:<authority>:<client id>`
 * in localStorage): the fields the app reads. `expires_at` is in seconds since the epoch.
 */
export interface StoredUser {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_at?: number;
  profile: { sub: string; email?: unknown; given_name?: unknown; family_name?: unknown };
  /** Only on a user oidc-client-ts hands over (seconds left now). */
  expires_in?: number;
}

/** The key oidc-client-ts's WebStorageStateStore keeps the user under (its default prefix `oidc.`). */
export function storedUserKey(settings: Pick<OidcSettings, 'authority' | 'clientId'>): string {
  return `oidc.user:${settings.authority}:${settings.clientId}`;
}

/** The stored user read without the protocol library; null when there is none or it is not one. */
export function parseStoredUser(text: string | null): StoredUser | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const user = value as Partial<StoredUser>;
  if (typeof user.access_token !== 'string' || !user.profile || typeof user.profile !== 'object' || typeof user.profile.sub !== 'string') return null;
  return user as StoredUser;
}

export function userInfoOf(user: Pick<StoredUser, 'profile'>): UserInfo {
  const p = user.profile;
  return {
    sub: p.sub,
    email: typeof p.email === 'string' ? p.email : '',
    firstName: typeof p.given_name === 'string' ? p.given_name : '',
    lastName: typeof p.family_name === 'string' ? p.family_name : '',
  };
}

/**
 * The session as the auth machine keeps it; `expiresInSeconds` is measured now (from `expires_in`, or `expires_at`
 * against `nowMs`), so the machine stays clock-free.
 */
export function sessionOf(user: StoredUser, nowMs: number = Date.now()): SignedInSession {
  const expiresIn = user.expires_in ?? (user.expires_at === undefined ? 0 : user.expires_at - Math.floor(nowMs / 1000));
  return {
    tokens: {
      accessToken: user.access_token,
      idToken: user.id_token ?? null,
      hasRefreshToken: !!user.refresh_token,
      expiresInSeconds: Math.floor(expiresIn),
    },
    user: userInfoOf(user),
  };
}

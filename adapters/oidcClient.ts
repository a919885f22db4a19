import { ErrorResponse, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { isSignOutReason, safeReturnPath, type SignedInSession, type SignOutReason, type UserInfo } from '../domain/auth.ts';
import { PROFILE_LOOKUP_TIMEOUT_MS } from '../domain/constants.ts';
import type { KeyValueStorage } from './storage.ts';

const LAST_SIGN_OUT_KEY = 'anon:auth.lastSignOutReason';
/** The guest reviewer's e-mail, kept across page loads until they sign in or out. */
const GUEST_EMAIL_KEY = 'anon:auth.guestEmail';

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

function userInfoOf(user: User): UserInfo {
  const p = user.profile;
  return {
    sub: p.sub,
    email: typeof p.email === 'string' ? p.email : '',
    firstName: typeof p.given_name === 'string' ? p.given_name : '',
    lastName: typeof p.family_name === 'string' ? p.family_name : '',
  };
}

/** The session as the auth machine keeps it; `expiresInSeconds` is measured now, so the machine stays clock-free. */
export function sessionOf(user: User): SignedInSession {
  return {
    tokens: {
      accessToken: user.access_token,
      idToken: user.id_token ?? null,
      hasRefreshToken: !!user.refresh_token,
      expiresInSeconds: Math.floor(user.expires_in ?? 0),
    },
    user: userInfoOf(user),
  };
}

/** Turns what the provider sent back into a sentence for the person. */
function explainCallbackError(error: unknown): string {
  if (error instanceof ErrorResponse) {
    if (error.error === 'access_denied') return 'Sign-in was cancelled or refused.';
    return error.error_description ? `The sign-in service said: ${error.error_description}` : `The sign-in service refused the request (${error.error}).`;
  }
  const message = error instanceof Error ? error.message : '';
  if (/no matching state/i.test(message)) return 'This sign-in response has expired or was already used. Please sign in again.';
  if (/state/i.test(message)) return 'The sign-in response could not be matched to a sign-in you started. Please sign in again.';
  if (/fetch|network/i.test(message)) return 'The sign-in service could not be reached. Please try again.';
  return 'Sign-in could not be completed. Please try again.';
}

/**
 * The identity adapter: oidc-client-ts behind the auth machine's actor slots. Authorization code with
 * PKCE, refresh tokens (no hidden frame), the user kept in localStorage so a reload stays signed in.
 */
export function createOidcAdapter(settings: OidcSettings, storage: KeyValueStorage, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
  const manager = new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: `${settings.origin}/auth-callback`,
    post_logout_redirect_uri: `${settings.origin}/signin`,
    response_type: 'code',
    scope: settings.scope,
    loadUserInfo: true,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: globalThis.localStorage }),
    stateStore: new WebStorageStateStore({ store: globalThis.localStorage }),
  });

  return {
    manager,

    async loadStoredSession(): Promise<{ session: SignedInSession | null; lastSignOutReason: SignOutReason | null; guestEmail: string | null }> {
      const last = storage.get(LAST_SIGN_OUT_KEY);
      storage.remove(LAST_SIGN_OUT_KEY);
      const user = await manager.getUser();
      return { session: user ? sessionOf(user) : null, lastSignOutReason: isSignOutReason(last) ? last : null, guestEmail: user ? null : storage.get(GUEST_EMAIL_KEY) };
    },

    /** Keeps (or, with null, forgets) the guest reviewer's e-mail for the next page load. */
    rememberGuest(email: string | null): void {
      if (email) storage.set(GUEST_EMAIL_KEY, email);
      else storage.remove(GUEST_EMAIL_KEY);
    },

    async startSignIn({ returnTo }: { returnTo: string }): Promise<void> {
      try {
        await manager.signinRedirect({ state: { returnTo: safeReturnPath(returnTo) } });
      } catch (error) {
        throw new SignInError(
          error instanceof Error && /fetch|network/i.test(error.message)
            ? 'The sign-in service could not be reached. Please try again.'
            : 'Sign-in could not start. Please try again.',
        );
      }
    },

    async completeSignIn({ url }: { url: string }): Promise<SignedInSession & { returnTo: string }> {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new SignInError('The sign-in response address is not valid.');
      }
      const q = parsed.searchParams;
      if (!q.get('error') && (!q.get('code') || !q.get('state'))) {
        throw new SignInError('The sign-in response is incomplete (it has no code or state). Please sign in again.');
      }
      try {
        const user = await manager.signinCallback(url);
        if (!user) throw new SignInError('Sign-in could not be completed. Please try again.');
        const state = user.state as { returnTo?: unknown } | undefined;
        return { ...sessionOf(user), returnTo: safeReturnPath(state?.returnTo) };
      } catch (error) {
        if (error instanceof SignInError) throw error;
        throw new SignInError(explainCallbackError(error));
      }
    },

    async refreshTokens(): Promise<SignedInSession> {
      const stored = await manager.getUser();
      if (!stored?.refresh_token) throw new SessionExpiredError('Your session has ended. Please sign in again.');
      try {
        const user = await manager.signinSilent();
        if (!user) throw new SessionExpiredError('Your session could not be renewed.');
        return sessionOf(user);
      } catch (error) {
        // invalid_grant: the refresh token expired or was revoked. Anything else (network) is worth a retry.
        if (error instanceof ErrorResponse && error.error === 'invalid_grant') throw new SessionExpiredError('Your session has ended. Please sign in again.');
        throw error;
      }
    },

    async loadUserInfo(): Promise<UserInfo> {
      const user = await manager.getUser();
      if (!user) throw new SignInError('You are not signed in.');
      const metadata = await manager.metadataService.getMetadata();
      if (!metadata.userinfo_endpoint) return userInfoOf(user);
      const response = await fetchImpl(metadata.userinfo_endpoint, { headers: { Authorization: `Bearer ${user.access_token}` } });
      if (!response.ok) throw new SignInError('Your profile could not be loaded.');
      const claims = (await response.json()) as Record<string, unknown>;
      return {
        sub: String(claims.sub ?? user.profile.sub),
        email: typeof claims.email === 'string' ? claims.email : '',
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
      };
    },

    async endSession({ reason, full }: { reason: SignOutReason; full: boolean }): Promise<void> {
      storage.set(LAST_SIGN_OUT_KEY, reason);
      if (full) {
        const user = await manager.getUser();
        await manager.removeUser();
        // Ends the provider's session too, so the next sign-in asks for the password again.
        await manager.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: `${settings.origin}/signin` });
        return new Promise<void>(() => {}); // the page is navigating away
      }
      await manager.removeUser();
    },
  };
}

/** Profile lookup for anonymous reviewers: 404 means no account; a time-out or failure is thrown (and counts as "exists"). */
export async function lookupProfile(profilesBase: string, email: string, fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<{ exists: boolean }> {
  const response = await fetchImpl(`${profilesBase}/v1/profiles/${encodeURIComponent(email.trim().toLowerCase())}`, {
    signal: AbortSignal.timeout(PROFILE_LOOKUP_TIMEOUT_MS),
  });
  if (response.status === 404) return { exists: false };
  if (response.ok) return { exists: true };
  throw new Error(`Profile lookup failed with status ${response.status}`);
}

import { isSignOutReason, type SignedInSession, type SignOutReason, type UserInfo } from '../domain/auth.ts';
import { PROFILE_LOOKUP_TIMEOUT_MS } from '../domain/constants.ts';
import type { createOidcClient } from './oidcClient.ts';
import type { KeyValueStorage } from './storage.ts';
import { GUEST_EMAIL_KEY, LAST_SIGN_OUT_KEY, parseStoredUser, sessionOf, SignInError, storedUserKey, type OidcSettings } from './oidcSession.ts';

export { SessionExpiredError, SignInError, sessionOf, type OidcSettings } from './oidcSession.ts';

/**
 * The identity adapter behind the auth machine's actor slots. A page load reads the stored session itself (the user
 * oidc-client-ts keeps in localStorage), so a returning user whose tokens are still good never loads the protocol
 * library; sign-in, the callback, a token refresh, the profile read and sign-out load it (`oidcClient.ts`, its own
 * chunk) the first time one is needed.
 */
export function createOidcAdapter(
  settings: OidcSettings,
  storage: KeyValueStorage,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
  userStore: Pick<Storage, 'getItem'> = globalThis.localStorage,
) {
  let client: Promise<ReturnType<typeof createOidcClient>> | null = null;
  // A chunk that could not be fetched (offline) is asked for again next time, and said in words meanwhile.
  const protocol = () =>
    (client ??= import('./oidcClient.ts').then(
      ({ createOidcClient }) => createOidcClient(settings, storage, fetchImpl),
      () => {
        client = null;
        throw new SignInError('The sign-in code could not be loaded. Check your connection and try again.');
      },
    ));

  return {
    async loadStoredSession(): Promise<{ session: SignedInSession | null; lastSignOutReason: SignOutReason | null; guestEmail: string | null }> {
      const last = storage.get(LAST_SIGN_OUT_KEY);
      storage.remove(LAST_SIGN_OUT_KEY);
      const user = parseStoredUser(userStore.getItem(storedUserKey(settings)));
      return { session: user ? sessionOf(user) : null, lastSignOutReason: isSignOutReason(last) ? last : null, guestEmail: user ? null : storage.get(GUEST_EMAIL_KEY) };
    },

    /** Keeps (or, with null, forgets) the guest reviewer's e-mail for the next page load. */
    rememberGuest(email: string | null): void {
      if (email) storage.set(GUEST_EMAIL_KEY, email);
      else storage.remove(GUEST_EMAIL_KEY);
    },

    startSignIn: async (input: { returnTo: string }): Promise<void> => (await protocol()).startSignIn(input),
    completeSignIn: async (input: { url: string }): Promise<SignedInSession & { returnTo: string }> => (await protocol()).completeSignIn(input),
    refreshTokens: async (): Promise<SignedInSession> => (await protocol()).refreshTokens(),
    loadUserInfo: async (): Promise<UserInfo> => (await protocol()).loadUserInfo(),
    endSession: async (input: { reason: SignOutReason; full: boolean }): Promise<void> => (await protocol()).endSession(input),
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

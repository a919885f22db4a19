import { ErrorResponse, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { safeReturnPath, type SignedInSession, type SignOutReason, type UserInfo } from '../domain/auth.ts';
import type { KeyValueStorage } from './storage.ts';
import { LAST_SIGN_OUT_KEY, SessionExpiredError, SignInError, sessionOf, userInfoOf, type OidcSettings } from './oidcSession.ts';

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
 * The identity provider's protocol: oidc-client-ts (authorization code with PKCE, refresh tokens without a hidden
 * frame, the user kept in localStorage). Loaded only when a sign-in, a callback, a refresh, a profile read or a
 * sign-out needs it (adapters/oidc.ts): a returning user whose stored tokens are still good never loads it.
 */
export function createOidcClient(settings: OidcSettings, storage: KeyValueStorage, fetchImpl: typeof fetch) {
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

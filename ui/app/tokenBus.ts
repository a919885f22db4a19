import { waitFor, type ActorRefFrom } from 'xstate';
import type { TokenSource } from '../../adapters/http.ts';
import { TOKEN_FETCH_TIMEOUT_MS } from '../../domain/constants.ts';
import type { authMachine } from '../../machines/session/authMachine.ts';

type AuthRef = ActorRefFrom<typeof authMachine>;

/**
 * The token bus (foundation §7): adapters ask the auth actor for a token and wait up to 30 s
 * while it refreshes; when no token arrives in time the session ends with an access-token error.
 */
export function createTokenBus(authOf: () => AuthRef): TokenSource {
  const settled = (snapshot: ReturnType<AuthRef['getSnapshot']>) => !snapshot.matches('refreshingTokens') && !snapshot.matches('idle');

  const waitForToken = async (): Promise<string | null> => {
    const auth = authOf();
    try {
      const snapshot = await waitFor(auth, settled, { timeout: TOKEN_FETCH_TIMEOUT_MS });
      return snapshot.matches('signedIn') || snapshot.matches('refreshing') ? (snapshot.context.tokens?.accessToken ?? null) : null;
    } catch {
      auth.send({ type: 'auth.sessionEnded', reason: 'accessTokenError' });
      return null;
    }
  };

  return {
    accessToken: waitForToken,
    async forceRefresh() {
      const auth = authOf();
      if (!auth.getSnapshot().matches('signedIn')) return waitForToken();
      auth.send({ type: 'auth.refreshTokens' });
      return waitForToken();
    },
  };
}

import { waitFor, type ActorRefFrom } from 'xstate';
import type { TokenSource } from '../../adapters/http.ts';
import type { authMachine } from '../../machines/session/authMachine.ts';
import type { tokenBusMachine } from '../../machines/session/tokenBusMachine.ts';

type AuthRef = ActorRefFrom<typeof authMachine>;
type BusRef = ActorRefFrom<typeof tokenBusMachine>;

/**
 * The token bus (foundation §7): adapters ask for a token; while the auth actor loads or refreshes, the bus actor
 * (machines/session/tokenBusMachine.ts) waits for it — up to 30 s, after which it ends the session — and this only
 * reads the outcome: the auth actor's token once it settled, or none when the wait ran out.
 */
export function createTokenBus(actorsOf: () => { auth: AuthRef; bus: BusRef }): TokenSource {
  const settled = (snapshot: ReturnType<AuthRef['getSnapshot']>) => !snapshot.matches('refreshingTokens') && !snapshot.matches('idle');
  const tokenOf = (snapshot: ReturnType<AuthRef['getSnapshot']>) =>
    snapshot.matches('signedIn') || snapshot.matches('refreshing') ? (snapshot.context.tokens?.accessToken ?? null) : null;

  const waitForToken = async (): Promise<string | null> => {
    const { auth, bus } = actorsOf();
    if (settled(auth.getSnapshot())) return tokenOf(auth.getSnapshot());
    const expiries = bus.getSnapshot().context.expiries;
    bus.send({ type: 'tokenBus.wait' });
    // The bus hears every auth status, so its snapshots change whenever auth does.
    const done = await waitFor(bus, (s) => s.context.expiries !== expiries || (s.matches('idle') && settled(auth.getSnapshot())), { timeout: Infinity });
    if (done.context.expiries !== expiries) return null;
    return tokenOf(auth.getSnapshot());
  };

  return {
    accessToken: waitForToken,
    async forceRefresh() {
      const { auth } = actorsOf();
      if (!auth.getSnapshot().matches('signedIn')) return waitForToken();
      auth.send({ type: 'auth.refreshTokens' });
      return waitForToken();
    },
  };
}

import { assign, setup } from 'xstate';
import { TOKEN_FETCH_TIMEOUT_MS } from '../../domain/constants.ts';
import { sendToSystem } from '../notify.ts';
import type { AuthStatus } from './sessionMachine.ts';

export type TokenBusEvent =
  /** An adapter needs a token while the auth actor is not settled (loading or refreshing). */
  | { type: 'tokenBus.wait' }
  /** What the auth actor does (the app tells it, as it tells the session). */
  | { type: 'auth.status'; status: AuthStatus };

export interface TokenBusContext {
  /** The auth actor's status as last told. */
  authStatus: AuthStatus;
  /** How many waits ran out: a waiter whose wait ended with a new expiry gets no token. */
  expiries: number;
}

/** The auth actor has an answer for a token request: it is neither loading the stored session nor refreshing tokens. */
export function isAuthSettled(status: AuthStatus): boolean {
  return status !== 'idle' && status !== 'refreshingTokens';
}

/**
 * The token bus's wait (foundation §7 "tokens are also obtained through an internal bus with a 30 s time-out before a
 * forced logout"): an adapter that needs a token while auth loads or refreshes sends `tokenBus.wait`; the bus waits
 * until auth settles, or for `tokenWait` (30 s), after which the session ends with an access-token error (§8
 * "token unavailable or timed out: a logout is emitted") and the waiters get no token. The adapter (ui/app/tokenBus.ts)
 * only reads this actor and the auth actor.
 */
export const tokenBusMachine = setup({
  types: {
    context: {} as TokenBusContext,
    events: {} as TokenBusEvent,
  },
  delays: { tokenWait: TOKEN_FETCH_TIMEOUT_MS },
  guards: {
    isSettled: ({ context }) => isAuthSettled(context.authStatus),
  },
}).createMachine({
  id: 'tokenBus',
  context: { authStatus: 'idle', expiries: 0 },
  initial: 'idle',
  on: {
    'auth.status': { actions: assign({ authStatus: ({ event }) => event.status }) },
  },
  states: {
    idle: {
      on: { 'tokenBus.wait': { guard: ({ context }) => !isAuthSettled(context.authStatus), target: 'waiting' } },
    },
    waiting: {
      always: { guard: 'isSettled', target: 'idle' },
      after: {
        tokenWait: {
          target: 'idle',
          actions: [
            assign({ expiries: ({ context }) => context.expiries + 1 }),
            sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' })),
          ],
        },
      },
    },
  },
});

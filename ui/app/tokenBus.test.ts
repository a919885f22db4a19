import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, sendTo, setup, SimulatedClock } from 'xstate';
import { TOKEN_FETCH_TIMEOUT_MS } from '../../domain/constants.ts';
import { tokenBusMachine } from '../../machines/session/tokenBusMachine.ts';
import { createTokenBus } from './tokenBus.ts';

/** A stand-in auth actor (idle → refreshingTokens → signedIn) beside the bus, told auth's status as the app tells it. */
function start() {
  const ended: string[] = [];
  const auth = setup({ types: { context: {} as { tokens: { accessToken: string } | null } } }).createMachine({
    context: { tokens: null },
    initial: 'refreshingTokens',
    states: {
      refreshingTokens: { on: { refreshed: { target: 'signedIn', actions: assign({ tokens: { accessToken: 'fresh' } }) } } },
      signedIn: {},
    },
    on: { 'auth.sessionEnded': { actions: ({ event }) => void ended.push((event as unknown as { reason: string }).reason) } },
  });
  const clock = new SimulatedClock();
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'tokenBus', systemId: 'tokenBus', src: tokenBusMachine },
        {
          id: 'auth',
          systemId: 'auth',
          src: auth,
          onSnapshot: { actions: sendTo('tokenBus', ({ event }) => ({ type: 'auth.status', status: event.snapshot.value as string })) },
        },
      ],
    }),
    { clock },
  ).start();
  root.system.get('tokenBus')!.send({ type: 'auth.status', status: 'refreshingTokens' });
  const refs = { auth: root.system.get('auth') as never, bus: root.system.get('tokenBus') as never };
  return { tokens: createTokenBus(() => refs), clock, ended, authRef: root.system.get('auth')! };
}

describe('token bus adapter: reads what the tokenBus actor decides', () => {
  it('a token asked for while auth refreshes arrives once auth has one', async () => {
    const { tokens, authRef, ended } = start();
    const token = tokens.accessToken();
    authRef.send({ type: 'refreshed' });
    expect(await token).toBe('fresh');
    expect(ended).toEqual([]);
  });

  it('no token within 30 s: none is given and the session ends with an access-token error', async () => {
    const { tokens, clock, ended } = start();
    const token = tokens.accessToken();
    await Promise.resolve();
    clock.increment(TOKEN_FETCH_TIMEOUT_MS);
    expect(await token).toBeNull();
    expect(ended).toEqual(['accessTokenError']);
  });
});

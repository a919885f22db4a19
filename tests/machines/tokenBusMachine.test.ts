import { describe, expect, it } from 'vitest';
import { createActor, createMachine, SimulatedClock } from 'xstate';
import { TOKEN_FETCH_TIMEOUT_MS } from '../../domain/constants.ts';
import { tokenBusMachine } from '../../machines/session/tokenBusMachine.ts';

/** The bus beside a stand-in auth actor that records what it is told. */
function start() {
  const told: string[] = [];
  const clock = new SimulatedClock();
  const auth = createMachine({ on: { '*': { actions: ({ event }) => void told.push(`${event.type}:${(event as { reason?: string }).reason ?? ''}`) } } });
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'auth', systemId: 'auth', src: auth },
        { id: 'tokenBus', systemId: 'tokenBus', src: tokenBusMachine },
      ],
    }),
    { clock },
  ).start();
  const bus = root.system.get('tokenBus')!;
  return { bus, told, clock };
}

describe('token bus: a token waits up to 30 s for auth to settle, then the session ends (foundation §7, §8)', () => {
  it('a wait while auth refreshes ends when auth settles: no sign-out', () => {
    const { bus, told, clock } = start();
    bus.send({ type: 'auth.status', status: 'refreshingTokens' });
    bus.send({ type: 'tokenBus.wait' });
    expect(bus.getSnapshot().value).toBe('waiting');
    clock.increment(TOKEN_FETCH_TIMEOUT_MS - 1);
    bus.send({ type: 'auth.status', status: 'signedIn' });
    expect(bus.getSnapshot().value).toBe('idle');
    clock.increment(TOKEN_FETCH_TIMEOUT_MS);
    expect(told).toEqual([]);
    expect(bus.getSnapshot().context.expiries).toBe(0);
  });

  it('a wait that runs out ends the session with an access-token error and tells the waiters no token comes', () => {
    const { bus, told, clock } = start();
    bus.send({ type: 'tokenBus.wait' });
    clock.increment(TOKEN_FETCH_TIMEOUT_MS - 1);
    expect(told).toEqual([]);
    clock.increment(1);
    expect(told).toEqual(['auth.sessionEnded:accessTokenError']);
    expect(bus.getSnapshot().value).toBe('idle');
    expect(bus.getSnapshot().context.expiries).toBe(1);
  });

  it('does not wait when auth has already settled', () => {
    const { bus } = start();
    bus.send({ type: 'auth.status', status: 'ready' });
    bus.send({ type: 'tokenBus.wait' });
    expect(bus.getSnapshot().value).toBe('idle');
  });
});

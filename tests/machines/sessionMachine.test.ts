import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { accountFor } from '../../ui/views/testSystem.tsx';
import { DEMO } from '../../domain/currentUser.fixtures.ts';
import { PROFILE_VALIDATION_REFRESH_MS } from '../../domain/constants.ts';
import { inert } from '../../machines/inert.ts';
import { sessionMachine } from '../../machines/sessionMachine.ts';

const user = { sub: 'u-tara', email: 'tara.team@example.com', firstName: 'Tara', lastName: 'Team' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });

/** A session inside a small system with a stand-in `auth` actor that records what the session tells it. */
async function start(actors: { fetchAccount: () => Promise<unknown>; validateProfile: () => Promise<unknown> }) {
  const told: string[] = [];
  const clock = new SimulatedClock();
  const authStandIn = createMachine({ on: { '*': { actions: ({ event }) => told.push(`${event.type}:${(event as { reason?: string }).reason ?? ''}`) } } });
  const session = inert(sessionMachine).provide({
    actors: {
      fetchAccount: fromPromise(actors.fetchAccount) as never,
      fetchFlags: fromPromise(async () => ({ subscriptionId: 'team', values: {} })) as never,
      validateProfile: fromPromise(actors.validateProfile) as never,
    },
  });
  const root = createMachine({
    invoke: [
      { id: 'auth', systemId: 'auth', src: authStandIn },
      { id: 'session', systemId: 'session', src: session },
    ],
  });
  const system = createActor(root, { clock }).start();
  const sessionRef = system.system.get('session') as AnyActorRef;
  sessionRef.send({ type: 'auth.status', status: 'signedIn', user, anonymousUser: null });
  await settle();
  await settle();
  return { told, clock, session: sessionRef };
}

describe('session: refused tokens sign out with the access-token-error reason (foundation §7, §8)', () => {
  it('a current-user read refused with 401 signs out with accessTokenError', async () => {
    const { told } = await start({ fetchAccount: () => Promise.reject(unauthorized), validateProfile: async () => ({}) });
    expect(told).toContain('auth.sessionEnded:accessTokenError');
  });

  it('another failure shows the retryable error, without signing out', async () => {
    const failure = Object.assign(new Error('Failed to fetch current user'), { status: 503 });
    const { told, session } = await start({ fetchAccount: () => Promise.reject(failure), validateProfile: async () => ({}) });
    expect(told).toEqual([]);
    expect(session.getSnapshot().context.errorMessage).toBe('Failed to fetch current user');
    expect(session.getSnapshot().matches({ loggedIn: { account: 'failed' } })).toBe(true);
  });

  it('the profile is validated every 900000 ms; a 401 there signs out, other errors wait for the next round', async () => {
    let answer: 'ok' | 'down' | 'refused' = 'ok';
    let calls = 0;
    const { told, clock, session } = await start({
      fetchAccount: async () => accountFor(DEMO.tara),
      validateProfile: async () => {
        calls += 1;
        if (answer === 'refused') throw unauthorized;
        if (answer === 'down') throw Object.assign(new Error('down'), { status: 503 });
        return {};
      },
    });
    expect(session.getSnapshot().matches({ loggedIn: { account: 'ready' } })).toBe(true);
    clock.increment(PROFILE_VALIDATION_REFRESH_MS - 1);
    await settle();
    expect(calls).toBe(0);
    clock.increment(1);
    await settle();
    expect(calls).toBe(1);
    answer = 'down';
    clock.increment(PROFILE_VALIDATION_REFRESH_MS);
    await settle();
    expect(calls).toBe(2);
    expect(told).toEqual([]);
    answer = 'refused';
    clock.increment(PROFILE_VALIDATION_REFRESH_MS);
    await settle();
    expect(calls).toBe(3);
    expect(told).toEqual(['auth.sessionEnded:accessTokenError']);
  });

  it('a missing session indicator signs out with noSessionIndicator', async () => {
    const { told, session } = await start({ fetchAccount: async () => accountFor(DEMO.tara), validateProfile: async () => ({}) });
    session.send({ type: 'session.indicatorMissing' });
    expect(told).toEqual(['auth.sessionEnded:noSessionIndicator']);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type AnyActorRef } from 'xstate';
import { accountFor } from '../../ui/views/testSystem.tsx';
import { DEMO } from '../../domain/currentUser.fixtures.ts';
import { PROFILE_VALIDATION_REFRESH_MS } from '../../domain/constants.ts';
import { inert } from '../../machines/inert.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';

const user = { sub: 'u-tara', email: 'tara.team@example.com', firstName: 'Tara', lastName: 'Team' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });

/** A session inside a small system with a stand-in `auth` actor that records what the session tells it. */
async function start(actors: { fetchAccount: () => Promise<unknown>; validateProfile: () => Promise<unknown> }, checkSessionIndicator: (self: AnyActorRef) => void = () => {}) {
  const told: string[] = [];
  const clock = new SimulatedClock();
  const authStandIn = createMachine({ on: { '*': { actions: ({ event }) => told.push(`${event.type}:${(event as { reason?: string }).reason ?? ''}`) } } });
  const session = inert(sessionMachine).provide({
    actors: {
      fetchAccount: fromPromise(actors.fetchAccount) as never,
      fetchFlags: fromPromise(async () => ({ subscriptionId: 'team', values: {} })) as never,
      validateProfile: fromPromise(actors.validateProfile) as never,
    },
    actions: { checkSessionIndicator: ({ self }) => checkSessionIndicator(self) },
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

  it('the cookie session check reads the indicator at once and every 1 s while signed in, and stops once it is gone', async () => {
    let present = true;
    let reads = 0;
    const { told, clock, session } = await start({ fetchAccount: async () => accountFor(DEMO.tara), validateProfile: async () => ({}) }, (self) => {
      reads += 1;
      if (!present) self.send({ type: 'session.indicatorMissing' });
    });
    expect(reads).toBe(1);
    clock.increment(999);
    expect(reads).toBe(1);
    clock.increment(1);
    expect(reads).toBe(2);
    for (let second = 0; second < 3; second += 1) clock.increment(1_000);
    expect(reads).toBe(5);
    expect(told).toEqual([]);
    present = false;
    clock.increment(1_000);
    await settle();
    expect(told).toEqual(['auth.sessionEnded:noSessionIndicator']);
    expect(session.getSnapshot().matches({ loggedIn: { sessionCheck: 'ended' } })).toBe(true);
    for (let second = 0; second < 10; second += 1) clock.increment(1_000);
    expect(reads).toBe(6);
    expect(told).toEqual(['auth.sessionEnded:noSessionIndicator']);
  });

  it('a missing session indicator signs out with noSessionIndicator', async () => {
    const { told, session } = await start({ fetchAccount: async () => accountFor(DEMO.tara), validateProfile: async () => ({}) });
    session.send({ type: 'session.indicatorMissing' });
    expect(told).toEqual(['auth.sessionEnded:noSessionIndicator']);
  });
});

describe('session: the content actors (review-and-content §4, §7)', () => {
  async function withContent() {
    const heard: Record<string, { type: string }[]> = {};
    const stand = (id: string) => createMachine({ on: { '*': { actions: ({ event }) => void (heard[id] ??= []).push(event) } } });
    const session = inert(sessionMachine).provide({
      actors: {
        fetchAccount: fromPromise(async () => accountFor(DEMO.tara)) as never,
        fetchFlags: fromPromise(async () => ({ subscriptionId: 'team', values: {} })) as never,
      },
    });
    const ids = ['auth', 'folders', 'folderSettings', 'grid', 'dialogs', 'drag'];
    const root = createMachine({ invoke: [...ids.map((id) => ({ id, systemId: id, src: stand(id) })), { id: 'session', systemId: 'session', src: session }] });
    const system = createActor(root).start();
    const sessionRef = system.system.get('session') as AnyActorRef;
    sessionRef.send({ type: 'auth.status', status: 'signedIn', user, anonymousUser: null });
    await settle();
    return { heard, session: sessionRef };
  }
  const types = (events: { type: string }[] | undefined) => (events ?? []).map((e) => e.type);

  it('tells the grid who is signed in', async () => {
    const { heard } = await withContent();
    expect(heard.grid).toEqual([{ type: 'grid.signedIn', userId: 'u-tara' }]);
  });

  it('forwards each content push on the user socket, checked, to folders and grid; other messages stay', async () => {
    const { heard, session } = await withContent();
    session.send({ type: 'realtime.message', namespace: '/user/u-tara', event: 'folder.hardDeleted', data: { messageId: 'm1', ids: [4] } });
    session.send({ type: 'realtime.message', namespace: '/user/u-tara', event: 'folder.hardDeleted', data: { messageId: 'm2', ids: 'four' } });
    session.send({ type: 'realtime.message', namespace: '/user/u-tara', event: 'comment.created', data: { messageId: 'm3' } });
    const push = { type: 'content.push', push: { name: 'folder.hardDeleted', data: { messageId: 'm1', ids: [4] } } };
    expect(heard.folders).toEqual([push]);
    expect(heard.grid?.slice(1)).toEqual([push]);
  });

  it('a reconnect makes folders and grid read again', async () => {
    const { heard, session } = await withContent();
    session.send({ type: 'realtime.reconnected', namespace: '/user/u-tara' });
    expect(types(heard.folders)).toEqual(['folders.refetch']);
    expect(types(heard.grid)).toEqual(['grid.signedIn', 'grid.refetch']);
  });

  it('signing out resets every content actor', async () => {
    const { heard, session } = await withContent();
    session.send({ type: 'auth.status', status: 'ready', user: null, anonymousUser: null });
    expect(types(heard.folders)).toEqual(['folders.reset']);
    expect(types(heard.folderSettings)).toEqual(['folderSettings.reset']);
    expect(types(heard.grid)).toEqual(['grid.signedIn', 'grid.reset']);
    expect(types(heard.dialogs)).toEqual(['dialogs.reset']);
    expect(types(heard.drag)).toEqual(['drag.reset']);
  });
});

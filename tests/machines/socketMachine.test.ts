import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { reconnectDelayMs, reconnectRandom01, type ConnectionReport } from '../../domain/realtime.ts';
import { nextReconnectDelayMs, socketMachine } from '../../machines/session/socketMachine.ts';

const SPEC = { delayMs: 5_000, delayMaxMs: 60_000, attempts: 6 };

/** The socket machine under a parent that records what it is told, with a connection the test speaks for. */
function start(options: { seed?: number } = {}) {
  let report: (event: ConnectionReport) => void = () => {};
  const told: EventObject[] = [];
  const commands: EventObject[] = [];
  const logged: string[] = [];
  const socket = socketMachine.provide({
    actors: {
      connection: fromCallback(({ sendBack, receive }) => {
        report = sendBack as (event: ConnectionReport) => void;
        receive((command) => void commands.push(command));
        sendBack({ type: 'socket.opened', policy: SPEC, seed: options.seed ?? 7 });
      }),
      refreshToken: fromPromise<string | null, void>(async () => 'fresh'),
    },
    actions: { logSocketError: (_, params) => void logged.push(params.message) },
  });
  const parent = createMachine({
    invoke: { id: 'userSocket', src: socket, input: { namespace: '/user/u1', credentials: { kind: 'token' } } },
    on: { '*': { actions: ({ event }) => void told.push(event) } },
  });
  const clock = new SimulatedClock();
  const root = createActor(parent, { clock }).start();
  const child = () => root.getSnapshot().children.userSocket!;
  const snapshot = () => child().getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof socketMachine>>['getSnapshot']>;
  return { report: (event: ConnectionReport) => report(event), told, commands, logged, child, snapshot, clock };
}

/** Lets the schedule run from a drop until the banner, every attempt refused; the delay each wait took. */
function runOutTheAttempts(seed: number): number[] {
  const { report, snapshot, clock, commands } = start({ seed });
  report({ type: 'socket.connected' });
  report({ type: 'socket.disconnected', reason: 'transport close' });
  const waited: number[] = [];
  while (snapshot().matches({ reconnecting: 'waiting' })) {
    const delay = nextReconnectDelayMs(snapshot().context);
    clock.increment(delay - 1);
    expect(snapshot().matches({ reconnecting: 'waiting' })).toBe(true);
    clock.increment(1);
    expect(snapshot().matches({ reconnecting: 'attempting' })).toBe(true);
    waited.push(delay);
    report({ type: 'socket.connectError', message: 'websocket error' });
  }
  expect(snapshot().hasTag('banner')).toBe(true);
  expect(commands.filter((c) => c.type === 'connection.reconnect')).toHaveLength(6);
  return waited;
}

describe('socket: the reconnect schedule is the machine’s (foundation §9)', () => {
  it('waits 5 s doubling up to 60 s (randomised by 0.9), tries 6 times, then shows the banner', () => {
    const waited = runOutTheAttempts(7);
    expect(waited).toHaveLength(6);
    waited.forEach((ms, attempt) => {
      const base = Math.min(5_000 * 2 ** attempt, 60_000);
      expect(ms).toBe(reconnectDelayMs(attempt, reconnectRandom01(7, attempt)));
      expect(ms).toBeGreaterThanOrEqual(Math.floor(5_000 * 2 ** attempt * 0.1));
      expect(ms).toBeLessThanOrEqual(60_000);
      if (attempt >= 4) expect(ms).toBeGreaterThanOrEqual(base * 0.1);
    });
    // Without randomisation the same schedule is 5, 10, 20, 40, 60, 60 s.
    expect([0, 1, 2, 3, 4, 5].map((a) => reconnectDelayMs(a, 0))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('draws the same delays again from the same seed (a replay reproduces them), and others from another seed', () => {
    expect(runOutTheAttempts(12345)).toEqual(runOutTheAttempts(12345));
    expect(runOutTheAttempts(12345)).not.toEqual(runOutTheAttempts(54321));
  });

  it('a failed first connection starts the schedule; an attempt that connects ends it and tells the parent', () => {
    const { report, snapshot, clock, told } = start();
    report({ type: 'socket.connectError', message: 'websocket error' });
    expect(snapshot().matches({ reconnecting: 'waiting' })).toBe(true);
    clock.increment(nextReconnectDelayMs(snapshot().context));
    expect(snapshot().context.attempt).toBe(1);
    report({ type: 'socket.connected' });
    expect(snapshot().matches({ connected: { window: 'justReconnected' } })).toBe(true);
    expect(snapshot().context.attempt).toBe(0);
    expect(told.filter((e) => e.type === 'realtime.reconnected')).toEqual([{ type: 'realtime.reconnected', namespace: '/user/u1' }]);
  });

  it('the server’s own disconnect is tried again at once, without waiting', () => {
    const { report, snapshot, commands } = start();
    report({ type: 'socket.connected' });
    report({ type: 'socket.disconnected', reason: 'io server disconnect' });
    expect(snapshot().matches({ reconnecting: 'attempting' })).toBe(true);
    expect(commands).toEqual([{ type: 'connection.reconnect' }]);
  });
});

describe('socket: the login acknowledgement is awaited for 10 s (foundation §7)', () => {
  it('an acknowledged login is quiet; none within the wait counts as a failed login and is reported', () => {
    const first = start();
    first.report({ type: 'socket.connected' });
    first.report({ type: 'socket.loginAcked' });
    first.clock.increment(10_000);
    expect(first.snapshot().matches({ connected: { login: 'acknowledged' } })).toBe(true);
    expect(first.logged).toEqual([]);

    const second = start();
    second.report({ type: 'socket.connected' });
    second.clock.increment(9_999);
    expect(second.snapshot().matches({ connected: { login: 'awaitingAck' } })).toBe(true);
    second.clock.increment(1);
    expect(second.snapshot().matches({ connected: { login: 'failed' } })).toBe(true);
    expect(second.logged).toEqual(['Socket login failed: login timed out']);
  });
});

describe('socket: a reconnect is a reconnect however it comes', () => {
  it('back after the banner (the manual reconnect link) tells the parent, like any reconnect: the folders refetch and held changes go again', () => {
    const { report, told, child, snapshot } = start();
    runOutTheSchedule();
    function runOutTheSchedule() {
      report({ type: 'socket.connected' });
      report({ type: 'socket.disconnected', reason: 'io server disconnect' });
      for (let i = 0; i < 6; i += 1) {
        report({ type: 'socket.connectError', message: 'websocket error' });
        if (snapshot().matches({ reconnecting: 'waiting' })) child().send({ type: 'xstate.after.reconnectDelay.socket.reconnecting.waiting' } as never);
      }
    }
    expect(snapshot().hasTag('banner')).toBe(true);
    // The link: one attempt at once, counted from zero again.
    child().send({ type: 'socket.reconnect' });
    expect(snapshot().matches({ reconnecting: 'attempting' })).toBe(true);
    expect(snapshot().context.attempt).toBe(1);
    expect(told.filter((e) => e.type === 'realtime.reconnected')).toEqual([]);
    report({ type: 'socket.connected' });
    expect(snapshot().matches({ connected: { window: 'justReconnected' } })).toBe(true);
    expect(told.filter((e) => e.type === 'realtime.reconnected')).toEqual([{ type: 'realtime.reconnected', namespace: '/user/u1' }]);
  });
});

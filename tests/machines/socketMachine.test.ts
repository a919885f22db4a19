import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ConnectionReport } from '../../domain/realtime.ts';
import { socketMachine } from '../../machines/session/socketMachine.ts';

/** The socket machine under a parent that records what it is told, with a connection the test speaks for. */
function start() {
  let report: (event: ConnectionReport) => void = () => {};
  const told: EventObject[] = [];
  const socket = socketMachine.provide({
    actors: {
      connection: fromCallback(({ sendBack }) => {
        report = sendBack as (event: ConnectionReport) => void;
      }),
      refreshToken: fromPromise<string | null, void>(async () => 'fresh'),
    },
  });
  const parent = createMachine({
    invoke: { id: 'userSocket', src: socket, input: { namespace: '/user/u1', credentials: { kind: 'token' } } },
    on: { '*': { actions: ({ event }) => void told.push(event) } },
  });
  const root = createActor(parent).start();
  const child = () => root.getSnapshot().children.userSocket!;
  return { report: (event: ConnectionReport) => report(event), told, child };
}

describe('socket: a reconnect is a reconnect however it comes', () => {
  it('back after the banner (the manual reconnect link) tells the parent, like any reconnect: the folders refetch and held changes go again', () => {
    const { report, told, child } = start();
    report({ type: 'socket.connected' });
    report({ type: 'socket.disconnected', reason: 'transport close' });
    report({ type: 'socket.reconnectFailed' });
    expect(child().getSnapshot().hasTag('banner')).toBe(true);
    child().send({ type: 'socket.reconnect' } as never);
    report({ type: 'socket.reconnectFailed' });
    expect(told.filter((e) => e.type === 'realtime.reconnected')).toEqual([]);
    // The connection comes back while the banner is up.
    report({ type: 'socket.connected' });
    expect(child().getSnapshot().value).toEqual({ connected: 'justReconnected' });
    expect(told.filter((e) => e.type === 'realtime.reconnected')).toEqual([{ type: 'realtime.reconnected', namespace: '/user/u1' }]);
  });
});

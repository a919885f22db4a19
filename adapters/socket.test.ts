import { EventEmitter } from 'node:events';
import type { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { createSocketConnection } from './socket.ts';

/** socket.io's manager is shared by every namespace socket to one URL: a fake with one manager for all sockets. */
function fakeIo() {
  const manager = new EventEmitter();
  const made: { url: string; options: Record<string, unknown>; calls: string[]; socket: EventEmitter }[] = [];
  const create = ((url: string, options: Record<string, unknown>) => {
    const calls: string[] = [];
    const socket = Object.assign(new EventEmitter(), {
      url,
      io: manager,
      onAny: () => {},
      disconnect: () => void calls.push('disconnect'),
      connect: () => void calls.push('connect'),
      emit: () => true,
    });
    made.push({ url, options, calls, socket });
    return socket;
  }) as unknown as typeof io;
  return { manager, create, made };
}

/** The connection under a parent that records what it reports. */
function run(connection: ReturnType<typeof createSocketConnection>, namespace: string) {
  const heard: EventObject[] = [];
  const parent = createMachine({
    invoke: { id: 'connection', src: connection, input: { namespace, credentials: { kind: 'token' } } },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  const actor = createActor(parent).start();
  return { actor, heard, connection: () => actor.getSnapshot().children.connection! };
}

describe('realtime connection', () => {
  it('leaves reconnecting to the socket machine: socket.io’s own reconnection is off, and the policy and a seed are reported first', () => {
    const { create, made } = fakeIo();
    const policy = { delayMs: 100, delayMaxMs: 300, attempts: 6 };
    const connection = createSocketConnection({ url: 'http://x', reconnect: policy, tokens: { accessToken: async () => 't' } as never, now: () => 0, create, seed: () => 42 });
    const { heard } = run(connection, '/user/u1');
    expect(made[0]!.options).toMatchObject({ reconnection: false, transports: ['websocket'] });
    expect(heard[0]).toEqual({ type: 'socket.opened', policy, seed: 42 });
  });

  it('tries again only when told: connection.reconnect drops what is left of the last try and connects', () => {
    const { create, made } = fakeIo();
    const connection = createSocketConnection({ url: 'http://x', tokens: { accessToken: async () => 't' } as never, now: () => 0, create, seed: () => 1 });
    const { connection: child } = run(connection, '/user/u1');
    expect(made[0]!.calls).toEqual([]);
    child().send({ type: 'connection.reconnect' });
    expect(made[0]!.calls).toEqual(['disconnect', 'connect']);
  });

  it('closing one namespace leaves the shared manager’s listeners of the others in place', () => {
    const { manager, create } = fakeIo();
    const connection = createSocketConnection({ url: 'http://x', tokens: { accessToken: async () => 't' } as never, now: () => 0, create, seed: () => 1 });
    const input = (namespace: string) => ({ namespace, credentials: { kind: 'token' as const } });
    const user = createActor(connection, { input: input('/user/u1') as never }).start();
    const item = createActor(connection, { input: input('/item/i1') as never }).start();
    const heard: unknown[] = [];
    // A socket.io internal listener of the user's socket, as Socket.subEvents adds on the manager.
    const packet = (p: unknown) => heard.push(p);
    manager.on('packet', packet);
    item.stop();
    manager.emit('packet', { type: 'ack' });
    expect(heard).toEqual([{ type: 'ack' }]);
    user.stop();
  });
});

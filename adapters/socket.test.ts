import { EventEmitter } from 'node:events';
import type { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createSocketConnection } from './socket.ts';

/** socket.io's manager is shared by every namespace socket to one URL: a fake with one manager for all sockets. */
function fakeIo() {
  const manager = new EventEmitter();
  const create = ((url: string) => {
    const socket = Object.assign(new EventEmitter(), {
      url,
      io: manager,
      onAny: () => {},
      disconnect: () => {},
      connect: () => {},
      timeout: () => ({ emit: () => {} }),
    });
    return socket;
  }) as unknown as typeof io;
  return { manager, create };
}

describe('realtime connection', () => {
  it('closing one namespace leaves the shared manager’s listeners of the others in place', () => {
    const { manager, create } = fakeIo();
    const connection = createSocketConnection({ url: 'http://x', tokens: { accessToken: async () => 't' } as never, now: () => 0, create });
    const input = (namespace: string) => ({ namespace, credentials: { kind: 'token' as const } });
    const user = createActor(connection, { input: input('/user/u1') as never }).start();
    const item = createActor(connection, { input: input('/item/i1') as never }).start();
    const heard: unknown[] = [];
    expect(manager.listenerCount('reconnect_attempt')).toBe(2);
    // A socket.io internal listener of the user's socket, as Socket.subEvents adds on the manager.
    const packet = (p: unknown) => heard.push(p);
    manager.on('packet', packet);
    item.stop();
    expect(manager.listenerCount('reconnect_attempt')).toBe(1);
    expect(manager.listenerCount('reconnect_failed')).toBe(1);
    manager.emit('packet', { type: 'ack' });
    expect(heard).toEqual([{ type: 'ack' }]);
    user.stop();
    expect(manager.listenerCount('reconnect_attempt')).toBe(0);
  });
});

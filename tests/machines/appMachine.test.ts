import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { ConnectionCommand, ConnectionInput } from '../../domain/realtime.ts';
import { appMachine } from '../../machines/session/appMachine.ts';
import { inert } from '../../machines/inert.ts';
import { socketMachine } from '../../machines/session/socketMachine.ts';

/** The app with inert adapters, except the item socket's connection, which records what it was opened with. */
function start() {
  const opened: ConnectionInput[] = [];
  let open = 0;
  const connection = fromCallback<ConnectionCommand, ConnectionInput>(({ input }) => {
    opened.push(input);
    open += 1;
    return () => void (open -= 1);
  });
  const app = createActor(inert(appMachine).provide({ actors: { itemSocket: socketMachine.provide({ actors: { connection } }) } })).start();
  return { app, opened, openCount: () => open };
}

describe('the item namespace follows the open item (foundation §4, §7)', () => {
  it('opens /item/{itemId} with a token and the item password while an item is open, and closes it after', () => {
    const { app, opened, openCount } = start();
    expect(openCount()).toBe(0);
    app.send({ type: 'item.opened', itemId: 'abc', password: 'pw', anonymousEmail: null });
    expect(opened).toEqual([{ namespace: '/item/abc', credentials: { kind: 'token', itemPassword: 'pw' } }]);
    expect(openCount()).toBe(1);
    app.send({ type: 'item.closed' });
    expect(openCount()).toBe(0);
  });

  it('an anonymous reviewer connects by e-mail; opening another item replaces the connection', () => {
    const { app, opened, openCount } = start();
    app.send({ type: 'item.opened', itemId: 'one', password: null, anonymousEmail: 'guest@example.com' });
    app.send({ type: 'item.opened', itemId: 'two', password: null, anonymousEmail: 'guest@example.com' });
    expect(opened.map((o) => o.namespace)).toEqual(['/item/one', '/item/two']);
    expect(opened[1]!.credentials).toEqual({ kind: 'email', email: 'guest@example.com', itemPassword: null });
    expect(openCount()).toBe(1);
  });
});

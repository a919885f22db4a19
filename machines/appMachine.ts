import { sendTo, setup } from 'xstate';
import { authMachine } from './authMachine.ts';
import { flagsStore } from './flagsStore.ts';
import { sessionMachine, type AuthStatus } from './sessionMachine.ts';

/**
 * The root of the one actor system. It owns the long-lived actors (each with a systemId) so that
 * views, the recorder and the replayer find them by name, and tells the session what auth does.
 */
export const appMachine = setup({
  actors: { auth: authMachine, session: sessionMachine, flags: flagsStore },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'flags', systemId: 'flags', src: 'flags' },
    { id: 'session', systemId: 'session', src: 'session' },
    {
      id: 'auth',
      systemId: 'auth',
      src: 'auth',
      onSnapshot: {
        actions: sendTo('session', ({ event }) => {
          const value = event.snapshot.value;
          const status = (typeof value === 'string' ? value : Object.keys(value)[0]) as AuthStatus;
          return { type: 'auth.status', status, user: event.snapshot.context.user, anonymousUser: event.snapshot.context.anonymousUser };
        }),
      },
    },
  ],
  initial: 'running',
  states: { running: {} },
});

import { setup } from 'xstate';
import { authMachine } from './authMachine.ts';

/**
 * The root of the one actor system. It owns the long-lived actors (each with a systemId) so that
 * views, the recorder and the replayer find them by name. Later lifecycles join here.
 */
export const appMachine = setup({
  actors: { auth: authMachine },
}).createMachine({
  id: 'app',
  invoke: [{ id: 'auth', systemId: 'auth', src: 'auth' }],
  initial: 'running',
  states: { running: {} },
});

import { createActor, fromPromise } from 'xstate';
import { realClock, type AppClock } from '../../adapters/clock.ts';
import { createEventRecorder, type EventRecorder } from '../../adapters/eventLog.ts';
import { createHttpClient, type HttpClient } from '../../adapters/http.ts';
import { createOidcAdapter, lookupProfile } from '../../adapters/oidc.ts';
import { browserStorage } from '../../adapters/storage.ts';
import type { RuntimeConfig } from '../../domain/config.ts';
import { appMachine } from '../../machines/appMachine.ts';
import { authMachine } from '../../machines/authMachine.ts';
import { definitionHashes } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import type { AppSystem } from '../system.tsx';
import { createTokenBus } from './tokenBus.ts';

export interface CreatedSystem extends AppSystem {
  recorder: EventRecorder;
  http: HttpClient;
}

/**
 * The composition root: the only place where adapters meet machines. Builds the real adapters from
 * the runtime config, provides them to the machines, and starts the one actor system with the
 * event-log recorder as its inspector and the real clock.
 */
export function createAppSystem(config: RuntimeConfig, options: { origin: string; clock?: AppClock; userAgent: string; saveFile: (name: string, bytes: Uint8Array) => void }): CreatedSystem {
  const clock = options.clock ?? realClock;
  const storage = browserStorage();
  const oidc = createOidcAdapter({ ...config.oidc, origin: options.origin }, storage);
  const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });

  const auth = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise(() => oidc.loadStoredSession()),
      startSignIn: fromPromise(({ input }) => oidc.startSignIn(input)),
      completeSignIn: fromPromise(({ input }) => oidc.completeSignIn(input)),
      refreshTokens: fromPromise(() => oidc.refreshTokens()),
      loadUserInfo: fromPromise(() => oidc.loadUserInfo()),
      lookupProfile: fromPromise(({ input }) => lookupProfile(config.services.profiles, input.email)),
      endSession: fromPromise(({ input }) => oidc.endSession(input)),
    },
  });

  const app = createActor(appMachine.provide({ actors: { auth } }), { id: 'app', clock, inspect: recorder.inspect });
  app.start();
  const authRef = app.system.get('auth') as AppSystem['auth'];
  const http = createHttpClient({ baseURL: config.reviewApi, tokens: createTokenBus(authRef) });

  return {
    app,
    auth: authRef,
    recorder,
    http,
    appName: 'Review',
    downloadSessionLog: () => {
      const bytes = recorder.exportGzip({ appVersion: __APP_VERSION__, buildId: __BUILD_ID__, machines: definitionHashes(), userAgent: options.userAgent });
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      options.saveFile(`review-session-${stamp}.jsonl.gz`, bytes);
    },
  };
}

import { fromPromise } from 'xstate';
import { writeStaffOverride } from '../../../adapters/account.ts';
import { isSessionIndicatorMissing } from '../../../adapters/cookies.ts';
import { lookupProfile } from '../../../adapters/oidc.ts';
import { authMachine, type StoredSessionResult } from '../../../machines/session/authMachine.ts';
import { notificationSettingsMachine } from '../../../machines/session/notificationSettingsMachine.ts';
import { outboxMachine } from '../../../machines/session/outboxMachine.ts';
import { sandboxMachine } from '../../../machines/session/sandboxMachine.ts';
import { sessionMachine } from '../../../machines/session/sessionMachine.ts';
import { socketMachine } from '../../../machines/session/socketMachine.ts';
import type { BaseAdapters } from './common.ts';

/**
 * The session feature: sign-in and tokens (the identity provider), the session (account, flags, the user's socket,
 * the session cookie), the realtime connections, the notification settings, the sandbox's flag editor and outbox.
 */
export function sessionActors(a: BaseAdapters) {
  const { config, oidc, http, flagService, notifications, storage, cookies } = a;
  const auth = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSessionResult, void>(() => oidc.loadStoredSession()),
      startSignIn: fromPromise(({ input }) => oidc.startSignIn(input)),
      completeSignIn: fromPromise(({ input }) => oidc.completeSignIn(input)),
      refreshTokens: fromPromise(() => oidc.refreshTokens()),
      loadUserInfo: fromPromise(() => oidc.loadUserInfo()),
      lookupProfile: fromPromise(({ input }) => lookupProfile(config.services.profiles, input.email)),
      endSession: fromPromise(({ input }) => oidc.endSession(input)),
    },
    actions: {
      rememberGuest: (_, params: { email: string }) => oidc.rememberGuest(params.email),
      forgetGuest: () => oidc.rememberGuest(null),
    },
  });

  // Notification preferences (foundation §7): GET one preference, PUT the whole of it back.
  const notificationSettings = notificationSettingsMachine.provide({
    actors: {
      fetchPreference: fromPromise(({ input }) => notifications.request<unknown>(`/preferences/${encodeURIComponent(input.type)}`)),
      savePreference: fromPromise(({ input }) => notifications.request<unknown>('/preferences', { method: 'PUT', body: input })),
    },
  });
  // The sandbox's flag editor (staff): every flag globally and for the current subscription, and the staff PUT.
  const sandbox = sandboxMachine.provide({
    actors: {
      loadFlags: fromPromise(async ({ input }) => {
        const [global, own] = await Promise.all([
          flagService.request<{ flags: unknown }>('/v1/flags'),
          input.subscriptionId ? flagService.request<{ flags: unknown }>('/v1/flags', { query: { subscriptionId: input.subscriptionId } }) : null,
        ]);
        return { subscriptionId: input.subscriptionId, global: global.flags, subscription: own?.flags ?? null };
      }),
      saveFlag: fromPromise(({ input }) =>
        flagService.request<unknown>(`/v1/flags/${encodeURIComponent(input.key)}`, { method: 'PUT', body: { subscriptionId: input.subscriptionId, value: input.value } }),
      ),
    },
  });

  // One realtime connection per namespace (the user's, and the open item's), all on the same adapter.
  const realtime = socketMachine.provide({
    actors: {
      connection: a.socketConnection,
      refreshToken: fromPromise(() => a.forceRefreshToken()),
    },
    actions: {
      logDroppedMessage: (_, params) => console.warn(`Dropped socket message "${params.event}": ${params.reason}`),
      logSocketError: (_, params) => console.error(params.message),
    },
  });

  const session = sessionMachine.provide({
    actors: {
      fetchAccount: fromPromise(a.readAccount),
      validateProfile: fromPromise(() => http.request('/me')),
      fetchFlags: fromPromise(async ({ input }) => {
        const query = input.subscriptionId ? { subscriptionId: input.subscriptionId } : {};
        const body = await flagService.request<{ flags: unknown }>('/v1/flags', { query });
        return { subscriptionId: input.subscriptionId, values: body.flags };
      }),
      userSocket: realtime,
    },
    actions: {
      logSlowLoading: () => console.warn('Loading took longer than 5000 ms'),
      // The cookie session check's reading; what it finds comes back as an event (recorded, injected in replay).
      checkSessionIndicator: ({ self }) => {
        if (isSessionIndicatorMissing({ cookieName: config.session.indicatorCookie, cookies })) queueMicrotask(() => self.send({ type: 'session.indicatorMissing' }));
      },
      logError: (_, params) => console.error(params.message),
      storeStaffOverride: (_, params) => writeStaffOverride(storage, params.userId, params.value),
    },
  });

  // The notification outbox on /sandbox (staff).
  const outbox = outboxMachine.provide({
    actors: {
      fetchOutbox: fromPromise(({ input }) => http.request('/sandbox/outbox', { query: input.itemId ? { itemId: input.itemId } : {} })),
    },
  });

  return { auth, session, itemSocket: realtime, notificationSettings, sandbox, outbox };
}

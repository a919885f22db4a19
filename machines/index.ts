import type { AnyStateMachine } from 'xstate';
import { hashValue } from '../domain/hash.ts';
import { describeNode } from './definition.ts';
import type { SignedInSession } from '../domain/auth.ts';
import { appMachine } from './appMachine.ts';
import { authMachine, type CompletedSignIn, type StoredSessionResult } from './authMachine.ts';
import { sessionMachine } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';

/** Payload cases for one event type: each case is the event without its `type`. */
export type EventCases = Record<string, ReadonlyArray<Record<string, unknown>>>;

export interface RegistryEntry {
  name: string;
  machine: AnyStateMachine;
  description: string;
  /** Payloads for events that carry data, including adapter outputs (`xstate.done.actor.<id>`). */
  cases: EventCases;
}

const demoUser = { sub: 'u-alex', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const session = (expiresInSeconds: number, hasRefreshToken = true): SignedInSession => ({
  tokens: { accessToken: 'at', idToken: 'it', hasRefreshToken, expiresInSeconds },
  user: demoUser,
});
const stored = (s: SignedInSession | null): StoredSessionResult => ({ session: s, lastSignOutReason: null });
const completed: CompletedSignIn = { ...session(3600), returnTo: '/review' };
const currentUser = {
  aid: 'u-alex',
  country: 'USA',
  email: 'alex.admin@example.com',
  is_sso: false,
  language: 'en',
  first_name: 'Alex',
  last_name: 'Admin',
  phone: null,
  subs: [],
  roles: [],
  subscription_permissions: {},
};

/** The one registry: charts, path generation, generated tests and replay all read it. */
export const registry: readonly RegistryEntry[] = [
  {
    name: 'app',
    machine: appMachine,
    description: 'Root of the actor system; owns the long-lived actors and tells the session what auth does.',
    cases: {
      'xstate.snapshot.auth': [
        { snapshot: { value: 'signedIn', context: { user: demoUser, anonymousUser: null } } },
        { snapshot: { value: { signingIn: 'completing' }, context: { user: null, anonymousUser: null } } },
        { snapshot: { value: 'ready', context: { user: null, anonymousUser: null } } },
      ],
    },
  },
  {
    name: 'auth',
    machine: authMachine,
    description: 'Sign-in, tokens and sign-out through the OpenID Connect provider (foundation §4).',
    cases: {
      'auth.signIn': [{ returnTo: '/review' }],
      'auth.callback': [{ url: 'http://localhost/auth-callback?code=c&state=s' }],
      'auth.signInAnonymously': [{ email: 'Reviewer@Example.com' }],
      'auth.signOut': [{ full: true }],
      'auth.sessionEnded': [{ reason: 'sessionInactive' }],
      'xstate.done.actor.loadStoredSession': [
        { output: stored(null) },
        { output: stored(session(3600)) },
        { output: stored(session(30)) },
        { output: { session: null, lastSignOutReason: 'userSignOut' } },
      ],
      'xstate.done.actor.completeSignIn': [{ output: completed }],
      'xstate.done.actor.refreshTokens': [{ output: session(3600) }],
      'xstate.error.actor.refreshTokens': [
        { error: { name: 'SessionExpiredError', message: 'Your session has ended.' } },
        { error: { name: 'TypeError', message: 'Failed to fetch' } },
      ],
      'xstate.done.actor.loadUserInfo': [{ output: demoUser }],
      'xstate.done.actor.lookupProfile': [{ output: { exists: true } }, { output: { exists: false } }],
    },
  },
  {
    name: 'session',
    machine: sessionMachine,
    description: 'The session as the app sees it: loading, logged in, anon, signed out; account, flags, user socket, sign-out confirmation (foundation §4).',
    cases: {
      'auth.status': [
        { status: 'signedIn', user: demoUser, anonymousUser: null },
        { status: 'signedInAnonymously', user: null, anonymousUser: { id: 'anon|r@example.com', email: 'r@example.com', displayName: 'r@example.com' } },
        { status: 'ready', user: null, anonymousUser: null },
        { status: 'refreshingTokens', user: demoUser, anonymousUser: null },
      ],
      'realtime.message': [
        { namespace: '/user/u-alex', event: 'subscription.changed', data: { messageId: 'm1', subscriptionId: 's1' } },
        { namespace: '/user/u-alex', event: 'flags.changed', data: { messageId: 'm2', subscriptionId: null, key: 'maintenanceMode', value: true } },
      ],
      'realtime.reconnected': [{ namespace: '/user/u-alex' }],
      'realtime.refused': [{ namespace: '/user/u-alex', reason: 'unauthorized' }],
      'uploads.changed': [{ inProgress: true }, { inProgress: false }],
      'xstate.done.actor.fetchAccount': [
        {
          output: {
            subscriptionId: 's1',
            currentUser,
            fetchedAtMs: Date.UTC(2026, 10, 21),
            isStaff: false,
            isValidator: false,
            staffOverride: null,
            authorizedRoles: { admin: ['s1'], additionalAdmin: [], reachMembers: [] },
          },
        },
      ],
      'xstate.error.actor.fetchAccount': [{ error: { name: 'AccountFetchError', message: 'Failed to fetch permissions for user' } }],
      'session.overrideStaff': [{ value: true }, { value: null }],
      'xstate.done.actor.fetchFlags': [{ output: { subscriptionId: 's1', values: { maintenanceMode: false } } }],
    },
  },
  {
    name: 'socket',
    machine: socketMachine,
    description: 'One realtime connection per namespace: connected, disconnected, reconnecting; token refresh on token errors; message filtering (foundation §4, §5, §9).',
    cases: {
      'socket.disconnected': [{ reason: 'transport close' }, { reason: 'io server disconnect' }, { reason: 'io client disconnect' }],
      'socket.reconnecting': [{ attempt: 1 }],
      'socket.connectError': [{ message: 'token_expired' }, { message: 'unauthorized' }, { message: 'websocket error' }],
      'socket.loginFailed': [{ message: 'login refused' }],
      'socket.message': [
        { event: 'flags.changed', data: { messageId: 'm1', key: 'maintenanceMode', value: true }, receivedAt: 1_000 },
        { event: 'flags.changed', data: 'not an object', receivedAt: 1_000 },
      ],
      'xstate.done.actor.refreshToken': [{ output: 'fresh-token' }, { output: null }],
    },
  },
];

/** Finds a registry entry by name. */
export function registryEntry(name: string): RegistryEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

export { appMachine, authMachine, sessionMachine, socketMachine };

/** Hash of each machine definition, written into session-log headers so replay can tell when a chart changed. */
export function definitionHashes(): Record<string, string> {
  return Object.fromEntries(registry.map((entry) => [entry.name, hashValue(describeNode(entry.machine.root))]));
}

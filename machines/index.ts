import type { AnyStateMachine } from 'xstate';
import { hashValue } from '../domain/hash.ts';
import { describeNode } from './definition.ts';
import type { SignedInSession } from '../domain/auth.ts';
import { appMachine } from './appMachine.ts';
import { authMachine, type CompletedSignIn, type StoredSessionResult } from './authMachine.ts';

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

/** The one registry: charts, path generation, generated tests and replay all read it. */
export const registry: readonly RegistryEntry[] = [
  {
    name: 'app',
    machine: appMachine,
    description: 'Root of the actor system; owns the long-lived actors.',
    cases: {},
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
];

/** Finds a registry entry by name. */
export function registryEntry(name: string): RegistryEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

export { appMachine, authMachine };

/** Hash of each machine definition, written into session-log headers so replay can tell when a chart changed. */
export function definitionHashes(): Record<string, string> {
  return Object.fromEntries(registry.map((entry) => [entry.name, hashValue(describeNode(entry.machine.root))]));
}

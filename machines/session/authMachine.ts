import { assign, raise, setup } from 'xstate';
import {
  anonymousUserFor,
  callbackHints,
  type CallbackHints,
  needsRefreshNow,
  safeReturnPath,
  tokenRefreshDelayMs,
  type AnonymousUser,
  type SignedInSession,
  type SignOutReason,
  type TokenData,
  type UserInfo,
} from '../../domain/auth.ts';
import { PROFILE_LOOKUP_TIMEOUT_MS, SESSION_REFRESH_RETRY_MS, TOKEN_FETCH_TIMEOUT_MS } from '../../domain/constants.ts';
import { promiseSlot } from '../slots.ts';

/** What the identity adapter finds in storage at start. */
export interface StoredSessionResult {
  session: SignedInSession | null;
  /** Why the previous session ended, when it ended by a redirect (full sign-out). */
  lastSignOutReason: SignOutReason | null;
  /** The guest reviewer's e-mail kept from an earlier page load (foundation §1 anonymous reviewers); absent: none. */
  guestEmail?: string | null;
}

/** What completing the sign-in redirect yields. */
export interface CompletedSignIn extends SignedInSession {
  returnTo: string;
}

export interface AuthContext {
  tokens: TokenData | null;
  user: UserInfo | null;
  anonymousUser: AnonymousUser | null;
  returnTo: string;
  errorMessage: string | null;
  signOutReason: SignOutReason | null;
  /** A reason handed to sign-out, kept across the reset so the sign-in page can explain it. */
  pendingSignOutReason: SignOutReason;
  fullSignOut: boolean;
  /** product_tour and type_hint from the sign-in return address, for the views that act on them. */
  callbackHints: CallbackHints;
  /**
   * The sign-in return address was handed over in this page load: its code can be redeemed only once, so a second
   * `auth.callback` (React StrictMode runs effects twice; a failed one lands back in `ready`) is ignored.
   */
  callbackHandled: boolean;
  /** The e-mail the anonymous step found an account for (or could not check): the must-sign-in dialog names it. */
  mustSignInEmail: string | null;
}

export type AuthEvent =
  | { type: 'auth.signIn'; returnTo: string }
  | { type: 'auth.callback'; url: string }
  | { type: 'auth.signInAnonymously'; email: string }
  | { type: 'auth.signOut'; full?: boolean }
  | { type: 'auth.sessionEnded'; reason: SignOutReason }
  | { type: 'auth.refreshTokens' }
  | { type: 'auth.refreshUser' }
  | { type: 'auth.dismissError' };

const initialContext: AuthContext = {
  tokens: null,
  user: null,
  anonymousUser: null,
  returnTo: '/',
  errorMessage: null,
  signOutReason: null,
  pendingSignOutReason: 'userSignOut',
  fullSignOut: true,
  callbackHints: { productTour: null, typeHint: null },
  callbackHandled: false,
  mustSignInEmail: null,
};

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return 'Something went wrong while signing in.';
}

/**
 * Sign-in and tokens (foundation §4 "Auth status"). Drives the identity provider through provided
 * actors: the real ones wrap oidc-client-ts, tests and replay provide fakes or inert ones.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    loadStoredSession: promiseSlot<StoredSessionResult>('loadStoredSession'),
    startSignIn: promiseSlot<void, { returnTo: string }>('startSignIn'),
    completeSignIn: promiseSlot<CompletedSignIn, { url: string }>('completeSignIn'),
    refreshTokens: promiseSlot<SignedInSession>('refreshTokens'),
    loadUserInfo: promiseSlot<UserInfo>('loadUserInfo'),
    lookupProfile: promiseSlot<{ exists: boolean }, { email: string }>('lookupProfile'),
    endSession: promiseSlot<void, { reason: SignOutReason; full: boolean }>('endSession'),
  },
  delays: {
    tokenRefresh: ({ context }) => tokenRefreshDelayMs(context.tokens?.expiresInSeconds ?? 0),
    tokenFetchTimeout: TOKEN_FETCH_TIMEOUT_MS,
    sessionRefreshRetry: SESSION_REFRESH_RETRY_MS,
    profileLookupTimeout: PROFILE_LOOKUP_TIMEOUT_MS,
  },
  guards: {
    // Not right after a sign-out: a session that just failed to refresh must not loop through refreshes.
    hasStoredSessionNeedingRefresh: ({ context }, output: StoredSessionResult) =>
      context.signOutReason === null &&
      output.session !== null &&
      needsRefreshNow(output.session.tokens.expiresInSeconds) &&
      output.session.tokens.hasRefreshToken,
    hasStoredSession: (_, output: StoredSessionResult) =>
      output.session !== null && !needsRefreshNow(output.session.tokens.expiresInSeconds),
    isKnownAccount: (_, output: { exists: boolean }) => output.exists,
    isNewCallback: ({ context }) => !context.callbackHandled,
    hasStoredGuest: (_, output: StoredSessionResult) => output.session === null && typeof output.guestEmail === 'string' && output.guestEmail !== '',
    /** The provider refused the refresh token (expired, revoked): retrying cannot help. */
    isSessionExpired: (_, params: { error: unknown }) => (params.error as { name?: unknown } | null)?.name === 'SessionExpiredError',
  },
  actions: {
    /** Keep the guest's e-mail for the next page load (provided by the composition root; a no-op in tests and replay). */
    rememberGuest: (_, _params: { email: string }) => {},
    /** Forget it (signing in or out). */
    forgetGuest: () => {},
    resetSession: assign(({ context }) => ({
      ...initialContext,
      signOutReason: context.pendingSignOutReason,
      errorMessage: context.pendingSignOutReason === 'userSignOut' ? null : context.errorMessage,
      pendingSignOutReason: context.pendingSignOutReason,
      fullSignOut: context.fullSignOut,
      callbackHandled: context.callbackHandled,
    })),
    takeCallback: assign(({ event }) => ({ callbackHints: callbackHints(event.type === 'auth.callback' ? event.url : ''), callbackHandled: true })),
    /** The anonymous step must end in a sign-in: the e-mail has an account, or could not be checked (foundation §4). */
    requireSignIn: assign(({ context }, params: { message: string }) => ({ mustSignInEmail: context.anonymousUser?.email ?? null, anonymousUser: null, errorMessage: params.message })),
    storeSession: assign((_, session: SignedInSession) => ({
      tokens: session.tokens,
      user: session.user,
      errorMessage: null,
      signOutReason: null,
    })),
  },
}).createMachine({
  id: 'auth',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      invoke: {
        id: 'loadStoredSession',
        src: 'loadStoredSession',
        onDone: [
          {
            guard: { type: 'hasStoredSessionNeedingRefresh', params: ({ event }) => event.output },
            target: 'refreshingTokens',
            actions: { type: 'storeSession', params: ({ event }) => event.output.session! },
          },
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'storeSession', params: ({ event }) => event.output.session! },
          },
          {
            // A guest reviewer who reloads stays the same guest: the e-mail step runs again by itself, the same way
            // as when it was typed (so the e-mail is checked again, and everything that follows a guest's sign-in does).
            guard: { type: 'hasStoredGuest', params: ({ event }) => event.output },
            target: 'ready',
            actions: raise(({ event }) => ({ type: 'auth.signInAnonymously' as const, email: event.output.guestEmail! })),
          },
          {
            target: 'ready',
            actions: assign(({ event, context }) => ({
              signOutReason: event.output.lastSignOutReason ?? context.signOutReason,
            })),
          },
        ],
        onError: { target: 'ready' },
      },
      on: {
        'auth.signIn': { target: 'signingIn', actions: assign(({ event }) => ({ returnTo: safeReturnPath(event.returnTo) })) },
        'auth.callback': { guard: 'isNewCallback', target: 'signingIn.completing', actions: 'takeCallback' },
      },
    },
    // Signed out. Sub-states say what the guards show: nothing started yet (a page needing sign-in starts it),
    // a sign-in whose redirect did not happen (offered by hand, never started again by itself), or the anonymous
    // step's must-sign-in dialog.
    ready: {
      initial: 'idle',
      on: {
        'auth.signIn': { target: 'signingIn', actions: assign(({ event }) => ({ returnTo: safeReturnPath(event.returnTo), errorMessage: null, mustSignInEmail: null })) },
        'auth.callback': { guard: 'isNewCallback', target: 'signingIn.completing', actions: 'takeCallback' },
        'auth.signInAnonymously': {
          target: 'signingInAnonymously',
          actions: assign(({ event }) => ({ anonymousUser: anonymousUserFor(event.email), errorMessage: null, mustSignInEmail: null })),
        },
      },
      states: {
        idle: {},
        redirectFailed: {},
        mustSignIn: {
          on: { 'auth.dismissError': { target: 'idle', actions: assign({ errorMessage: null, mustSignInEmail: null }) } },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      initial: 'redirecting',
      states: {
        redirecting: {
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ returnTo: context.returnTo }),
            // The real adapter navigates away; resolving means the navigation did not happen.
            onDone: { target: '#auth.ready.redirectFailed' },
            onError: { target: '#auth.error', actions: assign(({ event }) => ({ errorMessage: messageOf(event.error) })) },
          },
        },
        // The provider has sent the user back with a code (or with an error).
        completing: {
          invoke: {
            id: 'completeSignIn',
            src: 'completeSignIn',
            input: ({ event }) => ({ url: event.type === 'auth.callback' ? event.url : '' }),
            onDone: {
              target: '#auth.signedIn',
              actions: [
                { type: 'storeSession', params: ({ event }) => event.output },
                assign(({ event }) => ({ returnTo: safeReturnPath(event.output.returnTo) })),
              ],
            },
            onError: {
              target: '#auth.signingOut',
              actions: assign(({ event }) => ({
                errorMessage: messageOf(event.error),
                pendingSignOutReason: 'loginFailure' as const,
                fullSignOut: false,
              })),
            },
          },
        },
      },
    },
    signedIn: {
      after: { tokenRefresh: { target: 'refreshingTokens' } },
      on: {
        'auth.refreshTokens': { target: 'refreshingTokens' },
        'auth.refreshUser': { target: 'refreshing' },
        'auth.signOut': {
          target: 'signingOut',
          actions: assign(({ event }) => ({ pendingSignOutReason: 'userSignOut' as const, fullSignOut: event.full ?? true })),
        },
        'auth.sessionEnded': {
          target: 'signingOut',
          actions: assign(({ event }) => ({ pendingSignOutReason: event.reason, fullSignOut: false })),
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'loadUserInfo',
        src: 'loadUserInfo',
        onDone: { target: 'signedIn', actions: assign(({ event }) => ({ user: event.output })) },
        onError: { target: 'signedIn' },
      },
      on: {
        'auth.signOut': { target: 'signingOut', actions: assign({ pendingSignOutReason: 'userSignOut' as const }) },
      },
    },
    // Session refresh (foundation §4): up to 30 s in all; a failure that is not an expiry is retried after 3 s.
    refreshingTokens: {
      tags: ['busy'],
      initial: 'attempting',
      states: {
        attempting: {
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            onDone: { target: '#auth.signedIn', actions: { type: 'storeSession', params: ({ event }) => event.output } },
            onError: [
              {
                guard: { type: 'isSessionExpired', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signingOut',
                actions: assign(({ event }) => ({
                  pendingSignOutReason: 'accessTokenError' as const,
                  errorMessage: messageOf(event.error),
                  fullSignOut: false,
                })),
              },
              { target: 'waitingToRetry' },
            ],
          },
        },
        waitingToRetry: { after: { sessionRefreshRetry: { target: 'attempting' } } },
      },
      after: {
        tokenFetchTimeout: {
          target: 'signingOut',
          actions: assign({
            pendingSignOutReason: 'accessTokenError' as const,
            errorMessage: 'Your session could not be renewed in time.',
            fullSignOut: false,
          }),
        },
      },
    },
    signingInAnonymously: {
      tags: ['busy'],
      // Kept again only once the e-mail is accepted.
      entry: 'forgetGuest',
      invoke: {
        id: 'lookupProfile',
        src: 'lookupProfile',
        input: ({ context }) => ({ email: context.anonymousUser?.email ?? '' }),
        onDone: [
          {
            guard: { type: 'isKnownAccount', params: ({ event }) => event.output },
            target: 'ready.mustSignIn',
            actions: { type: 'requireSignIn', params: { message: 'An account exists for this e-mail address. Please sign in.' } },
          },
          { target: 'signedInAnonymously' },
        ],
        // A failed lookup counts as "exists" (foundation §4): the person must sign in.
        onError: {
          target: 'ready.mustSignIn',
          actions: { type: 'requireSignIn', params: { message: 'We could not check this e-mail address. Please sign in.' } },
        },
      },
      after: {
        profileLookupTimeout: {
          target: 'ready.mustSignIn',
          actions: { type: 'requireSignIn', params: { message: 'We could not check this e-mail address. Please sign in.' } },
        },
      },
    },
    signedInAnonymously: {
      entry: { type: 'rememberGuest', params: ({ context }) => ({ email: context.anonymousUser?.email ?? '' }) },
      exit: 'forgetGuest',
      on: {
        'auth.signIn': { target: 'signingIn', actions: assign(({ event }) => ({ returnTo: safeReturnPath(event.returnTo), anonymousUser: null })) },
        'auth.signOut': { target: 'signingOut', actions: assign({ pendingSignOutReason: 'userSignOut' as const, fullSignOut: false }) },
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: 'resetSession',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ reason: context.pendingSignOutReason, full: context.fullSignOut }),
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
    },
    error: {
      on: {
        'auth.signIn': { target: 'signingIn', actions: assign(({ event }) => ({ returnTo: safeReturnPath(event.returnTo), errorMessage: null })) },
        'auth.dismissError': { target: 'ready.idle', actions: assign({ errorMessage: null }) },
      },
    },
  },
});

import { assign, setup } from 'xstate';
import type { AnonymousUser, UserInfo } from '../../domain/auth.ts';
import { COOKIE_SESSION_CHECK_MS, LOADING_WARNING_MS, PROFILE_VALIDATION_REFRESH_MS } from '../../domain/constants.ts';
import { currentSummary, type SessionAccount, type SubscriptionSummary } from '../../domain/account.ts';
import { isContentPushName, parseContentPush } from '../../domain/contentData.ts';
import { COMMENT_EXPORT_PUSH } from '../../domain/commentExport.ts';
import { parseItemPush } from '../items/itemEvents.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';
import { socketMachine } from './socketMachine.ts';

export type { SessionAccount };

export type AuthStatus =
  | 'idle'
  | 'ready'
  | 'signingIn'
  | 'signedIn'
  | 'signingInAnonymously'
  | 'signedInAnonymously'
  | 'signingOut'
  | 'error'
  | 'refreshing'
  | 'refreshingTokens';

export type SessionEvent =
  | { type: 'auth.status'; status: AuthStatus; user: UserInfo | null; anonymousUser: AnonymousUser | null }
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> }
  | { type: 'realtime.reconnected'; namespace: string }
  | { type: 'realtime.refused'; namespace: string; reason: string }
  | { type: 'session.retry' }
  | { type: 'session.signOut' }
  | { type: 'session.confirmSignOut' }
  | { type: 'session.cancelSignOut' }
  | { type: 'uploads.changed'; inProgress: boolean }
  | { type: 'session.overrideStaff'; value: boolean | null }
  | { type: 'session.indicatorMissing' };

export interface SessionContext {
  user: UserInfo | null;
  anonymousUser: AnonymousUser | null;
  account: SessionAccount | null;
  /** The current subscription's summary (foundation §3), derived when the account is read. */
  summary: SubscriptionSummary | null;
  errorMessage: string | null;
  /** The uploads.inProgress fact: sign-out asks first while it holds (foundation §1, §8). */
  uploadsInProgress: boolean;
}

/** The two named account errors of foundation §8; the adapter names which call failed. */
export const ACCOUNT_ERROR_MESSAGES = ['Failed to fetch current user', 'Failed to fetch permissions for user'] as const;

function accountErrorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return ACCOUNT_ERROR_MESSAGES.find((m) => m === message) ?? ACCOUNT_ERROR_MESSAGES[0];
}

const SIGNED_IN: readonly AuthStatus[] = ['signedIn', 'refreshing', 'refreshingTokens'];
const SIGNED_OUT: readonly AuthStatus[] = ['ready', 'signingOut', 'error'];

/**
 * The session as the app sees it (foundation §4): loading, logged in, anon, signed out. Follows
 * the auth actor, loads the current user and the flags of the default subscription, keeps the
 * user's realtime connection (socket.user) open, and routes what the server pushes.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    fetchAccount: promiseSlot<SessionAccount>('fetchAccount'),
    fetchFlags: promiseSlot<{ subscriptionId: string | null; values: unknown }, { subscriptionId: string | null }>('fetchFlags'),
    userSocket: socketMachine,
    validateProfile: promiseSlot<unknown>('validateProfile'),
  },
  actions: {
    logSlowLoading: () => {},
    logError: (_, _params: { message: string }) => {},
    storeStaffOverride: (_, _params: { userId: string; value: boolean | null }) => {},
    /**
     * Reads the identity provider's session-indicator cookie (provided at the composition root; a no-op in tests and
     * replay) and, when it is gone, sends `session.indicatorMissing` to this actor.
     */
    checkSessionIndicator: () => {},
  },
  delays: { loadingWarning: LOADING_WARNING_MS, profileValidation: PROFILE_VALIDATION_REFRESH_MS, sessionCheck: COOKIE_SESSION_CHECK_MS },
  guards: {
    isSignedIn: (_, params: { status: AuthStatus }) => SIGNED_IN.includes(params.status),
    isAnonymous: (_, params: { status: AuthStatus }) => params.status === 'signedInAnonymously',
    isSignedOut: (_, params: { status: AuthStatus }) => SIGNED_OUT.includes(params.status),
    hasUploadsInProgress: ({ context }) => context.uploadsInProgress,
    /** The service answered 401 (the http client has already tried one forced refresh). */
    isUnauthorized: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 401,
    isPush: (_, params: { event: string; expected: string }) => params.event === params.expected,
    isContentPush: (_, params: { event: string; data: unknown }) => parseContentPush(params.event, params.data) !== null,
    isContentPushName: (_, params: { event: string }) => isContentPushName(params.event),
    isVersionUpdatedPush: (_, params: { event: string; data: unknown }) => parseItemPush(params.event, params.data)?.name === 'item.versionUpdated',
    // LMS export of video items.
    isPackageReadyPush: (_, params: { event: string; data: unknown }) => parseItemPush(params.event, params.data)?.name === 'item.packageReadyForDownload',
  },
}).createMachine({
  id: 'session',
  context: { user: null, anonymousUser: null, account: null, summary: null, errorMessage: null, uploadsInProgress: false },
  initial: 'loading',
  on: {
    'uploads.changed': { actions: assign({ uploadsInProgress: ({ event }) => event.inProgress }) },
  },
  states: {
    loading: {
      after: { loadingWarning: { actions: 'logSlowLoading' } },
      on: {
        'auth.status': [
          { guard: { type: 'isSignedIn', params: ({ event }) => event }, target: 'loggedIn', actions: assign({ user: ({ event }) => event.user }) },
          { guard: { type: 'isAnonymous', params: ({ event }) => event }, target: 'anon', actions: assign({ anonymousUser: ({ event }) => event.anonymousUser }) },
          { guard: { type: 'isSignedOut', params: ({ event }) => event }, target: 'signedOut' },
        ],
      },
    },
    loggedIn: {
      type: 'parallel',
      // The grid applies item ownership rules for this person; the item view knows who is looking (uploader, owner).
      entry: [
        sendToSystem('grid', ({ context }) => ({ type: 'grid.signedIn', userId: context.user?.sub ?? '' })),
        sendToSystem('item', ({ context }) => ({ type: 'item.viewerChanged', userId: context.user?.sub ?? null, anonymousEmail: null })),
        // The translation surveys this person already answered (translation-editor §4: submitted ones stay hidden).
        sendToSystem('surveys', ({ context }) => ({ type: 'surveys.load', email: context.user?.email ?? '', userId: context.user?.sub ?? '' })),
      ],
      // Nothing of this person's content stays for the next one (sign-out, or an anonymous session).
      exit: [
        sendToSystem('folders', () => ({ type: 'folders.reset' })),
        sendToSystem('folderSettings', () => ({ type: 'folderSettings.reset' })),
        sendToSystem('grid', () => ({ type: 'grid.reset' })),
        sendToSystem('dialogs', () => ({ type: 'dialogs.reset' })),
        sendToSystem('drag', () => ({ type: 'drag.reset' })),
        sendToSystem('uploads', () => ({ type: 'uploads.reset' })),
        sendToSystem('surveys', () => ({ type: 'surveys.reset' })),
        // LMS export of video items.
        sendToSystem('lmsExport', () => ({ type: 'lmsExport.reset' })),
      ],
      invoke: [
        {
          // Reached as session.children.userSocket, not by systemId: switching between logged in and anon
          // in one step would register the same systemId before the old socket is gone.
          id: 'userSocket',
          src: 'userSocket',
          input: ({ context }) => ({ namespace: `/user/${context.user?.sub ?? ''}`, credentials: { kind: 'token' as const } }),
        },
      ],
      on: {
        'auth.status': [
          { guard: { type: 'isSignedOut', params: ({ event }) => event }, target: 'signedOut', actions: sendToSystem('flags', () => ({ type: 'flags.reset' })) },
          { guard: { type: 'isAnonymous', params: ({ event }) => event }, target: 'anon' },
        ],
        'realtime.refused': {
          actions: [
            { type: 'logError', params: ({ event }) => ({ message: `Realtime connection refused: ${event.reason}` }) },
            sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' })),
          ],
        },
        // A reconnect makes the folder list and the grid read again (foundation §4, review-and-content §7).
        // The comment export reads its job's status once: a push sent while the connection was down is lost.
        'realtime.reconnected': {
          actions: [
            sendToSystem('folders', () => ({ type: 'folders.refetch' })),
            sendToSystem('grid', () => ({ type: 'grid.refetch' })),
            sendToSystem('commentExport', () => ({ type: 'commentExport.reconnected' })),
          ],
        },
        // Content pushes (review-and-content §7) go to the folder list and the grid, checked first.
        'realtime.message': [
          {
            guard: { type: 'isContentPush', params: ({ event }) => ({ event: event.event, data: event.data }) },
            actions: [
              sendToSystem('folders', ({ event }) => ({ type: 'content.push', push: parseContentPush(event.event, event.data) })),
              sendToSystem('grid', ({ event }) => ({ type: 'content.push', push: parseContentPush(event.event, event.data) })),
            ],
          },
          {
            guard: { type: 'isContentPushName', params: ({ event }) => ({ event: event.event }) },
            actions: { type: 'logError', params: ({ event }) => ({ message: `Malformed content push "${event.event}" dropped` }) },
          },
          // LMS export: the package built for this person (domain/lmsExport.ts) goes to the LMS export dialog.
          {
            guard: { type: 'isPackageReadyPush', params: ({ event }) => ({ event: event.event, data: event.data }) },
            actions: sendToSystem('lmsExport', ({ event }) => ({ type: 'lmsExport.packageReady', ...(parseItemPush(event.event, event.data)?.data as object) })),
          },
          // Comment export: the job's progress and end (domain/commentExport.ts), from whichever instance runs it.
          {
            guard: { type: 'isPush', params: ({ event }) => ({ event: event.event, expected: COMMENT_EXPORT_PUSH }) },
            actions: sendToSystem('commentExport', ({ event }) => ({ type: 'commentExport.updated', job: (event.data as { job?: unknown } | null)?.job ?? null })),
          },
          // A version's state or progress changed (domain/items.ts pushes): the upload waiting for it hears it.
          // The grid needs nothing more: the server pushes item.updateHashed with the item's versionState.
          {
            guard: { type: 'isVersionUpdatedPush', params: ({ event }) => ({ event: event.event, data: event.data }) },
            actions: sendToSystem('uploads', ({ event }) => ({ type: 'uploads.versionUpdated', ...(parseItemPush(event.event, event.data)?.data as object) })),
          },
        ],
        'session.overrideStaff': {
          guard: ({ context }) => context.account !== null,
          actions: [
            assign({ account: ({ context, event }) => (context.account ? { ...context.account, staffOverride: event.value } : null) }),
            { type: 'storeStaffOverride', params: ({ context, event }) => ({ userId: context.user?.sub ?? '', value: event.value }) },
          ],
        },
      },
      states: {
        // The cookie session check (foundation §4, every 1 s): the indicator is read at once and every `sessionCheck`;
        // once it is gone the session ends (sign-out reason noSessionIndicator) and the check stops.
        sessionCheck: {
          initial: 'watching',
          states: {
            watching: {
              entry: 'checkSessionIndicator',
              after: { sessionCheck: { target: 'watching', reenter: true } },
              on: {
                'session.indicatorMissing': { target: 'ended', actions: sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'noSessionIndicator' })) },
              },
            },
            ended: {},
          },
        },
        account: {
          initial: 'fetching',
          states: {
            fetching: {
              // Loading longer than 5000 ms is logged (foundation §2), here as in `loading`.
              after: { loadingWarning: { actions: 'logSlowLoading' } },
              invoke: {
                id: 'fetchAccount',
                src: 'fetchAccount',
                onDone: {
                  target: 'fetchingFlags',
                  actions: assign({
                    account: ({ event }) => event.output,
                    summary: ({ event }) => currentSummary(event.output.currentUser, event.output.fetchedAtMs, event.output.subscriptionId),
                    errorMessage: null,
                  }),
                },
                onError: [
                  // The token was refused even after a forced refresh (tampered, revoked): sign out (foundation §7).
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: 'failed',
                    actions: [
                      assign({ errorMessage: ({ event }) => accountErrorMessage(event.error) }),
                      sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' })),
                    ],
                  },
                  {
                    target: 'failed',
                    actions: [
                      assign({ errorMessage: ({ event }) => accountErrorMessage(event.error) }),
                      { type: 'logError', params: ({ event }) => ({ message: accountErrorMessage(event.error) }) },
                    ],
                  },
                ],
              },
            },
            fetchingFlags: {
              after: { loadingWarning: { actions: 'logSlowLoading' } },
              invoke: {
                id: 'fetchFlags',
                src: 'fetchFlags',
                input: ({ context }) => ({ subscriptionId: context.account?.subscriptionId ?? null }),
                onDone: { target: 'ready', actions: sendToSystem('flags', ({ event }) => ({ type: 'flags.loaded', ...(event as unknown as { output: object }).output })) },
                // Flag service down: the defaults stand.
                onError: { target: 'ready', actions: sendToSystem('flags', ({ context }) => ({ type: 'flags.failed', subscriptionId: context.account?.subscriptionId ?? null })) },
              },
            },
            ready: {
              initial: 'idle',
              states: {
                // The profile validation (foundation §7): every 900000 ms while signed in, not on focus.
                idle: { after: { profileValidation: { target: 'validatingProfile' } } },
                validatingProfile: {
                  invoke: {
                    id: 'validateProfile',
                    src: 'validateProfile',
                    onDone: { target: 'idle' },
                    onError: [
                      // A 401 signs out with an access-token error; anything else waits for the next round.
                      {
                        guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                        target: 'idle',
                        actions: sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' })),
                      },
                      { target: 'idle' },
                    ],
                  },
                },
              },
              on: {
                'realtime.message': [
                  { guard: { type: 'isPush', params: ({ event }) => ({ event: event.event, expected: 'subscription.changed' }) }, target: 'fetching' },
                  // A subscription override beats a global one, so a change is read back whole rather than patched.
                  { guard: { type: 'isPush', params: ({ event }) => ({ event: event.event, expected: 'flags.changed' }) }, target: 'fetchingFlags' },
                ],
              },
            },
            failed: {
              on: { 'session.retry': { target: 'fetching' } },
            },
          },
        },
        signOut: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'session.signOut': [
                  { guard: 'hasUploadsInProgress', target: 'confirming' },
                  { actions: sendToSystem('auth', () => ({ type: 'auth.signOut' })) },
                ],
              },
            },
            // Sign-out while uploads are in progress asks first; confirming cancels them (the uploads actor listens).
            confirming: {
              on: {
                'session.confirmSignOut': {
                  target: 'idle',
                  actions: [sendToSystem('uploads', () => ({ type: 'uploads.cancelAll' })), sendToSystem('auth', () => ({ type: 'auth.signOut' }))],
                },
                'session.cancelSignOut': { target: 'idle' },
              },
            },
          },
        },
      },
    },
    anon: {
      entry: sendToSystem('item', ({ context }) => ({ type: 'item.viewerChanged', userId: null, anonymousEmail: context.anonymousUser?.email ?? null })),
      invoke: {
        id: 'userSocket',
        src: 'userSocket',
        input: ({ context }) => ({ namespace: '/anon', credentials: { kind: 'email' as const, email: context.anonymousUser?.email ?? '' } }),
      },
      on: {
        'auth.status': [
          { guard: { type: 'isSignedOut', params: ({ event }) => event }, target: 'signedOut' },
          { guard: { type: 'isSignedIn', params: ({ event }) => event }, target: 'loggedIn', actions: assign({ user: ({ event }) => event.user }) },
        ],
        'session.signOut': { actions: sendToSystem('auth', () => ({ type: 'auth.signOut' })) },
        'realtime.refused': { actions: sendToSystem('auth', () => ({ type: 'auth.signOut' })) },
      },
    },
    signedOut: {
      entry: [
        assign({ user: null, anonymousUser: null, account: null, summary: null, errorMessage: null }),
        // Nothing of the last person stays on screen for the next one.
        sendToSystem('notificationSettings', () => ({ type: 'notificationSettings.reset' })),
        sendToSystem('item', () => ({ type: 'item.viewerChanged', userId: null, anonymousEmail: null })),
        // The upgrade modal, a dismissed renewal alert and the reach-activated banner were the last person's.
        sendToSystem('dashboard', () => ({ type: 'dashboard.reset' })),
        // The authoring dashboard's templates, webinars, onboarding check and course creation were the last person's.
        sendToSystem('authoringDashboard', () => ({ type: 'authoringDashboard.reset' })),
        // The foundation screens' activation, access modal, trial, survey banner and downloads likewise.
        sendToSystem('reachActivation', () => ({ type: 'activation.reset' })),
        sendToSystem('accessModal', () => ({ type: 'access.reset' })),
        sendToSystem('trial', () => ({ type: 'trial.reset' })),
        sendToSystem('surveyBanner', () => ({ type: 'survey.reset' })),
        sendToSystem('downloads', () => ({ type: 'downloads.reset' })),
      ],
      on: {
        'auth.status': [
          { guard: { type: 'isSignedIn', params: ({ event }) => event }, target: 'loggedIn', actions: assign({ user: ({ event }) => event.user }) },
          { guard: { type: 'isAnonymous', params: ({ event }) => event }, target: 'anon', actions: assign({ anonymousUser: ({ event }) => event.anonymousUser }) },
        ],
      },
    },
  },
});

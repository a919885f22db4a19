/** Registry entries of the session feature: each machine with its payload cases (charts, path generation, replay read them). */
import { appMachine } from './appMachine.ts';
import { authMachine, type CompletedSignIn, type StoredSessionResult } from './authMachine.ts';
import { notificationSettingsMachine } from './notificationSettingsMachine.ts';
import { outboxMachine } from './outboxMachine.ts';
import { failedJobsMachine } from './failedJobsMachine.ts';
import { sandboxMachine } from './sandboxMachine.ts';
import { sessionMachine } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';
import { toastTimerMachine, toastsMachine } from './toastsMachine.ts';
import { tokenBusMachine } from './tokenBusMachine.ts';
import { flagsMachine } from './flagsStore.ts';
import type { SignedInSession } from '../../domain/auth.ts';
import { type RegistryEntry, httpRefusal, version } from '../registryCases.ts';

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
const OUTBOX_ENTRY = {
  id: 'o1',
  recipientId: 'u-sam',
  recipientEmail: 'sam@example.com',
  itemId: 'i1',
  itemTitle: 'Intro course',
  commentId: 'c1',
  kind: 'mention',
  level: 'mine',
  frequency: 'daily',
  actor: 'Alex Admin',
  excerpt: 'Hi @Sam, have a look',
  link: 'http://localhost/review/content/i1/review',
  createdAt: '2026-11-21T10:00:00.000Z',
  deliverAt: '2026-11-22T08:00:00.000Z',
};

export const sessionEntries: readonly RegistryEntry[] = [
  {
    name: 'app',
    machine: appMachine,
    description: "Root of the actor system; owns the long-lived actors, tells the session what auth does, and keeps the open item's realtime connection (/item/{itemId}).",
    cases: {
      'item.opened': [
        { itemId: 'item-1', password: null, anonymousEmail: null },
        { itemId: 'item-2', password: 'secret', anonymousEmail: 'guest@example.com' },
      ],
      'realtime.message': [{ namespace: '/item/item-1', event: 'comment.created', data: { messageId: 'm1' } }],
      'realtime.reconnected': [{ namespace: '/item/item-1' }],
      'realtime.refused': [{ namespace: '/item/item-1', reason: 'unauthorized' }],
      'app.featureLoaded': [{ feature: 'content' }, { feature: 'grid' }, { feature: 'itemDialogs' }, { feature: 'item' }, { feature: 'translation' }, { feature: 'failedJobs' }],
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
        { output: { ...stored(null), guestEmail: 'guest.reviewer@example.org' } },
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
        { namespace: '/user/u-alex', event: 'item.refresh', data: { messageId: 'm3', folderId: null } },
        { namespace: '/user/u-alex', event: 'folder.hardDeleted', data: { messageId: 'm4', ids: 'not a list' } },
        { namespace: '/user/u-alex', event: 'item.versionUpdated', data: { messageId: 'm5', itemId: 'i1', version: version(1, 'ready'), deleted: false } },
        // LMS export: the package's push goes to the LMS export dialog.
        { namespace: '/user/u-alex', event: 'item.packageReadyForDownload', data: { messageId: 'm6', itemId: 'i1', version: 1, url: 'http://localhost:3000/api/downloads/signed' } },
        // Comment export: the job's push goes to the comment export dialog.
        { namespace: '/user/u-alex', event: 'commentExport.updated', data: { messageId: 'm7', job: { jobId: 'job-1', status: 'running', format: 'csv', progress: 0.4, url: null, fileName: null } } },
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
      'xstate.error.actor.fetchAccount': [
        { error: { name: 'AccountFetchError', message: 'Failed to fetch permissions for user', status: 500 } },
        { error: { name: 'AccountFetchError', message: 'Failed to fetch current user', status: 401 } },
      ],
      'xstate.error.actor.validateProfile': [{ error: { name: 'HttpError', status: 401 } }, { error: { name: 'HttpError', status: 503 } }],
      'session.overrideStaff': [{ value: true }, { value: null }],
      'xstate.done.actor.fetchFlags': [{ output: { subscriptionId: 's1', values: { maintenanceMode: false } } }],
    },
  },
  {
    name: 'sandbox',
    machine: sandboxMachine,
    description: "The sandbox's flag editor for staff: reads every flag for the current subscription and globally, writes one change at a time and reads the table back (foundation §2 /sandbox, §6).",
    cases: {
      'sandbox.open': [{ subscriptionId: 's1' }, { subscriptionId: null }],
      'sandbox.setFlag': [
        { key: 'maintenanceMode', scope: 'subscription', value: true },
        { key: 'annotationTool', scope: 'global', value: false },
        { key: 'noSuchFlag', scope: 'global', value: true },
      ],
      'xstate.done.actor.loadFlags': [
        { output: { subscriptionId: 's1', subscription: { maintenanceMode: true }, global: { maintenanceMode: false } } },
        { output: { subscriptionId: 's1', subscription: 'not an object', global: null } },
      ],
      'xstate.error.actor.loadFlags': [{ error: { name: 'HttpError', status: 0, message: 'The service could not be reached.' } }],
      'xstate.done.actor.saveFlag': [{ output: { key: 'maintenanceMode', subscriptionId: 's1', value: true, updatedAt: '2026-11-21T10:00:00.000Z', updatedBy: 'u-sam' } }],
      'xstate.error.actor.saveFlag': [
        { error: { name: 'HttpError', status: 403, message: 'Only staff may do this.' } },
        { error: { name: 'HttpError', status: 404, message: 'No such subscription.' } },
      ],
    },
  },
  {
    name: 'toasts',
    machine: toastsMachine,
    description: 'The toasts on screen: one per id, at most 4, each gone after its duration (5 s, edit and survey 10 s), paused while hovered (foundation §8, §9).',
    cases: {
      'toast.show': [
        { toast: { id: 'requestSent', severity: 'success', kind: 'default', text: null, message: null } },
        { toast: { id: 'segmentSaved', severity: 'success', kind: 'edit', text: null, message: null } },
      ],
      'toast.dismiss': [{ key: 1 }],
      'toast.pause': [{ key: 1 }],
      'toast.resume': [{ key: 1 }],
      'toast.expired': [{ key: 1 }],
    },
  },
  {
    name: 'toastTimer',
    machine: toastTimerMachine,
    description: "One toast's clock: runs for its duration, pauses while hovered and starts over when left.",
    input: { key: 1, durationMs: 5_000 },
    cases: {},
  },
  {
    name: 'socket',
    machine: socketMachine,
    description: 'One realtime connection per namespace: connected, disconnected, reconnecting on its own schedule (5 s up to 60 s, randomised from a seed, 6 attempts); the login acknowledgement; token refresh on token errors; message filtering (foundation §4, §5, §7, §9).',
    cases: {
      'socket.disconnected': [{ reason: 'transport close' }, { reason: 'io server disconnect' }, { reason: 'io client disconnect' }],
      'socket.opened': [{ policy: { delayMs: 5_000, delayMaxMs: 60_000, attempts: 6 }, seed: 7 }, { policy: { delayMs: 100, delayMaxMs: 300, attempts: 1 }, seed: 7 }],
      'socket.connectError': [{ message: 'token_expired' }, { message: 'unauthorized' }, { message: 'websocket error' }],
      'socket.loginFailed': [{ message: 'login refused' }],
      'socket.message': [
        { event: 'flags.changed', data: { messageId: 'm1', key: 'maintenanceMode', value: true }, receivedAt: 1_000 },
        { event: 'flags.changed', data: 'not an object', receivedAt: 1_000 },
      ],
      'xstate.done.actor.refreshToken': [{ output: 'fresh-token' }, { output: null }],
    },
  },
  {
    name: 'notificationSettings',
    machine: notificationSettingsMachine,
    description: 'The notification-settings dialog: read the review-comment preference, edit the frequency, save it with 09:00 local and the time zone (foundation §3, §7).',
    cases: {
      'notificationSettings.open': [{ timeZone: 'Europe/Berlin' }],
      'notificationSettings.select': [{ frequency: 'instant' }, { frequency: 'hourly' }, { frequency: 'daily' }],
      'xstate.done.actor.fetchPreference': [
        { output: { frequency: 'daily', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'Europe/Berlin' } },
        { output: { frequency: 'weekly' } },
      ],
      'xstate.error.actor.fetchPreference': [{ error: { name: 'HttpError', message: 'The service could not be reached.' } }],
      'xstate.done.actor.savePreference': [{ output: { frequency: 'hourly', type: 'ReviewCommentNotification', scheduleTime: '09:00', timeZone: 'Europe/Berlin' } }],
      'xstate.error.actor.savePreference': [{ error: { name: 'HttpError', message: 'frequency must be one of instant, hourly, daily' } }],
    },
  },
  {
    name: 'outbox',
    machine: outboxMachine,
    description: 'The notification outbox on /sandbox (staff): the notifications the reference service would have e-mailed, per level and frequency, optionally for one item, with a refresh (domain/notifications.ts).',
    cases: {
      'outbox.open': [{ itemId: null }, { itemId: 'i1' }],
      'xstate.done.actor.fetchOutbox': [{ output: { entries: [OUTBOX_ENTRY] } }, { output: { entries: 'not a list' } }],
      'xstate.error.actor.fetchOutbox': [httpRefusal(403, 'Only staff may read the outbox.')],
    },
  },
  {
    name: 'failedJobs',
    machine: failedJobsMachine,
    description:
      'The failed background jobs on /sandbox (staff; loaded with the sandbox route): the table, Refresh, and "Run again" with a confirmation; a job queued again leaves the list, a refusal (403, 404, 409) is told with its job (domain/backgroundJobs.ts).',
    cases: {
      'failedJobs.retry': [{ jobId: 'j1' }],
      'xstate.done.actor.fetchFailedJobs': [
        { output: { jobs: [{ id: 'j1', kind: 'content.processUpload', attempts: 3, lastError: 'Unreadable package.', failedAt: '2026-11-21T10:00:00.000Z', createdAt: '2026-11-21T09:59:00.000Z' }] } },
        { output: { jobs: [] } },
      ],
      'xstate.error.actor.fetchFailedJobs': [httpRefusal(403, 'Only staff may see background jobs.')],
      'xstate.done.actor.retryFailedJob': [{ output: { id: 'j1', retried: true } }],
      'xstate.error.actor.retryFailedJob': [httpRefusal(409, 'This job has not failed.'), httpRefusal(404, 'No background job has this id.')],
    },
  },
  {
    name: 'tokenBus',
    machine: tokenBusMachine,
    description:
      "The token bus's wait (foundation §7): a token asked for while auth loads or refreshes waits until auth settles, or 30 s (`tokenWait`), after which the session ends with an access-token error.",
    cases: {
      'auth.status': [{ status: 'refreshingTokens' }, { status: 'signedIn' }, { status: 'idle' }],
    },
  },
  {
    name: 'flags',
    machine: flagsMachine,
    description: 'Feature flags (foundation §4 "init then ready", §6): loaded for the subscription, or the defaults when the flag service fails; pushed changes; reset at sign-out.',
    cases: {
      'flags.loaded': [{ subscriptionId: 's1', values: { maintenanceMode: true } }, { subscriptionId: null, values: 'not an object' }],
      'flags.failed': [{ subscriptionId: 's1' }],
      'flags.changed': [
        { subscriptionId: 's1', key: 'maintenanceMode', value: true },
        { subscriptionId: 'other', key: 'maintenanceMode', value: true },
        { subscriptionId: null, key: 'llmSuggestions', value: false },
      ],
    },
  },
];

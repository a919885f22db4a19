import type { AnyStateMachine } from 'xstate';
import { hashValue } from '../domain/hash.ts';
import { describeNode } from './definition.ts';
import type { SignedInSession } from '../domain/auth.ts';
import { appMachine } from './appMachine.ts';
import { authMachine, type CompletedSignIn, type StoredSessionResult } from './authMachine.ts';
import { dialogsMachine } from './dialogsMachine.ts';
import { dragMachine } from './dragMachine.ts';
import { folderSettingsMachine } from './folderSettingsMachine.ts';
import { foldersMachine } from './foldersMachine.ts';
import { gridMachine } from './gridMachine.ts';
import { itemMachine } from './itemMachine.ts';
import { notificationSettingsMachine } from './notificationSettingsMachine.ts';
import { sandboxMachine } from './sandboxMachine.ts';
import { sessionMachine } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';
import { toastsMachine, toastTimerMachine } from './toastsMachine.ts';
import { uploadMachine } from './uploadMachine.ts';
import { uploadsMachine } from './uploadsMachine.ts';
// Sharing and item notifications (issue 6).
import { itemNotificationsMachine } from './itemNotificationsMachine.ts';
import { outboxMachine } from './outboxMachine.ts';
import { shareMachine } from './shareMachine.ts';
// Comments (issue 6).
import { commentAttachmentMachine, commentPostingMachine } from './commentPostingMachine.ts';
import { commentsMachine } from './commentsMachine.ts';
// Review requests (issue 7).
import { requestDialogMachine } from './requestDialogMachine.ts';
import { reviewRequestsMachine } from './reviewRequestsMachine.ts';
// Translation editor (issue 8).
import { translationMachine } from './translationMachine.ts';
import { SMALL_STORYLINE_FILE } from '../domain/translation.fixtures.ts';
// Translation tools (issue 9).
import { memoryReportMachine } from './memoryReportMachine.ts';
import { suggestionActorId, suggestionsMachine } from './suggestionsMachine.ts';
import { surveysMachine } from './surveysMachine.ts';
import { walkthroughMachine } from './walkthroughMachine.ts';
import { itemStackMachine } from './itemStackMachine.ts';
import { gridDownloadMachine } from './gridDownloadMachine.ts';
// The translate tab's lifecycles kept in machines rather than its views (see the block before the registry).
import { audioDrawerMachine } from './translation/audioDrawerMachine.ts';
import { duplicateReviewMachine } from './translation/duplicateReviewMachine.ts';

/** Payload cases for one event type: each case is the event without its `type`. */
export type EventCases = Record<string, ReadonlyArray<Record<string, unknown>>>;

export interface RegistryEntry {
  name: string;
  machine: AnyStateMachine;
  description: string;
  /** Payloads for events that carry data, including adapter outputs (`xstate.done.actor.<id>`). */
  cases: EventCases;
  /** Input for machines that need one to start (path generation and tests use it). */
  input?: unknown;
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

const folder = (id: number, name: string, parent: number, folderType: 'private' | 'shared' | 'deleted', role: string | null = null) => ({ id, name, parent, folderType, role });
const FOLDERS = [folder(12, 'Onboarding', 0, 'private'), folder(13, 'Old drafts', 0, 'deleted'), folder(20, 'Team library', 0, 'shared', 'owner')];
const person = { userId: 'u-alex', fullName: 'Alex Admin', avatar: null };
const ITEM = {
  id: 'i1',
  title: 'Intro course',
  product: 'storyline',
  type: null,
  userId: 'u-alex',
  owner: person,
  updatedBy: person,
  updatedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  folderId: 12,
  hash: 'h1',
  archivedAt: null,
  isArchived: false,
  isStack: false,
  stackSize: 0,
  thumbnailUrl: null,
  isPrivate: true,
};
const refusal = (reason: string, message: string) => ({ error: { name: 'ContentRequestError', reason, message } });
/** A change the client could not send (offline) or whose answer it lost: kept pending and asked again. */
const lost = (delivery: 'unsent' | 'unanswered') => ({ error: { name: 'ContentRequestError', reason: 'serverError', message: 'The connection dropped.', delivery } });

// Uploads and the item view (issue 5): versions, items and files as the protocol carries them.
const version = (number: number, state: string, userId = 'u-alex', key = `review/uploads/k${number}/intro.zip`) => ({
  id: `v${number}`,
  number,
  createdAt: '2026-11-21T10:00:00.000Z',
  package: { key, md5_checksum: null },
  thumbnail: null,
  thumbnailUrl: null,
  progress: state === 'uploading' ? 0.5 : 1,
  state,
  userId,
  hidden: false,
  contentPrefix: state === 'ready' ? `/packages/v${number}/` : null,
  playerFile: state === 'ready' ? 'story.html' : null,
  mediaUrl: null as string | null,
  posterUrl: null,
  fileName: 'intro.zip',
  size: 1024,
  meta: null,
});
const detail = (versions: ReturnType<typeof version>[], over: Record<string, unknown> = {}) => ({
  ...ITEM,
  projectId: null,
  originalUserId: 'u-alex',
  uploader: person,
  versions,
  latestVersion: versions.at(-1) ?? null,
  allowAnonComments: false,
  hasPassword: false,
  enableComments: true,
  isUploading: false,
  uploadProgress: 1,
  isErrored: false,
  showTranslationsTab: false,
  folderName: 'Onboarding',
  actions: ['viewItem', 'restoreItem'],
  isOwner: true,
  ...over,
});
const FILE = { fileId: 'f1', name: 'intro.zip', size: 1024, type: 'application/zip' };
const UPLOADING_KEY = 'review/uploads/k1/intro.zip';
const entry = (status: string, over: Record<string, unknown> = {}) => ({
  uploadId: 'upload-1',
  fileName: 'intro.zip',
  size: 1024,
  status,
  progress: 0.5,
  itemId: 'i1',
  error: null,
  versionKey: UPLOADING_KEY,
  unsupported: null,
  ...over,
});
const push = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, ...data } });
const itemRequest = (itemId: string, versionQuery: number | null, password: string | null = null) => ({ itemId, tab: 'review', versionQuery, reviewRequest: null, password });
const VIDEO_VERSIONS = [1, 2].map((n) => ({ ...version(n, 'ready'), contentPrefix: null, playerFile: null, mediaUrl: `/blobs/review/transcode/k${n}/demo.mp4`, fileName: 'demo.mp4' }));
const itemAnswers = [
  { output: { item: detail(VIDEO_VERSIONS, { product: 'video' }) } },
  { output: { item: detail([version(1, 'ready'), version(2, 'ready')]) } },
  { output: { item: detail([version(1, 'uploading')]) } },
  { output: { item: detail([version(1, 'unpackFailed')]) } },
  { output: { item: detail([]) } },
  { output: 'not an item' },
];
const itemRefusals = [refusal('passwordFailed', 'Password required.'), refusal('accessDenied', 'Private item.'), refusal('notFound', 'No such item.'), refusal('serverError', 'The service could not be reached.')];

// Sharing, per-item notifications and the outbox (issue 6): answers as domain/sharing.ts and domain/comments.ts carry them.
const sharePerson = (userId: string, email: string, reasons: string[], role: number) => ({
  userId,
  profile: { firstName: userId, lastName: '', email, links: { micro: null } },
  reasons,
  role,
});
const SHARE_PEOPLE = [sharePerson('u-alex', 'alex.admin@example.com', ['owner'], 2), sharePerson('u-sam', 'sam@example.com', ['explicit'], 0)];
const shareSettings = (isPrivate: boolean, hasPassword = false) => ({ isPrivate, allowAnonComments: !isPrivate, hasPassword });
const subscription = (level: string) => ({ output: { subscription: { itemId: 'i1', level, userId: 'u-alex' } } });
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
const httpRefusal = (status: number, message: string) => ({ error: { name: 'HttpError', status, message } });

// Comments (issue 6): records, subjects and answers as domain/comments.ts carries them.
const blocks = (text: string) => ({ blocks: [{ key: 'b0', text, type: 'unstyled', entityRanges: [] }], entityMap: {} });
const commentRecord = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  itemId: 'i1',
  versionId: 'v2',
  currentVersionId: 'v2',
  archiveVersionId: null,
  body: `Comment ${id}`,
  content: blocks(`Comment ${id}`),
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  currentTime: null,
  slideId: 's1',
  replyTo: null,
  isParent: true,
  resolved: false,
  isResolved: false,
  locked: false,
  readBy: [],
  userId: 'u-alex',
  userEmail: null,
  userKey: 'u-alex',
  profile: { fullName: 'Alex Admin', email: 'alex.admin@example.com', avatar: null },
  attachments: [] as Record<string, unknown>[],
  snapshot: null,
  hash: `h-${id}`,
  ...over,
});
const PARENT = commentRecord('c1', { attachments: [{ id: 'a1', title: 'notes.pdf', key: 'review/attachments/k1/notes.pdf', state: 'uploaded', delaySave: true, size: 2048, url: null }] });
const REPLY = commentRecord('c2', { replyTo: 'c1', isParent: false, userId: 'u-sam', userKey: 'u-sam', profile: { fullName: 'Sam Seat', email: 'sam@example.com', avatar: null } });
const OTHERS = commentRecord('c3', { userId: 'u-sam', userKey: 'u-sam', createdAt: '2026-11-21T11:00:00.000Z' });
const commentsSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i1',
  pass: null,
  versionId: 'v2',
  latestVersionId: 'v2',
  family: 'slide',
  slideIds: ['s1', 's2'],
  viewer: { key: 'u-alex', userId: 'u-alex', anonymousEmail: null },
  facts: { isOwner: true, actions: ['viewItem', 'enableComments'], enableComments: true, allowAnonComments: false },
  outOfDate: false,
  ...over,
});
const commentList = (comments: unknown[], enableComments = true) => ({ output: { comments, enableComments, allowAnonComments: false } });
const commentPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, itemId: 'i1', ...data } });
const placement = (blockedBy: string | null = null) => ({ itemId: 'i1', pass: null, versionId: 'v2', family: 'slide', slideId: 's1', currentTime: null, blockedBy });
const ATTACHMENT_FILE = { fileId: 'f5', name: 'notes.pdf', size: 2048, type: 'application/pdf' };
const MD5_HEX = '0cc175b9c0f1b6a831c399e269772661';

// Review requests (issue 7): rows and answers as domain/reviewRequests.ts carries them.
const reviewRow = (id: string, email: string, reviewerAID: string | null, status: string, over: Record<string, unknown> = {}) => ({
  id,
  itemId: 'i1',
  email,
  displayName: email,
  status,
  reviewerAID,
  requesterDisplayName: 'Alex Admin',
  createdAt: '2026-11-21T10:00:00.000Z',
  dueDate: '2026-12-01',
  completedAt: status === 'complete' ? '2026-11-22T10:00:00.000Z' : null,
  customMessage: null,
  isInStack: false,
  avatars: { small: null },
  userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 },
  action: null,
  ...over,
});
const reviewSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i1',
  pass: null,
  isOwner: false,
  viewer: { userId: 'u-sam', anonymousEmail: null },
  reviewRequestId: 'rr1',
  isInStack: false,
  timeZone: 'UTC',
  ...over,
});
const FREQUENT = [{ email: 'kim@example.com', displayName: 'Kim', avatars: { small: null } }];
const reviewPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i1', event, data: { messageId: `m-${event}`, itemId: 'i1', ...data } });

// Translation editor (issue 8): a small Storyline file (one scene, two slides), its validation and stack.
const TR_SLIDE1 = '["sc1","sl1"]';
const TR_T1 = '["sc1","sl1","t1"]';
const TR_T2 = '["sc1","sl1","t2"]';
const TR_T3 = '["sc1","sl2","t3"]';
const trChange = (vs: string, newValue: string, status = 'pending') => ({
  validationSegmentId: vs,
  status,
  replacement: { newValue, unsavedValue: null },
  proposedBy: 'u-kim',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});
const trSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i-fr',
  versionId: 'v2',
  versionNumber: 2,
  isLatestVersion: true,
  pass: null,
  userId: 'u-vera',
  email: 'vera.validator@example.com',
  canTranslate: true,
  ...over,
});
const TR_VALIDATION = {
  validationId: 'val-1',
  translationFilePath: 'translations/i-fr/v2.json',
  paths: { [TR_T2]: trChange('vs2', 'Salut %UserName%'), '["sc1","sl2","t3"]': trChange('vs3', 'Au revoir') },
  progressDetails: {},
  updates: {},
  profiles: {},
  showCourseUpdates: false,
};
const TR_STACK = {
  stackId: 'st1',
  sourceLocale: 'en',
  entries: [
    { itemId: 'i-en', title: 'Course', locale: 'en', role: 'source', progress: null },
    { itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: null },
  ],
};
/**
 * Issue 9's paths need a file with a duplicate source (t3 "Hello" like t1: save to all) and over SEARCH_DEFER_ABOVE
 * hits (t1's target repeats "mot": the deferred navigation).
 */
const TR_TOOLS_FILE = (() => {
  const file = JSON.parse(JSON.stringify(SMALL_STORYLINE_FILE)) as { children: { children: { children: { id: string; source: string; target: string }[] }[] }[] };
  const [slide1, slide2] = file.children[0]!.children;
  slide1!.children[0]!.target = `fr ${'mot '.repeat(600)}`.trim();
  slide2!.children[0]!.source = 'Hello';
  return file;
})();
const TR_PREVIOUS = { validationId: 'val-0', translationFilePath: 'translations/i-fr/v1.json', paths: {}, versionNumber: 1, versionCreatedAt: '2026-10-01T10:00:00.000Z' };
const trPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i-fr', event, data: { messageId: `m-${event}`, itemId: 'i-fr', validationId: 'val-1', ...data } });

// Translation tools (issue 9): a suggestion request and answers, memory reports, survey answers, walkthrough steps.
const TOOL_REQUEST = {
  translationItem: { path: TR_T1, validationSegmentId: 'vs1', textType: 'text', source: 'Hello', target: 'Bonjour' },
  targetLocale: 'fr',
  sourceLocale: 'en',
  extractedSourceText: 'Hello',
  extractedTranslatedText: 'Bonjour',
  validationId: 'val-1',
};
const TOOL_SUGGESTION = { target: 'Bonjour à tous', context: 'Addresses the whole audience.', confidence: 0.87 };
const TOOL_RESULT = { model: 'translation-memory', originalContext: 'Accurate.', originalRating: 0.8, suggestions: [TOOL_SUGGESTION] };
const memoryReport = (status: string, over: Record<string, unknown> = {}) => ({
  id: 'mr1',
  validationId: 'val-1',
  status,
  sourceLanguage: 'en',
  targetLanguage: 'fr',
  formality: 'default',
  message: null,
  requestedAt: '2026-11-22T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-22T10:00:03.000Z' : null,
  reportItems: status === 'completed' ? [{ path: TR_T1, inputSegment: 'Hello', memoryHits: [{ metricValue: 0.9, similarSegment: 'Hello!', origin: 'Onboarding course (fr)', translations: ['Bonjour !'] }] }] : [],
  ...over,
});
const WALKTHROUGH_STEPS = [
  { id: 'segments', highlightSelector: '[data-walkthrough="segments"]' },
  { id: 'complete', highlightSelector: '[data-walkthrough="complete"]', altButton: true },
];

// ---------------------------------------------------------------------------------------------------------
// The translate tab's lifecycles kept in machines rather than its views: the audio drawer and the duplicate review
// dialog (machines of their own), and
// the events that the memory report's dialog, smart review's button, the survey answers (which `surveys.submit` now
// sends: its cases replace the ones above) and the segment review false door added to their machines. The entry is
// appended to the registry and the cases merged into their machines' entries just after it.
const TRANSLATE_TAB_ENTRIES: RegistryEntry[] = [
  {
    name: 'audioDrawer',
    machine: audioDrawerMachine,
    description: "The translate tab's audio drawer: closed → open ('Validate audio elements') → closed by close, or by a segment chosen, which tells the translation actor to go to it (translation-editor §2).",
    cases: { 'audioDrawer.goTo': [{ key: TR_T1 }] },
  },
  {
    name: 'duplicateReview',
    machine: duplicateReviewMachine,
    description: "The translate tab's duplicate review dialog: closed → open for the edited segment's duplicates ('Show duplicates') → closed by close, or by a duplicate chosen, which tells the translation actor to go to it (translation-editor §2).",
    cases: { 'duplicateReview.open': [{ key: TR_T1 }], 'duplicateReview.goTo': [{ key: TR_T1 }] },
  },
];
const TRANSLATE_TAB_CASES: Record<string, EventCases> = {
  memoryReport: { 'memoryReport.goToSegment': [{ path: TR_T1 }] },
  suggestions: { 'suggestions.pressSmartReview': [{ key: TR_T1, request: TOOL_REQUEST, duplicateKeys: [] }] },
  surveys: {
    'surveys.choose': [
      { option: 'adjustTone', checked: true },
      { option: 'requestsEarlyAccess', checked: true },
    ],
    'surveys.rate': [{ positive: true }],
    'surveys.write': [{ slug: 'translation-progress', text: '  Smooth so far.  ' }],
    'surveys.ask': [{ slug: 'translation-progress' }],
    'surveys.submit': [{ slug: 'translation-progress' }, { slug: 'smart-review-survey' }],
  },
};

/** The one registry: charts, path generation, generated tests and replay all read it. */
export const registry: readonly RegistryEntry[] = [
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
      'dashboard.hashRead': [{ hash: 'activateReach' }, { hash: 'reachActivated' }],
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
    name: 'folders',
    machine: foldersMachine,
    description: 'The folder list as a projection of events: load, refetch on reconnect, pushes, and optimistic changes sent one at a time with exact rollback and the error dialog; insert time-out 15000 ms; shared-folder permissions and team groups (review-and-content §4, §5, §7).',
    cases: {
      'folder.create': [{ parentId: 'PRIVATE_CONTENT', name: 'Drafts' }, { parentId: 13, name: 'Inside trash' }],
      'folder.rename': [{ id: 12, name: 'Welcome' }],
      'folder.destroy': [{ id: 12 }],
      'folder.restore': [{ id: 13 }],
      'folder.bulkArchive': [{ ids: [12] }],
      'folder.bulkDestroy': [{ ids: [13] }],
      'folder.bulkMove': [{ ids: [12], destination: 20, destinationFolderName: 'Team library' }, { ids: [12], destination: 20, destinationFolderName: 'Team library', confirmed: true }],
      'folder.destroyArchived': [{ id: 13 }],
      'content.push': [
        { push: { name: 'folder.updateHashed', data: { folders: [folder(12, 'Onboarding', 0, 'deleted')] } } },
        { push: { name: 'folder.hardDeleted', data: { ids: [12] } } },
      ],
      'xstate.done.actor.fetchFolders': [{ output: { folders: FOLDERS } }, { output: { folders: 'not a list' } }],
      'xstate.error.actor.fetchFolders': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.refetchFolders': [{ output: { folders: FOLDERS } }, { output: null }],
      'xstate.error.actor.refetchFolders': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendFolderChange': [{ output: { folder: folder(31, 'Drafts', 0, 'private'), clientRef: 'c1' } }, { output: { folders: [folder(12, 'Welcome', 0, 'private')] } }],
      'xstate.error.actor.sendFolderChange': [refusal('forbidden', 'Your role does not allow this.'), refusal('notFound', 'No such folder.'), lost('unsent'), lost('unanswered')],
      'content.clientId': [{ clientId: 'c0ffee' }],
    },
  },
  {
    name: 'folderSettings',
    machine: folderSettingsMachine,
    description: "The shared-folder settings: the folder's permission entries (read-only without changePermissions), the team's groups and members on demand, an optimistic save rolled back on refusal (review-and-content §2, §6, §7).",
    cases: {
      'folderSettings.open': [{ folderId: 20 }],
      'folderSettings.save': [{ entries: [{ principalId: 'u-sam', principalType: 'user', role: 'viewer', inherited: false, name: 'Sam Seat', email: 'sam@example.com', avatar: null }] }],
      'xstate.done.actor.fetchPermissions': [{ output: { entries: [], canChange: true } }, { output: { entries: [], canChange: false } }],
      'xstate.error.actor.fetchPermissions': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.savePermissions': [{ output: { entries: [], canChange: true } }],
      'xstate.error.actor.savePermissions': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.fetchTeam': [{ output: { groups: [{ id: 'g1', name: 'Designers', type: 'group' }], members: [] } }],
      'xstate.error.actor.fetchTeam': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'grid',
    machine: gridMachine,
    description: 'The item grid: folder and page from the route, search (100 ms debounce, Escape clears), product filter, one page of items with loading/ready/failed/not found, selection, optimistic item changes (stacks over HTTP), live pushes and the page rewrite (review-and-content §2, §4, §5, §7).',
    cases: {
      'grid.open': [{ folderId: 12, page: 1 }, { folderId: 12, page: 2 }],
      'grid.search': [{ text: 'intro' }],
      'grid.filter': [{ product: 'rise' }],
      'grid.select': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.toggleSelect': [{ itemId: 'i1' }],
      'grid.rename': [{ id: 'i1', title: 'Intro course v2' }],
      'grid.duplicate': [{ id: 'i1', title: 'copy of Intro course' }],
      'grid.trash': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.restore': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.destroyForever': [{ itemIds: ['i1'], folderIds: [] }],
      'grid.move': [{ itemIds: ['i1'], folderIds: [], destination: 20, destinationFolderName: 'Team library' }],
      'grid.signedIn': [{ userId: 'u-alex' }],
      'grid.foldersGone': [{ ids: [12] }],
      'content.push': [
        { push: { name: 'item.updateHashed', data: { item: { ...ITEM, title: 'Renamed elsewhere' } } } },
        { push: { name: 'item.refresh', data: { folderId: null } } },
      ],
      'xstate.done.actor.fetchItems': [{ output: { items: [ITEM], count: 1, page: 1 } }, { output: { items: [], count: 20, page: 2 } }, { output: 'not a page' }],
      'xstate.error.actor.fetchItems': [refusal('notFound', 'No such folder.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.refetchItems': [{ output: { items: [ITEM], count: 1, page: 1 } }, { output: null }],
      'xstate.error.actor.refetchItems': [refusal('notFound', 'No such folder.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendItemChange': [{ output: { items: [ITEM] } }],
      'xstate.error.actor.sendItemChange': [refusal('forbidden', 'Your role does not allow this.'), lost('unsent')],
      'content.clientId': [{ clientId: 'c0ffee' }],
    },
  },
  {
    name: 'dialogs',
    machine: dialogsMachine,
    description: 'The content dialogs, one at a time: open request then open on the next frame, close after 100 ms; no move dialog without folders; confirm hands the action to grid or folders; refusals show inside; access denied closes to private content (review-and-content §2, §4).',
    cases: {
      'dialogs.open': [
        { dialog: { kind: 'trash', itemIds: ['i1'], folderIds: [], name: 'Intro course' } },
        { dialog: { kind: 'move', itemIds: ['i1'], folderIds: [], name: 'Intro course', hasFolders: true } },
        { dialog: { kind: 'move', itemIds: ['i1'], folderIds: [], name: 'Intro course', hasFolders: false } },
        { dialog: { kind: 'newFolder', parentId: 'PRIVATE_CONTENT' } },
        { dialog: { kind: 'accessDenied' } },
        { dialog: { kind: 'error', operation: 'move', reason: 'forbidden', message: 'Error updating items', retry: { target: 'grid', event: { type: 'grid.trash', itemIds: ['i1'], folderIds: [] } } } },
      ],
      'dialogs.submitName': [{ name: 'Drafts' }, { name: '   ' }],
      'dialogs.chooseDestination': [{ destination: 20, destinationFolderName: 'Team library' }],
      'dialogs.createFolder': [{ parentId: 20, name: 'New' }],
      'dialogs.refused': [{ reason: 'tooDeep' }],
    },
  },
  {
    name: 'drag',
    machine: dragMachine,
    description: 'Drag and drop of items and folders: the 99+ count label, a closed folder hovered 1000 ms opens, a drop moves (or trashes on the trash root) through the grid; archived items cannot be dragged (review-and-content §2, §4, §9).',
    cases: {
      'drag.start': [
        { items: [{ id: 'i1', isArchived: false, archivedAt: null }], folderIds: [] },
        { items: [{ id: 'i2', isArchived: true, archivedAt: '2026-11-20T10:00:00.000Z' }], folderIds: [] },
      ],
      'drag.over': [
        { folderId: 12, isOpen: false },
        { folderId: 20, isOpen: false },
        { folderId: 'SHARED_CONTENT', isOpen: true },
      ],
      'drag.leave': [{ folderId: 12 }],
      'drag.drop': [{ folderId: 20, folderName: 'Team library' }, { folderId: 'DELETED', folderName: null }],
    },
  },
  {
    name: 'upload',
    machine: uploadMachine,
    description:
      'One upload: pending (file checks, MD5 in a worker, upload URL, item.create / item.upload) → uploading (PUT; no progress for 2000 ms marks it uploadFailed) → preparing (server processing) → uploaded; error with retry (a new file) and a silent cancel that deletes the version (review-and-content §4, §5, §7, §8).',
    input: { uploadId: 'upload-1', fileId: 'f1', fileName: 'intro.zip', size: 1024, type: 'application/zip', target: { kind: 'newItem', folderId: 12 } },
    cases: {
      'upload.hashProgress': [{ fraction: 0.5 }],
      'upload.hashed': [{ md5: '0cc175b9c0f1b6a831c399e269772661' }],
      'upload.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'upload.progress': [
        { loaded: 512, total: 1024 },
        { loaded: 1024, total: 1024 },
      ],
      'upload.putFailed': [{ status: 0, message: 'Network error' }],
      'upload.versionUpdated': [
        { version: version(1, 'ready'), deleted: false },
        { version: version(1, 'unpackFailed'), deleted: false },
        { version: version(1, 'uploadFailed'), deleted: true },
      ],
      'upload.retry': [{ file: { fileId: 'f2', name: 'intro-fixed.zip', size: 2048, type: 'application/zip' } }],
      'xstate.done.actor.inspectFile': [
        { output: { ok: true, kind: 'storyline', product: 'storyline', title: 'intro', contentType: 'application/zip' } },
        { output: { ok: true, kind: 'video', product: 'video', title: 'intro', contentType: 'video/mp4' } },
        { output: { ok: false, reason: 'blockedExtension', detail: '.exe files are programs or scripts and cannot be uploaded.' } },
      ],
      'xstate.error.actor.inspectFile': [{ error: { name: 'NotReadableError', message: 'The file could not be read.' } }],
      'xstate.done.actor.requestUploadUrl': [{ output: { key: UPLOADING_KEY, url: 'http://localhost/api/uploads/put/t1', type: 'application/zip' } }],
      'xstate.error.actor.requestUploadUrl': [{ error: { name: 'HttpError', status: 400, message: 'keyPrefix is not allowed' } }],
      'xstate.done.actor.createItem': [{ output: { item: detail([version(1, 'uploading')]), version: version(1, 'uploading') } }, { output: 'not an item' }],
      'xstate.error.actor.createItem': [refusal('forbidden', 'Your role does not allow this.')],
      'xstate.done.actor.uploadVersion': [
        { output: { item: detail([version(1, 'ready'), version(2, 'uploading', 'u-alex', UPLOADING_KEY)]), version: version(2, 'uploading', 'u-alex', UPLOADING_KEY) } },
        { output: null },
      ],
      'xstate.error.actor.uploadVersion': [refusal('uploadNotAllowed', 'A stack takes no versions.')],
      'xstate.error.actor.markUploadFailed': [refusal('invalidRequest', 'The version is not uploading.')],
      'xstate.error.actor.deleteVersion': [refusal('versionReady', 'The version is ready.')],
    },
  },
  {
    name: 'uploads',
    machine: uploadsMachine,
    description:
      "The uploads manager: one upload per file, the list the persistent spinner toast shows, 'upload complete' and failed toasts (10 s), the session told whether uploads are in progress (leave-page warning, sign-out question), cancel-all on sign-out, the file-not-supported dialog (review-and-content §4, §8; foundation §1, §8).",
    cases: {
      'uploads.add': [
        { files: [FILE], target: { kind: 'newItem', folderId: 12 } },
        { files: [FILE, { ...FILE, fileId: 'f2', name: 'demo.mp4', type: 'video/mp4' }], target: { kind: 'newVersion', itemId: 'i1', product: 'storyline' } },
      ],
      'uploads.cancel': [{ uploadId: 'upload-1' }],
      'uploads.retry': [{ uploadId: 'upload-1', file: { ...FILE, fileId: 'f3' } }],
      'upload.changed': [
        entry('uploading'),
        entry('uploaded', { progress: 1 }),
        entry('error', { error: { reason: 'stalled', message: 'No upload progress for 2000 ms' } }),
        entry('error', { itemId: null, versionKey: null, error: { reason: 'invalidFile', message: 'Not a zip' }, unsupported: { fileName: 'intro.zip', reason: 'contentMismatch', detail: 'Not a zip' } }),
        entry('canceled'),
      ],
      'uploads.versionUpdated': [{ itemId: 'i1', version: version(1, 'ready'), deleted: false }],
    },
  },
  {
    name: 'item',
    machine: itemMachine,
    input: { userId: 'u-alex' },
    description:
      'The item view: load (loading, fetch success, failed to fetch, unauthorized with the password dialog, private item access denied, not found), the shown version (processing, failed processing, ready, deleted version), live pushes (new version: move + toast, or the out-of-date dialog), restore version, cancel or retry of a failed upload, backup and video downloads (review-and-content §2, §4, §5, §7, §8).',
    cases: {
      'item.open': [itemRequest('i1', null), itemRequest('i1', 1), itemRequest('i2', null, 'letmein')],
      // The same viewer as the input: the transition is driven without doubling the states the search visits.
      'item.viewerChanged': [{ userId: 'u-alex', anonymousEmail: null }],
      'item.submitPassword': [{ password: 'letmein' }],
      'item.restoreVersion': [{ version: 1 }, { version: 2 }],
      'item.retryUpload': [{ file: FILE }],
      'realtime.message': [
        push('item.versionCreated', { itemId: 'i1', version: version(3, 'uploading', 'u-sam'), item: detail([]) }),
        push('item.versionUpdated', { itemId: 'i1', version: version(1, 'ready'), deleted: false }),
        push('item.versionUpdated', { itemId: 'i1', version: version(1, 'uploadFailed'), deleted: false }),
        push('item.versionUpdated', { itemId: 'i1', version: version(2, 'ready'), deleted: true }),
        push('item.softDeleteHashed', { id: 'i1', folderId: 12, hash: 'h2' }),
        push('item.backupUpdated', { itemId: 'i1', backup: { id: 'b1', version: 2, status: 'ready' } }),
      ],
      'realtime.reconnected': [{ namespace: '/item/i1' }],
      'xstate.done.actor.fetchItem': itemAnswers.filter((_, i) => i !== 1),
      'xstate.error.actor.fetchItem': itemRefusals,
      'xstate.done.actor.checkPassword': [itemAnswers[1]!, itemAnswers.at(-1)!],
      'xstate.error.actor.checkPassword': itemRefusals,
      'xstate.done.actor.refetchItem': [itemAnswers[1]!, itemAnswers.at(-1)!],
      'xstate.error.actor.refetchItem': itemRefusals,
      'xstate.done.actor.restoreVersion': [{ output: { item: detail([version(1, 'ready'), version(2, 'ready'), version(3, 'ready')]) } }, { output: null }],
      'xstate.error.actor.restoreVersion': [refusal('invalidRequest', 'The latest version cannot be restored.')],
      'xstate.done.actor.deleteVersion': [{ output: { item: null } }, { output: { item: detail([version(1, 'ready')]) } }, { output: 'not an answer' }],
      'xstate.error.actor.deleteVersion': [refusal('versionReady', 'The version is ready.')],
      'xstate.done.actor.listBackups': [
        { output: [{ id: 'b1', version: 2, status: 'ready' }] },
        { output: [{ id: 'b1', version: 2, status: 'created' }] },
        { output: [] },
      ],
      'xstate.done.actor.fetchBackupUrl': [{ output: 'http://localhost/api/downloads/t2' }, { output: '' }],
      'xstate.done.actor.presignDownload': [{ output: { url: 'http://localhost/api/downloads/t3', fileName: 'Intro course.mp4' } }, { output: {} }],
    },
  },
  {
    name: 'comments',
    machine: commentsMachine,
    description:
      'The comments of the open item: load (comment.find) → ready | error with retry; the list as a projection of the server list and optimistic changes (resolve/reopen, delete, mark read, mark all read, comments on/off, attachment removal) sent one at a time with exact rollback; live pushes; a quiet refetch on refresh or reconnect; mention suggestions; sort (persisted) and show resolved; the composers with their placement (review-and-content §3–§8).',
    cases: {
      // One case per event where another would only multiply the states the path search visits (the view's
      // preferences and the connection keep their defaults here; tests/machines/commentsMachine.test.ts drives them).
      'comments.open': [commentsSubject(), commentsSubject({ itemId: 'i2', family: 'video', slideIds: [] })],
      'comments.itemChanged': [commentsSubject({ latestVersionId: 'v3' }), commentsSubject({ itemId: 'i2', family: 'video', slideIds: [] })],
      'comments.prefsLoaded': [{ stored: '{"sort":"slide"}' }],
      'comments.sort': [{ sort: 'slide' }],
      'comments.showResolved': [{ show: false }],
      'comments.slideChanged': [{ slideId: null }],
      'comments.slideTracking': [{ tracking: false }],
      'comments.videoTime': [{ seconds: 12.5 }],
      'comments.connectionChanged': [{ online: true }],
      'comments.resolve': [{ id: 'c1', resolved: true }],
      'comments.destroy': [{ id: 'c3' }],
      'comments.threadClicked': [{ id: 'c1' }],
      'comments.setEnabled': [{ enabled: false }],
      'comments.removeAttachment': [{ commentId: 'c1', attachmentId: 'a1' }],
      'comments.mentionQuery': [{ query: 'sa' }],
      'comments.compose': [{ target: { kind: 'reply', parentId: 'c1' } }, { target: { kind: 'edit', commentId: 'c1' } }],
      'comments.discard': [{ composerId: 'composer-reply-c1' }],
      'posting.stored': [{ composerId: 'composer-new', comment: commentRecord('c4', { createdAt: '2026-11-21T12:00:00.000Z' }) }],
      'posting.refused': [{ composerId: 'composer-new', reason: 'oldItemVersion' }],
      'posting.finished': [{ composerId: 'composer-reply-c1', outcome: 'saved' }],
      'realtime.message': [
        commentPush('comment.insert', { comment: commentRecord('c5', { userId: 'u-sam', userKey: 'u-sam' }) }),
        commentPush('comment.setResolved', { comments: [{ ...PARENT, resolved: true, isResolved: true }] }),
        commentPush('comment.refresh', { enableComments: false, allowAnonComments: true }),
        commentPush('comment.insert', { comment: 'not a comment' }),
      ],
      'realtime.reconnected': [{ namespace: '/item/i1' }],
      'xstate.done.actor.findComments': [commentList([PARENT, REPLY, OTHERS]), { output: 'not a list' }],
      'xstate.error.actor.findComments': [refusal('passwordFailed', 'Password required.')],
      'xstate.done.actor.refetchComments': [commentList([PARENT, REPLY]), { output: 'not a list' }],
      'xstate.error.actor.refetchComments': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.sendChange': [{ output: { comments: [{ ...PARENT, resolved: true, isResolved: true }] } }, { output: { ids: ['c2', 'c3'], readerId: 'u-alex' } }, { output: null }],
      'xstate.error.actor.sendChange': [refusal('locked', 'The comment is locked.')],
      'xstate.done.actor.mentionAvailable': [{ output: { suggestions: [{ userId: 'u-sam', email: 'sam@example.com', firstName: 'Sam', lastName: 'Seat', avatar: null, userType: 'user' }] } }, { output: null }],
      'xstate.error.actor.mentionAvailable': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'commentPosting',
    machine: commentPostingMachine,
    input: { composerId: 'composer-new', target: { kind: 'new' }, placement: placement() },
    description:
      "One comment composer (new comment, reply or edit): the draft (content, attachments uploading → uploaded | error, an optional snapshot), the §5 checks before sending, posting (waits for uploads; comment.insert / reply / update), pending snapshot → snapshot upload (request, PUT, comment.update) → done; 'While adding comment:' failures, the draft restored for oldItemVersion, cancel clears everything (review-and-content §3, §4, §5, §8).",
    cases: {
      'posting.change': [{ content: blocks('Looks good') }, { content: blocks('   ') }, { content: blocks('x'.repeat(1_501)) }],
      'posting.focus': [{ currentTime: 12 }],
      'posting.addAttachments': [{ files: [ATTACHMENT_FILE] }, { files: [{ ...ATTACHMENT_FILE, fileId: 'f6', name: 'huge.mov', size: 6_000_000_000 }] }],
      'posting.removeAttachment': [{ attachmentId: 'attachment-1' }],
      'posting.setSnapshot': [{ snapshot: { fileId: 'f9', size: 4096, width: 1280, height: 720, isAnnotation: false, extension: 'png' } }],
      'posting.placement': [{ placement: placement('offline') }, { placement: placement() }],
      'attachment.changed': [
        { attachmentId: 'attachment-1', state: 'uploaded', key: 'review/attachments/k5/notes.pdf', progress: 1, message: null, comment: null },
        { attachmentId: 'attachment-1', state: 'error', key: '', progress: 0, message: 'This file type is not supported as an attachment.', comment: null },
      ],
      'file.hashed': [{ md5: MD5_HEX }],
      'file.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'file.putFailed': [{ status: 0, message: 'The upload could not reach the server.' }],
      'xstate.done.actor.saveComment': [{ output: { comment: commentRecord('c4') } }, { output: null }],
      'xstate.error.actor.saveComment': [refusal('oldItemVersion', 'The item has a newer version.'), refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.requestSnapshotUpload': [{ output: { url: 'http://localhost/api/uploads/put/s1', type: 'image/png', key: 'review/snapshots/k1/snapshot.png' } }, { output: {} }],
      'xstate.error.actor.requestSnapshotUpload': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.attachSnapshot': [{ output: { comment: commentRecord('c4') } }, { output: null }],
      'xstate.error.actor.attachSnapshot': [refusal('forbidden', 'Only the author may add the snapshot.')],
    },
  },
  {
    name: 'commentAttachment',
    machine: commentAttachmentMachine,
    input: { attachmentId: 'attachment-1', file: ATTACHMENT_FILE, itemId: 'i1', pass: null, delaySave: false, commentId: 'c1' },
    description: 'One comment attachment: MD5, comment.attachmentPresign, the PUT, and for an existing comment (delaySave false) comment.attachmentInsert; uploaded or error (review-and-content §3 Comment attachment, §7).',
    cases: {
      'file.hashed': [{ md5: MD5_HEX }],
      'file.hashFailed': [{ message: 'Hashing failed: the worker stopped' }],
      'file.progress': [{ loaded: 1024, total: 2048 }],
      'file.putFailed': [{ status: 403, message: 'The signed address expired.' }],
      'xstate.done.actor.presignAttachment': [{ output: { url: 'http://localhost/api/uploads/put/a1', key: 'review/attachments/k5/notes.pdf', type: 'application/pdf' } }, { output: {} }],
      'xstate.error.actor.presignAttachment': [refusal('attachmentType', 'This file type is not supported as an attachment.')],
      'xstate.done.actor.insertAttachment': [{ output: { comment: PARENT } }, { output: null }],
      'xstate.error.actor.insertAttachment': [refusal('tooManyAttachments', 'You can attach a maximum of 5 files to a comment.')],
    },
  },
  {
    name: 'share',
    machine: shareMachine,
    description:
      "The share dialog of one item: permissions read (fetch error with try again), a public (anonymous comments, password) or private (people by e-mail) draft, save with the invalid-e-mails and error dialogs, leave-or-stay on unsaved changes, read-only without edit-metadata or ownership, copy link with 'copied' for 1,000 ms, share.updated pushes (review-and-content §2, §4–§9).",
    cases: {
      'share.open': [
        { itemId: 'i1', canChange: true, origin: 'http://localhost' },
        { itemId: 'i1', canChange: false, origin: 'http://localhost' },
      ],
      'share.setMode': [{ mode: 'public' }, { mode: 'private' }],
      'share.setAllowAnonComments': [{ value: true }],
      'share.setPasswordEnabled': [{ value: true }, { value: false }],
      'share.setPassword': [{ password: 'letmein' }],
      'share.addEmails': [{ text: 'kim@example.com, not-an-email, sam@example.com' }],
      'share.removePerson': [{ email: 'sam@example.com' }],
      'realtime.message': [{ namespace: '/item/i1', event: 'share.updated', data: { messageId: 'm-share', itemId: 'i1', ...shareSettings(false, true) } }],
      'xstate.done.actor.fetchSharePermissions': [{ output: { people: SHARE_PEOPLE, settings: shareSettings(true) } }, { output: { people: SHARE_PEOPLE, settings: shareSettings(false, true) } }, { output: null }],
      'xstate.error.actor.fetchSharePermissions': [httpRefusal(404, 'No such item.')],
      'xstate.done.actor.saveShare': [
        { output: { invalidEmails: ['ghost@example.com'], settings: shareSettings(true), people: SHARE_PEOPLE } },
        { output: { settings: shareSettings(false) } },
        { output: null },
      ],
      'xstate.error.actor.saveShare': [httpRefusal(403, 'Only the owner or editors can change sharing.')],
    },
  },
  {
    name: 'itemNotifications',
    machine: itemNotificationsMachine,
    description: "The per-item notification level popover (mine, all, mute; signed-in accounts): item.subscriptionFind, then item.subscriptionUpsert on a choice, each with an error and a retry (review-and-content §3, §7, §9; foundation §3).",
    cases: {
      'itemNotifications.open': [{ itemId: 'i1' }],
      'itemNotifications.select': [{ level: 'all' }, { level: 'mine' }],
      'xstate.done.actor.findSubscription': [subscription('mine'), { output: null }],
      'xstate.error.actor.findSubscription': [refusal('serverError', 'The service could not be reached.')],
      'xstate.done.actor.upsertSubscription': [subscription('all'), { output: null }],
      'xstate.error.actor.upsertSubscription': [refusal('serverError', 'The service could not be reached.')],
    },
  },
  {
    name: 'outbox',
    machine: outboxMachine,
    description: 'The notification outbox on /sandbox (staff): the notifications the reference service would have e-mailed, per level and frequency, optionally for one item, with a refresh (issue 6; domain/notifications.ts).',
    cases: {
      'outbox.open': [{ itemId: null }, { itemId: 'i1' }],
      'xstate.done.actor.fetchOutbox': [{ output: { entries: [OUTBOX_ENTRY] } }, { output: { entries: 'not a list' } }],
      'xstate.error.actor.fetchOutbox': [httpRefusal(403, 'Only staff may read the outbox.')],
    },
  },
  {
    name: 'reviewRequests',
    machine: reviewRequestsMachine,
    description:
      "The open item's review requests: bootstrap (canCRUD, rows, frequent reviewers; 404 → empty, a failure keeps its message), update-status viewed when opened through a request link, mark complete (inline error), reopen after confirming, the owner's re-request when all are complete, delete a reviewer (confirmation suppressible by a local setting) or the whole request, edit the due date, and the requestReview pushes (review-and-content §4, §6, §7, §8, §9).",
    cases: {
      // A reviewer opening their request link, and the owner.
      'reviewRequests.open': [reviewSubject(), reviewSubject({ isOwner: true, viewer: { userId: 'u-alex', anonymousEmail: null }, reviewRequestId: null })],
      'reviewRequests.settingsLoaded': [{ skipDeleteConfirm: true }],
      'reviewRequests.deleteReviewer': [{ id: 'rr2' }],
      'reviewRequests.confirm': [{ dontAskAgain: true }, {}],
      'reviewRequests.editDueDate': [
        { date: '2026-12-24', today: '2026-11-21' },
        { date: null, today: '2026-11-21' },
      ],
      'realtime.message': [
        reviewPush('requestReview.update', { reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'commented'), reviewRow('rr2', 'kim@example.com', null, 'complete')] }),
        reviewPush('requestReview.deleteRequest', { ids: ['rr2'] }),
        reviewPush('requestReview.deleteAllRequests', {}),
      ],
      'xstate.done.actor.bootstrapReviewRequests': [
        { output: { canCRUD: false, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'emailSent'), reviewRow('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: FREQUENT } },
        { output: { canCRUD: true, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'complete'), reviewRow('rr2', 'kim@example.com', null, 'complete')], frequentReviewers: FREQUENT } },
        { output: 'not an answer' },
      ],
      'xstate.error.actor.bootstrapReviewRequests': [httpRefusal(500, 'The service could not be reached.')],
      'xstate.done.actor.listReviewRequests': [{ output: { canCRUD: true, reviewRequests: [reviewRow('rr1', 'sam@example.com', 'u-sam', 'viewed')] } }],
      'xstate.error.actor.completeReview': [httpRefusal(403, 'Not your review.')],
      'xstate.error.actor.reopenReview': [httpRefusal(409, 'The review is not complete.')],
      'xstate.error.actor.reRequestReviews': [httpRefusal(403, 'Only the owner may re-request.')],
      'xstate.error.actor.deleteReviews': [httpRefusal(403, 'You cannot remove reviewers.')],
    },
  },
  {
    name: 'requestDialog',
    machine: requestDialogMachine,
    description:
      "The request-review dialog: reviewers by e-mail (pasted lists parsed; 'already added' / 'not found') or from the first 5 recent reviewers, custom message, due date (today or later), submit (disabled with no reviewer) with requesterTimeZone, isInStack and userTypes; request_review_error with the server's message closes it; leave-or-stay on unsaved content (review-and-content §4, §5, §8, §9).",
    cases: {
      'requestDialog.open': [{ itemId: 'i1', pass: null, frequentReviewers: FREQUENT, existing: ['sam@example.com'], excluded: ['alex.admin@example.com'], isInStack: false, requesterTimeZone: 'UTC' }],
      'requestDialog.addEntry': [{ text: 'lee@example.com, not-an-email' }, { text: 'sam@example.com' }],
      'requestDialog.removeReviewer': [{ email: 'lee@example.com' }],
      'requestDialog.pickRecent': [{ email: 'kim@example.com' }],
      'requestDialog.setMessage': [{ message: 'Please review by Friday.' }],
      'requestDialog.setDueDate': [
        { date: '2026-12-24', today: '2026-11-21' },
        { date: null, today: '2026-11-21' },
      ],
      'xstate.done.actor.createReviewRequest': [{ output: { requestedReviewers: [reviewRow('rr3', 'lee@example.com', null, 'emailSent')] } }],
      'xstate.error.actor.createReviewRequest': [httpRefusal(400, 'The due date is before today.')],
    },
  },
  {
    name: 'translation',
    machine: translationMachine,
    description:
      "The translate tab of the open item: stack → validation (item password) → CDN file → model (INIT, LOADING, TRANSLATION_FETCHED, CHANGES_PENDING, ERROR, SUBMITTING; fetch status), the language map (non-fatal), editing with the §5 rules (empty refused, no-op closes, locked / no permission / signed out / old Storyline refused), optimistic saves in batches with rollback and the server's reason, mark complete and reopen (confirmation suppressible), segment reset, and the realtime pushes, never overwriting the segment being edited; issue 9's tools region: find and replace (stepping deferred over 500 matches), replace all and save to all duplicates with their confirmations, values applied in one go (applyValues), the duplicate navigate cool-down (300 ms), the version diff and the reset dialogs; course updates mode; the validation re-read after a reconnect (translation-editor §2, §4, §5, §7, §8, §9).",
    cases: {
      // Payload-free defaults leave the view events (filter, groups, conflict choice) as no-ops: each would multiply
      // the snapshots the transition search walks; tests/machines/translation.test.ts drives them.
      'translation.open': [trSubject({ previousVersionId: 'v1' })],
      // The one filter with a read of its own (the previous version's edits); the others stay no-ops (above).
      'translation.setFilter': [{ filter: 'unimportedFromPreviousVersion' }],
      // t3 too (t1's duplicate, with a short text that keeps the edit in the search's snapshot key): saves and save to
      // all are reached in few steps, leaving the search room for the rest.
      'translation.startEdit': [{ key: TR_T1 }, { key: TR_T3 }],
      'translation.edit': [
        { key: TR_T1, value: 'Bonjour' },
        { key: TR_T3, value: 'Bonjour à tous' },
      ],
      'translation.markComplete': [{ navKey: TR_SLIDE1 }],
      'translation.reopen': [{ navKey: TR_SLIDE1 }],
      'translation.confirmReopen': [{ dontAskAgain: true }, { dontAskAgain: false }],
      'translation.resolveConflict': [{ keep: 'mine' }, { keep: 'theirs' }],
      'translation.resetSegment': [{ key: TR_T2 }],
      'translation.setSearchTerm': [{ term: 'mot' }],
      'translation.setReplaceValue': [{ value: 'terme' }],
      'translation.goToDuplicate': [{ key: '["sc1","sl2","t3"]' }],
      'translation.confirmSaveToAll': [{ dontAskAgain: true, at: '2026-11-22T10:00:00.000Z' }],
      'translation.openDiff': [{ previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' }],
      'translation.askResetTranslation': [{ key: TR_T2 }],
      'realtime.reconnected': [{ namespace: '/item/i-fr' }],
      'xstate.done.actor.fetchPreviousValidation': [{ output: TR_PREVIOUS }],
      'xstate.done.actor.fetchPreviousFile': [{ output: SMALL_STORYLINE_FILE }],
      'realtime.message': [trPush('updateSegments', { itemIdHash: 'i-fr', version: 2, validationSegmentIds: ['vs1'], by: 'u-kim' })],
      'xstate.done.actor.fetchStack': [{ output: TR_STACK }, { output: 'not a stack' }],
      'xstate.error.actor.fetchStack': [httpRefusal(404, 'Not in a translation stack.')],
      'xstate.done.actor.fetchValidation': [{ output: TR_VALIDATION }, { output: null }],
      'xstate.error.actor.fetchValidation': [httpRefusal(500, 'Database down')],
      'xstate.done.actor.fetchFile': [{ output: TR_TOOLS_FILE }, { output: { children: 'not a file' } }],
      'xstate.done.actor.saveChanges': [{ output: { paths: { [TR_T1]: trChange('vs1', 'Bonjour') } } }],
      'xstate.error.actor.saveChanges': [httpRefusal(409, 'The segment is locked.')],
      'xstate.done.actor.refreshSegments': [{ output: { data: [{ validationSegmentId: 'vs1', path: TR_T1, change: trChange('vs1', 'Salut') }] } }],
      'xstate.done.actor.completeGroup': [{ output: { updatedAt: '2026-11-22T10:00:00.000Z' } }],
      'xstate.error.actor.reopenGroup': [httpRefusal(500, 'Database down')],
    },
  },
  {
    name: 'suggestions',
    machine: suggestionsMachine,
    description:
      "Smart review (behind the llmSuggestions flag): per-segment AI suggestions fetching → fetched / error (the §8 words per failure, 'No suggestion returned for {path}' without success and result), several at once, skipped when the segment or a formatting duplicate is fetching, fetched or hidden, no caching after an error, toggle hidden ↔ fetched, apply hands the suggestion to the translation actor with its model (translation-editor §3, §4, §5, §7, §8).",
    cases: {
      'suggestions.open': [
        { validationId: 'val-1', sourceLocale: 'en', targetLocale: 'fr', pass: null },
        { validationId: 'val-2', sourceLocale: 'en', targetLocale: 'de', pass: null },
      ],
      'suggestions.request': [{ key: TR_T1, request: TOOL_REQUEST, duplicateKeys: [] }],
      'suggestions.toggle': [{ key: TR_T1 }],
      'suggestions.apply': [{ key: TR_T1, suggestion: TOOL_SUGGESTION }],
      'suggestions.dismissError': [{ key: TR_T1 }],
      'xstate.done.actor.*': [
        { actorId: suggestionActorId(TR_T1), output: { success: true, result: TOOL_RESULT } },
        { actorId: suggestionActorId(TR_T1), output: { success: false, error: 'No provider' } },
      ],
      'xstate.error.actor.*': [{ actorId: suggestionActorId(TR_T1), error: { name: 'SuggestionRequestError', failure: { kind: 'http', status: 401, body: null } } }],
    },
  },
  {
    name: 'memoryReport',
    machine: memoryReportMachine,
    description:
      "The translation-memory report of the variant: fetching → the latest report (requested, processing: try again in a few minutes; completed: items with memory hits and their segment view; rejected: the failed text), none ('No translation memory report for this variant.', with a request), or the fetch / load error; request a report, refresh, and re-read at the memoryReportUpdated push (translation-editor §3, §4, §5, §7, §8).",
    cases: {
      'memoryReport.open': [
        { validationId: 'val-1', pass: null },
        { validationId: 'val-2', pass: null },
      ],
      'memoryReport.openSegment': [{ path: TR_T1 }],
      'realtime.message': [{ namespace: '/item/i-fr', event: 'memoryReportUpdated', data: { messageId: 'm-mr', itemId: 'i-fr', validationId: 'val-1', reportId: 'mr1', status: 'completed' } }],
      'xstate.done.actor.fetchMemoryReport': [
        { output: { reports: [memoryReport('completed')] } },
        { output: { reports: [memoryReport('rejected', { message: 'The memory index is offline.' })] } },
        { output: { reports: [] } },
        { output: { reports: 'not a list' } },
      ],
      'xstate.error.actor.fetchMemoryReport': [httpRefusal(500, 'Database down')],
      'xstate.done.actor.requestMemoryReport': [{ output: { report: memoryReport('requested') } }],
      'xstate.error.actor.requestMemoryReport': [httpRefusal(403, 'You cannot request reports.'), httpRefusal(409, 'A report is being computed.')],
    },
  },
  {
    name: 'surveys',
    machine: surveysMachine,
    description:
      "The translation surveys: the submitted ones read at sign-in; per survey idle → in-progress → submitting → submitted (hidden) or failed (error toast, 5,000 ms); feedback trimmed or 'No feedback provided'; the smart-review survey only with at most 3 options, other with text, and something chosen or early access; dismissed for the session; feature-interest analytics events (the segment review false door) sent one after another, failures dropped (translation-editor §2, §3, §4, §5, §6, §7, §9).",
    cases: {
      'surveys.load': [{ email: 'vera.validator@example.com', userId: 'vera' }],
      'surveys.interest': [{ interest: 'segmentReviewOpened' }, { interest: 'segmentReviewNotifyMe' }],
      'surveys.start': [{ slug: 'translation-progress' }],
      'surveys.submit': [
        { slug: 'translation-progress', positive: true, feedback: '  Smooth so far.  ' },
        { slug: 'smart-review-survey', positive: null, feedback: '', response: { flagLowQualityTranslations: false, automaticallyImproveTranslations: false, suggestAlternativeTranslations: false, enhanceTranslationFlow: false, adjustTone: false, adaptToRegion: false, applyValidationEdits: false, other: false, requestsEarlyAccess: true, otherText: '' } },
      ],
      'surveys.dismiss': [{ slug: 'translation-progress' }],
      'xstate.done.actor.fetchSurveyStatus': [{ output: { submitted: ['smart-review-survey'] } }],
      'xstate.error.actor.submitSurvey': [httpRefusal(500, 'Database down')],
      'xstate.error.actor.trackEvent': [httpRefusal(500, 'Collector down')],
    },
  },
  {
    name: 'walkthrough',
    machine: walkthroughMachine,
    description: 'The feature walkthrough: steps given at start, Next and Previous (bounded), finish at the last step or dismiss early, each storing the time stamp (translation-editor §3, §4, §6).',
    cases: {
      'walkthrough.start': [{ steps: WALKTHROUGH_STEPS }],
      'walkthrough.finish': [{ at: '2026-11-22T10:00:00.000Z' }],
      'walkthrough.dismiss': [{ at: '2026-11-22T10:00:00.000Z' }],
    },
  },
  {
    name: 'itemStack',
    machine: itemStackMachine,
    description:
      "The translation stack of the member item open in the item view: the stack call read → loaded (the stack's title for the header, its members with their review status for the stack sidebar), none (not in a stack, or an unreadable answer) or failed (words and Try again); another member of the same stack keeps the sidebar while it is read again (review-and-content §2, §3; translation-editor §2).",
    cases: {
      'itemStack.open': [
        { itemId: 'i-en', pass: null },
        { itemId: 'i-fr', pass: null },
      ],
      'xstate.done.actor.fetchItemStack': [
        {
          output: {
            stackId: 'st1',
            title: 'Onboarding course',
            sourceLocale: 'en',
            entries: [
              { itemId: 'i-en', title: 'Onboarding course (English)', locale: 'en', role: 'source', progress: null },
              { itemId: 'i-fr', title: 'Onboarding course (French)', locale: 'fr', role: 'target', progress: { complete: 1, total: 6 } },
            ],
          },
        },
        { output: { stackId: 'st1', entries: 'not a list' } },
      ],
      'xstate.error.actor.fetchItemStack': [httpRefusal(404, 'This item is not part of a translation stack.'), httpRefusal(500, 'Database down')],
    },
  },
  {
    name: 'gridDownload',
    machine: gridDownloadMachine,
    description:
      "A video's download from the grid's item menu: presigning (a signed link to the latest version; the service checks view permission, video and ready) → the file is saved, or the download-failed toast with the service's words (review-and-content §6 item menu download (video), §8).",
    cases: {
      'gridDownload.video': [{ itemId: 'i-video' }],
      'xstate.done.actor.presignVideo': [{ output: { url: 'http://localhost/blobs/v.mp4?sig=1', fileName: 'Demo.mp4' } }, { output: { url: '' } }],
      'xstate.error.actor.presignVideo': [{ error: { name: 'ContentRequestError', reason: 'invalidRequest', message: 'This version is not ready.' } }],
    },
  },
  ...TRANSLATE_TAB_ENTRIES,
];
for (const entry of registry) Object.assign(entry.cases, TRANSLATE_TAB_CASES[entry.name]);

/** Finds a registry entry by name. */
export function registryEntry(name: string): RegistryEntry | undefined {
  return registry.find((entry) => entry.name === name);
}

export { appMachine, authMachine, dialogsMachine, dragMachine, folderSettingsMachine, foldersMachine, gridMachine, itemMachine, notificationSettingsMachine, sandboxMachine, sessionMachine, socketMachine, uploadMachine, uploadsMachine };
export { itemNotificationsMachine, outboxMachine, shareMachine };
export { commentAttachmentMachine, commentPostingMachine, commentsMachine };
export { requestDialogMachine, reviewRequestsMachine };
export { translationMachine };
export { memoryReportMachine, suggestionsMachine, surveysMachine, walkthroughMachine };
export { gridDownloadMachine, itemStackMachine };
export { audioDrawerMachine, duplicateReviewMachine };

/** Hash of each machine definition, written into session-log headers so replay can tell when a chart changed. */
export function definitionHashes(): Record<string, string> {
  return Object.fromEntries(registry.map((entry) => [entry.name, hashValue(describeNode(entry.machine.root))]));
}

/**
 * Test harness for view tests: builds an AppSystem from inert machines driven into a given state, and
 * server-renders the routes at a URL. Tests only; nothing in the app imports it.
 */
import { renderToString } from 'react-dom/server';
import { prefsFrom } from '../../domain/annotation.ts';
// Activation, access modal, trial, survey banner, downloads.
import { accessModalMachine, activationMachine, downloadsMachine, surveyBannerMachine, trialMachine } from '../../machines/index.ts';
import { Router } from 'wouter';
import { createActor, createMachine } from 'xstate';
import type { SessionAccount } from '../../domain/account.ts';
import type { SignOutReason } from '../../domain/auth.ts';
import { LINK_NAMES, type LinkName } from '../../domain/config.ts';
import { NOW_MS } from '../../domain/currentUser.fixtures.ts';
import type { FlagValues } from '../../domain/flags.ts';
import type { CurrentUser } from '../../domain/subscriptions.ts';
import { authMachine } from '../../machines/session/authMachine.ts';
import { dialogsMachine } from '../../machines/content/dialogsMachine.ts';
import { dragMachine } from '../../machines/content/dragMachine.ts';
import { gridPrefsStore } from '../../machines/content/gridPrefsStore.ts';
import { folderSettingsMachine } from '../../machines/content/folderSettingsMachine.ts';
import { foldersMachine } from '../../machines/content/foldersMachine.ts';
import { gridMachine } from '../../machines/content/gridMachine.ts';
import { flagsStore } from '../../machines/session/flagsStore.ts';
import { dashboardMachine } from '../../machines/dashboard/dashboardMachine.ts';
import { inert } from '../../machines/inert.ts';
import { itemMachine } from '../../machines/items/itemMachine.ts';
import { itemNotificationsMachine } from '../../machines/items/itemNotificationsMachine.ts';
import { outboxMachine } from '../../machines/session/outboxMachine.ts';
import { failedJobsMachine } from '../../machines/session/failedJobsMachine.ts';
import { shareMachine } from '../../machines/sharing/shareMachine.ts';
import { commentsMachine } from '../../machines/comments/commentsMachine.ts';
import { annotationDialogMachine } from '../../machines/annotation/annotationDialogMachine.ts';
import { requestDialogMachine } from '../../machines/reviewRequests/requestDialogMachine.ts';
import { reviewRequestsMachine } from '../../machines/reviewRequests/reviewRequestsMachine.ts';
import { translationMachine } from '../../machines/translation/translationMachine.ts';
import { memoryReportMachine } from '../../machines/translation/memoryReportMachine.ts';
import { suggestionsMachine } from '../../machines/translation/suggestionsMachine.ts';
import { surveysMachine } from '../../machines/translation/surveysMachine.ts';
import { walkthroughMachine } from '../../machines/translation/walkthroughMachine.ts';
import { itemStackMachine } from '../../machines/items/itemStackMachine.ts';
import { gridDownloadMachine } from '../../machines/content/gridDownloadMachine.ts';
// LMS export of video items.
import { lmsExportMachine } from '../../machines/lmsExport/lmsExportMachine.ts';
// Comment export (CSV, PDF).
import { commentExportMachine } from '../../machines/commentExport/commentExportMachine.ts';
// The authoring dashboard.
import { authoringDashboardMachine } from '../../machines/dashboard/authoringDashboardMachine.ts';
import { courseImportMachine } from '../../machines/dashboard/courseImportMachine.ts';
import { whatsNewMachine } from '../../machines/dashboard/whatsNewMachine.ts';
import { contentPageMachine } from '../../machines/dashboard/contentPageMachine.ts';
import { uploadsMachine } from '../../machines/uploads/uploadsMachine.ts';
import { notificationSettingsMachine } from '../../machines/session/notificationSettingsMachine.ts';
import { sandboxMachine } from '../../machines/session/sandboxMachine.ts';
import { toastsMachine } from '../../machines/session/toastsMachine.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';
import { audioDrawerMachine } from '../../machines/translation/audioDrawerMachine.ts';
import { duplicateReviewMachine } from '../../machines/translation/duplicateReviewMachine.ts';
import { AppRoutes } from '../routes.tsx';
import { SystemProvider, type AppSystem } from '../system.tsx';

export const TEST_USER = { sub: '1', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const TOKENS = { accessToken: 'a', idToken: null, hasRefreshToken: true, expiresInSeconds: 3600 };

export const TEST_LINKS = Object.fromEntries(LINK_NAMES.map((name) => [name, `https://${name}.example.com`])) as Record<LinkName, string>;

/** An auth actor in `signedIn` (as TEST_USER or `user`), `ready` (signed out) or `idle` (loading). */
export function authIn(state: 'signedIn' | 'ready' | 'idle', options: { lastSignOutReason?: SignOutReason | null; user?: typeof TEST_USER } = {}) {
  const auth = createActor(inert(authMachine)).start();
  if (state !== 'idle') {
    const session = state === 'signedIn' ? { tokens: TOKENS, user: options.user ?? TEST_USER } : null;
    auth.send({ type: 'xstate.done.actor.loadStoredSession', output: { session, lastSignOutReason: options.lastSignOutReason ?? null } } as never);
  }
  return auth;
}

/** The session's account for a current user (seat-holder default subscription, read at NOW_MS). */
export function accountFor(currentUser: CurrentUser, overrides: Partial<SessionAccount> = {}): SessionAccount {
  const seat = currentUser.roles.find((r) => r.name === 'seat-holder')?.subscription_id;
  return {
    subscriptionId: seat ?? currentUser.subs[0]?.id ?? null,
    currentUser,
    fetchedAtMs: NOW_MS,
    isStaff: false,
    isValidator: false,
    staffOverride: null,
    authorizedRoles: { admin: [], additionalAdmin: [], reachMembers: [] },
    ...overrides,
  };
}

/**
 * A session actor: 'loading' (account not read), 'failed' (account read failed with `errorMessage`),
 * or 'ready' with `account` and its flags read.
 */
export function sessionWith(state: { account: SessionAccount } | 'loading' | { failed: string }) {
  const session = createActor(inert(sessionMachine)).start();
  session.send({ type: 'auth.status', status: 'signedIn', user: TEST_USER, anonymousUser: null });
  if (state === 'loading') return session;
  if ('failed' in state) {
    session.send({ type: 'xstate.error.actor.fetchAccount', error: new Error(state.failed) } as never);
    return session;
  }
  session.send({ type: 'xstate.done.actor.fetchAccount', output: state.account } as never);
  session.send({ type: 'xstate.done.actor.fetchFlags', output: { subscriptionId: state.account.subscriptionId, values: {} } } as never);
  return session;
}

/** A flag store in `ready` with the given values over the defaults. */
export function flagsWith(values: Partial<FlagValues> = {}, subscriptionId: string | null = null) {
  const flags = createActor(flagsStore).start();
  flags.send({ type: 'flags.loaded', subscriptionId, values });
  return flags;
}

export interface TestSystemParts {
  auth?: ReturnType<typeof authIn>;
  session?: ReturnType<typeof sessionWith>;
  flags?: ReturnType<typeof flagsWith>;
  notificationSettings?: ReturnType<typeof createActor<typeof notificationSettingsMachine>>;
  sandbox?: ReturnType<typeof createActor<typeof sandboxMachine>>;
  toasts?: ReturnType<typeof createActor<typeof toastsMachine>>;
  folders?: ReturnType<typeof createActor<typeof foldersMachine>>;
  folderSettings?: ReturnType<typeof createActor<typeof folderSettingsMachine>>;
  grid?: ReturnType<typeof createActor<typeof gridMachine>>;
  dialogs?: ReturnType<typeof createActor<typeof dialogsMachine>>;
  drag?: ReturnType<typeof createActor<typeof dragMachine>>;
  uploads?: ReturnType<typeof createActor<typeof uploadsMachine>>;
  item?: ReturnType<typeof createActor<typeof itemMachine>>;
  share?: ReturnType<typeof createActor<typeof shareMachine>>;
  itemNotifications?: ReturnType<typeof createActor<typeof itemNotificationsMachine>>;
  outbox?: ReturnType<typeof createActor<typeof outboxMachine>>;
  failedJobs?: ReturnType<typeof createActor<typeof failedJobsMachine>>;
  comments?: ReturnType<typeof createActor<typeof commentsMachine>>;
  reviewRequests?: ReturnType<typeof createActor<typeof reviewRequestsMachine>>;
  requestDialog?: ReturnType<typeof createActor<typeof requestDialogMachine>>;
  translation?: ReturnType<typeof createActor<typeof translationMachine>>;
  suggestions?: ReturnType<typeof createActor<typeof suggestionsMachine>>;
  memoryReport?: ReturnType<typeof createActor<typeof memoryReportMachine>>;
  surveys?: ReturnType<typeof createActor<typeof surveysMachine>>;
  walkthrough?: ReturnType<typeof createActor<typeof walkthroughMachine>>;
  itemStack?: ReturnType<typeof createActor<typeof itemStackMachine>>;
  gridDownload?: ReturnType<typeof createActor<typeof gridDownloadMachine>>;
  commentExport?: ReturnType<typeof createActor<typeof commentExportMachine>>;
  // The authoring dashboard.
  authoringDashboard?: ReturnType<typeof createActor<typeof authoringDashboardMachine>>;
  whatsNew?: ReturnType<typeof createActor<typeof whatsNewMachine>>;
  courseImport?: ReturnType<typeof createActor<typeof courseImportMachine>>;
  contentPage?: ReturnType<typeof createActor<typeof contentPageMachine>>;
  dashboard?: ReturnType<typeof createActor<typeof dashboardMachine>>;
  audioDrawer?: ReturnType<typeof createActor<typeof audioDrawerMachine>>;
  duplicateReview?: ReturnType<typeof createActor<typeof duplicateReviewMachine>>;
  lmsExport?: ReturnType<typeof createActor<typeof lmsExportMachine>>;
}

/** An AppSystem of inert actors (adapters never run). */
export function testSystem(parts: TestSystemParts = {}): AppSystem {
  return {
    app: createActor(createMachine({})) as never,
    auth: parts.auth ?? authIn('signedIn'),
    session: parts.session ?? createActor(inert(sessionMachine)).start(),
    flags: parts.flags ?? createActor(flagsStore).start(),
    notificationSettings: parts.notificationSettings ?? createActor(inert(notificationSettingsMachine)).start(),
    sandbox: parts.sandbox ?? createActor(inert(sandboxMachine)).start(),
    toasts: parts.toasts ?? createActor(toastsMachine).start(),
    folders: parts.folders ?? createActor(inert(foldersMachine)).start(),
    folderSettings: parts.folderSettings ?? createActor(inert(folderSettingsMachine)).start(),
    grid: parts.grid ?? createActor(inert(gridMachine)).start(),
    dialogs: parts.dialogs ?? createActor(dialogsMachine).start(),
    drag: parts.drag ?? createActor(dragMachine).start(),
    uploads: parts.uploads ?? createActor(inert(uploadsMachine)).start(),
    item: parts.item ?? createActor(inert(itemMachine), { input: {} }).start(),
    share: parts.share ?? createActor(inert(shareMachine)).start(),
    itemNotifications: parts.itemNotifications ?? createActor(inert(itemNotificationsMachine)).start(),
    outbox: parts.outbox ?? createActor(inert(outboxMachine)).start(),
    failedJobs: parts.failedJobs ?? createActor(inert(failedJobsMachine)).start(),
    comments: parts.comments ?? createActor(inert(commentsMachine)).start(),
    reviewRequests: parts.reviewRequests ?? createActor(inert(reviewRequestsMachine)).start(),
    requestDialog: parts.requestDialog ?? createActor(inert(requestDialogMachine)).start(),
    translation: parts.translation ?? createActor(inert(translationMachine)).start(),
    suggestions: parts.suggestions ?? createActor(inert(suggestionsMachine)).start(),
    memoryReport: parts.memoryReport ?? createActor(inert(memoryReportMachine)).start(),
    surveys: parts.surveys ?? createActor(inert(surveysMachine)).start(),
    walkthrough: parts.walkthrough ?? createActor(walkthroughMachine).start(),
    itemStack: parts.itemStack ?? createActor(inert(itemStackMachine)).start(),
    gridDownload: parts.gridDownload ?? createActor(inert(gridDownloadMachine)).start(),
    commentExport: parts.commentExport ?? createActor(inert(commentExportMachine)).start(),
    // The authoring dashboard.
    authoringDashboard: parts.authoringDashboard ?? createActor(inert(authoringDashboardMachine)).start(),
    whatsNew: parts.whatsNew ?? createActor(whatsNewMachine).start(),
    courseImport: parts.courseImport ?? createActor(inert(courseImportMachine)).start(),
    contentPage: parts.contentPage ?? createActor(inert(contentPageMachine)).start(),
    growthQuestionsUrl: 'http://localhost/services/growth/questions',
    dashboard: parts.dashboard ?? createActor(dashboardMachine).start(),
    audioDrawer: parts.audioDrawer ?? createActor(audioDrawerMachine).start(),
    duplicateReview: parts.duplicateReview ?? createActor(duplicateReviewMachine).start(),
    lmsExport: parts.lmsExport ?? createActor(inert(lmsExportMachine)).start(),
    annotation: { loadPrefs: () => prefsFrom(null), newDialogId: () => 'annotation-test', attachCanvas: () => () => {}, dialogLogic: annotationDialogMachine, exportedFile: () => undefined },
    // Activation, access modal, trial, survey banner, downloads: inert actors (their effects never run).
    activation: { isSurveyHidden: () => true, isBrowserBannerDismissed: () => true, dismissBrowserBanner: () => {}, userAgent: 'test', trialOverview: { video: '/api/translations/trialexp/overview.webm', captions: '/api/translations/trialexp/overview.vtt' } },
    reachActivation: createActor(inert(activationMachine)).start(),
    accessModal: createActor(inert(accessModalMachine)).start(),
    trial: createActor(inert(trialMachine)).start(),
    surveyBanner: createActor(inert(surveyBannerMachine)).start(),
    downloads: createActor(inert(downloadsMachine)).start(),
    origin: 'http://localhost',
    addFiles: (picked) => picked.map((file, index) => ({ fileId: `test-file-${index + 1}`, name: file.name, size: file.size, type: file.type })),
    gridPrefs: createActor(gridPrefsStore).start(),
    now: () => NOW_MS,
    timeZone: 'Europe/Berlin',
    appName: 'Review',
    links: TEST_LINKS,
    downtime: null,
    downloadSessionLog: () => {},
  };
}

/** Server-renders the routes at `url` (effects do not run, so guards never send). */
export function renderRoute(url: string, parts: TestSystemParts = {}): string {
  return renderRouteResult(url, parts).html;
}

/**
 * Server-renders the routes at `url`, and reports where a wouter `<Redirect>` rendered on the way
 * would have sent the browser (a redirect renders nothing server-side).
 */
export function renderRouteResult(url: string, parts: TestSystemParts = {}): { html: string; redirectTo: string | null } {
  const [path, rest = ''] = url.split('?');
  const [search = ''] = rest.split('#');
  const ssrContext: { redirectTo?: string } = {};
  const html = renderToString(
    <SystemProvider system={testSystem(parts)}>
      <Router ssrPath={path} ssrSearch={search} ssrContext={ssrContext}>
        <AppRoutes />
      </Router>
    </SystemProvider>,
  );
  return { html, redirectTo: ssrContext.redirectTo ?? null };
}

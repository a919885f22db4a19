import { assign, enqueueActions, sendTo, setup } from 'xstate';
// The push names alone: the comments, review requests and translation modules load with their features.
import { COMMENT_PUSH_NAME_LIST, REVIEW_REQUEST_PUSH_NAME_LIST, TRANSLATION_PUSH_NAME_LIST } from '../../domain/pushNames.ts';
import { ITEM_VIEW_PUSH_NAMES } from '../items/itemEvents.ts';
import type { SocketCredentials } from '../../domain/realtime.ts';
import { sendToSystem } from '../notify.ts';
import { authMachine } from './authMachine.ts';
import { flagsStore } from './flagsStore.ts';
import { notificationSettingsMachine } from './notificationSettingsMachine.ts';
import { sandboxMachine } from './sandboxMachine.ts';
import { sessionMachine, type AuthStatus } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';
import { toastsMachine } from './toastsMachine.ts';
import { outboxMachine } from './outboxMachine.ts';
import { tokenBusMachine } from './tokenBusMachine.ts';
import { dashboardMachine } from '../dashboard/dashboardMachine.ts';
// The authoring dashboard: its loads and course creation, the what's-new carousel, the course import page.
import { authoringDashboardMachine } from '../dashboard/authoringDashboardMachine.ts';
import { courseImportMachine } from '../dashboard/courseImportMachine.ts';
import { whatsNewMachine } from '../dashboard/whatsNewMachine.ts';
import { contentPageMachine } from '../dashboard/contentPageMachine.ts';
// The foundation screens: learning-product activation, access modal, localization trial, survey banner, downloads page.
import { accessModalMachine } from '../activation/accessModalMachine.ts';
import { activationMachine } from '../activation/activationMachine.ts';
import { downloadsMachine } from '../activation/downloadsMachine.ts';
import { surveyBannerMachine } from '../activation/surveyBannerMachine.ts';
import { trialMachine } from '../activation/trialMachine.ts';
// Feature machines loaded with their feature's chunk (machines/featureLogic.ts): their actors start in the feature's
// region once `app.featureLoaded` says their code is in; only their types are imported here.
import { featureLogic } from '../featureLogic.ts';
// What the grid and the item view both use (loaded with either), then the grid's own machines (loaded with the grid).
import type { dialogsMachine } from '../content/dialogsMachine.ts';
import type { dragMachine } from '../content/dragMachine.ts';
import type { folderSettingsMachine } from '../content/folderSettingsMachine.ts';
import type { foldersMachine } from '../content/foldersMachine.ts';
import type { gridMachine } from '../content/gridMachine.ts';
import type { gridPrefsStore } from '../content/gridPrefsStore.ts';
import type { gridDownloadMachine } from '../content/gridDownloadMachine.ts';
import type { uploadsMachine } from '../uploads/uploadsMachine.ts';
import type { shareMachine } from '../sharing/shareMachine.ts';
import type { lmsExportMachine } from '../lmsExport/lmsExportMachine.ts';
import type { requestDialogMachine } from '../reviewRequests/requestDialogMachine.ts';
// The item view (loaded with its route).
import type { itemMachine } from '../items/itemMachine.ts';
import type { itemNotificationsMachine } from '../items/itemNotificationsMachine.ts';
import type { itemStackMachine } from '../items/itemStackMachine.ts';
import type { commentsMachine } from '../comments/commentsMachine.ts';
import type { reviewRequestsMachine } from '../reviewRequests/reviewRequestsMachine.ts';
import type { commentExportMachine } from '../commentExport/commentExportMachine.ts';
import type { surveysMachine } from '../translation/surveysMachine.ts';
// The translate tab (loaded with the item view).
import type { translationMachine } from '../translation/translationMachine.ts';
import type { memoryReportMachine } from '../translation/memoryReportMachine.ts';
import type { suggestionsMachine } from '../translation/suggestionsMachine.ts';
import type { walkthroughMachine } from '../translation/walkthroughMachine.ts';
import type { audioDrawerMachine } from '../translation/audioDrawerMachine.ts';
import type { duplicateReviewMachine } from '../translation/duplicateReviewMachine.ts';
// The sandbox's failed background jobs (loaded with the sandbox route).
import type { failedJobsMachine } from './failedJobsMachine.ts';

/**
 * The root of the one actor system. It owns the long-lived actors (each with a systemId) so that
 * views, the recorder and the replayer find them by name, and tells the session what auth does.
 */
/** An item is open (item view): its realtime connection follows it. */
export type AppEvent =
  | { type: 'item.opened'; itemId: string; password: string | null; anonymousEmail: string | null }
  | { type: 'item.closed' }
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> }
  | { type: 'realtime.reconnected'; namespace: string }
  | { type: 'realtime.refused'; namespace: string; reason: string }
  // A feature's machines have loaded with its chunk (machines/featureLogic.ts): its actors start.
  | { type: 'app.featureLoaded'; feature: AppFeature };

/**
 * The features whose machines load with their chunk, not with the first load (machines/featureLogic.ts), each with the
 * long-lived actors it starts (systemId = id = the name its logic is registered under):
 * - content: what the grid and the item view both use at once (the content dialogs, uploads); loaded with /review's
 *   grid and with the item view;
 * - grid: the grid's own machines (folders, folder settings, the grid and its preferences, drag and drop, a video's
 *   download); loaded with /review's grid after the content feature, not with the item view;
 * - itemDialogs: the dialogs an item opens (share, LMS export, request review, comment export); loaded with /review's
 *   grid, and in the item view on the first open of one of them;
 * - item: the item view (the item, its stack, comments, review requests, notification level) and the translation
 *   surveys it asks; loaded with the item route;
 * - translation: the translate tab's editor and tools; loaded with the item route;
 * - failedJobs: the sandbox's failed background jobs (staff); loaded with the sandbox route.
 */
export const APP_FEATURES = {
  content: ['dialogs', 'uploads'],
  grid: ['folders', 'folderSettings', 'grid', 'gridPrefs', 'drag', 'gridDownload'],
  itemDialogs: ['share', 'lmsExport', 'requestDialog', 'commentExport'],
  item: ['item', 'itemStack', 'itemNotifications', 'comments', 'reviewRequests', 'surveys'],
  translation: ['translation', 'suggestions', 'memoryReport', 'walkthrough', 'audioDrawer', 'duplicateReview'],
  failedJobs: ['failedJobs'],
} as const;
export type AppFeature = keyof typeof APP_FEATURES;

/** The app region where a feature's actors run (`running.<feature>Feature`): `loaded` once its chunk is in. */
export function isFeatureLoaded(snapshot: { matches(value: never): boolean }, feature: AppFeature): boolean {
  return (snapshot.matches as (value: unknown) => boolean)({ running: { [`${feature}Feature`]: 'loaded' } });
}

/** memoryReportMachine.ts `MEMORY_REPORT_PUSH`, named here so the app does not import the machine (it loads with its feature). */
export const MEMORY_REPORT_PUSH_NAME = 'memoryReportUpdated';

/**
 * Which long-lived actors read each push of an item's namespace: the item view (its versions, backups, package and the
 * content pushes about it), the share dialog (share.updated: it re-reads the saved settings), the comments (insert,
 * reply, update, destroy, resolve, mark read, refresh, hashed, share.updated), the review requests (update, delete,
 * delete all), the translation (updateSegments, resetSegment, groupComplete, deleteProgress) and its memory report.
 * A push goes only to its readers: the others would only look at it and drop it.
 */
const PUSH_READERS: ReadonlyMap<string, readonly string[]> = (() => {
  const readers = new Map<string, string[]>();
  const add = (actor: string, names: readonly string[]) => {
    for (const name of names) readers.set(name, [...(readers.get(name) ?? []), actor]);
  };
  add('item', ITEM_VIEW_PUSH_NAMES);
  add('share', ['share.updated']);
  add('comments', COMMENT_PUSH_NAME_LIST);
  add('reviewRequests', REVIEW_REQUEST_PUSH_NAME_LIST);
  add('translation', TRANSLATION_PUSH_NAME_LIST);
  add('memoryReport', [MEMORY_REPORT_PUSH_NAME]);
  return readers;
})();

/** The invoke of a feature's actor `name`, one type per name (as the app's own invokes are typed); no input (the item's is optional). */
type FeatureInvoke<Name extends string> = { [N in Name]: { id: N; systemId: N; src: N; input: Record<string, never> } }[Name];

/** A feature's region: its actors run in `loaded`, entered once `app.featureLoaded` names the feature. */
function featureRegion<F extends AppFeature>(feature: F) {
  return {
    initial: 'notLoaded' as const,
    states: {
      notLoaded: { on: { 'app.featureLoaded': { guard: { type: 'isFeature' as const, params: { feature } }, target: 'loaded' as const } } },
      loaded: { invoke: APP_FEATURES[feature].map((name) => ({ id: name, systemId: name, src: name, input: {} })) as FeatureInvoke<(typeof APP_FEATURES)[F][number]>[] },
    },
  };
}

export const appMachine = setup({
  types: {
    context: {} as { openItem: { itemId: string; credentials: SocketCredentials } | null },
    events: {} as AppEvent,
  },
  guards: {
    isFeature: ({ event }, params: { feature: AppFeature }) => event.type === 'app.featureLoaded' && event.feature === params.feature,
  },
  actions: {
    logError: (_, _params: { message: string }) => {},
    routePush: enqueueActions(({ event, system, enqueue }) => {
      if (event.type !== 'realtime.message') return;
      for (const id of PUSH_READERS.get(event.event) ?? []) {
        const target = system.get(id);
        if (target) enqueue.sendTo(target, event);
      }
    }),
    rememberItem: assign({
      openItem: ({ event }) => {
        if (event.type !== 'item.opened') return null;
        const credentials: SocketCredentials = event.anonymousEmail
          ? { kind: 'email', email: event.anonymousEmail, itemPassword: event.password }
          : { kind: 'token', itemPassword: event.password };
        return { itemId: event.itemId, credentials };
      },
    }),
  },
  actors: {
    itemSocket: socketMachine,
    toasts: toastsMachine,
    auth: authMachine,
    session: sessionMachine,
    flags: flagsStore,
    notificationSettings: notificationSettingsMachine,
    sandbox: sandboxMachine,
    outbox: outboxMachine,
    // Lifecycles moved out of views and adapters.
    tokenBus: tokenBusMachine,
    dashboard: dashboardMachine,
    // The authoring dashboard.
    authoringDashboard: authoringDashboardMachine,
    whatsNew: whatsNewMachine,
    courseImport: courseImportMachine,
    contentPage: contentPageMachine,
    // The foundation screens.
    reachActivation: activationMachine,
    accessModal: accessModalMachine,
    trial: trialMachine,
    surveyBanner: surveyBannerMachine,
    downloads: downloadsMachine,
    // The content feature's machines, loaded with its chunk (stand-ins until then).
    dialogs: featureLogic<typeof dialogsMachine>('dialogs'),
    uploads: featureLogic<typeof uploadsMachine>('uploads'),
    // The grid feature's machines.
    folders: featureLogic<typeof foldersMachine>('folders'),
    folderSettings: featureLogic<typeof folderSettingsMachine>('folderSettings'),
    grid: featureLogic<typeof gridMachine>('grid'),
    gridPrefs: featureLogic<typeof gridPrefsStore>('gridPrefs'),
    drag: featureLogic<typeof dragMachine>('drag'),
    gridDownload: featureLogic<typeof gridDownloadMachine>('gridDownload'),
    // The item dialogs feature's machines.
    share: featureLogic<typeof shareMachine>('share'),
    lmsExport: featureLogic<typeof lmsExportMachine>('lmsExport'),
    requestDialog: featureLogic<typeof requestDialogMachine>('requestDialog'),
    commentExport: featureLogic<typeof commentExportMachine>('commentExport'),
    // The item feature's machines.
    item: featureLogic<typeof itemMachine>('item'),
    itemStack: featureLogic<typeof itemStackMachine>('itemStack'),
    itemNotifications: featureLogic<typeof itemNotificationsMachine>('itemNotifications'),
    comments: featureLogic<typeof commentsMachine>('comments'),
    reviewRequests: featureLogic<typeof reviewRequestsMachine>('reviewRequests'),
    surveys: featureLogic<typeof surveysMachine>('surveys'),
    // The translate tab's machines.
    translation: featureLogic<typeof translationMachine>('translation'),
    suggestions: featureLogic<typeof suggestionsMachine>('suggestions'),
    memoryReport: featureLogic<typeof memoryReportMachine>('memoryReport'),
    walkthrough: featureLogic<typeof walkthroughMachine>('walkthrough'),
    audioDrawer: featureLogic<typeof audioDrawerMachine>('audioDrawer'),
    duplicateReview: featureLogic<typeof duplicateReviewMachine>('duplicateReview'),
    // The sandbox's failed background jobs.
    failedJobs: featureLogic<typeof failedJobsMachine>('failedJobs'),
  },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'flags', systemId: 'flags', src: 'flags' },
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'notificationSettings', systemId: 'notificationSettings', src: 'notificationSettings' },
    { id: 'sandbox', systemId: 'sandbox', src: 'sandbox' },
    // The sandbox's notification outbox (staff).
    { id: 'outbox', systemId: 'outbox', src: 'outbox' },
    // The token bus's 30 s wait for a token while auth loads or refreshes; the header's and dashboard's overlays.
    { id: 'tokenBus', systemId: 'tokenBus', src: 'tokenBus' },
    { id: 'dashboard', systemId: 'dashboard', src: 'dashboard' },
    // The authoring dashboard at / (its loads, course creation), its what's-new carousel, the /import-course wait page.
    { id: 'authoringDashboard', systemId: 'authoringDashboard', src: 'authoringDashboard' },
    { id: 'whatsNew', systemId: 'whatsNew', src: 'whatsNew' },
    { id: 'courseImport', systemId: 'courseImport', src: 'courseImport' },
    { id: 'contentPage', systemId: 'contentPage', src: 'contentPage' },
    // The foundation screens: #activateReach, the learning product's access modal, /trials/localization, the
    // dashboard's survey banner, /downloads/all (their views send events and read snapshots).
    { id: 'reachActivation', systemId: 'reachActivation', src: 'reachActivation' },
    { id: 'accessModal', systemId: 'accessModal', src: 'accessModal' },
    { id: 'trial', systemId: 'trial', src: 'trial' },
    { id: 'surveyBanner', systemId: 'surveyBanner', src: 'surveyBanner' },
    { id: 'downloads', systemId: 'downloads', src: 'downloads' },
    {
      id: 'auth',
      systemId: 'auth',
      src: 'auth',
      onSnapshot: {
        actions: [
          sendTo('session', ({ event }) => {
            const value = event.snapshot.value;
            const status = (typeof value === 'string' ? value : Object.keys(value)[0]) as AuthStatus;
            return { type: 'auth.status', status, user: event.snapshot.context.user, anonymousUser: event.snapshot.context.anonymousUser };
          }),
          // The token bus waits for auth to settle.
          sendTo('tokenBus', ({ event }) => {
            const value = event.snapshot.value;
            return { type: 'auth.status', status: (typeof value === 'string' ? value : Object.keys(value)[0]) as AuthStatus };
          }),
        ],
      },
    },
  ],
  context: { openItem: null },
  initial: 'running',
  states: {
    running: {
      type: 'parallel',
      states: {
        // Each feature's machines load with its chunk (machines/featureLogic.ts): the composition root sends
        // `app.featureLoaded { feature }` once their code is in, and their actors start in its region, as the app's
        // children. Views reach them through the system's getters; pushes and sendToSystem skip them until then.
        contentFeature: featureRegion('content'),
        gridFeature: featureRegion('grid'),
        itemDialogsFeature: featureRegion('itemDialogs'),
        itemFeature: featureRegion('item'),
        translationFeature: featureRegion('translation'),
        failedJobsFeature: featureRegion('failedJobs'),
        // The item namespace (foundation §4, §7): /item/{itemId} while an item is open.
        itemConnection: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'item.opened': { target: 'open', actions: 'rememberItem' } },
            },
            open: {
              invoke: {
                // Reached as app.children.itemSocket, not by systemId: opening another item replaces the
                // connection in one step, and the new systemId would be registered before the old is gone.
                id: 'itemSocket',
                src: 'itemSocket',
                input: ({ context }) => ({ namespace: `/item/${context.openItem?.itemId ?? ''}`, credentials: context.openItem?.credentials ?? { kind: 'token' as const } }),
              },
              on: {
                // Another item: a fresh connection for it.
                'item.opened': { target: 'open', reenter: true, actions: 'rememberItem' },
                'item.closed': {
                  target: 'closed',
                  actions: [
                    assign({ openItem: null }),
                    // The item's share dialog and notification popover go with it.
                    sendToSystem('share', () => ({ type: 'share.reset' })),
                    sendToSystem('itemNotifications', () => ({ type: 'itemNotifications.reset' })),
                    // Comment export: its dialog goes with the item.
                    sendToSystem('commentExport', () => ({ type: 'commentExport.close' })),
                  ],
                },
                // What the item's namespace pushes goes to the actors that read that push (PUSH_READERS), when they run.
                'realtime.message': { actions: 'routePush' },
                // The translation actor reads its validation again after a drop.
                'realtime.reconnected': { actions: [sendToSystem('item', ({ event }) => event), sendToSystem('comments', ({ event }) => event), sendToSystem('translation', ({ event }) => event)] },
                'realtime.refused': { actions: { type: 'logError', params: ({ event }) => ({ message: `Item connection refused: ${event.reason}` }) } },
              },
            },
          },
        },
      },
    },
  },
});

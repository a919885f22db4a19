import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { COMMENT_PUSH_NAMES } from '../../domain/comments.ts';
import { REVIEW_REQUEST_PUSH_NAMES } from '../../domain/reviewRequests.ts';
import { TRANSLATION_PUSH_NAMES } from '../../domain/translation.ts';
import { ITEM_VIEW_PUSH_NAMES } from '../items/itemEvents.ts';
import type { SocketCredentials } from '../../domain/realtime.ts';
import { sendToSystem } from '../notify.ts';
import { authMachine } from './authMachine.ts';
import { dialogsMachine } from '../content/dialogsMachine.ts';
import { dragMachine } from '../content/dragMachine.ts';
import { folderSettingsMachine } from '../content/folderSettingsMachine.ts';
import { foldersMachine } from '../content/foldersMachine.ts';
import { gridMachine } from '../content/gridMachine.ts';
import { itemMachine } from '../items/itemMachine.ts';
import { flagsStore } from './flagsStore.ts';
import { gridPrefsStore } from '../content/gridPrefsStore.ts';
import { notificationSettingsMachine } from './notificationSettingsMachine.ts';
import { sandboxMachine } from './sandboxMachine.ts';
import { sessionMachine, type AuthStatus } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';
import { toastsMachine } from './toastsMachine.ts';
import { uploadsMachine } from '../uploads/uploadsMachine.ts';
// Sharing and item notifications.
import { itemNotificationsMachine } from '../items/itemNotificationsMachine.ts';
import { outboxMachine } from './outboxMachine.ts';
import { shareMachine } from '../sharing/shareMachine.ts';
// Comments.
import { commentsMachine } from '../comments/commentsMachine.ts';
// Review requests.
import { requestDialogMachine } from '../reviewRequests/requestDialogMachine.ts';
import { reviewRequestsMachine } from '../reviewRequests/reviewRequestsMachine.ts';
// Translation tools: the surveys (loaded at sign-in).
import { surveysMachine } from '../translation/surveysMachine.ts';
// Feature machines loaded with their feature's chunk (machines/featureLogic.ts): the translate tab's machines start in
// the `translationFeature` region once `app.translationLoaded` says their code is in; only their types are imported.
import { featureLogic } from '../featureLogic.ts';
import type { translationMachine } from '../translation/translationMachine.ts';
import type { memoryReportMachine } from '../translation/memoryReportMachine.ts';
import type { suggestionsMachine } from '../translation/suggestionsMachine.ts';
import type { walkthroughMachine } from '../translation/walkthroughMachine.ts';
import type { audioDrawerMachine } from '../translation/audioDrawerMachine.ts';
import type { duplicateReviewMachine } from '../translation/duplicateReviewMachine.ts';
import { itemStackMachine } from '../items/itemStackMachine.ts';
import { gridDownloadMachine } from '../content/gridDownloadMachine.ts';
import { dashboardMachine } from '../dashboard/dashboardMachine.ts';
import { tokenBusMachine } from './tokenBusMachine.ts';
// LMS export of video items.
import { lmsExportMachine } from '../lmsExport/lmsExportMachine.ts';
// Comment export (CSV, PDF).
import { commentExportMachine } from '../commentExport/commentExportMachine.ts';
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
  // The translate tab's machines have loaded (machines/featureLogic.ts): their actors start.
  | { type: 'app.translationLoaded' };

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
  add('comments', COMMENT_PUSH_NAMES);
  add('reviewRequests', REVIEW_REQUEST_PUSH_NAMES);
  add('translation', TRANSLATION_PUSH_NAMES);
  add('memoryReport', [MEMORY_REPORT_PUSH_NAME]);
  return readers;
})();

export const appMachine = setup({
  types: {
    context: {} as { openItem: { itemId: string; credentials: SocketCredentials } | null },
    events: {} as AppEvent,
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
    gridPrefs: gridPrefsStore,
    notificationSettings: notificationSettingsMachine,
    sandbox: sandboxMachine,
    folders: foldersMachine,
    folderSettings: folderSettingsMachine,
    grid: gridMachine,
    dialogs: dialogsMachine,
    drag: dragMachine,
    uploads: uploadsMachine,
    item: itemMachine,
    // Sharing and item notifications.
    share: shareMachine,
    itemNotifications: itemNotificationsMachine,
    outbox: outboxMachine,
    // Comments.
    comments: commentsMachine,
    // Review requests.
    reviewRequests: reviewRequestsMachine,
    requestDialog: requestDialogMachine,
    // Translation editor and its tools, loaded with the translate tab's chunk (stand-ins until then).
    translation: featureLogic<typeof translationMachine>('translation'),
    suggestions: featureLogic<typeof suggestionsMachine>('suggestions'),
    memoryReport: featureLogic<typeof memoryReportMachine>('memoryReport'),
    surveys: surveysMachine,
    walkthrough: featureLogic<typeof walkthroughMachine>('walkthrough'),
    itemStack: itemStackMachine,
    gridDownload: gridDownloadMachine,
    // Lifecycles moved out of views and adapters.
    tokenBus: tokenBusMachine,
    dashboard: dashboardMachine,
    // The translate tab's audio drawer and duplicate review dialog.
    audioDrawer: featureLogic<typeof audioDrawerMachine>('audioDrawer'),
    duplicateReview: featureLogic<typeof duplicateReviewMachine>('duplicateReview'),
    // LMS export of video items.
    lmsExport: lmsExportMachine,
    // Comment export (CSV, PDF).
    commentExport: commentExportMachine,
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
  },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'flags', systemId: 'flags', src: 'flags' },
    { id: 'toasts', systemId: 'toasts', src: 'toasts' },
    // The content area (review-and-content §2, §4): folder list, item grid, dialogs, drag and drop.
    { id: 'folders', systemId: 'folders', src: 'folders' },
    { id: 'folderSettings', systemId: 'folderSettings', src: 'folderSettings' },
    { id: 'grid', systemId: 'grid', src: 'grid' },
    { id: 'dialogs', systemId: 'dialogs', src: 'dialogs' },
    { id: 'drag', systemId: 'drag', src: 'drag' },
    // Uploads and the item view (review-and-content §2, §4): the item actor tells the app item.opened / item.closed.
    { id: 'uploads', systemId: 'uploads', src: 'uploads' },
    { id: 'item', systemId: 'item', src: 'item', input: {} },
    { id: 'gridPrefs', systemId: 'gridPrefs', src: 'gridPrefs' },
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'notificationSettings', systemId: 'notificationSettings', src: 'notificationSettings' },
    { id: 'sandbox', systemId: 'sandbox', src: 'sandbox' },
    // Sharing and item notifications: the share dialog, the per-item level popover, the sandbox outbox.
    { id: 'share', systemId: 'share', src: 'share' },
    { id: 'itemNotifications', systemId: 'itemNotifications', src: 'itemNotifications' },
    { id: 'outbox', systemId: 'outbox', src: 'outbox' },
    // Comments: the open item's comments and composers; the composition root opens and closes it with the item view.
    { id: 'comments', systemId: 'comments', src: 'comments' },
    // Review requests: the open item's review requests (opened by the composition root) and the request dialog.
    { id: 'reviewRequests', systemId: 'reviewRequests', src: 'reviewRequests' },
    { id: 'requestDialog', systemId: 'requestDialog', src: 'requestDialog' },
    // Translation tools: the surveys (loaded at sign-in). The translate tab's actors start in `translationFeature`.
    { id: 'surveys', systemId: 'surveys', src: 'surveys' },
    // The stack of the member item open in the item view (its title and stack sidebar); the composition root opens it.
    { id: 'itemStack', systemId: 'itemStack', src: 'itemStack' },
    // A video's download from the grid's item menu.
    { id: 'gridDownload', systemId: 'gridDownload', src: 'gridDownload' },
    // The token bus's 30 s wait for a token while auth loads or refreshes; the header's and dashboard's overlays.
    { id: 'tokenBus', systemId: 'tokenBus', src: 'tokenBus' },
    { id: 'dashboard', systemId: 'dashboard', src: 'dashboard' },
    // The LMS export dialog of a video item (the session forwards its package push).
    { id: 'lmsExport', systemId: 'lmsExport', src: 'lmsExport' },
    // Comment export (CSV, PDF): the comments export dialog and its job, opened from the item's export menu.
    { id: 'commentExport', systemId: 'commentExport', src: 'commentExport' },
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
        // The translate tab's machines load with its chunk (machines/featureLogic.ts): the composition root sends
        // `app.translationLoaded` once their code is in, and their actors start here, as children of the app.
        translationFeature: {
          initial: 'notLoaded',
          states: {
            notLoaded: { on: { 'app.translationLoaded': 'loaded' } },
            loaded: {
              invoke: [
                // Translation editor: the translate tab of the open item (opened and closed by the composition root).
                { id: 'translation', systemId: 'translation', src: 'translation' },
                // Translation tools: smart review (opened only with the llmSuggestions flag), the memory report of the
                // variant and the walkthrough; the composition root opens and starts them.
                { id: 'suggestions', systemId: 'suggestions', src: 'suggestions' },
                { id: 'memoryReport', systemId: 'memoryReport', src: 'memoryReport' },
                { id: 'walkthrough', systemId: 'walkthrough', src: 'walkthrough' },
                // The translate tab's audio drawer and duplicate review dialog (the composition root closes them with the tab).
                { id: 'audioDrawer', systemId: 'audioDrawer', src: 'audioDrawer' },
                { id: 'duplicateReview', systemId: 'duplicateReview', src: 'duplicateReview' },
              ],
            },
          },
        },
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

import { assign, sendTo, setup } from 'xstate';
import type { SocketCredentials } from '../domain/realtime.ts';
import { sendToSystem } from './notify.ts';
import { authMachine } from './authMachine.ts';
import { dialogsMachine } from './dialogsMachine.ts';
import { dragMachine } from './dragMachine.ts';
import { folderSettingsMachine } from './folderSettingsMachine.ts';
import { foldersMachine } from './foldersMachine.ts';
import { gridMachine } from './gridMachine.ts';
import { itemMachine } from './itemMachine.ts';
import { flagsStore } from './flagsStore.ts';
import { gridPrefsStore } from './gridPrefsStore.ts';
import { notificationSettingsMachine } from './notificationSettingsMachine.ts';
import { sandboxMachine } from './sandboxMachine.ts';
import { sessionMachine, type AuthStatus } from './sessionMachine.ts';
import { socketMachine } from './socketMachine.ts';
import { toastsMachine } from './toastsMachine.ts';
import { uploadsMachine } from './uploadsMachine.ts';
// Sharing and item notifications (issue 6).
import { itemNotificationsMachine } from './itemNotificationsMachine.ts';
import { outboxMachine } from './outboxMachine.ts';
import { shareMachine } from './shareMachine.ts';
// Comments (issue 6).
import { commentsMachine } from './commentsMachine.ts';
// Review requests (issue 7).
import { requestDialogMachine } from './requestDialogMachine.ts';
import { reviewRequestsMachine } from './reviewRequestsMachine.ts';
// Translation editor (issue 8).
import { translationMachine } from './translationMachine.ts';
// Translation tools (issue 9): smart review, memory report, surveys, walkthrough.
import { memoryReportMachine } from './memoryReportMachine.ts';
import { suggestionsMachine } from './suggestionsMachine.ts';
import { surveysMachine } from './surveysMachine.ts';
import { walkthroughMachine } from './walkthroughMachine.ts';
import { itemStackMachine } from './itemStackMachine.ts';
import { gridDownloadMachine } from './gridDownloadMachine.ts';
// The translate tab's audio drawer and duplicate review dialog (machines/translation/).
import { audioDrawerMachine } from './translation/audioDrawerMachine.ts';
import { duplicateReviewMachine } from './translation/duplicateReviewMachine.ts';

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
  | { type: 'realtime.refused'; namespace: string; reason: string };

export const appMachine = setup({
  types: {
    context: {} as { openItem: { itemId: string; credentials: SocketCredentials } | null },
    events: {} as AppEvent,
  },
  actions: {
    logError: (_, _params: { message: string }) => {},
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
    // Sharing and item notifications (issue 6).
    share: shareMachine,
    itemNotifications: itemNotificationsMachine,
    outbox: outboxMachine,
    // Comments (issue 6).
    comments: commentsMachine,
    // Review requests (issue 7).
    reviewRequests: reviewRequestsMachine,
    requestDialog: requestDialogMachine,
    // Translation editor (issue 8).
    translation: translationMachine,
    // Translation tools (issue 9).
    suggestions: suggestionsMachine,
    memoryReport: memoryReportMachine,
    surveys: surveysMachine,
    walkthrough: walkthroughMachine,
    itemStack: itemStackMachine,
    gridDownload: gridDownloadMachine,
    // The translate tab's audio drawer and duplicate review dialog.
    audioDrawer: audioDrawerMachine,
    duplicateReview: duplicateReviewMachine,
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
    // Sharing and item notifications (issue 6): the share dialog, the per-item level popover, the sandbox outbox.
    { id: 'share', systemId: 'share', src: 'share' },
    { id: 'itemNotifications', systemId: 'itemNotifications', src: 'itemNotifications' },
    { id: 'outbox', systemId: 'outbox', src: 'outbox' },
    // Comments (issue 6): the open item's comments and composers; the composition root opens and closes it with the item view.
    { id: 'comments', systemId: 'comments', src: 'comments' },
    // Review requests (issue 7): the open item's review requests (opened by the composition root) and the request dialog.
    { id: 'reviewRequests', systemId: 'reviewRequests', src: 'reviewRequests' },
    { id: 'requestDialog', systemId: 'requestDialog', src: 'requestDialog' },
    // Translation editor (issue 8): the translate tab of the open item (opened and closed by the composition root).
    { id: 'translation', systemId: 'translation', src: 'translation' },
    // Translation tools (issue 9): smart review (opened only with the llmSuggestions flag), the memory report of the
    // variant, the surveys (loaded at sign-in) and the walkthrough; the composition root opens and starts them.
    { id: 'suggestions', systemId: 'suggestions', src: 'suggestions' },
    { id: 'memoryReport', systemId: 'memoryReport', src: 'memoryReport' },
    { id: 'surveys', systemId: 'surveys', src: 'surveys' },
    { id: 'walkthrough', systemId: 'walkthrough', src: 'walkthrough' },
    // The stack of the member item open in the item view (its title and stack sidebar); the composition root opens it.
    { id: 'itemStack', systemId: 'itemStack', src: 'itemStack' },
    // A video's download from the grid's item menu.
    { id: 'gridDownload', systemId: 'gridDownload', src: 'gridDownload' },
    // The translate tab's audio drawer and duplicate review dialog (the composition root closes them with the tab).
    { id: 'audioDrawer', systemId: 'audioDrawer', src: 'audioDrawer' },
    { id: 'duplicateReview', systemId: 'duplicateReview', src: 'duplicateReview' },
    {
      id: 'auth',
      systemId: 'auth',
      src: 'auth',
      onSnapshot: {
        actions: sendTo('session', ({ event }) => {
          const value = event.snapshot.value;
          const status = (typeof value === 'string' ? value : Object.keys(value)[0]) as AuthStatus;
          return { type: 'auth.status', status, user: event.snapshot.context.user, anonymousUser: event.snapshot.context.anonymousUser };
        }),
      },
    },
  ],
  context: { openItem: null },
  initial: 'running',
  states: {
    running: {
      type: 'parallel',
      states: {
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
                    // The item's share dialog and notification popover go with it (issue 6).
                    sendToSystem('share', () => ({ type: 'share.reset' })),
                    sendToSystem('itemNotifications', () => ({ type: 'itemNotifications.reset' })),
                  ],
                },
                // What the item's namespace pushes goes to the item view's actor, when one runs.
                'realtime.message': {
                  actions: [
                    sendToSystem('item', ({ event }) => event),
                    // share.updated: the share dialog re-reads the saved settings (issue 6).
                    sendToSystem('share', ({ event }) => event),
                    // Comment pushes (issue 6): insert, reply, update, destroy, set resolved, mark read, refresh, hashed, share.updated.
                    sendToSystem('comments', ({ event }) => event),
                    // requestReview.update / deleteRequest / deleteAllRequests (issue 7).
                    sendToSystem('reviewRequests', ({ event }) => event),
                    // updateSegments / resetSegment / groupComplete / deleteProgress (issue 8).
                    sendToSystem('translation', ({ event }) => event),
                    // memoryReportUpdated (issue 9).
                    sendToSystem('memoryReport', ({ event }) => event),
                  ],
                },
                // The translation actor reads its validation again after a drop (issue 9).
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

import { assign, enqueueActions, raise, setup } from 'xstate';
import type { ContentRefusal } from '../../domain/content.ts';
import type { Backup, ItemAckData, ItemDetail, ItemPayload } from '../../domain/items.ts';
import { itemDownloadFailedToast, newVersionToast } from '../../domain/toasts.ts';
import { isFailedVersionState } from '../../domain/versions.ts';
import { refusalOf, tell, type ItemRetryEvent } from '../content/contentEvents.ts';
import { isBackup, isItemDetail, mergeRecord, parseItemPush, removeVersion, upsertVersion } from './itemEvents.ts';
import { promiseSlot } from '../slots.ts';
import { INITIAL_CONTEXT, shownVersionOf, viewStateOf, viewTransitions, isUploaderOf, canRestoreOf, isVideo, playerAddressOf, routedVersionId, isLatestShown, reasonOf, type ItemViewState, type ItemContext, type ItemEvent } from './itemRules.ts';
export { shownVersionOf, viewStateOf, isUploaderOf, canRestoreOf, canDownloadBackupOf, canOpenShareOf, playerAddressOf, type ItemRoute, type ItemViewState, type ItemContext, type ItemEvent } from './itemRules.ts';

/**
 * The item view (review-and-content §2 item view, §4 item load and version states, §5 restore range, §7, §8;
 * systemId `item`), one item at a time: `item.open` (from the route) loads it — `loading` → `fetchSuccess`,
 * `failedToFetch` (retry), `unauthorized` (password failed: the undismissable password dialog; a wrong password
 * stays with `passwordError`), `privateItemAccessDenied`, `notFound` (deleted). Once loaded the app is told
 * (`item.opened`) so the item's realtime connection opens, and the shown version (the `version` query, the
 * latest when out of range) drives the view: `processing`, `failedProcessing`, `ready` or `deletedVersion`.
 * Pushes keep it live: a newer version by someone else moves the view to it with a toast, a newer one while an
 * older version is shown raises the out-of-date dialog; trashed or destroyed → `notFound`. Beside the view,
 * the `task` region runs one thing at a time: restore version, cancel of a failed upload, the project backup or
 * video download, or a quiet read after a reconnect.
 */
export const itemMachine = setup({
  types: {
    context: {} as ItemContext,
    events: {} as ItemEvent,
    /** Who is looking when the actor starts (the session says it later with item.viewerChanged; tests start with it). */
    input: {} as { userId?: string | null } | undefined,
  },
  actors: {
    fetchItem: promiseSlot<ItemAckData<'item.get'>, ItemPayload<'item.get'>>('fetchItem'),
    restoreVersion: promiseSlot<ItemAckData<'item.restoreVersion'>, ItemPayload<'item.restoreVersion'>>('restoreVersion'),
    deleteVersion: promiseSlot<ItemAckData<'item.deleteVersionByKey'>, ItemPayload<'item.deleteVersionByKey'>>('deleteVersion'),
    listBackups: promiseSlot<Backup[], { itemId: string }>('listBackups'),
    fetchBackupUrl: promiseSlot<string, { backupId: string }>('fetchBackupUrl'),
    presignDownload: promiseSlot<ItemAckData<'item.presignDownload'>, ItemPayload<'item.presignDownload'>>('presignDownload'),
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},
    /** A download of the export menu failed: the person is told in words, not only the error report. */
    toastDownloadFailed: enqueueActions(({ system, enqueue }, params: { what: 'backup' | 'video'; message: string }) => {
      tell(system, enqueue, 'toasts', { type: 'toast.show', toast: itemDownloadFailedToast(params.what, params.message) });
    }),
    /** Saves `url` as `fileName` (an <a download> click), provided by the composition root. */
    startDownload: (_, _params: { url: string; fileName: string }) => {},
    /** The app opens the item's realtime connection (/item/<itemId>) with the password that opened it. */
    announce: enqueueActions(({ context, self, enqueue }) => {
      if (context.announced || !context.item) return;
      enqueue.assign({ announced: true });
      // A machine run alone (path tests) has no parent.
      if ((self as { _parent?: unknown })._parent) {
        enqueue.sendParent({ type: 'item.opened', itemId: context.item.id, password: context.password, anonymousEmail: context.userId ? null : context.anonymousEmail });
      }
    }),
    withdraw: enqueueActions(({ context, self, enqueue }) => {
      if (!context.announced) return;
      enqueue.assign({ announced: false });
      if ((self as { _parent?: unknown })._parent) enqueue.sendParent({ type: 'item.closed' });
    }),
    rememberViewer: assign(({ event }) => (event.type === 'item.viewerChanged' ? { userId: event.userId, anonymousEmail: event.anonymousEmail } : {})),
    acceptItem: assign(({ context, event }) => {
      const item = (event as unknown as { output: ItemAckData<'item.get'> }).output.item;
      return { item, shownVersionId: routedVersionId(item, context.route?.versionQuery ?? null), outOfDate: false, passwordError: false };
    }),
    /** A quiet read after a reconnect: the same version stays shown (deleted meanwhile: deleted version). */
    acceptRefetch: assign(({ event }) => ({ item: (event as unknown as { output: ItemAckData<'item.get'> }).output.item })),
    /** The route changed within the same item (version query, tab): no new read. */
    followRoute: assign(({ context, event }) => {
      if (event.type !== 'item.open') return {};
      const route = { itemId: event.itemId, tab: event.tab, versionQuery: event.versionQuery, reviewRequest: event.reviewRequest };
      if (!context.item) return { route };
      const shownVersionId = routedVersionId(context.item, event.versionQuery);
      return { route, shownVersionId, outOfDate: context.outOfDate && !isLatestShown(context.item, shownVersionId) };
    }),
    settleView: assign({ settledVersionId: ({ context }) => context.shownVersionId }),
    /** §8 "Missing content prefix or player file: reported, empty file address." */
    checkPlayer: enqueueActions(({ context, enqueue }) => {
      if (playerAddressOf(context) !== '' || !context.item) return;
      const what = isVideo(context.item) ? 'media address' : 'content prefix or player file';
      enqueue({ type: 'reportError', params: { message: `Item ${context.item.id} version ${shownVersionOf(context)?.number ?? '?'} has no ${what}` } } as never);
    }),
    applyPush: enqueueActions(({ context, event, system, enqueue }) => {
      if (event.type !== 'realtime.message' || !context.item) return;
      const push = parseItemPush(event.event, event.data);
      if (!push) return;
      const item = context.item;
      switch (push.name) {
        case 'item.versionCreated': {
          if (push.data.itemId !== item.id) return;
          const latest = item.versions.at(-1) ?? null;
          const isNewer = !item.versions.some((v) => v.id === push.data.version.id) && (!latest || push.data.version.number > latest.number);
          const next = upsertVersion(item, push.data.version);
          if (!isNewer) {
            enqueue.assign({ item: next });
          } else if (latest === null || context.shownVersionId === latest.id || context.shownVersionId === null) {
            // §4 Other: the view moves to the new version; a toast says so when someone else made it.
            enqueue.assign({ item: next, shownVersionId: push.data.version.id, route: context.route ? { ...context.route, versionQuery: null } : null });
            if (push.data.version.userId !== context.userId) tell(system, enqueue, 'toasts', { type: 'toast.show', toast: newVersionToast(item.title, push.data.version.number) });
          } else {
            // §2 "A newer version shows an out-of-date dialog" (an older version is shown).
            enqueue.assign({ item: next, outOfDate: true });
          }
          return;
        }
        case 'item.versionUpdated':
          if (push.data.itemId !== item.id) return;
          enqueue.assign({ item: push.data.deleted ? removeVersion(item, push.data.version.id) : upsertVersion(item, push.data.version) });
          return;
        case 'item.updateHashed':
          if (push.data.item.id === item.id) enqueue.assign({ item: mergeRecord(item, push.data.item) });
          return;
        case 'item.backupUpdated':
          if (push.data.itemId === item.id && context.backup?.id === push.data.backup.id) enqueue.assign({ backup: push.data.backup });
          return;
        default:
          // item.packageReadyForDownload: the package download is not offered here; removals are transitions.
          return;
      }
    }),
    /** The generic error dialog (§8: retryable), through the content dialogs. */
    openErrorDialog: enqueueActions(({ system, enqueue }, params: { operation: 'restore' | 'destroy'; error: unknown; message: string; retry: ItemRetryEvent }) => {
      const reason = refusalOf(params.error).reason as ContentRefusal | null;
      tell(system, enqueue, 'dialogs', { type: 'dialogs.open', dialog: { kind: 'error', operation: params.operation, reason, message: params.message, retry: { target: 'item', event: params.retry } } });
    }),
    showLatest: assign(({ context, event }) => {
      const item = (event as unknown as { output: { item: ItemDetail } }).output.item;
      return { item, shownVersionId: item.versions.at(-1)?.id ?? null, outOfDate: false, route: context.route ? { ...context.route, versionQuery: null } : null };
    }),
    askForNewVersion: enqueueActions(({ context, event, system, enqueue }) => {
      if (event.type !== 'item.retryUpload' || !context.item) return;
      tell(system, enqueue, 'uploads', { type: 'uploads.add', files: [event.file], target: { kind: 'newVersion', itemId: context.item.id, product: context.item.product } });
    }),
  },
  guards: {
    isSameItem: ({ context }, params: { itemId: string }) => context.route?.itemId === params.itemId,
    isItemAnswer: (_, params: { output: unknown }) => isItemDetail((params.output as { item?: unknown } | null)?.item),
    isRefusal: (_, params: { error: unknown; reason: string }) => reasonOf(params.error) === params.reason,
    isView: ({ context }, params: { view: ItemViewState }) => viewStateOf(context) === params.view,
    isAnotherVersion: ({ context }) => context.shownVersionId !== context.settledVersionId,
    /** Trashed or deleted forever (pushes on the item's namespace): the deleted-item screen. */
    isRemoval: ({ context, event }) => {
      if (event.type !== 'realtime.message' || !context.item) return false;
      const push = parseItemPush(event.event, event.data);
      if (!push) return false;
      if (push.name === 'item.softDeleteHashed' || push.name === 'item.hardDeleteHashed') return push.data.id === context.item.id;
      return push.name === 'item.updateHashed' && push.data.item.id === context.item.id && push.data.item.isArchived;
    },
    canRestore: ({ context }, params: { version: number }) => canRestoreOf(context, params.version),
    /** §4: cancel and retry are the uploader's, on a failed latest version (a ready one cannot be deleted by key). */
    canCancelUpload: ({ context }) => {
      const latest = context.item?.versions.at(-1);
      return !!latest && latest.id === context.shownVersionId && isFailedVersionState(latest.state) && isUploaderOf(context);
    },
    canRetryUpload: ({ context }) => viewStateOf(context) === 'failedProcessing' && isUploaderOf(context) && isLatestShown(context.item, context.shownVersionId),
    isDestroyed: (_, params: { output: unknown }) => (params.output as { item?: unknown } | null)?.item === null,
    /** Backups need an account (§7: bearer required). */
    isSignedIn: ({ context }) => context.userId !== null,
    canDownloadVideo: ({ context }) => isVideo(context.item) && viewStateOf(context) === 'ready',
    isLatestBackupReady: (_, params: { backups: unknown }) => Array.isArray(params.backups) && isBackup(params.backups[0]) && params.backups[0].status === 'ready',
    hasLatestBackup: (_, params: { backups: unknown }) => Array.isArray(params.backups) && isBackup(params.backups[0]),
    isBackupReady: ({ context }) => context.backup?.status === 'ready',
    isBackupLink: (_, params: { output: unknown }) => typeof params.output === 'string' && params.output !== '',
    isDownloadLink: (_, params: { output: unknown }) => {
      const output = params.output as { url?: unknown; fileName?: unknown } | null;
      return typeof output?.url === 'string' && output.url !== '' && typeof output.fileName === 'string';
    },
  },
}).createMachine({
  id: 'item',
  context: ({ input }) => ({ ...INITIAL_CONTEXT, userId: input?.userId ?? null }),
  initial: 'closed',
  on: {
    'item.viewerChanged': { actions: 'rememberViewer' },
    'item.close': { target: '.closed', actions: ['withdraw', assign(({ context }) => ({ ...INITIAL_CONTEXT, userId: context.userId, anonymousEmail: context.anonymousEmail }))] },
  },
  states: {
    closed: {
      on: {
        'item.open': {
          target: 'open',
          actions: assign({
            route: ({ event }) => ({ itemId: event.itemId, tab: event.tab, versionQuery: event.versionQuery, reviewRequest: event.reviewRequest }),
            password: ({ event }) => event.password,
          }),
        },
      },
    },
    open: {
      on: {
        'item.open': [
          { guard: { type: 'isSameItem', params: ({ event }) => ({ itemId: event.itemId }) }, actions: 'followRoute' },
          // Another item: its own read and its own realtime connection.
          {
            target: 'open',
            reenter: true,
            actions: [
              'withdraw',
              assign(({ context, event }) => ({
                ...INITIAL_CONTEXT,
                userId: context.userId,
                anonymousEmail: context.anonymousEmail,
                route: { itemId: event.itemId, tab: event.tab, versionQuery: event.versionQuery, reviewRequest: event.reviewRequest },
                password: event.password,
              })),
            ],
          },
        ],
      },
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'fetchItem',
            src: 'fetchItem',
            input: ({ context }) => ({ id: context.route?.itemId ?? '', pass: context.password, protectedLinksFlagEnabled: true as const }),
            onDone: [
              { guard: { type: 'isItemAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'fetchSuccess', actions: 'acceptItem' },
              { target: 'failedToFetch', actions: { type: 'reportError', params: { message: 'Malformed item.get answer' } } },
            ],
            onError: [
              // §8 "password failed (password prompt)": wrong when one was sent.
              { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'passwordFailed' }) }, target: 'unauthorized', actions: assign({ passwordError: ({ context }) => context.password !== null }) },
              { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'accessDenied' }) }, target: 'privateItemAccessDenied' },
              { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'notFound' }) }, target: 'notFound' },
              { target: 'failedToFetch', actions: { type: 'reportError', params: ({ event }) => ({ message: `The item could not be read: ${refusalOf(event.error).message}` }) } },
            ],
          },
        },
        // The undismissable password dialog.
        unauthorized: {
          entry: 'withdraw',
          initial: 'asking',
          states: {
            asking: {
              on: { 'item.submitPassword': { target: 'checking', actions: assign({ password: ({ event }) => event.password }) } },
            },
            checking: {
              tags: ['busy'],
              invoke: {
                id: 'checkPassword',
                src: 'fetchItem',
                input: ({ context }) => ({ id: context.route?.itemId ?? '', pass: context.password, protectedLinksFlagEnabled: true as const }),
                onDone: [
                  { guard: { type: 'isItemAnswer', params: ({ event }) => ({ output: event.output }) }, target: '#item.open.fetchSuccess', actions: 'acceptItem' },
                  { target: '#item.open.failedToFetch', actions: { type: 'reportError', params: { message: 'Malformed item.get answer' } } },
                ],
                onError: [
                  { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'passwordFailed' }) }, target: 'asking', actions: assign({ passwordError: true }) },
                  { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'accessDenied' }) }, target: '#item.open.privateItemAccessDenied' },
                  { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'notFound' }) }, target: '#item.open.notFound' },
                  { target: '#item.open.failedToFetch', actions: { type: 'reportError', params: ({ event }) => ({ message: `The item could not be read: ${refusalOf(event.error).message}` }) } },
                ],
              },
            },
          },
        },
        // Signing in (the screen's sign-in link) or out changes who is asking: read again.
        privateItemAccessDenied: { entry: 'withdraw', on: { 'item.viewerChanged': { target: 'loading', actions: 'rememberViewer' } } },
        // A deleted item (trashed for others, or destroyed): review.deleted_title.
        notFound: {
          entry: 'withdraw',
          on: { 'item.viewerChanged': { target: 'loading', actions: 'rememberViewer' } },
        },
        // The route may open an item before the session has a connection: the session's word retries it too.
        failedToFetch: {
          entry: 'withdraw',
          on: { 'item.retry': { target: 'loading' }, 'item.viewerChanged': { target: 'loading', actions: 'rememberViewer' } },
        },
        fetchSuccess: {
          type: 'parallel',
          entry: 'announce',
          // What the view showed of a version goes with it (the item stays for the header of the other screens).
          exit: assign({ shownVersionId: null, settledVersionId: null, outOfDate: false, restoreAsked: null }),
          on: {
            'realtime.message': [{ guard: 'isRemoval', target: 'notFound' }, { actions: 'applyPush' }],
          },
          states: {
            // What the shown version lets the view show; re-decided whenever the version or its state changes.
            // Each state moves on as soon as the view state or the version no longer match it (no transient
            // chooser state: every state here is one a user can be in, so charts and path tests see them all).
            view: {
              initial: 'processing',
              states: {
                processing: { entry: 'settleView', always: viewTransitions('processing') },
                // Owner and non-owner texts; cancel and retry for the uploader only (isUploaderOf).
                failedProcessing: { entry: 'settleView', always: viewTransitions('failedProcessing') },
                ready: { entry: ['settleView', 'checkPlayer'], always: viewTransitions('ready') },
                deletedVersion: { entry: 'settleView', always: viewTransitions('deletedVersion') },
              },
              on: {
                'item.dismissOutOfDate': { actions: assign({ outOfDate: false }) },
              },
            },
            // §5 restore version: the version menu asks, the confirmation answers; confirming hands the version to
            // `task` (busy there: the dialog's confirm waits for it).
            restoreConfirm: {
              initial: 'closed',
              states: {
                closed: {
                  entry: assign({ restoreAsked: null }),
                  on: {
                    'item.askRestore': { guard: { type: 'canRestore', params: ({ event }) => ({ version: event.version }) }, target: 'asking', actions: assign({ restoreAsked: ({ event }) => event.version }) },
                  },
                },
                asking: {
                  on: {
                    'item.confirmRestore': { target: 'closed', actions: raise(({ context }) => ({ type: 'item.restoreVersion' as const, version: context.restoreAsked ?? 0 })) },
                    'item.cancelRestore': { target: 'closed' },
                  },
                },
              },
            },
            // One task at a time beside the view: a change to the versions, a download, or a quiet read after a
            // reconnect (one region rather than three keeps the chart, and the paths through it, small).
            // §8 comments_old_version_error: a comment insert was refused for an old item version (the comments actor
            // keeps the version flagged; the quiet read in `task` learns the newer one).
            oldVersionError: {
              initial: 'closed',
              on: { 'item.markOutOfDate': { target: '.open' } },
              states: {
                closed: {},
                open: { on: { 'item.dismissOldVersionError': { target: 'closed' } } },
              },
            },
            task: {
              initial: 'idle',
              states: {
                idle: {
                  entry: assign({ backup: null, restoring: null }),
                  on: {
                    // §5 "restore-version with an out-of-range version is silently ignored"; a viewer only views.
                    'item.restoreVersion': { guard: { type: 'canRestore', params: ({ event }) => ({ version: event.version }) }, target: 'restoring', actions: assign({ restoring: ({ event }) => event.version }) },
                    'item.cancelUpload': { guard: 'canCancelUpload', target: 'cancelingUpload' },
                    'item.retryUpload': { guard: 'canRetryUpload', actions: 'askForNewVersion' },
                    'item.downloadBackup': { guard: 'isSignedIn', target: 'listingBackups', actions: assign({ backup: null }) },
                    'item.downloadVideo': { guard: 'canDownloadVideo', target: 'presigningVideo' },
                    // Pushes may have been missed while the connection was down.
                    'realtime.reconnected': { target: 'refreshing' },
                    // A comment was refused for an old version: read the item again to learn the newer one.
                    'item.markOutOfDate': { target: 'refreshing' },
                  },
                },
                restoring: {
                  tags: ['busy'],
                  invoke: {
                    id: 'restoreVersion',
                    src: 'restoreVersion',
                    input: ({ context }) => ({ itemId: context.item?.id ?? '', version: context.restoring ?? 0 }),
                    onDone: [
                      { guard: { type: 'isItemAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: ['showLatest', assign({ restoring: null })] },
                      { target: 'idle', actions: [assign({ restoring: null }), { type: 'reportError', params: { message: 'Malformed item.restoreVersion answer' } }] },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        { type: 'reportError', params: ({ event }) => ({ message: `Restore version failed: ${refusalOf(event.error).message}` }) },
                        {
                          type: 'openErrorDialog',
                          params: ({ context, event }) => ({ operation: 'restore' as const, error: event.error, message: 'Error restoring version', retry: { type: 'item.restoreVersion' as const, version: context.restoring ?? 0 } }),
                        },
                        assign({ restoring: null }),
                      ],
                    },
                  },
                },
                cancelingUpload: {
                  tags: ['busy'],
                  invoke: {
                    id: 'deleteVersion',
                    src: 'deleteVersion',
                    input: ({ context }) => ({ itemId: context.item?.id ?? '', key: context.item?.versions.at(-1)?.package.key ?? '' }),
                    onDone: [
                      // The only version: the item is destroyed.
                      { guard: { type: 'isDestroyed', params: ({ event }) => ({ output: event.output }) }, target: '#item.open.notFound' },
                      { guard: { type: 'isItemAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: 'showLatest' },
                      { target: 'idle', actions: { type: 'reportError', params: { message: 'Malformed item.deleteVersionByKey answer' } } },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        { type: 'reportError', params: ({ event }) => ({ message: `Canceling the failed upload failed: ${refusalOf(event.error).message}` }) },
                        { type: 'openErrorDialog', params: ({ event }) => ({ operation: 'destroy' as const, error: event.error, message: 'Error deleting version', retry: { type: 'item.cancelUpload' as const } }) },
                      ],
                    },
                  },
                },
                // The export menu's "Download project backup": the latest backup, once ready, saved as '{title}.story'.
                listingBackups: {
                  tags: ['downloading'],
                  invoke: {
                    id: 'listBackups',
                    src: 'listBackups',
                    input: ({ context }) => ({ itemId: context.item?.id ?? '' }),
                    onDone: [
                      { guard: { type: 'isLatestBackupReady', params: ({ event }) => ({ backups: event.output }) }, target: 'fetchingBackupUrl', actions: assign({ backup: ({ event }) => event.output[0]! }) },
                      // §4 Backups: created (project file processing) → ready.
                      { guard: { type: 'hasLatestBackup', params: ({ event }) => ({ backups: event.output }) }, target: 'waitingForBackup', actions: assign({ backup: ({ event }) => event.output[0]! }) },
                      {
                        target: 'idle',
                        actions: [
                          { type: 'reportError', params: { message: 'The item has no project backup' } },
                          { type: 'toastDownloadFailed', params: { what: 'backup' as const, message: 'This item has no project backup yet.' } },
                        ],
                      },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        { type: 'reportError', params: ({ event }) => ({ message: `Backups could not be read: ${refusalOf(event.error).message}` }) },
                        { type: 'toastDownloadFailed', params: ({ event }) => ({ what: 'backup' as const, message: refusalOf(event.error).message }) },
                      ],
                    },
                  },
                },
                // The backup is being made; item.backupUpdated says when it is ready.
                waitingForBackup: {
                  tags: ['downloading'],
                  always: { guard: 'isBackupReady', target: 'fetchingBackupUrl' },
                  on: { 'realtime.reconnected': { target: 'listingBackups' } },
                },
                fetchingBackupUrl: {
                  tags: ['downloading'],
                  invoke: {
                    id: 'fetchBackupUrl',
                    src: 'fetchBackupUrl',
                    input: ({ context }) => ({ backupId: context.backup?.id ?? '' }),
                    onDone: [
                      {
                        guard: { type: 'isBackupLink', params: ({ event }) => ({ output: event.output }) },
                        target: 'idle',
                        // §7 "saved as a file named after the title with a .story ending".
                        actions: [{ type: 'startDownload', params: ({ context, event }) => ({ url: event.output, fileName: `${context.item?.title ?? 'project'}.story` }) }, assign({ backup: null })],
                      },
                      { target: 'idle', actions: [assign({ backup: null }), { type: 'reportError', params: { message: 'Malformed backup download answer' } }] },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        assign({ backup: null }),
                        { type: 'reportError', params: ({ event }) => ({ message: `Backup download failed: ${refusalOf(event.error).message}` }) },
                        { type: 'toastDownloadFailed', params: ({ event }) => ({ what: 'backup' as const, message: refusalOf(event.error).message }) },
                      ],
                    },
                  },
                },
                // The export menu's video download: a signed link (Content-Disposition attachment).
                presigningVideo: {
                  tags: ['downloading'],
                  invoke: {
                    id: 'presignDownload',
                    src: 'presignDownload',
                    input: ({ context }) => ({ itemId: context.item?.id ?? '', version: shownVersionOf(context)?.number ?? 0 }),
                    onDone: [
                      { guard: { type: 'isDownloadLink', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: { type: 'startDownload', params: ({ event }) => event.output } },
                      { target: 'idle', actions: { type: 'reportError', params: { message: 'Malformed item.presignDownload answer' } } },
                    ],
                    onError: {
                      target: 'idle',
                      actions: [
                        { type: 'reportError', params: ({ event }) => ({ message: `Video download failed: ${refusalOf(event.error).message}` }) },
                        { type: 'toastDownloadFailed', params: ({ event }) => ({ what: 'video' as const, message: refusalOf(event.error).message }) },
                      ],
                    },
                  },
                },
                // After a reconnect the item is read again quietly; the same version stays shown.
                refreshing: {
                  invoke: {
                    id: 'refetchItem',
                    src: 'fetchItem',
                    input: ({ context }) => ({ id: context.item?.id ?? '', pass: context.password, protectedLinksFlagEnabled: true as const }),
                    onDone: [
                      { guard: { type: 'isItemAnswer', params: ({ event }) => ({ output: event.output }) }, target: 'idle', actions: 'acceptRefetch' },
                      { target: 'idle', actions: { type: 'reportError', params: { message: 'Malformed item.get answer' } } },
                    ],
                    onError: [
                      { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'notFound' }) }, target: '#item.open.notFound' },
                      { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'accessDenied' }) }, target: '#item.open.privateItemAccessDenied' },
                      { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error, reason: 'passwordFailed' }) }, target: '#item.open.unauthorized' },
                      { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ message: `The item could not be read again: ${refusalOf(event.error).message}` }) } },
                    ],
                  },
                  on: { 'realtime.reconnected': { target: 'refreshing', reenter: true } },
                },
              },
            },
          },
        },
      },
    },
  },
});

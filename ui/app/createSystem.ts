import type { Socket } from 'socket.io-client';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { realClock, type AppClock } from '../../adapters/clock.ts';
import { createAccountReader, writeStaffOverride } from '../../adapters/account.ts';
import { CONTENT_REQUEST_TIMEOUT_MS, createContentClient, emitRequest, newClientId, runItemCalls } from '../../adapters/content.ts';
import { documentCookies, ensureCountryCookie, watchSessionIndicator, type CookieJar } from '../../adapters/cookies.ts';
import { createEventRecorder, type EventRecorder } from '../../adapters/eventLog.ts';
import { probeSystem } from '../../adapters/systemProbe.ts';
import { createFileStore } from '../../adapters/files.ts';
import { createItemClient } from '../../adapters/items.ts';
import { createShareClient } from '../../adapters/share.ts';
import { createCommentClient } from '../../adapters/comments.ts';
import { createReviewRequestClient } from '../../adapters/reviewRequests.ts';
import { createTranslationClient } from '../../adapters/translation.ts';
import { SKIP_REOPEN_CONFIRM_STORAGE_KEY, SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY, UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY, type PreviousValidationResponse } from '../../domain/translation.ts';
import { isWalkthroughShown, TRANSLATION_WALKTHROUGH_STEPS } from '../../domain/translationAssist.ts';
import { canTranslateContent } from '../../domain/roles.ts';
import { DELETE_REVIEWER_CONFIRM_STORAGE_KEY } from '../../domain/reviewRequests.ts';
import { hashFile } from '../../adapters/md5.ts';
import { createUploadClient, inspectFile } from '../../adapters/uploads.ts';
import { createAnalyticsClient } from '../../adapters/analytics.ts';
import { createHttpClient, type HttpClient } from '../../adapters/http.ts';
import { createOidcAdapter, lookupProfile } from '../../adapters/oidc.ts';
import { createSocketConnection } from '../../adapters/socket.ts';
import { browserStorage } from '../../adapters/storage.ts';
import type { RuntimeConfig } from '../../domain/config.ts';
import { appMachine } from '../../machines/appMachine.ts';
import { authMachine, type StoredSessionResult } from '../../machines/authMachine.ts';
import { definitionHashes } from '../../machines/index.ts';
import { folderSettingsMachine } from '../../machines/folderSettingsMachine.ts';
import type { ClientIdEvent } from '../../machines/contentEvents.ts';
import { foldersMachine } from '../../machines/foldersMachine.ts';
import { gridMachine } from '../../machines/gridMachine.ts';
import type { UploadFileRef } from '../../machines/itemEvents.ts';
import { itemMachine } from '../../machines/itemMachine.ts';
import { itemNotificationsMachine } from '../../machines/itemNotificationsMachine.ts';
import { outboxMachine } from '../../machines/outboxMachine.ts';
import { shareMachine } from '../../machines/shareMachine.ts';
import { commentsSubjectOf } from '../../machines/commentEvents.ts';
import { commentAttachmentMachine, commentPostingMachine, type PutFileInput, type SaveCommentInput } from '../../machines/commentPostingMachine.ts';
import { commentPrefsOf, commentsMachine } from '../../machines/commentsMachine.ts';
import { uploadMachine } from '../../machines/uploadMachine.ts';
import { requestDialogMachine } from '../../machines/requestDialogMachine.ts';
import { reviewRequestsMachine, type ReviewRequestsSubject } from '../../machines/reviewRequestsMachine.ts';
import { isSavingOf, loadStatusOf, translationMachine, type TranslationSubject } from '../../machines/translationMachine.ts';
import { memoryReportMachine, type MemoryReportSubject } from '../../machines/memoryReportMachine.ts';
import { suggestionsMachine, type SuggestionsSubject } from '../../machines/suggestionsMachine.ts';
import { surveysMachine } from '../../machines/surveysMachine.ts';
import { walkthroughMachine } from '../../machines/walkthroughMachine.ts';
import { itemStackMachine, type ItemStackSubject } from '../../machines/itemStackMachine.ts';
import { gridDownloadMachine } from '../../machines/gridDownloadMachine.ts';
import { shownVersionOf, viewStateOf } from '../../machines/itemMachine.ts';
import { uploadsMachine } from '../../machines/uploadsMachine.ts';
import { notificationSettingsMachine } from '../../machines/notificationSettingsMachine.ts';
import { sandboxMachine } from '../../machines/sandboxMachine.ts';
import { sessionMachine } from '../../machines/sessionMachine.ts';
import { socketMachine } from '../../machines/socketMachine.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { t } from '../strings.ts';
import type { AppSystem } from '../system.tsx';
import { copyToClipboard, leavePageWarning, startDownload } from './browser.ts';
import { createTokenBus } from './tokenBus.ts';

/** Where the grid's preferences are kept (review-and-content §9: the key is not named). */
const GRID_PREFS_STORAGE_KEY = 'review.gridPrefs';
/** Where the comments' sort is kept (review-and-content §9 "persisted"; the key is not named). */
const COMMENT_PREFS_STORAGE_KEY = 'review.commentPrefs';

export interface CreatedSystem extends AppSystem {
  recorder: EventRecorder;
  http: HttpClient;
}

/** How often at most an upload's hashing or PUT progress becomes an event (each is recorded in the session log). */
const UPLOAD_PROGRESS_EVERY_MS = 200;

/**
 * `report` at most once per `everyMs` with the latest arguments (the first at once, the last one kept for the end
 * of the window), so fast progress callbacks do not flood the event log; `cancel` drops a pending one.
 */
function throttled<A extends unknown[]>(report: (...args: A) => void, everyMs: number, now: () => number) {
  let last = -Infinity;
  let pending: A | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    if (!pending) return;
    const args = pending;
    pending = null;
    last = now();
    report(...args);
  };
  return {
    call: (...args: A) => {
      pending = args;
      const wait = last + everyMs - now();
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel: () => {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * The composition root: the only place where adapters meet machines. Builds the real adapters from
 * the runtime config, provides them to the machines, and starts the one actor system with the
 * event-log recorder as its inspector and the real clock.
 */
export function createAppSystem(
  config: RuntimeConfig,
  options: {
    origin: string;
    clock?: AppClock;
    userAgent: string;
    saveFile: (name: string, bytes: Uint8Array) => void;
    cookies?: CookieJar;
    /** Saves a signed link as a file (backups, videos); an `<a download>` click unless told otherwise. */
    startDownload?: (url: string, fileName: string) => void;
    /** Arms the leave-page warning while uploads are in progress; the browser's beforeunload unless told otherwise. */
    warnBeforeLeaving?: (armed: boolean) => void;
  },
): CreatedSystem {
  const clock = options.clock ?? realClock;
  const storage = browserStorage();
  const cookies = options.cookies ?? documentCookies();
  const oidc = createOidcAdapter({ ...config.oidc, origin: options.origin }, storage);
  const recorder = createEventRecorder({
    now: () => clock.now(),
    isCoreLogic,
    capacityBytes: config.eventLog.capacityBytes ?? undefined,
    checkpointEveryMs: config.eventLog.checkpointEveryMs ?? undefined,
  });

  const auth = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSessionResult, void>(() => oidc.loadStoredSession()),
      startSignIn: fromPromise(({ input }) => oidc.startSignIn(input)),
      completeSignIn: fromPromise(({ input }) => oidc.completeSignIn(input)),
      refreshTokens: fromPromise(() => oidc.refreshTokens()),
      loadUserInfo: fromPromise(() => oidc.loadUserInfo()),
      lookupProfile: fromPromise(({ input }) => lookupProfile(config.services.profiles, input.email)),
      endSession: fromPromise(({ input }) => oidc.endSession(input)),
    },
    actions: {
      rememberGuest: (_, params: { email: string }) => oidc.rememberGuest(params.email),
      forgetGuest: () => oidc.rememberGuest(null),
    },
  });

  // The token bus reads the auth actor, which exists only once the system runs: resolve it lazily.
  const tokens = createTokenBus(() => authRef);
  const subscriptions = createHttpClient({ baseURL: config.services.subscriptions, tokens });
  const flagService = createHttpClient({ baseURL: config.services.flags, tokens });
  const http = createHttpClient({ baseURL: config.reviewApi, tokens });
  // Notification preferences (foundation §7): GET one preference, PUT the whole of it back.
  const notifications = createHttpClient({ baseURL: config.services.notifications, tokens });
  const notificationSettings = notificationSettingsMachine.provide({
    actors: {
      fetchPreference: fromPromise(({ input }) => notifications.request<unknown>(`/preferences/${encodeURIComponent(input.type)}`)),
      savePreference: fromPromise(({ input }) => notifications.request<unknown>('/preferences', { method: 'PUT', body: input })),
    },
  });
  // The sandbox's flag editor (staff): every flag globally and for the current subscription, and the staff PUT.
  const sandbox = sandboxMachine.provide({
    actors: {
      loadFlags: fromPromise(async ({ input }) => {
        const [global, own] = await Promise.all([
          flagService.request<{ flags: unknown }>('/v1/flags'),
          input.subscriptionId ? flagService.request<{ flags: unknown }>('/v1/flags', { query: { subscriptionId: input.subscriptionId } }) : null,
        ]);
        return { subscriptionId: input.subscriptionId, global: global.flags, subscription: own?.flags ?? null };
      }),
      saveFlag: fromPromise(({ input }) =>
        flagService.request<unknown>(`/v1/flags/${encodeURIComponent(input.key)}`, { method: 'PUT', body: { subscriptionId: input.subscriptionId, value: input.value } }),
      ),
    },
  });
  const readAccount = createAccountReader({ subscriptions, reviewApi: http, storage, now: () => clock.now() });

  // The live sockets by namespace: the content client talks over the user's (/user/<aid>).
  const liveSockets = new Map<string, Socket>();
  const content = createContentClient({
    socket: () => [...liveSockets].find(([namespace]) => namespace.startsWith('/user/'))?.[1] ?? null,
    http,
    report: (message, details) => console.error(message, details),
  });

  // One realtime connection per namespace (the user's, and the open item's), all on the same adapter.
  const realtime = socketMachine.provide({
    actors: {
      connection: createSocketConnection({
        url: config.socket.url,
        reconnect: config.socket.reconnect,
        tokens,
        now: () => clock.now(),
        onSocket: (namespace, socket) => {
          if (socket) liveSockets.set(namespace, socket);
          else liveSockets.delete(namespace);
        },
      }),
      refreshToken: fromPromise(() => tokens.forceRefresh()),
    },
    actions: {
      logDroppedMessage: (_, params) => console.warn(`Dropped socket message "${params.event}": ${params.reason}`),
      logSocketError: (_, params) => console.error(params.message),
    },
  });

  const session = sessionMachine.provide({
    actors: {
      fetchAccount: fromPromise(readAccount),
      validateProfile: fromPromise(() => http.request('/me')),
      fetchFlags: fromPromise(async ({ input }) => {
        const query = input.subscriptionId ? { subscriptionId: input.subscriptionId } : {};
        const body = await flagService.request<{ flags: unknown }>('/v1/flags', { query });
        return { subscriptionId: input.subscriptionId, values: body.flags };
      }),
      watchSessionIndicator: watchSessionIndicator({ cookieName: config.session.indicatorCookie, cookies }),
      userSocket: realtime,
    },
    actions: {
      logSlowLoading: () => console.warn('Loading took longer than 5000 ms'),
      logError: (_, params) => console.error(params.message),
      storeStaffOverride: (_, params) => writeStaffOverride(storage, params.userId, params.value),
    },
  });

  // The content area (review-and-content §7): folders, shared-folder settings and the grid over the content client.
  const reportError = (_: unknown, params: { message: string }) => console.error(params.message);
  const folders = foldersMachine.provide({
    actors: {
      fetchFolders: fromPromise(() => content.request('folder.fetch', {})),
      // A change is sent only while connected and heard dropping (adapters/content.ts `asChange`): the actor keeps it
      // pending and asks again, with its change id, when the answer is lost.
      sendFolderChange: fromPromise(({ input }) => content.request(input.name, input.payload as never, { asChange: true })),
    },
    actions: { reportError },
  });
  const folderSettings = folderSettingsMachine.provide({
    actors: {
      fetchPermissions: fromPromise(({ input }) => content.request('folder.getPermissions', input)),
      savePermissions: fromPromise(({ input }) => content.request('folder.setPermissions', input)),
      fetchTeam: fromPromise(() => content.request('team.fetchGroups', {})),
    },
    actions: { reportError },
  });
  const grid = gridMachine.provide({
    actors: {
      fetchItems: fromPromise(async ({ input, signal }) => {
        const page = await content.request('item.fetch', input);
        // The bench measures from here to the cards on screen (performance mark 'grid:cards' in the grid view).
        // An answer the grid stopped waiting for (another page was asked for meanwhile) is never shown: no mark.
        if (!signal.aborted) performance.mark('grid:data', { detail: { folderId: input.folderId, page: page.page } });
        return page;
      }),
      sendItemChange: fromPromise(({ input }) => runItemCalls(content, input.calls, { asChange: true })),
    },
    actions: { reportError },
  });

  // Uploads and the item view (review-and-content §4, §7): File objects stay in the FileStore, events carry their ids.
  let fileSeq = 0;
  const files = createFileStore(() => `file-${++fileSeq}`);
  const uploadClient = createUploadClient({ http });
  // Item requests go over the user's socket, or the anonymous reviewer's (/anon): anonymous reviewers open items too.
  const items = createItemClient({
    socket: () => {
      const live = [...liveSockets];
      return (live.find(([namespace]) => namespace.startsWith('/user/')) ?? live.find(([namespace]) => namespace === '/anon'))?.[1] ?? null;
    },
    http,
  });
  const fileOf = (fileId: string): File => {
    const file = files.get(fileId);
    if (!file) throw new Error('The file is no longer available; choose it again.');
    return file;
  };
  const upload = uploadMachine.provide({
    actors: {
      inspectFile: fromPromise(async ({ input }) => inspectFile(fileOf(input.fileId))),
      // MD5 in a worker; progress and the outcome come back as events.
      hashFile: fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const progress = throttled((fraction: number) => sendBack({ type: 'upload.hashProgress', fraction }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
        const fail = (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'upload.hashFailed', message: error instanceof Error ? error.message : 'Hashing failed' });
        };
        try {
          hashFile(fileOf(input.fileId), progress.call, controller.signal).then((md5) => {
            progress.cancel();
            sendBack({ type: 'upload.hashed', md5 });
          }, fail);
        } catch (error) {
          queueMicrotask(() => fail(error));
        }
        return () => {
          progress.cancel();
          controller.abort();
        };
      }),
      requestUploadUrl: fromPromise(({ input }) => uploadClient.uploadUrl(input)),
      createItem: fromPromise(({ input }) => items.request('item.create', input)),
      uploadVersion: fromPromise(({ input }) => items.request('item.upload', input)),
      // The PUT with its progress; leaving the uploading state aborts it.
      putFile: fromCallback<EventObject, { fileId: string; url: string; contentType: string; fileName: string; md5: string }>(({ input, sendBack }) => {
        const controller = new AbortController();
        const progress = throttled((loaded: number, total: number) => sendBack({ type: 'upload.progress', loaded, total }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
        const fail = (error: unknown) => {
          if (controller.signal.aborted) return;
          const status = (error as { status?: unknown } | null)?.status;
          sendBack({ type: 'upload.putFailed', status: typeof status === 'number' ? status : 0, message: error instanceof Error ? error.message : 'Upload failed' });
        };
        try {
          const file = fileOf(input.fileId);
          uploadClient
            .put({ url: input.url, file, contentType: input.contentType, fileName: input.fileName, md5Hex: input.md5, onProgress: progress.call, signal: controller.signal })
            .then(() => {
              progress.cancel();
              sendBack({ type: 'upload.progress', loaded: file.size, total: file.size });
              sendBack({ type: 'upload.putDone' });
            }, fail);
        } catch (error) {
          queueMicrotask(() => fail(error));
        }
        return () => {
          progress.cancel();
          controller.abort();
        };
      }),
      markUploadFailed: fromPromise(({ input }) => items.request('item.markUploadFailed', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
    },
    actions: { reportError, releaseFile: (_, params) => files.remove(params.fileId) },
  });
  const uploads = uploadsMachine.provide({ actors: { upload } });
  const download = options.startDownload ?? startDownload;
  const item = itemMachine.provide({
    actors: {
      fetchItem: fromPromise(({ input }) => items.request('item.get', input)),
      restoreVersion: fromPromise(({ input }) => items.request('item.restoreVersion', input)),
      deleteVersion: fromPromise(({ input }) => items.request('item.deleteVersionByKey', input)),
      listBackups: fromPromise(({ input }) => items.backups(input.itemId)),
      fetchBackupUrl: fromPromise(({ input }) => items.backupDownloadUrl(input.backupId)),
      presignDownload: fromPromise(({ input }) => items.request('item.presignDownload', input)),
    },
    actions: { reportError, startDownload: (_, params) => download(params.url, params.fileName) },
  });

  // Sharing and item notifications (issue 6): the share dialog over the review API (domain/sharing.ts), the
  // per-item level over the user's socket (item.subscriptionFind / item.subscriptionUpsert, domain/comments.ts),
  // and the staff outbox on /sandbox.
  const shareClient = createShareClient({ http });
  const share = shareMachine.provide({
    actors: {
      fetchSharePermissions: fromPromise(({ input }) => shareClient.permissions(input.itemId)),
      saveShare: fromPromise(({ input }) =>
        input.request.mode === 'private' ? shareClient.savePrivate(input.itemId, input.request.body) : shareClient.savePublic(input.itemId, input.request.body),
      ),
    },
    actions: { reportError, copyToClipboard: (_, params) => copyToClipboard(params.text) },
  });
  const userSocketNow = () => [...liveSockets].find(([namespace]) => namespace.startsWith('/user/'))?.[1] ?? null;
  const itemNotifications = itemNotificationsMachine.provide({
    actors: {
      findSubscription: fromPromise(({ input }) => emitRequest(userSocketNow(), 'item.subscriptionFind', input, CONTENT_REQUEST_TIMEOUT_MS)),
      upsertSubscription: fromPromise(({ input }) => emitRequest(userSocketNow(), 'item.subscriptionUpsert', input, CONTENT_REQUEST_TIMEOUT_MS)),
    },
    actions: { reportError },
  });
  const outbox = outboxMachine.provide({
    actors: {
      fetchOutbox: fromPromise(({ input }) => http.request('/sandbox/outbox', { query: input.itemId ? { itemId: input.itemId } : {} })),
    },
  });

  // Comments (issue 6, review-and-content §4, §7): every comment request over the item requests' socket (the user's,
  // or the anonymous reviewer's /anon); attachments and snapshots are hashed in the MD5 worker and PUT to their signed
  // address like uploads. File objects stay in the FileStore; the machines carry their ids.
  const commentSocketNow = () => {
    const live = [...liveSockets];
    return (live.find(([namespace]) => namespace.startsWith('/user/')) ?? live.find(([namespace]) => namespace === '/anon'))?.[1] ?? null;
  };
  const commentClient = createCommentClient({ socket: commentSocketNow });
  const hashCommentFile = fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const fail = (error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: 'file.hashFailed', message: error instanceof Error ? error.message : 'Hashing failed' });
    };
    try {
      hashFile(fileOf(input.fileId), () => {}, controller.signal).then((md5) => {
        if (!controller.signal.aborted) sendBack({ type: 'file.hashed', md5 });
      }, fail);
    } catch (error) {
      queueMicrotask(() => fail(error));
    }
    return () => controller.abort();
  });
  const putCommentFile = fromCallback<EventObject, PutFileInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const progress = throttled((loaded: number, total: number) => sendBack({ type: 'file.progress', loaded, total }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      const status = (error as { status?: unknown } | null)?.status;
      sendBack({ type: 'file.putFailed', status: typeof status === 'number' ? status : 0, message: error instanceof Error ? error.message : 'Upload failed' });
    };
    try {
      const file = fileOf(input.fileId);
      uploadClient.put({ url: input.url, file, contentType: input.contentType, fileName: input.fileName, md5Hex: input.md5, onProgress: progress.call, signal: controller.signal }).then(() => {
        progress.cancel();
        if (controller.signal.aborted) return;
        sendBack({ type: 'file.progress', loaded: file.size, total: file.size });
        sendBack({ type: 'file.putDone' });
      }, fail);
    } catch (error) {
      queueMicrotask(() => fail(error));
    }
    return () => {
      progress.cancel();
      controller.abort();
    };
  });
  const saveComment = (input: SaveCommentInput) =>
    input.name === 'comment.insert'
      ? commentClient.request('comment.insert', input.payload)
      : input.name === 'comment.reply'
        ? commentClient.request('comment.reply', input.payload)
        : commentClient.request('comment.update', input.payload);
  const releaseFile = (_: unknown, params: { fileId: string }) => files.remove(params.fileId);
  const commentAttachment = commentAttachmentMachine.provide({
    actors: {
      hashFile: hashCommentFile,
      putFile: putCommentFile,
      presignAttachment: fromPromise(({ input }) => commentClient.request('comment.attachmentPresign', input)),
      insertAttachment: fromPromise(({ input }) => commentClient.request('comment.attachmentInsert', input)),
    },
    actions: { reportError },
  });
  const commentPosting = commentPostingMachine.provide({
    actors: {
      attachment: commentAttachment,
      saveComment: fromPromise(({ input }) => saveComment(input)),
      hashFile: hashCommentFile,
      putFile: putCommentFile,
      requestSnapshotUpload: fromPromise(({ input }) => commentClient.request('comment.snapshotUploadRequest', input)),
    },
    actions: { reportError, releaseFile },
  });
  const comments = commentsMachine.provide({
    actors: {
      posting: commentPosting,
      findComments: fromPromise(({ input }) => commentClient.request('comment.find', input)),
      sendChange: fromPromise(({ input }) => commentClient.request(input.name, input.payload as never)),
      mentionAvailable: fromPromise(({ input }) => commentClient.request('comment.mentionAvailable', input)),
    },
    actions: { reportError },
  });

  // Review requests (issue 7, review-and-content §7): every call over the review API. Anonymous reviewers have no
  // token, so the HttpClient sends no Authorization header; the item password goes in its header when there is one.
  const reviewRequestClient = createReviewRequestClient({ http });
  const reviewRequests = reviewRequestsMachine.provide({
    actors: {
      bootstrapReviewRequests: fromPromise(({ input }) => reviewRequestClient.bootstrap(input)),
      listReviewRequests: fromPromise(({ input }) => reviewRequestClient.list(input)),
      markViewed: fromPromise(({ input }) => reviewRequestClient.updateStatus(input)),
      completeReview: fromPromise(({ input }) => reviewRequestClient.complete(input)),
      reopenReview: fromPromise(({ input }) => reviewRequestClient.reopen({ reviewRequestId: input.reviewRequestId, anonEmail: input.anonUserEmail, pass: input.pass })),
      reRequestReviews: fromPromise(({ input }) => reviewRequestClient.create(input)),
      deleteReviews: fromPromise(({ input }) => reviewRequestClient.deleteReviews(input)),
      deleteAllReviews: fromPromise(({ input }) => reviewRequestClient.deleteAll(input)),
      editDueDate: fromPromise(({ input }) => reviewRequestClient.editDueDate(input)),
    },
    actions: {
      reportError,
      storeSkipDeleteConfirm: (_, params) => storage.set(DELETE_REVIEWER_CONFIRM_STORAGE_KEY, params.value ? 'true' : 'false'),
    },
  });
  const requestDialog = requestDialogMachine.provide({
    actors: { createReviewRequest: fromPromise(({ input }) => reviewRequestClient.create(input)) },
    actions: { reportError },
  });

  // Translation editor (issue 8): the validation calls on the review API; the file and the language map on the
  // CDN (public like a CDN: no bearer token). The saved batches go one after another (translation-editor §5, §7).
  const cdn = createHttpClient({ baseURL: config.services.cdn, tokens: { accessToken: async () => null, forceRefresh: async () => null } });
  const translationClient = createTranslationClient({ http, cdn });
  const translation = translationMachine.provide({
    actors: {
      fetchStack: fromPromise(({ input }) => translationClient.stack(input)),
      fetchValidation: fromPromise(({ input }) => translationClient.validation(input)),
      fetchFile: fromPromise(async ({ input }) => {
        const file = await translationClient.file(input.path);
        // The bench measures from here to the segment table on screen (mark 'translation:interactive' in ItemTranslate).
        performance.mark('translation:file');
        return file;
      }),
      fetchLanguageMap: fromPromise(({ input }) => translationClient.languageMap(input.displayLocale)),
      saveChanges: fromPromise(({ input }) => translationClient.saveChanges(input)),
      getSegments: fromPromise(({ input }) => translationClient.getSegments(input)),
      // PUT progress answers 204: the time it was recorded is the clock's (the push that follows carries the server's).
      completeGroup: fromPromise(async ({ input }) => {
        await translationClient.completeGroup(input);
        return { updatedAt: new Date(clock.now()).toISOString() };
      }),
      reopenGroup: fromPromise(({ input }) => translationClient.reopenGroup(input)),
      resetSegment: fromPromise(({ input }) => translationClient.resetSegment(input)),
      // The version diff (issue 9): the previous version's validation (checked in the machine); its file comes through fetchFile.
      fetchPreviousValidation: fromPromise(async ({ input }) => (await translationClient.previousValidation(input)) as PreviousValidationResponse),
    },
    actions: {
      reportError,
      storeSkipReopenConfirm: (_, params) => storage.set(SKIP_REOPEN_CONFIRM_STORAGE_KEY, params.value ? 'true' : 'false'),
      storeSkipSaveAllConfirm: (_, params) => storage.set(SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY, params.at),
      storeUpdatesPopoverDismissed: (_, params) => storage.set(UPDATES_POPOVER_DISMISSED_STORAGE_KEY, params.at),
    },
  });

  // Translation tools (issue 9): smart review (no caching, 120 s time-out, aborted when the fetch child stops), the
  // memory report, surveys over the review API; the walkthrough's time stamp in storage.
  const suggestions = suggestionsMachine.provide({
    actors: { fetchSuggestion: fromPromise(({ input, signal }) => translationClient.suggestions(input.request, signal)) },
    actions: { reportError },
  });
  const memoryReport = memoryReportMachine.provide({
    actors: {
      fetchMemoryReport: fromPromise(({ input }) => translationClient.memoryReport(input.validationId, input.pass)),
      requestMemoryReport: fromPromise(({ input }) => translationClient.requestMemoryReport(input.validationId, input.pass)),
    },
    actions: { reportError },
  });
  const analytics = createAnalyticsClient(createHttpClient({ baseURL: config.services.analytics, tokens }));
  const surveys = surveysMachine.provide({
    actors: {
      fetchSurveyStatus: fromPromise(() => translationClient.experienceStatus()),
      submitSurvey: fromPromise(({ input }) => translationClient.experience(input.body)),
      trackEvent: fromPromise(({ input }) => analytics.track(input.body)),
    },
    actions: { reportError },
  });
  // The stack of the member item open in the item view (its title and sidebar): the same stack call as the translate tab.
  const itemStack = itemStackMachine.provide({
    actors: { fetchItemStack: fromPromise(({ input }) => translationClient.stack(input)) },
    actions: { reportError },
  });
  // A video's download from the grid's item menu: the item's latest version (item.get), then its signed link.
  const gridDownload = gridDownloadMachine.provide({
    actors: {
      presignVideo: fromPromise(async ({ input }) => {
        const { item: detail } = await items.request('item.get', { id: input.itemId, pass: null, protectedLinksFlagEnabled: true });
        return items.request('item.presignDownload', { itemId: input.itemId, version: detail.versions.at(-1)?.number ?? 0 });
      }),
    },
    actions: { reportError, startDownload: (_, params) => download(params.url, params.fileName) },
  });
  const walkthrough = walkthroughMachine.provide({
    actions: { storeWalkthroughDone: (_, params) => storage.set(WALKTHROUGH_DONE_STORAGE_KEY, params.at) },
  });

  // The country cookie (foundation §7): once per browser, no token needed, failures only logged.
  // Public like the real one: no bearer token (and the auth actor does not exist yet here).
  const geolocation = createHttpClient({ baseURL: config.services.profiles, tokens: { accessToken: async () => null, forceRefresh: async () => null } });
  void ensureCountryCookie({ cookies, lookup: () => geolocation.request('/geo'), log: (message) => console.warn(message) });

  const app = createActor(
    appMachine.provide({
      actors: {
        auth,
        session,
        itemSocket: realtime,
        notificationSettings,
        sandbox,
        folders,
        folderSettings,
        grid,
        uploads,
        item,
        share,
        itemNotifications,
        outbox,
        comments,
        reviewRequests,
        requestDialog,
        translation,
        suggestions,
        memoryReport,
        surveys,
        walkthrough,
        itemStack,
        gridDownload,
      },
      actions: { logError: (_, params) => console.error(params.message) },
    }),
    { id: 'app', clock, inspect: recorder.inspect },
  );
  // Observers below react to a state once the delivery that made it has settled (never inside it), so the event log
  // shows the event, the snapshots it produced, then the reaction (adapters/eventLog.ts); one run per settled chain.
  const probe = probeSystem(app.system);
  const observe = (ref: { subscribe(fn: () => void): { unsubscribe(): void } }, fn: () => void) => {
    let queued = false;
    return ref.subscribe(() => {
      if (queued) return;
      queued = true;
      probe.afterSettled(() => {
        queued = false;
        fn();
      });
    });
  };
  probe.run(() => app.start());
  // This page's client id: the folder and item changes it names are done once by the service (review-and-content §4).
  const contentClientId: ClientIdEvent = { type: 'content.clientId', clientId: newClientId() };
  app.system.get('folders')?.send(contentClientId);
  app.system.get('grid')?.send(contentClientId);
  // The grid's remembered sidebar width and expanded folders (review-and-content §2): read once, written on change.
  const gridPrefs = app.system.get('gridPrefs') as AppSystem['gridPrefs'];
  gridPrefs.send({ type: 'gridPrefs.loaded', stored: storage.get(GRID_PREFS_STORAGE_KEY) });
  let storedPrefs = gridPrefs.getSnapshot().context;
  observe(gridPrefs, () => {
    const snapshot = gridPrefs.getSnapshot();
    if (snapshot.context === storedPrefs) return;
    storedPrefs = snapshot.context;
    storage.set(GRID_PREFS_STORAGE_KEY, JSON.stringify(snapshot.context));
  });
  const authRef = app.system.get('auth') as AppSystem['auth'];
  // The leave-page warning while uploads are in progress (review-and-content §4); views do no side effects.
  const uploadsRef = app.system.get('uploads') as AppSystem['uploads'];
  const warnBeforeLeaving = options.warnBeforeLeaving ?? leavePageWarning(t('upload.leave_warning'));
  // Also while a translation save is on the wire (translation-editor §2 "leaving while saving shows the leave message").
  const translationRef = app.system.get('translation') as AppSystem['translation'];
  // The browser's own warnings each say why; an injected one (tests) hears both causes.
  const warnWhileSaving = options.warnBeforeLeaving ? null : leavePageWarning(t('translation.leave_warning'));
  const armLeaveWarning = () => {
    const uploading = uploadsRef.getSnapshot().hasTag('inProgress');
    const saving = isSavingOf(translationRef.getSnapshot());
    if (warnWhileSaving) {
      warnBeforeLeaving(uploading);
      warnWhileSaving(saving);
    } else warnBeforeLeaving(uploading || saving);
  };
  armLeaveWarning();
  observe(uploadsRef, armLeaveWarning);
  observe(translationRef, armLeaveWarning);

  // Comments (issue 6): the sort is remembered; the open item's facts, and the connection the requests travel on,
  // are told to the comments actor whenever they change (views do no side effects).
  const commentsRef = app.system.get('comments') as AppSystem['comments'];
  commentsRef.send({ type: 'comments.prefsLoaded', stored: storage.get(COMMENT_PREFS_STORAGE_KEY) });
  let storedCommentPrefs = commentPrefsOf(commentsRef.getSnapshot().context);
  observe(commentsRef, () => {
    const prefs = commentPrefsOf(commentsRef.getSnapshot().context);
    if (prefs === storedCommentPrefs) return;
    storedCommentPrefs = prefs;
    storage.set(COMMENT_PREFS_STORAGE_KEY, prefs);
  });
  const itemRef = app.system.get('item') as AppSystem['item'];
  let commentsSubjectKey = 'null';
  const tellCommentsAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const outOfDate = snapshot.context.outOfDate || snapshot.matches({ open: { fetchSuccess: { oldVersionError: 'open' } } });
    const subject = commentsSubjectOf({ ...snapshot.context, outOfDate }, snapshot.matches({ open: 'fetchSuccess' }));
    const key = JSON.stringify(subject);
    if (key === commentsSubjectKey) return;
    const wasOpen = commentsSubjectKey !== 'null';
    commentsSubjectKey = key;
    if (!subject) commentsRef.send({ type: 'comments.close' });
    else commentsRef.send({ type: wasOpen ? 'comments.itemChanged' : 'comments.open', ...subject });
  };
  tellCommentsAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellCommentsAboutItem(itemRef.getSnapshot()));
  // Offline (§8 "editor offline"): the user's or anonymous reviewer's connection is reconnecting, gone or refused.
  type SocketRef = ActorRefFrom<typeof socketMachine>;
  const sessionRef = app.system.get('session') as AppSystem['session'];
  let watchedSocket: SocketRef | null = null;
  let socketWatch: { unsubscribe(): void } | null = null;
  let commentsOnline = true;
  const tellCommentsOnline = (snapshot: ReturnType<SocketRef['getSnapshot']>) => {
    const online = !(snapshot.matches('reconnecting') || snapshot.matches('disconnected') || snapshot.matches('refused'));
    if (online === commentsOnline) return;
    commentsOnline = online;
    commentsRef.send({ type: 'comments.connectionChanged', online });
  };
  const watchUserSocket = (snapshot: ReturnType<AppSystem['session']['getSnapshot']>) => {
    const socket = (snapshot.children as { userSocket?: SocketRef }).userSocket ?? null;
    if (socket === watchedSocket) return;
    socketWatch?.unsubscribe();
    watchedSocket = socket;
    socketWatch = socket ? observe(socket, () => tellCommentsOnline(socket.getSnapshot())) : null;
    if (socket) tellCommentsOnline(socket.getSnapshot());
  };
  watchUserSocket(sessionRef.getSnapshot());
  observe(sessionRef, () => watchUserSocket(sessionRef.getSnapshot()));

  // Review requests (issue 7): the local setting that suppresses the delete-reviewer confirmation is read once (the
  // machine's storeSkipDeleteConfirm writes it); the loaded item opens the review requests, leaving it closes them.
  const reviewRequestsRef = app.system.get('reviewRequests') as AppSystem['reviewRequests'];
  reviewRequestsRef.send({ type: 'reviewRequests.settingsLoaded', skipDeleteConfirm: storage.get(DELETE_REVIEWER_CONFIRM_STORAGE_KEY) === 'true' });
  const requesterTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  let reviewSubjectKey = 'null';
  const tellReviewRequestsAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const { item: detail, userId, anonymousEmail, password, route } = snapshot.context;
    const subject: ReviewRequestsSubject | null =
      snapshot.matches({ open: 'fetchSuccess' }) && detail
        ? {
            itemId: detail.id,
            pass: password,
            isOwner: detail.isOwner,
            viewer: { userId, anonymousEmail: userId ? null : anonymousEmail },
            reviewRequestId: route?.reviewRequest ?? null,
            isInStack: detail.showItemStacksSidebar === true,
            timeZone: requesterTimeZone,
          }
        : null;
    const key = JSON.stringify(subject);
    if (key === reviewSubjectKey) return;
    reviewSubjectKey = key;
    if (subject) reviewRequestsRef.send({ type: 'reviewRequests.open', ...subject });
    else reviewRequestsRef.send({ type: 'reviewRequests.close' });
  };
  tellReviewRequestsAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellReviewRequestsAboutItem(itemRef.getSnapshot()));

  // Translation editor (issue 8): "don't ask again" on the reopen confirmation is read once (the machine's
  // storeSkipReopenConfirm writes it); the translate tab of a loaded item with a ready version opens the translation
  // actor, anything else closes it. Who is looking (and whether they may translate) comes from the session.
  translationRef.send({
    type: 'translation.settingsLoaded',
    skipReopenConfirm: storage.get(SKIP_REOPEN_CONFIRM_STORAGE_KEY) === 'true',
    skipSaveAllConfirm: storage.get(SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY),
    updatesPopoverDismissedAt: storage.get(UPDATES_POPOVER_DISMISSED_STORAGE_KEY),
  });
  let translationSubjectKey = 'null';
  const tellTranslationAboutItem = () => {
    const snapshot = itemRef.getSnapshot();
    const { item: detail, userId, password, route } = snapshot.context;
    const shown = shownVersionOf(snapshot.context);
    const account = sessionRef.getSnapshot().context.account?.currentUser ?? null;
    const sessionUser = sessionRef.getSnapshot().context.user;
    const subject: TranslationSubject | null =
      snapshot.matches({ open: 'fetchSuccess' }) && detail && shown && route?.tab === 'translate' && viewStateOf(snapshot.context) === 'ready'
        ? {
            itemId: detail.id,
            versionId: shown.id,
            versionNumber: shown.number,
            isLatestVersion: detail.versions.at(-1)?.id === shown.id,
            pass: password,
            userId,
            email: userId ? (account?.email ?? sessionUser?.email ?? null) : null,
            canTranslate: !!account && Object.keys(account.subscription_permissions).some((id) => canTranslateContent(account, id)),
            previousVersionId: detail.versions[detail.versions.findIndex((v) => v.id === shown.id) - 1]?.id ?? null,
          }
        : null;
    const key = JSON.stringify(subject);
    if (key === translationSubjectKey) return;
    translationSubjectKey = key;
    if (subject) translationRef.send({ type: 'translation.open', ...subject });
    else translationRef.send({ type: 'translation.close' });
  };
  tellTranslationAboutItem();
  observe(itemRef, tellTranslationAboutItem);
  observe(sessionRef, tellTranslationAboutItem);

  // Translation tools (issue 9). Smart review (llmSuggestions flag) and the variant's memory report (localizationNext
  // flag) open once the translation actor has its validation, and close with it; the app forwards memoryReportUpdated.
  const flagsRef = app.system.get('flags') as AppSystem['flags'];
  const suggestionsRef = app.system.get('suggestions') as AppSystem['suggestions'];
  const memoryReportRef = app.system.get('memoryReport') as AppSystem['memoryReport'];
  const walkthroughRef = app.system.get('walkthrough') as AppSystem['walkthrough'];
  let suggestionsKey = 'null';
  let memoryReportKey = 'null';
  const tellToolsAboutTranslation = () => {
    const { context } = translationRef.getSnapshot();
    const flags = flagsRef.getSnapshot().context.values;
    const loaded = context.validationId !== null && context.targetLocale !== null && context.stack !== null && context.subject !== null;
    const suggestionsSubject: SuggestionsSubject | null =
      loaded && flags.llmSuggestions
        ? { validationId: context.validationId!, sourceLocale: context.stack!.sourceLocale, targetLocale: context.targetLocale!, pass: context.subject!.pass }
        : null;
    const key = JSON.stringify(suggestionsSubject);
    if (key !== suggestionsKey) {
      suggestionsKey = key;
      if (suggestionsSubject) suggestionsRef.send({ type: 'suggestions.open', ...suggestionsSubject });
      else suggestionsRef.send({ type: 'suggestions.close' });
    }
    const reportSubject: MemoryReportSubject | null = loaded && flags.localizationNext ? { validationId: context.validationId!, pass: context.subject!.pass } : null;
    const reportKey = JSON.stringify(reportSubject);
    if (reportKey !== memoryReportKey) {
      memoryReportKey = reportKey;
      if (reportSubject) memoryReportRef.send({ type: 'memoryReport.open', ...reportSubject });
      else memoryReportRef.send({ type: 'memoryReport.close' });
    }
  };
  tellToolsAboutTranslation();
  observe(translationRef, tellToolsAboutTranslation);
  observe(flagsRef, tellToolsAboutTranslation);

  // Surveys: the session machine tells the surveys actor about sign-in (surveys.load) and sign-out (surveys.reset).
  const surveysRef = app.system.get('surveys') as AppSystem['surveys'];

  // The walkthrough (§6 shown to non-owners): once per page load, when a signed-in non-owner's translation has loaded
  // and the tour was never finished or dismissed (WALKTHROUGH_DONE_STORAGE_KEY; the machine's action stores it).
  let walkthroughOffered = false;
  const offerWalkthrough = () => {
    if (walkthroughOffered || loadStatusOf(translationRef.getSnapshot()) !== 'TRANSLATION_FETCHED') return;
    const detail = itemRef.getSnapshot().context.item;
    const signedIn = translationRef.getSnapshot().context.subject?.userId != null;
    if (!detail || !isWalkthroughShown({ isOwner: detail.isOwner, doneAt: storage.get(WALKTHROUGH_DONE_STORAGE_KEY), signedIn })) return;
    walkthroughOffered = true;
    walkthroughRef.send({ type: 'walkthrough.start', steps: [...TRANSLATION_WALKTHROUGH_STEPS] });
  };
  offerWalkthrough();
  observe(translationRef, offerWalkthrough);

  // The item view of a translation stack's member (review and translate tabs) shows the stack's title and sidebar:
  // the loaded item opens the item-stack actor, anything else closes it.
  const itemStackRef = app.system.get('itemStack') as AppSystem['itemStack'];
  let itemStackKey = 'null';
  const tellItemStackAboutItem = (snapshot: ReturnType<AppSystem['item']['getSnapshot']>) => {
    const { item: detail, password, route } = snapshot.context;
    const subject: ItemStackSubject | null =
      snapshot.matches({ open: 'fetchSuccess' }) && detail?.showItemStacksSidebar === true && route?.tab !== 'feedback' ? { itemId: detail.id, pass: password } : null;
    const key = JSON.stringify(subject);
    if (key === itemStackKey) return;
    itemStackKey = key;
    if (subject) itemStackRef.send({ type: 'itemStack.open', ...subject });
    else itemStackRef.send({ type: 'itemStack.close' });
  };
  tellItemStackAboutItem(itemRef.getSnapshot());
  observe(itemRef, () => tellItemStackAboutItem(itemRef.getSnapshot()));

  // The translate tab's dialogs kept in machines (the audio drawer, the duplicate review, the segment review false
  // door): they close with the tab, when the translation actor closes (another tab or page), as they did when they were
  // the views' state; the duplicate review also with its segment's editor.
  const audioDrawerRef = app.system.get('audioDrawer') as AppSystem['audioDrawer'];
  const duplicateReviewRef = app.system.get('duplicateReview') as AppSystem['duplicateReview'];
  const closeTranslateDialogs = () => {
    const translationSnapshot = translationRef.getSnapshot();
    // The duplicate review belongs to the segment being edited: it closes with its editor too.
    const reviewed = duplicateReviewRef.getSnapshot();
    if (reviewed.matches('open') && translationSnapshot.context.editing?.key !== reviewed.context.key) duplicateReviewRef.send({ type: 'duplicateReview.close' });
    if (!translationSnapshot.matches('closed')) return;
    if (audioDrawerRef.getSnapshot().matches('open')) audioDrawerRef.send({ type: 'audioDrawer.close' });
    if (!surveysRef.getSnapshot().matches({ segmentReview: 'closed' })) surveysRef.send({ type: 'surveys.closeSegmentReview' });
  };
  observe(translationRef, closeTranslateDialogs);

  return {
    app,
    auth: authRef,
    session: app.system.get('session') as AppSystem['session'],
    flags: app.system.get('flags') as AppSystem['flags'],
    notificationSettings: app.system.get('notificationSettings') as AppSystem['notificationSettings'],
    sandbox: app.system.get('sandbox') as AppSystem['sandbox'],
    toasts: app.system.get('toasts') as AppSystem['toasts'],
    folders: app.system.get('folders') as AppSystem['folders'],
    folderSettings: app.system.get('folderSettings') as AppSystem['folderSettings'],
    grid: app.system.get('grid') as AppSystem['grid'],
    dialogs: app.system.get('dialogs') as AppSystem['dialogs'],
    drag: app.system.get('drag') as AppSystem['drag'],
    uploads: uploadsRef,
    item: app.system.get('item') as AppSystem['item'],
    share: app.system.get('share') as AppSystem['share'],
    itemNotifications: app.system.get('itemNotifications') as AppSystem['itemNotifications'],
    outbox: app.system.get('outbox') as AppSystem['outbox'],
    comments: commentsRef,
    reviewRequests: reviewRequestsRef,
    requestDialog: app.system.get('requestDialog') as AppSystem['requestDialog'],
    translation: translationRef,
    suggestions: suggestionsRef,
    memoryReport: memoryReportRef,
    surveys: surveysRef,
    walkthrough: walkthroughRef,
    itemStack: itemStackRef,
    gridDownload: app.system.get('gridDownload') as AppSystem['gridDownload'],
    audioDrawer: audioDrawerRef,
    duplicateReview: duplicateReviewRef,
    origin: options.origin,
    addFiles: (picked) => picked.map((file): UploadFileRef => ({ fileId: files.add(file), name: file.name, size: file.size, type: file.type })),
    gridPrefs,
    now: () => clock.now(),
    // The notification digest is at 09:00 in the browser's time zone (foundation §7).
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    recorder,
    http,
    appName: 'Review',
    links: config.links,
    downloadSessionLog: () => {
      const bytes = recorder.exportGzip({ appVersion: __APP_VERSION__, buildId: __BUILD_ID__, machines: definitionHashes(), userAgent: options.userAgent });
      const stamp = new Date(clock.now()).toISOString().replace(/[:.]/g, '-');
      options.saveFile(`review-session-${stamp}.jsonl.gz`, bytes);
    },
  };
}

import type { TranslationFileReader } from '../../../adapters/translationFiles.ts';
import type { Socket } from 'socket.io-client';
import { fromCallback, type EventObject } from 'xstate';
import { hashFile } from '../../../adapters/md5.ts';
import type { AppClock } from '../../../adapters/clock.ts';
import type { createAccountReader } from '../../../adapters/account.ts';
import type { createCommentClient } from '../../../adapters/comments.ts';
import type { createContentClient } from '../../../adapters/content.ts';
import type { CookieJar } from '../../../adapters/cookies.ts';
import type { FileStore } from '../../../adapters/files.ts';
import type { HttpClient } from '../../../adapters/http.ts';
import type { ItemClient } from '../../../adapters/items.ts';
import type { createOidcAdapter } from '../../../adapters/oidc.ts';
import type { createReviewRequestClient } from '../../../adapters/reviewRequests.ts';
import type { createShareClient } from '../../../adapters/share.ts';
import type { createSocketConnection } from '../../../adapters/socket.ts';
import type { KeyValueStorage } from '../../../adapters/storage.ts';
import type { createTranslationClient } from '../../../adapters/translation.ts';
import type { createAnalyticsClient } from '../../../adapters/analytics.ts';
import type { UploadClient } from '../../../adapters/uploads.ts';
import type { RuntimeConfig } from '../../../domain/config.ts';
import type { AppSystem } from '../../system.tsx';

/**
 * The adapters the composition root builds at start (the first load): the session, the dashboard and the sockets need
 * them; the feature clients are built from them when a feature first loads (wiring/featureClients.ts).
 */
export interface BaseAdapters {
  config: RuntimeConfig;
  clock: AppClock;
  storage: KeyValueStorage;
  cookies: CookieJar;
  oidc: ReturnType<typeof createOidcAdapter>;
  /** The review API (bearer token from the token bus). */
  http: HttpClient;
  /** The feature-flag service. */
  flagService: HttpClient;
  /** The notification-preference service. */
  notifications: HttpClient;
  readAccount: ReturnType<typeof createAccountReader>;
  /** One realtime connection per namespace (the socket machine's `connection` actor). */
  socketConnection: ReturnType<typeof createSocketConnection>;
  /** Forces a token refresh (the socket machine's `refreshToken`). */
  forceRefreshToken: () => Promise<string | null>;
  /** The user's live socket (/user/<aid>), if connected. */
  userSocket: () => Socket | null;
  /** The user's live socket once it is connected (the connection may still be loading), or what there is after `timeoutMs`. */
  connectedUserSocket: (timeoutMs: number) => Promise<Socket | null>;
  /** The socket item and comment requests travel on: the user's, or the anonymous reviewer's (/anon), if connected. */
  itemSocket: () => Socket | null;
  /** The item requests' socket once it is there and connected (at most `timeoutMs`; null or unconnected if it did not come). */
  connectedItemSocket: (timeoutMs: number) => Promise<Socket | null>;
  /** Whether an account is signed in (its requests may use the review API's bearer token; an anonymous reviewer's may not). */
  signedIn: () => boolean;
  /** Public like a CDN: no bearer token. */
  cdn: HttpClient;
  /** Translation files on the CDN, with the one prefetch a translate address starts before the tab's code loads. */
  translationFiles: TranslationFileReader;
  files: FileStore;
  /** The File kept under an id, or an error saying it is gone. */
  fileOf: (fileId: string) => File;
  /** Saves a signed link as a file (backups, videos). */
  download: (url: string, fileName: string) => void;
  analytics: ReturnType<typeof createAnalyticsClient>;
}

/** The adapters each feature's wiring provides its machines' actors and actions from: the base ones and the feature clients. */
export interface Adapters extends BaseAdapters {
  content: ReturnType<typeof createContentClient>;
  uploadClient: UploadClient;
  items: ItemClient;
  shareClient: ReturnType<typeof createShareClient>;
  commentClient: ReturnType<typeof createCommentClient>;
  reviewRequestClient: ReturnType<typeof createReviewRequestClient>;
  translationClient: ReturnType<typeof createTranslationClient>;
}

/** Reacts to an actor's state once the delivery that made it has settled (the event log's order: event, snapshots, reaction). */
export type Observe = (ref: { subscribe(fn: () => void): { unsubscribe(): void } }, fn: () => void) => { unsubscribe(): void };

/** What a feature's observers get once the system runs: its actors by systemId, `observe`, storage. */
export interface Running {
  actor: <K extends keyof AppSystem>(systemId: K) => AppSystem[K];
  observe: Observe;
  storage: KeyValueStorage;
}

/** The machines' `reportError` action: the message to the console. */
export const reportError = (_: unknown, params: { message: string }) => console.error(params.message);

/** How often at most an upload's hashing or PUT progress becomes an event (each is recorded in the session log). */
export const UPLOAD_PROGRESS_EVERY_MS = 200;

/**
 * `report` at most once per `everyMs` with the latest arguments (the first at once, the last one kept for the end
 * of the window), so fast progress callbacks do not flood the event log; `cancel` drops a pending one.
 */
export function throttled<A extends unknown[]>(report: (...args: A) => void, everyMs: number, now: () => number) {
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
 * The MD5 hashing (in a worker) and the signed PUT of a File kept in the FileStore, as callback actors whose progress
 * and outcome come back as events named `<prefix>.…`: `upload.*` for uploads (hashing progress too), `file.*` for
 * comment attachments and snapshots. Leaving the state that runs one aborts it; nothing is sent after that.
 */
export function fileTransferActors(a: Pick<Adapters, 'clock' | 'fileOf' | 'uploadClient'>, prefix: 'upload' | 'file', options: { hashProgress: boolean }) {
  const { clock, fileOf, uploadClient } = a;
  const hashFileActor = fromCallback<EventObject, { fileId: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const progress = options.hashProgress
      ? throttled((fraction: number) => sendBack({ type: `${prefix}.hashProgress`, fraction }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now())
      : null;
    const fail = (error: unknown) => {
      if (!controller.signal.aborted) sendBack({ type: `${prefix}.hashFailed`, message: error instanceof Error ? error.message : 'Hashing failed' });
    };
    try {
      hashFile(fileOf(input.fileId), progress?.call ?? (() => {}), controller.signal).then((md5) => {
        progress?.cancel();
        if (!controller.signal.aborted) sendBack({ type: `${prefix}.hashed`, md5 });
      }, fail);
    } catch (error) {
      queueMicrotask(() => fail(error));
    }
    return () => {
      progress?.cancel();
      controller.abort();
    };
  });
  // The PUT with its progress; leaving the uploading state aborts it.
  const putFileActor = fromCallback<EventObject, { fileId: string; url: string; contentType: string; fileName: string; md5: string }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const progress = throttled((loaded: number, total: number) => sendBack({ type: `${prefix}.progress`, loaded, total }), UPLOAD_PROGRESS_EVERY_MS, () => clock.now());
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      const status = (error as { status?: unknown } | null)?.status;
      sendBack({ type: `${prefix}.putFailed`, status: typeof status === 'number' ? status : 0, message: error instanceof Error ? error.message : 'Upload failed' });
    };
    try {
      const file = fileOf(input.fileId);
      uploadClient.put({ url: input.url, file, contentType: input.contentType, fileName: input.fileName, md5Hex: input.md5, onProgress: progress.call, signal: controller.signal }).then(() => {
        progress.cancel();
        if (controller.signal.aborted) return;
        sendBack({ type: `${prefix}.progress`, loaded: file.size, total: file.size });
        sendBack({ type: `${prefix}.putDone` });
      }, fail);
    } catch (error) {
      queueMicrotask(() => fail(error));
    }
    return () => {
      progress.cancel();
      controller.abort();
    };
  });
  return { hashFile: hashFileActor, putFile: putFileActor };
}

/**
 * Keeps an actor told about its subject: `tell(subject)` calls `changed(subject, wasOpen)` only when the subject differs
 * (by value) from the last one told; a null subject means "close". Starts closed.
 */
export function subjectTeller<S>(changed: (subject: S | null, wasOpen: boolean) => void): (subject: S | null) => void {
  let last = 'null';
  return (subject) => {
    const key = JSON.stringify(subject);
    if (key === last) return;
    const wasOpen = last !== 'null';
    last = key;
    changed(subject, wasOpen);
  };
}

/**
 * How a feature whose machines load with its chunk starts (ui/app/wiring/<feature>Feature.ts, createSystem's
 * `loadFeatures`): it registers its provided machines for the app's stand-ins (machines/featureLogic.ts), has the app
 * start their actors (`startActors`: `app.featureLoaded`, in the session log), then connects them.
 */
export type FeatureStart = (adapters: Adapters, running: Running, startActors: () => void) => void;

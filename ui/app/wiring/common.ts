import type { Socket } from 'socket.io-client';
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

/** The adapters the composition root builds once; each feature's wiring provides its machines' actors and actions from them. */
export interface Adapters {
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
  content: ReturnType<typeof createContentClient>;
  files: FileStore;
  /** The File kept under an id, or an error saying it is gone. */
  fileOf: (fileId: string) => File;
  uploadClient: UploadClient;
  items: ItemClient;
  /** Saves a signed link as a file (backups, videos). */
  download: (url: string, fileName: string) => void;
  shareClient: ReturnType<typeof createShareClient>;
  commentClient: ReturnType<typeof createCommentClient>;
  reviewRequestClient: ReturnType<typeof createReviewRequestClient>;
  translationClient: ReturnType<typeof createTranslationClient>;
  analytics: ReturnType<typeof createAnalyticsClient>;
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

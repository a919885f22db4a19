/**
 * The item-view client (domain/items.ts): the ItemRequests over the same socket as the content client, through
 * the same request implementation (adapters/content.ts `emitRequest`), the item read over HTTP for an account (so a
 * page draws its item before its live connection is up), and the backups HTTP calls (§7).
 */
import { BACKUP_CALLS, ITEM_READ_CALL, type Backup, type ItemAckData, type ItemPayload, type ItemRefusal, type ItemRequestName } from '../domain/items.ts';
import { CONTENT_REQUEST_TIMEOUT_MS, ContentRequestError, emitRequest, socketOrWait, type ContentSocket } from './content.ts';
import { HttpError, type HttpClient } from './http.ts';

export interface ItemClient {
  /**
   * Emits an item request and resolves with its acknowledgement's data; rejects with a ContentRequestError whose
   * `reason` is the server's ItemRefusal (passwordFailed, accessDenied, versionReady …), or serverError on a
   * time-out or without a socket. `item.get` goes over HTTP (ITEM_READ_CALL) when `readOverHttp` says so, with the
   * same answer and refusals.
   */
  request<K extends ItemRequestName>(name: K, payload: ItemPayload<K>, options?: { timeoutMs?: number }): Promise<ItemAckData<K>>;
  /** GET /backups/{itemId} → the item's backups, newest first. Rejects with an HttpError (404 unknown or not visible). */
  backups(itemId: string): Promise<Backup[]>;
  /** GET /backups/download/v1/{backupId} → the signed download link. Rejects with an HttpError (409 not ready yet). */
  backupDownloadUrl(backupId: string): Promise<string>;
}

function isBackup(value: unknown): value is Backup {
  const backup = value as Partial<Backup> | null;
  return typeof backup === 'object' && backup !== null && typeof backup.id === 'string' && typeof backup.version === 'number' && (backup.status === 'created' || backup.status === 'ready');
}

/**
 * A read the item-view decision guards, over HTTP (ITEM_READ_CALL, COMMENTS_READ_CALL): POSTs `{ pass }` to `path`
 * and resolves with the answer; rejects as the socket request would have (a ContentRequestError with the refusal the
 * error body names, or serverError).
 */
export async function postItemRead<T>(http: HttpClient, path: string, pass: string | null, timeoutMs: number): Promise<T> {
  try {
    return await http.request<T>(path, { method: 'POST', body: { pass }, headers: { Accept: 'application/json' }, timeout: timeoutMs });
  } catch (error) {
    throw readRefusal(error);
  }
}

/** The refusal an item read over HTTP answered, as the socket request would have acknowledged it. */
function readRefusal(error: unknown): ContentRequestError {
  if (!(error instanceof HttpError)) return new ContentRequestError('serverError', error instanceof Error ? error.message : 'The item could not be read.');
  const reason: ItemRefusal = (error.reason as ItemRefusal | null) ?? (error.status === 404 ? 'notFound' : error.status === 400 ? 'invalidRequest' : 'serverError');
  // No answer at all (the network): like a socket request that was never answered.
  return new ContentRequestError(reason, error.message, undefined, error.status === 0 ? 'unanswered' : 'refused');
}

/**
 * The item client. `socket` gives the live socket the item requests go over (the user's, or the anonymous
 * reviewer's); `http` is the review API client (bearer, 401 → refresh → retry); `readOverHttp` says whether the
 * item is read over HTTP (an account: yes; an anonymous reviewer, who has no bearer token, reads over /anon).
 */
export function createItemClient(options: {
  socket: () => ContentSocket | null;
  /** The socket once it is there and connected (at most `timeoutMs`), for a request made before it exists. */
  whenSocket?: (timeoutMs: number) => Promise<ContentSocket | null>;
  http: HttpClient;
  readOverHttp?: () => boolean;
  timeoutMs?: number;
}): ItemClient {
  const defaultTimeout = options.timeoutMs ?? CONTENT_REQUEST_TIMEOUT_MS;
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  const readItem = (payload: ItemPayload<'item.get'>, timeoutMs: number) =>
    postItemRead<ItemAckData<'item.get'>>(options.http, `${ITEM_READ_CALL.path}${encodeURIComponent(payload.id)}`, payload.pass, timeoutMs);
  return {
    request(name, payload, requestOptions = {}) {
      if (name === 'item.get' && options.readOverHttp?.()) return readItem(payload as ItemPayload<'item.get'>, requestOptions.timeoutMs ?? defaultTimeout) as Promise<ItemAckData<typeof name>>;
      const timeoutMs = requestOptions.timeoutMs ?? defaultTimeout;
      return socketOrWait(options, timeoutMs).then((socket) => emitRequest(socket, name, payload, timeoutMs));
    },
    async backups(itemId) {
      const path = `${BACKUP_CALLS.list.path}${encodeURIComponent(itemId)}`;
      const answer = await options.http.request<unknown>(path, { method: BACKUP_CALLS.list.method, headers: { Accept: 'application/json' } });
      const list = (answer as { backups?: unknown } | null)?.backups;
      if (!Array.isArray(list) || !list.every(isBackup)) throw invalid(path, 'backups');
      return list;
    },
    async backupDownloadUrl(backupId) {
      const path = `${BACKUP_CALLS.download.path}${encodeURIComponent(backupId)}`;
      const answer = await options.http.request<unknown>(path, { method: BACKUP_CALLS.download.method, headers: { Accept: 'application/json' } });
      const url = (answer as { downloadURL?: unknown } | null)?.downloadURL;
      if (typeof url !== 'string' || !url) throw invalid(path, 'backup download');
      return url;
    },
  };
}

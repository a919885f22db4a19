/**
 * The comments client (domain/comments.ts): every CommentRequests name over the same socket as the item requests
 * (the user's /user/<aid>, or the anonymous reviewer's /anon), through the one request implementation
 * (adapters/content.ts `emitRequest`). Refusals reject with a {@link CommentRequestError} whose `reason` is the
 * server's CommentRefusal (oldItemVersion, resolved, tooLong, …).
 */
import type { CommentAckData, CommentPayload, CommentRefusal, CommentRequestName } from '../domain/comments.ts';
import { COMMENTS_READ_CALL } from '../domain/items.ts';
import { CONTENT_REQUEST_TIMEOUT_MS, ContentRequestError, emitRequest, type ContentSocket } from './content.ts';
import type { HttpClient } from './http.ts';
import { socketOrWait } from './content.ts';
import { postItemRead } from './items.ts';

/** A comment request the server refused, that timed out (`serverError`), or that could not be sent (`serverError`). */
export class CommentRequestError extends Error {
  override name = 'CommentRequestError';
  constructor(
    readonly reason: CommentRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface CommentClient {
  /** Emits a comment request and resolves with its acknowledgement's data; rejects with a {@link CommentRequestError}. */
  request<K extends CommentRequestName>(name: K, payload: CommentPayload<K>, options?: { timeoutMs?: number }): Promise<CommentAckData<K>>;
}

/**
 * The comments client over the live socket `socket` gives (the user's, or the anonymous reviewer's); `comment.find`
 * over HTTP (COMMENTS_READ_CALL, the review API client `http`) when `readOverHttp` says so (an account), so the list
 * draws before the live connection is up.
 */
export function createCommentClient(options: {
  socket: () => ContentSocket | null;
  /** The socket once it is there and connected (at most `timeoutMs`), for a request made before it exists. */
  whenSocket?: (timeoutMs: number) => Promise<ContentSocket | null>;
  http?: HttpClient;
  readOverHttp?: () => boolean;
  timeoutMs?: number;
}): CommentClient {
  const defaultTimeout = options.timeoutMs ?? CONTENT_REQUEST_TIMEOUT_MS;
  return {
    async request(name, payload, requestOptions = {}) {
      const timeoutMs = requestOptions.timeoutMs ?? defaultTimeout;
      try {
        if (name === 'comment.find' && options.http && options.readOverHttp?.()) {
          const { itemId, pass } = payload as CommentPayload<'comment.find'>;
          return await postItemRead<CommentAckData<typeof name>>(options.http, `${COMMENTS_READ_CALL.path}${encodeURIComponent(itemId)}`, pass, timeoutMs);
        }
        return await emitRequest(await socketOrWait(options, timeoutMs), name, payload, timeoutMs);
      } catch (error) {
        // emitRequest types reasons as the item refusals; the comment acks carry the wider CommentRefusal.
        if (error instanceof ContentRequestError) throw new CommentRequestError(error.reason as CommentRefusal, error.message);
        throw error;
      }
    },
  };
}

/**
 * The comments client (domain/comments.ts): every CommentRequests name over the same socket as the item requests
 * (the user's /user/<aid>, or the anonymous reviewer's /anon), through the one request implementation
 * (adapters/content.ts `emitRequest`). Refusals reject with a {@link CommentRequestError} whose `reason` is the
 * server's CommentRefusal (oldItemVersion, resolved, tooLong, …).
 */
import type { CommentAckData, CommentPayload, CommentRefusal, CommentRequestName } from '../domain/comments.ts';
import { CONTENT_REQUEST_TIMEOUT_MS, ContentRequestError, emitRequest, type ContentSocket } from './content.ts';

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

/** The comments client over the live socket `socket` gives (the user's, or the anonymous reviewer's). */
export function createCommentClient(options: { socket: () => ContentSocket | null; timeoutMs?: number }): CommentClient {
  const defaultTimeout = options.timeoutMs ?? CONTENT_REQUEST_TIMEOUT_MS;
  return {
    async request(name, payload, requestOptions = {}) {
      try {
        return await emitRequest(options.socket(), name, payload, requestOptions.timeoutMs ?? defaultTimeout);
      } catch (error) {
        // emitRequest types reasons as the item refusals; the comment acks carry the wider CommentRefusal.
        if (error instanceof ContentRequestError) throw new CommentRequestError(error.reason as CommentRefusal, error.message);
        throw error;
      }
    },
  };
}

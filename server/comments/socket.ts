/**
 * The comment requests on /user/<aid> (every name of COMMENT_REQUEST_NAMES) and those an anonymous reviewer
 * may send on /anon (ANONYMOUS_COMMENT_REQUESTS): each payload checked against its schema (invalidRequest
 * otherwise), then handed to its operation; whatever escapes becomes a serverError ack and a log line.
 */
import { ANONYMOUS_COMMENT_REQUESTS, COMMENT_REQUEST_NAMES, type CommentAck, type CommentAckData, type CommentRequestName } from '../../domain/comments.ts';
import type { Realtime } from '../realtime.ts';
import { answerChecked, registerRequests } from '../socketRequests.ts';
import { commentFailure, type CommentContext } from './common.ts';
import type { CommentHandlers } from './operations.ts';
import { checkCommentPayload } from './validation.ts';

/** Validates, then runs one request; never rejects. */
export async function answerCommentRequest<K extends CommentRequestName>(
  context: CommentContext,
  handlers: CommentHandlers,
  event: K,
  identity: string,
  payload: unknown,
): Promise<CommentAck<CommentAckData<K>>> {
  return answerChecked(
    () => checkCommentPayload(event, payload),
    (value) => handlers[event](identity, value),
    (error) => commentFailure(context, error, event),
  );
}

/** Registers every comment request on the user namespace, and the anonymous ones on /anon. */
export function registerCommentRequests(realtime: Realtime, context: CommentContext, handlers: CommentHandlers): void {
  registerRequests(realtime, COMMENT_REQUEST_NAMES, ANONYMOUS_COMMENT_REQUESTS, (event, aid, payload) => answerCommentRequest(context, handlers, event, aid, payload));
}

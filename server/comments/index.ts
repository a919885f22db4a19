/**
 * Comments of the reference service: the comment socket requests on /user/<aid> and /anon (and comment.find over
 * HTTP for an account), their pushes on /item/<itemId>, the comment files' upload hooks, the notification outbox and its staff route.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import type { ItemContext } from '../content/itemView.ts';
import type { CommentContext, CommentFiles } from './common.ts';
import { commentFindRoute } from './findRoute.ts';
import { commentOperations } from './operations.ts';
import { outboxRoutes } from './routes.ts';
import { registerCommentRequests } from './socket.ts';
import { createCommentUploadHooks, type CommentUploadHooks } from './uploadHooks.ts';

export { COMMENT_UPLOAD_PREFIX, isCommentUploadKey } from './common.ts';
export type { CommentFiles } from './common.ts';
export type { CommentUploadHooks } from './uploadHooks.ts';

export interface CommentOptions {
  /** The content service's item context (database, realtime, avatars, the view decision's files). */
  item: ItemContext;
  verify: TokenVerifier;
  /** Signed uploads and downloads of comment files (server/uploads). */
  files: CommentFiles;
  publicUrl: () => string;
  logError: (error: unknown, where: string) => void;
}

export interface CommentService {
  /** The uploads service's hooks for keys under review/comments/ (isCommentUploadKey). */
  hooks: CommentUploadHooks;
}

/** Wires the comment requests and the outbox route (under `/api`) into the app. */
export async function registerComments(app: FastifyInstance, options: CommentOptions): Promise<CommentService> {
  const context: CommentContext = { item: options.item, db: options.item.db, files: options.files, publicUrl: options.publicUrl, logError: options.logError };
  const handlers = commentOperations(context);
  registerCommentRequests(options.item.realtime, context, handlers);
  await app.register(commentFindRoute, { prefix: '/api', verify: options.verify, handlers });
  await app.register(outboxRoutes, { prefix: '/api', db: context.db, verify: options.verify });
  return { hooks: createCommentUploadHooks(context.db) };
}

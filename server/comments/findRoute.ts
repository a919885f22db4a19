/**
 * The comments of an item read over HTTP (domain/items.ts COMMENTS_READ_CALL) under /api, bearer token required:
 * `comment.find` for a page that draws the comments before its live connection is up. The same handler as the socket
 * request (the item-view decision, then the comment rules); the password travels in the body.
 */
import type { FastifyPluginAsync } from 'fastify';
import { COMMENTS_READ_CALL } from '../../domain/items.ts';
import { accountOf, requireAccount, type TokenVerifier } from '../auth.ts';
import { readRefusalSchemas, sendReadAnswer } from '../content/itemRoutes.ts';
import { itemReadSchemas } from '../content/validation.ts';
import type { CommentHandlers } from './operations.ts';

export interface CommentFindRouteOptions {
  verify: TokenVerifier;
  handlers: Pick<CommentHandlers, 'comment.find'>;
}

/** Registered under /api. */
export const commentFindRoute: FastifyPluginAsync<CommentFindRouteOptions> = async (app, { verify, handlers }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.post<{ Params: { itemId: string }; Body: { pass: string | null } }>(
    `${COMMENTS_READ_CALL.path}:itemId`,
    { schema: { params: itemReadSchemas.params, body: itemReadSchemas.body, response: readRefusalSchemas } },
    async (request, reply) => sendReadAnswer(reply, await handlers['comment.find'](accountOf(request).aid, { itemId: request.params.itemId, pass: request.body.pass })),
  );
};

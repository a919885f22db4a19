/**
 * The item read over HTTP (review-and-content §7; domain/items.ts ITEM_READ_CALL) under /api, bearer token required:
 * `item.get` for a page that draws the item before its live connection is up. The same operation as the socket
 * request (itemViewOps.ts `get`: the folder, owner, explicit people, public link, password and private rules); the
 * password travels in the body. A refusal is the API's error body with the refusal's reason.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ITEM_READ_CALL, type ItemRefusal } from '../../domain/items.ts';
import { accountOf, requireAccount, type TokenVerifier } from '../auth.ts';
import { errorBodySchema } from '../errors.ts';
import type { ItemViewOperations } from './itemViewOps.ts';
import { itemReadSchemas } from './validation.ts';

export interface ItemRoutesOptions {
  verify: TokenVerifier;
  operations: Pick<ItemViewOperations, 'get'>;
}

const refusalBodySchema = {
  type: 'object',
  required: [...errorBodySchema.required],
  properties: { ...errorBodySchema.properties, reason: { type: 'string' } },
} as const;

/** The API's error body plus the refusal's reason: the error statuses of a read the item-view decision guards. */
export const readRefusalSchemas = { 400: refusalBodySchema, 401: errorBodySchema, 403: refusalBodySchema, 404: refusalBodySchema, 500: refusalBodySchema } as const;

/** HTTP status of a read's refusal: unknown or hidden 404, not allowed (private, wrong password) 403, a fault 500, bad input 400. */
export function readRefusalStatus(reason: ItemRefusal | (string & {})): number {
  switch (reason) {
    case 'notFound':
      return 404;
    case 'accessDenied':
    case 'passwordFailed':
    case 'forbidden':
      return 403;
    case 'serverError':
      return 500;
    default:
      return 400;
  }
}

/** Registered under /api. */
export const itemRoutes: FastifyPluginAsync<ItemRoutesOptions> = async (app, { verify, operations }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.post<{ Params: { itemId: string }; Body: { pass: string | null } }>(
    `${ITEM_READ_CALL.path}:itemId`,
    { schema: { params: itemReadSchemas.params, body: itemReadSchemas.body, response: readRefusalSchemas } },
    async (request, reply) => sendReadAnswer(reply, await operations.get(accountOf(request).aid, { id: request.params.itemId, pass: request.body.pass, protectedLinksFlagEnabled: true })),
  );
};

/** A read's acknowledgement as HTTP: 200 with its data (never cached), or the refusal's status with its reason. */
export function sendReadAnswer(reply: FastifyReply, ack: { success: true; data: unknown } | { success: false; reason: string; message: string }): FastifyReply {
  if (ack.success) return reply.code(200).header('cache-control', 'no-store').send(ack.data);
  const status = readRefusalStatus(ack.reason);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: STATUS_CODES[status] ?? 'Error', message: ack.message, reason: ack.reason });
}

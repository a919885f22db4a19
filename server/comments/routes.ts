/**
 * `GET /api/sandbox/outbox` (bearer, staff only): the notifications that would have been e-mailed
 * (domain/notifications.ts OutboxEntry), newest first, optionally of one item, so the levels and frequencies
 * can be checked on /sandbox; each says when the delivery job sent it (`deliveredAt`, null while pending).
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireAccount, requireStaff, type TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { errorBodySchema } from '../errors.ts';
import { outboxEntries } from './notifications.ts';

export interface OutboxRouteOptions {
  db: Db;
  verify: TokenVerifier;
}

/** The most entries one answer lists. */
export const OUTBOX_MAX_ENTRIES = 500;

const entrySchema = {
  type: 'object',
  required: ['id', 'recipientId', 'recipientEmail', 'itemId', 'itemTitle', 'commentId', 'kind', 'level', 'frequency', 'actor', 'excerpt', 'link', 'createdAt', 'deliverAt', 'deliveredAt'],
  properties: {
    id: { type: 'string' },
    recipientId: { type: 'string' },
    recipientEmail: { type: 'string' },
    itemId: { type: 'string' },
    itemTitle: { type: 'string' },
    commentId: { type: 'string' },
    kind: { type: 'string' },
    level: { type: 'string' },
    frequency: { type: 'string' },
    actor: { type: 'string' },
    excerpt: { type: 'string' },
    link: { type: 'string' },
    createdAt: { type: 'string' },
    deliverAt: { type: 'string' },
    deliveredAt: { type: ['string', 'null'] },
  },
} as const;

/** Registered under `/api`. */
export const outboxRoutes: FastifyPluginAsync<OutboxRouteOptions> = async (app, { db, verify }) => {
  app.addHook('onRequest', requireAccount(verify));
  app.get<{ Querystring: { itemId?: string } }>(
    '/sandbox/outbox',
    {
      preValidation: requireStaff,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { itemId: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: {
          200: { type: 'object', required: ['entries'], properties: { entries: { type: 'array', items: entrySchema } } },
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => ({ entries: await outboxEntries(db, { itemId: request.query.itemId, limit: OUTBOX_MAX_ENTRIES }) }),
  );
};

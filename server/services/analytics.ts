import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount, requireStaff } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { latestAnalyticsEvents, storeAnalyticsEvent } from '../db/analytics.ts';
import type { Db } from '../db/database.ts';
import { errorBodySchema } from '../errors.ts';

export interface AnalyticsServiceOptions {
  db: Db;
  verify: TokenVerifier;
}

interface AnalyticsEvent {
  userId: string;
  event: string;
  properties?: Record<string, unknown>;
}

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

const storedEventSchema = {
  type: 'object',
  required: ['id', 'userId', 'accountAid', 'event', 'properties', 'receivedAt'],
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    accountAid: { type: ['string', 'null'] },
    event: { type: 'string' },
    properties: { type: ['object', 'null'], additionalProperties: true },
    receivedAt: { type: 'string' },
  },
} as const;

/**
 * Stand-in for the analytics collector (foundation §7 POST /analytics): stores each event; staff read
 * the latest ones back.
 */
export const analyticsService: FastifyPluginAsync<AnalyticsServiceOptions> = async (app, { db, verify }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.post<{ Body: AnalyticsEvent }>(
    '/analytics',
    {
      schema: {
        body: {
          type: 'object',
          required: ['userId', 'event'],
          additionalProperties: false,
          properties: {
            userId: { type: 'string', minLength: 1, maxLength: 200 },
            event: { type: 'string', minLength: 1, maxLength: 200 },
            properties: { type: 'object' },
          },
        },
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const { userId, event, properties } = request.body;
      await storeAnalyticsEvent(db, { userId, event, properties, accountAid: accountOf(request).aid });
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: { limit?: number } }>(
    '/events',
    {
      preValidation: requireStaff,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT } },
        },
        response: {
          200: { type: 'object', required: ['events'], properties: { events: { type: 'array', items: storedEventSchema } } },
          403: errorBodySchema,
        },
      },
    },
    async (request) => ({ events: await latestAnalyticsEvents(db, request.query.limit ?? DEFAULT_LIMIT) }),
  );
};

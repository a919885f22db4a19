import type { FastifyPluginAsync } from 'fastify';
import { requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';

export interface AnalyticsServiceOptions {
  verify: TokenVerifier;
}

interface AnalyticsEvent {
  userId: string;
  event: string;
  properties?: Record<string, unknown>;
}

/** Stand-in for the analytics collector: validates and drops events (foundation §7 POST /analytics). */
export const analyticsService: FastifyPluginAsync<AnalyticsServiceOptions> = async (app, { verify }) => {
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
      request.log.debug({ event: request.body.event }, 'analytics event');
      return reply.code(204).send();
    },
  );
};

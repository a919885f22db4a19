import type { FastifyPluginAsync } from 'fastify';
import { FLAG_KEYS, isFlagKey } from '../../domain/flags.ts';
import { accountOf, requireAccount, requireStaff } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { effectiveFlags, setFlag } from '../db/flags.ts';
import { findSubscription, memberAidsOf, rolesOn } from '../db/subscriptions.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import type { FlagsChangedPush, Realtime } from '../realtime.ts';

export interface FlagsServiceOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
}

const flagValuesSchema = {
  type: 'object',
  required: [...FLAG_KEYS],
  additionalProperties: false,
  properties: Object.fromEntries(FLAG_KEYS.map((key) => [key, { type: 'boolean' }])),
} as const;

const subscriptionIdSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;

interface PutBody {
  subscriptionId: string | null;
  value: boolean;
}

/**
 * Stand-in for the feature-flag service (foundation §6): every flag of domain/flags.ts, its default
 * overridden globally and per subscription by staff. A change is pushed as `flags.changed`.
 */
export const flagsService: FastifyPluginAsync<FlagsServiceOptions> = async (app, { db, verify, realtime }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.get<{ Querystring: { subscriptionId?: string } }>(
    '/v1/flags',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { subscriptionId: subscriptionIdSchema } },
        response: {
          200: {
            type: 'object',
            required: ['subscriptionId', 'flags'],
            properties: { subscriptionId: { type: ['string', 'null'] }, flags: flagValuesSchema },
          },
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const subscriptionId = request.query.subscriptionId ?? null;
      if (subscriptionId !== null) {
        const user = accountOf(request);
        // Members read their subscriptions' flags; staff read any subscription's.
        if (user.is_staff !== 1 && (await rolesOn(db, user.aid, subscriptionId)).length === 0) {
          return sendError(reply, 403, 'You are not a member of this subscription.');
        }
        if (!(await findSubscription(db, subscriptionId))) return sendError(reply, 404, 'No such subscription.');
      }
      return { subscriptionId, flags: await effectiveFlags(db, subscriptionId) };
    },
  );

  app.put<{ Params: { key: string }; Body: PutBody }>(
    '/v1/flags/:key',
    {
      preValidation: requireStaff,
      schema: {
        params: { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 100 } } },
        body: {
          type: 'object',
          required: ['subscriptionId', 'value'],
          additionalProperties: false,
          properties: { subscriptionId: { ...subscriptionIdSchema, type: ['string', 'null'] }, value: { type: 'boolean' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['key', 'subscriptionId', 'value', 'updatedAt', 'updatedBy'],
            properties: {
              key: { type: 'string' },
              subscriptionId: { type: ['string', 'null'] },
              value: { type: 'boolean' },
              updatedAt: { type: 'string' },
              updatedBy: { type: ['string', 'null'] },
            },
          },
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!isFlagKey(key)) return sendError(reply, 404, `No such flag: ${key}.`);
      const { subscriptionId, value } = request.body;
      if (subscriptionId !== null && !(await findSubscription(db, subscriptionId))) return sendError(reply, 404, 'No such subscription.');
      const stored = await setFlag(db, { key, subscriptionId, value, updatedBy: accountOf(request).aid });
      const push: Omit<FlagsChangedPush, 'messageId'> = { subscriptionId, key, value };
      if (subscriptionId === null) realtime.emitToAllUsers('flags.changed', push);
      else realtime.emitToUsers(await memberAidsOf(db, subscriptionId), 'flags.changed', push);
      return stored;
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.ts';
import { findUserByEmail } from '../db/users.ts';
import { errorBodySchema, sendError } from '../errors.ts';

export interface ProfilesServiceOptions {
  db: Db;
}

/**
 * Stand-in for the profile service. Public on purpose: the anonymous-reviewer flow asks whether an
 * e-mail has an account before anyone has signed in (foundation §4 "Sign-up email check").
 */
export const profilesService: FastifyPluginAsync<ProfilesServiceOptions> = async (app, { db }) => {
  app.get<{ Params: { email: string } }>(
    '/v1/profiles/:email',
    {
      schema: {
        params: {
          type: 'object',
          required: ['email'],
          properties: { email: { type: 'string', minLength: 3, maxLength: 100, pattern: '^[^@\\s]+@[^@\\s]+$' } },
        },
        response: {
          200: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.params.email);
      if (!user) return sendError(reply, 404, 'No profile exists for this e-mail address.');
      return { email: user.email };
    },
  );
};

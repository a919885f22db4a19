import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { errorBodySchema, sendError } from '../errors.ts';

export interface ApiOptions {
  verify: TokenVerifier;
}

const meSchema = {
  type: 'object',
  required: ['aid', 'email', 'firstName', 'lastName', 'isStaff', 'isValidator'],
  properties: {
    aid: { type: 'string' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    isStaff: { type: 'boolean' },
    isValidator: { type: 'boolean' },
  },
} as const;

/** The review API, registered under `/api`. Every route but health needs an access token. */
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (app, { verify }) => {
  app.get('/health', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({
    ok: true,
  }));

  app.register(async (secured) => {
    secured.addHook('onRequest', requireAccount(verify));

    secured.get('/me', { schema: { response: { 200: meSchema, 401: errorBodySchema } } }, async (request) => {
      const user = accountOf(request);
      return {
        aid: user.aid,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        isStaff: user.is_staff === 1,
        isValidator: user.is_validator === 1,
      };
    });

    // Unknown API paths still need a token, so probing does not reveal which paths exist.
    secured.all('/*', { schema: { params: { type: 'object', properties: { '*': { type: 'string' } } } } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return sendError(reply, 404, `No such API endpoint: ${request.method} ${path}`);
    });
  });
};

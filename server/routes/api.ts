import type { FastifyPluginAsync } from 'fastify';
import { accountOf, requireAccount, requireStaff } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import type { Realtime } from '../realtime.ts';

export interface ApiOptions {
  verify: TokenVerifier;
  realtime: Realtime;
}

interface DisconnectBody {
  aid?: string;
  refuse?: boolean;
  seconds?: number;
}

/** Longest refusal window the test hook accepts. */
const MAX_REFUSE_SECONDS = 3600;

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
export const apiRoutes: FastifyPluginAsync<ApiOptions> = async (app, { verify, realtime }) => {
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

    // Staff-only test hook (end-to-end tests): drop sockets as a network loss would, and optionally
    // refuse new connections for a while so the client's reconnect attempts fail.
    secured.post<{ Body: DisconnectBody }>(
      '/admin/realtime/disconnect',
      {
        // No body at all means "everyone, no refusal".
        preValidation: [requireStaff, async (request) => void (request.body ??= {})],
        schema: {
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              aid: { type: 'string', minLength: 1, maxLength: 300 },
              refuse: { type: 'boolean' },
              seconds: { type: 'number', minimum: 0, maximum: MAX_REFUSE_SECONDS },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['disconnected', 'refusingUntil'],
              properties: { disconnected: { type: 'integer' }, refusingUntil: { type: ['string', 'null'] } },
            },
            400: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { aid, refuse = false, seconds } = request.body;
        if (refuse && seconds === undefined) return sendError(reply, 400, 'Invalid request: body/seconds is required with refuse.');
        // Refuse first, so a client reconnecting at once is already turned away.
        const until = refuse ? realtime.refuseConnections(seconds ?? 0) : 0;
        const { disconnected } = realtime.disconnect({ aid });
        return { disconnected, refusingUntil: until > Date.now() ? new Date(until).toISOString() : null };
      },
    );

    // Unknown API paths still need a token, so probing does not reveal which paths exist.
    secured.all('/*', { schema: { params: { type: 'object', properties: { '*': { type: 'string' } } } } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return sendError(reply, 404, `No such API endpoint: ${request.method} ${path}`);
    });
  });
};

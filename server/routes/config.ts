import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LINK_NAMES } from '../../domain/config.ts';
import { loopbackAlias, runtimeConfig, SERVICE_NAMES } from '../config.ts';
import type { RuntimeConfigOverrides } from '../config.ts';

export interface ConfigRouteOptions extends RuntimeConfigOverrides {
  publicUrl: () => string;
}

const urlString = { type: 'string', minLength: 1 } as const;
const configSchema = {
  type: 'object',
  required: ['reviewApi', 'oidc', 'socket', 'session', 'services', 'links'],
  properties: {
    reviewApi: urlString,
    oidc: {
      type: 'object',
      required: ['authority', 'clientId', 'scope'],
      properties: { authority: urlString, clientId: urlString, scope: urlString },
    },
    socket: {
      type: 'object',
      required: ['url', 'reconnect'],
      properties: {
        url: urlString,
        reconnect: {
          type: ['object', 'null'],
          required: ['delayMs', 'delayMaxMs', 'attempts'],
          additionalProperties: false,
          properties: { delayMs: { type: 'integer', minimum: 0 }, delayMaxMs: { type: 'integer', minimum: 0 }, attempts: { type: 'integer', minimum: 1 } },
        },
      },
    },
    session: { type: 'object', required: ['indicatorCookie'], properties: { indicatorCookie: { type: ['string', 'null'] } } },
    eventLog: {
      type: 'object',
      required: ['capacityBytes', 'checkpointEveryMs'],
      properties: { capacityBytes: { type: ['integer', 'null'] }, checkpointEveryMs: { type: ['integer', 'null'] } },
    },
    downtime: {
      type: ['object', 'null'],
      required: ['announceFrom', 'startsAt', 'endsAt'],
      properties: { announceFrom: { type: 'string' }, startsAt: { type: 'string' }, endsAt: { type: 'string' } },
    },
    links: { type: 'object', required: [...LINK_NAMES], properties: Object.fromEntries(LINK_NAMES.map((name) => [name, urlString])) },
    services: {
      type: 'object',
      required: [...SERVICE_NAMES],
      properties: Object.fromEntries(SERVICE_NAMES.map((name) => [name, urlString])),
    },
  },
} as const;

/**
 * A page opened on the loopback alias of the public URL (127.0.0.1 for localhost) gets URLs on that
 * alias, so its API, socket and sign-in calls stay same-origin and its cookies stay on one host.
 */
function baseUrlFor(request: FastifyRequest, publicUrl: string): string {
  const alias = loopbackAlias(publicUrl);
  if (alias && request.headers.host === new URL(alias).host) return alias;
  return publicUrl;
}

export const configRoutes: FastifyPluginAsync<ConfigRouteOptions> = async (app, { publicUrl, ...overrides }) => {
  app.get('/config.json', { schema: { response: { 200: configSchema } } }, async (request, reply) => {
    const base = baseUrlFor(request, publicUrl());
    // Revalidated on every load (a deployment may change it), never served stale from a cache.
    reply.header('Cache-Control', 'no-cache');
    return runtimeConfig(base, `${base}/oidc`, overrides);
  });
};

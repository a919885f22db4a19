import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import { SERVICE_NAMES } from '../config.ts';
import type { ServiceName } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sendError } from '../errors.ts';
import type { Realtime } from '../realtime.ts';
import { accountService } from './account.ts';
import { analyticsService } from './analytics.ts';
import { avatarsService } from './avatars.ts';
import { flagsService } from './flags.ts';
import { geolocationRoutes } from './geolocation.ts';
import { notificationsService } from './notifications.ts';
import { productApiService } from './productApi.ts';
import { profilesService } from './profiles.ts';
import { subscriptionsService } from './subscriptions.ts';

export interface ServicesOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
  /** Base URL of this server as the client sees it, for links between stand-ins. */
  publicUrl: () => string;
}

const wildcardParams = { type: 'object', properties: { '*': { type: 'string' } } } as const;

/** Answers paths a stand-in does not implement, so the client sees a clear JSON 404. */
function unknownEndpoints(name: string): FastifyPluginAsync {
  return async (app) => {
    app.all('/*', { schema: { params: wildcardParams } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      return sendError(reply, 404, `No such ${name} endpoint: ${path}`);
    });
    app.all('/', { schema: {} }, async (request, reply) => sendError(reply, 404, `No such ${name} endpoint: ${request.url}`));
  };
}

/** Every stand-in service under `/services/<name>`, each in its own encapsulated plugin. */
export async function registerServices(app: FastifyInstance, { db, verify, realtime, publicUrl }: ServicesOptions): Promise<void> {
  const avatarsUrl = () => `${publicUrl()}/services/avatars`;
  const implemented: Partial<Record<ServiceName, FastifyPluginAsync>> = {
    // Also the admin search ("orca") under /orca: it has no service name of its own.
    subscriptions: async (scope) => {
      await scope.register(subscriptionsService, { db, verify, avatarsUrl });
    },
    account: async (scope) => {
      await scope.register(accountService, { db, verify, avatarsUrl });
    },
    flags: async (scope) => {
      await scope.register(flagsService, { db, verify, realtime });
    },
    productApi: async (scope) => {
      await scope.register(productApiService, { db, verify, realtime });
    },
    // Also the geolocation stand-in at /geo: it has no service name of its own.
    profiles: async (scope) => {
      await scope.register(profilesService, { db });
      await scope.register(geolocationRoutes);
    },
    avatars: avatarsService,
    analytics: async (scope) => {
      await scope.register(analyticsService, { db, verify });
    },
    notifications: async (scope) => {
      await scope.register(notificationsService, { db, verify });
    },
  };
  for (const name of SERVICE_NAMES) {
    await app.register(
      async (scope) => {
        const service = implemented[name];
        if (service) await scope.register(service);
        await scope.register(unknownEndpoints(name));
      },
      { prefix: `/services/${name}` },
    );
  }
  await app.register(unknownEndpoints('service'), { prefix: '/services' });
}

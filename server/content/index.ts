/**
 * Folders, items and item stacks of the reference service (issue 4): the socket requests on
 * /user/<aid> and the item-stack routes under /api, sharing one context.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import type { Realtime } from '../realtime.ts';
import type { ContentContext } from './common.ts';
import type { AvatarUrl } from './repository.ts';
import { registerContentRequests } from './socket.ts';
import { stackOperations } from './stackOps.ts';
import { itemStackRoutes } from './stackRoutes.ts';

export interface ContentOptions {
  db: Db;
  realtime: Realtime;
  verify: TokenVerifier;
  avatarUrl: AvatarUrl;
  logError: (error: unknown, where: string) => void;
}

/** Wires the content requests and routes into the app (routes under `/api`). */
export async function registerContent(app: FastifyInstance, options: ContentOptions): Promise<void> {
  const context: ContentContext = { db: options.db, realtime: options.realtime, avatarUrl: options.avatarUrl, logError: options.logError };
  registerContentRequests(options.realtime, context);
  await app.register(itemStackRoutes, { prefix: '/api', verify: options.verify, stacks: stackOperations(context) });
}

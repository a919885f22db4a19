/**
 * Sharing one item (review-and-content §2–§8 share parts; domain/sharing.ts): the people list, the
 * private and public share settings under /api, and `sharePeople` (who may open an item, with reasons and
 * roles) for the comment service's mention suggestions.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import { sharingRoutes } from './routes.ts';
import { shareOperations, type SharingContext } from './shareOps.ts';

export { sharePeople } from './people.ts';
export type { SharingContext } from './shareOps.ts';

export interface SharingOptions {
  verify: TokenVerifier;
  /** The content service's context (server/content registerContent). */
  context: SharingContext;
}

/** Registers the share routes under `/api`. */
export async function registerSharing(app: FastifyInstance, options: SharingOptions): Promise<void> {
  await app.register(sharingRoutes, { prefix: '/api', verify: options.verify, shares: shareOperations(options.context) });
}

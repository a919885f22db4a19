/**
 * Review requests (review-and-content §6 review requests, §7 review-request calls and pushes;
 * domain/reviewRequests.ts): the calls under /api, and the hooks the comment service uses.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth.ts';
import { reviewRequestOperations, type ReviewContext } from './operations.ts';
import { reviewRequestRoutes } from './routes.ts';

export { announceRows, markCommented } from './store.ts';
export type { ReviewContext } from './operations.ts';

export interface ReviewRequestOptions {
  verify: TokenVerifier;
  context: ReviewContext;
}

/** Registers the review-request routes under `/api`. */
export async function registerReviewRequests(app: FastifyInstance, options: ReviewRequestOptions): Promise<void> {
  await app.register(reviewRequestRoutes, { prefix: '/api', verify: options.verify, operations: reviewRequestOperations(options.context) });
}

/**
 * Staff routes for background work (bearer, staff only; domain/backgroundJobs.ts): `GET /api/sandbox/jobs` lists the
 * jobs given up after their last attempt, newest first; `POST /api/sandbox/jobs/:id/retry` makes one due again with
 * all its attempts (a version whose processing failed is processed again, a memory report made again, …), run by
 * whichever instance claims it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FailedJob } from '../domain/backgroundJobs.ts';
import { requireAccount, requireStaff, type TokenVerifier } from './auth.ts';
import type { Db } from './db/database.ts';
import { errorBodySchema, sendError } from './errors.ts';
import type { JobQueue } from './jobs.ts';

export interface JobRouteOptions {
  db: Db;
  jobs: JobQueue;
  verify: TokenVerifier;
}

/** The most failed jobs one answer lists. */
export const FAILED_JOBS_MAX = 200;

const failedJobSchema = {
  type: 'object',
  required: ['id', 'kind', 'attempts', 'lastError', 'failedAt', 'createdAt'],
  properties: {
    id: { type: 'string' },
    kind: { type: 'string' },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
    failedAt: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;

/** The failed jobs, newest first. */
export async function failedJobs(db: Db, limit = FAILED_JOBS_MAX): Promise<FailedJob[]> {
  const rows = await db.selectFrom('jobs').select(['id', 'kind', 'attempts', 'last_error', 'failed_at', 'created_at']).where('failed_at', 'is not', null).where('done_at', 'is', null).orderBy('failed_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, attempts: row.attempts, lastError: row.last_error, failedAt: new Date(Number(row.failed_at)).toISOString(), createdAt: row.created_at }));
}

/** Registered under `/api`. */
export const jobRoutes: FastifyPluginAsync<JobRouteOptions> = async (app, { db, jobs, verify }) => {
  app.addHook('onRequest', requireAccount(verify));
  app.get(
    '/sandbox/jobs',
    {
      preValidation: requireStaff,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: {} },
        response: { 200: { type: 'object', required: ['jobs'], properties: { jobs: { type: 'array', items: failedJobSchema } } }, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({ jobs: await failedJobs(db) }),
  );
  app.post<{ Params: { id: string } }>(
    '/sandbox/jobs/:id/retry',
    {
      preValidation: requireStaff,
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 500 } } },
        response: { 200: { type: 'object', required: ['id', 'retried'], properties: { id: { type: 'string' }, retried: { type: 'boolean' } } }, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await jobs.retry(request.params.id);
      if (outcome === 'notFound') return sendError(reply, 404, 'No background job has this id.');
      if (outcome === 'notFailed') return sendError(reply, 409, 'This job has not failed: it is waiting, running or finished.');
      return { id: request.params.id, retried: true };
    },
  );
};

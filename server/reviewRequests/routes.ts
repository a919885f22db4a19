/**
 * The review-request calls over HTTP (review-and-content §7; domain/reviewRequests.ts REVIEW_REQUEST_CALLS) under
 * /api: bearer optional (anonymous reviewers send their e-mail and the request id instead; a bearer that is sent
 * must be valid: 401), JSON schemas on params, bodies and answers (unknown fields → 400), the API's error body.
 * GET list and bootstrap honour the item-password header.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ITEM_PASSWORD_HEADER, MAX_REVIEWERS_PER_REQUEST, REVIEW_STATUSES, type CreateReviewRequestBody } from '../../domain/reviewRequests.ts';
import { optionalAccount, type TokenVerifier } from '../auth.ts';
import { errorBodySchema } from '../errors.ts';
import type { ReviewCaller, ReviewRequestOperations } from './operations.ts';

export interface ReviewRequestRoutesOptions {
  verify: TokenVerifier;
  operations: ReviewRequestOperations;
}

const EMAIL_MAX = 254;
const ID_MAX = 200;
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const nullableEmail = { type: ['string', 'null'], maxLength: EMAIL_MAX } as const;
const TIME_ZONE = { type: 'string', minLength: 1, maxLength: 100 } as const;

const itemParams = { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', minLength: 1, maxLength: ID_MAX } } } as const;
const anonQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { anonUserEmail: { type: 'string', maxLength: EMAIL_MAX }, reviewRequest: { type: 'string', maxLength: ID_MAX } },
} as const;

const userTypesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['mrus', 'subAndNonMruUsers', 'emailUsers'],
  properties: { mrus: { type: 'integer', minimum: 0 }, subAndNonMruUsers: { type: 'integer', minimum: 0 }, emailUsers: { type: 'integer', minimum: 0 } },
} as const;

const avatarsSchema = { type: 'object', required: ['small'], properties: { small: { type: ['string', 'null'] } } } as const;

const rowSchema = {
  type: 'object',
  required: ['id', 'itemId', 'email', 'displayName', 'status', 'reviewerAID', 'requesterDisplayName', 'createdAt', 'dueDate', 'completedAt', 'customMessage', 'isInStack', 'avatars', 'userTypes', 'action'],
  properties: {
    id: { type: 'string' },
    itemId: { type: 'string' },
    email: { type: 'string' },
    displayName: { type: 'string' },
    status: { type: 'string', enum: [...REVIEW_STATUSES] },
    reviewerAID: { type: ['string', 'null'] },
    requesterDisplayName: { type: 'string' },
    createdAt: { type: 'string' },
    dueDate: { type: ['string', 'null'] },
    completedAt: { type: ['string', 'null'] },
    customMessage: { type: ['string', 'null'] },
    isInStack: { type: 'boolean' },
    avatars: avatarsSchema,
    userTypes: userTypesSchema,
    action: { type: ['string', 'null'], enum: ['complete', 'reopen', null] },
  },
} as const;
const rowsSchema = { type: 'array', items: rowSchema } as const;

const frequentSchema = {
  type: 'array',
  items: { type: 'object', required: ['email', 'displayName', 'avatars'], properties: { email: { type: 'string' }, displayName: { type: 'string' }, avatars: avatarsSchema } },
} as const;

const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['itemId', 'reviewers', 'action'],
  properties: {
    itemId: { type: 'string', minLength: 1, maxLength: ID_MAX },
    reviewers: { type: 'array', maxItems: MAX_REVIEWERS_PER_REQUEST, items: { type: 'string', minLength: 1, maxLength: EMAIL_MAX } },
    dueDate: { anyOf: [DATE, { type: 'null' }] },
    // Length and markup are checked in the operation, for their messages.
    customMessage: { type: ['string', 'null'], maxLength: 100_000 },
    action: { type: 'string', enum: ['request', 'reRequest'] },
    requesterTimeZone: TIME_ZONE,
    isInStack: { type: 'boolean' },
    userTypes: userTypesSchema,
  },
} as const;

const editDueDateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['itemId', 'dueDate'],
  properties: { itemId: { type: 'string', minLength: 1, maxLength: ID_MAX }, dueDate: { anyOf: [DATE, { type: 'null' }] }, requesterTimeZone: TIME_ZONE },
} as const;

const updateStatusBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reviewRequest', 'reviewStatus'],
  properties: { reviewRequest: { type: 'string', minLength: 1, maxLength: ID_MAX }, reviewStatus: { type: 'string', enum: ['viewed'] }, anonUserEmail: nullableEmail },
} as const;

const completeParams = { type: 'object', required: ['reviewRequestId'], properties: { reviewRequestId: { type: 'string', minLength: 1, maxLength: ID_MAX } } } as const;
const completeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['itemId'],
  properties: { itemId: { type: 'string', minLength: 1, maxLength: ID_MAX }, isInStack: { type: 'boolean' }, anonUserEmail: nullableEmail },
} as const;

const reopenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['reviewRequestId'],
  properties: { reviewRequestId: { type: 'string', minLength: 1, maxLength: ID_MAX }, anonEmail: nullableEmail },
} as const;

const deleteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['itemId', 'reviewRequests'],
  properties: {
    itemId: { type: 'string', minLength: 1, maxLength: ID_MAX },
    reviewRequests: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'string', minLength: 1, maxLength: ID_MAX } },
    isInStack: { type: 'boolean' },
  },
} as const;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } as const;
const noContent = { 204: { type: 'null' }, ...errors } as const;

function caller(request: FastifyRequest, anonEmail: string | null | undefined, reviewRequestId: string | null | undefined): ReviewCaller {
  return { account: request.account ?? null, anonEmail: anonEmail ?? null, reviewRequestId: reviewRequestId ?? null };
}

function passwordOf(request: FastifyRequest): string | null {
  const value = request.headers[ITEM_PASSWORD_HEADER];
  return typeof value === 'string' && value !== '' ? value : null;
}

type AnonQuery = { anonUserEmail?: string; reviewRequest?: string };

/** Registered under /api. */
export const reviewRequestRoutes: FastifyPluginAsync<ReviewRequestRoutesOptions> = async (app, { verify, operations }) => {
  app.addHook('onRequest', optionalAccount(verify));

  app.get<{ Params: { itemId: string }; Querystring: AnonQuery }>(
    '/review-requests/bootstrap/:itemId',
    {
      schema: {
        params: itemParams,
        querystring: anonQuery,
        response: { 200: { type: 'object', required: ['canCRUD', 'reviewRequests', 'frequentReviewers'], properties: { canCRUD: { type: 'boolean' }, reviewRequests: rowsSchema, frequentReviewers: frequentSchema } }, ...errors },
      },
    },
    (request) => operations.bootstrap(caller(request, request.query.anonUserEmail, request.query.reviewRequest), request.params.itemId, passwordOf(request)),
  );

  app.get<{ Params: { itemId: string }; Querystring: AnonQuery }>(
    '/review-requests/:itemId',
    {
      schema: {
        params: itemParams,
        querystring: anonQuery,
        response: { 200: { type: 'object', required: ['canCRUD', 'reviewRequests'], properties: { canCRUD: { type: 'boolean' }, reviewRequests: rowsSchema } }, ...errors },
      },
    },
    (request) => operations.list(caller(request, request.query.anonUserEmail, request.query.reviewRequest), request.params.itemId, passwordOf(request)),
  );

  app.post<{ Body: CreateReviewRequestBody }>(
    '/review-requests',
    { schema: { body: createBody, response: { 200: { type: 'object', required: ['requestedReviewers'], properties: { requestedReviewers: rowsSchema } }, ...errors } } },
    (request) => operations.create(caller(request, null, null), request.body),
  );

  app.post<{ Body: { itemId: string; dueDate: string | null; requesterTimeZone?: string } }>(
    '/review-requests/edit-due-date',
    { schema: { body: editDueDateBody, response: noContent } },
    async (request, reply) => {
      await operations.editDueDate(caller(request, null, null), request.body);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { reviewRequest: string; reviewStatus: 'viewed'; anonUserEmail?: string | null } }>(
    '/review-requests/update-status',
    { schema: { body: updateStatusBody, response: noContent } },
    async (request, reply) => {
      await operations.updateStatus(caller(request, request.body.anonUserEmail, request.body.reviewRequest), request.body.reviewRequest);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { reviewRequestId: string }; Body: { itemId: string; isInStack?: boolean; anonUserEmail?: string | null } }>(
    '/review-requests/complete/:reviewRequestId',
    { schema: { params: completeParams, body: completeBody, response: noContent } },
    async (request, reply) => {
      const id = request.params.reviewRequestId;
      await operations.complete(caller(request, request.body.anonUserEmail, id), id, request.body.itemId);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { reviewRequestId: string; anonEmail?: string | null } }>(
    '/review-requests/reopen',
    { schema: { body: reopenBody, response: noContent } },
    async (request, reply) => {
      await operations.reopen(caller(request, request.body.anonEmail, request.body.reviewRequestId), request.body.reviewRequestId);
      return reply.code(204).send();
    },
  );

  app.delete<{ Body: { itemId: string; reviewRequests: string[]; isInStack?: boolean } }>(
    '/review-requests',
    { schema: { body: deleteBody, response: noContent } },
    async (request, reply) => {
      await operations.deleteReviews(caller(request, null, null), request.body.itemId, request.body.reviewRequests);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { itemId: string } }>(
    '/review-requests/:itemId',
    { schema: { params: itemParams, response: noContent } },
    async (request, reply) => {
      await operations.deleteAll(caller(request, null, null), request.params.itemId);
      return reply.code(204).send();
    },
  );
};

/**
 * The translation calls over HTTP (translation-editor §7; domain/translation.ts TRANSLATION_CALLS) under /api:
 * bearer optional (a bearer that is sent must be valid: 401), the item password in `x-item-password`, JSON schemas
 * on params, bodies and answers (unknown fields → 400), errors `{ error: <TranslationRefusal>, message }`.
 */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { COMMAND_APPROVE, COMMAND_UPDATE, type CommandsBody, type GetSegmentsBody, type ProgressBody, type ResetSegmentBody } from '../../domain/translation.ts';
import type { TokenVerifier } from '../auth.ts';
import { callerOf, errorSchema, optionalAccount, sendRefusal } from './http.ts';
import { TranslationError, type TranslationOperations } from './operations.ts';
import { translationToolRoutes } from './toolRoutes.ts';
import type { TranslationTools } from './tools.ts';

export interface TranslationRoutesOptions {
  verify: TokenVerifier;
  operations: TranslationOperations;
  /** The tools' calls (suggestions, memory reports, surveys, snapshots, the diff's previous validation). */
  tools: TranslationTools;
}

const ID_MAX = 200;
const PATH_MAX = 10_000;
const EMAIL_MAX = 254;
/** A batch is under 90,000 characters serialized, a lone over-long change may exceed it: the body limit (1 MiB) bounds it. */
const MAX_CHANGES = 10_000;

const id = { type: 'string', minLength: 1, maxLength: ID_MAX } as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;
const noContent = { 204: { type: 'null' }, ...errors } as const;

const changeSchema = {
  type: 'object',
  required: ['validationSegmentId', 'status', 'replacement', 'proposedBy', 'proposedAt', 'lastAcceptedDate', 'lastAcceptedBy'],
  properties: {
    validationSegmentId: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'accepted', 'approved'] },
    replacement: { type: 'object', required: ['newValue'], properties: { newValue: { type: 'string' }, unsavedValue: { type: ['string', 'null'] } } },
    forceUpdate: { type: 'boolean' },
    proposedBy: { type: 'string' },
    proposedAt: { type: 'string' },
    lastAcceptedDate: { type: ['string', 'null'] },
    lastAcceptedBy: { type: ['string', 'null'] },
    suggestionModel: { type: ['string', 'null'] },
  },
} as const;
const changesSchema = { type: 'object', additionalProperties: changeSchema } as const;
const progressSchema = { type: 'object', required: ['userId', 'updatedAt', 'isCourseUpdate'], properties: { userId: { type: 'string' }, updatedAt: { type: 'string' }, isCourseUpdate: { type: 'boolean' } } } as const;
const profilesSchema = {
  type: 'object',
  additionalProperties: { type: 'object', required: ['firstName', 'lastName'], properties: { firstName: { type: 'string' }, lastName: { type: 'string' } } },
} as const;

const validationResponse = {
  type: 'object',
  required: ['validationId', 'translationFilePath', 'paths', 'progressDetails', 'updates', 'profiles', 'showCourseUpdates'],
  properties: {
    validationId: { type: 'string' },
    translationFilePath: { type: 'string' },
    paths: changesSchema,
    progressDetails: { type: 'object', additionalProperties: progressSchema },
    updates: { type: 'object', additionalProperties: { type: 'string', enum: ['added', 'changed', 'removed'] } },
    profiles: profilesSchema,
    showCourseUpdates: { type: 'boolean' },
  },
} as const;

const commandsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'changes', 'view'],
  properties: {
    email: { type: 'string', maxLength: EMAIL_MAX },
    view: { type: 'string', maxLength: 100 },
    changes: {
      type: 'array',
      maxItems: MAX_CHANGES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'command', 'data', 'isCourseUpdate'],
        properties: {
          path: { type: 'string', minLength: 1, maxLength: PATH_MAX },
          command: { type: 'integer', enum: [COMMAND_UPDATE, COMMAND_APPROVE] },
          data: {
            type: 'object',
            additionalProperties: false,
            required: ['newValue', 'normalizedLevenshteinDistance'],
            properties: { newValue: { type: 'string' }, normalizedLevenshteinDistance: { type: 'number', minimum: 0, maximum: 1 } },
          },
          isCourseUpdate: { type: 'boolean' },
          suggestionModel: { type: ['string', 'null'], maxLength: 200 },
        },
      },
    },
  },
} as const;

const progressBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'email', 'view', 'isCourseUpdate'],
  properties: { path: { type: 'string', minLength: 1, maxLength: PATH_MAX }, email: { type: 'string', maxLength: EMAIL_MAX }, view: { type: 'string', maxLength: 100 }, isCourseUpdate: { type: 'boolean' } },
} as const;

const resetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'command', 'data', 'isCourseUpdate', 'view', 'email'],
  properties: {
    path: { type: 'string', minLength: 1, maxLength: PATH_MAX },
    command: { type: 'integer', enum: [COMMAND_UPDATE] },
    data: { type: 'object', additionalProperties: false, required: ['newValue'], properties: { newValue: { type: 'string' } } },
    isCourseUpdate: { type: 'boolean' },
    view: { type: 'string', maxLength: 100 },
    email: { type: 'string', maxLength: EMAIL_MAX },
  },
} as const;

const getSegmentsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['validationSegmentIds'],
  properties: { validationSegmentIds: { type: 'array', maxItems: 20_000, items: id }, validationId: id },
} as const;
const getSegmentsResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['validationSegmentId', 'path', 'change'],
        properties: { validationSegmentId: { type: 'string' }, validationId: { type: 'string' }, path: { type: 'string' }, change: { anyOf: [changeSchema, { type: 'null' }] } },
      },
    },
  },
} as const;

const stackResponse = {
  type: 'object',
  required: ['stackId', 'title', 'sourceLocale', 'entries'],
  properties: {
    stackId: { type: 'string' },
    title: { type: 'string' },
    sourceLocale: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['itemId', 'title', 'locale', 'role', 'progress'],
        properties: {
          itemId: { type: 'string' },
          title: { type: 'string' },
          locale: { type: 'string' },
          role: { type: 'string', enum: ['source', 'target'] },
          progress: { anyOf: [{ type: 'object', required: ['complete', 'total'], properties: { complete: { type: 'integer' }, total: { type: 'integer' } } }, { type: 'null' }] },
        },
      },
    },
  },
} as const;

const validationIdParams = { type: 'object', required: ['validationId'], properties: { validationId: id } } as const;

/** Registered under /api. */
export const translationRoutes: FastifyPluginAsync<TranslationRoutesOptions> = async (app, { verify, operations, tools }) => {
  app.addHook('onRequest', optionalAccount(verify));
  // The protocol's refusal codes in `error`; other errors keep the service's shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof TranslationError) return sendRefusal(reply, error.statusCode, error.code, error.message);
    const status = error.statusCode ?? (error.validation ? 400 : 500);
    if (status === 400) return sendRefusal(reply, 400, 'invalidRequest', `Invalid request: ${error.message}`);
    if (status >= 500) {
      request.log.error({ err: error }, 'translation request failed');
      return reply.code(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again later.' });
    }
    return reply.code(status).send({ error: 'invalidRequest', message: error.message });
  });

  app.get<{ Params: { itemId: string; versionId: string; targetLocale: string } }>(
    '/translations/validation/:itemId/:versionId/:targetLocale',
    {
      schema: {
        params: { type: 'object', required: ['itemId', 'versionId', 'targetLocale'], properties: { itemId: id, versionId: id, targetLocale: { type: 'string', minLength: 2, maxLength: 20 } } },
        response: { 200: validationResponse, ...errors },
      },
    },
    (request) => operations.validation(callerOf(request), request.params.itemId, request.params.versionId, request.params.targetLocale),
  );

  app.post<{ Params: { validationId: string }; Body: CommandsBody }>(
    '/translations/validation/commands/:validationId',
    { schema: { params: validationIdParams, body: commandsBody, response: { 200: { type: 'object', required: ['success', 'paths'], properties: { success: { type: 'boolean' }, paths: changesSchema } }, ...errors } } },
    (request) => operations.commands(callerOf(request), request.params.validationId, request.body),
  );

  // A group's progress: PUT completes it, DELETE reopens it.
  for (const [method, change] of [
    ['PUT', operations.completeGroup],
    ['DELETE', operations.reopenGroup],
  ] as const) {
    app.route<{ Params: { validationId: string }; Body: ProgressBody }>({
      method,
      url: '/translations/validation/:validationId/progress',
      schema: { params: validationIdParams, body: progressBody, response: noContent },
      handler: async (request, reply) => {
        await change(callerOf(request), request.params.validationId, request.body);
        return reply.code(204).send();
      },
    });
  }

  app.post<{ Body: GetSegmentsBody }>(
    '/translations/validation/get-segments',
    { schema: { body: getSegmentsBody, response: { 200: getSegmentsResponse, ...errors } } },
    (request) => operations.getSegments(callerOf(request), request.body),
  );

  app.put<{ Params: { validationId: string }; Body: ResetSegmentBody }>(
    '/translations/validation/segment/:validationId/reset',
    { schema: { params: validationIdParams, body: resetBody, response: noContent } },
    async (request, reply) => {
      await operations.resetSegment(callerOf(request), request.params.validationId, request.body);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { itemId: string } }>(
    '/translations/stack/:itemId',
    { schema: { params: { type: 'object', required: ['itemId'], properties: { itemId: id } }, response: { 200: stackResponse, ...errors } } },
    (request) => operations.stack(callerOf(request), request.params.itemId),
  );

  // The tools' calls share this plugin's bearer hook and error handler.
  await app.register(translationToolRoutes, { operations, tools });
};

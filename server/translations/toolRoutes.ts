/**
 * The tools' calls over HTTP (domain/translation.ts TRANSLATION_TOOL_CALLS) under /api, registered inside the
 * translation routes (same optional bearer, item password header and error answers): suggestions, memory reports,
 * surveys, snapshots and the version diff's previous validation. JSON schemas on params, bodies and answers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MAX_SURVEY_SELECTIONS, SMART_REVIEW_OPTIONS, SURVEY_IDS, TEXT_TYPES, type ExperienceBody, type SnapshotBody, type SuggestionRequest } from '../../domain/translation.ts';
import { callerOf, errorSchema } from './http.ts';
import type { TranslationOperations } from './operations.ts';
import type { TranslationTools } from './tools.ts';

export interface TranslationToolRoutesOptions {
  operations: TranslationOperations;
  tools: TranslationTools;
}

const ID_MAX = 200;
/** Segment texts (html, playerJson JSON) can be long; the body limit bounds the whole request. */
const TEXT_MAX = 200_000;
/** A slide's HTML, base64: larger than other bodies. */
const SNAPSHOT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const SNAPSHOT_SIZE_MAX = 10_000;

const id = { type: 'string', minLength: 1, maxLength: ID_MAX } as const;
const locale = { type: 'string', minLength: 2, maxLength: 20 } as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

const suggestionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['translationItem', 'targetLocale', 'sourceLocale', 'extractedSourceText', 'extractedTranslatedText', 'validationId'],
  properties: {
    translationItem: {
      type: 'object',
      additionalProperties: false,
      required: ['path', 'validationSegmentId', 'textType', 'source', 'target'],
      properties: {
        path: { type: 'string', minLength: 1, maxLength: 10_000 },
        validationSegmentId: id,
        textType: { type: 'string', enum: [...TEXT_TYPES] },
        source: { type: 'string', maxLength: TEXT_MAX },
        target: { type: 'string', maxLength: TEXT_MAX },
      },
    },
    targetLocale: locale,
    sourceLocale: locale,
    extractedSourceText: { type: 'string', maxLength: TEXT_MAX },
    extractedTranslatedText: { type: 'string', maxLength: TEXT_MAX },
    validationId: id,
  },
} as const;

const suggestionResult = {
  type: 'object',
  required: ['model', 'originalContext', 'originalRating', 'suggestions'],
  properties: {
    model: { type: 'string' },
    originalContext: { type: 'string' },
    originalRating: { type: 'number' },
    suggestions: {
      type: 'array',
      items: { type: 'object', required: ['target', 'context', 'confidence'], properties: { target: { type: 'string' }, context: { type: 'string' }, confidence: { type: 'number' } } },
    },
  },
} as const;
const suggestionResponse = {
  type: 'object',
  required: ['success'],
  properties: {
    success: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    message: { type: ['string', 'null'] },
    result: { anyOf: [suggestionResult, { type: 'null' }] },
  },
} as const;

const memoryHit = {
  type: 'object',
  required: ['metricValue', 'similarSegment', 'origin', 'translations'],
  properties: { metricValue: { type: 'number' }, similarSegment: { type: 'string' }, origin: { type: 'string' }, translations: { type: 'array', items: { type: 'string' } } },
} as const;
const memoryReport = {
  type: 'object',
  required: ['id', 'validationId', 'status', 'sourceLanguage', 'targetLanguage', 'formality', 'message', 'requestedAt', 'completedAt', 'reportItems'],
  properties: {
    id: { type: 'string' },
    validationId: { type: 'string' },
    status: { type: 'string', enum: ['requested', 'processing', 'completed', 'rejected'] },
    sourceLanguage: { type: 'string' },
    targetLanguage: { type: 'string' },
    formality: { type: 'string', enum: ['default', 'formal', 'informal'] },
    message: { type: ['string', 'null'] },
    requestedAt: { type: 'string' },
    completedAt: { type: ['string', 'null'] },
    reportItems: {
      type: 'array',
      items: { type: 'object', required: ['path', 'inputSegment', 'memoryHits'], properties: { path: { type: 'string' }, inputSegment: { type: 'string' }, memoryHits: { type: 'array', items: memoryHit } } },
    },
  },
} as const;

const smartReviewResponse = {
  type: 'object',
  additionalProperties: false,
  required: [...SMART_REVIEW_OPTIONS, 'requestsEarlyAccess', 'otherText'],
  properties: {
    ...Object.fromEntries(SMART_REVIEW_OPTIONS.map((option) => [option, { type: 'boolean' }])),
    requestsEarlyAccess: { type: 'boolean' },
    otherText: { type: 'string', maxLength: 2_000 },
  },
} as const;
const experienceBody = {
  type: 'object',
  additionalProperties: false,
  required: ['user', 'slug', 'feature', 'feedback', 'wasPositiveExperience', 'integrations', 'product'],
  properties: {
    user: { type: 'string', minLength: 1, maxLength: 254 },
    slug: { type: 'string', enum: [...SURVEY_IDS] },
    feature: { type: 'string', minLength: 1, maxLength: 100 },
    feedback: { type: 'string', minLength: 1, maxLength: 5_000 },
    wasPositiveExperience: { type: ['boolean', 'null'] },
    integrations: { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 50 } },
    product: { type: 'string', minLength: 1, maxLength: 100 },
    surveyResponse: smartReviewResponse,
  },
} as const;

const snapshotBody = {
  type: 'object',
  additionalProperties: false,
  required: ['html', 'height', 'width'],
  properties: {
    html: { type: 'string' },
    height: { type: 'integer', minimum: 1, maximum: SNAPSHOT_SIZE_MAX },
    width: { type: 'integer', minimum: 1, maximum: SNAPSHOT_SIZE_MAX },
  },
} as const;

const validationIdParams = { type: 'object', required: ['validationId'], properties: { validationId: id } } as const;

/** Registered inside translationRoutes (under /api). */
export const translationToolRoutes: FastifyPluginAsync<TranslationToolRoutesOptions> = async (app, { operations, tools }) => {
  app.post<{ Body: SuggestionRequest }>(
    '/translations/suggestions',
    { schema: { body: suggestionBody, response: { 200: suggestionResponse, 502: suggestionResponse, ...errors } } },
    async (request, reply) => {
      const answer = await tools.suggest(callerOf(request), request.body);
      // Suggestions are asked for one segment at a time and never cached (§7).
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    },
  );

  app.get<{ Params: { validationId: string } }>(
    '/translations/validation/:validationId/memory-report',
    { schema: { params: validationIdParams, response: { 200: { type: 'object', required: ['reports'], properties: { reports: { type: 'array', items: memoryReport } } }, ...errors } } },
    (request) => tools.reports.list(callerOf(request), request.params.validationId),
  );

  app.post<{ Params: { validationId: string } }>(
    '/translations/validation/:validationId/memory-report',
    { schema: { params: validationIdParams, response: { 202: { type: 'object', required: ['report'], properties: { report: memoryReport } }, ...errors } } },
    async (request, reply) => reply.code(202).send(await tools.reports.request(callerOf(request), request.params.validationId)),
  );

  app.post<{ Body: ExperienceBody }>(
    '/translations/experience',
    {
      schema: { body: experienceBody, response: { 204: { type: 'null' }, ...errors } },
      // §5: at most 3 smart-review selections (early access does not count); other needs its text. After the schema
      // (preHandler, not preValidation), so the answers have their types here: a wrong-typed body is the schema's 400.
      preHandler: async (request, reply) => {
        const answers = request.body.surveyResponse;
        if (!answers) return;
        const selected = SMART_REVIEW_OPTIONS.filter((option) => answers[option]).length;
        if (selected > MAX_SURVEY_SELECTIONS) return reply.code(400).send({ error: 'invalidRequest', message: `At most ${MAX_SURVEY_SELECTIONS} options may be selected.` });
        if (answers.other && answers.otherText.trim() === '') return reply.code(400).send({ error: 'invalidRequest', message: 'Say what "other" means.' });
      },
    },
    async (request, reply) => {
      await tools.submitExperience(callerOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.get(
    '/translations/experience',
    { schema: { response: { 200: { type: 'object', required: ['submitted'], properties: { submitted: { type: 'array', items: { type: 'string' } } } }, ...errors } } },
    (request) => tools.experienceStatus(callerOf(request)),
  );

  app.post<{ Body: SnapshotBody }>(
    '/snapshot',
    { bodyLimit: SNAPSHOT_BODY_LIMIT_BYTES, schema: { body: snapshotBody, response: { 200: { type: 'string' }, ...errors } } },
    async (request, reply) => {
      const url = await tools.snapshot(callerOf(request), request.body);
      return reply.type('text/plain; charset=utf-8').send(url);
    },
  );

  app.get<{ Params: { itemId: string; previousVersionId: string; targetLocale: string } }>(
    '/translations/diff/:itemId/:previousVersionId/:targetLocale',
    {
      schema: {
        params: { type: 'object', required: ['itemId', 'previousVersionId', 'targetLocale'], properties: { itemId: id, previousVersionId: id, targetLocale: locale } },
        response: {
          200: {
            type: 'object',
            required: ['validationId', 'translationFilePath', 'paths', 'versionNumber', 'versionCreatedAt'],
            // The changes keep every field (same shape as the validation answer's paths).
            properties: { validationId: { type: 'string' }, translationFilePath: { type: 'string' }, paths: { type: 'object', additionalProperties: true }, versionNumber: { type: 'integer' }, versionCreatedAt: { type: 'string' } },
          },
          ...errors,
        },
      },
    },
    (request) => operations.previousValidation(callerOf(request), request.params.itemId, request.params.previousVersionId, request.params.targetLocale),
  );
};

/**
 * The item-stack HTTP calls (review-and-content §7; domain/content.ts ITEM_STACK_CALLS) under /api:
 * bearer token required, JSON schemas on every route, the API's error body (with the refusal reason).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Ack, ContentRefusal } from '../../domain/content.ts';
import { requireAccount, accountOf } from '../auth.ts';
import type { TokenVerifier } from '../auth.ts';
import { errorBodySchema } from '../errors.ts';
import { STATUS_CODES } from 'node:http';
import type { StackOperations } from './stackOps.ts';
import { stackSchemas } from './validation.ts';

export interface ItemStackRoutesOptions {
  verify: TokenVerifier;
  stacks: StackOperations;
}

const nullableString = { type: ['string', 'null'] } as const;
const personSchema = {
  type: 'object',
  required: ['userId', 'fullName', 'avatar'],
  properties: { userId: { type: 'string' }, fullName: { type: 'string' }, avatar: nullableString },
} as const;

/** ItemRecord (domain/content.ts) for the response serializer. */
export const itemRecordSchema = {
  type: 'object',
  required: ['id', 'title', 'product', 'userId', 'owner', 'updatedAt', 'createdAt', 'folderId', 'hash', 'archivedAt', 'isArchived', 'isStack', 'stackSize'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    product: { type: 'string' },
    type: nullableString,
    userId: { type: 'string' },
    owner: personSchema,
    updatedBy: { anyOf: [personSchema, { type: 'null' }] },
    updatedAt: { type: 'string' },
    createdAt: { type: 'string' },
    folderId: { type: ['integer', 'null'] },
    hash: { type: 'string' },
    archivedAt: nullableString,
    isArchived: { type: 'boolean' },
    isStack: { type: 'boolean' },
    stackSize: { type: 'integer' },
    stackEntry: { anyOf: [{ type: 'object', required: ['itemId', 'sourceCourse'], properties: { itemId: { type: 'string' }, sourceCourse: { type: 'boolean' } } }, { type: 'null' }] },
    thumbnailUrl: nullableString,
    isPrivate: { type: 'boolean' },
    versionState: nullableString,
  },
} as const;

const stackRecordSchema = {
  type: 'object',
  required: ['id', 'title', 'folderId', 'userId', 'archivedAt', 'itemIds', 'hash'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    folderId: { type: ['integer', 'null'] },
    userId: { type: 'string' },
    archivedAt: nullableString,
    itemIds: { type: 'array', items: { type: 'string' } },
    hash: { type: 'string' },
  },
} as const;

/** The API's error body plus the refusal reason and the entry that failed, when there is one. */
const refusalBodySchema = {
  type: 'object',
  required: [...errorBodySchema.required],
  properties: { ...errorBodySchema.properties, reason: { type: 'string' }, failedId: { type: ['string', 'integer'] } },
} as const;

const errors = { 400: refusalBodySchema, 401: errorBodySchema, 403: refusalBodySchema, 404: refusalBodySchema, 500: refusalBodySchema } as const;

/** HTTP status of a refusal: unknown or invisible 404, a role or place that does not allow it 403, any other rule 400. */
export function refusalStatus(reason: ContentRefusal): number {
  switch (reason) {
    case 'notFound':
    case 'folderMissing':
    case 'targetMissing':
      return 404;
    case 'forbidden':
    case 'notPermitted':
    case 'targetForbidsItems':
    case 'targetForbidsSubfolders':
    case 'blockedFolderTypes':
      return 403;
    case 'serverError':
      return 500;
    default:
      return 400;
  }
}

function sendRefusal(reply: FastifyReply, ack: Extract<Ack<unknown>, { success: false }>): FastifyReply {
  const status = refusalStatus(ack.reason);
  const body = { error: STATUS_CODES[status] ?? 'Error', message: ack.message, reason: ack.reason, ...(ack.failedId === undefined ? {} : { failedId: ack.failedId }) };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** 204 for an accepted change, the refusal's status and words otherwise. */
function sendNoContentOrRefusal(reply: FastifyReply, ack: Ack<unknown>): FastifyReply {
  return ack.success ? reply.code(204).send() : sendRefusal(reply, ack);
}

const noContent = { 204: { type: 'null' }, ...errors } as const;

interface StackIdsBody {
  stackIds: string[];
}

/** Registered under /api. */
export const itemStackRoutes: FastifyPluginAsync<ItemStackRoutesOptions> = async (app, { verify, stacks }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.put<{ Body: StackIdsBody }>(
    '/item-stacks/bulk-restore',
    { schema: { body: stackSchemas.stackIds, response: { 200: { type: 'object', required: ['stacks'], properties: { stacks: { type: 'array', items: itemRecordSchema } } }, ...errors } } },
    async (request, reply) => {
      const ack = await stacks.restore(accountOf(request).aid, request.body.stackIds);
      return ack.success ? reply.code(200).send(ack.data) : sendRefusal(reply, ack);
    },
  );

  app.put<{ Body: StackIdsBody & { toFolderId: number | null } }>(
    '/item-stacks/move',
    { schema: { body: stackSchemas.move, response: noContent } },
    async (request, reply) => {
      const ack = await stacks.move(accountOf(request).aid, request.body.stackIds, request.body.toFolderId);
      return sendNoContentOrRefusal(reply, ack);
    },
  );

  app.put<{ Params: { stackId: string }; Body: { title: string } }>(
    '/item-stacks/rename/:stackId',
    { schema: { params: stackSchemas.stackIdParams, body: stackSchemas.rename, response: noContent } },
    async (request, reply) => {
      const ack = await stacks.rename(accountOf(request).aid, request.params.stackId, request.body.title);
      return sendNoContentOrRefusal(reply, ack);
    },
  );

  // To the trash, and forever (the stacks' own rules decide who may).
  for (const [path, remove] of [
    ['/item-stacks/bulk-soft-delete', stacks.softDelete],
    ['/item-stacks/bulk-hard-delete', stacks.hardDelete],
  ] as const) {
    app.delete<{ Body: StackIdsBody }>(path, { schema: { body: stackSchemas.stackIds, response: noContent } }, async (request, reply) =>
      sendNoContentOrRefusal(reply, await remove(accountOf(request).aid, request.body.stackIds)),
    );
  }

  app.get<{ Params: { id: string } }>(
    '/item-stacks/:id',
    { schema: { params: stackSchemas.idParams, response: { 200: stackRecordSchema, ...errors } } },
    async (request, reply) => {
      const ack = await stacks.get(accountOf(request).aid, request.params.id);
      return ack.success ? reply.code(200).send(ack.data) : sendRefusal(reply, ack);
    },
  );
};

/**
 * The share calls over HTTP (review-and-content §7; domain/sharing.ts SHARE_CALLS) under /api: bearer token
 * required, JSON schemas on params, bodies and answers, the API's error body. 401 without a valid token,
 * 400 a malformed body (unknown fields, more than SHARE_MAX_EXPLICIT_PEOPLE entries, an entry over 254
 * characters, a password the domain's rule refuses), 403 without editItemMetadata or ownership, 404 an item
 * the caller does not see.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SHARE_MAX_EXPLICIT_PEOPLE } from '../../domain/constants.ts';
import { SHARE_REASONS, type PrivateShareBody, type PublicShareBody } from '../../domain/sharing.ts';
import { accountOf, requireAccount, type TokenVerifier } from '../auth.ts';
import { backupSchemas } from '../content/validation.ts';
import { errorBodySchema } from '../errors.ts';
import type { ShareOperations } from './shareOps.ts';

export interface SharingRoutesOptions {
  verify: TokenVerifier;
  shares: ShareOperations;
}

/** An e-mail address is at most 254 characters (RFC 5321 path limit). */
export const SHARE_EMAIL_MAX_CHARS = 254;
/** Item ids as the content requests accept them. */
const itemParams = backupSchemas.itemParams;

const settingsSchema = {
  type: 'object',
  required: ['isPrivate', 'allowAnonComments', 'hasPassword'],
  properties: { isPrivate: { type: 'boolean' }, allowAnonComments: { type: 'boolean' }, hasPassword: { type: 'boolean' } },
} as const;

const personSchema = {
  type: 'object',
  required: ['userId', 'profile', 'reasons', 'role'],
  properties: {
    userId: { type: 'string' },
    profile: {
      type: 'object',
      required: ['firstName', 'lastName', 'email', 'links'],
      properties: {
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        email: { type: 'string' },
        links: { type: 'object', required: ['micro'], properties: { micro: { type: ['string', 'null'] } } },
      },
    },
    reasons: { type: 'array', items: { type: 'string', enum: [...SHARE_REASONS] } },
    role: { type: 'integer', enum: [0, 1, 2] },
  },
} as const;

const peopleSchema = { type: 'array', items: personSchema } as const;

const privateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['explicitPermissions'],
  properties: {
    explicitPermissions: {
      type: 'array',
      maxItems: SHARE_MAX_EXPLICIT_PEOPLE,
      items: { type: 'object', additionalProperties: false, required: ['email'], properties: { email: { type: 'string', minLength: 1, maxLength: SHARE_EMAIL_MAX_CHARS } } },
    },
  },
} as const;

// The password's length and content are checked with the domain's rule in the handler, for its message.
const publicBody = {
  type: 'object',
  additionalProperties: false,
  required: ['allowAnonComments'],
  properties: { allowAnonComments: { type: 'boolean' }, password: { type: ['string', 'null'] } },
} as const;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } as const;

/** Registered under /api. */
export const sharingRoutes: FastifyPluginAsync<SharingRoutesOptions> = async (app, { verify, shares }) => {
  app.addHook('onRequest', requireAccount(verify));

  app.get<{ Params: { itemId: string } }>(
    '/items/:itemId/permissions',
    { schema: { params: itemParams, response: { 200: { type: 'object', required: ['people', 'settings'], properties: { people: peopleSchema, settings: settingsSchema } }, ...errors } } },
    (request) => shares.permissions(accountOf(request).aid, request.params.itemId),
  );

  app.put<{ Params: { itemId: string }; Body: PrivateShareBody }>(
    '/items/:itemId/share-settings/private',
    {
      schema: {
        params: itemParams,
        body: privateBody,
        response: {
          200: {
            type: 'object',
            required: ['invalidEmails', 'settings', 'people'],
            properties: { invalidEmails: { type: 'array', items: { type: 'string' } }, settings: settingsSchema, people: peopleSchema },
          },
          ...errors,
        },
      },
    },
    (request) => shares.sharePrivately(accountOf(request).aid, request.params.itemId, request.body),
  );

  app.put<{ Params: { itemId: string }; Body: PublicShareBody }>(
    '/items/:itemId/share-settings/public',
    { schema: { params: itemParams, body: publicBody, response: { 200: { type: 'object', required: ['settings'], properties: { settings: settingsSchema } }, ...errors } } },
    (request) => shares.sharePublicly(accountOf(request).aid, request.params.itemId, request.body),
  );
};

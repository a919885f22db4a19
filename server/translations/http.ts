/**
 * What every translation route shares (translation-editor §7): the error body `{ error: TranslationRefusal, message }`,
 * the optional bearer (a bearer that is sent must be valid: 401), and the caller with the item password header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRANSLATION_ITEM_PASSWORD_HEADER, type TranslationRefusal } from '../../domain/translation.ts';
import { optionalAccount as optionalBearer, type TokenVerifier } from '../auth.ts';
import type { TranslationCaller } from './operations.ts';

/** The JSON schema of an error answer. */
export const errorSchema = { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } } as const;

/** Answers a refusal with the protocol's code. */
export function sendRefusal(reply: FastifyReply, statusCode: number, code: TranslationRefusal, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: code, message });
}

/** onRequest: a bearer, when sent, must be valid (401 `unauthenticated`); without one the caller is anonymous. */
export function optionalAccount(verify: TokenVerifier) {
  return optionalBearer(verify, (reply, message) => sendRefusal(reply, 401, 'unauthenticated', message));
}

/** The caller of a request: its account (set by optionalAccount) and the item password header. */
export function callerOf(request: FastifyRequest): TranslationCaller {
  const value = request.headers[TRANSLATION_ITEM_PASSWORD_HEADER];
  return { account: request.account ?? null, password: typeof value === 'string' && value !== '' ? value : null };
}


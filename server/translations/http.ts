/**
 * What every translation route shares (translation-editor §7): the error body `{ error: TranslationRefusal, message }`,
 * the optional bearer (a bearer that is sent must be valid: 401), and the caller with the item password header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRANSLATION_ITEM_PASSWORD_HEADER, type TranslationRefusal } from '../../domain/translation.ts';
import { bearerToken, type TokenVerifier } from '../auth.ts';
import type { TranslationCaller } from './operations.ts';

/** The JSON schema of an error answer. */
export const errorSchema = { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } } as const;

/** Answers a refusal with the protocol's code. */
export function sendRefusal(reply: FastifyReply, statusCode: number, code: TranslationRefusal, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ error: code, message });
}

/** onRequest: a bearer, when sent, must be valid (401); without one the caller is anonymous. */
export function optionalAccount(verify: TokenVerifier) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = bearerToken(header);
    const account = token ? await verify(token) : undefined;
    if (!account) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      await sendRefusal(reply, 401, 'unauthenticated', 'The access token is invalid or has expired. Sign in again.');
      return;
    }
    request.account = account;
  };
}

/** The caller of a request: its account (set by optionalAccount) and the item password header. */
export function callerOf(request: FastifyRequest): TranslationCaller {
  const value = request.headers[TRANSLATION_ITEM_PASSWORD_HEADER];
  return { account: request.account ?? null, password: typeof value === 'string' && value !== '' ? value : null };
}


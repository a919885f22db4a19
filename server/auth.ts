import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from './db/database.ts';
import type { UserRow } from './db/schema.ts';
import { findUserByAid } from './db/users.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer-token check on protected routes. */
    account?: UserRow;
  }
}

/** Looks up the user behind an opaque access token; undefined when unknown, expired or revoked. */
export type TokenVerifier = (token: string) => Promise<UserRow | undefined>;

/** The provider is created after listen (its issuer needs the port), hence the getter. */
export function createTokenVerifier(db: Db, getProvider: () => Provider | undefined): TokenVerifier {
  return async (token) => {
    const provider = getProvider();
    if (!provider || !token) return undefined;
    const accessToken = await provider.AccessToken.find(token);
    if (!accessToken?.accountId || accessToken.isExpired) return undefined;
    return findUserByAid(db, accessToken.accountId);
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** onRequest hook (runs before the body is read) that answers 401 JSON unless the request carries a valid access token. */
export function requireAccount(verify: TokenVerifier) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      reply.header('WWW-Authenticate', 'Bearer');
      await sendError(reply, 401, 'Sign in first: this endpoint needs a bearer access token.');
      return;
    }
    const account = await verify(token);
    if (!account) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      await sendError(reply, 401, 'The access token is invalid or has expired. Sign in again.');
      return;
    }
    request.account = account;
  };
}

/** For handlers behind requireAccount: the account it attached. */
export function accountOf(request: FastifyRequest): UserRow {
  if (!request.account) throw new Error('accountOf called on a route without requireAccount');
  return request.account;
}

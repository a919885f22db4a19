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

/** What a token is worth right now: sockets tell an expired token from an unknown or revoked one. */
export type TokenCheck =
  | { status: 'valid'; user: UserRow; /** Epoch milliseconds. */ expiresAt: number }
  | { status: 'expired' }
  | { status: 'invalid' };

export type TokenInspector = (token: string) => Promise<TokenCheck>;

const ACCESS_TOKEN_MODEL = 'AccessToken';

/**
 * The provider is created after listen (its issuer needs the port), hence the getter. Opaque access
 * tokens are stored under their own value; an expired one stays in `oidc_payloads` for a grace
 * period (see pruneExpiredOidcPayloads) while a revoked one is deleted, which is how the two differ.
 */
export function createTokenInspector(db: Db, getProvider: () => Provider | undefined): TokenInspector {
  return async (token) => {
    const provider = getProvider();
    if (!provider || !token) return { status: 'invalid' };
    const accessToken = await provider.AccessToken.find(token);
    if (accessToken?.accountId && !accessToken.isExpired && typeof accessToken.exp === 'number') {
      const user = await findUserByAid(db, accessToken.accountId);
      return user ? { status: 'valid', user, expiresAt: accessToken.exp * 1000 } : { status: 'invalid' };
    }
    const stored = await db
      .selectFrom('oidc_payloads')
      .select('expires_at')
      .where('model', '=', ACCESS_TOKEN_MODEL)
      .where('id', '=', token)
      .executeTakeFirst();
    const expiresAt = stored?.expires_at;
    return expiresAt != null && Number(expiresAt) * 1000 <= Date.now() ? { status: 'expired' } : { status: 'invalid' };
  };
}

export function createTokenVerifier(inspect: TokenInspector): TokenVerifier {
  return async (token) => {
    const check = await inspect(token);
    return check.status === 'valid' ? check.user : undefined;
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

/** How a route family answers 401: by default the shared error body (errors.ts); a family with its own codes passes its own. */
export type Unauthorized = (reply: FastifyReply, message: string) => unknown;

const sendUnauthorized: Unauthorized = (reply, message) => sendError(reply, 401, message);

/** onRequest hook: a bearer, when sent, must be valid (401 through `refuse`); without one the caller is anonymous. */
export function optionalAccount(verify: TokenVerifier, refuse: Unauthorized = sendUnauthorized) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = bearerToken(header);
    const account = token ? await verify(token) : undefined;
    if (!account) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      await refuse(reply, 'The access token is invalid or has expired. Sign in again.');
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

/** preValidation hook for routes behind requireAccount: 403 JSON unless the account is staff. */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.account?.is_staff !== 1) await sendError(reply, 403, 'Only staff may do this.');
}

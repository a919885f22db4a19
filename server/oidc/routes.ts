import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { findUserByEmail } from '../db/users.ts';
import { sendError } from '../errors.ts';
import { verifyPassword } from '../passwords.ts';
import { OIDC_MOUNT_PATH } from './provider.ts';
import { loginPage } from './pages.ts';
import { withFlash } from '../../domain/flash.ts';

export interface OidcRouteOptions {
  db: Db;
  getProvider: () => Provider | undefined;
}

const INCORRECT_CREDENTIALS = 'Incorrect e-mail or password.';
const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

/**
 * A sign-in page that has expired (or was never ours) sends the browser back to the app's /signin, whose flash
 * message bar says what happened (domain/flash.ts), rather than leaving the person on a dead end of the provider.
 * 303: a POSTed form is followed with a GET.
 */
function toSignInExpired(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').redirect(withFlash('/signin', 'signInExpired'), 303);
}

function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/** Interactions that are gone (expired, finished, cookie missing) all mean "start again". */
function isStaleInteraction(error: unknown): boolean {
  return error instanceof oidcErrors.OIDCProviderError;
}

/**
 * The sign-in page (our own HTML) and everything else under /oidc handed to oidc-provider, which is a
 * Koa app: it gets the raw Node request with the mount prefix stripped, as koa-mount would do.
 */
export const oidcRoutes: FastifyPluginAsync<OidcRouteOptions> = async (app, { db, getProvider }) => {
  const providerOr503 = (reply: FastifyReply): Provider | undefined => {
    const provider = getProvider();
    if (!provider) void sendError(reply, 503, 'Sign-in is starting up. Try again in a moment.');
    return provider;
  };

  async function loadInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : undefined;
    } catch (error) {
      if (isStaleInteraction(error)) return undefined;
      throw error;
    }
  }

  app.get<{ Params: { uid: string } }>(
    `${OIDC_MOUNT_PATH}/interaction/:uid`,
    { schema: { params: uidParams } },
    async (request, reply) => {
      const provider = providerOr503(reply);
      if (!provider) return reply;
      const details = await loadInteraction(provider, request, reply, request.params.uid);
      if (!details) return toSignInExpired(reply);
      if (details.prompt.name === 'login') return html(reply, loginPage({ uid: details.uid }));
      // Any other prompt (consent) is granted by loadExistingGrant for our first-party client.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
      return reply;
    },
  );

  app.post<{ Params: { uid: string }; Body: { email: string; password: string } }>(
    `${OIDC_MOUNT_PATH}/interaction/:uid/login`,
    {
      schema: {
        params: uidParams,
        body: {
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string', maxLength: 100 }, password: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply) => {
      const provider = providerOr503(reply);
      if (!provider) return reply;
      const details = await loadInteraction(provider, request, reply, request.params.uid);
      if (!details || details.prompt.name !== 'login') return toSignInExpired(reply);

      const email = request.body.email.trim().toLowerCase();
      const user = email ? await findUserByEmail(db, email) : undefined;
      const valid = user ? await verifyPassword(request.body.password, user.password_hash) : false;
      if (!user || !valid) {
        return html(reply, loginPage({ uid: details.uid, email, error: INCORRECT_CREDENTIALS }), 401);
      }
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: user.aid, remember: true } },
        { mergeWithLastSubmission: false },
      );
      return reply;
    },
  );

  // Handing over the raw request means fastify must not read the body: oidc-provider parses it itself.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));

    raw.all(
      `${OIDC_MOUNT_PATH}/*`,
      { schema: { params: { type: 'object', properties: { '*': { type: 'string' } } } } },
      async (request, reply) => {
        const provider = providerOr503(reply);
        if (!provider) return reply;
        const req = request.raw as IncomingMessage & { originalUrl?: string };
        req.originalUrl = req.url;
        req.url = (req.url ?? '/').slice(OIDC_MOUNT_PATH.length) || '/';
        reply.hijack();
        await provider.callback()(req, reply.raw);
        return reply;
      },
    );
  });
};

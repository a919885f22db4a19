/**
 * Stand-ins for the activation, trial and downloads calls (foundation §3, §4, §7; review-and-content §2, §7):
 *
 * - POST {product api}/subscriptions/{id}/products/reach: an empty body from an admin activates the learning product
 *   (the state is pending for `pendingMs`, then active with a tenant id: a job on the job table, `activation.finish`,
 *   so the pending phase ends on whichever instance claims it, even if the one that was asked stopped); `course_title` and `admin_id` from any member
 *   ask that admin to activate it (202). The GET beside it is server/services/productApi.ts.
 * - POST /api/translations/trialexp/self-initiated and /sales-demo: the localization trial requests (204).
 * - GET /api/translations/trialexp/overview.webm and overview.vtt (public): the trial page's overview video for its
 *   video player modal, with English captions.
 * - GET /api/products/desktop/artifacts and /minimum-version (API version 2 in Accept): the desktop builds and the
 *   minimum-version notice (404 when none is set: DESKTOP_MINIMUM_VERSION in the environment); files under
 *   /api/products/desktop/files/ are placeholders.
 * Bodies are checked strictly (no coercion, unknown fields refused); membership and the admin role are checked here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOf, requireAccount, type TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { findSubscription, rolesOn, usersWithRole } from '../db/subscriptions.ts';
import { errorBodySchema, sendError } from '../errors.ts';
import type { JobQueue } from '../jobs.ts';
import { ROLE_ADMIN } from '../roles.ts';
import { DOWNLOAD_FILE_PATTERN, seededBuilds } from './builds.ts';
import { videoFixture } from '../uploads/index.ts';

export { seedActivationAccounts, ACTIVATION_DEMO_ACCOUNTS } from './seed.ts';

/** English captions of the trial overview video (WebVTT). */
export const TRIAL_OVERVIEW_CAPTIONS = `WEBVTT

00:00.000 --> 00:02.000
Localization turns a finished course into other languages.
`;

/** How long a new learning-product tenant stays pending (the client polls every 1,000 ms meanwhile). */
export const REACH_PENDING_MS = 2500;

export interface ActivationRequestRecord {
  subscriptionId: string;
  fromAid: string;
  adminAid: string;
  courseTitle: string;
}

export interface TrialRequestRecord {
  kind: 'selfInitiated' | 'salesDemo';
  aid: string;
  body: Record<string, unknown>;
}

export interface ActivationService {
  /** Requests the stand-ins took, oldest first (tests read them; nothing else keeps them). */
  activationRequests: ActivationRequestRecord[];
  trialRequests: TrialRequestRecord[];
}

/** The job that ends an activation's pending phase (payload `{ subscriptionId }`). */
export const ACTIVATION_FINISH_JOB = 'activation.finish';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const subscriptionParams = { type: 'object', required: ['subscriptionId'], properties: { subscriptionId: text(100) } } as const;

async function memberOr403(db: Db, request: FastifyRequest, reply: FastifyReply, subscriptionId: string): Promise<string[] | null> {
  const roles = (await findSubscription(db, subscriptionId)) ? await rolesOn(db, accountOf(request).aid, subscriptionId) : [];
  if (roles.length === 0) {
    await sendError(reply, 403, 'You are not a member of this subscription.');
    return null;
  }
  return roles;
}

function acceptsVersion2(request: FastifyRequest): boolean {
  return /\bversion\s*=\s*2\b/.test(request.headers.accept ?? '');
}

export async function registerActivation(app: FastifyInstance, opts: { db: Db; jobs: JobQueue; verify: TokenVerifier; publicUrl: () => string; pendingMs?: number }): Promise<ActivationService> {
  const { db, verify } = opts;
  const pendingMs = opts.pendingMs ?? REACH_PENDING_MS;
  const service: ActivationService = {
    activationRequests: [],
    trialRequests: [],
  };

  const finishActivation = async (subscriptionId: string) => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('reach_products').set({ tenant_state: 'active', tenant_state_pending: 0 }).where('subscription_id', '=', subscriptionId).execute();
      await trx.updateTable('subscriptions').set({ reach_tenant_id: `reach-${subscriptionId.slice(0, 8)}` }).where('id', '=', subscriptionId).where('reach_tenant_id', 'is', null).execute();
    });
  };
  opts.jobs.handle(ACTIVATION_FINISH_JOB, async (payload) => {
    const { subscriptionId } = payload as { subscriptionId: string };
    await finishActivation(subscriptionId);
    return { subscriptionId };
  });


  await app.register(
    async (scope) => {
      scope.addHook('onRequest', requireAccount(verify));
      scope.post<{ Params: { subscriptionId: string }; Body: { course_title?: string; admin_id?: string } }>(
        '/subscriptions/:subscriptionId/products/reach',
        {
          schema: {
            params: subscriptionParams,
            body: { type: 'object', additionalProperties: false, properties: { course_title: text(200), admin_id: text(100) } },
            response: { 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
          },
        },
        async (request, reply) => {
          const { subscriptionId } = request.params;
          const roles = await memberOr403(db, request, reply, subscriptionId);
          if (!roles) return reply;
          const { course_title: courseTitle, admin_id: adminId } = request.body ?? {};
          if ((courseTitle === undefined) !== (adminId === undefined)) return sendError(reply, 400, 'An activation request names both course_title and admin_id; an activation names neither.');
          if (courseTitle !== undefined && adminId !== undefined) {
            const admins = await usersWithRole(db, subscriptionId, ROLE_ADMIN);
            if (!admins.some((admin) => admin.aid === adminId)) return sendError(reply, 400, 'admin_id is not an admin of this subscription.');
            service.activationRequests.push({ subscriptionId, fromAid: accountOf(request).aid, adminAid: adminId, courseTitle });
            return reply.code(202).send({});
          }
          if (!roles.includes(ROLE_ADMIN)) return sendError(reply, 403, 'Only an admin of this subscription can activate the learning product.');
          const current = await db.selectFrom('reach_products').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
          if (current && current.tenant_state !== 'disabled' && current.tenant_state_pending === 0) return sendError(reply, 409, 'The learning product is already active on this subscription.');
          if (current) await db.updateTable('reach_products').set({ tenant_state: 'active', tenant_state_pending: 1 }).where('subscription_id', '=', subscriptionId).execute();
          else await db.insertInto('reach_products').values({ subscription_id: subscriptionId, tenant_state: 'active', tenant_state_pending: 1 }).execute();
          await opts.jobs.enqueue(ACTIVATION_FINISH_JOB, { subscriptionId }, { runAfter: Date.now() + pendingMs });
          return { tenant_state: 'active', tenant_state_pending: true };
        },
      );
    },
    { prefix: '/services/productApi' },
  );

  const person = { firstName: text(100), lastName: { type: 'string', maxLength: 100 }, email: text(254), subscriptionId: text(100) } as const;
  const trialRoute = (kind: TrialRequestRecord['kind'], path: string, extra: Record<string, unknown>, required: string[]) => {
    return async (scope: FastifyInstance) => {
      scope.post<{ Body: Record<string, unknown> & { subscriptionId: string; email: string } }>(
        path,
        {
          schema: {
            body: { type: 'object', additionalProperties: false, required: ['subscriptionId', 'firstName', 'lastName', 'email', ...required], properties: { ...person, ...extra } },
            response: { 400: errorBodySchema, 403: errorBodySchema },
          },
        },
        async (request, reply) => {
          const caller = accountOf(request);
          if (!(await memberOr403(db, request, reply, request.body.subscriptionId))) return reply;
          if (request.body.email.toLowerCase() !== caller.email.toLowerCase()) return sendError(reply, 403, 'A trial request is sent for yourself only.');
          service.trialRequests.push({ kind, aid: caller.aid, body: request.body });
          return reply.code(204).send();
        },
      );
    };
  };

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', requireAccount(verify));
      await scope.register(trialRoute('selfInitiated', '/translations/trialexp/self-initiated', { isInCampaign: { type: 'boolean' } }, ['isInCampaign']));
      await scope.register(trialRoute('salesDemo', '/translations/trialexp/sales-demo', { role: { type: 'string', enum: ['admin', 'creator'] } }, ['role']));
    },
    { prefix: '/api' },
  );

  // Public: the trial page's overview video and its captions (a <video> element sends no bearer token).
  await app.register(
    async (scope) => {
      scope.get('/overview.webm', async (_request, reply) =>
        reply.header('Cache-Control', 'public, max-age=3600').type('video/webm').send(Buffer.from(videoFixture())),
      );
      scope.get('/overview.vtt', async (_request, reply) => reply.header('Cache-Control', 'public, max-age=3600').type('text/vtt; charset=utf-8').send(TRIAL_OVERVIEW_CAPTIONS));
    },
    { prefix: '/api/translations/trialexp' },
  );

  // Public: the all-downloads page is open to visitors who are not signed in.
  await app.register(
    async (scope) => {
      const filesUrl = () => `${opts.publicUrl()}/api/products/desktop/files`;
      scope.get('/artifacts', { schema: { response: { 406: errorBodySchema } } }, async (request, reply) => {
        if (!acceptsVersion2(request)) return sendError(reply, 406, 'Ask for API version 2: Accept: application/json; version=2.');
        return { deploymentGuideUrl: `${opts.publicUrl()}/api/products/desktop/files/deployment-guide`, macUrl: `${filesUrl()}/review-desktop-3.3.1.dmg`, builds: seededBuilds(filesUrl(), Date.now()) };
      });
      scope.get('/minimum-version', { schema: { response: { 404: errorBodySchema, 406: errorBodySchema } } }, async (request, reply) => {
        if (!acceptsVersion2(request)) return sendError(reply, 406, 'Ask for API version 2: Accept: application/json; version=2.');
        const version = process.env.DESKTOP_MINIMUM_VERSION;
        if (!version) return sendError(reply, 404, 'There is no minimum-version notice.');
        return { version, message: `Versions before ${version} can no longer upload to Review. Install the latest version.` };
      });
      scope.get<{ Params: { name: string } }>(
        '/files/:name',
        { schema: { params: { type: 'object', required: ['name'], properties: { name: text(100) } }, response: { 404: errorBodySchema } } },
        async (request, reply) => {
          const { name } = request.params;
          if (name === 'deployment-guide') {
            return reply.type('text/html; charset=utf-8').send('<!doctype html><html lang="en"><title>Deployment guide</title><h1>Deploying the Review desktop app</h1><p>Install silently with <code>msiexec /i review-desktop.msi /qn</code>.</p></html>');
          }
          if (!DOWNLOAD_FILE_PATTERN.test(name)) return sendError(reply, 404, 'No such download.');
          return reply.header('content-disposition', `attachment; filename="${name}"`).type('application/octet-stream').send(Buffer.from(`Placeholder for ${name} (reference service).\n`));
        },
      );
    },
    { prefix: '/api/products/desktop' },
  );

  return service;
}

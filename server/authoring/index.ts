/**
 * The authoring dashboard's stand-ins (review-and-content §7): the business-content browse (`contentBrowse`), the
 * rise-runtime ducks (`authoringRuntime`), the training home (`training`), the growth product's onboarding
 * eligibility (`growth`), and the conveyor's socket.io namespace that announces a finished template import to its
 * author's room (`courseImportRoom`). The business-content browser the dashboard embeds is a page of the authoring
 * site (/external/authoring/business-content/{tab}).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Namespace } from 'socket.io';
import { accountOf, bearerToken, requireAccount, type TokenVerifier } from '../auth.ts';
import type { Db } from '../db/database.ts';
import { sendError } from '../errors.ts';
import type { Realtime } from '../realtime.ts';
import { ROLE_SEAT_HOLDER } from '../roles.ts';
import {
  CONVEYOR_JOIN_EVENT,
  DUCK_GET_COURSE,
  DUCK_NEW_COURSE,
  DUCK_TYPES,
  IMPORT_SUCCESS_EVENT,
  type DuckType,
} from '../../domain/dashboard.ts';
import { browseDashboard, findCharacter, findTemplate, RECORDED_WEBINARS } from './catalog.ts';
import { createConveyor, createCourseStore, type Course } from './courses.ts';
import { cardSvg, characterSvg } from './images.ts';
import { businessContentPage, questionsPage } from './pages.ts';

export interface AuthoringOptions {
  db: Db;
  verify: TokenVerifier;
  realtime: Realtime;
  publicUrl: () => string;
  /** How long the conveyor takes to finish a template import (default 1500 ms). */
  importDelayMs?: number;
}

/** The conveyor's namespace on the shared socket.io server: the path of the courseImportRoom service's URL. */
export const CONVEYOR_NAMESPACE = '/services/courseImportRoom';

const MAX_IMAGE_SIDE = 2000;

const imageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    w: { type: 'integer', minimum: 1, maximum: MAX_IMAGE_SIDE },
    h: { type: 'integer', minimum: 1, maximum: MAX_IMAGE_SIDE },
    fit: { type: 'string', enum: ['cover'] },
  },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 200 } } } as const;

/** Who may create and import courses: a seat holder of an active, unexpired subscription (the seat carries use_rise). */
async function mayAuthor(db: Db, aid: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('subscription_roles')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_roles.subscription_id')
    .select('subscriptions.id')
    .where('subscription_roles.user_aid', '=', aid)
    .where('subscription_roles.role', '=', ROLE_SEAT_HOLDER)
    .where('subscriptions.state', '=', 'active')
    .where('subscriptions.end_date', '>=', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

const courseBody = (course: Course) => ({
  id: course.id,
  title: course.title,
  status: course.status,
  sourceContentId: course.sourceContentId,
  isAIConceptToCourse: course.isAIConceptToCourse,
  type: course.type,
  createdAt: course.createdAt,
});

export async function registerAuthoring(app: FastifyInstance, options: AuthoringOptions): Promise<void> {
  const { db, verify, realtime, publicUrl } = options;
  const importDelayMs = options.importDelayMs ?? 1500;
  const imageBase = () => `${publicUrl()}/services/contentBrowse`;
  const courses = createCourseStore({ newId: () => `course-${randomUUID()}`, now: () => new Date() });
  const conveyor = createConveyor(IMPORT_SUCCESS_EVENT);
  /** Pending conveyor timers, cleared when the server closes. */
  const timers = new Set<ReturnType<typeof setTimeout>>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  /** The growth stand-in: who is eligible for onboarding questions (nobody until told, so sign-ins land on /). */
  const onboardingEligible = new Set<string>();
  /** How late the growth stand-in answers each person's eligibility check (0: at once). */
  const onboardingLateMs = new Map<string, number>();

  const contentBrowse: FastifyPluginAsync = async (scope) => {
    scope.get('/api/content/browse_dashboard', { onRequest: requireAccount(verify) }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return browseDashboard(imageBase());
    });
    // Content pages (/content/template/{id}, /content/character/{id}) are public: no token needed.
    scope.get<{ Params: { id: string } }>('/api/content/templates/:id', { schema: { params: idParams } }, async (request, reply) => {
      const template = findTemplate(imageBase(), request.params.id);
      if (!template) return sendError(reply, 404, 'No template has this id.');
      return template;
    });
    scope.get<{ Params: { id: string } }>('/api/content/characters/:id', { schema: { params: idParams } }, async (request, reply) => {
      const character = findCharacter(imageBase(), request.params.id);
      if (!character) return sendError(reply, 404, 'No character has this id.');
      return character;
    });
    scope.get<{ Params: { kind: string; file: string }; Querystring: { w?: number; h?: number; fit?: 'cover' } }>(
      '/images/:kind/:file',
      { schema: { querystring: imageQuery, params: { type: 'object', required: ['kind', 'file'], properties: { kind: { type: 'string', enum: ['templates', 'microlearning', 'characters'] }, file: { type: 'string', pattern: '^[a-z0-9-]{1,100}\\.svg$' } } } } },
      async (request, reply) => {
        const id = request.params.file.replace(/\.svg$/, '');
        const size = { width: request.query.w ?? 492, height: request.query.h ?? 296 };
        let svg: string | null = null;
        if (request.params.kind === 'characters') {
          const character = findCharacter(imageBase(), id);
          if (character) svg = characterSvg(id, character.name, size);
        } else {
          const template = findTemplate(imageBase(), id);
          if (template) svg = cardSvg(id, template.title, size);
        }
        if (!svg) return sendError(reply, 404, 'No image has this name.');
        reply.header('Cache-Control', 'public, max-age=86400');
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
  };

  const duckBody = {
    type: 'object',
    required: ['type', 'payload'],
    additionalProperties: false,
    properties: { type: { type: 'string', enum: [...DUCK_TYPES] }, payload: { type: 'object' } },
  } as const;

  const authoringRuntime: FastifyPluginAsync = async (scope) => {
    scope.addHook('onRequest', requireAccount(verify));
    scope.post<{ Params: { '*': string }; Body: { type: DuckType; payload: Record<string, unknown> } }>(
      '/api/rise-runtime/ducks/*',
      { schema: { body: duckBody, params: { type: 'object', properties: { '*': { type: 'string' } } } } },
      async (request, reply) => {
        const account = accountOf(request);
        const { type, payload } = request.body;
        if (request.params['*'] !== type) return sendError(reply, 400, `The path names ${request.params['*']} but the body's type is ${type}.`);
        if (type === DUCK_GET_COURSE) {
          const courseId = payload.courseId;
          if (typeof courseId !== 'string' || courseId === '' || Object.keys(payload).length !== 1) {
            return sendError(reply, 400, 'Invalid request: payload must be { courseId: string }.');
          }
          const course = courses.get(courseId);
          // Another author's course answers like a missing one, so ids cannot be probed.
          if (!course || course.ownerAid !== account.aid) return sendError(reply, 404, 'No course of yours has this id.');
          return { course: courseBody(course) };
        }
        if (!(await mayAuthor(db, account.aid, new Date()))) {
          return sendError(reply, 403, 'Creating courses needs a seat on an active subscription that includes Rise.');
        }
        if (type === DUCK_NEW_COURSE) {
          const problem = newCourseProblem(payload);
          if (problem) return sendError(reply, 400, `Invalid request: ${problem}`);
          const settings = payload.settings as { isAIConceptToCourse: boolean };
          const course = courses.create({
            ownerAid: account.aid,
            title: typeof payload.title === 'string' ? payload.title : 'Untitled course',
            status: 'ready',
            sourceContentId: null,
            isAIConceptToCourse: settings.isAIConceptToCourse,
            type: typeof payload.type === 'string' ? payload.type : null,
          });
          return reply.code(201).send({ id: course.id, course: courseBody(course) });
        }
        // IMPORT_BUSINESS_CONTENT_COURSE
        const problem = importProblem(payload);
        if (problem) return sendError(reply, 400, `Invalid request: ${problem}`);
        const template = findTemplate(imageBase(), payload.content as string);
        if (!template) return sendError(reply, 404, 'No template has this content id.');
        const course = courses.create({
          ownerAid: account.aid,
          title: template.title,
          status: 'importing',
          sourceContentId: template.content_id,
          isAIConceptToCourse: false,
          type: null,
        });
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (courses.finishImport(course.id)) conveyor.finished(account.aid, course.id);
        }, importDelayMs);
        timers.add(timer);
        return reply.code(202).send({ id: course.id, course: courseBody(course) });
      },
    );
  };

  const training: FastifyPluginAsync = async (scope) => {
    scope.get('/home', { onRequest: requireAccount(verify) }, async () => ({ recordedWebinars: RECORDED_WEBINARS }));
  };

  const growth: FastifyPluginAsync = async (scope) => {
    scope.get('/onboarding/eligibility', { onRequest: requireAccount(verify) }, async (request) => {
      const aid = accountOf(request).aid;
      const lateMs = onboardingLateMs.get(aid) ?? 0;
      if (lateMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, lateMs);
          timers.add(timer);
        });
      }
      return { eligible: onboardingEligible.has(aid) };
    });
    // The stand-in's switch (a demo or a test makes the caller eligible, or not, and may have it answer late, up to a
    // minute): the real growth product decides itself.
    scope.put<{ Body: { eligible: boolean; answerAfterMs?: number } }>(
      '/onboarding/eligibility',
      {
        onRequest: requireAccount(verify),
        schema: {
          body: {
            type: 'object',
            required: ['eligible'],
            additionalProperties: false,
            properties: { eligible: { type: 'boolean' }, answerAfterMs: { type: 'integer', minimum: 0, maximum: 60_000 } },
          },
        },
      },
      async (request) => {
        const aid = accountOf(request).aid;
        if (request.body.eligible) onboardingEligible.add(aid);
        else onboardingEligible.delete(aid);
        onboardingLateMs.set(aid, request.body.answerAfterMs ?? 0);
        return { eligible: request.body.eligible, answerAfterMs: request.body.answerAfterMs ?? 0 };
      },
    );
    scope.get('/questions', async (_request, reply) => reply.type('text/html; charset=utf-8').send(questionsPage()));
  };

  await app.register(contentBrowse, { prefix: '/services/contentBrowse' });
  await app.register(authoringRuntime, { prefix: '/services/authoringRuntime' });
  await app.register(training, { prefix: '/services/training' });
  await app.register(growth, { prefix: '/services/growth' });
  // The business-content browser, a page of the authoring site the dashboard embeds (more specific than /external/*).
  app.get<{ Params: { tab: string } }>(
    '/external/authoring/business-content/:tab',
    { schema: { params: { type: 'object', required: ['tab'], properties: { tab: { type: 'string', enum: ['templates', 'microlearning'] } } } } },
    async (request, reply) => {
      const tab = request.params.tab as 'templates' | 'microlearning';
      const body = browseDashboard(imageBase());
      // The dashboard (same origin) frames it; nobody else may.
      reply.header('Content-Security-Policy', "frame-ancestors 'self'").header('X-Frame-Options', 'SAMEORIGIN');
      return reply.type('text/html; charset=utf-8').send(businessContentPage(tab, tab === 'templates' ? body.courses : body.microlearning, publicUrl()));
    },
  );

  attachConveyor(realtime.io.of(CONVEYOR_NAMESPACE), verify, conveyor);
}

function attachConveyor(namespace: Namespace, verify: TokenVerifier, conveyor: ReturnType<typeof createConveyor>) {
  conveyor.attach({
    roomSize: (room) => namespace.adapter.rooms.get(room)?.size ?? 0,
    emit: (room, event, data) => namespace.to(room).emit(event, data),
  });
  namespace.use((socket, next) => {
    const raw = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === 'string' ? raw : bearerToken(socket.handshake.headers.authorization);
    if (!token) return next(new Error('unauthorized'));
    verify(token).then(
      (account) => {
        if (!account) return next(new Error('unauthorized'));
        socket.data.aid = account.aid;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  namespace.on('connection', (socket) => {
    socket.on(CONVEYOR_JOIN_EVENT, (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (body: unknown) => void) : () => {};
      const room = payload && typeof payload === 'object' ? (payload as Record<string, unknown>).room : undefined;
      if (typeof room !== 'string' || room === '') return reply({ error: 'invalid', message: 'join needs { room: string }' });
      // An author joins only their own room.
      if (room !== socket.data.aid) return reply({ error: 'forbidden', message: 'You may join only your own room.' });
      void socket.join(room);
      reply({ ok: true });
      conveyor.joined(room);
    });
  });
}

/** NEW_COURSE payload (§7): folderId 'all', settings { isAIConceptToCourse: boolean }, optional title and type. */
function newCourseProblem(payload: Record<string, unknown>): string | null {
  const allowed = new Set(['folderId', 'settings', 'title', 'type']);
  const extra = Object.keys(payload).find((key) => !allowed.has(key));
  if (extra) return `payload must not have ${extra}`;
  if (payload.folderId !== 'all') return "payload.folderId must be 'all'";
  const settings = payload.settings as Record<string, unknown> | null;
  if (!settings || typeof settings !== 'object' || typeof settings.isAIConceptToCourse !== 'boolean') return 'payload.settings.isAIConceptToCourse must be a boolean';
  if (payload.title !== undefined && (typeof payload.title !== 'string' || payload.title.trim() === '' || payload.title.length > 255)) return 'payload.title must be 1–255 characters';
  if (payload.type !== undefined && payload.type !== 'aiOutline') return "payload.type must be 'aiOutline'";
  return null;
}

/** IMPORT_BUSINESS_CONTENT_COURSE payload (§7): color, content (a content id), contentType 'templates'. */
function importProblem(payload: Record<string, unknown>): string | null {
  const allowed = new Set(['color', 'content', 'contentType']);
  const extra = Object.keys(payload).find((key) => !allowed.has(key));
  if (extra) return `payload must not have ${extra}`;
  if (typeof payload.color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(payload.color)) return 'payload.color must be a #rrggbb colour';
  if (typeof payload.content !== 'string' || payload.content === '' || payload.content.length > 200) return 'payload.content must be a content id';
  if (payload.contentType !== 'templates') return "payload.contentType must be 'templates'";
  return null;
}

import { assign, setup } from 'xstate';
import {
  ONBOARDING_TIMEOUT_MS,
  orderTemplates,
  readBrowseDashboard,
  readRecordedWebinars,
  type NewCourseKind,
  type TemplateCard,
  type Webinar,
} from '../../domain/dashboard.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** §8: what the webinar sidebar says (and reports) when the training home fails; the list stays loading. */
export const WEBINARS_FAILED_MESSAGE = 'Error fetching recent webinars on dashboard.';
/** What the template grid says when browse_dashboard fails (the spec names no text; the grid offers to try again). */
export const TEMPLATES_FAILED_MESSAGE = 'The templates could not be loaded.';

/** Where the dashboard sends the browser once a create or import is answered (§2 outbound navigation). */
export type DashboardDestination = { kind: 'authoring'; courseId: string } | { kind: 'importPage'; courseId: string };

export interface AuthoringDashboardContext {
  courses: TemplateCard[];
  microlearning: TemplateCard[];
  webinars: Webinar[];
  webinarsExpanded: boolean;
  /** The content id of the template being imported (its card shows loading), or null. */
  importingContentId: string | null;
  /** The kind of course being created, or null. */
  creatingKind: NewCourseKind | null;
  destination: DashboardDestination | null;
  /** The create or import failure's words, or null. */
  createError: string | null;
}

export type AuthoringDashboardEvent =
  /** The dashboard page is shown: loads what is not loaded yet, and checks onboarding once per sign-in. */
  | { type: 'authoringDashboard.open' }
  | { type: 'authoringDashboard.retryTemplates' }
  | { type: 'authoringDashboard.showAllWebinars' }
  | { type: 'authoringDashboard.createCourse'; kind: NewCourseKind }
  /** A template card's click (or the embedded browser's import): further clicks are ignored until it is answered. */
  | { type: 'authoringDashboard.importTemplate'; contentId: string }
  | { type: 'authoringDashboard.dismissError' }
  /** Sign-out (the session): nothing of this person stays. */
  | { type: 'authoringDashboard.reset' };

const EMPTY: AuthoringDashboardContext = {
  courses: [],
  microlearning: [],
  webinars: [],
  webinarsExpanded: false,
  importingContentId: null,
  creatingKind: null,
  destination: null,
  createError: null,
};

const statusOf = (error: unknown): unknown => (error as { status?: unknown } | null)?.status;
const messageOf = (error: unknown): string => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : 'Something went wrong. Please try again.';
};
const courseIdOf = (output: unknown): string | null => {
  const id = (output as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
};

/**
 * The authoring dashboard at / (review-and-content §2 dashboard, §3, §7, §8, §9; systemId `authoringDashboard`), one
 * region each:
 * - `templates`: browse_dashboard (curated templates first, in the fixed order); failed offers to try again.
 * - `webinars`: the training home's recorded webinars (first 3, then all on `showAllWebinars`); a failure is reported
 *   as 'Error fetching recent webinars on dashboard.' and the list stays loading (`failed` is shown as loading).
 * - `onboarding`: the growth product's eligibility, given up after 5 s; eligible → `redirecting` (the page sends the
 *   browser to the growth product's /questions); a failure is reported and the person stays. Once per sign-in.
 * - `create`: NEW_COURSE (a course, or the AI outline) or IMPORT_BUSINESS_CONTENT_COURSE; while one runs, further
 *   clicks are ignored; done → `redirecting` with the destination (/authoring/{id}, /import-course/{id}); a 401 (no
 *   or expired access token) ends the session with the access-token error; anything else is said in words.
 */
export const authoringDashboardMachine = setup({
  types: {
    context: {} as AuthoringDashboardContext,
    events: {} as AuthoringDashboardEvent,
  },
  actors: {
    loadTemplates: promiseSlot<unknown>('loadTemplates'),
    loadWebinars: promiseSlot<unknown>('loadWebinars'),
    checkOnboarding: promiseSlot<unknown>('checkOnboarding'),
    createCourse: promiseSlot<unknown, { kind: NewCourseKind }>('createCourse'),
    importTemplate: promiseSlot<unknown, { contentId: string }>('importTemplate'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
  },
  guards: {
    browseRead: (_, params: { output: unknown }) => readBrowseDashboard(params.output) !== null,
    webinarsRead: (_, params: { output: unknown }) => readRecordedWebinars(params.output) !== null,
    eligible: (_, params: { output: unknown }) => (params.output as { eligible?: unknown } | null)?.eligible === true,
    hasCourseId: (_, params: { output: unknown }) => courseIdOf(params.output) !== null,
    isAccessTokenError: (_, params: { error: unknown }) => statusOf(params.error) === 401,
  },
  delays: { onboardingTimeout: ONBOARDING_TIMEOUT_MS },
}).createMachine({
  id: 'authoringDashboard',
  type: 'parallel',
  context: EMPTY,
  on: {
    'authoringDashboard.reset': {
      target: ['.templates.idle', '.webinars.idle', '.onboarding.idle', '.create.idle'],
      actions: assign(() => EMPTY),
    },
  },
  states: {
    templates: {
      initial: 'idle',
      states: {
        idle: { on: { 'authoringDashboard.open': { target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadTemplates',
            src: 'loadTemplates',
            onDone: [
              {
                guard: { type: 'browseRead', params: ({ event }) => ({ output: event.output }) },
                target: 'loaded',
                actions: assign(({ event }) => {
                  const browse = readBrowseDashboard(event.output);
                  return { courses: orderTemplates(browse?.courses ?? []), microlearning: browse?.microlearning ?? [] };
                }),
              },
              { target: 'failed', actions: { type: 'reportError', params: { message: 'Dashboard: unreadable browse_dashboard answer' } } },
            ],
            onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ message: `Dashboard: browse_dashboard failed: ${messageOf(event.error)}` }) } },
          },
        },
        loaded: {},
        failed: { on: { 'authoringDashboard.retryTemplates': { target: 'loading' }, 'authoringDashboard.open': { target: 'loading' } } },
      },
    },
    webinars: {
      initial: 'idle',
      states: {
        idle: { on: { 'authoringDashboard.open': { target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadWebinars',
            src: 'loadWebinars',
            onDone: [
              {
                guard: { type: 'webinarsRead', params: ({ event }) => ({ output: event.output }) },
                target: 'loaded',
                actions: assign({ webinars: ({ event }) => readRecordedWebinars(event.output) ?? [] }),
              },
              { target: 'failed', actions: { type: 'reportError', params: { message: WEBINARS_FAILED_MESSAGE } } },
            ],
            onError: { target: 'failed', actions: { type: 'reportError', params: { message: WEBINARS_FAILED_MESSAGE } } },
          },
        },
        loaded: { on: { 'authoringDashboard.showAllWebinars': { actions: assign({ webinarsExpanded: true }) } } },
        // §8: reported, and the list stays loading (the next visit of the dashboard tries again).
        failed: { on: { 'authoringDashboard.open': { target: 'loading' } } },
      },
    },
    onboarding: {
      initial: 'idle',
      states: {
        idle: { on: { 'authoringDashboard.open': { target: 'checking' } } },
        checking: {
          invoke: {
            id: 'checkOnboarding',
            src: 'checkOnboarding',
            onDone: [{ guard: { type: 'eligible', params: ({ event }) => ({ output: event.output }) }, target: 'redirecting' }, { target: 'done' }],
            onError: { target: 'done', actions: { type: 'reportError', params: ({ event }) => ({ message: `Onboarding eligibility failed: ${messageOf(event.error)}` }) } },
          },
          after: { onboardingTimeout: { target: 'done', actions: { type: 'reportError', params: { message: 'Onboarding eligibility timed out after 5 s' } } } },
        },
        /** The page sends the browser to the growth product's /questions. */
        redirecting: {},
        done: {},
      },
    },
    create: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'authoringDashboard.createCourse': { target: 'creating', actions: assign({ creatingKind: ({ event }) => event.kind, createError: null }) },
            'authoringDashboard.importTemplate': { target: 'importing', actions: assign({ importingContentId: ({ event }) => event.contentId, createError: null }) },
            'authoringDashboard.dismissError': { actions: assign({ createError: null }) },
          },
        },
        creating: {
          invoke: {
            id: 'createCourse',
            src: 'createCourse',
            input: ({ context }) => ({ kind: context.creatingKind ?? 'course' }),
            onDone: [
              {
                guard: { type: 'hasCourseId', params: ({ event }) => ({ output: event.output }) },
                target: 'redirecting',
                actions: assign({ destination: ({ event }) => ({ kind: 'authoring' as const, courseId: courseIdOf(event.output) ?? '' }), creatingKind: null }),
              },
              { target: 'idle', actions: assign({ creatingKind: null, createError: 'The course could not be created. Please try again.' }) },
            ],
            onError: [
              {
                guard: { type: 'isAccessTokenError', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [assign({ creatingKind: null }), sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' }))],
              },
              { target: 'idle', actions: assign({ creatingKind: null, createError: ({ event }) => messageOf(event.error) }) },
            ],
          },
        },
        importing: {
          invoke: {
            id: 'importTemplate',
            src: 'importTemplate',
            input: ({ context }) => ({ contentId: context.importingContentId ?? '' }),
            onDone: [
              {
                guard: { type: 'hasCourseId', params: ({ event }) => ({ output: event.output }) },
                target: 'redirecting',
                actions: assign({ destination: ({ event }) => ({ kind: 'importPage' as const, courseId: courseIdOf(event.output) ?? '' }) }),
              },
              { target: 'idle', actions: assign({ importingContentId: null, createError: 'The template could not be imported. Please try again.' }) },
            ],
            onError: [
              {
                guard: { type: 'isAccessTokenError', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [assign({ importingContentId: null }), sendToSystem('auth', () => ({ type: 'auth.sessionEnded', reason: 'accessTokenError' }))],
              },
              { target: 'idle', actions: assign({ importingContentId: null, createError: ({ event }) => messageOf(event.error) }) },
            ],
          },
        },
        /** The page navigates to the destination; showing the dashboard again starts afresh. */
        redirecting: {
          on: { 'authoringDashboard.open': { target: 'idle', actions: assign({ destination: null, importingContentId: null }) } },
        },
      },
    },
  },
});

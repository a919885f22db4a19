import { fromCallback, fromPromise } from 'xstate';
import { openConveyor, type ConveyorReport } from '../../../adapters/conveyor.ts';
import { createHttpClient, type TokenSource } from '../../../adapters/http.ts';
import {
  DUCK_GET_COURSE,
  DUCK_IMPORT_BUSINESS_CONTENT_COURSE,
  DUCK_NEW_COURSE,
  importTemplatePayload,
  newCoursePayload,
  ONBOARDING_TIMEOUT_MS,
  type DuckType,
} from '../../../domain/dashboard.ts';
import { authoringDashboardMachine } from '../../../machines/dashboard/authoringDashboardMachine.ts';
import { courseImportMachine } from '../../../machines/dashboard/courseImportMachine.ts';
import { contentPageMachine } from '../../../machines/dashboard/contentPageMachine.ts';
import { reportError, type BaseAdapters } from './common.ts';

/** An error like the HTTP client's, for a call made without an access token (the dashboard signs out on it). */
const noAccessToken = () => Object.assign(new Error('No access token: sign in again.'), { name: 'HttpError', status: 401 });

/**
 * The authoring dashboard (review-and-content §7): browse_dashboard on the business-content service, the training
 * home, the growth product's eligibility (5 s time-out), the rise-runtime ducks (NEW_COURSE,
 * IMPORT_BUSINESS_CONTENT_COURSE, GET_COURSE), and the conveyor's room for the course import page. Course creation
 * and import need an access token: without one they fail as a 401 (the machine signs out with the access-token error).
 */
export function authoringActors(a: BaseAdapters, tokens: TokenSource) {
  const client = (baseURL: string) => createHttpClient({ baseURL, tokens });
  const contentBrowse = client(a.config.services.contentBrowse);
  const training = client(a.config.services.training);
  const growth = client(a.config.services.growth);
  const runtime = client(a.config.services.authoringRuntime);
  const duck = async (type: DuckType, payload: Record<string, unknown>): Promise<unknown> => {
    if (!(await tokens.accessToken())) throw noAccessToken();
    return runtime.request(`/api/rise-runtime/ducks/${type}`, { method: 'POST', body: { type, payload }, headers: { Accept: 'application/json' } });
  };

  const authoringDashboard = authoringDashboardMachine.provide({
    actors: {
      loadTemplates: fromPromise(() => contentBrowse.request<unknown>('/api/content/browse_dashboard', { headers: { Accept: 'application/json' } })),
      loadWebinars: fromPromise(() => training.request<unknown>('/home')),
      checkOnboarding: fromPromise(() => growth.request<unknown>('/onboarding/eligibility', { timeout: ONBOARDING_TIMEOUT_MS })),
      createCourse: fromPromise(({ input }) => duck(DUCK_NEW_COURSE, newCoursePayload(input.kind))),
      importTemplate: fromPromise(({ input }) => duck(DUCK_IMPORT_BUSINESS_CONTENT_COURSE, importTemplatePayload(input.contentId))),
    },
    actions: { reportError },
  });

  const courseImport = courseImportMachine.provide({
    actors: {
      conveyor: fromCallback<ConveyorReport, { userId: string }>(({ input, sendBack }) =>
        openConveyor({ url: a.config.services.courseImportRoom, userId: input.userId, accessToken: () => tokens.accessToken(), report: sendBack }),
      ),
      getCourse: fromPromise(({ input }) => duck(DUCK_GET_COURSE, { courseId: input.courseId })),
    },
    actions: { reportError },
  });

  // Content pages are public: the business-content service answers them without a token.
  const contentPage = contentPageMachine.provide({
    actors: {
      loadContent: fromPromise(({ input }) =>
        contentBrowse.request<unknown>(`/api/content/${input.kind === 'template' ? 'templates' : 'characters'}/${encodeURIComponent(input.id)}`, { headers: { Accept: 'application/json' } }),
      ),
    },
  });

  return { authoringDashboard, courseImport, contentPage };
}

import { fromPromise } from 'xstate';
import type { HttpClient } from '../../../adapters/http.ts';
import { ACTIVATION_REQUEST_COURSE_TITLE, parseReachState, REACH_ACTIVATED_HASH, TRIAL_PATHS, type AdminResult } from '../../../domain/activation.ts';
import { BROWSER_BANNER_DISMISSED_KEY } from '../../../domain/browserSupport.ts';
import { DOWNLOADS_ACCEPT, DOWNLOADS_PATHS, parseBuildList, parseMinimumVersion } from '../../../domain/downloads.ts';
import type { SessionAccount, SubscriptionSummary } from '../../../domain/account.ts';
import { oneMonthAhead, surveyHiddenState } from '../../../domain/surveyDates.ts';
import { bridgeRedirectUrl } from '../../../domain/links.ts';
import type { LinkName } from '../../../domain/config.ts';
import type { ToastId } from '../../../domain/toasts.ts';
import { TOASTS } from '../../../domain/toasts.ts';
import { accessModalMachine } from '../../../machines/activation/accessModalMachine.ts';
import { activationMachine } from '../../../machines/activation/activationMachine.ts';
import { downloadsMachine } from '../../../machines/activation/downloadsMachine.ts';
import { surveyBannerMachine } from '../../../machines/activation/surveyBannerMachine.ts';
import { trialMachine } from '../../../machines/activation/trialMachine.ts';
import type { ToastInput } from '../../../machines/session/toastsMachine.ts';
import type { Adapters } from './common.ts';
import type { ActivationServices } from '../../system.tsx';

/** Where the dashboard survey banner's hide date is kept (ISO 8601). */
export const SURVEY_BANNER_STORAGE_KEY = 'review.dashboardSurvey.hiddenUntil';
/** The dashboard survey's id (foundation §3 Survey surveyId / slug). */
export const DASHBOARD_SURVEY_ID = 'dashboard-survey';

export interface ActivationDeps {
  /** The product API (bearer). */
  productApi: HttpClient;
  /** The subscription service (bearer); the admin search lives under /orca. */
  subscriptions: HttpClient;
  /** The review API without a token (the downloads page is public). */
  publicApi: HttpClient;
  showToast: (toast: ToastInput) => void;
  session: () => { account: SessionAccount | null; summary: SubscriptionSummary | null };
  links: Record<LinkName, string>;
  /** Leaves the app for an address (the bridge, /rise). */
  navigate: (url: string) => void;
  /** Reloads the page at `hash` on the dashboard (activation success). */
  reloadAt: (hash: string) => void;
  userAgent: string;
  /** The review API's address: the trial page's overview video and captions are under it. */
  reviewApi: string;
}

const toastOf = (id: ToastId, message: string | null = null): ToastInput => ({ id, severity: TOASTS[id].severity, kind: TOASTS[id].kind, text: TOASTS[id].text, message });

/**
 * The activation feature's effects (foundation §4, §7, §8; review-and-content §2, §7): the product API's reach state
 * and activation, the admin search, the role update (GraphQL updateUser), the trial requests, the downloads calls
 * (API version 2; a 404 minimum-version notice is none), the survey (POST /analytics), toasts and navigation: the
 * provided machines the app system invokes, and the small reads the views make (stored dates, the user agent).
 */
export function activationWiring(a: Pick<Adapters, 'http' | 'storage' | 'clock' | 'analytics'>, deps: ActivationDeps): { actors: ActivationActors; services: ActivationServices } {
  const toast = (_: unknown, params: { id: ToastId; message?: string }) => deps.showToast(toastOf(params.id, params.message ?? null));
  const reachPath = (subscriptionId: string) => `/subscriptions/${encodeURIComponent(subscriptionId)}/products/reach`;
  const me = () => {
    const { account, summary } = deps.session();
    if (!account || !summary) throw new Error('No subscription to act on.');
    return { user: account.currentUser, summary };
  };

  const activation = activationMachine.provide({
    actors: {
      activate: fromPromise(({ input }) => deps.productApi.request<unknown>(reachPath(input.subscriptionId), { method: 'POST', body: {} })),
      readState: fromPromise(async ({ input }) => parseReachState(await deps.productApi.request<unknown>(reachPath(input.subscriptionId)))),
      searchAdmins: fromPromise(async ({ input }) => {
        const answer = await deps.subscriptions.request<{ data?: { results?: AdminResult[] } }>(`/orca/subscriptions/${encodeURIComponent(input.subscriptionId)}/users`, { query: { q: input.query, roles: 'admin' } });
        return Array.isArray(answer?.data?.results) ? answer.data.results : [];
      }),
      requestActivation: fromPromise(({ input }) =>
        deps.productApi.request<unknown>(reachPath(input.subscriptionId), { method: 'POST', body: { course_title: ACTIVATION_REQUEST_COURSE_TITLE, admin_id: input.adminId } }),
      ),
    },
    actions: { toast, reloadActivated: () => deps.reloadAt(REACH_ACTIVATED_HASH) },
  });

  const accessModal = accessModalMachine.provide({
    actors: {
      addLearningAdmin: fromPromise<unknown, void>(async () => {
        const { user, summary } = me();
        const answer = await deps.productApi.request<{ data?: { updateUser?: { isSuccess: boolean; errors: { message: string }[] } } }>('/graphql', {
          method: 'POST',
          body: {
            query: 'mutation($input: UpdateUserInput!) { updateUser(input: $input) { isSuccess errors { code message } } }',
            variables: { input: { subscription_id: summary.subscriptionId, email: user.email, roles: [{ name: 'admin', application: 'reach' }] } },
          },
        });
        const result = answer?.data?.updateUser;
        if (!result?.isSuccess) throw new Error(result?.errors[0]?.message ?? 'The role was not added.');
        return result;
      }),
    },
    actions: {
      toast,
      goToRise: () => deps.navigate('/rise'),
      goToBridge: () => {
        const tenant = deps.session().account?.currentUser.subs.find((s) => s.id === deps.session().summary?.subscriptionId)?.reach_tenant_id ?? null;
        deps.navigate(bridgeRedirectUrl(deps.links, tenant));
      },
    },
  });

  const trial = trialMachine.provide({
    actors: {
      requestTrial: fromPromise(async ({ input }) => {
        const { user, summary } = me();
        const person = { subscriptionId: summary.subscriptionId, firstName: user.first_name, lastName: user.last_name, email: user.email };
        const body = input.kind === 'salesDemo' ? { role: summary.isTeamAdmin ? 'admin' : 'creator', ...person } : { ...person, isInCampaign: false };
        await a.http.request<unknown>(TRIAL_PATHS[input.kind], { method: 'POST', body });
      }),
    },
    actions: {
      trackViewed: () => {
        const user = deps.session().account?.currentUser;
        if (!user) return;
        a.analytics.track({ userId: user.aid, event: 'Localization Trial Page Viewed', properties: {} }).catch((error: unknown) => console.error('Could not send an analytics event', error));
      },
      // Foundation §7: trial request failures are logged only.
      logFailure: (_, params) => console.error('The trial request failed', params.error),
    },
  });

  const surveyBanner = surveyBannerMachine.provide({
    actors: {
      submitSurvey: fromPromise(async ({ input }) => {
        const user = deps.session().account?.currentUser;
        if (!user) throw new Error('Sign in to send feedback.');
        await a.analytics.track({
          userId: user.aid,
          event: 'Survey Submitted',
          properties: { surveyId: DASHBOARD_SURVEY_ID, slug: DASHBOARD_SURVEY_ID, product: 'review', isPositive: String(input.isPositive), feedback: input.feedback, status: 'submitted' },
        });
      }),
    },
    actions: {
      rememberHidden: () => a.storage.set(SURVEY_BANNER_STORAGE_KEY, oneMonthAhead(a.clock.now())),
      toastFailure: () => deps.showToast({ id: 'surveySubmitError', severity: 'error', kind: 'default', text: null, message: null }),
    },
  });

  const downloads = downloadsMachine.provide({
    actors: {
      loadDownloads: fromPromise(async () => {
        const headers = { Accept: DOWNLOADS_ACCEPT };
        const [list, minimumVersion] = await Promise.all([
          deps.publicApi.request<unknown>(DOWNLOADS_PATHS.builds, { headers }).then(parseBuildList),
          deps.publicApi.request<unknown>(DOWNLOADS_PATHS.minimumVersion, { headers }).then(
            parseMinimumVersion,
            (error: unknown) => {
              // A 404 is no notice (foundation §7); anything else is logged and the page still shows the builds.
              if ((error as { status?: number }).status !== 404) console.error('The minimum-version notice could not be read', error);
              return null;
            },
          ),
        ]);
        return { list, minimumVersion };
      }),
    },
    actions: { reportError: (_, params) => console.error('Error fetching downloads', params.error) },
  });

  return {
    // The app system invokes these (machines/session/appMachine.ts); the views send events to them and read them.
    actors: { reachActivation: activation, accessModal, trial, surveyBanner, downloads },
    services: {
    isSurveyHidden: () => {
      // An invalid stored date resets to one month ahead (foundation §4).
      const state = surveyHiddenState(a.storage.get(SURVEY_BANNER_STORAGE_KEY), a.clock.now());
      if (state.rewrite !== null) a.storage.set(SURVEY_BANNER_STORAGE_KEY, state.rewrite);
      return state.hidden;
    },
    isBrowserBannerDismissed: () => a.storage.get(BROWSER_BANNER_DISMISSED_KEY) === 'true',
    dismissBrowserBanner: () => a.storage.set(BROWSER_BANNER_DISMISSED_KEY, 'true'),
    userAgent: deps.userAgent,
    trialOverview: { video: `${deps.reviewApi}/translations/trialexp/overview.webm`, captions: `${deps.reviewApi}/translations/trialexp/overview.vtt` },
    },
  };
}

/** The provided machines the app system invokes under these names (and systemIds). */
export interface ActivationActors {
  reachActivation: typeof activationMachine;
  accessModal: typeof accessModalMachine;
  trial: typeof trialMachine;
  surveyBanner: typeof surveyBannerMachine;
  downloads: typeof downloadsMachine;
}

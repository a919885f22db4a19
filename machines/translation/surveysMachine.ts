import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_SURVEY_INTEGRATION,
  FEATURE_INTEREST_EVENTS,
  TRANSLATION_PRODUCT_NAME,
  type AnalyticsEventBody,
  type FeatureInterest,
  type ExperienceBody,
  type ExperienceStatusResponse,
  type SmartReviewSurveyResponse,
  type SurveyId,
} from '../../domain/translation.ts';
import { isSurveyShown, smartReviewSurveyProblem, surveyFeedback, type SurveyStatus } from '../../domain/translationAssist.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** The feature the translation surveys ask about (§7 feature). */
export const SURVEY_FEATURE = 'translations';

/** Toast ids of this actor whose words live in the views' catalogue (ui/strings/translationAssistMachine.ts; the toasts view reads every `translationToast.*` id there). */
export const SURVEY_TOAST_KEYS = {
  /** §4 a survey failure: kind 'default' (SURVEY_FAILURE_TOAST_MS, 5,000 ms). */
  failed: 'translationToast.surveyFailed',
} as const;

export interface SurveysContext {
  /** The signed-in user's e-mail (the survey's `user`); null while signed out. */
  email: string | null;
  /** The signed-in user's id (analytics `userId`); null while signed out. */
  userId: string | null;
  /** Feature-interest analytics events not sent yet, oldest first (one on the wire at a time). */
  interest: AnalyticsEventBody[];
  /** Surveys this user has submitted (read at sign-in, and each success). */
  submitted: SurveyId[];
  /** §4 status per survey (absent: idle). */
  statuses: Partial<Record<SurveyId, SurveyStatus>>;
  /** Surveys dismissed for this session. */
  dismissed: SurveyId[];
  /** The answer on the wire. */
  sending: ExperienceBody | null;
}

export type SurveysEvent =
  /** Signed in: read which surveys the user submitted. */
  | { type: 'surveys.load'; email: string; userId: string }
  /** Signed out: everything forgotten. */
  | { type: 'surveys.reset' }
  | { type: 'surveys.start'; slug: SurveyId }
  /**
   * Submit an answer: `positive` thumbs up / down (null: not asked), `feedback` the free text (trimmed; "No feedback
   * provided" when empty), `response` the smart-review survey's options (that survey only; it must have no problem).
   */
  | { type: 'surveys.submit'; slug: SurveyId; positive: boolean | null; feedback: string; response?: SmartReviewSurveyResponse }
  | { type: 'surveys.dismiss'; slug: SurveyId }
  /** Interest in a feature not built yet (§2 segment review false door): sent as an analytics event when signed in. */
  | { type: 'surveys.interest'; interest: FeatureInterest };

const INITIAL: SurveysContext = { email: null, userId: null, interest: [], submitted: [], statuses: {}, dismissed: [], sending: null };

/** The §7 analytics body of a feature interest. */
export function interestEventOf(userId: string, interest: FeatureInterest): AnalyticsEventBody {
  return { userId, event: FEATURE_INTEREST_EVENTS[interest], properties: { feature: SURVEY_FEATURE, product: TRANSLATION_PRODUCT_NAME } };
}

// ---------------------------------------------------------------------------------------------------------
// Selectors

type Snapshot = Pick<SnapshotFrom<typeof surveysMachine>, 'context'>;

/** §4 a survey's status. */
export function surveyStatusOf(snapshot: Snapshot, slug: SurveyId): SurveyStatus {
  return snapshot.context.statuses[slug] ?? (snapshot.context.submitted.includes(slug) ? 'submitted' : 'idle');
}

/**
 * Whether a survey shows: not dismissed this session, not submitted (hidden on success), and its rule (isSurveyShown:
 * the feedback survey once the user has edited; the smart-review survey with its flag). `flagOn`: the survey's flag
 * (smartReviewSurvey for the smart-review one); `hasEdited`: the translation actor's.
 */
export function isSurveyVisible(snapshot: Snapshot, slug: SurveyId, input: { hasEdited: boolean; flagOn: boolean }): boolean {
  const { context } = snapshot;
  if (context.email === null || context.dismissed.includes(slug) || surveyStatusOf(snapshot, slug) === 'submitted') return false;
  return isSurveyShown(slug, { submitted: context.submitted, hasEdited: input.hasEdited, flagOn: input.flagOn });
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStatusAnswer = (value: unknown): value is ExperienceStatusResponse => isRecord(value) && Array.isArray(value.submitted) && value.submitted.every((slug) => typeof slug === 'string');

/** The §7 body of an answer. */
export function experienceBodyOf(email: string, event: Extract<SurveysEvent, { type: 'surveys.submit' }>): ExperienceBody {
  return {
    user: email,
    slug: event.slug,
    feature: SURVEY_FEATURE,
    feedback: surveyFeedback(event.feedback),
    wasPositiveExperience: event.positive,
    integrations: [DEFAULT_SURVEY_INTEGRATION],
    product: TRANSLATION_PRODUCT_NAME,
    ...(event.slug === 'smart-review-survey' && event.response ? { surveyResponse: { ...event.response, otherText: event.response.otherText.trim() } } : {}),
  };
}

const withStatus = (context: SurveysContext, slug: SurveyId, status: SurveyStatus) => ({ statuses: { ...context.statuses, [slug]: status } });

/**
 * The translation surveys (translation-editor §3 Survey and Smart-review survey response, §4 survey status, §5 survey
 * rules, §6 "the feedback survey shows once a user has edited", §7 POST / GET experience; systemId `surveys`).
 *
 * Two regions: `account` (`signedOut` → `loading` the submitted surveys at `surveys.load` → `ready`; a failed read
 * leaves none submitted) and `submission` (`idle` → `submitting` one answer → idle). Per survey: idle → in-progress
 * (`surveys.start`) → submitting → submitted (hidden) or failed (with the error toast, 5,000 ms). The smart-review
 * survey submits only without a problem (smartReviewSurveyProblem: at most 3 options, other needs text, something
 * chosen or early access). A third region, `interest`, sends feature-interest analytics events (§7 POST /analytics)
 * one after another; a failure is reported and dropped: the user is never told about analytics.
 */
export const surveysMachine = setup({
  types: {
    context: {} as SurveysContext,
    events: {} as SurveysEvent,
  },
  actors: {
    fetchSurveyStatus: promiseSlot<ExperienceStatusResponse, void>('fetchSurveyStatus'),
    submitSurvey: promiseSlot<void, { body: ExperienceBody }>('submitSurvey'),
    trackEvent: promiseSlot<void, { body: AnalyticsEventBody }>('trackEvent'),
  },
  actions: {
    reportError: (_: unknown, _params: { message: string }) => {},
    /** The analytics event on the wire is done with (sent, or dropped on a failure). */
    dropSentInterest: assign({ interest: ({ context }: { context: SurveysContext }) => context.interest.slice(1) }),
    showFailedToast: sendToSystem('toasts', ({ event }: { event: { error?: unknown } }) => {
      const message = isRecord(event.error) && typeof event.error.message === 'string' ? event.error.message : null;
      return { type: 'toast.show', toast: { id: SURVEY_TOAST_KEYS.failed, severity: 'error', kind: 'default', text: null, message, data: null } };
    }),
  },
  guards: {
    isSignedIn: ({ context }) => context.email !== null,
    hasInterest: ({ context }) => context.interest.length > 0,
    canStart: ({ context, event }) => {
      if (event.type !== 'surveys.start') return false;
      const status = surveyStatusOf({ context }, event.slug);
      return status === 'idle' || status === 'failed';
    },
    /** §5 a survey not submitted or on the wire; the smart-review one with a valid response. */
    canSubmit: ({ context, event }) => {
      if (event.type !== 'surveys.submit' || context.email === null) return false;
      const status = surveyStatusOf({ context }, event.slug);
      if (status === 'submitted' || status === 'submitting') return false;
      if (event.slug === 'smart-review-survey') return event.response !== undefined && smartReviewSurveyProblem(event.response) === null;
      return true;
    },
  },
}).createMachine({
  id: 'surveys',
  context: INITIAL,
  type: 'parallel',
  on: {
    'surveys.dismiss': { actions: assign({ dismissed: ({ context, event }) => (context.dismissed.includes(event.slug) ? context.dismissed : [...context.dismissed, event.slug]) }) },
    'surveys.start': { guard: 'canStart', actions: assign(({ context, event }) => withStatus(context, event.slug, 'in-progress')) },
    // Another account (or none): what was on the wire is forgotten with the rest.
    'surveys.load': { target: ['.account.loading', '.submission.idle', '.interest.idle'], actions: assign(({ event }) => ({ ...INITIAL, email: event.email, userId: event.userId })) },
    'surveys.reset': { target: ['.account.signedOut', '.submission.idle', '.interest.idle'], actions: assign(() => INITIAL) },
    'surveys.interest': {
      guard: 'isSignedIn',
      actions: assign({ interest: ({ context, event }) => [...context.interest, interestEventOf(context.userId ?? '', event.interest)] }),
    },
  },
  states: {
    account: {
      initial: 'signedOut',
      states: {
        signedOut: {},
        loading: {
          invoke: {
            id: 'fetchSurveyStatus',
            src: 'fetchSurveyStatus',
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => (isStatusAnswer(event.output) ? { submitted: [...new Set([...context.submitted, ...event.output.submitted])] } : {})),
            },
            // Not fatal: the surveys show as not submitted (the service refuses a second answer anyway).
            onError: { target: 'ready', actions: { type: 'reportError', params: { message: 'Could not read the submitted surveys' } } },
          },
        },
        ready: {},
      },
    },
    submission: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'surveys.submit': {
              guard: 'canSubmit',
              target: 'submitting',
              actions: assign(({ context, event }) => ({ ...withStatus(context, event.slug, 'submitting'), sending: experienceBodyOf(context.email ?? '', event) })),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submitSurvey',
            src: 'submitSurvey',
            input: ({ context }) => ({ body: context.sending ?? experienceBodyOf('', { type: 'surveys.submit', slug: 'translation-progress', positive: null, feedback: '' }) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => {
                const slug = context.sending?.slug;
                if (!slug) return {};
                return { ...withStatus(context, slug, 'submitted'), submitted: context.submitted.includes(slug) ? context.submitted : [...context.submitted, slug], sending: null };
              }),
            },
            onError: {
              target: 'idle',
              actions: [assign(({ context }) => (context.sending ? { ...withStatus(context, context.sending.slug, 'failed'), sending: null } : {})), 'showFailedToast'],
            },
          },
        },
      },
    },
    interest: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasInterest', target: 'sending' } },
        sending: {
          invoke: {
            id: 'trackEvent',
            src: 'trackEvent',
            input: ({ context }) => ({ body: context.interest[0] ?? interestEventOf('', 'segmentReviewOpened') }),
            onDone: { target: 'idle', actions: 'dropSentInterest' },
            onError: { target: 'idle', actions: ['dropSentInterest', { type: 'reportError', params: { message: 'Could not send an analytics event' } }] },
          },
        },
      },
    },
  },
});

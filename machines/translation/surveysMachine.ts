import { assign, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_SURVEY_INTEGRATION,
  FEATURE_INTEREST_EVENTS,
  TRANSLATION_PRODUCT_NAME,
  type AnalyticsEventBody,
  type FeatureInterest,
  type ExperienceBody,
  type ExperienceStatusResponse,
  type SmartReviewOption,
  type SmartReviewSurveyResponse,
  type SurveyId,
} from '../../domain/translation.ts';
import {
  EMPTY_SMART_REVIEW_RESPONSE,
  canSelectMoreOptions,
  isSurveyShown,
  smartReviewSurveyProblem,
  surveyFeedback,
  type SurveyStatus,
} from '../../domain/translationAssist.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';

/** The feature the translation surveys ask about (§7 feature). */
export const SURVEY_FEATURE = 'translations';
/** The feature the `screenshot-annotation` survey asks about: the annotation tool (foundation §6 flag `annotationTool`). */
export const ANNOTATION_SURVEY_FEATURE = 'annotationTool';

/** A survey's §7 feature: the annotation tool for `screenshot-annotation`, the translations for the others. */
export const surveyFeatureOf = (slug: SurveyId): string => (slug === 'screenshot-annotation' ? ANNOTATION_SURVEY_FEATURE : SURVEY_FEATURE);

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
  /** The answers given so far, per survey (sent by `surveys.submit`; kept after a failure for the retry). */
  answers: SurveyAnswers;
  /** Surveys the user asked for (the help menu's "Give feedback"): shown whatever their rule says, until dismissed. */
  asked: SurveyId[];
  /** The user asked to be told when segment review comes (the false door then thanks instead of asking again). */
  segmentReviewNotified: boolean;
}

/** The answers of the two surveys: the smart-review survey's options and text, the feedback survey's thumbs and comment. */
export interface SurveyAnswers {
  smartReview: SmartReviewSurveyResponse;
  feedback: { positive: boolean | null; text: string };
}

/** A smart-review survey box: one of the 8 options, or the early-access box (which does not count towards the 3). */
export type SmartReviewChoice = SmartReviewOption | 'requestsEarlyAccess';

export type SurveysEvent =
  /** Signed in: read which surveys the user submitted. */
  | { type: 'surveys.load'; email: string; userId: string }
  /** Signed out: everything forgotten. */
  | { type: 'surveys.reset' }
  | { type: 'surveys.start'; slug: SurveyId }
  /** Each answer as it is given (each starts an idle survey): a smart-review box ticked or cleared (§5 at most 3)… */
  | { type: 'surveys.choose'; option: SmartReviewChoice; checked: boolean }
  /** …the feedback survey's thumbs up (true) or down (false)… */
  | { type: 'surveys.rate'; positive: boolean }
  /** …and a survey's text: the smart-review survey's "Other" text, the feedback survey's comment. */
  | { type: 'surveys.write'; slug: SurveyId; text: string }
  /**
   * Send the survey's answers: the feedback survey's thumbs (null: not chosen) and comment (trimmed; "No feedback
   * provided" when empty), the smart-review survey's options (only without a problem) with its "Other" text as feedback.
   */
  | { type: 'surveys.submit'; slug: SurveyId }
  /** The user asks for a survey (the help menu's "Give feedback"): it shows until dismissed. */
  | { type: 'surveys.ask'; slug: SurveyId }
  | { type: 'surveys.dismiss'; slug: SurveyId }
  /** Interest in a feature not built yet (§2 segment review false door): sent as an analytics event when signed in. */
  | { type: 'surveys.interest'; interest: FeatureInterest }
  /** §2 the segment review false door: its dialog opened (recorded as interest), "Notify me" (recorded), closed. */
  | { type: 'surveys.openSegmentReview' }
  | { type: 'surveys.notifySegmentReview' }
  | { type: 'surveys.closeSegmentReview' };

const NO_ANSWERS: SurveyAnswers = { smartReview: EMPTY_SMART_REVIEW_RESPONSE, feedback: { positive: null, text: '' } };

const INITIAL: SurveysContext = {
  email: null,
  userId: null,
  interest: [],
  submitted: [],
  statuses: {},
  dismissed: [],
  sending: null,
  answers: NO_ANSWERS,
  asked: [],
  segmentReviewNotified: false,
};

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

/**
 * Whether a survey's card shows: asked for (help menu), or visible by its rule (isSurveyVisible), or — the smart-review
 * survey — submitted in this session (its thanks stays until dismissed; one submitted earlier stays hidden).
 */
export function isSurveyCardShown(snapshot: Snapshot, slug: SurveyId, input: { hasEdited: boolean; flagOn: boolean }): boolean {
  const { context } = snapshot;
  if (context.asked.includes(slug) || isSurveyVisible(snapshot, slug, input)) return true;
  return slug === 'smart-review-survey' && context.statuses[slug] === 'submitted' && !context.dismissed.includes(slug);
}

/** The smart-review survey's answers so far. */
export function smartReviewAnswersOf(snapshot: Snapshot): SmartReviewSurveyResponse {
  return snapshot.context.answers.smartReview;
}

/** The feedback survey's answers so far. */
export function feedbackAnswersOf(snapshot: Snapshot): SurveyAnswers['feedback'] {
  return snapshot.context.answers.feedback;
}

/** §2 the segment review false door: its dialog (closed, asking, or thanking the user who asked to be notified). */
export function segmentReviewDoorOf(snapshot: Pick<SnapshotFrom<typeof surveysMachine>, 'matches'>): 'closed' | 'asking' | 'thanked' {
  if (snapshot.matches({ segmentReview: { open: 'asking' } })) return 'asking';
  if (snapshot.matches({ segmentReview: { open: 'thanked' } })) return 'thanked';
  return 'closed';
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStatusAnswer = (value: unknown): value is ExperienceStatusResponse => isRecord(value) && Array.isArray(value.submitted) && value.submitted.every((slug) => typeof slug === 'string');

/** The §7 body of a survey's answers. */
export function experienceBodyOf(email: string, slug: SurveyId, answers: SurveyAnswers): ExperienceBody {
  const smart = slug === 'smart-review-survey';
  const response = answers.smartReview;
  return {
    user: email,
    slug,
    feature: surveyFeatureOf(slug),
    feedback: surveyFeedback(smart ? response.otherText : answers.feedback.text),
    wasPositiveExperience: smart ? null : answers.feedback.positive,
    integrations: [DEFAULT_SURVEY_INTEGRATION],
    product: TRANSLATION_PRODUCT_NAME,
    ...(smart ? { surveyResponse: { ...response, otherText: response.otherText.trim() } } : {}),
  };
}


const withStatus = (context: SurveysContext, slug: SurveyId, status: SurveyStatus) => ({ statuses: { ...context.statuses, [slug]: status } });
const isOpenFor = (context: SurveysContext, slug: SurveyId): boolean => {
  const status = surveyStatusOf({ context }, slug);
  return status !== 'submitting' && status !== 'submitted';
};
/** An answer starts an idle survey (§4 idle → in-progress). */
const startedBy = (context: SurveysContext, slug: SurveyId): Pick<SurveysContext, 'statuses'> | Record<string, never> => (surveyStatusOf({ context }, slug) === 'idle' ? withStatus(context, slug, 'in-progress') : {});

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
 *
 * The answers live here, one event per answer (`surveys.choose`, `surveys.rate`, `surveys.write`; a fourth option is
 * refused), and `surveys.submit` sends them. `surveys.ask` shows a survey on request until it is dismissed. A fourth
 * region, `segmentReview`, is the §2 segment review false door: `closed` → `open.asking` (the opening is recorded as
 * interest) → `open.thanked` ("Notify me", recorded; a later opening thanks at once) → `closed`.
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
    /**
     * A survey was answered (its answer stored) or dismissed: the composition root remembers it for the user, so the
     * survey stays hidden for the foundation §9 hide period (domain/surveyDates.ts).
     */
    surveyClosed: (_: unknown, _params: { slug: SurveyId | null; userId: string | null }) => {},
    /** Queues a feature-interest analytics event (signed in only). */
    queueInterest: assign(({ context }: { context: SurveysContext }, params: { interest: FeatureInterest }) =>
      context.email === null ? {} : { interest: [...context.interest, interestEventOf(context.userId ?? '', params.interest)] },
    ),
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
      if (event.type !== 'surveys.submit' || context.email === null || !isOpenFor(context, event.slug)) return false;
      if (event.slug === 'smart-review-survey') return smartReviewSurveyProblem(context.answers.smartReview) === null;
      return true;
    },
    /** §5 at most 3 options ticked (early access does not count); nothing changes while the answers are on the wire. */
    canChoose: ({ context, event }) =>
      event.type === 'surveys.choose' &&
      isOpenFor(context, 'smart-review-survey') &&
      (!event.checked || event.option === 'requestsEarlyAccess' || context.answers.smartReview[event.option] || canSelectMoreOptions(context.answers.smartReview)),
    canRate: ({ context, event }) => event.type === 'surveys.rate' && isOpenFor(context, 'translation-progress'),
    canWrite: ({ context, event }) => event.type === 'surveys.write' && isOpenFor(context, event.slug),
    hasAskedToBeNotified: ({ context }) => context.segmentReviewNotified,
  },
}).createMachine({
  id: 'surveys',
  context: INITIAL,
  type: 'parallel',
  on: {
    'surveys.dismiss': {
      actions: [
        assign(({ context, event }) => ({
          dismissed: context.dismissed.includes(event.slug) ? context.dismissed : [...context.dismissed, event.slug],
          asked: context.asked.filter((slug) => slug !== event.slug),
        })),
        { type: 'surveyClosed', params: ({ context, event }) => ({ slug: event.slug, userId: context.userId }) },
      ],
    },
    'surveys.ask': { guard: ({ context, event }) => !context.asked.includes(event.slug), actions: assign({ asked: ({ context, event }) => [...context.asked, event.slug] }) },
    'surveys.start': { guard: 'canStart', actions: assign(({ context, event }) => withStatus(context, event.slug, 'in-progress')) },
    'surveys.choose': {
      guard: 'canChoose',
      actions: assign(({ context, event }) => ({
        ...startedBy(context, 'smart-review-survey'),
        answers: { ...context.answers, smartReview: { ...context.answers.smartReview, [event.option]: event.checked } },
      })),
    },
    'surveys.rate': {
      guard: 'canRate',
      actions: assign(({ context, event }) => ({ ...startedBy(context, 'translation-progress'), answers: { ...context.answers, feedback: { ...context.answers.feedback, positive: event.positive } } })),
    },
    'surveys.write': {
      guard: 'canWrite',
      actions: assign(({ context, event }) => ({
        ...startedBy(context, event.slug),
        answers:
          event.slug === 'smart-review-survey'
            ? { ...context.answers, smartReview: { ...context.answers.smartReview, otherText: event.text } }
            : { ...context.answers, feedback: { ...context.answers.feedback, text: event.text } },
      })),
    },
    // Another account (or none): what was on the wire is forgotten with the rest.
    'surveys.load': {
      target: ['.account.loading', '.submission.idle', '.interest.idle', '.segmentReview.closed'],
      actions: assign(({ event }) => ({ ...INITIAL, email: event.email, userId: event.userId })),
    },
    'surveys.reset': { target: ['.account.signedOut', '.submission.idle', '.interest.idle', '.segmentReview.closed'], actions: assign(() => INITIAL) },
    'surveys.interest': { actions: { type: 'queueInterest', params: ({ event }) => ({ interest: event.interest }) } },
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
              actions: assign(({ context, event }) => ({ ...withStatus(context, event.slug, 'submitting'), sending: experienceBodyOf(context.email ?? '', event.slug, context.answers) })),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submitSurvey',
            src: 'submitSurvey',
            input: ({ context }) => ({ body: context.sending ?? experienceBodyOf('', 'translation-progress', NO_ANSWERS) }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'surveyClosed', params: ({ context }) => ({ slug: context.sending?.slug ?? null, userId: context.userId }) },
                assign(({ context }) => {
                  const slug = context.sending?.slug;
                  if (!slug) return {};
                  return { ...withStatus(context, slug, 'submitted'), submitted: context.submitted.includes(slug) ? context.submitted : [...context.submitted, slug], sending: null };
                }),
              ],
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
    // §2 the segment review false door: a teaser dialog whose opening and "Notify me" are recorded as interest.
    segmentReview: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'surveys.openSegmentReview': [
              { guard: 'hasAskedToBeNotified', target: 'open.thanked', actions: { type: 'queueInterest', params: { interest: 'segmentReviewOpened' } } },
              { target: 'open.asking', actions: { type: 'queueInterest', params: { interest: 'segmentReviewOpened' } } },
            ],
          },
        },
        open: {
          initial: 'asking',
          on: { 'surveys.closeSegmentReview': { target: 'closed' } },
          states: {
            asking: {
              on: {
                'surveys.notifySegmentReview': {
                  target: 'thanked',
                  actions: [assign({ segmentReviewNotified: true }), { type: 'queueInterest', params: { interest: 'segmentReviewNotifyMe' } }],
                },
              },
            },
            thanked: {},
          },
        },
      },
    },
  },
});

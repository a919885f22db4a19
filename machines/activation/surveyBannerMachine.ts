import { assign, setup } from 'xstate';
import { promiseSlot } from '../slots.ts';

export interface SurveyBannerContext {
  isPositive: boolean | null;
  feedback: string;
}

export type SurveyBannerEvent =
  /** The dashboard opened: hidden says whether the stored hide date is still ahead (domain/surveyDates.ts). */
  | { type: 'survey.start'; hidden: boolean }
  | { type: 'survey.thumb'; isPositive: boolean }
  | { type: 'survey.setFeedback'; text: string }
  | { type: 'survey.send' }
  | { type: 'survey.cancel' }
  | { type: 'survey.dismiss' }
  | { type: 'survey.closeThanks' }
  | { type: 'survey.reset' };

/** Longest comment the banner sends. */
export const SURVEY_FEEDBACK_MAX = 1500;

/**
 * The dashboard's survey banner (foundation §2 feedback survey and thanks popovers, §3 Survey, §4, §9): thumbs pick →
 * comment box → send or cancel (cancel sends the thumb alone). Answering or dismissing hides the banner for a month
 * (`rememberHidden`, the date kept by the composition root). A failed send shows the survey-failure toast and keeps
 * the comment to try again.
 */
export const surveyBannerMachine = setup({
  types: { context: {} as SurveyBannerContext, events: {} as SurveyBannerEvent },
  actors: { submitSurvey: promiseSlot<unknown, { isPositive: boolean; feedback: string }>('submitSurvey') },
  actions: { rememberHidden: () => {}, toastFailure: () => {} },
  guards: { hidden: (_, params: { hidden: boolean }) => params.hidden },
}).createMachine({
  id: 'surveyBanner',
  context: { isPositive: null, feedback: '' },
  initial: 'idle',
  // Sign-out: the next person's banner starts over (their own stored date decides).
  on: { 'survey.reset': { target: '.idle', actions: assign({ isPositive: null, feedback: '' }) } },
  states: {
    idle: {
      on: {
        'survey.start': [{ guard: { type: 'hidden', params: ({ event }) => ({ hidden: event.hidden }) }, target: 'hidden' }, { target: 'asking' }],
      },
    },
    asking: {
      on: {
        'survey.thumb': { target: 'commenting', actions: assign({ isPositive: ({ event }) => event.isPositive }) },
        'survey.dismiss': { target: 'hidden', actions: 'rememberHidden' },
      },
    },
    commenting: {
      on: {
        'survey.setFeedback': { actions: assign({ feedback: ({ event }) => event.text.slice(0, SURVEY_FEEDBACK_MAX) }) },
        'survey.send': { target: 'sending' },
        'survey.cancel': { target: 'sending', actions: assign({ feedback: '' }) },
        'survey.dismiss': { target: 'hidden', actions: 'rememberHidden' },
      },
    },
    sending: {
      invoke: {
        id: 'submitSurvey',
        src: 'submitSurvey',
        input: ({ context }) => ({ isPositive: context.isPositive ?? true, feedback: context.feedback.trim() }),
        onDone: { target: 'thanks', actions: 'rememberHidden' },
        onError: { target: 'commenting', actions: 'toastFailure' },
      },
    },
    thanks: { on: { 'survey.closeThanks': { target: 'hidden' } } },
    hidden: {},
  },
});

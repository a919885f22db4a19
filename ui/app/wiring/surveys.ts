import { fromPromise } from 'xstate';
import { surveysMachine } from '../../../machines/translation/surveysMachine.ts';
import { annotationSurveyHiding } from './annotation.ts';
import { reportError, type Adapters } from './common.ts';

/**
 * The surveys (loaded at sign-in, read by the translate tab and the comments' annotation survey) over the review API,
 * in the first load: the translate tab's own machines load with its chunk (ui/app/wiring/translation.ts).
 */
export function surveysActors(a: Adapters) {
  const { translationClient, analytics } = a;
  const surveys = surveysMachine.provide({
    actors: {
      fetchSurveyStatus: fromPromise(() => translationClient.experienceStatus()),
      submitSurvey: fromPromise(({ input }) => translationClient.experience(input.body)),
      trackEvent: fromPromise(({ input }) => analytics.track(input.body)),
    },
    // The screenshot-annotation survey answered or dismissed: hidden for the hide period (wiring/annotation.ts).
    actions: { reportError, surveyClosed: (_, params) => annotationSurveyHiding(a).closed(params) },
  });
  return { surveys };
}

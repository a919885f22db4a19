/**
 * The `screenshot-annotation` survey (foundation §9 survey ids; review-and-content §4 survey banner): asked after
 * the first committed annotation (the wiring asks the `surveys` actor then), with the feedback survey's form —
 * thumbs, an optional comment, send or dismiss — while the annotation flag is on.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { feedbackAnswersOf, isSurveyCardShown, surveyStatusOf } from '../../../machines/translation/surveysMachine.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useFlag } from '../useAccount.ts';

// Straight from its file (the assist views' index would bring the translate tab's), when the survey is first shown.
const FeedbackSurvey = lazy(() => import('../translation/assist/Surveys.tsx').then((m) => ({ default: m.FeedbackSurvey })));

const SLUG = 'screenshot-annotation';

export function AnnotationSurvey() {
  const { surveys } = useSystem();
  const flag = useFlag('annotationTool');
  // Shown only once asked (hasEdited false: the translate tab's "has edited" rule does not apply here).
  const shown = useSelector(surveys, (s) => s.context.asked.includes(SLUG) && isSurveyCardShown(s, SLUG, { hasEdited: false, flagOn: flag }));
  const status = useSelector(surveys, (s) => surveyStatusOf(s, SLUG));
  const feedback = useSelector(surveys, feedbackAnswersOf);
  if (!shown || !flag) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackSurvey
        id="annotation-survey"
        title={t('comments.annotation.survey')}
        className="annotation-survey"
        positive={feedback.positive}
        text={feedback.text}
        status={status}
        onPositiveChange={(positive) => surveys.send({ type: 'surveys.rate', positive })}
        onTextChange={(text) => surveys.send({ type: 'surveys.write', slug: SLUG, text })}
        onSubmit={() => surveys.send({ type: 'surveys.submit', slug: SLUG })}
        onDismiss={() => surveys.send({ type: 'surveys.dismiss', slug: SLUG })}
      />
    </Suspense>
  );
}

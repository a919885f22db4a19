/**
 * §2 the translate tab's surveys, connected to the `surveys` actor, which keeps their answers (each answer is sent as
 * it is given), whether they show and their status: the smart-review survey (once smart review was tried) and the
 * feedback survey (once the user has edited, or asked for from the help menu).
 */
import { useSelector } from '@xstate/react';
import { feedbackAnswersOf, isSurveyCardShown, smartReviewAnswersOf, surveyStatusOf } from '../../../machines/translation/surveysMachine.ts';
import { hasEditedOf } from '../../../machines/translation/translationMachine.ts';
import { useSystem } from '../../system.tsx';
import { useFlag } from '../useAccount.ts';
import { FeedbackSurvey, SmartReviewSurvey } from '../translation/assist/index.ts';

/** §2 the smart-review survey and the feedback survey. */
export function TranslateSurveys() {
  const { translation, surveys, suggestions } = useSystem();
  // The smart-review survey asks about AI help once the user has tried smart review in this session.
  const triedSmartReview = useSelector(suggestions, (s) => Object.keys(s.context.entries).length > 0);
  const smartFlag = useFlag('smartReviewSurvey') && triedSmartReview;
  const hasEdited = useSelector(translation, (s) => hasEditedOf(s.context));
  const showSmart = useSelector(surveys, (s) => isSurveyCardShown(s, 'smart-review-survey', { hasEdited, flagOn: smartFlag }));
  const smartStatus = useSelector(surveys, (s) => surveyStatusOf(s, 'smart-review-survey'));
  const response = useSelector(surveys, smartReviewAnswersOf);
  const showFeedback = useSelector(surveys, (s) => isSurveyCardShown(s, 'translation-progress', { hasEdited, flagOn: true }));
  const feedbackStatus = useSelector(surveys, (s) => surveyStatusOf(s, 'translation-progress'));
  const feedback = useSelector(surveys, feedbackAnswersOf);
  return (
    <>
      {showSmart && (
        <SmartReviewSurvey
          response={response}
          status={smartStatus}
          onChoose={(option, checked) => surveys.send({ type: 'surveys.choose', option, checked })}
          onOtherTextChange={(text) => surveys.send({ type: 'surveys.write', slug: 'smart-review-survey', text })}
          onSubmit={() => surveys.send({ type: 'surveys.submit', slug: 'smart-review-survey' })}
          onDismiss={() => surveys.send({ type: 'surveys.dismiss', slug: 'smart-review-survey' })}
        />
      )}
      {showFeedback && (
        <FeedbackSurvey
          positive={feedback.positive}
          text={feedback.text}
          status={feedbackStatus}
          onPositiveChange={(positive) => surveys.send({ type: 'surveys.rate', positive })}
          onTextChange={(text) => surveys.send({ type: 'surveys.write', slug: 'translation-progress', text })}
          onSubmit={() => surveys.send({ type: 'surveys.submit', slug: 'translation-progress' })}
          onDismiss={() => surveys.send({ type: 'surveys.dismiss', slug: 'translation-progress' })}
        />
      )}
    </>
  );
}

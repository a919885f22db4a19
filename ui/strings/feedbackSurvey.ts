/**
 * The feedback survey card (a thumb and a comment) and the words every survey card shares: shown on the translate tab
 * and, after an annotated comment, on the review tab, so its words load with the review tab (strings/reviewTab.ts).
 */
export const feedbackSurveyStrings = {
  'translationAssist.feedback.title': 'How is validating translations going?',
  'translationAssist.feedback.positive': 'Going well',
  'translationAssist.feedback.negative': 'Not going well',
  'translationAssist.feedback.comment': 'Anything to add? (optional)',
  'translationAssist.feedback.needsAnswer': 'Pick a thumb or write a comment.',
  'translationAssist.survey.submit': 'Submit',
  'translationAssist.survey.dismiss': 'Dismiss survey',
  'translationAssist.survey.failed': "We couldn't send your answers.",
  'translationAssist.survey.retry': 'Try again',
  'translationAssist.survey.thanks': 'Thanks for your feedback',
  'translationAssist.survey.close': 'Close',
} as const;

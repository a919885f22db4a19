/**
 * The translate tab's assist views (translation-editor §2, §3, §4): smart review (AI suggestions), the smart-review
 * and feedback surveys, the feature walkthrough, the help and feedback menu, the segment review false door and the
 * error dialog. Presentational: props in, callbacks out.
 */
export { HelpMenu, type HelpMenuProps } from './HelpMenu.tsx';
export { SegmentReviewFalseDoorView, type SegmentReviewFalseDoorViewProps } from './SegmentReviewFalseDoor.tsx';
export { SmartReviewButton, SuggestionPanel, type SmartReviewButtonProps, type SuggestionFeedback, type SuggestionPanelProps } from './SmartReview.tsx';
export { FeedbackSurvey, SmartReviewSurvey, smartReviewOptionLabel, type FeedbackSurveyProps, type SmartReviewSurveyChoice, type SmartReviewSurveyProps } from './Surveys.tsx';
export { TranslationErrorDialog, type TranslationErrorDialogProps } from './TranslationErrorDialog.tsx';
export {
  placeWalkthroughCard,
  Walkthrough,
  WalkthroughCard,
  type WalkthroughCardProps,
  type WalkthroughLayout,
  type WalkthroughProps,
  type WalkthroughRect,
  type WalkthroughViewStep,
} from './Walkthrough.tsx';
export { TRANSLATION_WALKTHROUGH, WALKTHROUGH_TARGETS, walkthroughViewSteps, type WalkthroughTarget } from './walkthroughSteps.ts';

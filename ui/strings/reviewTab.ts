/**
 * The item view's review tab: the comments panel and its composer (with the annotation button and the comment export
 * link), the review-request flyout and a stack member's stack sidebar, the
 * feedback survey after an annotated comment. One chunk, loaded with the item view (`loadStrings('reviewTab')`).
 */
import { annotationStrings } from './annotation.ts';
import { commentExportStrings } from './commentExport.ts';
import { commentsStrings } from './comments.ts';
import { commentsPanelStrings } from './commentsPanel.ts';
import { feedbackSurveyStrings } from './feedbackSurvey.ts';
import { reviewRequestsStrings } from './reviewRequests.ts';
import { translationStackStrings } from './translationStack.ts';

export const reviewTabStrings: Readonly<Record<string, string>> = {
  ...commentsStrings,
  ...commentsPanelStrings,
  ...reviewRequestsStrings,
  ...annotationStrings,
  ...commentExportStrings,
  ...translationStackStrings,
  ...feedbackSurveyStrings,
};

/**
 * Review-request views (review-and-content §2 review-request button and request-review flyout, §4, §5, §8, §9):
 * presentational, props in and callbacks out. The lead wires them to the `reviewRequests` and `requestDialog` actors.
 */
export { DeleteReviewerDialog, DeleteReviewerDialogView, type DeleteReviewerDialogProps, type DeleteReviewerDialogViewProps } from './DeleteReviewerDialog.tsx';
export {
  RequestReviewDialog,
  RequestReviewDialogView,
  type RequestedReviewer,
  type RequestReviewDialogProps,
  type RequestReviewDialogStatus,
  type RequestReviewDialogViewProps,
  type ReviewerEntryIssue,
} from './RequestReviewDialog.tsx';
export { ReviewRequestButton, reviewerAvatarsOf, type ReviewRequestButtonProps } from './ReviewRequestButton.tsx';
export {
  ReviewRequestFlyout,
  ReviewRequestFlyoutView,
  StatusBadge,
  requestDueDate,
  type ReviewRequestFlyoutProps,
  type ReviewRequestFlyoutViewProps,
} from './ReviewRequestFlyout.tsx';

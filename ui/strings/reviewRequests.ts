/**
 * Strings of the review-request views (review-and-content §2 review-request button and request-review flyout, §4
 * review status per reviewer and the request dialog, §5 add-reviewer rules, §8 review-request errors, §9 active
 * reviewer list, recent reviewers, delete-reviewer confirmation). Keys the spec names keep its names
 * ('request_review_error', 'review.request_review_header.*'); the rest are dot.case under review.request.
 * Merged into ../strings.ts.
 */
export const reviewRequestsStrings = {
  // §2 header button (overall status, §4)
  'review.request.button': 'Request review',
  'review.request.button.inProgress': 'Review in progress',
  'review.request.button.complete': 'Review complete',
  'review.request.flyout.title': 'Review request',

  // §3 statuses (commented shows as in progress)
  'review.request.status.emailSent': 'Email sent',
  'review.request.status.viewed': 'Viewed',
  'review.request.status.inProgress': 'In progress',
  'review.request.status.complete': 'Complete',

  // §9 active reviewer list
  'review.request.reviewers': 'Reviewers',
  'review.request.requestedOn': 'Requested {date}',
  'review.request.due': 'Due {date}',
  'review.request.noDueDate': 'No due date',
  'review.request.showMore': 'Show {count} more',
  'review.request.showLess': 'Show less',
  'review.request.remove': 'Remove {name}',
  'review.request.you': '(you)',

  // canCRUD actions
  'review.request.addReviewers': 'Add reviewers',
  'review.request.reRequest': 'Re-request review',
  'review.request.deleteAll': 'Delete review request',
  'review.request.dueDate.label': 'Due date',
  'review.request.dueDate.clear': 'Clear due date',
  'review.request.deleteAll.title': 'Delete this review request?',
  'review.request.deleteAll.body': 'Every reviewer is removed from the request. Their comments stay on the item.',
  'review.request.deleteAll.confirm': 'Delete request',
  'review.request.cancel': 'Cancel',

  // The viewer's own review (§6)
  'review.request.markComplete': 'Mark my review complete',
  'review.request.reopen': 'Reopen my review',
  'review.request.reopen.title': 'Reopen your review?',
  'review.request.reopen.body': 'Your review shows as not complete again until you mark it complete.',
  'review.request.reopen.confirm': 'Reopen review',

  // §9 delete-reviewer confirmation
  'review.request.deleteReviewer.title': 'Remove reviewer?',
  'review.request.deleteReviewer.body': '{name} will no longer be asked to review this item.',
  'review.request.deleteReviewer.confirm': 'Remove',
  'review.request.deleteReviewer.dontAskAgain': 'Don’t ask me again',

  // §4 request dialog, §5 add-reviewer rules
  'review.request.dialog.title': 'Request a review',
  'review.request.dialog.titleNamed': 'Request a review of “{title}”',
  'review.request.dialog.reviewers': 'Reviewers',
  'review.request.dialog.reviewersHint': 'Type or paste e-mail addresses, then press Enter.',
  'review.request.dialog.add': 'Add',
  'review.request.dialog.alreadyAdded': '{entry} is already added.',
  'review.request.dialog.notFound': '{entry} not found.',
  'review.request.dialog.removeChip': 'Remove {name}',
  'review.request.dialog.selected': 'Selected reviewers',
  'review.request.dialog.recent': 'Recent reviewers',
  'review.request.dialog.recentAddPrefix': 'Add',
  'review.request.dialog.message': 'Message (optional)',
  'review.request.dialog.dueDate': 'Due date (optional)',
  'review.request.dialog.send': 'Send',
  'review.request.dialog.cancel': 'Cancel',
  'review.request.leave.title': 'Leave without sending?',
  'review.request.leave.body': 'The reviewers and the message you entered will be lost.',
  'review.request.leave.leave': 'Leave',
  'review.request.leave.stay': 'Stay',

  // Toasts

  // §8 review-request errors
  request_review_error: 'The review request wasn’t sent: {message}',
  'review.request_review_header.delete_reviews_error': 'The reviewer couldn’t be removed. Please try again.',
  'review.request_review_header.reopen_review_error': 'Your review couldn’t be reopened. Please try again.',
  'review.request_review_header.mark_complete_error_message': 'Your review couldn’t be marked complete. Please try again.',
} as const;

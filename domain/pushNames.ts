/**
 * The names of the realtime pushes each long-lived reader of an item's namespace takes (foundation §7,
 * review-and-content §7, translation-editor §7), apart from the modules that describe their payloads: the app routes
 * pushes by name from the first load on, and those modules load with their features. Each feature's module types its
 * list against its own push names (`COMMENT_PUSH_NAMES` in comments.ts, and so on).
 */

/** domain/comments.ts `CommentPushes`. */
export const COMMENT_PUSH_NAME_LIST = [
  'comment.insert',
  'comment.reply',
  'comment.update',
  'comment.destroy',
  'comment.setResolved',
  'comment.markRead',
  'comment.refresh',
  'comment.updateHashed',
  'comment.deleteHashed',
  'share.updated',
] as const;

/** domain/reviewRequests.ts `ReviewRequestPushes`. */
export const REVIEW_REQUEST_PUSH_NAME_LIST = ['requestReview.update', 'requestReview.deleteRequest', 'requestReview.deleteAllRequests'] as const;

/** domain/translation.ts `TranslationPushes`. */
export const TRANSLATION_PUSH_NAME_LIST = ['updateSegments', 'resetSegment', 'groupComplete', 'deleteProgress'] as const;

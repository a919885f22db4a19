/**
 * The comments panel's presentational views (review-and-content §2, §4, §6, §8, §9): props in, callbacks out.
 * The editor and the rich-text renderer are in ./editor (plugged in through `renderComposer`).
 */
export { AuthPromptDialog, type AuthPromptDialogProps } from './AuthPromptDialog.tsx';
export { CommentItem, CommentItemView, type CommentDisplayContext, type CommentHandlers, type CommentItemProps, type CommentItemViewProps } from './CommentItem.tsx';
export {
  CommentArea,
  CommentsPanel,
  CommentsSkeleton,
  CommentsToolbar,
  NEW_COMMENT_ID,
  SkipToNewComment,
  type CommentAreaProps,
  type CommentsPanelProps,
  type CommentsPanelTab,
  type CommentsPanelTabs,
  type CommentsStatus,
  type CommentsToolbarProps,
} from './CommentsPanel.tsx';
export { CommentThread, type CommentThreadProps, type ThreadListContext } from './CommentThread.tsx';
export { FeedbackView, type FeedbackViewProps } from './FeedbackView.tsx';
export {
  formatVideoTime,
  fullCommentDate,
  replyBlockText,
  slideLabelsOf,
  slideSortLabel,
  threadViewModel,
  type CommentPermissions,
  type CommentPlace,
  type ComposerTarget,
  type ReplyBlock,
  type ThreadFacts,
  type ThreadViewModel,
} from './model.ts';
export {
  BellIcon,
  NotificationLevelPopover,
  type NotificationLevelPopoverProps,
  type NotificationLevelStatus,
} from './NotificationLevelPopover.tsx';
export { OldVersionDialog, type OldVersionDialogProps } from './OldVersionDialog.tsx';
export { commentActionsButton, threadReplyButton, useFocusBackAfterClose } from './focusBack.ts';

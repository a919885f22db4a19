/**
 * Strings of the comments side panel, its threads, the feedback view, the notification level popover and the
 * comment dialogs (review-and-content §2, §4, §6, §8 comment errors and comment-area messages, §9 levels).
 * Keys the spec names keep its names ('comments_old_version_error'); the rest are dot.case under commentsPanel.
 * (The editor's own words live in strings/comments.ts under comments.) Merged into ../strings.ts.
 */
export const commentsPanelStrings = {
  // Panel, tabs and toolbar (§2 comments side panel, §9 sort modes)
  'commentsPanel.label': 'Comments',
  'commentsPanel.tabs': 'Panel',
  'commentsPanel.tab.comments': 'Comments',
  'commentsPanel.tab.translate': 'Translate',
  'commentsPanel.toolbar': 'Comment options',
  'commentsPanel.sort.label': 'Sort comments',
  'commentsPanel.sort.recent': 'Most recent',
  'commentsPanel.sort.slide': 'By slide',
  'commentsPanel.sort.lesson': 'By lesson',
  'commentsPanel.sort.time': 'By video time',
  'commentsPanel.showResolved': 'Show resolved',
  'commentsPanel.markAllRead': 'Mark all as read',
  'commentsPanel.moreOptions': 'More comment options',
  'commentsPanel.enableComments': 'Turn on comments',
  'commentsPanel.disableComments': 'Turn off comments',
  'commentsPanel.list': 'Comment threads',
  'commentsPanel.newComment': 'New comment',
  'commentsPanel.skipToNewComment': 'Skip to new comment',

  // States (§8 comment area messages)
  'commentsPanel.loading': 'Loading comments…',
  'commentsPanel.error.title': 'Comments could not be loaded',
  'commentsPanel.error.retry': 'Try again',
  'commentsPanel.disabled.title': 'Comments are turned off',
  'commentsPanel.disabled.body': 'Comments are turned off for this item.',
  'commentsPanel.empty.title': 'No comments yet',
  'commentsPanel.empty.body': 'Comments and replies on this item appear here.',
  'commentsPanel.allResolved.title': 'All comments are resolved',
  'commentsPanel.allResolved.body': 'Every thread on this item has been resolved.',
  'commentsPanel.allResolved.show': 'Show resolved comments',
  'commentsPanel.offline': 'You’re offline. Comments are read-only until the connection is back.',

  // A comment (§3 Comment, §4 comments, §6 comment permissions)
  'commentsPanel.thread.label': 'Thread by {name}',
  'commentsPanel.comment.unread': 'Unread',
  'commentsPanel.comment.resolved': 'Resolved',
  'commentsPanel.comment.locked': 'Locked',
  'commentsPanel.comment.lockedHint': 'This comment is locked and cannot change.',
  'commentsPanel.comment.earlierVersion': 'Earlier version',
  'commentsPanel.comment.menu': 'Comment actions',
  'commentsPanel.comment.edit': 'Edit',
  'commentsPanel.comment.delete': 'Delete',
  'commentsPanel.comment.resolve': 'Resolve',
  'commentsPanel.comment.reopen': 'Reopen',
  'commentsPanel.comment.reply': 'Reply',
  'commentsPanel.comment.replies.one': '1 reply',
  'commentsPanel.comment.replies.other': '{count} replies',
  'commentsPanel.comment.seekTime': 'Go to {time} in the video',
  'commentsPanel.comment.seekSlide': 'Go to {label}',
  'commentsPanel.comment.attachments': 'Attachments',
  'commentsPanel.comment.attachmentUploading': 'uploading…',
  'commentsPanel.comment.attachmentFailed': 'upload failed',
  'commentsPanel.comment.snapshot': 'Screenshot attached by {name}',
  'commentsPanel.comment.annotation': 'Annotated screenshot attached by {name}',
  // A comment's snapshot opened large
  'commentsPanel.snapshot.open': 'Open large: {alt}',
  'commentsPanel.snapshot.title': 'Screenshot',
  'commentsPanel.snapshot.annotatedTitle': 'Annotated screenshot',
  'commentsPanel.snapshot.close': 'Close',
  'commentsPanel.snapshot.openPage': 'Open the page snapshot',
  'commentsPanel.slide': 'Slide {number}: {title}',
  'commentsPanel.lesson': 'Lesson {number}: {title}',
  'commentsPanel.unknownSlide': 'A slide no longer in this version',
  'commentsPanel.reply.locked': 'This thread is locked, so it can’t be replied to.',
  'commentsPanel.reply.resolved': 'Reopen this thread to reply.',
  'commentsPanel.reply.offline': 'You’re offline. Reply once the connection is back.',
  'commentsPanel.reply.outOfDate': 'A newer version is available. Switch to it to reply.',

  // Delete confirmation (§6: delete; a parent takes its replies)
  'commentsPanel.delete.title': 'Delete this comment?',
  'commentsPanel.delete.body': 'It is removed for everyone. This can’t be undone.',
  'commentsPanel.delete.bodyThread': 'It is removed for everyone, with its replies. This can’t be undone.',
  'commentsPanel.delete.confirm': 'Delete',
  'commentsPanel.delete.cancel': 'Cancel',

  // Feedback view (§2 feedback tab)
  'commentsPanel.feedback.title': 'Feedback',

  // §8 old-version comment dialog
  'comments_old_version_error.header': 'This version is out of date',
  comments_old_version_error:
    'Someone uploaded a newer version of this item while you were writing, so your comment wasn’t added. Your text is still in the comment box: switch to the newest version to post it.',
  'comments_old_version_error.ok': 'OK',

  // §6 anonymous: clicking the read-only box opens an authentication dialog
  'commentsPanel.auth.title': 'Sign in to comment',
  'commentsPanel.auth.body': 'Comments on this item need an account. Sign in, or create an account to join the review.',
  'commentsPanel.auth.signIn': 'Sign in',
  'commentsPanel.auth.createAccount': 'Create an account',
  'commentsPanel.auth.cancel': 'Not now',

  // §9 notification levels (per item; signed-in accounts only)
  'commentsPanel.notifications.button': 'Notifications for this item: {level}',
  'commentsPanel.notifications.title': 'Notifications for this item',
  'commentsPanel.notifications.legend': 'E-mail me about',
  'commentsPanel.notifications.level.mine': 'Mine',
  'commentsPanel.notifications.level.mine.hint': 'Comments on my items, replies in threads I’m in, and mentions of me.',
  'commentsPanel.notifications.level.all': 'All',
  'commentsPanel.notifications.level.all.hint': 'Every new comment and reply on this item.',
  'commentsPanel.notifications.level.mute': 'Mute',
  'commentsPanel.notifications.level.mute.hint': 'Nothing about this item.',
  'commentsPanel.notifications.loading': 'Loading your notification level…',
  'commentsPanel.notifications.saving': 'Saving…',
  'commentsPanel.notifications.loadError': 'Your notification level for this item could not be loaded.',
  'commentsPanel.notifications.saveError': 'Your notification level could not be saved.',
  'commentsPanel.notifications.retry': 'Try again',
  'commentsPanel.notifications.settings': 'Notification settings',
  'commentsPanel.notifications.settingsHint': 'How often e-mails come (instantly, hourly or daily) is set in your notification settings.',
} as const;

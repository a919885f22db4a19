/**
 * Strings of the comment editor, the rich-text renderer, the emoji picker and attachment chips (review-and-content
 * §4 comment editor, §5 comment rules, §8 comment errors, §9). Keys the spec names keep its names
 * ('comments.attachment_error', 'comments.maximum_attachments', 'comments.file_size', 'comments.file_type'; their
 * texts are the ones domain/comments.ts `attachmentProblem` answers, so the client and the server say the same).
 * The comments panel keeps its own keys in commentsPanel.ts. Merged into ../strings.ts.
 */
export const commentsStrings = {
  // The editor (§4 comment editor)
  'comments.editor.label': 'Comment',
  'comments.editor.replyLabel': 'Reply',
  'comments.editor.editLabel': 'Edit comment',
  'comments.snapshot.attached': 'Screenshot attached ({width} × {height})',
  'comments.snapshot.remove': 'Remove screenshot',
  // Screenshot annotation in the composer (§4 comment posting, §5)
  'comments.annotation.start': 'Annotate',
  'comments.annotation.edit': 'Edit annotation',
  'comments.snapshot.annotated': 'Annotated screenshot attached ({width} × {height})',
  'comments.snapshot.html': 'Page snapshot attached',
  'comments.annotation.survey': 'How was annotating the screenshot?',
  'comments.editor.reply': 'Reply',
  'comments.editor.placeholder': 'Add a comment. Type @ to mention someone.',
  'comments.editor.replyPlaceholder': 'Reply',
  'comments.editor.post': 'Post',
  'comments.editor.save': 'Save',
  'comments.editor.cancel': 'Cancel',
  'comments.editor.attach': 'Attach files',
  'comments.editor.emoji': 'Insert emoji',
  'comments.editor.emojiPicker': 'Emoji',
  'comments.editor.toolbar': 'Comment tools',
  'comments.editor.counter': '{count}/{max}',
  'comments.editor.counterLabel': '{count} of {max} characters used',
  'comments.editor.suggestions': 'People you can mention',
  'comments.editor.suggestions.one': '1 person to mention. Use the up and down arrows to choose and Enter to pick.',
  'comments.editor.suggestions.other': '{count} people to mention. Use the up and down arrows to choose and Enter to pick.',
  'comments.editor.suggestion.anonymous': 'Guest reviewer',

  // Why the box is read-only (§4; domain/comments.ts ReadOnlyReason)
  'comments.editor.readOnly.disabled': 'Comments are turned off for this item.',
  'comments.editor.readOnly.readOnlyMode': 'Comments are read-only here.',
  'comments.editor.readOnly.offline': 'You’re offline. You can comment again once you’re back online.',
  'comments.editor.readOnly.outOfDate': 'A newer version of this item is available. Open it to comment.',
  'comments.editor.readOnly.posting': 'Posting your comment…',
  'comments.editor.readOnly.loading': 'Loading comments…',
  'comments.editor.readOnly.noCurrentSlide': 'Go to a slide to comment on it.',
  'comments.editor.readOnly.resumePrompt': 'Choose where to continue before you comment.',
  'comments.editor.readOnly.notAllowed': 'Sign in to comment.',

  // Attachments (§3 Comment attachment, §5, §8)
  'comments.attachments.label': 'Attachments',
  'comments.attachment.uploading': 'Uploading',
  'comments.attachment.uploaded': 'Uploaded',
  'comments.attachment_error': 'This file couldn’t be uploaded.',
  'comments.attachment.remove': 'Remove {title}',
  'comments.attachment.delete': 'Delete {title}',
  'comments.maximum_attachments': 'You can attach a maximum of {max} files to a comment.',
  'comments.file_size': 'This file is too large. Attachments can be at most 5 GB.',
  'comments.file_type': 'This file type is not supported as an attachment.',

  // The rich-text renderer
  'comments.mention.title': 'Mentioned: {email}',
} as const;

/**
 * Strings of the translate tab's views (translation-editor §1, §2 tab parts, dialogs, filters, keyboard, sidebar;
 * §4 group progress). The §8 messages themselves come from domain TRANSLATION_MESSAGES (the machine hands them to
 * the views); these are the words around them. Merged into ../strings.ts.
 */
export const translationStrings = {
  // Header
  'translation.header.label': 'Translation',
  'translation.header.title': '{source} → {target}',
  'translation.header.progress.slide': '{complete} of {total} slides complete',
  'translation.header.progress.lesson': '{complete} of {total} lessons complete',
  'translation.header.editorToggle': 'Segment editor',
  'translation.lock.body': "You're viewing version {version}. Editing is locked; open the latest version to edit.",
  'translation.lock.link': 'Open the latest version',

  // §2 segment filters
  'translation.filter.label': 'Show segments',
  'translation.filter.all': 'All',
  'translation.filter.accepted': 'Accepted',
  'translation.filter.edited': 'Edited',
  'translation.filter.changed': 'Changed (edited or accepted)',
  'translation.filter.addedInCurrentVersion': 'Added in current version',
  'translation.filter.changedFromPreviousVersion': 'Changed from previous version',
  'translation.filter.unimportedFromPreviousVersion': 'Unimported from previous version',
  'translation.filter.empty': 'No segments match this filter.',
  'translation.filter.clear': 'Clear filter',
  'translation.table.empty': 'This course has no text to translate.',

  // Segment table
  'translation.table.label': 'Segments',
  'translation.table.source': 'Source',
  'translation.table.target': 'Target',
  'translation.editor.label': 'Translation of “{source}”',
  'translation.group.segments': '{count} segments',
  'translation.group.segment': '1 segment',
  'translation.group.complete': 'Complete',
  'translation.group.type.section': 'Section',
  'translation.group.type.lesson': 'Lesson',
  'translation.group.type.layer': 'Layer',
  'translation.group.type.template': 'Template',
  'translation.group.type.slide': 'Slide',
  'translation.group.type.scene': 'Scene',
  'translation.group.type.question': 'Question',
  'translation.group.type.questionBank': 'Question bank',
  'translation.segment.edited': 'Edited',
  'translation.segment.accepted': 'Accepted',
  'translation.segment.editedBy': 'Edited by {name}',
  'translation.segment.locked': 'Locked',
  'translation.segment.edit': 'Edit translation',
  'translation.segment.emptyTarget': 'No translation',
  'translation.segment.tag': 'Tag {name}',

  // Progress flyout
  'translation.progress.trigger.slide': 'Slide progress',
  'translation.progress.trigger.lesson': 'Lesson progress',
  'translation.progress.title.slide': 'Slide progress',
  'translation.progress.title.lesson': 'Lesson progress',
  'translation.progress.bar': 'Groups complete',
  'translation.progress.completedBy': 'Completed by {name}, {date}',
  'translation.progress.completedOn': 'Completed {date}',
  'translation.progress.notComplete': 'Not complete',
  'translation.progress.someone': 'someone',

  // Stack sidebar

  // Bottom bar
  'translation.bar.label': 'Group navigation',
  'translation.bar.previous.slide': 'Previous slide',
  'translation.bar.previous.lesson': 'Previous lesson',
  'translation.bar.next.slide': 'Next slide',
  'translation.bar.next.lesson': 'Next lesson',
  'translation.bar.position.slide': 'Slide {index} of {total}',
  'translation.bar.position.lesson': 'Lesson {index} of {total}',
  'translation.bar.markComplete': 'Mark complete',
  'translation.bar.reopen': 'Reopen',

  // Dialogs
  'translation.reopen.title.slide': 'Reopen this slide?',
  'translation.reopen.title.lesson': 'Reopen this lesson?',
  'translation.reopen.body': 'Reopening "{title}" lets its segments be edited again; its accepted edits go back to pending.',
  'translation.reopen.dontAskAgain': "Don't ask me again",
  'translation.reopen.confirm': 'Reopen',
  'translation.reopen.cancel': 'Cancel',
  'translation.conflict.title': 'This segment changed',
  'translation.conflict.body': 'Someone else changed this segment while you were editing it.',
  'translation.conflict.theirs': 'Their change',
  'translation.conflict.theirsBy': "{name}'s change",
  'translation.conflict.keepMine': 'Keep my edit',
  'translation.conflict.useTheirs': 'Use their change',
  'translation.auth.title': 'Sign in to validate translations',
  'translation.auth.body': 'Editing translations and marking them complete need an account. Sign in, or create an account.',
  'translation.auth.signIn': 'Sign in',
  'translation.auth.createAccount': 'Create an account',
  'translation.auth.cancel': 'Not now',
  'translation.error.dismiss': 'Dismiss',

  // Panel
} as const;

/**
 * The stack sidebar of a translation stack's member (translation-editor §2 stack sidebar): drawn on the review tab and
 * on the translate tab, so its words load with the review tab (strings/reviewTab.ts).
 */
export const translationStackStrings = {
  'translation.stack.label': 'Languages',
  'translation.stack.source': 'Source language',
  'translation.stack.target': 'Target languages',
  'translation.stack.status.source': 'Source',
  'translation.stack.status.notStarted': 'Not started',
  'translation.stack.status.progress': '{complete} of {total} complete',
  'translation.stack.status.complete': 'Complete',
  'translation.stack.failed': "We couldn't load the stack's languages.",
  'translation.stack.retry': 'Try again',
} as const;

/**
 * Strings of the translate tab's assist views (translation-editor §2 optional smart-review survey, feature
 * walkthrough, help and feedback menu, segment review false door, error dialog; §3 AI suggestion entry, Survey,
 * Walkthrough step; §4 suggestion and survey states). The §8 suggestion errors come from domain
 * TRANSLATION_TOOL_MESSAGES (the machine hands them to the views); these are the words around them. Merged into
 * ../strings.ts.
 */
export const translationAssistStrings = {
  // §1 smart review (AI suggestions)
  'translationAssist.smartReview.request': 'Suggest improvements',
  'translationAssist.smartReview.fetching': 'Finding suggestions…',
  'translationAssist.smartReview.title': 'Suggested improvements',
  'translationAssist.smartReview.hide': 'Hide suggestions',
  'translationAssist.smartReview.rating': 'Current translation: {percent}',
  'translationAssist.smartReview.model': 'Suggested by {model}',
  'translationAssist.smartReview.confidence': '{percent} confidence',
  'translationAssist.smartReview.apply': 'Apply',
  'translationAssist.smartReview.applyLabel': 'Apply suggestion {index}',
  'translationAssist.smartReview.applyBusy': 'Wait until the current update has been saved.',
  'translationAssist.smartReview.none': 'No better wording was found for this segment.',
  'translationAssist.smartReview.list': 'Suggestions',
  'translationAssist.smartReview.retry': 'Try again',
  'translationAssist.smartReview.dismissError': 'Dismiss',
  'translationAssist.smartReview.feedback': 'Were these suggestions helpful?',
  'translationAssist.smartReview.helpful': 'Helpful',
  'translationAssist.smartReview.notHelpful': 'Not helpful',

  // §2 optional smart-review survey (§3 Smart-review survey response, §5 at most 3 selections)
  'translationAssist.smartSurvey.title': 'How could AI help you validate translations?',
  'translationAssist.smartSurvey.intro': 'Choose up to {max}.',
  'translationAssist.smartSurvey.count': '{count} of {max} selected',
  'translationAssist.smartSurvey.option.flagLowQualityTranslations': 'Flag low-quality translations',
  'translationAssist.smartSurvey.option.automaticallyImproveTranslations': 'Automatically improve translations',
  'translationAssist.smartSurvey.option.suggestAlternativeTranslations': 'Suggest alternative translations',
  'translationAssist.smartSurvey.option.enhanceTranslationFlow': 'Make translations read more naturally',
  'translationAssist.smartSurvey.option.adjustTone': 'Adjust the tone',
  'translationAssist.smartSurvey.option.adaptToRegion': 'Adapt to a region',
  'translationAssist.smartSurvey.option.applyValidationEdits': 'Apply my validation edits to similar segments',
  'translationAssist.smartSurvey.option.other': 'Other',
  'translationAssist.smartSurvey.otherText': 'Tell us what else',
  'translationAssist.smartSurvey.earlyAccess': "I'd like early access",
  'translationAssist.smartSurvey.problem.nothingSelected': 'Choose at least one option, or ask for early access.',
  'translationAssist.smartSurvey.problem.otherNeedsText': 'Tell us what "Other" means to you.',
  'translationAssist.smartSurvey.problem.tooManySelections': 'Choose at most {max} options.',

  // The feedback survey and the words both surveys share: strings/feedbackSurvey.ts (the review tab shows it too).

  // §2 feature walkthrough (§3 Walkthrough step, §4 Next, Previous, finish, dismiss early)
  'translationAssist.walkthrough.label': 'Tour of the translation editor',
  'translationAssist.walkthrough.step': 'Step {index} of {total}',
  'translationAssist.walkthrough.previous': 'Previous',
  'translationAssist.walkthrough.next': 'Next',
  'translationAssist.walkthrough.finish': 'Finish',
  'translationAssist.walkthrough.skip': 'Skip tour',
  'translationAssist.walkthrough.close': 'Close tour',
  'translationAssist.walkthrough.segments.title': 'Review each segment',
  'translationAssist.walkthrough.segments.body':
    'Source text sits on the left and its translation on the right. Select a translation to edit it, then save your change.',
  'translationAssist.walkthrough.filter.title': 'Focus on what matters',
  'translationAssist.walkthrough.filter.body': 'Filter the segments to see only edited, accepted or changed ones, or what changed since the previous version.',
  'translationAssist.walkthrough.complete.title': 'Mark your progress',
  'translationAssist.walkthrough.complete.body': 'When a slide or lesson is validated, mark it complete. You can reopen it later if something changes.',
  'translationAssist.walkthrough.search.title': 'Find and replace',
  'translationAssist.walkthrough.search.body': 'Search the source or the translation, step through the hits, and replace one or all of them at once.',

  // §2 help and feedback menu
  'translationAssist.help.button': 'Help',
  'translationAssist.help.menuLabel': 'Help and feedback',
  'translationAssist.help.tour': 'Take the tour',
  'translationAssist.help.feedback': 'Give feedback',
  'translationAssist.help.center': 'Help center',
  'translationAssist.help.research': 'Join user research',

  // §2 segment review false door dialog
  'translationAssist.falseDoor.button': 'Request segment review',
  'translationAssist.falseDoor.title': 'Request segment review',
  'translationAssist.falseDoor.body': 'Segment review is coming soon. Would you like to be notified?',
  'translationAssist.falseDoor.notify': 'Notify me',
  'translationAssist.falseDoor.close': 'Close',
  'translationAssist.falseDoor.thanks': "Thanks — we'll let you know.",

  // §2 error dialog (header and confirm button)
  'translationAssist.errorDialog.confirm': 'OK',
} as const;

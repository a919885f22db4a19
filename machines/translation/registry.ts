/** Registry entries of the translation feature: each machine with its payload cases (charts, path generation, replay read them). */
import { SMALL_STORYLINE_FILE } from '../../domain/translation.fixtures.ts';
import { memoryReportMachine } from './memoryReportMachine.ts';
import { suggestionActorId, suggestionsMachine } from './suggestionsMachine.ts';
import { surveysMachine } from './surveysMachine.ts';
import { translationMachine } from './translationMachine.ts';
import { walkthroughMachine } from './walkthroughMachine.ts';
import { type EventCases, type RegistryEntry, httpRefusal } from '../registryCases.ts';
import { audioDrawerMachine } from './audioDrawerMachine.ts';
import { duplicateReviewMachine } from './duplicateReviewMachine.ts';

// Translation editor: a small Storyline file (one scene, two slides), its validation and stack.
const TR_SLIDE1 = '["sc1","sl1"]';
const TR_SLIDE2 = '["sc1","sl2"]';
const TR_UNKNOWN = '["sc1","sl9","t9"]';
const TR_T1 = '["sc1","sl1","t1"]';
const TR_T2 = '["sc1","sl1","t2"]';
const TR_T3 = '["sc1","sl2","t3"]';
const trChange = (vs: string, newValue: string, status = 'pending') => ({
  validationSegmentId: vs,
  status,
  replacement: { newValue, unsavedValue: null },
  proposedBy: 'u-kim',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});
const trSubject = (over: Record<string, unknown> = {}) => ({
  itemId: 'i-fr',
  versionId: 'v2',
  versionNumber: 2,
  isLatestVersion: true,
  pass: null,
  userId: 'u-vera',
  email: 'vera.validator@example.com',
  canTranslate: true,
  ...over,
});
const TR_VALIDATION = {
  validationId: 'val-1',
  translationFilePath: 'translations/i-fr/v2.json',
  paths: { [TR_T2]: trChange('vs2', 'Salut %UserName%'), '["sc1","sl2","t3"]': trChange('vs3', 'Au revoir') },
  progressDetails: {},
  // t3 changed since the previous version: the course-updates mode has a group to show.
  updates: { '["sc1","sl2","t3"]': 'changed' },
  profiles: {},
  showCourseUpdates: false,
};
const TR_STACK = {
  stackId: 'st1',
  sourceLocale: 'en',
  entries: [
    { itemId: 'i-en', title: 'Course', locale: 'en', role: 'source', progress: null },
    { itemId: 'i-fr', title: 'Course (French)', locale: 'fr', role: 'target', progress: null },
  ],
};
/**
 * The tools' paths need a file with a duplicate source (t3 "Hello" like t1: save to all) and over SEARCH_DEFER_ABOVE
 * hits (t1's target repeats "mot": the deferred navigation).
 */
const TR_TOOLS_FILE = (() => {
  const file = JSON.parse(JSON.stringify(SMALL_STORYLINE_FILE)) as { children: { children: { children: { id: string; source: string; target: string }[] }[] }[] };
  const [slide1, slide2] = file.children[0]!.children;
  slide1!.children[0]!.target = `fr ${'mot '.repeat(600)}`.trim();
  slide2!.children[0]!.source = 'Hello';
  return file;
})();
const TR_PREVIOUS = { validationId: 'val-0', translationFilePath: 'translations/i-fr/v1.json', paths: {}, versionNumber: 1, versionCreatedAt: '2026-10-01T10:00:00.000Z' };
const trPush = (event: string, data: Record<string, unknown>) => ({ namespace: '/item/i-fr', event, data: { messageId: `m-${event}`, itemId: 'i-fr', validationId: 'val-1', ...data } });
// Translation tools: a suggestion request and answers, memory reports, survey answers, walkthrough steps.
const TOOL_REQUEST = {
  translationItem: { path: TR_T1, validationSegmentId: 'vs1', textType: 'text', source: 'Hello', target: 'Bonjour' },
  targetLocale: 'fr',
  sourceLocale: 'en',
  extractedSourceText: 'Hello',
  extractedTranslatedText: 'Bonjour',
  validationId: 'val-1',
};
const TOOL_SUGGESTION = { target: 'Bonjour à tous', context: 'Addresses the whole audience.', confidence: 0.87 };
const TOOL_RESULT = { model: 'translation-memory', originalContext: 'Accurate.', originalRating: 0.8, suggestions: [TOOL_SUGGESTION] };
const memoryReport = (status: string, over: Record<string, unknown> = {}) => ({
  id: 'mr1',
  validationId: 'val-1',
  status,
  sourceLanguage: 'en',
  targetLanguage: 'fr',
  formality: 'default',
  message: null,
  requestedAt: '2026-11-22T10:00:00.000Z',
  completedAt: status === 'completed' ? '2026-11-22T10:00:03.000Z' : null,
  reportItems: status === 'completed' ? [{ path: TR_T1, inputSegment: 'Hello', memoryHits: [{ metricValue: 0.9, similarSegment: 'Hello!', origin: 'Onboarding course (fr)', translations: ['Bonjour !'] }] }] : [],
  ...over,
});
const WALKTHROUGH_STEPS = [
  { id: 'segments', highlightSelector: '[data-walkthrough="segments"]' },
  { id: 'complete', highlightSelector: '[data-walkthrough="complete"]', altButton: true },
];

export const translationEntries: readonly RegistryEntry[] = [
  {
    name: 'translation',
    machine: translationMachine,
    description:
      "The translate tab of the open item: stack → validation (item password) → CDN file → model (INIT, LOADING, TRANSLATION_FETCHED, CHANGES_PENDING, ERROR, SUBMITTING; fetch status), the language map (non-fatal), editing with the §5 rules (empty refused, no-op closes, locked / no permission / signed out / old Storyline refused), optimistic saves in batches with rollback and the server's reason, mark complete and reopen (confirmation suppressible), segment reset, and the realtime pushes, never overwriting the segment being edited; the tools region: find and replace (stepping deferred over 500 matches), replace all and save to all duplicates with their confirmations, values applied in one go (applyValues), the duplicate navigate cool-down (300 ms), the version diff and the reset dialogs; course updates mode; the validation re-read after a reconnect (translation-editor §2, §4, §5, §7, §8, §9).",
    cases: {
      // Payload-free defaults leave the view events (filter, groups, conflict choice) as no-ops: each would multiply
      // the snapshots the transition search walks; tests/machines/translation.test.ts drives them.
      'translation.open': [
        trSubject({ previousVersionId: 'v1' }),
        // The same version for someone signed out, then without the permission: the refusals of each action.
        trSubject({ previousVersionId: 'v1', userId: null, email: null }),
        trSubject({ previousVersionId: 'v1', canTranslate: false }),
        // Another version: the editor opens again from its first read.
        trSubject({ versionId: 'v1', versionNumber: 1, isLatestVersion: false, previousVersionId: null }),
      ],
      // The one filter with a read of its own (the previous version's edits); the others stay no-ops (above).
      'translation.setFilter': [{ filter: 'unimportedFromPreviousVersion' }],
      // The stored settings: neither confirmation asked again (reopen and save to all go straight to the call).
      'translation.settingsLoaded': [{ skipReopenConfirm: true, skipSaveAllConfirm: '2026-11-22T10:00:00.000Z' }],
      'translation.toggleGroup': [{ key: TR_SLIDE1 }],
      'translation.goToGroup': [{ navKey: TR_SLIDE2 }],
      'translation.setSearchScope': [{ scope: 'target' }],
      'translation.setSlideScope': [{ scope: 'current' }],
      'translation.dismissUpdatesPopover': [{ at: '2026-11-22T10:00:00.000Z' }],
      'xstate.done.actor.fetchLanguageMap': [{ output: { fr: { displayName: 'French' }, en: { displayName: 'English' } } }, { output: 'not a map' }],
      'translation.applyValues': [{ values: [{ key: TR_T2, value: 'Salut' }], origin: 'suggestion' }, { values: [{ key: TR_T3, value: 'Au revoir' }], origin: 'suggestion' }, { values: 'not a list', origin: 'suggestion' }],
      // t3 too (t1's duplicate, with a short text that keeps the edit in the search's snapshot key): saves and save to
      // all are reached in few steps, leaving the search room for the rest.
      'translation.startEdit': [{ key: TR_T1 }, { key: TR_T3 }, { key: TR_UNKNOWN }],
      'translation.edit': [
        { key: TR_T1, value: 'Bonjour' },
        { key: TR_T3, value: 'Bonjour à tous' },
        { key: TR_T1, value: '' },
      ],
      'translation.markComplete': [{ navKey: TR_SLIDE1 }],
      // ---- the keyboard (translationKeyboard.ts): the editor moved either way, the table's focus moved and set.
      'translation.moveEdit': [{ direction: 1 }, { direction: -1 }],
      'translation.focusMove': [{ move: 'next' }],
      'translation.focusRow': [{ key: TR_T3 }],
      'translation.reopen': [{ navKey: TR_SLIDE1 }],
      'translation.confirmReopen': [{ dontAskAgain: true }, { dontAskAgain: false }],
      'translation.resolveConflict': [{ keep: 'mine' }, { keep: 'theirs' }],
      'translation.resetSegment': [{ key: TR_T2 }],
      'translation.setSearchTerm': [{ term: 'mot' }, { term: ' ' }, { term: null }],
      'translation.setReplaceValue': [{ value: 'terme' }],
      'translation.goToDuplicate': [{ key: '["sc1","sl2","t3"]' }],
      'translation.confirmSaveToAll': [{ dontAskAgain: true, at: '2026-11-22T10:00:00.000Z' }, { dontAskAgain: false, at: '2026-11-22T10:00:00.000Z' }, { dontAskAgain: true }],
      'translation.openDiff': [{ previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' }],
      // t2 back to its original target; t1, with the diff shown, back to the previous version's value.
      'translation.askResetTranslation': [{ key: TR_T2 }, { key: TR_T1 }],
      'realtime.reconnected': [{ namespace: '/item/i-fr' }],
      'xstate.done.actor.fetchPreviousValidation': [{ output: TR_PREVIOUS }, { output: 'not a validation' }],
      'xstate.done.actor.fetchPreviousFile': [{ output: SMALL_STORYLINE_FILE }, { output: { children: 'not a file' } }],
      'realtime.message': [trPush('updateSegments', { itemIdHash: 'i-fr', version: 2, validationSegmentIds: ['vs1'], by: 'u-kim' })],
      'xstate.done.actor.fetchStack': [{ output: TR_STACK }, { output: { ...TR_STACK, entries: TR_STACK.entries.slice(0, 1) } }, { output: 'not a stack' }],
      'xstate.error.actor.fetchStack': [httpRefusal(404, 'Not in a translation stack.'), httpRefusal(500, 'Database down')],
      'xstate.done.actor.fetchValidation': [{ output: TR_VALIDATION }, { output: null }],
      'xstate.error.actor.fetchValidation': [httpRefusal(500, 'Database down')],
      'xstate.done.actor.fetchFile': [{ output: TR_TOOLS_FILE }, { output: { ...TR_TOOLS_FILE, storylineVersion: '3.5.0' } }, { output: { children: 'not a file' } }],
      'xstate.done.actor.saveChanges': [{ output: { paths: { [TR_T1]: trChange('vs1', 'Bonjour') } } }],
      'xstate.error.actor.saveChanges': [httpRefusal(409, 'The segment is locked.')],
      'xstate.done.actor.refreshSegments': [{ output: { data: [{ validationSegmentId: 'vs1', path: TR_T1, change: trChange('vs1', 'Salut') }] } }],
      'xstate.done.actor.completeGroup': [{ output: { updatedAt: '2026-11-22T10:00:00.000Z' } }],
      'xstate.error.actor.reopenGroup': [httpRefusal(500, 'Database down')],
    },
  },
  {
    name: 'suggestions',
    machine: suggestionsMachine,
    description:
      "Smart review (behind the llmSuggestions flag): per-segment AI suggestions fetching → fetched / error (the §8 words per failure, 'No suggestion returned for {path}' without success and result), several at once, skipped when the segment or a formatting duplicate is fetching, fetched or hidden, no caching after an error, toggle hidden ↔ fetched, apply hands the suggestion to the translation actor with its model (translation-editor §3, §4, §5, §7, §8).",
    cases: {
      'suggestions.open': [
        { validationId: 'val-1', sourceLocale: 'en', targetLocale: 'fr', pass: null },
        { validationId: 'val-2', sourceLocale: 'en', targetLocale: 'de', pass: null },
      ],
      'suggestions.request': [{ key: TR_T1, request: TOOL_REQUEST, duplicateKeys: [] }],
      'suggestions.toggle': [{ key: TR_T1 }],
      'suggestions.apply': [{ key: TR_T1, suggestion: TOOL_SUGGESTION }],
      'suggestions.dismissError': [{ key: TR_T1 }],
      'xstate.done.actor.*': [
        { actorId: suggestionActorId(TR_T1), output: { success: true, result: TOOL_RESULT } },
        { actorId: suggestionActorId(TR_T1), output: { success: false, error: 'No provider' } },
      ],
      'xstate.error.actor.*': [{ actorId: suggestionActorId(TR_T1), error: { name: 'SuggestionRequestError', failure: { kind: 'http', status: 401, body: null } } }],
    },
  },
  {
    name: 'memoryReport',
    machine: memoryReportMachine,
    description:
      "The translation-memory report of the variant: fetching → the latest report (requested, processing: try again in a few minutes; completed: items with memory hits and their segment view; rejected: the failed text), none ('No translation memory report for this variant.', with a request), or the fetch / load error; request a report, refresh, and re-read at the memoryReportUpdated push (translation-editor §3, §4, §5, §7, §8).",
    cases: {
      'memoryReport.open': [
        { validationId: 'val-1', pass: null },
        { validationId: 'val-2', pass: null },
      ],
      'memoryReport.openSegment': [{ path: TR_T1 }],
      'realtime.message': [{ namespace: '/item/i-fr', event: 'memoryReportUpdated', data: { messageId: 'm-mr', itemId: 'i-fr', validationId: 'val-1', reportId: 'mr1', status: 'completed' } }],
      'xstate.done.actor.fetchMemoryReport': [
        { output: { reports: [memoryReport('completed')] } },
        { output: { reports: [memoryReport('rejected', { message: 'The memory index is offline.' })] } },
        { output: { reports: [] } },
        { output: { reports: 'not a list' } },
      ],
      'xstate.error.actor.fetchMemoryReport': [httpRefusal(500, 'Database down')],
      'xstate.done.actor.requestMemoryReport': [{ output: { report: memoryReport('requested') } }],
      'xstate.error.actor.requestMemoryReport': [httpRefusal(403, 'You cannot request reports.'), httpRefusal(409, 'A report is being computed.')],
    },
  },
  {
    name: 'surveys',
    machine: surveysMachine,
    description:
      "The translation surveys: the submitted ones read at sign-in; per survey idle → in-progress → submitting → submitted (hidden) or failed (error toast, 5,000 ms); feedback trimmed or 'No feedback provided'; the smart-review survey only with at most 3 options, other with text, and something chosen or early access; dismissed for the session; feature-interest analytics events (the segment review false door) sent one after another, failures dropped (translation-editor §2, §3, §4, §5, §6, §7, §9).",
    cases: {
      'surveys.load': [{ email: 'vera.validator@example.com', userId: 'vera' }],
      'surveys.interest': [{ interest: 'segmentReviewOpened' }, { interest: 'segmentReviewNotifyMe' }],
      'surveys.start': [{ slug: 'translation-progress' }],
      'surveys.submit': [
        { slug: 'translation-progress', positive: true, feedback: '  Smooth so far.  ' },
        { slug: 'smart-review-survey', positive: null, feedback: '', response: { flagLowQualityTranslations: false, automaticallyImproveTranslations: false, suggestAlternativeTranslations: false, enhanceTranslationFlow: false, adjustTone: false, adaptToRegion: false, applyValidationEdits: false, other: false, requestsEarlyAccess: true, otherText: '' } },
      ],
      'surveys.dismiss': [{ slug: 'translation-progress' }],
      'xstate.done.actor.fetchSurveyStatus': [{ output: { submitted: ['smart-review-survey'] } }],
      'xstate.error.actor.submitSurvey': [httpRefusal(500, 'Database down')],
      'xstate.error.actor.trackEvent': [httpRefusal(500, 'Collector down')],
    },
  },
  {
    name: 'walkthrough',
    machine: walkthroughMachine,
    description: 'The feature walkthrough: steps given at start, Next and Previous (bounded), finish at the last step or dismiss early, each storing the time stamp (translation-editor §3, §4, §6).',
    cases: {
      'walkthrough.start': [{ steps: WALKTHROUGH_STEPS }],
      'walkthrough.finish': [{ at: '2026-11-22T10:00:00.000Z' }],
      'walkthrough.dismiss': [{ at: '2026-11-22T10:00:00.000Z' }],
    },
  },
  {
    name: 'audioDrawer',
    machine: audioDrawerMachine,
    description: "The translate tab's audio drawer: closed → open ('Validate audio elements') → closed by close, or by a segment chosen, which tells the translation actor to go to it (translation-editor §2).",
    cases: { 'audioDrawer.goTo': [{ key: TR_T1 }] },
  },
  {
    name: 'duplicateReview',
    machine: duplicateReviewMachine,
    description: "The translate tab's duplicate review dialog: closed → open for the edited segment's duplicates ('Show duplicates') → closed by close, or by a duplicate chosen, which tells the translation actor to go to it (translation-editor §2).",
    cases: { 'duplicateReview.open': [{ key: TR_T1 }], 'duplicateReview.goTo': [{ key: TR_T1 }] },
  },
];

/**
 * Cases of the events the memory report's dialog, smart review's button, the survey answers (which `surveys.submit`
 * sends: its cases replace the ones above) and the segment review false door added to their machines.
 */
const TOOL_DIALOG_CASES: Record<string, EventCases> = {
  memoryReport: { 'memoryReport.goToSegment': [{ path: TR_T1 }] },
  suggestions: { 'suggestions.pressSmartReview': [{ key: TR_T1, request: TOOL_REQUEST, duplicateKeys: [] }] },
  surveys: {
    'surveys.choose': [
      { option: 'adjustTone', checked: true },
      { option: 'requestsEarlyAccess', checked: true },
    ],
    'surveys.rate': [{ positive: true }],
    'surveys.write': [{ slug: 'translation-progress', text: '  Smooth so far.  ' }],
    'surveys.ask': [{ slug: 'translation-progress' }],
    'surveys.submit': [{ slug: 'translation-progress' }, { slug: 'smart-review-survey' }],
  },
};
for (const entry of translationEntries) Object.assign(entry.cases, TOOL_DIALOG_CASES[entry.name]);

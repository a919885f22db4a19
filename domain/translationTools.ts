/**
 * The translation editor's tools protocol (split from translation.ts, which re-exports it): find and replace,
 * duplicates, course updates and diff, translation memory, AI suggestions, surveys, snapshots (§2–§9) — the
 * spec's constants and words, the bodies and answers, the calls and the memory-report push.
 */
import type { TextType, ValidationChange } from './translationEntities.ts';

// =========================================================================================================
// The tools: find and replace, duplicates, course updates and diff, translation memory, AI suggestions, surveys,
// snapshots (§2–§9). The rules live in translationSearch.ts, translationDuplicates.ts, translationDiff.ts and
// translationAssist.ts; this part is the shared protocol and the spec's constants and words.

/** §9 search hits are limited to this many. */
export const SEARCH_RESULT_LIMIT = 1_000;
/** §9 navigating over this many matches defers the handler (a macrotask: the input stays responsive). */
export const SEARCH_DEFER_ABOVE = 500;
/** §5 locales searched by plain substring match (no word boundaries in these scripts). */
export const PLAIN_MATCH_LOCALES: readonly string[] = ['ja', 'zh-cn', 'zh-hans', 'zh-hant', 'zh-tw', 'ko'];
/** §9 suggestion time-out. */
export const SUGGESTION_TIMEOUT_MS = 120_000;
/** §9 duplicate preview navigate messages within this window are ignored. */
export const DUPLICATE_NAVIGATE_IGNORE_MS = 300;
/** §9 save success toast for save-to-all duplicates (a toast duration, kept with the others in constants.ts). */
export { SAVE_ALL_SUCCESS_TOAST_MS } from './constants.ts';
/** §9 low contrast threshold: text whose WCAG contrast ratio is below it is flagged. */
export const LOW_CONTRAST_THRESHOLD = 1.7;
/** §9 survey ids. */
export const SURVEY_IDS = ['translation-progress', 'request-review-finish', 'screenshot-annotation', 'smart-review-survey'] as const;
export type SurveyId = (typeof SURVEY_IDS)[number];
/** §9 max survey selections (smart-review survey; early access does not count). */
export const MAX_SURVEY_SELECTIONS = 3;
/** §4 survey failure toast. */
export const SURVEY_FAILURE_TOAST_MS = 5_000;
/** §9 slide capture (snapshot) time-out. */
export const SNAPSHOT_TIMEOUT_MS = 3_000;
/** Translation-memory hits need at least this similarity (hits at ≥ 75 %). */
export const MEMORY_HIT_MIN_SIMILARITY = 0.75;
/** §4 user storage: the save-to-all confirmation suppressed (the value is the ISO time stamp it was ticked). */
export const SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY = 'translation.skipSaveAllConfirm';
/** §2 user storage: when the course-updates popover was dismissed (ISO time stamp). */
export const UPDATES_POPOVER_DISMISSED_STORAGE_KEY = 'translation.updatesPopoverDismissedAt';
/** §4 user storage: the walkthrough finished or dismissed (ISO time stamp). */
export const WALKTHROUGH_DONE_STORAGE_KEY = 'translation.walkthroughDoneAt';
/** §7 surveys go to this integration unless told otherwise. */
export const DEFAULT_SURVEY_INTEGRATION = 'notion';
/** The product name sent with surveys and suggestions. */
export const TRANSLATION_PRODUCT_NAME = 'review-translations';

/**
 * Interest in a feature not built yet (§2 segment review false door), sent as analytics events (§7 POST /analytics:
 * userId, event, properties): the dialog opened, and "Notify me".
 */
export const FEATURE_INTEREST_EVENTS = {
  segmentReviewOpened: 'translation_segment_review_false_door_opened',
  segmentReviewNotifyMe: 'translation_segment_review_false_door_notify_me',
} as const;
export type FeatureInterest = keyof typeof FEATURE_INTEREST_EVENTS;

/** §7 POST /analytics body. */
export interface AnalyticsEventBody {
  userId: string;
  event: string;
  properties: Record<string, string>;
}

/** §8 words of the tools' area. */
export const TRANSLATION_TOOL_MESSAGES = {
  suggestion: {
    unauthorized: 'Authentication failed',
    badRequest: 'Invalid request parameters',
    server: 'Server error, please try again',
    timeout: 'Request timeout, please try again',
    failed: 'API request failed',
    unknown: 'Unknown error occurred',
    none: (path: string) => `No suggestion returned for ${path}`,
  },
  replace: 'Error updating replacement values',
  memoryReport: {
    none: 'No translation memory report for this variant.',
    fetch: 'Error fetching translation memory report',
    load: 'There was a problem loading the translation memory report',
    failed: 'The Translation memory Report failed for this variant with the following message:',
    failedDefault: 'The report could not be computed.',
    processing: 'The translation memory report is still being processed. Please try again in a few minutes.',
  },
  snapshot: {
    timeout: 'Timed out capturing the slide',
    malformed: 'Malformed snapshot',
    customCapture: 'Error: getting custom capture',
    slideCapture: (commentId: string) => `Error capturing slide for comment ${commentId}`,
  },
  playerError: 'Failed to parse player error JSON',
  noFeedback: 'No feedback provided',
} as const;

// ---- §7 AI suggestions (smart review): POST /translations/suggestions, 120 s time-out, no caching

/** What the client sends about the segment. `source` / `target` are stored strings (serializeSegmentText). */
export interface SuggestionTranslationItem {
  /** The segment's path key. */
  path: string;
  validationSegmentId: string;
  textType: TextType;
  source: string;
  target: string;
}
export interface SuggestionRequest {
  translationItem: SuggestionTranslationItem;
  targetLocale: string;
  sourceLocale: string;
  /** Plain texts (tags stripped, entities decoded). */
  extractedSourceText: string;
  extractedTranslatedText: string;
  /** Additive: the validation asked from (the service checks view rights on its item and scopes memory to its team). */
  validationId: string;
}
/** §3 one suggestion: a rewording of the target, why, and a confidence in [0, 1] (shown as a rounded percent). */
export interface Suggestion {
  target: string;
  context: string;
  confidence: number;
}
export interface SuggestionResult {
  /** Which model (or "translation-memory") produced it; saved with an applied suggestion as suggestionModel. */
  model: string;
  /** Comment on the current translation, and its rating in [0, 1]. */
  originalContext: string;
  originalRating: number;
  suggestions: Suggestion[];
}
/** §7 the answer: success and result both needed (§5); error otherwise. */
export interface SuggestionResponse {
  success: boolean;
  error?: string | null;
  message?: string | null;
  result?: SuggestionResult | null;
}

// ---- §7 translation-memory report: GET translations/validation/{validationId}/memory-report

/** §4 report status. */
export type MemoryReportStatus = 'requested' | 'processing' | 'completed' | 'rejected';
/** §3 a memory hit: a similar segment from the translation memory (metricValue = similarity in [0, 1]). */
export interface MemoryHit {
  metricValue: number;
  /** The similar source text. */
  similarSegment: string;
  /** Where it came from: "<course title> (<locale>)". */
  origin: string;
  /** Its validated translations. */
  translations: string[];
}
export interface MemoryReportItem {
  /** The segment's path key. */
  path: string;
  /** The segment's plain source text. */
  inputSegment: string;
  memoryHits: MemoryHit[];
}
/** §3 Translation-memory report (one per validation, i.e. per variant). */
export interface MemoryReport {
  id: string;
  validationId: string;
  status: MemoryReportStatus;
  sourceLanguage: string;
  targetLanguage: string;
  formality: 'default' | 'formal' | 'informal';
  /** The server's message of a rejected report (null: the default text). */
  message: string | null;
  requestedAt: string;
  completedAt: string | null;
  /** Only segments with at least one hit; empty until completed. */
  reportItems: MemoryReportItem[];
}
export interface MemoryReportResponse {
  reports: MemoryReport[];
}

// ---- §7 surveys: POST /translations/experience (204); GET /translations/experience (which the user submitted)

/** §3 Smart-review survey response. */
export interface SmartReviewSurveyResponse {
  flagLowQualityTranslations: boolean;
  automaticallyImproveTranslations: boolean;
  suggestAlternativeTranslations: boolean;
  enhanceTranslationFlow: boolean;
  adjustTone: boolean;
  adaptToRegion: boolean;
  applyValidationEdits: boolean;
  other: boolean;
  requestsEarlyAccess: boolean;
  otherText: string;
}
export const SMART_REVIEW_OPTIONS = [
  'flagLowQualityTranslations',
  'automaticallyImproveTranslations',
  'suggestAlternativeTranslations',
  'enhanceTranslationFlow',
  'adjustTone',
  'adaptToRegion',
  'applyValidationEdits',
  'other',
] as const satisfies readonly (keyof SmartReviewSurveyResponse)[];
export type SmartReviewOption = (typeof SMART_REVIEW_OPTIONS)[number];
export interface ExperienceBody {
  /** The user's e-mail. */
  user: string;
  slug: SurveyId;
  /** The feature asked about ("translations"). */
  feature: string;
  /** Trimmed; "No feedback provided" when empty (§5). */
  feedback: string;
  wasPositiveExperience: boolean | null;
  integrations: string[];
  product: string;
  /** The smart-review survey's answers (only with that slug). */
  surveyResponse?: SmartReviewSurveyResponse;
}
export interface ExperienceStatusResponse {
  /** Survey slugs this user has submitted. */
  submitted: SurveyId[];
}

// ---- §7 snapshot: POST {review service}/snapshot → text/plain (the stored snapshot's URL)

export interface SnapshotBody {
  /** base64 of the slide's HTML; a snapshot without html is malformed (§5). */
  html: string;
  height: number;
  width: number;
}

// ---- version diff: the previous version's validation (the spec does not show the path)

/** GET /translations/diff/{itemId}/{previousVersionId}/{targetLocale} (item-password header): what the client needs to diff. */
export interface PreviousValidationResponse {
  validationId: string;
  translationFilePath: string;
  /** The previous version's validation changes, keyed by path key. */
  paths: Record<string, ValidationChange>;
  versionNumber: number;
  /** When the previous version was created (a previous version counts as old after 30 days). */
  versionCreatedAt: string;
}

/**
 * The tools' calls (under /api unless said):
 * - suggestions: 200 SuggestionResponse (also when the provider found nothing: success true, suggestions []); 400
 *   malformed; 401 signed out; 403 no view rights or the `llmSuggestions` flag off; 5xx provider failure.
 * - memoryReport: 200 MemoryReportResponse (reports: [] when none was ever requested); 401/403/404 as validation.
 * - requestMemoryReport: 202 { report } (status requested; the service moves it to processing then completed or
 *   rejected in the background and pushes `memoryReportUpdated` { validationId, reportId, status } on /item/<itemId>);
 *   403 without translate-content; 409 when one is requested or processing already.
 * - experience: 204; 400 malformed; 401 signed out. experienceStatus: 200 ExperienceStatusResponse.
 * - snapshot: 200 text/plain; 400 malformed (no html, not base64, sizes not positive); 401 signed out.
 * - previousValidation: 200 PreviousValidationResponse; 404 no such version or no validation for it; 403 password.
 */
export const TRANSLATION_TOOL_CALLS = {
  suggestions: { method: 'POST', path: '/translations/suggestions' } as const,
  memoryReport: (validationId: string) => ({ method: 'GET', path: `/translations/validation/${encodeURIComponent(validationId)}/memory-report` }) as const,
  requestMemoryReport: (validationId: string) => ({ method: 'POST', path: `/translations/validation/${encodeURIComponent(validationId)}/memory-report` }) as const,
  experience: { method: 'POST', path: '/translations/experience' } as const,
  experienceStatus: { method: 'GET', path: '/translations/experience' } as const,
  snapshot: { method: 'POST', path: '/snapshot' } as const,
  previousValidation: (itemId: string, previousVersionId: string, targetLocale: string) =>
    ({ method: 'GET', path: `/translations/diff/${encodeURIComponent(itemId)}/${encodeURIComponent(previousVersionId)}/${encodeURIComponent(targetLocale)}` }) as const,
};

/** The tools' push on /item/<itemId>. */
export interface MemoryReportPush {
  itemId: string;
  validationId: string;
  reportId: string;
  status: MemoryReportStatus;
}

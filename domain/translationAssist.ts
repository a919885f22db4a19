/**
 * Smart review (AI suggestions), translation-memory reports, surveys, low contrast and the walkthrough
 * (translation-editor §3 AI suggestion entry, Translation-memory report, Survey, Walkthrough step; §4 suggestion,
 * memory-report, survey and walkthrough states; §5 suggestion, survey and low-contrast rules; §8 their words).
 */
import {
  type MemoryReport,
  type SmartReviewSurveyResponse,
  type SuggestionResult,
  type SurveyId,
} from './translation.ts';
import type { TranslationModel } from './translationModel.ts';

// ---- suggestions

/** §4 suggestion state of a segment. */
export type SuggestionState = 'fetching' | 'fetched' | 'hidden' | 'error';
/** §3 AI suggestion entry (per segment key). */
export interface SuggestionEntry {
  state: SuggestionState;
  result: SuggestionResult | null;
  error: string | null;
}

/** §5 a response needs both success and a result (with a suggestions array); the result, else null. Untrusted input. */
export function parseSuggestionResponse(raw: unknown): SuggestionResult | null {
  void raw;
  throw new Error('not implemented');
}

/** How a suggestion request failed. */
export type SuggestionFailure =
  | { kind: 'http'; status: number; body: unknown }
  | { kind: 'timeout' }
  /** Anything not a request failure (a thrown error before or after the call). */
  | { kind: 'other' };
/**
 * §8 the words: 401 "Authentication failed"; 400 "Invalid request parameters"; 5xx "Server error, please try again";
 * time-out "Request timeout, please try again"; other statuses the body's error or message, else "API request
 * failed"; non-request errors "Unknown error occurred".
 */
export function suggestionErrorMessage(failure: SuggestionFailure): string {
  void failure;
  throw new Error('not implemented');
}

/** §5 a fetch is skipped if one is already fetching, fetched or hidden for the segment or any of `duplicateKeys` (formatting duplicates). */
export function shouldFetchSuggestion(entries: Readonly<Record<string, SuggestionEntry>>, key: string, duplicateKeys: readonly string[]): boolean {
  void entries;
  void key;
  void duplicateKeys;
  throw new Error('not implemented');
}

/** §4 toggling smart review flips hidden ↔ fetched (other states unchanged). */
export function toggledSuggestionState(state: SuggestionState): SuggestionState {
  void state;
  throw new Error('not implemented');
}

/** §9 confidence shown as a rounded percent: 0.874 → "87%". Clamped to 0–100. */
export function confidencePercent(confidence: number): string {
  void confidence;
  throw new Error('not implemented');
}

// ---- translation-memory reports

/** §4 fetching state of the report. */
export type MemoryReportFetching = 'init' | 'fetching' | 'fetched' | 'error';

/** Parses an untrusted GET memory-report answer; throws an Error with TRANSLATION_TOOL_MESSAGES.memoryReport.load when malformed. */
export function parseMemoryReports(raw: unknown): MemoryReport[] {
  void raw;
  throw new Error('not implemented');
}

/**
 * §5 the report of a variant (validation): the latest requested report of that validation; an Error with
 * "No translation memory report for this variant." when there is none.
 */
export function memoryReportForVariant(reports: readonly MemoryReport[], validationId: string): MemoryReport {
  void reports;
  void validationId;
  throw new Error('not implemented');
}

/** §8 the failed-report text: the dialog sentence plus the server message or the default. */
export function failedReportText(report: Pick<MemoryReport, 'message'>): string {
  void report;
  throw new Error('not implemented');
}

// ---- surveys

/** §4 survey status. */
export type SurveyStatus = 'idle' | 'in-progress' | 'submitting' | 'submitted' | 'failed';

/** §5 the feedback sent: trimmed, "No feedback provided" when empty. */
export function surveyFeedback(text: string): string {
  void text;
  throw new Error('not implemented');
}

export const EMPTY_SMART_REVIEW_RESPONSE: SmartReviewSurveyResponse = {
  flagLowQualityTranslations: false,
  automaticallyImproveTranslations: false,
  suggestAlternativeTranslations: false,
  enhanceTranslationFlow: false,
  adjustTone: false,
  adaptToRegion: false,
  applyValidationEdits: false,
  other: false,
  requestsEarlyAccess: false,
  otherText: '',
};

/** The number of options selected (early access not counted). */
export function smartReviewSelections(response: SmartReviewSurveyResponse): number {
  void response;
  throw new Error('not implemented');
}
/**
 * §5 why the smart-review survey cannot be submitted: more than 3 selections (early access not counted); "other"
 * without text (trimmed); nothing selected and no early access. Null when it can.
 */
export function smartReviewSurveyProblem(response: SmartReviewSurveyResponse): 'tooManySelections' | 'otherNeedsText' | 'nothingSelected' | null {
  void response;
  throw new Error('not implemented');
}
/** Whether one more option may be ticked (fewer than 3 selected). */
export function canSelectMoreOptions(response: SmartReviewSurveyResponse): boolean {
  void response;
  throw new Error('not implemented');
}

/** §6 the feedback survey (translation-progress) shows once the user has edited, unless submitted already. */
export function isSurveyShown(slug: SurveyId, input: { submitted: readonly SurveyId[]; hasEdited: boolean; flagOn: boolean }): boolean {
  void slug;
  void input;
  throw new Error('not implemented');
}

// ---- low contrast

/** WCAG 2 contrast ratio of two CSS hex colours (#rgb or #rrggbb), in [1, 21]; null when either is not a hex colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  void foreground;
  void background;
  throw new Error('not implemented');
}

/**
 * §5 low contrast: the keys of playerJson segments with a span whose `color` against its background (the span's
 * `backgroundColor`, else the block's, else `defaultBackground`) has a contrast ratio below 1.7
 * (§3 lowContrastTextPaths). Spans of whitespace only are ignored.
 */
export function lowContrastTextPaths(model: TranslationModel, defaultBackground?: string): string[] {
  void model;
  void defaultBackground;
  throw new Error('not implemented');
}

// ---- walkthrough

/** §3 Walkthrough step (the words live in the views' catalogue; steps are identified by id). */
export interface WalkthroughStep {
  id: string;
  /** CSS selector of the element highlighted. */
  highlightSelector: string;
  /** An alternative button (e.g. "Skip tour") on the step. */
  altButton?: boolean;
}

/** §6 the progress walkthrough is shown to non-owners who have not finished or dismissed it. */
export function isWalkthroughShown(input: { isOwner: boolean; doneAt: string | null; signedIn: boolean }): boolean {
  void input;
  throw new Error('not implemented');
}

/**
 * Smart review (AI suggestions), translation-memory reports, surveys, low contrast and the walkthrough
 * (translation-editor §3 AI suggestion entry, Translation-memory report, Survey, Walkthrough step; §4 suggestion,
 * memory-report, survey and walkthrough states; §5 suggestion, survey and low-contrast rules; §8 their words).
 */
import {
  LOW_CONTRAST_THRESHOLD,
  MAX_SURVEY_SELECTIONS,
  SMART_REVIEW_OPTIONS,
  TRANSLATION_TOOL_MESSAGES,
  type MemoryHit,
  type MemoryReport,
  type MemoryReportItem,
  type MemoryReportStatus,
  type PlayerJsonText,
  type SmartReviewSurveyResponse,
  type Suggestion,
  type SuggestionResult,
  type SurveyId,
} from './translation.ts';
import type { TranslationModel } from './translationModel.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isUnitNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;

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
  if (!isObject(raw) || raw.success !== true || !isObject(raw.result)) return null;
  const result = raw.result;
  if (typeof result.model !== 'string' || !Array.isArray(result.suggestions)) return null;
  const suggestions: Suggestion[] = [];
  for (const entry of result.suggestions as unknown[]) {
    if (!isObject(entry) || typeof entry.target !== 'string' || typeof entry.context !== 'string' || !isUnitNumber(entry.confidence)) return null;
    suggestions.push({ target: entry.target, context: entry.context, confidence: entry.confidence });
  }
  return {
    model: result.model,
    originalContext: typeof result.originalContext === 'string' ? result.originalContext : '',
    originalRating: isUnitNumber(result.originalRating) ? result.originalRating : 0,
    suggestions,
  };
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
  const words = TRANSLATION_TOOL_MESSAGES.suggestion;
  if (failure.kind === 'timeout') return words.timeout;
  if (failure.kind === 'other') return words.unknown;
  if (failure.status === 401) return words.unauthorized;
  if (failure.status === 400) return words.badRequest;
  if (failure.status >= 500) return words.server;
  const body = failure.body;
  if (isObject(body)) {
    if (typeof body.error === 'string' && body.error.trim() !== '') return body.error;
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  }
  return words.failed;
}

/** §5 a fetch is skipped if one is already fetching, fetched or hidden for the segment or any of `duplicateKeys` (formatting duplicates). */
export function shouldFetchSuggestion(entries: Readonly<Record<string, SuggestionEntry>>, key: string, duplicateKeys: readonly string[]): boolean {
  const busy = (k: string) => {
    const state = Object.prototype.hasOwnProperty.call(entries, k) ? entries[k]?.state : undefined;
    return state === 'fetching' || state === 'fetched' || state === 'hidden';
  };
  if (busy(key)) return false;
  for (const duplicate of duplicateKeys) if (busy(duplicate)) return false;
  return true;
}

/** §4 toggling smart review flips hidden ↔ fetched (other states unchanged). */
export function toggledSuggestionState(state: SuggestionState): SuggestionState {
  return state === 'hidden' ? 'fetched' : state === 'fetched' ? 'hidden' : state;
}

/** §9 confidence shown as a rounded percent: 0.874 → "87%". Clamped to 0–100. */
export function confidencePercent(confidence: number): string {
  const percent = Number.isFinite(confidence) ? Math.round(confidence * 100) : 0;
  return `${Math.min(100, Math.max(0, percent))}%`;
}

// ---- translation-memory reports

/** §4 fetching state of the report. */
export type MemoryReportFetching = 'init' | 'fetching' | 'fetched' | 'error';

/** Parses an untrusted GET memory-report answer; throws an Error with TRANSLATION_TOOL_MESSAGES.memoryReport.load when malformed. */
export function parseMemoryReports(raw: unknown): MemoryReport[] {
  const fail = (): never => {
    throw new Error(TRANSLATION_TOOL_MESSAGES.memoryReport.load);
  };
  if (!isObject(raw) || !Array.isArray(raw.reports)) fail();
  return ((raw as { reports: unknown[] }).reports).map((entry) => parseMemoryReport(entry) ?? fail());
}

/**
 * §5 the report of a variant (validation): the latest requested report of that validation; an Error with
 * "No translation memory report for this variant." when there is none.
 */
export function memoryReportForVariant(reports: readonly MemoryReport[], validationId: string): MemoryReport {
  let latest: MemoryReport | null = null;
  let latestAt = Number.NEGATIVE_INFINITY;
  for (const report of reports) {
    if (report.validationId !== validationId) continue;
    const at = Date.parse(report.requestedAt);
    const time = Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
    if (latest === null || time >= latestAt) {
      latest = report;
      latestAt = time;
    }
  }
  if (latest === null) throw new Error(TRANSLATION_TOOL_MESSAGES.memoryReport.none);
  return latest;
}

/** §8 the failed-report text: the dialog sentence plus the server message or the default. */
export function failedReportText(report: Pick<MemoryReport, 'message'>): string {
  const words = TRANSLATION_TOOL_MESSAGES.memoryReport;
  const message = report.message !== null && report.message.trim() !== '' ? report.message : words.failedDefault;
  return `${words.failed} ${message}`;
}

// ---- surveys

/** §4 survey status. */
export type SurveyStatus = 'idle' | 'in-progress' | 'submitting' | 'submitted' | 'failed';

/** §5 the feedback sent: trimmed, "No feedback provided" when empty. */
export function surveyFeedback(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' ? TRANSLATION_TOOL_MESSAGES.noFeedback : trimmed;
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
  let count = 0;
  for (const option of SMART_REVIEW_OPTIONS) if (response[option]) count++;
  return count;
}
/**
 * §5 why the smart-review survey cannot be submitted: more than 3 selections (early access not counted); "other"
 * without text (trimmed); nothing selected and no early access. Null when it can.
 */
export function smartReviewSurveyProblem(response: SmartReviewSurveyResponse): 'tooManySelections' | 'otherNeedsText' | 'nothingSelected' | null {
  const selections = smartReviewSelections(response);
  if (selections > MAX_SURVEY_SELECTIONS) return 'tooManySelections';
  if (response.other && response.otherText.trim() === '') return 'otherNeedsText';
  if (selections === 0 && !response.requestsEarlyAccess) return 'nothingSelected';
  return null;
}
/** Whether one more option may be ticked (fewer than 3 selected). */
export function canSelectMoreOptions(response: SmartReviewSurveyResponse): boolean {
  return smartReviewSelections(response) < MAX_SURVEY_SELECTIONS;
}

/** §6 the feedback survey (translation-progress) shows once the user has edited, unless submitted already. */
export function isSurveyShown(slug: SurveyId, input: { submitted: readonly SurveyId[]; hasEdited: boolean; flagOn: boolean }): boolean {
  if (!input.flagOn || input.submitted.includes(slug)) return false;
  return slug === 'translation-progress' ? input.hasEdited : true;
}

// ---- low contrast

/** WCAG 2 contrast ratio of two CSS hex colours (#rgb or #rrggbb), in [1, 21]; null when either is not a hex colour. */
export function contrastRatio(foreground: string, background: string): number | null {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * §5 low contrast: the keys of playerJson segments with a span whose `color` against its background (the span's
 * `backgroundColor`, else the block's, else `defaultBackground`) has a contrast ratio below 1.7
 * (§3 lowContrastTextPaths). Spans of whitespace only are ignored.
 */
export function lowContrastTextPaths(model: TranslationModel, defaultBackground?: string): string[] {
  const fallback = defaultBackground ?? '#ffffff';
  const keys: string[] = [];
  for (const segment of model.segments) {
    if (segment.textType !== 'playerJson') continue;
    if (hasLowContrast(segment.source, fallback) || hasLowContrast(segment.originalTarget, fallback)) keys.push(segment.key);
  }
  return keys;
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

/** The `data-walkthrough` values of the translate tab's tour, in the order it shows them. */
export const TRANSLATION_WALKTHROUGH_TARGETS = ['segments', 'filter', 'complete', 'search'] as const;
export type TranslationWalkthroughTarget = (typeof TRANSLATION_WALKTHROUGH_TARGETS)[number];

/**
 * The translate tab's tour (§2 feature walkthrough): the segment table, the segment filter, Mark complete, the search
 * / replace bar; "Skip tour" on every step but the last. The one list of steps: the composition root starts the tour
 * with it, the help menu restarts it with it, and the views only add each step's words by id, so the card's
 * "Step i of n" and the machine's index always agree.
 */
export const TRANSLATION_WALKTHROUGH_STEPS: readonly WalkthroughStep[] = TRANSLATION_WALKTHROUGH_TARGETS.map((id, index, all) => ({
  id,
  highlightSelector: `[data-walkthrough="${id}"]`,
  altButton: index < all.length - 1,
}));

/** §6 the progress walkthrough is shown to non-owners who have not finished or dismissed it. */
export function isWalkthroughShown(input: { isOwner: boolean; doneAt: string | null; signedIn: boolean }): boolean {
  return input.signedIn && !input.isOwner && input.doneAt === null;
}

// ---- helpers

const REPORT_STATUSES: readonly MemoryReportStatus[] = ['requested', 'processing', 'completed', 'rejected'];
const FORMALITIES: readonly MemoryReport['formality'][] = ['default', 'formal', 'informal'];
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null | undefined => value === undefined || value === null || typeof value === 'string';

function parseMemoryHit(raw: unknown): MemoryHit | null {
  if (!isObject(raw) || typeof raw.metricValue !== 'number' || !Number.isFinite(raw.metricValue)) return null;
  if (!isString(raw.similarSegment) || !isString(raw.origin) || !Array.isArray(raw.translations) || !raw.translations.every(isString)) return null;
  return { metricValue: raw.metricValue, similarSegment: raw.similarSegment, origin: raw.origin, translations: [...(raw.translations as string[])] };
}

function parseReportItem(raw: unknown): MemoryReportItem | null {
  if (!isObject(raw) || !isString(raw.path) || !isString(raw.inputSegment) || !Array.isArray(raw.memoryHits)) return null;
  const memoryHits: MemoryHit[] = [];
  for (const entry of raw.memoryHits as unknown[]) {
    const hit = parseMemoryHit(entry);
    if (hit === null) return null;
    memoryHits.push(hit);
  }
  return { path: raw.path, inputSegment: raw.inputSegment, memoryHits };
}

/** One report, copied field by field (unknown fields dropped); null when malformed. */
function parseMemoryReport(raw: unknown): MemoryReport | null {
  if (!isObject(raw) || !isString(raw.id) || !isString(raw.validationId) || !isString(raw.requestedAt)) return null;
  if (!REPORT_STATUSES.includes(raw.status as MemoryReportStatus) || !FORMALITIES.includes(raw.formality as MemoryReport['formality'])) return null;
  if (!isString(raw.sourceLanguage) || !isString(raw.targetLanguage) || !isNullableString(raw.message) || !isNullableString(raw.completedAt)) return null;
  const items = raw.reportItems ?? [];
  if (!Array.isArray(items)) return null;
  const reportItems: MemoryReportItem[] = [];
  for (const entry of items as unknown[]) {
    const item = parseReportItem(entry);
    if (item === null) return null;
    reportItems.push(item);
  }
  return {
    id: raw.id,
    validationId: raw.validationId,
    status: raw.status as MemoryReportStatus,
    sourceLanguage: raw.sourceLanguage,
    targetLanguage: raw.targetLanguage,
    formality: raw.formality as MemoryReport['formality'],
    message: raw.message ?? null,
    requestedAt: raw.requestedAt,
    completedAt: raw.completedAt ?? null,
    reportItems,
  };
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG 2 relative luminance of a #rgb / #rrggbb colour (sRGB channels linearized); null when not one. */
function relativeLuminance(colour: string): number | null {
  const text = colour.trim();
  if (!HEX_COLOUR.test(text)) return null;
  const hex = text.length === 4 ? `${text[1]}${text[1]}${text[2]}${text[2]}${text[3]}${text[3]}` : text.slice(1);
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** A non-blank span whose colour is below the threshold against its background. */
function hasLowContrast(text: unknown, defaultBackground: string): boolean {
  if (!isObject(text) || !Array.isArray(text.blocks)) return false;
  for (const block of (text as unknown as PlayerJsonText).blocks) {
    const blockBackground = block.style?.backgroundColor;
    for (const span of block.spans) {
      const colour = span.style.color;
      if (typeof colour !== 'string' || span.text.trim() === '') continue;
      const spanBackground = span.style.backgroundColor;
      const background = typeof spanBackground === 'string' ? spanBackground : typeof blockBackground === 'string' ? blockBackground : defaultBackground;
      const ratio = contrastRatio(colour, background);
      if (ratio !== null && ratio < LOW_CONTRAST_THRESHOLD) return true;
    }
  }
  return false;
}

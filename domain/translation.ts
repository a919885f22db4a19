/**
 * The translation editor's protocol (translation-editor §3 entities, §7 calls and pushes, §8 messages, §9
 * constants): the translation file on the CDN, the validation answer, the commands, progress, get-segments and
 * reset calls, the realtime translation events, the language map, and the stack sidebar's call. Both the client
 * and the reference service import these types; the service validates every body against them.
 *
 * Vocabulary:
 * - a *path* is the array of node ids from the file's root to a node; its *key* (`stringPath`) is
 *   `JSON.stringify(path)`; validation changes, progress and locks are keyed by it;
 * - a *nav group* is what the bottom bar steps through and what is marked complete: a Storyline slide (types
 *   slide, question, template, or a special slide menu / resources / glossary) or a Rise lesson (or the course
 *   overview); its key is the *navKey* of every segment inside it;
 * - a segment is *locked* when its nav group is complete (reopen to edit) or the version shown is not the latest
 *   (the previous-version lock banner).
 *
 * HTTP under the review API base (/api); errors are `{ error, message }` JSON. The item password travels in
 * {@link TRANSLATION_ITEM_PASSWORD_HEADER}. The CDN is the `cdn` service of /config.json.
 */

// ---------------------------------------------------------------------------------------------------------
// §9 constants

/** §2 view modes (the tools own search, replace and course updates). */
export type ViewMode = 'group' | 'search' | 'replace' | 'courseUpdates';
/** §9 group types: Rise section and lesson; Storyline layer, template, slide, scene, question; questionBank. */
export type GroupType = 'section' | 'lesson' | 'layer' | 'template' | 'slide' | 'scene' | 'question' | 'questionBank';
export const GROUP_TYPES: readonly GroupType[] = ['section', 'lesson', 'layer', 'template', 'slide', 'scene', 'question', 'questionBank'];
/** §9 special Storyline slide ids (player-level text: shown as their own nav groups). */
export const SPECIAL_SLIDE_IDS = ['menu', 'resources', 'glossary'] as const;
/** §9 Rise course-overview ids. */
export const COURSE_OVERVIEW_IDS = ['overview', 'course'] as const;
/** §9 the default scene title, shown as "Global". */
export const DEFAULT_SCENE_TITLE = '1 Untitled Scene';
export const DEFAULT_SCENE_DISPLAY_TITLE = 'Global';
/** §9 slide-template groups are titled so. */
export const SLIDE_TEMPLATE_TITLE = 'Slide Template';
/** §9 the zero GUID: a placeholder id. */
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';
/** §5 right-to-left locales. */
export const RTL_LOCALES: readonly string[] = ['ar', 'fa-ir', 'fa-af', 'he'];
/** §5, §9 each batch of changes serializes under this many characters, else a new batch starts. */
export const CHANGE_BATCH_LIMIT_CHARS = 90_000;
/** §9 a previous version counts as old after this many days. */
export const PREVIOUS_VERSION_OLD_AFTER_DAYS = 30;
/** §9 message id de-duplication window. */
export const TRANSLATION_MESSAGE_DEDUP_MS = 10_000;
/** §9 debounce on navigation and filter toggles. */
export const TRANSLATION_NAV_DEBOUNCE_MS = 100;
/** §9 save success toast: one segment. */
export const SAVE_SUCCESS_TOAST_MS = 2_000;
/** §9 the edit toast. */
export const EDIT_TOAST_MS = 10_000;
/** §2 the language map's default display locale. */
export const DEFAULT_DISPLAY_LOCALE = 'en';
/** The oldest Storyline release whose output the editor accepts edits for (§5 "old Storyline versions"). */
export const MIN_STORYLINE_TRANSLATION_VERSION = '3.60';
/** The user-storage key that remembers "don't ask again" on the reopen confirmation (§4 group progress). */
export const SKIP_REOPEN_CONFIRM_STORAGE_KEY = 'translation.skipReopenConfirm';
/** The command numbers of POST commands: 0 updates a segment; 1 approves one (not implemented, §5). */
export const COMMAND_UPDATE = 0;
export const COMMAND_APPROVE = 1;
/** The `view` field sent with every change. */
export const TRANSLATION_VIEW = 'translate';

// ---------------------------------------------------------------------------------------------------------
// §8 messages the domain, the machines and the service share (the spec's words)

export const TRANSLATION_MESSAGES = {
  loadPreviousEdits: 'There was a problem loading previous edits made to the translations',
  fetchStatus: (status: number) => `Could not fetch translations, status ${status}`,
  loadFile: 'There was a problem loading the translation file',
  loadPreviousFile: 'There was a problem loading the previous translation file',
  saveChange: (reason: string) => `Error saving translation change: ${reason}`,
  markComplete: 'Error marking translation group complete',
  reopen: 'Error reopening translation group',
  reset: 'The was a problem while resetting',
  approvals: 'Segment approvals not yet implemented.',
  languageMap: 'Error requesting language map from cdn',
  questionBankMissing: 'No question bank group found for slide draw group',
  notInUiGroup: 'Some items were not part of any uiGroup',
  oldStoryline:
    'The storyline version used for translations is no longer supported. Please update to the latest Storyline version and re-publish the project.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §3 the translation file (GET {cdn}/{translationFilePath})

export type TextType = 'text' | 'html' | 'playerJson';
export const TEXT_TYPES: readonly TextType[] = ['text', 'html', 'playerJson'];

/** Span style of Storyline player text: font, size, colour, bold, italic, underline... kept as given. */
export type SpanStyle = Record<string, string | number | boolean>;
/** §3 a styled span of playerJson text. */
export interface PlayerJsonSpan {
  text: string;
  style: SpanStyle;
}
/** §3 a block (paragraph) of playerJson text. */
export interface PlayerJsonBlock {
  spans: PlayerJsonSpan[];
  style?: SpanStyle;
}
/** §3 playerJson text: blocks of spans. A span's place is (blockIndex, spanIndex). */
export interface PlayerJsonText {
  blocks: PlayerJsonBlock[];
}
/** A segment's text: a string for text and html, blocks for playerJson. */
export type SegmentText = string | PlayerJsonText;

/** §3 Segment meta. */
export interface SegmentMeta {
  isAuthored?: boolean;
  correctAnswer?: boolean;
  /** Audio text (drawer): script, captions or transcript. */
  type?: 'script' | 'captions' | 'transcript';
  /** Rise timed text (captions with times): the editor refuses enter (§5). */
  timedText?: boolean;
}

/** A text segment of the file (§3 Segment, as stored). */
export interface TranslationItemNode {
  type: 'item';
  id: string;
  textType: TextType;
  source: SegmentText;
  /** The imported (machine or authoring) translation: the segment's originalTarget. */
  target: SegmentText;
  validationSegmentId: string;
  meta?: SegmentMeta;
  /** What the player needs to show the segment (slide id, lesson id, ...). */
  livePreviewData?: { slideId?: string; lessonId?: string } | null;
}

/** §3 Group meta. */
export interface GroupMeta {
  type: GroupType;
  typeIndex?: number;
  /** "1.3": scene 1, slide 3. */
  sceneSlideIndex?: string;
  courseOverview?: boolean;
  /** A slide that draws its questions from a question bank. */
  slideDraw?: { questionBankId: string; buttonTitle?: string };
}

/** A group of the file (§3 Group, as stored). */
export interface TranslationGroupNode {
  type: 'group';
  id: string;
  title: string;
  meta: GroupMeta;
  /** A slide-master / template group ("Slide Template"). */
  template?: boolean;
  children: TranslationNode[];
}

export type TranslationNode = TranslationItemNode | TranslationGroupNode;
export type TranslationProduct = 'storyline' | 'rise';

/** §3 Translation file. */
export interface TranslationFile {
  sourceLocale: string;
  targetLocale: string;
  /** The item version (1-based) the file was made from. */
  version: number;
  product: TranslationProduct;
  /** Storyline release that published the course ("3.91.31176.0"); absent for Rise. */
  storylineVersion?: string;
  /** The course as translated in this version. */
  children: TranslationNode[];
  /** The same course as the previous version had it (empty for a first version): for the version filters. */
  baseChildren: TranslationNode[];
  /** Ids of translation-memory reports. */
  translationMemoryReportIds: string[];
}

// ---------------------------------------------------------------------------------------------------------
// §3 validation changes and progress

/** §4 validation change status: a user's edit is pending; completing its group accepts it; approved is accepted's other reading. */
export type ValidationChangeStatus = 'pending' | 'accepted' | 'approved';

/** §3 Validation change (replacement), keyed by the segment's path key. `newValue` is decoded text (playerJson: its JSON). */
export interface ValidationChange {
  validationSegmentId: string;
  status: ValidationChangeStatus;
  replacement: { newValue: string; unsavedValue?: string | null };
  forceUpdate?: boolean;
  /** The user id of whoever saved it. */
  proposedBy: string;
  proposedAt: string;
  lastAcceptedDate: string | null;
  lastAcceptedBy: string | null;
  suggestionModel?: string | null;
}

/** §3 progressDetails: a nav group marked complete (keyed by the group's path key). */
export interface ProgressDetail {
  userId: string;
  updatedAt: string;
  isCourseUpdate: boolean;
}

/** §3 profiles: names of the people who edited or completed. */
export interface TranslationProfile {
  firstName: string;
  lastName: string;
}

/** Course updates per path. */
export type UpdateType = 'added' | 'changed' | 'removed';

// ---------------------------------------------------------------------------------------------------------
// §7 calls

/** The optional item-password header of the translation calls. */
export const TRANSLATION_ITEM_PASSWORD_HEADER = 'x-item-password';

/** GET /translations/validation/{itemId}/{versionId}/{targetLocale} answer (§7). */
export interface ValidationResponse {
  validationId: string;
  /** Relative to the CDN base. */
  translationFilePath: string;
  /** Validation changes keyed by path key. */
  paths: Record<string, ValidationChange>;
  progressDetails: Record<string, ProgressDetail>;
  updates: Record<string, UpdateType>;
  /** By user id. */
  profiles: Record<string, TranslationProfile>;
  showCourseUpdates: boolean;
}

/** One change of POST commands (§7). `data.newValue` is base64 of the UTF-8 text. */
export interface CommandChange {
  /** The path key (JSON string of the path). */
  path: string;
  command: typeof COMMAND_UPDATE | typeof COMMAND_APPROVE;
  data: { newValue: string; normalizedLevenshteinDistance: number };
  isCourseUpdate: boolean;
  suggestionModel?: string | null;
}

/** POST /translations/validation/commands/{validationId} body (§7): one batch. */
export interface CommandsBody {
  email: string;
  changes: CommandChange[];
  view: string;
}
/** Its answer: the changes as stored now (keyed by path key). */
export interface CommandsResponse {
  success: true;
  paths: Record<string, ValidationChange>;
}

/** PUT (complete) and DELETE (reopen) /translations/validation/{validationId}/progress body (§7): 204. */
export interface ProgressBody {
  /** The nav group's path key. */
  path: string;
  email: string;
  view: string;
  isCourseUpdate: boolean;
}

/** POST /translations/validation/get-segments body and answer (§7). */
export interface GetSegmentsBody {
  validationSegmentIds: string[];
  /** Optional (additive): only that validation's segments; the same segment id can be in several versions' validations. */
  validationId?: string;
}
export interface SegmentState {
  validationSegmentId: string;
  /** The validation the segment belongs to (additive: the service always sends it). */
  validationId?: string;
  /** The segment's path key. */
  path: string;
  /** Its change now, null when it has none (reset). */
  change: ValidationChange | null;
}
export interface GetSegmentsResponse {
  data: SegmentState[];
}

/** PUT /translations/validation/segment/{validationId}/reset body (§7): 204; the segment's change is removed. */
export interface ResetSegmentBody {
  path: string;
  command: typeof COMMAND_UPDATE;
  data: { newValue: string };
  isCourseUpdate: boolean;
  view: string;
  email: string;
}

/** §3 Language map entry; the map is keyed by locale code (lower case, "fr", "zh-cn"). */
export interface LanguageMapEntry {
  authorDisplayName?: string;
  displayName: string;
  ISO639_1?: string;
  script?: string;
  variant?: string;
}
export type LanguageMap = Record<string, LanguageMapEntry>;

/** The stack sidebar's entries (GET /translations/stack/{itemId}; the spec does not name the path). */
export interface TranslationStackEntry {
  itemId: string;
  title: string;
  locale: string;
  role: 'source' | 'target';
  /** Nav groups complete / all, in the latest version; null for the source or when not yet computed. */
  progress: { complete: number; total: number } | null;
}
export interface TranslationStackResponse {
  stackId: string;
  /** The stack's title (the item view's header shows it for every member: review-and-content §2 "or stack title"). */
  title: string;
  sourceLocale: string;
  entries: TranslationStackEntry[];
}

/**
 * The calls (method and path under /api; the CDN ones under the cdn service):
 * - validation: 200 ValidationResponse; 401 signed-in token invalid; 403 password needed (`unauthorized`) or no
 *   access; 404 no such item, version or target locale.
 * - commands: 200 CommandsResponse; 400 malformed, unknown path (`segmentNotFound`), empty value, command 1
 *   (`approvalsNotImplemented`: "Segment approvals not yet implemented."); 401 signed out; 403 no translate-content
 *   permission (`forbidden`); 409 the segment is locked (`locked`) or the Storyline release is too old (`unsupportedVersion`).
 * - progress PUT / DELETE: 204; 400 not a nav group; 401; 403; 409 previous version locked.
 * - getSegments: 200; 400 malformed. resetSegment: 204; 400; 401; 403; 409 locked.
 * - stack: 200; 404 not in a translation stack.
 */
export const TRANSLATION_CALLS = {
  validation: (itemId: string, versionId: string, targetLocale: string) =>
    ({ method: 'GET', path: `/translations/validation/${encodeURIComponent(itemId)}/${encodeURIComponent(versionId)}/${encodeURIComponent(targetLocale)}` }) as const,
  commands: (validationId: string) => ({ method: 'POST', path: `/translations/validation/commands/${encodeURIComponent(validationId)}` }) as const,
  completeGroup: (validationId: string) => ({ method: 'PUT', path: `/translations/validation/${encodeURIComponent(validationId)}/progress` }) as const,
  reopenGroup: (validationId: string) => ({ method: 'DELETE', path: `/translations/validation/${encodeURIComponent(validationId)}/progress` }) as const,
  getSegments: { method: 'POST', path: '/translations/validation/get-segments' } as const,
  resetSegment: (validationId: string) => ({ method: 'PUT', path: `/translations/validation/segment/${encodeURIComponent(validationId)}/reset` }) as const,
  stack: (itemId: string) => ({ method: 'GET', path: `/translations/stack/${encodeURIComponent(itemId)}` }) as const,
  /** Under the cdn service: the language map per display locale. */
  languageMap: (displayLocale: string) => `language-map/${encodeURIComponent(displayLocale)}.json`,
};

/** Refusal codes of the translation calls (the `error` field). */
export type TranslationRefusal =
  | 'invalidRequest'
  | 'unauthenticated'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'segmentNotFound'
  | 'locked'
  | 'unsupportedVersion'
  | 'approvalsNotImplemented'
  | 'notANavGroup'
  /** A translation-memory report of the validation is requested or processing already (409). */
  | 'reportInProgress';

// ---------------------------------------------------------------------------------------------------------
// §7 realtime translation events, on /item/<itemId> (`messageId` added by the realtime layer)

export interface TranslationPushes {
  /** Segments changed by someone: the client refreshes them through get-segments. `itemIdHash` is the item's id hash. */
  updateSegments: { itemIdHash: string; itemId: string; validationId: string; version: number; validationSegmentIds: string[]; by: string };
  resetSegment: { itemId: string; validationId: string; path: string; validationSegmentId: string; by: string };
  /** A nav group marked complete; `changes` are its segments' changes now accepted. */
  groupComplete: { itemId: string; validationId: string; path: string; progress: ProgressDetail; changes: Record<string, ValidationChange>; profiles: Record<string, TranslationProfile> };
  /** A nav group reopened; `changes` are its segments' changes back to pending. */
  deleteProgress: { itemId: string; validationId: string; path: string; changes: Record<string, ValidationChange>; by: string };
}
export type TranslationPushName = keyof TranslationPushes;
export const TRANSLATION_PUSH_NAMES: readonly TranslationPushName[] = ['updateSegments', 'resetSegment', 'groupComplete', 'deleteProgress'];

// ---------------------------------------------------------------------------------------------------------
// Small shared rules

/** The path key (§7 stringPath). */
export function pathKey(path: readonly string[]): string {
  return JSON.stringify(path);
}

/** The path of a path key, or null when it is not a JSON array of strings. */
export function parsePathKey(key: string): string[] | null {
  try {
    const value: unknown = JSON.parse(key);
    return Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string') ? (value as string[]) : null;
  } catch {
    return null;
  }
}

/** True when `path` is `prefix` or inside it. */
export function isPathWithin(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((id, i) => path[i] === id);
}

/** §5: right-to-left locales render right to left. */
export function isRtlLocale(locale: string): boolean {
  return RTL_LOCALES.includes(locale.toLowerCase());
}

/** §5: a Storyline release older than {@link MIN_STORYLINE_TRANSLATION_VERSION} cannot take edits. */
export function isUnsupportedStorylineVersion(file: Pick<TranslationFile, 'product' | 'storylineVersion'>): boolean {
  if (file.product !== 'storyline' || !file.storylineVersion) return false;
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const have = parts(file.storylineVersion);
  const need = parts(MIN_STORYLINE_TRANSLATION_VERSION);
  for (let i = 0; i < Math.max(have.length, need.length); i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}

/**
 * §2 locale names from the language map: the entry's displayName (authorDisplayName when it has none), with the
 * script or variant in brackets when the entry has them and the name does not already say so; the code itself, as
 * given, when the map has no entry.
 */
export function localeDisplayName(map: LanguageMap | null, locale: string): string {
  const code = locale.toLowerCase();
  const entry = map?.[code];
  if (!entry) return locale;
  const name = entry.displayName || entry.authorDisplayName || locale;
  const extra = entry.script ?? entry.variant;
  return extra && !name.includes(extra) ? `${name} (${extra})` : name;
}

/**
 * Locked paths (§5): every segment of a nav group that is complete, and everything when the version shown is
 * not the latest. Returns a predicate over a segment's navKey; the client and the service use the same rule.
 */
export function isNavGroupLocked(navKey: string, progress: Readonly<Record<string, ProgressDetail>>, isLatestVersion: boolean): boolean {
  return !isLatestVersion || Object.prototype.hasOwnProperty.call(progress, navKey);
}

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
/** §9 save success toast for save-to-all duplicates. */
export const SAVE_ALL_SUCCESS_TOAST_MS = 5_000;
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

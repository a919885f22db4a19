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

// The §3 entities (translationEntities.ts) and the tools' protocol (translationTools.ts), re-exported.
import type { TranslationFile, ValidationChange, ProgressDetail, TranslationProfile, UpdateType } from './translationEntities.ts';
import { TRANSLATION_PUSH_NAME_LIST } from './pushNames.ts';
export {
  GROUP_TYPES,
  TEXT_TYPES,
} from './translationEntities.ts';
export type {
  GroupType,
  TextType,
  SpanStyle,
  PlayerJsonSpan,
  PlayerJsonBlock,
  PlayerJsonText,
  SegmentText,
  SegmentMeta,
  TranslationItemNode,
  GroupMeta,
  TranslationGroupNode,
  TranslationNode,
  TranslationProduct,
  TranslationFile,
  ValidationChangeStatus,
  ValidationChange,
  ProgressDetail,
  TranslationProfile,
  UpdateType,
} from './translationEntities.ts';
export {
  SEARCH_RESULT_LIMIT,
  SEARCH_DEFER_ABOVE,
  PLAIN_MATCH_LOCALES,
  SUGGESTION_TIMEOUT_MS,
  DUPLICATE_NAVIGATE_IGNORE_MS,
  SAVE_ALL_SUCCESS_TOAST_MS,
  LOW_CONTRAST_THRESHOLD,
  SURVEY_IDS,
  MAX_SURVEY_SELECTIONS,
  SURVEY_FAILURE_TOAST_MS,
  SNAPSHOT_TIMEOUT_MS,
  MEMORY_HIT_MIN_SIMILARITY,
  SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY,
  UPDATES_POPOVER_DISMISSED_STORAGE_KEY,
  WALKTHROUGH_DONE_STORAGE_KEY,
  DEFAULT_SURVEY_INTEGRATION,
  TRANSLATION_PRODUCT_NAME,
  FEATURE_INTEREST_EVENTS,
  TRANSLATION_TOOL_MESSAGES,
  SMART_REVIEW_OPTIONS,
  TRANSLATION_TOOL_CALLS,
} from './translationTools.ts';
export type {
  SurveyId,
  FeatureInterest,
  AnalyticsEventBody,
  SuggestionTranslationItem,
  SuggestionRequest,
  Suggestion,
  SuggestionResult,
  SuggestionResponse,
  MemoryReportStatus,
  MemoryHit,
  MemoryReportItem,
  MemoryReport,
  MemoryReportResponse,
  SmartReviewSurveyResponse,
  SmartReviewOption,
  ExperienceBody,
  ExperienceStatusResponse,
  SnapshotBody,
  PreviousValidationResponse,
  MemoryReportPush,
} from './translationTools.ts';

// ---------------------------------------------------------------------------------------------------------
// §9 constants

/** §2 view modes (the tools own search, replace and course updates). */
export type ViewMode = 'group' | 'search' | 'replace' | 'courseUpdates';
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
/** §9 save success toast: one segment (a toast duration, kept with the others in constants.ts). */
export { SAVE_SUCCESS_TOAST_MS } from './constants.ts';
/** §9 the edit toast. */
export const EDIT_TOAST_MS = 10_000;
/** §2 the language map's default display locale. */
export const DEFAULT_DISPLAY_LOCALE = 'en';
/** The oldest Storyline release whose output the editor accepts edits for (§5 "old Storyline versions"). */
export const MIN_STORYLINE_TRANSLATION_VERSION = '3.60';
/** The user-storage key that remembers "don't ask again" on the reopen confirmation (§4 group progress). */
export const SKIP_REOPEN_CONFIRM_STORAGE_KEY = 'translation.skipReopenConfirm';
/** The translation files last opened, per item (in constants.ts: the first load reads them, before this module loads). */
export { TRANSLATION_FILES_REMEMBERED, TRANSLATION_FILES_STORAGE_KEY } from './constants.ts';
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

export { TRANSLATION_CALLS } from './constants.ts';

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
export const TRANSLATION_PUSH_NAMES: readonly TranslationPushName[] = TRANSLATION_PUSH_NAME_LIST;

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

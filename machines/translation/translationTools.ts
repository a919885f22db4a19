/**
 * The translation actor's tools' parts that are plain functions over its context (translation-editor §2 search /
 * replace bar, view modes, duplicate banner, updates, diff view; §3 Filter state, Version diff; §4 find-and-replace
 * status; §5 find-and-replace, duplicates and diff rules): the context slice, running the search, preparing a set
 * of values to save (replace, replace all, save to all, suggestions, diff reset), and the selectors the views read.
 * Every rule is a domain function (translationSearch, translationDuplicates, translationDiff, translationEdits).
 */
import type { CommandChange, PreviousValidationResponse, SegmentText, UpdateType, ValidationChange } from '../../domain/translation.ts';
import { matchesFilter, type Segment, type SegmentFilter, type TranslationModel } from '../../domain/translationModel.ts';
import { deserializeSegmentText, editProblem, plainText, serializeSegmentText, type EditBlockedReason, type PendingEdit } from '../../domain/translationEdits.ts';
import { findSegments, stepCursor, type FoundItems, type SearchCursor, type SearchScope, type SlideSearchScope, type TextMatch } from '../../domain/translationSearch.ts';
import { duplicatesOf, findDuplicates, type DuplicateIndex } from '../../domain/translationDuplicates.ts';
import { lowContrastTextPaths } from '../../domain/translationAssist.ts';
import { updateGroups, isUpdatesFilterOffered, type UpdateGroup, type VersionDiff } from '../../domain/translationDiff.ts';

/** §2 view modes. */
export type ViewMode = 'group' | 'search' | 'replace' | 'courseUpdates';
/** §4 find-and-replace status (overall and per path). */
export type ReplaceStatus = 'IDLE' | 'LOADING' | 'ERROR' | 'SUCCESS';
/** Who asked to save a set of values (decides the failure message and the success toast). */
export type ApplyOrigin = 'replace' | 'replaceAll' | 'saveToAll' | 'suggestion' | 'diffReset';
export const APPLY_ORIGINS: readonly ApplyOrigin[] = ['replace', 'replaceAll', 'saveToAll', 'suggestion', 'diffReset'];
/** One value to save (translation.applyValues). */
export interface ApplyValue {
  key: string;
  value: SegmentText;
  /** Saved with an applied AI suggestion (§7 suggestionModel). */
  suggestionModel?: string | null;
}

/** The set of values on the wire: what each key held before (for the rollback) and the batches. */
export interface Applying {
  origin: ApplyOrigin;
  keys: string[];
  previous: Record<string, ValidationChange | null>;
  batches: CommandChange[][];
}

/** The version diff (§3 Version diff) and where it came from. */
export interface DiffContext {
  /** idle (no diff), loading, ready (result set), error (the §8 message in error). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  previousVersionId: string | null;
  /** The clock's time when the diff was asked for (a previous version is old after 30 days). */
  now: string | null;
  previousValidation: PreviousValidationResponse | null;
  /** The previous version's model and validation changes (reset takes its targets). */
  previous: { model: TranslationModel; changes: Record<string, ValidationChange> } | null;
  result: VersionDiff | null;
  previousVersionNumber: number | null;
  previousIsOld: boolean;
  /** §5 segments disabled by the diff (UnimportedChange targets). */
  disabledKeys: string[];
  /** The §8 loading message, or null. */
  error: string | null;
  /** The path the translation-diff dialog shows. */
  currentDiffPath: string | null;
}

export const NO_DIFF: DiffContext = {
  status: 'idle',
  previousVersionId: null,
  now: null,
  previousValidation: null,
  previous: null,
  result: null,
  previousVersionNumber: null,
  previousIsOld: false,
  disabledKeys: [],
  error: null,
  currentDiffPath: null,
};

/** The reset-translation flow (§2 dialogs): the segment, and whether its section must be reopened first. */
export interface ResetAsked {
  key: string;
  navKey: string;
  /** What reset saves: the previous version's target (diff), or the original target (PUT segment reset). */
  to: { kind: 'value'; value: SegmentText } | { kind: 'original' };
}

/**
 * The working state of the tools (search results, statuses, the diff, dialogs in progress): one record, so that
 * what tells snapshots apart for path generation stays the few inputs that gate transitions (tools/pathGen.ts keeps
 * small context values only; a record this size is left out, which keeps the transition search finite).
 */
export interface TranslationToolsState {
  viewMode: ViewMode;
  searchScope: SearchScope;
  slideScope: SlideSearchScope;
  found: FoundItems | null;
  cursor: SearchCursor | null;
  /** The step waiting in `navigating` (over SEARCH_DEFER_ABOVE matches the handler is deferred). */
  pendingStep: 1 | -1 | null;
  replaceStatus: { overall: ReplaceStatus; byPath: Record<string, ReplaceStatus> };
  /** The segment the table scrolls to (a hit, a duplicate, an update). */
  scrollTo: string | null;
  /** The save to all waiting for its confirmation. */
  saveAllAsked: { key: string; value: SegmentText } | null;
  applying: Applying | null;
  /** The user saved something (the feedback survey shows once they have, §6). */
  hasEdited: boolean;
  diff: DiffContext;
  resetAsked: ResetAsked | null;
  /** The item namespace reconnected: the validation is read again (changes missed while offline). */
  resyncQueued: boolean;
}

/** The tools' part of the translation context: the bar's inputs and the remembered settings, and the tools' state. */
export interface TranslationToolsContext {
  searchTerm: string;
  replaceValue: string;
  /** §4 the save-to-all confirmation is suppressed: when "don't ask again" was ticked (ISO), else null. */
  skipSaveAllConfirm: string | null;
  /** §2 when the updates popover was dismissed (ISO), else null. */
  updatesPopoverDismissedAt: string | null;
  tools: TranslationToolsState;
}

export const TOOLS_STATE: TranslationToolsState = {
  viewMode: 'group',
  searchScope: 'all',
  slideScope: 'current',
  found: null,
  cursor: null,
  pendingStep: null,
  replaceStatus: { overall: 'IDLE', byPath: {} },
  scrollTo: null,
  saveAllAsked: null,
  applying: null,
  hasEdited: false,
  diff: NO_DIFF,
  resetAsked: null,
  resyncQueued: false,
};

export const TOOLS_CLOSED: Omit<TranslationToolsContext, 'skipSaveAllConfirm' | 'updatesPopoverDismissedAt'> = {
  searchTerm: '',
  replaceValue: '',
  tools: TOOLS_STATE,
};

/** What the search needs of the whole context. */
type SearchInput = Pick<TranslationToolsContext, 'searchTerm' | 'tools'> & {
  model: TranslationModel | null;
  changes: Record<string, ValidationChange>;
  targetLocale: string | null;
  activeNavKey: string | null;
  filter: SegmentFilter;
  updates: Record<string, UpdateType>;
  /** The previous version's validation changes (the unimported filter), once read. */
  previousEdits?: { paths: Record<string, ValidationChange> } | null;
};

const filterKeys = new WeakMap<object, { filter: SegmentFilter; previous: object | undefined; keys: Set<string> }>();

/** The keys a filter other than all lets through (the search stays inside the filter's result). */
function keysOfFilter(
  model: TranslationModel,
  changes: Record<string, ValidationChange>,
  filter: SegmentFilter,
  updates: Record<string, UpdateType>,
  previousChanges: Record<string, ValidationChange> | undefined,
): Set<string> | undefined {
  if (filter === 'all') return undefined;
  const known = filterKeys.get(changes);
  if (known && known.filter === filter && known.previous === previousChanges) return known.keys;
  const keys = new Set<string>();
  for (const segment of model.segments) if (matchesFilter(segment, changes[segment.key], filter, updates, previousChanges)) keys.add(segment.key);
  filterKeys.set(changes, { filter, previous: previousChanges, keys });
  return keys;
}

/** The hit the cursor is on: its key and field (null without one). */
export function cursorItem(found: FoundItems | null, cursor: SearchCursor | null) {
  return found && cursor ? (found.items[cursor.itemIndex] ?? null) : null;
}

/**
 * Runs the search again (§5 find) with the context's term, scopes, nav group and filter. The cursor stays on the
 * same segment and field when it is still found (its match index clamped), else on the item now at its place; a
 * fresh search (`fresh`) starts at the first hit.
 */
export function searchAgain(context: SearchInput, fresh = false): Pick<TranslationToolsState, 'found' | 'cursor'> {
  if (!context.model || context.searchTerm.trim() === '') return { found: null, cursor: null };
  const found = findSegments(context.model, context.changes, {
    term: context.searchTerm,
    locale: context.targetLocale ?? context.model.targetLocale,
    scope: context.tools.searchScope,
    slideScope: context.tools.slideScope,
    activeNavKey: context.activeNavKey,
    keys: keysOfFilter(context.model, context.changes, context.filter, context.updates, context.previousEdits?.paths),
  });
  if (found.items.length === 0) return { found, cursor: null };
  const before = fresh ? null : cursorItem(context.tools.found, context.tools.cursor);
  if (!before || !context.tools.cursor) return { found, cursor: stepCursor(found, null, 1, 'search') };
  const same = found.items.findIndex((item) => item.key === before.key && item.field === before.field);
  if (same !== -1) return { found, cursor: { itemIndex: same, matchIndex: Math.min(context.tools.cursor.matchIndex, found.items[same]!.matches.length - 1) } };
  return { found, cursor: { itemIndex: Math.min(context.tools.cursor.itemIndex, found.items.length - 1), matchIndex: 0 } };
}

/** §4 one step through the hits (wrapping): by segment in search mode, by match in replace mode. */
export function stepHit(context: Pick<TranslationToolsContext, 'tools'>, direction: 1 | -1): SearchCursor | null {
  if (!context.tools.found) return null;
  return stepCursor(context.tools.found, context.tools.cursor, direction, context.tools.viewMode === 'replace' ? 'replace' : 'search');
}

/**
 * The stored values of `values` checked and turned into edits (§5: blocked or locked refused, empty refused, no-op
 * skipped; the same key once), with the optimistic changes they show at once.
 */
export function prepareApply(
  input: { model: TranslationModel; changes: Record<string, ValidationChange>; userId: string; blockedReason: (segment: Segment) => EditBlockedReason | null; isCourseUpdate?: boolean },
  values: readonly ApplyValue[],
): { edits: PendingEdit[]; optimistic: Record<string, ValidationChange>; previous: Record<string, ValidationChange | null>; refused: { key: string; reason: EditBlockedReason | 'empty' }[] } {
  const edits: PendingEdit[] = [];
  const optimistic: Record<string, ValidationChange> = {};
  const previous: Record<string, ValidationChange | null> = {};
  const refused: { key: string; reason: EditBlockedReason | 'empty' }[] = [];
  for (const { key, value, suggestionModel } of values) {
    const segment = input.model.segmentsByKey.get(key);
    if (!segment || Object.prototype.hasOwnProperty.call(previous, key)) continue;
    const reason = input.blockedReason(segment);
    if (reason) {
      refused.push({ key, reason });
      continue;
    }
    const change = input.changes[key];
    const problem = editProblem({ newValue: value, originalTarget: segment.originalTarget, savedValue: change?.replacement.newValue ?? null, textType: segment.textType, forceUpdate: change?.forceUpdate ?? false });
    if (problem === 'empty') refused.push({ key, reason: 'empty' });
    if (problem) continue;
    const newValue = serializeSegmentText(value);
    const old = change ? deserializeSegmentText(change.replacement.newValue, segment.textType) : null;
    edits.push({
      path: key,
      oldText: old !== null ? plainText(old, segment.textType) : segment.originalTargetText,
      newText: plainText(value, segment.textType),
      newValue,
      isCourseUpdate: input.isCourseUpdate ?? false,
      ...(suggestionModel !== undefined ? { suggestionModel } : {}),
    });
    previous[key] = change ?? null;
    optimistic[key] = {
      validationSegmentId: segment.validationSegmentId,
      status: 'pending',
      replacement: { newValue, unsavedValue: null },
      forceUpdate: false,
      proposedBy: input.userId,
      proposedAt: change?.proposedAt ?? '',
      lastAcceptedDate: change?.lastAcceptedDate ?? null,
      lastAcceptedBy: change?.lastAcceptedBy ?? null,
    };
  }
  return { edits, optimistic, previous, refused };
}

// ---------------------------------------------------------------------------------------------------------
// Selectors

/** What the search / replace bar shows (§2, §3 Filter state). `current` is 1-based over all matches ("3 of 12"). */
export interface SearchState {
  mode: ViewMode;
  isOpen: boolean;
  term: string;
  replaceValue: string;
  scope: SearchScope;
  slideScope: SlideSearchScope;
  /** Matches found (at most SEARCH_RESULT_LIMIT) and whether more existed. */
  total: number;
  truncated: boolean;
  /** The cursor's match among all matches, 1-based; 0 without a cursor. */
  current: number;
  /** Replace (one) is possible: a term, a replace value, the cursor on a target hit. */
  canReplace: boolean;
  /** Replace all is possible: a term, a replace value, a target hit. */
  canReplaceAll: boolean;
  replaceStatus: ReplaceStatus;
}

/** §2 the search / replace bar's state. */
export function searchStateOf(context: TranslationToolsContext): SearchState {
  const { found, cursor } = context.tools;
  let current = 0;
  if (found && cursor) {
    for (let i = 0; i < cursor.itemIndex && i < found.items.length; i++) current += found.items[i]!.matches.length;
    current += cursor.matchIndex + 1;
  }
  const hasTerms = context.searchTerm.trim() !== '' && context.replaceValue !== '';
  return {
    mode: context.tools.viewMode,
    isOpen: context.tools.viewMode === 'search' || context.tools.viewMode === 'replace',
    term: context.searchTerm,
    replaceValue: context.replaceValue,
    scope: context.tools.searchScope,
    slideScope: context.tools.slideScope,
    total: found?.total ?? 0,
    truncated: found?.truncated ?? false,
    current: Math.min(current, found?.total ?? 0),
    canReplace: hasTerms && cursorItem(found, cursor)?.field === 'target',
    canReplaceAll: hasTerms && (found?.items.some((item) => item.field === 'target') ?? false),
    replaceStatus: context.tools.replaceStatus.overall,
  };
}

/** One field's hits in a segment, for highlighting (§9 the current hit light blue, the others paler). */
export interface SegmentHits {
  field: 'source' | 'target';
  matches: TextMatch[];
  /** Index into matches of the current hit, or null. */
  currentMatch: number | null;
}

let lastHits: { found: FoundItems | null; cursor: SearchCursor | null; byKey: Map<string, SegmentHits[]> } | null = null;

/** The hits of a segment (source first), memoized per search result and cursor; [] without hits. */
export function hitsOf(context: Pick<TranslationToolsContext, 'tools'>, key: string): SegmentHits[] {
  if (!lastHits || lastHits.found !== context.tools.found || lastHits.cursor !== context.tools.cursor) {
    const byKey = new Map<string, SegmentHits[]>();
    context.tools.found?.items.forEach((item, index) => {
      const list = byKey.get(item.key) ?? [];
      list.push({ field: item.field, matches: item.matches, currentMatch: context.tools.cursor?.itemIndex === index ? context.tools.cursor.matchIndex : null });
      byKey.set(item.key, list);
    });
    lastHits = { found: context.tools.found, cursor: context.tools.cursor, byKey };
  }
  return lastHits.byKey.get(key) ?? [];
}

/**
 * Data derived from a model alone, worked out on first use and kept per model (a model is immutable, and the same file
 * read again is the same model): not part of the context, so opening the tab does not wait for it and a replay derives
 * it again from the same model.
 */
const duplicatesByModel = new WeakMap<TranslationModel, DuplicateIndex>();
const lowContrastByModel = new WeakMap<TranslationModel, Set<string>>();

/** §5 duplicate groups of the model's sources (once per model). */
export function duplicateIndexOf(model: TranslationModel): DuplicateIndex {
  let index = duplicatesByModel.get(model);
  if (!index) duplicatesByModel.set(model, (index = findDuplicates(model.segments)));
  return index;
}

/** §3 lowContrastTextPaths of the model (once per model). */
export function lowContrastKeysOf(model: TranslationModel): ReadonlySet<string> {
  let keys = lowContrastByModel.get(model);
  if (!keys) lowContrastByModel.set(model, (keys = new Set(lowContrastTextPaths(model))));
  return keys;
}

/** Whether the model's duplicates and low-contrast paths are worked out already (the views show their badges then). */
export function hasModelExtras(model: TranslationModel): boolean {
  return duplicatesByModel.has(model) && lowContrastByModel.has(model);
}

/** §5 the duplicate banner: formatting duplicates (save to all applies to them) and plain-text duplicates with other formatting. */
export function duplicatesOfKey(context: { model: TranslationModel | null }, key: string): { same: string[]; similar: number } {
  if (!context.model) return { same: [], similar: 0 };
  const index = duplicateIndexOf(context.model);
  const same = duplicatesOf(index, key, 'formatting');
  const plain = duplicatesOf(index, key, 'plain');
  const sameSet = new Set(same);
  return { same, similar: plain.filter((other) => !sameSet.has(other)).length };
}

/** §3 lowContrastTextPaths: the segment's playerJson text has low contrast. */
export function isLowContrastOf(context: { model: TranslationModel | null }, key: string): boolean {
  return context.model !== null && lowContrastKeysOf(context.model).has(key);
}

const sets = new WeakMap<readonly string[], Set<string>>();
/** A Set over a context array, built once per array. */
export function setOf(keys: readonly string[]): Set<string> {
  let set = sets.get(keys);
  if (!set) {
    set = new Set(keys);
    sets.set(keys, set);
  }
  return set;
}

let lastUpdateGroups: { model: TranslationModel; updates: Record<string, UpdateType>; groups: UpdateGroup[] } | null = null;

/** §2 "Update N" groups of the model and the validation's updates, memoized. */
export function updateGroupsOf(context: { model: TranslationModel | null; updates: Record<string, UpdateType> }): UpdateGroup[] {
  const { model, updates } = context;
  if (!model) return [];
  if (lastUpdateGroups && lastUpdateGroups.model === model && lastUpdateGroups.updates === updates) return lastUpdateGroups.groups;
  const groups = updateGroups(model, updates);
  lastUpdateGroups = { model, updates, groups };
  return groups;
}

/** A row of the course-updates table: an "Update N …" header, then its segments. */
export type UpdateRow = { kind: 'updateGroup'; navKey: string; title: string; complete: boolean; segmentCount: number } | { kind: 'segment'; key: string; depth: 1 };

/** The rows of the segment table in the course-updates view mode. */
export function updateRowsOf(context: { model: TranslationModel | null; updates: Record<string, UpdateType>; progress: Record<string, unknown> }): UpdateRow[] {
  const rows: UpdateRow[] = [];
  for (const group of updateGroupsOf(context)) {
    rows.push({ kind: 'updateGroup', navKey: group.navKey, title: group.title, complete: Object.prototype.hasOwnProperty.call(context.progress, group.navKey), segmentCount: group.keys.length });
    for (const key of group.keys) rows.push({ kind: 'segment', key, depth: 1 });
  }
  return rows;
}

/** The update group before or after the active one in the course-updates mode (the first when none is active). */
export function adjacentUpdateNavKey(context: { model: TranslationModel | null; updates: Record<string, UpdateType>; activeNavKey: string | null }, direction: 1 | -1): string | null {
  const keys = updateGroupsOf(context).map((group) => group.navKey);
  if (keys.length === 0) return context.activeNavKey;
  const index = context.activeNavKey ? keys.indexOf(context.activeNavKey) : -1;
  if (index === -1) return keys[0] ?? null;
  return keys[index + direction] ?? context.activeNavKey;
}

/** §2 the updates filter is offered only when updates exist and the course-updates mode is not active. */
export function isUpdatesFilterOfferedOf(context: Pick<TranslationToolsContext, 'tools'> & { updates: Record<string, UpdateType> }): boolean {
  if (context.tools.viewMode === 'courseUpdates') return false;
  // Read by several views on every change of the editor (a keystroke): the updates are walked once per updates object.
  let offered = updatesOffered.get(context.updates);
  if (offered === undefined) updatesOffered.set(context.updates, (offered = isUpdatesFilterOffered(context.updates, false)));
  return offered;
}
const updatesOffered = new WeakMap<object, boolean>();

const updatedCounts = new WeakMap<object, number>();
/** The number of added or changed segments of the course updates (the updates button), once per updates object. */
export function updatedCountOf(updates: Readonly<Record<string, UpdateType>>): number {
  let count = updatedCounts.get(updates);
  if (count === undefined) {
    count = 0;
    for (const key in updates) if (updates[key] !== 'removed') count++;
    updatedCounts.set(updates, count);
  }
  return count;
}

/** §2 the updates popover shows while course updates exist and the user has not dismissed it. */
export function isUpdatesPopoverShownOf(context: Pick<TranslationToolsContext, 'updatesPopoverDismissedAt'> & { showCourseUpdates: boolean }): boolean {
  return context.showCourseUpdates && context.updatesPopoverDismissedAt === null;
}

/** §5 the segment is disabled by the diff shown. */
export function isDisabledByDiffOf(context: Pick<TranslationToolsContext, 'tools'>, key: string): boolean {
  return context.tools.diff.disabledKeys.length > 0 && setOf(context.tools.diff.disabledKeys).has(key);
}

/** §6 the user has saved something in this translation (the feedback survey shows once they have). */
export function hasEditedOf(context: Pick<TranslationToolsContext, 'tools'>): boolean {
  return context.tools.hasEdited;
}

/** §2 the view mode: group, search, replace or course updates. */
export function viewModeOf(context: Pick<TranslationToolsContext, 'tools'>): ViewMode {
  return context.tools.viewMode;
}

/** The segment the table should scroll to (the current hit, a duplicate shown), or null. */
export function scrollTargetOf(context: Pick<TranslationToolsContext, 'tools'>): string | null {
  return context.tools.scrollTo;
}

/** §4 find-and-replace status of a segment (replace and replace all), IDLE when none. */
export function replaceStatusOf(context: Pick<TranslationToolsContext, 'tools'>, key: string): ReplaceStatus {
  return context.tools.replaceStatus.byPath[key] ?? 'IDLE';
}

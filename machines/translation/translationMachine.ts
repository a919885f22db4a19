import { and, assign, enqueueActions, not, raise, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_DISPLAY_LOCALE,
  DUPLICATE_NAVIGATE_IGNORE_MS,
  SEARCH_DEFER_ABOVE,
  TRANSLATION_MESSAGES,
  TRANSLATION_TOOL_MESSAGES,
  TRANSLATION_VIEW,
  isNavGroupLocked,
  isUnsupportedStorylineVersion,
  type CommandChange,
  type GetSegmentsResponse,
  type LanguageMap,
  type PreviousValidationResponse,
  type ProgressBody,
  type ProgressDetail,
  type ResetSegmentBody,
  type SegmentText,
  type TranslationProfile,
  type TranslationStackEntry,
  type TranslationStackResponse,
  type UpdateType,
  type ValidationChange,
  type ValidationResponse,
} from '../../domain/translation.ts';
import {
  SEGMENT_FILTERS,
  adjacentNavKey,
  buildTranslationModel,
  parseLanguageMap,
  parseTranslationFile,
  progressSummary,
  tableRows,
  type ModelProblems,
  type Segment,
  type SegmentFilter,
  type TableRow,
  type TranslationModel,
} from '../../domain/translationModel.ts';
import { buildChangeBatches, deserializeSegmentText, editBlockedReason, editProblem, plainText, serializeSegmentText, type EditBlockedReason } from '../../domain/translationEdits.ts';
import type { ToastKind, ToastSeverity } from '../../domain/toasts.ts';
import { sendToSystem } from '../notify.ts';
import { promiseSlot } from '../slots.ts';
import { translationPushOf, type TranslationEvent, type TranslationSubject } from './translationEvents.ts';
import { SEARCH_SCOPES, replaceAllEdits, replaceInValue, searchPattern, type SearchCursor } from '../../domain/translationSearch.ts';
import { findDuplicates } from '../../domain/translationDuplicates.ts';
import { computeVersionDiff, diffDisabledKeys, isPreviousVersionOld } from '../../domain/translationDiff.ts';
import { lowContrastTextPaths } from '../../domain/translationAssist.ts';
import {
  APPLY_ORIGINS,
  NO_DIFF,
  TOOLS_CLOSED,
  adjacentUpdateNavKey,
  cursorItem,
  duplicatesOfKey,
  isDisabledByDiffOf,
  isUpdatesFilterOfferedOf,
  prepareApply,
  searchAgain,
  stepHit,
  updateGroupsOf,
  type ApplyOrigin,
  type ApplyValue,
  type DiffContext,
  type ReplaceStatus,
  type ResetAsked,
  type TranslationToolsContext,
  type TranslationToolsState,
} from './translationTools.ts';

export type { SegmentEditRefusal, TranslationEvent, TranslationSubject } from './translationEvents.ts';
export {
  duplicatesOfKey,
  hasEditedOf,
  hitsOf,
  replaceStatusOf,
  scrollTargetOf,
  viewModeOf,
  isDisabledByDiffOf,
  isLowContrastOf,
  isUpdatesFilterOfferedOf,
  isUpdatesPopoverShownOf,
  searchStateOf,
  updateGroupsOf,
  updateRowsOf,
  updatedCountOf,
  type ApplyOrigin,
  type ApplyValue,
  type DiffContext,
  type ReplaceStatus,
  type SearchState,
  type SegmentHits,
  type UpdateRow,
  type ViewMode,
} from './translationTools.ts';

/** §4 fetch status of the translation file. */
export type FetchStatus = 'INIT' | 'FETCHING' | 'FETCHED' | 'ERROR';
/** §4 translation load status. */
export type LoadStatus = 'INIT' | 'LOADING' | 'TRANSLATION_FETCHED' | 'CHANGES_PENDING' | 'ERROR' | 'SUBMITTING';

/** The segment being edited: its key, the editor's value, and the stored value (serialized) it started from. */
export interface SegmentEditing {
  key: string;
  value: SegmentText;
  savedFrom: string;
}

export interface TranslationContext extends TranslationToolsContext {
  subject: TranslationSubject | null;
  /** The item's locale, from the stack entry of the item. */
  targetLocale: string | null;
  stack: TranslationStackResponse | null;
  validationId: string | null;
  translationFilePath: string | null;
  model: TranslationModel | null;
  problems: ModelProblems | null;
  /** Validation changes keyed by path key (server truth with the optimistic change of a save or a group on top). */
  changes: Record<string, ValidationChange>;
  /** Progress keyed by nav key. */
  progress: Record<string, ProgressDetail>;
  profiles: Record<string, TranslationProfile>;
  updates: Record<string, UpdateType>;
  showCourseUpdates: boolean;
  /** Null until loaded (a failure only logs TRANSLATION_MESSAGES.languageMap: the views show the codes). */
  languageMap: LanguageMap | null;
  fetchStatus: FetchStatus;
  /** The §8 message shown (loading or saving), or null. */
  error: string | null;
  filter: SegmentFilter;
  /** Keys of collapsed groups (§3 collapsedPaths). */
  collapsed: string[];
  /** The nav group shown by the bottom bar (the first at load). */
  activeNavKey: string | null;
  editing: SegmentEditing | null;
  /** Someone else changed the segment being edited (theirs null: they reset it); the user chooses. */
  conflict: { key: string; theirs: ValidationChange | null } | null;
  /** The nav group whose reopen waits for the confirmation. */
  reopenAsked: string | null;
  skipReopenConfirm: boolean;
  /** A signed-out user tried to edit or mark complete: the authentication dialog. */
  authPromptOpen: boolean;
  /** The save in flight: the segment, its change before (for the rollback) and the batches to send. */
  saving: { key: string; previous: ValidationChange | null; newValue: string; batches: CommandChange[][] } | null;
  /** The progress call in flight: the nav group, its progress before and the changes it touched (for the rollback). */
  progressCall: { navKey: string; previous: ProgressDetail | null; previousChanges: Record<string, ValidationChange> } | null;
  /** The reset in flight (the change before, for the rollback). */
  resetting: { key: string; previous: ValidationChange | null } | null;
  /** Validation segment ids waiting for a get-segments refresh (pushes), and those on the wire. */
  refreshQueue: string[];
  refreshing: string[];
  /** The previous version's validation changes (§2 filter "unimported from previous version"), once read. */
  previousEdits: { versionId: string; paths: Record<string, ValidationChange> } | null;
  /** The filter chosen while the previous version's edits are read: set when they are in. */
  pendingFilter: SegmentFilter | null;
}

const CLOSED: Omit<TranslationContext, 'skipReopenConfirm' | 'languageMap' | 'skipSaveAllConfirm' | 'updatesPopoverDismissedAt'> = {
  ...TOOLS_CLOSED,
  subject: null,
  targetLocale: null,
  stack: null,
  validationId: null,
  translationFilePath: null,
  model: null,
  problems: null,
  changes: {},
  progress: {},
  profiles: {},
  updates: {},
  showCourseUpdates: false,
  fetchStatus: 'INIT',
  error: null,
  filter: 'all',
  collapsed: [],
  activeNavKey: null,
  editing: null,
  conflict: null,
  reopenAsked: null,
  authPromptOpen: false,
  saving: null,
  progressCall: null,
  resetting: null,
  refreshQueue: [],
  refreshing: [],
  previousEdits: null,
  pendingFilter: null,
};

// ---------------------------------------------------------------------------------------------------------
// Selectors

/** §4 the translation load status of a snapshot. */
export function loadStatusOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'matches'>): LoadStatus {
  if (snapshot.matches('closed')) return 'INIT';
  if (snapshot.matches({ open: { load: { ready: 'translationFetched' } } })) return 'TRANSLATION_FETCHED';
  if (snapshot.matches({ open: { load: { ready: 'submitting' } } })) return 'SUBMITTING';
  if (snapshot.matches({ open: { load: { ready: 'changesPending' } } })) return 'CHANGES_PENDING';
  if (snapshot.matches({ open: { load: { ready: 'saveFailed' } } }) || snapshot.matches({ open: { load: 'loadFailed' } })) return 'ERROR';
  return 'LOADING';
}

/**
 * The item shown is not a translation target (translation-editor §2: a source course opens the review tab with
 * sourceCourse=true; an item in no stack has no translate tab): where the translate tab goes instead, or null.
 */
export function notTranslationTargetOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'matches' | 'context'>): { sourceCourse: boolean } | null {
  if (!snapshot.matches({ open: { load: 'notTranslationTarget' } })) return null;
  const itemId = snapshot.context.subject?.itemId;
  return { sourceCourse: snapshot.context.stack?.entries.some((entry) => entry.itemId === itemId && entry.role === 'source') ?? false };
}

/** A save is on the wire (§2 leaving while saving shows the leave message). */
export function isSavingOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'hasTag'>): boolean {
  return snapshot.hasTag('saving');
}

let lastRows: {
  model: TranslationModel;
  filter: SegmentFilter;
  changes: TranslationContext['changes'];
  collapsed: string[];
  progress: TranslationContext['progress'];
  updates: TranslationContext['updates'];
  previousEdits: TranslationContext['previousEdits'];
  rows: TableRow[];
} | null = null;

/** The rows of the segment table, recomputed only when the model, filter, changes, collapsed groups, progress or updates change. */
export function rowsOf(
  context: Pick<TranslationContext, 'model' | 'filter' | 'changes' | 'collapsed' | 'progress'> & { updates?: TranslationContext['updates']; previousEdits?: TranslationContext['previousEdits'] },
): TableRow[] {
  const { model, filter, changes, collapsed, progress } = context;
  const updates = context.updates ?? NO_UPDATES;
  const previousEdits = context.previousEdits ?? null;
  if (!model) return [];
  if (
    lastRows &&
    lastRows.model === model &&
    lastRows.filter === filter &&
    lastRows.changes === changes &&
    lastRows.collapsed === collapsed &&
    lastRows.progress === progress &&
    lastRows.updates === updates &&
    lastRows.previousEdits === previousEdits
  )
    return lastRows.rows;
  const rows = tableRows(model, { filter, changes, collapsed: new Set(collapsed), progress, updates, previousChanges: previousEdits?.paths ?? NO_PREVIOUS_EDITS });
  lastRows = { model, filter, changes, collapsed, progress, updates, previousEdits, rows };
  return rows;
}
const NO_PREVIOUS_EDITS: Record<string, ValidationChange> = {};
const NO_UPDATES: TranslationContext['updates'] = {};

let lastStackEntries: { stack: TranslationStackResponse; itemId: string | null; model: TranslationModel | null; progress: TranslationContext['progress']; latest: boolean; entries: TranslationStackEntry[] } | null = null;

/**
 * The stack's entries as the stack sidebar shows them (translation-editor §2 review status text): the stack call's
 * progress, except the entry of the item shown, whose progress (of the latest version) follows this actor's own
 * progress while the latest version is shown, so that marking complete or reopening shows there at once.
 */
export function stackEntriesOf(context: Pick<TranslationContext, 'stack' | 'subject' | 'model' | 'progress'>): TranslationStackEntry[] {
  const { stack, model, progress } = context;
  if (!stack) return [];
  const itemId = context.subject?.itemId ?? null;
  const latest = context.subject?.isLatestVersion ?? true;
  const last = lastStackEntries;
  if (last && last.stack === stack && last.itemId === itemId && last.model === model && last.progress === progress && last.latest === latest) return last.entries;
  const live = model && latest ? progressSummary(model, progress) : null;
  const entries = stack.entries.map((entry) => (live && entry.itemId === itemId && entry.role === 'target' ? { ...entry, progress: live } : entry));
  lastStackEntries = { stack, itemId, model, progress, latest, entries };
  return entries;
}

/** The stored value of a segment as the table shows it: its saved change, else the original target. */
export function segmentValueOf(context: Pick<TranslationContext, 'changes'>, segment: Segment): SegmentText {
  const saved = context.changes[segment.key]?.replacement.newValue;
  return (saved !== undefined ? deserializeSegmentText(saved, segment.textType) : null) ?? segment.originalTarget;
}

/** §5 locked: the segment's nav group is complete, or an older version is shown. */
export function isLockedOf(context: Pick<TranslationContext, 'progress' | 'subject'>, navKey: string): boolean {
  return isNavGroupLocked(navKey, context.progress, context.subject?.isLatestVersion ?? true);
}

/** §5 Save is disabled when there is no unsaved value: the editor's value would be sent. */
export function canSaveOf(context: Pick<TranslationContext, 'editing' | 'model' | 'changes'>): boolean {
  return saveProblemOf(context) === null;
}

function saveProblemOf(context: Pick<TranslationContext, 'editing' | 'model' | 'changes'>): 'empty' | 'noOp' | 'none' | null {
  const segment = context.editing ? context.model?.segmentsByKey.get(context.editing.key) : undefined;
  if (!context.editing || !segment) return 'none';
  const change = context.changes[segment.key];
  return editProblem({ newValue: context.editing.value, originalTarget: segment.originalTarget, savedValue: change?.replacement.newValue ?? null, textType: segment.textType, forceUpdate: change?.forceUpdate ?? false });
}

/**
 * Why Save is not offered for a changed text, for the editor to say (§5 the no-op rule): 'sameAsOriginal' when the
 * text is back to the original (imported) translation while the segment holds a saved edit. Saving it would be a
 * no-op, and the edit stays: Reset is what goes back to the original.
 */
export function editNoteOf(context: Pick<TranslationContext, 'editing' | 'model' | 'changes'>): 'sameAsOriginal' | null {
  const segment = context.editing ? context.model?.segmentsByKey.get(context.editing.key) : undefined;
  const change = segment ? context.changes[segment.key] : undefined;
  if (!context.editing || !segment || !change) return null;
  if (plainText(context.editing.value, segment.textType) !== segment.originalTargetText) return null;
  const saved = deserializeSegmentText(change.replacement.newValue, segment.textType);
  return saved !== null && plainText(saved, segment.textType) !== segment.originalTargetText ? 'sameAsOriginal' : null;
}

/**
 * §5 Save to all is disabled without a new value: the editor holds an unsaved value the edit rules accept, and the
 * segment has formatting duplicates.
 */
export function canSaveToAllOf(context: Pick<TranslationContext, 'editing' | 'model' | 'changes' | 'tools'>): boolean {
  return context.editing !== null && saveProblemOf(context) === null && duplicatesOfKey(context, context.editing.key).same.length > 0;
}

type SnapshotLike = Pick<SnapshotFrom<typeof translationMachine>, 'matches' | 'hasTag' | 'context'>;

/** Any save, apply, reset or progress call is on the wire ("smart-review apply is disabled while an update runs"). */
export function isUpdatingOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'hasTag'>): boolean {
  return snapshot.hasTag('saving') || snapshot.hasTag('busy');
}

/** The replace-all confirmation is open. */
export function isReplaceAllAskedOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'matches'>): boolean {
  return snapshot.matches({ open: { tools: 'confirmingReplaceAll' } });
}

/** The save-to-all confirmation: the segment and how many duplicates the value goes to, or null. */
export function saveAllAskedOf(snapshot: Pick<SnapshotLike, 'matches' | 'context'>): { key: string; duplicates: number } | null {
  const asked = snapshot.context.tools.saveAllAsked;
  if (!asked || !snapshot.matches({ open: { tools: 'confirmingSaveToAll' } })) return null;
  return { key: asked.key, duplicates: duplicatesOfKey(snapshot.context, asked.key).same.length };
}

/** §2 the version diff view: its status (idle, loading, ready, error) and §3 fields. */
export function diffStateOf(snapshot: Pick<SnapshotLike, 'context'>): DiffContext {
  return snapshot.context.tools.diff;
}

/** §2 the dialog of a reset: the reopen-completed-section dialog first when its group is complete, then reset translation. */
export function resetDialogOf(snapshot: Pick<SnapshotLike, 'matches' | 'context'>): { key: string; dialog: 'reopenSection' | 'resetTranslation' } | null {
  const asked = snapshot.context.tools.resetAsked;
  if (!asked) return null;
  if (snapshot.matches({ open: { tools: 'confirmingSectionReopen' } })) return { key: asked.key, dialog: 'reopenSection' };
  if (snapshot.matches({ open: { tools: 'confirmingReset' } })) return { key: asked.key, dialog: 'resetTranslation' };
  return null;
}

/**
 * Whether the reset button is offered for a segment: its nav group is not locked, and it has something to reset to
 * (in a diff its previous target, else its edit).
 */
export function canResetTranslationOf(context: TranslationContext, key: string): boolean {
  // §5 "local reset requires the path not locked": not offered in a complete group or an older version.
  const segment = segmentOf(context, key);
  if (!segment || isLockedOf(context, segment.navKey)) return false;
  return resetTargetOf(context, key) !== null;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

type HttpLikeError = { message?: unknown; status?: unknown; error?: unknown };

function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as HttpLikeError | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** §8 loading: an unreadable answer (InvalidResponse) is the previous-edits message; else "status {n}". */
function validationErrorOf(error: unknown): string {
  const e = error as HttpLikeError | null;
  if (e?.error === 'InvalidResponse') return TRANSLATION_MESSAGES.loadPreviousEdits;
  return TRANSLATION_MESSAGES.fetchStatus(typeof e?.status === 'number' ? e.status : 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isValidationAnswer = (value: unknown): value is ValidationResponse =>
  isRecord(value) && typeof value.validationId === 'string' && typeof value.translationFilePath === 'string' && isRecord(value.paths) && isRecord(value.progressDetails) && isRecord(value.profiles);
const isStackAnswer = (value: unknown): value is TranslationStackResponse => isRecord(value) && typeof value.stackId === 'string' && Array.isArray(value.entries);
const isSegmentsAnswer = (value: unknown): value is GetSegmentsResponse => isRecord(value) && Array.isArray(value.data);

/** The item's own target locale in the stack, or null (not a target). */
function targetLocaleOf(stack: TranslationStackResponse, itemId: string): string | null {
  const entry = stack.entries.find((e) => e.itemId === itemId);
  return entry && entry.role === 'target' ? entry.locale : null;
}

/** The serialized stored value of a segment (its change, else the original target). */
function storedValueOf(changes: Record<string, ValidationChange>, segment: Segment): string {
  return changes[segment.key]?.replacement.newValue ?? serializeSegmentText(segment.originalTarget);
}

/**
 * Applies server changes (refreshes and pushes; null removes a change) without touching what the user is editing:
 * a change that hits the segment being edited and differs from the value the editor started from opens the conflict.
 */
function applyServerChanges(context: TranslationContext, entries: ReadonlyArray<[string, ValidationChange | null]>): Partial<TranslationContext> {
  if (entries.length === 0) return {};
  const changes = { ...context.changes };
  let { editing, conflict } = context;
  for (const [key, change] of entries) {
    if (change) changes[key] = change;
    else delete changes[key];
    const segment = editing && editing.key === key ? context.model?.segmentsByKey.get(key) : undefined;
    if (!editing || !segment) continue;
    const theirs = change?.replacement.newValue ?? serializeSegmentText(segment.originalTarget);
    if (theirs === editing.savedFrom) continue;
    // The user already typed what they saved: nothing to choose.
    if (serializeSegmentText(editing.value) === theirs) editing = { ...editing, savedFrom: theirs };
    else conflict = { key, theirs: change };
  }
  return { changes, editing, conflict };
}

/** Changes of the segments inside a nav group, with a new status (the optimistic side of complete / reopen). */
function groupChanges(context: TranslationContext, navKey: string, from: ValidationChange['status'][], to: ValidationChange['status']): { next: Record<string, ValidationChange>; previous: Record<string, ValidationChange> } {
  const next = { ...context.changes };
  const previous: Record<string, ValidationChange> = {};
  for (const segment of context.model?.segments ?? []) {
    if (segment.navKey !== navKey) continue;
    const change = context.changes[segment.key];
    if (!change || !from.includes(change.status)) continue;
    previous[segment.key] = change;
    next[segment.key] =
      to === 'accepted'
        ? { ...change, status: 'accepted', lastAcceptedBy: context.subject?.userId ?? null, lastAcceptedDate: change.lastAcceptedDate }
        : { ...change, status: to };
  }
  return { next, previous };
}

function progressBodyOf(context: TranslationContext, navKey: string): ProgressBody {
  // §4 completing in the course-updates mode completes the update group with its main group (the same nav key).
  return { path: navKey, email: context.subject?.email ?? '', view: TRANSLATION_VIEW, isCourseUpdate: context.tools.viewMode === 'courseUpdates' };
}

/** Parsed files by their decoded JSON: the guard and the action of one answer parse it once. */
const parsedFiles = new WeakMap<object, { model: TranslationModel; problems: ModelProblems } | null>();

/** Parses the file (pure domain) into the model, or null when it is not a usable translation file. */
function parsedFileOf(raw: unknown): { model: TranslationModel; problems: ModelProblems } | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const known = parsedFiles.get(raw);
  if (known !== undefined) return known;
  let parsed: { model: TranslationModel; problems: ModelProblems } | null;
  try {
    parsed = buildTranslationModel(parseTranslationFile(raw));
  } catch {
    parsed = null;
  }
  parsedFiles.set(raw, parsed);
  return parsed;
}

/** What building the model had to report (§8: logged, never shown), or null. */
function problemsMessageOf(problems: ModelProblems | null): string | null {
  if (problems?.notInUiGroup) return `${TRANSLATION_MESSAGES.notInUiGroup}: ${problems.notInUiGroup.count} of ${problems.notInUiGroup.total}`;
  if (problems?.missingQuestionBanks.length) return `${TRANSLATION_MESSAGES.questionBankMissing}: ${problems.missingQuestionBanks.join(', ')}`;
  return null;
}

function languageMapFrom(raw: unknown): LanguageMap | null {
  try {
    return parseLanguageMap(raw);
  } catch {
    return null;
  }
}

/** A toast for the toasts actor: the §8 text when fixed, else an id whose words the views' catalogue has. */
export function translationToast(id: string, text: string | null, severity: ToastSeverity = 'error', kind: ToastKind = 'default') {
  return { id, severity, kind, text, message: null, data: null };
}

/** Toast ids of this actor whose words live in the views' catalogue (`t(id)`), besides the editor's refusals. */
export const TRANSLATION_TOAST_KEYS = {
  saved: 'translationToast.saved',
  emptyEdit: 'translationToast.emptyEdit',
  noPermission: 'translationToast.noPermission',
  locked: 'translationToast.locked',
  notValidating: 'translationToast.notValidating',
  disabledByDiff: 'translationToast.disabledByDiff',
  savedAll: 'translationToast.savedAll',
} as const;

/** The catalogue key of an editor refusal toast (§8 toasts in the segment editor). */
export const refusalToastKey = (reason: string) => `translationEditor.toast.${reason}`;

const showToast = (make: (args: { context: TranslationContext; event: TranslationEvent }) => ReturnType<typeof translationToast>) =>
  sendToSystem('toasts', (args: { context: TranslationContext; event: TranslationEvent }) => ({ type: 'toast.show', toast: make(args) }));

/** Why an edit or a progress change of a nav group is blocked for this viewer (signed out is asked separately). */
function blockedReasonOf(context: TranslationContext, navKey: string, key?: string): EditBlockedReason | null {
  return editBlockedReason({
    canTranslate: context.subject?.canTranslate ?? false,
    validating: context.validationId !== null,
    // §5 while a diff is shown, its UnimportedChange segments cannot be edited.
    disabledByDiff: key !== undefined && isDisabledByDiffOf(context, key),
    locked: isLockedOf(context, navKey),
  });
}

const segmentOf = (context: TranslationContext, key: string): Segment | undefined => context.model?.segmentsByKey.get(key);
const editingSegmentOf = (context: TranslationContext): Segment | undefined => (context.editing ? segmentOf(context, context.editing.key) : undefined);

/**
 * The translation editor of the open item (translation-editor §2 translate tab, §4 load status / fetch status /
 * group progress / segment edit, §5 edit rules, §7 calls and pushes, §8 loading, saving and progress errors;
 * systemId `translation`).
 *
 * `closed` (INIT) until the composition root sends `translation.open` for a ready version on the translate tab.
 * `open` runs four regions: `load` (stack → validation → file → the model; then translationFetched / submitting /
 * changesPending / saveFailed), `languageMap` (non-fatal), `progress` (mark complete, reopen with its confirmation,
 * segment reset) and `refresh` (get-segments for pushed segment ids, queued). A save is optimistic: the change shows
 * at once, is rolled back on refusal with the editor kept open on the user's text. Nothing the server sends ever
 * replaces what the user is editing: a differing change opens `conflict` and the user chooses.
 */
export const translationMachine = setup({
  types: {
    context: {} as TranslationContext,
    events: {} as TranslationEvent,
  },
  actors: {
    fetchStack: promiseSlot<TranslationStackResponse, { itemId: string; pass: string | null }>('fetchStack'),
    fetchValidation: promiseSlot<ValidationResponse, { itemId: string; versionId: string; targetLocale: string; pass: string | null }>('fetchValidation'),
    fetchFile: promiseSlot<unknown, { path: string }>('fetchFile'),
    fetchLanguageMap: promiseSlot<unknown, { displayLocale: string }>('fetchLanguageMap'),
    saveChanges: promiseSlot<{ paths: Record<string, ValidationChange> }, { validationId: string; email: string; batches: CommandChange[][]; view: string; pass: string | null }>('saveChanges'),
    getSegments: promiseSlot<GetSegmentsResponse, { ids: string[]; pass: string | null }>('getSegments'),
    completeGroup: promiseSlot<{ updatedAt: string }, { validationId: string; body: ProgressBody; pass: string | null }>('completeGroup'),
    reopenGroup: promiseSlot<void, { validationId: string; body: ProgressBody; pass: string | null }>('reopenGroup'),
    resetSegment: promiseSlot<void, { validationId: string; body: ResetSegmentBody; pass: string | null }>('resetSegment'),
    /** GET TRANSLATION_TOOL_CALLS.previousValidation (the diff's previous version). */
    fetchPreviousValidation: promiseSlot<PreviousValidationResponse, { itemId: string; previousVersionId: string; targetLocale: string; pass: string | null }>('fetchPreviousValidation'),
  },
  delays: {
    /** §9 navigating over 500 matches defers the handler (a macrotask). */
    searchDefer: 0,
    /** §9 duplicate navigate messages within 300 ms are ignored. */
    duplicateNavigateIgnore: DUPLICATE_NAVIGATE_IGNORE_MS,
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},

    /** Stores SKIP_REOPEN_CONFIRM_STORAGE_KEY (provided at the composition root). */
    storeSkipReopenConfirm: (_, _params: { value: boolean }) => {},
    /** Stores SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY (the time stamp; provided at the composition root). */
    storeSkipSaveAllConfirm: (_, _params: { at: string }) => {},
    /** Stores UPDATES_POPOVER_DISMISSED_STORAGE_KEY (the time stamp; provided at the composition root). */
    storeUpdatesPopoverDismissed: (_, _params: { at: string }) => {},
    rerunSearch: assign(({ context }) => searchRefreshed(context)),
    showPreviousEditsError: showToast(() => translationToast('translationToast.previousEditsError', TRANSLATION_MESSAGES.loadPreviousEdits)),
    markEdited: assign(({ context }) => withTools(context, { hasEdited: true })),
    openAuthPrompt: assign({ authPromptOpen: true }),
    applyPush: assign(({ context, event }) => {
      const push = translationPushOf(event, context.validationId);
      if (!push) return {};
      switch (push.name) {
        case 'updateSegments': {
          const ids = push.data.validationSegmentIds.filter((id) => !context.refreshQueue.includes(id));
          return ids.length ? { refreshQueue: [...context.refreshQueue, ...ids] } : {};
        }
        case 'resetSegment':
          return applyServerChanges(context, [[push.data.path, null]]);
        case 'groupComplete':
          return {
            ...applyServerChanges(context, Object.entries(push.data.changes)),
            progress: { ...context.progress, [push.data.path]: push.data.progress },
            profiles: { ...context.profiles, ...push.data.profiles },
          };
        case 'deleteProgress': {
          const progress = { ...context.progress };
          delete progress[push.data.path];
          return { ...applyServerChanges(context, Object.entries(push.data.changes)), progress };
        }
      }
    }),
  },
  guards: {
    hasModel: ({ context }) => context.model !== null,
    isSignedOut: ({ context }) => !context.subject?.userId,
    /** §2 a known filter; the updates filter is offered only when updates exist and the course-updates mode is not active. */
    isFilterOffered: ({ context, event }) =>
      event.type === 'translation.setFilter' && SEGMENT_FILTERS.includes(event.filter) && (event.filter !== 'updatesFromPreviousVersion' || isUpdatesFilterOfferedOf(context)),
    /** The unimported filter, the version has a previous one, and that one's edits are not read yet. */
    needsPreviousEdits: ({ context, event }) =>
      event.type === 'translation.setFilter' &&
      event.filter === 'unimportedFromPreviousVersion' &&
      typeof context.subject?.previousVersionId === 'string' &&
      context.previousEdits?.versionId !== context.subject.previousVersionId,
    isSameVersion: ({ context, event }) => event.type === 'translation.open' && context.subject?.itemId === event.itemId && context.subject.versionId === event.versionId,
    isStackAnswer: (_, params: { output: unknown; itemId: string }) => isStackAnswer(params.output) && targetLocaleOf(params.output, params.itemId) !== null,
    /** A stack the item is not a target of (its source course, or not in it). */
    isStackWithoutTarget: (_, params: { output: unknown }) => isStackAnswer(params.output),
    /** The stack call's 404: the item is in no translation stack. */
    isNotInStack: (_, params: { error: unknown }) => (params.error as HttpLikeError | null)?.status === 404,
    isValidationAnswer: (_, params: { output: unknown }) => isValidationAnswer(params.output),
    isUnknownSegment: ({ context }, params: { key: string }) => !context.model?.segmentsByKey.has(params.key),
    isSegmentBlocked: ({ context }, params: { key: string }) => {
      const segment = segmentOf(context, params.key);
      return !segment || blockedReasonOf(context, segment.navKey, segment.key) !== null;
    },
    isEditing: ({ context }) => context.editing !== null,
    hasConflict: ({ context }) => context.conflict !== null,
    isEditedSegmentBlocked: ({ context }) => {
      const segment = editingSegmentOf(context);
      return !segment || blockedReasonOf(context, segment.navKey, segment.key) !== null;
    },
    isUnsupportedStoryline: ({ context }) =>
      context.model !== null && isUnsupportedStorylineVersion({ product: context.model.product, storylineVersion: context.model.storylineVersion ?? undefined }),
    isEmptyEdit: ({ context }) => saveProblemOf(context) === 'empty',
    isNoOpEdit: ({ context }) => saveProblemOf(context) !== null,
    isNavGroup: ({ context }, params: { navKey: string }) => context.model?.groups.get(params.navKey)?.isNav ?? false,
    isNotNavGroup: ({ context }, params: { navKey: string }) => !context.model?.groups.get(params.navKey)?.isNav,
    isNotCompleteNavGroup: ({ context }, params: { navKey: string }) =>
      !context.model?.groups.get(params.navKey)?.isNav || !Object.prototype.hasOwnProperty.call(context.progress, params.navKey),
    isGroupComplete: ({ context }, params: { navKey: string }) => Object.prototype.hasOwnProperty.call(context.progress, params.navKey),
    isGroupActionBlocked: ({ context }) => groupBlockedReasonOf(context) !== null,
    isSaving: ({ context }) => context.saving !== null,
    skipsReopenConfirm: ({ context }) => context.skipReopenConfirm,
    wantsDontAskAgain: ({ event }) => event.type === 'translation.confirmReopen' && event.dontAskAgain,
    hasRefreshQueued: ({ context }) => context.refreshQueue.length > 0,
    hasNoChange: ({ context }, params: { key: string }) => context.changes[params.key] === undefined,
    isLanguageMap: (_, params: { output: unknown }) => languageMapFrom(params.output) !== null,
    isTranslationFile: (_, params: { output: unknown }) => parsedFileOf(params.output) !== null,
    isPreviousValidationAnswer: (_, params: { output: unknown }) => isPreviousValidationAnswer(params.output),
    isApplying: ({ context }) => context.tools.applying !== null,
    hasValuesToApply: ({ context, event }) => event.type === 'translation.applyValues' && isApplyOrigin(event.origin) && (preparedFor(context, event)?.edits.length ?? 0) > 0,
    hasManyHits: ({ context }) => (context.tools.found?.total ?? 0) > SEARCH_DEFER_ABOVE,
    canReplace: ({ context }) => context.replaceValue !== '' && replaceOneValues(context).length > 0,
    canReplaceAll: ({ context }) => hasSearchTerm(context) && context.replaceValue !== '' && (context.tools.found?.items.some((item) => item.field === 'target') ?? false),
    canSaveToAll: ({ context }) => canSaveToAllOf(context),
    skipsSaveAllConfirm: ({ context }) => context.skipSaveAllConfirm !== null,
    wantsDontAskAgainSaveAll: ({ event }) => event.type === 'translation.confirmSaveToAll' && event.dontAskAgain,
    isCourseUpdatesMode: ({ context }) => context.tools.viewMode === 'courseUpdates',
    hasUpdateGroups: ({ context }) => updateGroupsOf(context).length > 0,
    isOwnConnection: ({ context, event }) => event.type === 'realtime.reconnected' && !!context.subject && event.namespace === `/item/${context.subject.itemId}`,
    hasResyncQueued: ({ context }) => context.tools.resyncQueued && context.validationId !== null,
    hasNothingToReset: ({ context }, params: { key: string }) => resetTargetOf(context, params.key) === null,
    isResetBlocked: ({ context }) => resetBlockedReasonOf(context) !== null,
    isResetGroupComplete: ({ context }, params: { key: string }) => {
      const navKey = segmentOf(context, params.key)?.navKey;
      return navKey !== undefined && Object.prototype.hasOwnProperty.call(context.progress, navKey);
    },
    isResetToValue: ({ context }) => context.tools.resetAsked?.to.kind === 'value',
  },
}).createMachine({
  id: 'translation',
  context: { ...CLOSED, skipReopenConfirm: false, languageMap: null, skipSaveAllConfirm: null, updatesPopoverDismissedAt: null },
  on: {
    'translation.settingsLoaded': {
      guard: ({ event }) => typeof event.skipReopenConfirm === 'boolean',
      actions: assign(({ event }) => ({
        skipReopenConfirm: event.skipReopenConfirm,
        skipSaveAllConfirm: typeof event.skipSaveAllConfirm === 'string' && event.skipSaveAllConfirm !== '' ? event.skipSaveAllConfirm : null,
        updatesPopoverDismissedAt: typeof event.updatesPopoverDismissedAt === 'string' && event.updatesPopoverDismissedAt !== '' ? event.updatesPopoverDismissedAt : null,
      })),
    },
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'translation.open': { target: 'open', actions: assign(({ event }) => ({ ...CLOSED, subject: subjectOf(event) })) },
      },
    },
    open: {
      type: 'parallel',
      // §2 locale names: the language map is read beside the load; a failure only logs (the views show the codes).
      invoke: {
        id: 'fetchLanguageMap',
        src: 'fetchLanguageMap',
        input: () => ({ displayLocale: DEFAULT_DISPLAY_LOCALE }),
        onDone: [
          { guard: { type: 'isLanguageMap', params: ({ event }) => ({ output: event.output }) }, actions: assign({ languageMap: ({ event }) => languageMapFrom(event.output) }) },
          { actions: { type: 'reportError', params: { message: TRANSLATION_MESSAGES.languageMap } } },
        ],
        onError: { actions: { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.languageMap}: ${errorMessageOf(event.error, 'unknown error')}` }) } },
      },
      on: {
        'translation.open': [
          // The same version (the viewer or a permission changed): no new read.
          { guard: 'isSameVersion', actions: assign({ subject: ({ event }) => subjectOf(event) }) },
          { target: 'open', reenter: true, actions: assign(({ event }) => ({ ...CLOSED, subject: subjectOf(event) })) },
        ],
        'translation.close': { target: 'closed', actions: assign({ ...CLOSED }) },
        // The unimported filter may need the previous version's edits first: the tools region reads them when it is
        // idle (its transition wins over this one); in its other states (a dialog, values on the wire) it waits.
        'translation.setFilter': { guard: and(['isFilterOffered', not('needsPreviousEdits')]), actions: [assign({ filter: ({ event }) => event.filter, pendingFilter: null }), 'rerunSearch'] },
        'translation.clearFilter': { actions: [assign({ filter: 'all' as SegmentFilter, pendingFilter: null }), 'rerunSearch'] },
        'translation.toggleGroup': {
          guard: ({ context, event }) => context.model?.groups.has(event.key) ?? false,
          actions: assign({ collapsed: ({ context, event }) => (context.collapsed.includes(event.key) ? context.collapsed.filter((key) => key !== event.key) : [...context.collapsed, event.key]) }),
        },
        'translation.goToGroup': { guard: { type: 'isNavGroup', params: ({ event }) => ({ navKey: event.navKey }) }, actions: [assign({ activeNavKey: ({ event }) => event.navKey }), 'rerunSearch'] },
        // The bottom bar steps through the "Update N" groups in the course-updates mode.
        'translation.nextGroup': [
          { guard: and(['hasModel', 'isCourseUpdatesMode']), actions: assign(({ context }) => ({ activeNavKey: adjacentUpdateNavKey(context, 1), ...withTools(context, { scrollTo: null }) })) },
          { guard: 'hasModel', actions: [assign({ activeNavKey: ({ context }) => stepNav(context, 1) }), 'rerunSearch'] },
        ],
        'translation.previousGroup': [
          { guard: and(['hasModel', 'isCourseUpdatesMode']), actions: assign(({ context }) => ({ activeNavKey: adjacentUpdateNavKey(context, -1), ...withTools(context, { scrollTo: null }) })) },
          { guard: 'hasModel', actions: [assign({ activeNavKey: ({ context }) => stepNav(context, -1) }), 'rerunSearch'] },
        ],
        // ---- find and replace (§2 bar, §3 Filter state, §5)
        'translation.openSearch': { actions: assign(({ context }) => withTools(context, { viewMode: 'search' })) },
        'translation.openReplace': { actions: assign(({ context }) => withTools(context, { viewMode: 'replace' })) },
        'translation.closeSearch': {
          guard: ({ context }) => context.tools.viewMode === 'search' || context.tools.viewMode === 'replace',
          actions: assign(({ context }) => ({ searchTerm: '', replaceValue: '', ...withTools(context, { viewMode: 'group', found: null, cursor: null, replaceStatus: { overall: 'IDLE', byPath: {} } }) })),
        },
        'translation.setSearchTerm': [
          // §5 clearing the search input also clears the replace value.
          { guard: ({ event }) => typeof event.term !== 'string' },
          { guard: ({ event }) => event.term.trim() === '', actions: assign(({ context, event }) => ({ searchTerm: event.term, replaceValue: '', ...withTools(context, { found: null, cursor: null }) })) },
          { actions: assign(({ context, event }) => searchFresh({ ...context, searchTerm: event.term })) },
        ],
        'translation.setReplaceValue': { guard: ({ event }) => typeof event.value === 'string', actions: assign({ replaceValue: ({ event }) => event.value }) },
        'translation.setSearchScope': { guard: ({ event }) => SEARCH_SCOPES.includes(event.scope), actions: assign(({ context, event }) => searchFresh({ ...context, tools: { ...context.tools, searchScope: event.scope } })) },
        'translation.setSlideScope': { guard: ({ event }) => event.scope === 'current' || event.scope === 'all', actions: assign(({ context, event }) => searchFresh({ ...context, tools: { ...context.tools, slideScope: event.scope } })) },
        // ---- course updates (§2, §4)
        'translation.openCourseUpdates': {
          guard: 'hasUpdateGroups',
          actions: assign(({ context }) => ({
            activeNavKey: updateGroupsOf(context)[0]?.navKey ?? context.activeNavKey,
            searchTerm: '',
            replaceValue: '',
            ...withTools(context, { viewMode: 'courseUpdates', found: null, cursor: null, scrollTo: null }),
            filter: context.filter === 'updatesFromPreviousVersion' ? ('all' as SegmentFilter) : context.filter,
          })),
        },
        'translation.closeCourseUpdates': { guard: 'isCourseUpdatesMode', actions: assign(({ context }) => withTools(context, { viewMode: 'group' })) },
        'translation.dismissUpdatesPopover': {
          guard: ({ event }) => typeof event.at === 'string',
          actions: [assign({ updatesPopoverDismissedAt: ({ event }) => event.at }), { type: 'storeUpdatesPopoverDismissed', params: ({ event }) => ({ at: event.at }) }],
        },
        // The diff view closes (while loading, the loading state's own handler also leaves it).
        'translation.closeDiff': { actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) },
        'translation.setDiffPath': { actions: assign(({ context, event }) => withTools(context, { diff: { ...context.tools.diff, currentDiffPath: event.key } })) },
        // After a drop the validation is read again (region refresh).
        'realtime.reconnected': { guard: 'isOwnConnection', actions: assign(({ context }) => withTools(context, { resyncQueued: true })) },
        'translation.edit': {
          guard: ({ context, event }) => context.editing !== null && context.editing.key === event.key,
          actions: assign({ editing: ({ context, event }) => (context.editing ? { ...context.editing, value: event.value } : null) }),
        },
        'translation.resolveConflict': [
          {
            guard: ({ context, event }) => event.keep === 'mine' && context.conflict !== null,
            actions: assign(({ context }) => {
              const segment = context.conflict ? segmentOf(context, context.conflict.key) : undefined;
              const theirs = context.conflict?.theirs?.replacement.newValue ?? (segment ? serializeSegmentText(segment.originalTarget) : '');
              return { editing: context.editing ? { ...context.editing, savedFrom: theirs } : null, conflict: null };
            }),
          },
          { guard: ({ context, event }) => event.keep === 'theirs' && context.conflict !== null, actions: assign({ editing: null, conflict: null }) },
        ],
        'translation.closeAuthPrompt': { actions: assign({ authPromptOpen: false }) },
        'translation.refused': { actions: showToast(({ event }) => translationToast(refusalToastKey(event.type === 'translation.refused' ? event.reason : ''), null, 'error', 'edit')) },
        'realtime.message': { actions: ['applyPush', 'rerunSearch'] },
      },
      states: {
        load: {
          initial: 'fetchingStack',
          states: {
            fetchingStack: {
              invoke: {
                id: 'fetchStack',
                src: 'fetchStack',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', pass: context.subject?.pass ?? null }),
                onDone: [
                  {
                    guard: { type: 'isStackAnswer', params: ({ context, event }) => ({ output: event.output, itemId: context.subject?.itemId ?? '' }) },
                    target: 'fetchingValidation',
                    actions: assign(({ context, event }) => ({ stack: event.output, targetLocale: targetLocaleOf(event.output, context.subject?.itemId ?? '') })),
                  },
                  {
                    guard: { type: 'isStackWithoutTarget', params: ({ event }) => ({ output: event.output }) },
                    target: 'notTranslationTarget',
                    actions: assign({ stack: ({ event }) => event.output as TranslationStackResponse }),
                  },
                  {
                    target: 'loadFailed',
                    actions: [
                      assign({ error: TRANSLATION_MESSAGES.loadFile }),
                      { type: 'reportError', params: { message: 'Translations: the item is not a target of a translation stack.' } },
                    ],
                  },
                ],
                onError: [
                  { guard: { type: 'isNotInStack', params: ({ event }) => ({ error: event.error }) }, target: 'notTranslationTarget' },
                  {
                    target: 'loadFailed',
                    actions: [
                      assign({ error: ({ event }) => validationErrorOf(event.error) }),
                      { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the stack failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                    ],
                  },
                ],
              },
            },
            // The item is not a translation target (a stack's source course, or in no stack): nothing to translate
            // here; the view goes to the review tab (notTranslationTargetOf).
            notTranslationTarget: {},
            fetchingValidation: {
              invoke: {
                id: 'fetchValidation',
                src: 'fetchValidation',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', versionId: context.subject?.versionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
                onDone: [
                  {
                    guard: { type: 'isValidationAnswer', params: ({ event }) => ({ output: event.output }) },
                    target: 'fetchingFile',
                    actions: assign(({ event }) => ({
                      validationId: event.output.validationId,
                      translationFilePath: event.output.translationFilePath,
                      changes: event.output.paths,
                      progress: event.output.progressDetails,
                      profiles: event.output.profiles,
                      updates: isRecord(event.output.updates) ? event.output.updates : {},
                      showCourseUpdates: event.output.showCourseUpdates === true,
                    })),
                  },
                  { target: 'loadFailed', actions: assign({ error: TRANSLATION_MESSAGES.loadPreviousEdits }) },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: [
                    assign({ error: ({ event }) => validationErrorOf(event.error) }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the validation failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            fetchingFile: {
              entry: assign({ fetchStatus: 'FETCHING' as FetchStatus }),
              invoke: {
                id: 'fetchFile',
                src: 'fetchFile',
                input: ({ context }) => ({ path: context.translationFilePath ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isTranslationFile', params: ({ event }) => ({ output: event.output }) },
                    target: 'ready',
                    actions: [
                      assign(({ context, event }) => {
                        const parsed = parsedFileOf(event.output);
                        return parsed
                          ? { model: parsed.model, problems: parsed.problems, fetchStatus: 'FETCHED' as FetchStatus, activeNavKey: parsed.model.navKeys[0] ?? null, error: null, ...modelExtrasOf(context, parsed.model) }
                          : {};
                      }),
                      // §8 "reported with counts": what building the model noticed.
                      enqueueActions(({ enqueue, event }) => {
                        const message = problemsMessageOf(parsedFileOf(event.output)?.problems ?? null);
                        if (message) enqueue({ type: 'reportError', params: { message } });
                      }),
                    ],
                  },
                  {
                    target: 'loadFailed',
                    actions: [assign({ fetchStatus: 'ERROR' as FetchStatus, error: TRANSLATION_MESSAGES.loadFile }), { type: 'reportError', params: { message: TRANSLATION_MESSAGES.loadFile } }],
                  },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: [
                    assign({ fetchStatus: 'ERROR' as FetchStatus, error: TRANSLATION_MESSAGES.loadFile }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the file failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            loadFailed: {},
            ready: {
              initial: 'translationFetched',
              on: {
                // From translationFetched and saveFailed (a save on the wire or being read back ignores it): the §5
                // checks, then the optimistic change and the batches.
                'translation.save': [
                  { guard: 'isSaving' },
                  { guard: 'isApplying' },
                  { guard: not('isEditing') },
                  { guard: 'hasConflict' },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: 'isEditedSegmentBlocked', actions: showToast(({ context }) => blockedToast(blockedReasonOf(context, editingSegmentOf(context)?.navKey ?? '', context.editing?.key))) },
                  { guard: 'isUnsupportedStoryline', actions: showToast(() => translationToast('translationToast.oldStoryline', TRANSLATION_MESSAGES.oldStoryline)) },
                  { guard: 'isEmptyEdit', actions: showToast(() => translationToast(TRANSLATION_TOAST_KEYS.emptyEdit, null, 'error', 'edit')) },
                  { guard: 'isNoOpEdit', target: '.translationFetched', actions: assign({ editing: null, error: null }) },
                  { target: '.submitting', actions: assign(({ context }) => startSave(context)) },
                ],
              },
              states: {
                translationFetched: {
                  on: {
                    'translation.startEdit': [
                      { guard: { type: 'isUnknownSegment', params: ({ event }) => ({ key: event.key }) } },
                      { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                      {
                        guard: { type: 'isSegmentBlocked', params: ({ event }) => ({ key: event.key }) },
                        actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.startEdit' ? event.key : '')?.navKey ?? '', event.type === 'translation.startEdit' ? event.key : undefined))),
                      },
                      {
                        actions: assign(({ context, event }) => {
                          const segment = segmentOf(context, event.type === 'translation.startEdit' ? event.key : '');
                          if (!segment) return {};
                          return { editing: { key: segment.key, value: segmentValueOf(context, segment), savedFrom: storedValueOf(context.changes, segment) }, conflict: null };
                        }),
                      },
                    ],
                    'translation.cancelEdit': { actions: assign({ editing: null, conflict: null }) },
                  },
                },
                submitting: {
                  tags: ['saving'],
                  invoke: {
                    id: 'saveChanges',
                    src: 'saveChanges',
                    input: ({ context }) => ({
                      validationId: context.validationId ?? '',
                      email: context.subject?.email ?? '',
                      batches: context.saving?.batches ?? [],
                      view: TRANSLATION_VIEW,
                      pass: context.subject?.pass ?? null,
                    }),
                    onDone: {
                      target: 'changesPending',
                      actions: [
                        assign(({ context, event }) => {
                          const paths = isRecord(event.output?.paths) ? event.output.paths : {};
                          const changes = { ...context.changes, ...paths };
                          const saved = context.saving;
                          // The editor closes unless the user typed on while it was on the wire.
                          const typedOn = context.editing && saved && context.editing.key === saved.key && serializeSegmentText(context.editing.value) !== saved.newValue;
                          const editing = typedOn && context.editing && saved ? { ...context.editing, savedFrom: changes[saved.key]?.replacement.newValue ?? saved.newValue } : context.editing?.key === saved?.key ? null : context.editing;
                          return { changes, editing, conflict: editing ? context.conflict : null };
                        }),
                        showToast(() => translationToast(TRANSLATION_TOAST_KEYS.saved, null, 'success', 'saved')),
                        'markEdited',
                        'rerunSearch',
                        assign(({ context }) => diffRefreshed(context)),
                      ],
                    },
                    onError: {
                      target: 'saveFailed',
                      actions: [
                        assign(({ context, event }) => {
                          const changes = { ...context.changes };
                          const saved = context.saving;
                          if (saved?.previous) changes[saved.key] = saved.previous;
                          else if (saved) delete changes[saved.key];
                          return { changes, saving: null, error: TRANSLATION_MESSAGES.saveChange(errorMessageOf(event.error, 'unknown error')) };
                        }),
                        { type: 'reportError', params: ({ event }) => ({ message: TRANSLATION_MESSAGES.saveChange(errorMessageOf(event.error, 'unknown error')) }) },
                      ],
                    },
                  },
                },
                // §4 CHANGES_PENDING: the saved segment is read back (server truth) before editing goes on.
                changesPending: {
                  invoke: {
                    id: 'getSavedSegments',
                    src: 'getSegments',
                    input: ({ context }) => {
                      const segment = context.saving ? segmentOf(context, context.saving.key) : undefined;
                      return { ids: segment ? [segment.validationSegmentId] : [], pass: context.subject?.pass ?? null };
                    },
                    onDone: { target: 'translationFetched', actions: [assign(({ context, event }) => ({ ...applySegments(context, event.output), saving: null })), 'rerunSearch'] },
                    onError: {
                      target: 'translationFetched',
                      actions: [assign({ saving: null }), { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the saved segment failed: ${errorMessageOf(event.error, 'unknown error')}` }) }],
                    },
                  },
                },
                // §4 ERROR after a refused save: the editor keeps the user's text; clearing the error returns to TRANSLATION_FETCHED.
                saveFailed: {
                  on: {
                    'translation.dismissError': { target: 'translationFetched', actions: assign({ error: null }) },
                    'translation.cancelEdit': { target: 'translationFetched', actions: assign({ editing: null, conflict: null, error: null }) },
                  },
                },
              },
            },
          },
        },
        progress: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'translation.markComplete': [
                  { guard: { type: 'isNotNavGroup', params: ({ event }) => ({ navKey: event.navKey }) } },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: { type: 'isGroupComplete', params: ({ event }) => ({ navKey: event.navKey }) } },
                  {
                    guard: 'isGroupActionBlocked',
                    actions: showToast(({ context }) => blockedToast(groupBlockedReasonOf(context))),
                  },
                  {
                    target: 'markingComplete',
                    actions: assign(({ context, event }) => {
                      const navKey = event.type === 'translation.markComplete' ? event.navKey : '';
                      const { next, previous } = groupChanges(context, navKey, ['pending'], 'accepted');
                      return {
                        progressCall: { navKey, previous: context.progress[navKey] ?? null, previousChanges: previous },
                        progress: { ...context.progress, [navKey]: { userId: context.subject?.userId ?? '', updatedAt: '', isCourseUpdate: context.tools.viewMode === 'courseUpdates' } },
                        changes: next,
                      };
                    }),
                  },
                ],
                'translation.reopen': [
                  { guard: { type: 'isNotCompleteNavGroup', params: ({ event }) => ({ navKey: event.navKey }) } },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  {
                    guard: 'isGroupActionBlocked',
                    actions: showToast(({ context }) => blockedToast(groupBlockedReasonOf(context))),
                  },
                  { guard: 'skipsReopenConfirm', target: 'reopening', actions: assign(({ context, event }) => startReopen(context, event.type === 'translation.reopen' ? event.navKey : '')) },
                  { target: 'confirmingReopen', actions: assign({ reopenAsked: ({ event }) => (event.type === 'translation.reopen' ? event.navKey : null) }) },
                ],
                'translation.resetSegment': [
                  { guard: { type: 'hasNoChange', params: ({ event }) => ({ key: event.key }) } },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  {
                    guard: { type: 'isSegmentBlocked', params: ({ event }) => ({ key: event.key }) },
                    actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.resetSegment' ? event.key : '')?.navKey ?? '', event.type === 'translation.resetSegment' ? event.key : undefined))),
                  },
                  {
                    target: 'resetting',
                    actions: assign(({ context, event }) => {
                      const key = event.type === 'translation.resetSegment' ? event.key : '';
                      const changes = { ...context.changes };
                      delete changes[key];
                      return { resetting: { key, previous: context.changes[key] ?? null }, changes };
                    }),
                  },
                ],
              },
            },
            markingComplete: {
              tags: ['busy'],
              invoke: {
                id: 'completeGroup',
                src: 'completeGroup',
                input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const call = context.progressCall;
                    const updatedAt = typeof event.output?.updatedAt === 'string' ? event.output.updatedAt : '';
                    if (!call) return { progressCall: null };
                    const entry = context.progress[call.navKey];
                    const changes = { ...context.changes };
                    for (const key of Object.keys(call.previousChanges)) {
                      const change = changes[key];
                      if (change && change.status === 'accepted' && change.lastAcceptedDate === call.previousChanges[key]?.lastAcceptedDate) changes[key] = { ...change, lastAcceptedDate: updatedAt };
                    }
                    return { progressCall: null, changes, progress: entry ? { ...context.progress, [call.navKey]: { ...entry, updatedAt: entry.updatedAt || updatedAt } } : context.progress };
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => rollbackProgress(context)),
                    showToast(() => translationToast('translationToast.markCompleteError', TRANSLATION_MESSAGES.markComplete)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.markComplete}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            // §4: a confirmation precedes reopening unless the user opted out (remembered).
            confirmingReopen: {
              on: {
                'translation.confirmReopen': [
                  {
                    guard: 'wantsDontAskAgain',
                    target: 'reopening',
                    actions: [
                      assign(({ context }) => ({ ...startReopen(context, context.reopenAsked ?? ''), skipReopenConfirm: true })),
                      { type: 'storeSkipReopenConfirm', params: { value: true } },
                    ],
                  },
                  { target: 'reopening', actions: assign(({ context }) => startReopen(context, context.reopenAsked ?? '')) },
                ],
                'translation.cancelReopen': { target: 'idle', actions: assign({ reopenAsked: null }) },
              },
            },
            reopening: {
              tags: ['busy'],
              invoke: {
                id: 'reopenGroup',
                src: 'reopenGroup',
                input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
                onDone: { target: 'idle', actions: assign({ progressCall: null }) },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => rollbackProgress(context)),
                    showToast(() => translationToast('translationToast.reopenError', TRANSLATION_MESSAGES.reopen)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.reopen}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            resetting: {
              tags: ['busy'],
              invoke: {
                id: 'resetSegment',
                src: 'resetSegment',
                input: ({ context }) => {
                  const segment = context.resetting ? segmentOf(context, context.resetting.key) : undefined;
                  return {
                    validationId: context.validationId ?? '',
                    body: {
                      path: context.resetting?.key ?? '',
                      command: 0 as const,
                      data: { newValue: segment ? serializeSegmentText(segment.originalTarget) : '' },
                      isCourseUpdate: context.tools.viewMode === 'courseUpdates',
                      view: TRANSLATION_VIEW,
                      email: context.subject?.email ?? '',
                    },
                    pass: context.subject?.pass ?? null,
                  };
                },
                onDone: { target: 'idle', actions: [assign(({ context }) => ({ ...diffRefreshed(context), resetting: null })), 'markEdited', 'rerunSearch'] },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => {
                      const reset = context.resetting;
                      return reset?.previous ? { resetting: null, changes: { ...context.changes, [reset.key]: reset.previous } } : { resetting: null };
                    }),
                    showToast(() => translationToast('translationToast.resetError', TRANSLATION_MESSAGES.reset)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.reset}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
          },
        },
        // Pushed segment ids are read through get-segments, one request at a time; ids pushed meanwhile wait.
        refresh: {
          initial: 'idle',
          states: {
            idle: {
              always: [
                { guard: and(['hasResyncQueued', 'hasModel']), target: 'resyncing' },
                { guard: and(['hasRefreshQueued', 'hasModel']), target: 'refreshing' },
              ],
            },
            // After a reconnect: the validation again (changes and progress missed while offline), the editor untouched.
            resyncing: {
              entry: assign(({ context }) => withTools(context, { resyncQueued: false })),
              invoke: {
                id: 'refetchValidation',
                src: 'fetchValidation',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', versionId: context.subject?.versionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
                onDone: { target: 'idle', actions: assign(({ context, event }) => validationRefreshed(context, event.output)) },
                onError: {
                  target: 'idle',
                  actions: { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the validation after a reconnect failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                },
              },
            },
            refreshing: {
              entry: assign(({ context }) => ({ refreshing: context.refreshQueue, refreshQueue: [] })),
              invoke: {
                id: 'refreshSegments',
                src: 'getSegments',
                input: ({ context }) => ({ ids: context.refreshing, pass: context.subject?.pass ?? null }),
                onDone: { target: 'idle', actions: [assign(({ context, event }) => ({ ...applySegments(context, event.output), refreshing: [] })), 'rerunSearch'] },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ refreshing: [] }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Translations: refreshing segments failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
          },
        },
        // ---- issue 9: the tools (translation-editor §2, §4, §5, §9). One region of exclusive states: stepping
        // through the hits (deferred over 500 matches), the replace-all and save-to-all confirmations, values on the
        // wire, the duplicate-navigate cool-down, loading a version diff, and the reset dialogs.
        tools: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'translation.nextHit': [
                  { guard: 'hasManyHits', target: 'navigating', actions: assign(({ context }) => withTools(context, { pendingStep: 1 })) },
                  { actions: assign(({ context }) => focusHit(context, stepHit(context, 1))) },
                ],
                'translation.previousHit': [
                  { guard: 'hasManyHits', target: 'navigating', actions: assign(({ context }) => withTools(context, { pendingStep: -1 })) },
                  { actions: assign(({ context }) => focusHit(context, stepHit(context, -1))) },
                ],
                'translation.applyValues': [
                  { guard: not('hasModel') },
                  { guard: ({ event }) => !Array.isArray(event.values) },
                  { guard: 'isSaving' },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: 'hasValuesToApply', target: 'applying', actions: assign(({ context, event }) => (event.type === 'translation.applyValues' ? startApply(context, event) : {})) },
                  {
                    actions: enqueueActions(({ context, event, enqueue }) => {
                      const toast = applyRefusedToast(context, event);
                      if (toast) enqueue(sendToSystem('toasts', () => ({ type: 'toast.show', toast })));
                    }),
                  },
                ],
                // §5 replacing needs both a search term and a replace value.
                'translation.replaceOne': [
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: 'canReplace', actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: replaceOneValues(context), origin: 'replace' as const })) },
                ],
                'translation.replaceAll': [
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: 'canReplaceAll', target: 'confirmingReplaceAll' },
                ],
                'translation.saveToAll': [
                  { guard: not('canSaveToAll') },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  {
                    guard: 'skipsSaveAllConfirm',
                    actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.editing ? saveToAllValues(context, context.editing) : [], origin: 'saveToAll' as const })),
                  },
                  { target: 'confirmingSaveToAll', actions: assign(({ context }) => withTools(context, { saveAllAsked: context.editing ? { key: context.editing.key, value: context.editing.value } : null })) },
                ],
                'translation.goToDuplicate': {
                  guard: ({ context, event }) => context.model?.segmentsByKey.has(event.key) ?? false,
                  target: 'coolingDown',
                  actions: assign(({ context, event }) => ({ activeNavKey: segmentOf(context, event.key)?.navKey ?? context.activeNavKey, ...withTools(context, { scrollTo: event.key }) })),
                },
                // §2 filter "unimported from previous version": the previous version's validated edits first.
                'translation.setFilter': { guard: and(['hasModel', 'isFilterOffered', 'needsPreviousEdits']), target: 'loadingPreviousEdits', actions: assign({ pendingFilter: ({ event }) => event.filter }) },
                'translation.openDiff': {
                  guard: and(['hasModel', ({ event }) => typeof event.previousVersionId === 'string' && typeof event.now === 'string']),
                  target: 'loadingPreviousValidation',
                  actions: assign(({ context, event }) => withTools(context, { diff: { ...NO_DIFF, status: 'loading', previousVersionId: event.previousVersionId, now: event.now } })),
                },
                // §2 reset translation: to the previous version's target in a diff, else to the original target.
                'translation.askResetTranslation': [
                  { guard: { type: 'isUnknownSegment', params: ({ event }) => ({ key: event.key }) } },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: { type: 'hasNothingToReset', params: ({ event }) => ({ key: event.key }) } },
                  { guard: 'isResetBlocked', actions: showToast(({ context }) => blockedToast(resetBlockedReasonOf(context))) },
                  {
                    // Its section is complete: the reopen-completed-section dialog first.
                    guard: { type: 'isResetGroupComplete', params: ({ event }) => ({ key: event.key }) },
                    target: 'confirmingSectionReopen',
                    actions: assign(({ context, event }) => withTools(context, { resetAsked: resetAskedOf(context, event.type === 'translation.askResetTranslation' ? event.key : '') })),
                  },
                  { target: 'confirmingReset', actions: assign(({ context, event }) => withTools(context, { resetAsked: resetAskedOf(context, event.type === 'translation.askResetTranslation' ? event.key : '') })) },
                ],
              },
            },
            navigating: {
              after: {
                searchDefer: {
                  target: 'idle',
                  actions: assign(({ context }) => {
                    const settled = { ...context, ...withTools(context, { pendingStep: null }) };
                    return { ...settled, ...focusHit(settled, stepHit(context, context.tools.pendingStep ?? 1)) };
                  }),
                },
              },
            },
            // §2 replace-all confirmation dialog.
            confirmingReplaceAll: {
              on: {
                'translation.confirmReplaceAll': {
                  target: 'idle',
                  actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: replaceAllValues(context), origin: 'replaceAll' as const })),
                },
                'translation.cancelReplaceAll': { target: 'idle' },
              },
            },
            // §2 save-to-all-duplicates dialog (suppressible: §4 a time stamp is stored).
            confirmingSaveToAll: {
              on: {
                'translation.confirmSaveToAll': [
                  { guard: ({ event }) => typeof event.at !== 'string' },
                  {
                    guard: 'wantsDontAskAgainSaveAll',
                    target: 'idle',
                    actions: [
                      assign({ skipSaveAllConfirm: ({ event }) => event.at }),
                      { type: 'storeSkipSaveAllConfirm', params: ({ event }) => ({ at: event.at }) },
                      raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.tools.saveAllAsked ? saveToAllValues(context, context.tools.saveAllAsked) : [], origin: 'saveToAll' as const })),
                    ],
                  },
                  {
                    target: 'idle',
                    actions: raise(({ context }) => ({ type: 'translation.applyValues' as const, values: context.tools.saveAllAsked ? saveToAllValues(context, context.tools.saveAllAsked) : [], origin: 'saveToAll' as const })),
                  },
                ],
                'translation.cancelSaveToAll': { target: 'idle', actions: assign(({ context }) => withTools(context, { saveAllAsked: null })) },
              },
            },
            applying: {
              tags: ['saving'],
              invoke: {
                id: 'applyChanges',
                src: 'saveChanges',
                input: ({ context }) => ({
                  validationId: context.validationId ?? '',
                  email: context.subject?.email ?? '',
                  batches: context.tools.applying?.batches ?? [],
                  view: TRANSLATION_VIEW,
                  pass: context.subject?.pass ?? null,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    // §9 save success 2,000 ms single, 5,000 ms for duplicates.
                    enqueueActions(({ context, enqueue }) => {
                      const origin = context.tools.applying?.origin;
                      if (origin === 'saveToAll' && (context.tools.applying?.keys.length ?? 0) > 1) enqueue(showToast(() => translationToast(TRANSLATION_TOAST_KEYS.savedAll, null, 'success', 'savedAll')));
                      else if (origin !== 'replaceAll') enqueue(showToast(() => translationToast(TRANSLATION_TOAST_KEYS.saved, null, 'success', 'saved')));
                    }),
                    assign(({ context, event }) => applyDone(context, event.output)),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    showToast(({ context, event }) => translationToast('translationToast.applyError', applyErrorText(context.tools.applying?.origin, (event as { error?: unknown }).error))),
                    { type: 'reportError', params: ({ context, event }) => ({ message: `${applyErrorText(context.tools.applying?.origin, event.error)}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                    assign(({ context }) => applyFailed(context)),
                  ],
                },
              },
            },
            // The duplicate banner's "show" links: a second one within 300 ms is ignored (§9).
            coolingDown: {
              after: { duplicateNavigateIgnore: { target: 'idle' } },
            },
            // The version diff (§2 diff view, §3 Version diff, §8 previous-file / previous-edits errors).
            loadingPreviousValidation: {
              on: { 'translation.closeDiff': { target: 'idle', actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) } },
              invoke: {
                id: 'fetchPreviousValidation',
                src: 'fetchPreviousValidation',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', previousVersionId: context.tools.diff.previousVersionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
                onDone: [
                  {
                    guard: { type: 'isPreviousValidationAnswer', params: ({ event }) => ({ output: event.output }) },
                    target: 'loadingPreviousFile',
                    actions: assign(({ context, event }) => withTools(context, { diff: { ...context.tools.diff, previousValidation: event.output } })),
                  },
                  { target: 'idle', actions: assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousEdits)) },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousEdits)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.loadPreviousEdits}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            loadingPreviousFile: {
              on: { 'translation.closeDiff': { target: 'idle', actions: assign(({ context }) => withTools(context, { diff: NO_DIFF })) } },
              invoke: {
                id: 'fetchPreviousFile',
                src: 'fetchFile',
                input: ({ context }) => ({ path: context.tools.diff.previousValidation?.translationFilePath ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isTranslationFile', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: assign(({ context, event }) => diffLoaded(context, event.output)),
                  },
                  { target: 'idle', actions: assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile)) },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.loadPreviousFile}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            // The previous version's validated edits for the unimported filter (translation-editor §3 Version diff:
            // the same rule as the diff's UnimportedChange); then the filter chosen meanwhile is set (another filter
            // chosen meanwhile, at the open state, clears it). A failure keeps the filter and says the §8 words. The
            // invoke shares the diff's id: one region, never both at once.
            loadingPreviousEdits: {
              invoke: {
                id: 'fetchPreviousValidation',
                src: 'fetchPreviousValidation',
                input: ({ context }) => ({ itemId: context.subject?.itemId ?? '', previousVersionId: context.subject?.previousVersionId ?? '', targetLocale: context.targetLocale ?? '', pass: context.subject?.pass ?? null }),
                onDone: [
                  {
                    guard: { type: 'isPreviousValidationAnswer', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: [
                      assign(({ context, event }) => ({
                        previousEdits: { versionId: context.subject?.previousVersionId ?? '', paths: event.output.paths },
                        filter: context.pendingFilter ?? context.filter,
                        pendingFilter: null,
                      })),
                      'rerunSearch',
                    ],
                  },
                  { target: 'idle', actions: ['showPreviousEditsError', assign({ pendingFilter: null })] },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    'showPreviousEditsError',
                    assign({ pendingFilter: null }),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.loadPreviousEdits}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            confirmingSectionReopen: {
              on: {
                'translation.confirmReopenSection': { target: 'reopeningSection', actions: assign(({ context }) => startReopen(context, context.tools.resetAsked?.navKey ?? '')) },
                'translation.cancelReopenSection': { target: 'idle', actions: assign(({ context }) => withTools(context, { resetAsked: null })) },
              },
            },
            reopeningSection: {
              tags: ['busy'],
              invoke: {
                id: 'reopenSection',
                src: 'reopenGroup',
                input: ({ context }) => ({ validationId: context.validationId ?? '', body: progressBodyOf(context, context.progressCall?.navKey ?? ''), pass: context.subject?.pass ?? null }),
                onDone: { target: 'confirmingReset', actions: assign({ progressCall: null }) },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => ({ ...rollbackProgress(context), ...withTools(context, { resetAsked: null }) })),
                    showToast(() => translationToast('translationToast.reopenError', TRANSLATION_MESSAGES.reopen)),
                    { type: 'reportError', params: ({ event }) => ({ message: `${TRANSLATION_MESSAGES.reopen}: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
            confirmingReset: {
              on: {
                'translation.confirmResetTranslation': [
                  {
                    // The previous version's target: saved like any value (origin diffReset).
                    guard: 'isResetToValue',
                    target: 'idle',
                    actions: [
                      raise(({ context }) => ({
                        type: 'translation.applyValues' as const,
                        values: context.tools.resetAsked?.to.kind === 'value' ? [{ key: context.tools.resetAsked.key, value: context.tools.resetAsked.to.value }] : [],
                        origin: 'diffReset' as const,
                      })),
                      assign(({ context }) => withTools(context, { resetAsked: null })),
                    ],
                  },
                  {
                    // Back to the original target: the PUT segment reset (region progress).
                    target: 'idle',
                    actions: [raise(({ context }) => ({ type: 'translation.resetSegment' as const, key: context.tools.resetAsked?.key ?? '' })), assign(({ context }) => withTools(context, { resetAsked: null }))],
                  },
                ],
                'translation.cancelResetTranslation': { target: 'idle', actions: assign(({ context }) => withTools(context, { resetAsked: null })) },
              },
            },
          },
        },
      },
    },
  },
});

function subjectOf(event: TranslationSubject & { type: string }): TranslationSubject {
  return {
    itemId: event.itemId,
    versionId: event.versionId,
    versionNumber: event.versionNumber,
    isLatestVersion: event.isLatestVersion,
    pass: event.pass,
    userId: event.userId,
    email: event.email,
    canTranslate: event.canTranslate,
    previousVersionId: typeof event.previousVersionId === 'string' ? event.previousVersionId : null,
  };
}

function stepNav(context: TranslationContext, direction: -1 | 1): string | null {
  if (!context.model) return context.activeNavKey;
  if (!context.activeNavKey) return context.model.navKeys[0] ?? null;
  return adjacentNavKey(context.model, context.activeNavKey, direction) ?? context.activeNavKey;
}

/** Applies a get-segments answer (server truth) through the conflict rule. */
function applySegments(context: TranslationContext, output: unknown): Partial<TranslationContext> {
  if (!isSegmentsAnswer(output)) return {};
  return applyServerChanges(
    context,
    output.data.map((state) => [state.path, state.change]),
  );
}

function startReopen(context: TranslationContext, navKey: string): Partial<TranslationContext> {
  const { next, previous } = groupChanges(context, navKey, ['accepted', 'approved'], 'pending');
  const progress = { ...context.progress };
  delete progress[navKey];
  return { progressCall: { navKey, previous: context.progress[navKey] ?? null, previousChanges: previous }, progress, changes: next, reopenAsked: null };
}

function rollbackProgress(context: TranslationContext): Partial<TranslationContext> {
  const call = context.progressCall;
  if (!call) return {};
  const progress = { ...context.progress };
  if (call.previous) progress[call.navKey] = call.previous;
  else delete progress[call.navKey];
  return { progress, changes: { ...context.changes, ...call.previousChanges }, progressCall: null };
}

/** The toast of a blocked edit or group action: locked, no permission, not validating. */
function blockedToast(reason: EditBlockedReason | null) {
  return translationToast(TRANSLATION_TOAST_KEYS[reason ?? 'locked'], null, 'error', 'edit');
}

/** Why a group action (complete, reopen) is blocked: the previous-version lock, no permission, not validating. */
function groupBlockedReasonOf(context: TranslationContext): EditBlockedReason | null {
  return editBlockedReason({ canTranslate: context.subject?.canTranslate ?? false, validating: context.validationId !== null, disabledByDiff: false, locked: !(context.subject?.isLatestVersion ?? true) });
}

/** The optimistic change of a save and its batches (§5 base64, Levenshtein, under 90,000 characters each). */
function startSave(context: TranslationContext): Partial<TranslationContext> {
  const segment = editingSegmentOf(context);
  if (!segment || !context.editing) return {};
  const previous = context.changes[segment.key] ?? null;
  const newValue = serializeSegmentText(context.editing.value);
  const oldValue = previous ? deserializeSegmentText(previous.replacement.newValue, segment.textType) : null;
  const batches = buildChangeBatches([
    {
      path: segment.key,
      oldText: oldValue !== null ? plainText(oldValue, segment.textType) : segment.originalTargetText,
      newText: plainText(context.editing.value, segment.textType),
      newValue,
      // §7: an edit made while validating course updates is sent as one.
      isCourseUpdate: context.tools.viewMode === 'courseUpdates',
    },
  ]);
  const optimistic: ValidationChange = {
    validationSegmentId: segment.validationSegmentId,
    status: 'pending',
    replacement: { newValue, unsavedValue: null },
    forceUpdate: false,
    proposedBy: context.subject?.userId ?? '',
    proposedAt: previous?.proposedAt ?? '',
    lastAcceptedDate: previous?.lastAcceptedDate ?? null,
    lastAcceptedBy: previous?.lastAcceptedBy ?? null,
  };
  return { saving: { key: segment.key, previous, newValue, batches }, changes: { ...context.changes, [segment.key]: optimistic }, error: null };
}

// ---------------------------------------------------------------------------------------------------------
// Issue 9 helpers: search, values applied, save to all, course updates, diff, reset, reconnect

/** A change to the tools' state. */
function withTools(context: TranslationContext, patch: Partial<TranslationToolsState>): Pick<TranslationContext, 'tools'> {
  return { tools: { ...context.tools, ...patch } };
}

/** The cursor on a hit: its segment's nav group becomes active and the table scrolls to it. */
function focusHit(context: TranslationContext, cursor: SearchCursor | null): Partial<TranslationContext> {
  const item = cursorItem(context.tools.found, cursor);
  const segment = item ? segmentOf(context, item.key) : undefined;
  return segment ? { activeNavKey: segment.navKey, ...withTools(context, { cursor, scrollTo: segment.key }) } : withTools(context, { cursor });
}

/** Runs the search again after the data changed (a term set only: keeps it cheap). */
function searchRefreshed(context: TranslationContext): Partial<TranslationContext> {
  return context.searchTerm.trim() === '' ? {} : withTools(context, searchAgain(context));
}

/** A fresh search (term or scope changed): the cursor on the first hit, focused. */
function searchFresh(context: TranslationContext): Partial<TranslationContext> {
  const next = { ...context, ...withTools(context, searchAgain(context, true)) };
  return { searchTerm: next.searchTerm, tools: next.tools, ...focusHit(next, next.tools.cursor) };
}

/** The search pattern of the term in the target locale, or null. */
function patternOf(context: TranslationContext): RegExp | null {
  return searchPattern(context.searchTerm, context.targetLocale ?? context.model?.targetLocale ?? '');
}

/** §5 replace one: the cursor's match in its target replaced (the n-th match of the segment's plain text). */
function replaceOneValues(context: TranslationContext): ApplyValue[] {
  const { found, cursor } = context.tools;
  const item = cursorItem(found, cursor);
  const segment = item && item.field === 'target' ? segmentOf(context, item.key) : undefined;
  const pattern = patternOf(context);
  if (!segment || !pattern || !cursor) return [];
  return [{ key: segment.key, value: replaceInValue(segmentValueOf(context, segment), segment.textType, pattern, context.replaceValue, cursor.matchIndex) }];
}

/** §5 replace all: only the found target segments, locked ones left out. */
function replaceAllValues(context: TranslationContext): ApplyValue[] {
  const pattern = patternOf(context);
  if (!context.model || !context.tools.found || !pattern) return [];
  const { values } = replaceAllEdits(context.model, context.changes, context.tools.found, pattern, context.replaceValue, (navKey) => blockedReasonOf(context, navKey) !== null);
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

/** §5 save to all: the value to the segment and its formatting duplicates that are not locked. */
function saveToAllValues(context: TranslationContext, asked: { key: string; value: SegmentText }): ApplyValue[] {
  const others = duplicatesOfKey(context, asked.key).same.filter((key) => {
    const segment = segmentOf(context, key);
    return segment !== undefined && blockedReasonOf(context, segment.navKey, key) === null;
  });
  return [asked.key, ...others].map((key) => ({ key, value: asked.value }));
}

/** Checks and prepares values to apply (the same rules as a save; §5). Diff reset may touch a segment the diff disables. */
function preparedOf(context: TranslationContext, values: readonly ApplyValue[], origin: ApplyOrigin) {
  if (!context.model) return null;
  return prepareApply(
    {
      model: context.model,
      changes: context.changes,
      userId: context.subject?.userId ?? '',
      blockedReason: (segment) => blockedReasonOf(context, segment.navKey, origin === 'diffReset' ? undefined : segment.key),
      isCourseUpdate: context.tools.viewMode === 'courseUpdates',
    },
    values,
  );
}

const prepared = new WeakMap<object, ReturnType<typeof preparedOf>>();
/** The guard and the action of one applyValues event prepare it once. */
function preparedFor(context: TranslationContext, event: { values: ApplyValue[]; origin: ApplyOrigin }) {
  let known = prepared.get(event);
  if (known === undefined) {
    known = preparedOf(context, event.values, event.origin);
    prepared.set(event, known);
  }
  return known;
}

const isTracked = (origin: ApplyOrigin) => origin === 'replace' || origin === 'replaceAll';
function statusesOf(context: TranslationContext, keys: readonly string[], status: ReplaceStatus): TranslationToolsState['replaceStatus'] {
  return { overall: status, byPath: { ...context.tools.replaceStatus.byPath, ...Object.fromEntries(keys.map((key) => [key, status])) } };
}

function startApply(context: TranslationContext, event: { values: ApplyValue[]; origin: ApplyOrigin }): Partial<TranslationContext> {
  const ready = preparedFor(context, event);
  if (!ready || ready.edits.length === 0) return {};
  const keys = ready.edits.map((edit) => edit.path);
  return {
    changes: { ...context.changes, ...ready.optimistic },
    ...withTools(context, {
      applying: { origin: event.origin, keys, previous: ready.previous, batches: buildChangeBatches(ready.edits) },
      replaceStatus: isTracked(event.origin) ? statusesOf(context, keys, 'LOADING') : context.tools.replaceStatus,
    }),
  };
}

function applyDone(context: TranslationContext, output: unknown): Partial<TranslationContext> {
  const applying = context.tools.applying;
  if (!applying) return {};
  const paths = isRecord(output) && isRecord(output.paths) ? (output.paths as Record<string, ValidationChange>) : {};
  // The editor of a segment whose stored value the user just replaced closes (like a save).
  const editing = context.editing && applying.keys.includes(context.editing.key) ? null : context.editing;
  const next: TranslationContext = {
    ...context,
    changes: { ...context.changes, ...paths },
    editing,
    conflict: editing ? context.conflict : null,
    ...withTools(context, {
      applying: null,
      saveAllAsked: null,
      hasEdited: true,
      replaceStatus: isTracked(applying.origin) ? statusesOf(context, applying.keys, 'SUCCESS') : context.tools.replaceStatus,
    }),
  };
  const searched = { ...next, ...searchRefreshed(next) };
  return { ...searched, ...diffRefreshed(searched) };
}

function applyFailed(context: TranslationContext): Partial<TranslationContext> {
  const applying = context.tools.applying;
  if (!applying) return {};
  const changes = { ...context.changes };
  for (const [key, previous] of Object.entries(applying.previous)) {
    if (previous) changes[key] = previous;
    else delete changes[key];
  }
  const next: TranslationContext = {
    ...context,
    changes,
    ...withTools(context, { applying: null, saveAllAsked: null, replaceStatus: isTracked(applying.origin) ? statusesOf(context, applying.keys, 'ERROR') : context.tools.replaceStatus }),
  };
  return { ...next, ...searchRefreshed(next) };
}

/** §8 the failure words per origin: replace → "Error updating replacement values", diff reset → the reset message, else the save's. */
function applyErrorText(origin: ApplyOrigin | undefined, error: unknown): string {
  if (origin === 'replace' || origin === 'replaceAll') return TRANSLATION_TOOL_MESSAGES.replace;
  if (origin === 'diffReset') return TRANSLATION_MESSAGES.reset;
  return TRANSLATION_MESSAGES.saveChange(errorMessageOf(error, 'unknown error'));
}

/** The toast of values that could not be applied at all (the first refusal). */
function applyRefusedToast(context: TranslationContext, event: TranslationEvent) {
  const ready = event.type === 'translation.applyValues' ? preparedFor(context, event) : null;
  const reason = ready?.refused[0]?.reason;
  if (!reason) return null;
  return reason === 'empty' ? translationToast(TRANSLATION_TOAST_KEYS.emptyEdit, null, 'error', 'edit') : blockedToast(reason);
}

/** The diff again after the current changes moved (a reset or a save): disabled segments follow. */
function diffRefreshed(context: TranslationContext): Partial<TranslationContext> {
  const { diff } = context.tools;
  if (!diff.result || !diff.previous || !context.model) return {};
  return withTools(context, { diff: withDiff(diff, computeVersionDiff(diff.previous, { model: context.model, changes: context.changes })) });
}

function withDiff(diff: DiffContext, result: NonNullable<DiffContext['result']>): DiffContext {
  return { ...diff, status: 'ready', result, disabledKeys: [...diffDisabledKeys(result)] };
}

/** The previous version's file parsed and diffed against the current one (§3 Version diff). */
function diffLoaded(context: TranslationContext, raw: unknown): Partial<TranslationContext> {
  const parsed = parsedFileOf(raw);
  const { diff } = context.tools;
  const answer = diff.previousValidation;
  if (!parsed || !answer || !context.model) return diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile);
  const previous = { model: parsed.model, changes: answer.paths };
  const result = computeVersionDiff(previous, { model: context.model, changes: context.changes });
  const previousIsOld = diff.now ? isPreviousVersionOld(answer.versionCreatedAt, diff.now) : false;
  return withTools(context, { diff: withDiff({ ...diff, previous, previousVersionNumber: answer.versionNumber, previousIsOld, error: null }, result) });
}

function diffFailed(context: TranslationContext, error: string): Partial<TranslationContext> {
  return withTools(context, { diff: { ...context.tools.diff, status: 'error', error } });
}

const isPreviousValidationAnswer = (value: unknown): value is PreviousValidationResponse =>
  isRecord(value) && typeof value.validationId === 'string' && typeof value.translationFilePath === 'string' && isRecord(value.paths) && typeof value.versionNumber === 'number' && typeof value.versionCreatedAt === 'string';

/**
 * What a reset saves (§2 reset translation): in a diff, the previous version's effective target when it differs from
 * what the segment holds (back to the original target, or a segment without a previous counterpart: the PUT reset);
 * outside a diff, the original target of an edited segment. Null: nothing to reset.
 */
function resetTargetOf(context: TranslationContext, key: string): ResetAsked['to'] | null {
  const segment = segmentOf(context, key);
  if (!segment) return null;
  const hasChange = context.changes[key] !== undefined;
  const previous = context.tools.diff.result ? context.tools.diff.previous : null;
  const before = previous?.model.segmentsByKey.get(key);
  if (!previous || !before || before.textType !== segment.textType) return hasChange ? { kind: 'original' } : null;
  const saved = previous.changes[key]?.replacement.newValue;
  const value = (saved !== undefined ? deserializeSegmentText(saved, before.textType) : null) ?? before.originalTarget;
  const text = plainText(value, segment.textType);
  if (text === plainText(segmentValueOf(context, segment), segment.textType)) return null;
  if (text === segment.originalTargetText) return hasChange ? { kind: 'original' } : null;
  return { kind: 'value', value };
}

function resetAskedOf(context: TranslationContext, key: string): ResetAsked | null {
  const segment = segmentOf(context, key);
  const to = resetTargetOf(context, key);
  return segment && to ? { key, navKey: segment.navKey, to } : null;
}

/** Why a reset is blocked (a complete group is reopened first; a diff never blocks its own reset). */
function resetBlockedReasonOf(context: TranslationContext): EditBlockedReason | null {
  return groupBlockedReasonOf(context);
}

/**
 * The validation read again after a reconnect: changes missed while offline arrive through the conflict rule; what
 * is on the wire (a save, an apply, a reset, a progress call) keeps its optimistic state until its answer.
 */
function validationRefreshed(context: TranslationContext, output: unknown): Partial<TranslationContext> {
  if (!isValidationAnswer(output) || output.validationId !== context.validationId) return {};
  const inFlight = new Set<string>([...(context.saving ? [context.saving.key] : []), ...(context.tools.applying?.keys ?? []), ...(context.resetting ? [context.resetting.key] : [])]);
  const entries: [string, ValidationChange | null][] = [];
  for (const [key, change] of Object.entries(output.paths)) {
    if (inFlight.has(key)) continue;
    const mine = context.changes[key];
    if (!mine || mine.replacement.newValue !== change.replacement.newValue || mine.status !== change.status) entries.push([key, change]);
  }
  for (const key of Object.keys(context.changes)) if (!inFlight.has(key) && !Object.prototype.hasOwnProperty.call(output.paths, key)) entries.push([key, null]);
  const progress = { ...output.progressDetails };
  const call = context.progressCall;
  if (call) {
    const local = context.progress[call.navKey];
    if (local) progress[call.navKey] = local;
    else delete progress[call.navKey];
  }
  const next = { ...context, ...applyServerChanges(context, entries) };
  return {
    ...next,
    ...searchRefreshed(next),
    progress,
    profiles: { ...context.profiles, ...output.profiles },
    updates: isRecord(output.updates) ? output.updates : context.updates,
    showCourseUpdates: output.showCourseUpdates === true,
  };
}

/** The issue-9 data of a freshly built model: duplicates and low-contrast paths (once per model). */
function modelExtrasOf(context: TranslationContext, model: TranslationModel): Pick<TranslationContext, 'tools'> {
  return withTools(context, { duplicates: findDuplicates(model.segments), lowContrastKeys: lowContrastTextPaths(model) });
}

const isApplyOrigin = (value: unknown): value is ApplyOrigin => APPLY_ORIGINS.includes(value as ApplyOrigin);
const hasSearchTerm = (context: TranslationContext) => context.searchTerm.trim() !== '';

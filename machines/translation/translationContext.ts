/** The translation actor's context (its shape and the closed state) and the selectors that read a context. */
import {
  isNavGroupLocked,
  type CommandChange,
  type LanguageMap,
  type ProgressDetail,
  type SegmentText,
  type TranslationProfile,
  type TranslationStackEntry,
  type TranslationStackResponse,
  type UpdateType,
  type ValidationChange,
} from '../../domain/translation.ts';
import {
  progressSummary,
  tableRows,
  type ModelProblems,
  type Segment,
  type SegmentFilter,
  type TableRow,
  type TranslationModel,
} from '../../domain/translationModel.ts';
import { deserializeSegmentText, editProblem, plainText } from '../../domain/translationEdits.ts';
import { type TranslationSubject } from './translationEvents.ts';
import { TOOLS_CLOSED, duplicatesOfKey, type TranslationToolsContext } from './translationTools.ts';


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
  /** The segment asked to open while its own save was on the wire or being read back: it opens once the stored value is in. */
  queuedEdit: string | null;
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
  // ---- the keyboard (translationKeyboard.ts)
  /** The segments table's row holding its one Tab stop (roving focus), null: the first row. */
  focusedKey: string | null;
  /** Texts typed and left unsaved (Alt+Up / Alt+Down, Escape, a refused save-and-next), by segment key. */
  drafts: Record<string, SegmentText>;
  /** The keyboard shortcut sheet is open. */
  shortcutsOpen: boolean;
}

export const CLOSED: Omit<TranslationContext, 'skipReopenConfirm' | 'languageMap' | 'skipSaveAllConfirm' | 'updatesPopoverDismissedAt'> = {
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
  queuedEdit: null,
  progressCall: null,
  resetting: null,
  refreshQueue: [],
  refreshing: [],
  previousEdits: null,
  pendingFilter: null,
  focusedKey: null,
  drafts: {},
  shortcutsOpen: false,
};

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
export const NO_PREVIOUS_EDITS: Record<string, ValidationChange> = {};
export const NO_UPDATES: TranslationContext['updates'] = {};

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

export function saveProblemOf(context: Pick<TranslationContext, 'editing' | 'model' | 'changes'>): 'empty' | 'noOp' | 'none' | null {
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


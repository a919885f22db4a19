import { and, assign, enqueueActions, not, setup, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_DISPLAY_LOCALE,
  TRANSLATION_MESSAGES,
  TRANSLATION_VIEW,
  isNavGroupLocked,
  isUnsupportedStorylineVersion,
  type CommandChange,
  type GetSegmentsResponse,
  type LanguageMap,
  type ProgressBody,
  type ProgressDetail,
  type ResetSegmentBody,
  type SegmentText,
  type TranslationProfile,
  type TranslationStackResponse,
  type UpdateType,
  type ValidationChange,
  type ValidationResponse,
} from '../domain/translation.ts';
import {
  SEGMENT_FILTERS,
  adjacentNavKey,
  buildTranslationModel,
  parseLanguageMap,
  parseTranslationFile,
  tableRows,
  type ModelProblems,
  type Segment,
  type SegmentFilter,
  type TableRow,
  type TranslationModel,
} from '../domain/translationModel.ts';
import { buildChangeBatches, deserializeSegmentText, editBlockedReason, editProblem, plainText, serializeSegmentText, type EditBlockedReason } from '../domain/translationEdits.ts';
import type { ToastKind, ToastSeverity } from '../domain/toasts.ts';
import { sendToSystem } from './notify.ts';
import { promiseSlot } from './slots.ts';
import { translationPushOf, type TranslationEvent, type TranslationSubject } from './translationEvents.ts';

export type { SegmentEditRefusal, TranslationEvent, TranslationSubject } from './translationEvents.ts';

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

export interface TranslationContext {
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
}

const CLOSED: Omit<TranslationContext, 'skipReopenConfirm' | 'languageMap'> = {
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

/** A save is on the wire (§2 leaving while saving shows the leave message). */
export function isSavingOf(snapshot: Pick<SnapshotFrom<typeof translationMachine>, 'hasTag'>): boolean {
  return snapshot.hasTag('saving');
}

let lastRows: { model: TranslationModel; filter: SegmentFilter; changes: TranslationContext['changes']; collapsed: string[]; progress: TranslationContext['progress']; rows: TableRow[] } | null = null;

/** The rows of the segment table, recomputed only when the model, filter, changes, collapsed groups or progress change. */
export function rowsOf(context: Pick<TranslationContext, 'model' | 'filter' | 'changes' | 'collapsed' | 'progress'>): TableRow[] {
  const { model, filter, changes, collapsed, progress } = context;
  if (!model) return [];
  if (lastRows && lastRows.model === model && lastRows.filter === filter && lastRows.changes === changes && lastRows.collapsed === collapsed && lastRows.progress === progress) return lastRows.rows;
  const rows = tableRows(model, { filter, changes, collapsed: new Set(collapsed), progress });
  lastRows = { model, filter, changes, collapsed, progress, rows };
  return rows;
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
  return { path: navKey, email: context.subject?.email ?? '', view: TRANSLATION_VIEW, isCourseUpdate: false };
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
} as const;

/** The catalogue key of an editor refusal toast (§8 toasts in the segment editor). */
export const refusalToastKey = (reason: string) => `translationEditor.toast.${reason}`;

const showToast = (make: (args: { context: TranslationContext; event: TranslationEvent }) => ReturnType<typeof translationToast>) =>
  sendToSystem('toasts', (args: { context: TranslationContext; event: TranslationEvent }) => ({ type: 'toast.show', toast: make(args) }));

/** Why an edit or a progress change of a nav group is blocked for this viewer (signed out is asked separately). */
function blockedReasonOf(context: TranslationContext, navKey: string): EditBlockedReason | null {
  return editBlockedReason({ canTranslate: context.subject?.canTranslate ?? false, validating: context.validationId !== null, disabledByDiff: false, locked: isLockedOf(context, navKey) });
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
  },
  actions: {
    reportError: (_, _params: { message: string }) => {},

    /** Stores SKIP_REOPEN_CONFIRM_STORAGE_KEY (provided at the composition root). */
    storeSkipReopenConfirm: (_, _params: { value: boolean }) => {},
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
    isSameVersion: ({ context, event }) => event.type === 'translation.open' && context.subject?.itemId === event.itemId && context.subject.versionId === event.versionId,
    isStackAnswer: (_, params: { output: unknown; itemId: string }) => isStackAnswer(params.output) && targetLocaleOf(params.output, params.itemId) !== null,
    isValidationAnswer: (_, params: { output: unknown }) => isValidationAnswer(params.output),
    isUnknownSegment: ({ context }, params: { key: string }) => !context.model?.segmentsByKey.has(params.key),
    isSegmentBlocked: ({ context }, params: { key: string }) => {
      const segment = segmentOf(context, params.key);
      return !segment || blockedReasonOf(context, segment.navKey) !== null;
    },
    isEditing: ({ context }) => context.editing !== null,
    hasConflict: ({ context }) => context.conflict !== null,
    isEditedSegmentBlocked: ({ context }) => {
      const segment = editingSegmentOf(context);
      return !segment || blockedReasonOf(context, segment.navKey) !== null;
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
  },
}).createMachine({
  id: 'translation',
  context: { ...CLOSED, skipReopenConfirm: false, languageMap: null },
  on: {
    'translation.settingsLoaded': { guard: ({ event }) => typeof event.skipReopenConfirm === 'boolean', actions: assign({ skipReopenConfirm: ({ event }) => event.skipReopenConfirm }) },
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
        'translation.setFilter': { guard: ({ event }) => SEGMENT_FILTERS.includes(event.filter), actions: assign({ filter: ({ event }) => event.filter }) },
        'translation.clearFilter': { actions: assign({ filter: 'all' as SegmentFilter }) },
        'translation.toggleGroup': {
          guard: ({ context, event }) => context.model?.groups.has(event.key) ?? false,
          actions: assign({ collapsed: ({ context, event }) => (context.collapsed.includes(event.key) ? context.collapsed.filter((key) => key !== event.key) : [...context.collapsed, event.key]) }),
        },
        'translation.goToGroup': { guard: { type: 'isNavGroup', params: ({ event }) => ({ navKey: event.navKey }) }, actions: assign({ activeNavKey: ({ event }) => event.navKey }) },
        'translation.nextGroup': { guard: 'hasModel', actions: assign({ activeNavKey: ({ context }) => stepNav(context, 1) }) },
        'translation.previousGroup': { guard: 'hasModel', actions: assign({ activeNavKey: ({ context }) => stepNav(context, -1) }) },
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
        'realtime.message': { actions: 'applyPush' },
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
                    target: 'loadFailed',
                    actions: [
                      assign({ error: TRANSLATION_MESSAGES.loadFile }),
                      { type: 'reportError', params: { message: 'Translations: the item is not a target of a translation stack.' } },
                    ],
                  },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: [
                    assign({ error: ({ event }) => validationErrorOf(event.error) }),
                    { type: 'reportError', params: ({ event }) => ({ message: `Translations: reading the stack failed: ${errorMessageOf(event.error, 'unknown error')}` }) },
                  ],
                },
              },
            },
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
                      assign(({ event }) => {
                        const parsed = parsedFileOf(event.output);
                        return parsed ? { model: parsed.model, problems: parsed.problems, fetchStatus: 'FETCHED' as FetchStatus, activeNavKey: parsed.model.navKeys[0] ?? null, error: null } : {};
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
                  { guard: not('isEditing') },
                  { guard: 'hasConflict' },
                  { guard: 'isSignedOut', actions: 'openAuthPrompt' },
                  { guard: 'isEditedSegmentBlocked', actions: showToast(({ context }) => blockedToast(blockedReasonOf(context, editingSegmentOf(context)?.navKey ?? ''))) },
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
                        actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.startEdit' ? event.key : '')?.navKey ?? ''))),
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
                    onDone: { target: 'translationFetched', actions: assign(({ context, event }) => ({ ...applySegments(context, event.output), saving: null })) },
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
                        progress: { ...context.progress, [navKey]: { userId: context.subject?.userId ?? '', updatedAt: '', isCourseUpdate: false } },
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
                    actions: showToast(({ context, event }) => blockedToast(blockedReasonOf(context, segmentOf(context, event.type === 'translation.resetSegment' ? event.key : '')?.navKey ?? ''))),
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
                      isCourseUpdate: false,
                      view: TRANSLATION_VIEW,
                      email: context.subject?.email ?? '',
                    },
                    pass: context.subject?.pass ?? null,
                  };
                },
                onDone: { target: 'idle', actions: assign({ resetting: null }) },
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
              always: { guard: and(['hasRefreshQueued', 'hasModel']), target: 'refreshing' },
            },
            refreshing: {
              entry: assign(({ context }) => ({ refreshing: context.refreshQueue, refreshQueue: [] })),
              invoke: {
                id: 'refreshSegments',
                src: 'getSegments',
                input: ({ context }) => ({ ids: context.refreshing, pass: context.subject?.pass ?? null }),
                onDone: { target: 'idle', actions: assign(({ context, event }) => ({ ...applySegments(context, event.output), refreshing: [] })) },
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
      isCourseUpdate: false,
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

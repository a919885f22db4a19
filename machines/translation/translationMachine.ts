import { and, assign, not, type SnapshotFrom } from 'xstate';
import { DEFAULT_DISPLAY_LOCALE, TRANSLATION_MESSAGES } from '../../domain/translation.ts';
import { type SegmentFilter } from '../../domain/translationModel.ts';
import { serializeSegmentText } from '../../domain/translationEdits.ts';
import { adjacentUpdateNavKey, duplicatesOfKey, type DiffContext } from './translationTools.ts';
import { CLOSED, type LoadStatus } from './translationContext.ts';
import { languageMapFrom, refusalToastKey, segmentOf, showToast, stepNav, subjectOf, translationToast, reportFailed } from './translationRules.ts';
import { withTools } from './translationToolRules.ts';
import { translationSetup } from './translationSetup.ts';
import { loadRegion } from './translationLoad.ts';
import { progressRegion, refreshRegion } from './translationProgress.ts';
import { searchHandlers, searchStates } from './translationSearchRegion.ts';
import { diffStates, updatesHandlers } from './translationDiffRegion.ts';
import { keyboardOpenHandlers } from './translationKeyboard.ts';

export type { SegmentEditRefusal, TranslationEvent, TranslationSubject } from './translationEvents.ts';
export {
  duplicateIndexOf,
  duplicatesOfKey,
  hasEditedOf,
  hasModelExtras,
  lowContrastKeysOf,
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

export {
  CLOSED, canSaveOf, canSaveToAllOf, editNoteOf, isLockedOf, rowsOf, segmentValueOf, stackEntriesOf,
  type FetchStatus, type LoadStatus, type SegmentEditing, type TranslationContext,
} from './translationContext.ts';
export { TRANSLATION_TOAST_KEYS, refusalToastKey, translationToast } from './translationRules.ts';
export { canResetTranslationOf } from './translationToolRules.ts';
export { KEYBOARD_TOAST_KEYS, UPDATE_ROW_PREFIX, hasDraftOf, tabStopKeyOf, type FocusMove } from './translationKeyboard.ts';

// ---------------------------------------------------------------------------------------------------------
// Selectors of a snapshot

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
export const translationMachine = translationSetup.createMachine({
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
        onError: { actions: reportFailed(TRANSLATION_MESSAGES.languageMap) },
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
        ...searchHandlers,
        ...updatesHandlers,
        ...keyboardOpenHandlers,
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
        load: loadRegion,
        progress: progressRegion,
        refresh: refreshRegion,
        // ---- the tools (translation-editor §2, §4, §5, §9). One region of exclusive states: stepping
        // through the hits (deferred over 500 matches), the replace-all and save-to-all confirmations, values on the
        // wire, the duplicate-navigate cool-down, loading a version diff, and the reset dialogs.
        tools: {
          initial: 'idle',
          states: { ...searchStates, ...diffStates },
        },
      },
    },
  },
});

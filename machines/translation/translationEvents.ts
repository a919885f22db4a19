/**
 * The translation actor's vocabulary (translation-editor §2, §4, §7): what the composition root tells it, what
 * views send, the adapter outcomes it reads, and the realtime translation pushes parsed from the item namespace.
 */
import type { ProgressDetail, SegmentText, TranslationPushes, TranslationProfile, ValidationChange } from '../../domain/translation.ts';
import type { SegmentFilter } from '../../domain/translationModel.ts';
import type { SearchScope, SlideSearchScope } from '../../domain/translationSearch.ts';
import type { ApplyOrigin, ApplyValue } from './translationTools.ts';

/** What the composition root tells when the translate tab shows a ready version of a loaded item. */
export interface TranslationSubject {
  itemId: string;
  versionId: string;
  /** 1-based number of the version shown. */
  versionNumber: number;
  /** False: the previous-version lock (everything locked). */
  isLatestVersion: boolean;
  /** The item password it was opened with (redacted in the log). */
  pass: string | null;
  /** The signed-in account; null when signed out or an anonymous reviewer (interaction opens the auth dialog). */
  userId: string | null;
  /** Sent with every change and progress call. */
  email: string | null;
  /** The translate-content permission on any of the account's subscriptions (the server decides anyway). */
  canTranslate: boolean;
  /**
   * The version before the one shown (its validated edits feed the "unimported from previous version" filter); null
   * or absent for a first version.
   */
  previousVersionId?: string | null;
}

/** §8 toasts of the segment editor: the refusals the editor reports (words in the views' catalogue). */
export type SegmentEditRefusal = 'tagDeleted' | 'tagStyles' | 'variableDeleted' | 'invalidCursor' | 'deleteError' | 'enterNewline' | 'storylineTransaction' | 'timedTextEnter';
export const SEGMENT_EDIT_REFUSALS: readonly SegmentEditRefusal[] = ['tagDeleted', 'tagStyles', 'variableDeleted', 'invalidCursor', 'deleteError', 'enterNewline', 'storylineTransaction', 'timedTextEnter'];

export type TranslationEvent =
  | ({ type: 'translation.open' } & TranslationSubject)
  | { type: 'translation.close' }
  /**
   * The local settings, read at start: SKIP_REOPEN_CONFIRM_STORAGE_KEY; SKIP_SAVE_ALL_CONFIRM_STORAGE_KEY and
   * UPDATES_POPOVER_DISMISSED_STORAGE_KEY (ISO time stamps, null when never set).
   */
  | { type: 'translation.settingsLoaded'; skipReopenConfirm: boolean; skipSaveAllConfirm?: string | null; updatesPopoverDismissedAt?: string | null }
  | { type: 'translation.setFilter'; filter: SegmentFilter }
  | { type: 'translation.clearFilter' }
  | { type: 'translation.toggleGroup'; key: string }
  | { type: 'translation.goToGroup'; navKey: string }
  | { type: 'translation.nextGroup' }
  | { type: 'translation.previousGroup' }
  | { type: 'translation.startEdit'; key: string }
  /** Every keystroke: only `editing` changes. */
  | { type: 'translation.edit'; key: string; value: SegmentText }
  | { type: 'translation.cancelEdit' }
  | { type: 'translation.save' }
  | { type: 'translation.dismissError' }
  | { type: 'translation.resolveConflict'; keep: 'mine' | 'theirs' }
  | { type: 'translation.closeAuthPrompt' }
  /** The segment editor refused a keystroke (§5 text-editor rules): the §8 toast. */
  | { type: 'translation.refused'; reason: SegmentEditRefusal }
  | { type: 'translation.markComplete'; navKey: string }
  | { type: 'translation.reopen'; navKey: string }
  | { type: 'translation.confirmReopen'; dontAskAgain: boolean }
  | { type: 'translation.cancelReopen' }
  | { type: 'translation.resetSegment'; key: string }
  // ---- find and replace (§2 search / replace bar, §4, §5)
  | { type: 'translation.openSearch' }
  | { type: 'translation.openReplace' }
  /** Back to the group view mode: the term, the replace value and the hits are cleared. */
  | { type: 'translation.closeSearch' }
  /** Each keystroke of the search input; clearing it clears the replace value and the hits. */
  | { type: 'translation.setSearchTerm'; term: string }
  | { type: 'translation.setReplaceValue'; value: string }
  | { type: 'translation.setSearchScope'; scope: SearchScope }
  | { type: 'translation.setSlideScope'; scope: SlideSearchScope }
  | { type: 'translation.nextHit' }
  | { type: 'translation.previousHit' }
  /** Replaces the current hit (a target hit; a term and a replace value needed). */
  | { type: 'translation.replaceOne' }
  /** Asks for the replace-all confirmation. */
  | { type: 'translation.replaceAll' }
  | { type: 'translation.confirmReplaceAll' }
  | { type: 'translation.cancelReplaceAll' }
  // ---- duplicates (§5)
  /** Save the editor's value to the segment and its formatting duplicates (confirmation unless suppressed). */
  | { type: 'translation.saveToAll' }
  /** `at`: the clock's ISO time, stored when dontAskAgain. */
  | { type: 'translation.confirmSaveToAll'; dontAskAgain: boolean; at: string }
  | { type: 'translation.cancelSaveToAll' }
  /** The duplicate banner's "show" link (a second one within 300 ms is ignored). */
  | { type: 'translation.goToDuplicate'; key: string }
  /** The one way to save a set of values (replace, save to all, suggestions, diff reset): §5 checks, optimistic, rollback. */
  | { type: 'translation.applyValues'; values: ApplyValue[]; origin: ApplyOrigin }
  // ---- course updates (§2)
  | { type: 'translation.openCourseUpdates' }
  /** Escape or the bottom bar's close. */
  | { type: 'translation.closeCourseUpdates' }
  /** `at`: the clock's ISO time (stored in user storage). */
  | { type: 'translation.dismissUpdatesPopover'; at: string }
  // ---- version diff (§2, §3 Version diff)
  /** `now`: the clock's ISO time (a previous version is old after 30 days). */
  | { type: 'translation.openDiff'; previousVersionId: string; now: string }
  | { type: 'translation.closeDiff' }
  | { type: 'translation.setDiffPath'; key: string | null }
  /** The reset-translation dialog for a segment (after the reopen-completed-section dialog when its group is complete). */
  | { type: 'translation.askResetTranslation'; key: string }
  | { type: 'translation.confirmReopenSection' }
  | { type: 'translation.cancelReopenSection' }
  | { type: 'translation.confirmResetTranslation' }
  | { type: 'translation.cancelResetTranslation' }
  // ---- the keyboard (translationKeyboard.ts)
  /** Ctrl/Cmd+Enter in the editor: save (the §5 checks) and open the next editable segment's editor. */
  | { type: 'translation.saveAndNext' }
  /** Alt+Up / Alt+Down in the editor: the previous / next editable segment's editor, without saving (a draft is kept). */
  | { type: 'translation.moveEdit'; direction: 1 | -1 }
  /** Escape in the editor: back to its row, a changed text kept as the segment's draft. */
  | { type: 'translation.leaveEdit' }
  /** Arrows, Home / End, Page Up / Page Down in the segments table (`count`: rows per page). */
  | { type: 'translation.focusMove'; move: 'previous' | 'next' | 'first' | 'last'; count?: number }
  /** The keyboard landed on a row (a click, Tab into the table). */
  | { type: 'translation.focusRow'; key: string }
  | { type: 'translation.openShortcuts' }
  | { type: 'translation.closeShortcuts' }
  /** The item namespace is back after a drop (forwarded by the app): the validation is read again. */
  | { type: 'realtime.reconnected'; namespace: string }
  /** Pushes on /item/<itemId>, forwarded by the app. */
  | { type: 'realtime.message'; namespace: string; event: string; data: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');
const isChangeLike = (value: unknown): value is ValidationChange =>
  isRecord(value) && typeof value.validationSegmentId === 'string' && typeof value.status === 'string' && isRecord(value.replacement) && typeof value.replacement.newValue === 'string';
const isChanges = (value: unknown): value is Record<string, ValidationChange> => isRecord(value) && Object.values(value).every(isChangeLike);
const isProgressLike = (value: unknown): value is ProgressDetail => isRecord(value) && typeof value.userId === 'string' && typeof value.updatedAt === 'string';
const isProfiles = (value: unknown): value is Record<string, TranslationProfile> =>
  isRecord(value) && Object.values(value).every((p) => isRecord(p) && typeof p.firstName === 'string' && typeof p.lastName === 'string');

/** A translation push (§7 realtime) for this validation, checked; null for anything else. */
export type TranslationPush =
  | { name: 'updateSegments'; data: Pick<TranslationPushes['updateSegments'], 'validationSegmentIds'> }
  | { name: 'resetSegment'; data: Pick<TranslationPushes['resetSegment'], 'path' | 'validationSegmentId'> }
  | { name: 'groupComplete'; data: Pick<TranslationPushes['groupComplete'], 'path' | 'progress' | 'changes' | 'profiles'> }
  | { name: 'deleteProgress'; data: Pick<TranslationPushes['deleteProgress'], 'path' | 'changes'> };

/** Parses a realtime message into a translation push for `validationId` (other validations' pushes are ignored). */
export function translationPushOf(event: { type: string; event?: string; data?: unknown }, validationId: string | null): TranslationPush | null {
  if (event.type !== 'realtime.message' || !validationId || !isRecord(event.data) || event.data.validationId !== validationId) return null;
  const data = event.data;
  switch (event.event) {
    case 'updateSegments':
      return isStrings(data.validationSegmentIds) ? { name: 'updateSegments', data: { validationSegmentIds: data.validationSegmentIds } } : null;
    case 'resetSegment':
      return typeof data.path === 'string' && typeof data.validationSegmentId === 'string' ? { name: 'resetSegment', data: { path: data.path, validationSegmentId: data.validationSegmentId } } : null;
    case 'groupComplete':
      return typeof data.path === 'string' && isProgressLike(data.progress) && isChanges(data.changes) && isProfiles(data.profiles)
        ? { name: 'groupComplete', data: { path: data.path, progress: { ...data.progress, isCourseUpdate: data.progress.isCourseUpdate === true }, changes: data.changes, profiles: data.profiles } }
        : null;
    case 'deleteProgress':
      return typeof data.path === 'string' && isChanges(data.changes) ? { name: 'deleteProgress', data: { path: data.path, changes: data.changes } } : null;
    default:
      return null;
  }
}

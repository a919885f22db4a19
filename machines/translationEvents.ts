/**
 * The translation actor's vocabulary (translation-editor §2, §4, §7): what the composition root tells it, what
 * views send, the adapter outcomes it reads, and the realtime translation pushes parsed from the item namespace.
 */
import type { ProgressDetail, SegmentText, TranslationPushes, TranslationProfile, ValidationChange } from '../domain/translation.ts';
import type { SegmentFilter } from '../domain/translationModel.ts';

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
}

/** §8 toasts of the segment editor: the refusals the editor reports (words in the views' catalogue). */
export type SegmentEditRefusal = 'tagDeleted' | 'tagStyles' | 'variableDeleted' | 'invalidCursor' | 'deleteError' | 'enterNewline' | 'storylineTransaction' | 'timedTextEnter';
export const SEGMENT_EDIT_REFUSALS: readonly SegmentEditRefusal[] = ['tagDeleted', 'tagStyles', 'variableDeleted', 'invalidCursor', 'deleteError', 'enterNewline', 'storylineTransaction', 'timedTextEnter'];

export type TranslationEvent =
  | ({ type: 'translation.open' } & TranslationSubject)
  | { type: 'translation.close' }
  /** The local setting SKIP_REOPEN_CONFIRM_STORAGE_KEY, read at start. */
  | { type: 'translation.settingsLoaded'; skipReopenConfirm: boolean }
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

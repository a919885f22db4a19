/** Load, save and progress helpers of the translation actor: answer checks, the conflict rule, optimistic saves and group progress, toasts. */
import {
  TRANSLATION_MESSAGES,
  TRANSLATION_VIEW,
  type GetSegmentsResponse,
  type LanguageMap,
  type ProgressBody,
  type TranslationStackResponse,
  type ValidationChange,
  type ValidationResponse,
} from '../../domain/translation.ts';
import {
  adjacentNavKey,
  buildTranslationModel,
  parseLanguageMap,
  parseTranslationFile,
  type ModelProblems,
  type Segment,
  type TranslationModel,
} from '../../domain/translationModel.ts';
import { buildChangeBatches, deserializeSegmentText, editBlockedReason, plainText, serializeSegmentText, type EditBlockedReason } from '../../domain/translationEdits.ts';
import type { ToastKind, ToastSeverity } from '../../domain/toasts.ts';
import { sendToSystem } from '../notify.ts';
import { type TranslationEvent, type TranslationSubject } from './translationEvents.ts';
import { isDisabledByDiffOf } from './translationTools.ts';
import { isLockedOf, type TranslationContext } from './translationContext.ts';


export type HttpLikeError = { message?: unknown; status?: unknown; error?: unknown };

export function errorMessageOf(error: unknown, fallback: string): string {
  const message = (error as HttpLikeError | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** §8 loading: an unreadable answer (InvalidResponse) is the previous-edits message; else "status {n}". */
export function validationErrorOf(error: unknown): string {
  const e = error as HttpLikeError | null;
  if (e?.error === 'InvalidResponse') return TRANSLATION_MESSAGES.loadPreviousEdits;
  return TRANSLATION_MESSAGES.fetchStatus(typeof e?.status === 'number' ? e.status : 0);
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isValidationAnswer = (value: unknown): value is ValidationResponse =>
  isRecord(value) && typeof value.validationId === 'string' && typeof value.translationFilePath === 'string' && isRecord(value.paths) && isRecord(value.progressDetails) && isRecord(value.profiles);
export const isStackAnswer = (value: unknown): value is TranslationStackResponse => isRecord(value) && typeof value.stackId === 'string' && Array.isArray(value.entries);
export const isSegmentsAnswer = (value: unknown): value is GetSegmentsResponse => isRecord(value) && Array.isArray(value.data);

/** The item's own target locale in the stack, or null (not a target). */
export function targetLocaleOf(stack: TranslationStackResponse, itemId: string): string | null {
  const entry = stack.entries.find((e) => e.itemId === itemId);
  return entry && entry.role === 'target' ? entry.locale : null;
}

/** The serialized stored value of a segment (its change, else the original target). */
export function storedValueOf(changes: Record<string, ValidationChange>, segment: Segment): string {
  return changes[segment.key]?.replacement.newValue ?? serializeSegmentText(segment.originalTarget);
}

/**
 * Applies server changes (refreshes and pushes; null removes a change) without touching what the user is editing:
 * a change that hits the segment being edited and differs from the value the editor started from opens the conflict.
 */
export function applyServerChanges(context: TranslationContext, entries: ReadonlyArray<[string, ValidationChange | null]>): Partial<TranslationContext> {
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
export function groupChanges(context: TranslationContext, navKey: string, from: ValidationChange['status'][], to: ValidationChange['status']): { next: Record<string, ValidationChange>; previous: Record<string, ValidationChange> } {
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

export function progressBodyOf(context: TranslationContext, navKey: string): ProgressBody {
  // §4 completing in the course-updates mode completes the update group with its main group (the same nav key).
  return { path: navKey, email: context.subject?.email ?? '', view: TRANSLATION_VIEW, isCourseUpdate: context.tools.viewMode === 'courseUpdates' };
}

/** Parsed files by their decoded JSON: the guard and the action of one answer parse it once. */
export const parsedFiles = new WeakMap<object, { model: TranslationModel; problems: ModelProblems } | null>();

/** Parses the file (pure domain) into the model, or null when it is not a usable translation file. */
export function parsedFileOf(raw: unknown): { model: TranslationModel; problems: ModelProblems } | null {
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
export function problemsMessageOf(problems: ModelProblems | null): string | null {
  if (problems?.notInUiGroup) return `${TRANSLATION_MESSAGES.notInUiGroup}: ${problems.notInUiGroup.count} of ${problems.notInUiGroup.total}`;
  if (problems?.missingQuestionBanks.length) return `${TRANSLATION_MESSAGES.questionBankMissing}: ${problems.missingQuestionBanks.join(', ')}`;
  return null;
}

export function languageMapFrom(raw: unknown): LanguageMap | null {
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

export const showToast = (make: (args: { context: TranslationContext; event: TranslationEvent }) => ReturnType<typeof translationToast>) =>
  sendToSystem('toasts', (args: { context: TranslationContext; event: TranslationEvent }) => ({ type: 'toast.show', toast: make(args) }));

/** Why an edit or a progress change of a nav group is blocked for this viewer (signed out is asked separately). */
export function blockedReasonOf(context: TranslationContext, navKey: string, key?: string): EditBlockedReason | null {
  return editBlockedReason({
    canTranslate: context.subject?.canTranslate ?? false,
    validating: context.validationId !== null,
    // §5 while a diff is shown, its UnimportedChange segments cannot be edited.
    disabledByDiff: key !== undefined && isDisabledByDiffOf(context, key),
    locked: isLockedOf(context, navKey),
  });
}

export const segmentOf = (context: TranslationContext, key: string): Segment | undefined => context.model?.segmentsByKey.get(key);
export const editingSegmentOf = (context: TranslationContext): Segment | undefined => (context.editing ? segmentOf(context, context.editing.key) : undefined);

export function subjectOf(event: TranslationSubject & { type: string }): TranslationSubject {
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

export function stepNav(context: TranslationContext, direction: -1 | 1): string | null {
  if (!context.model) return context.activeNavKey;
  if (!context.activeNavKey) return context.model.navKeys[0] ?? null;
  return adjacentNavKey(context.model, context.activeNavKey, direction) ?? context.activeNavKey;
}

/** Applies a get-segments answer (server truth) through the conflict rule. */
export function applySegments(context: TranslationContext, output: unknown): Partial<TranslationContext> {
  if (!isSegmentsAnswer(output)) return {};
  return applyServerChanges(
    context,
    output.data.map((state) => [state.path, state.change]),
  );
}

export function startReopen(context: TranslationContext, navKey: string): Partial<TranslationContext> {
  const { next, previous } = groupChanges(context, navKey, ['accepted', 'approved'], 'pending');
  const progress = { ...context.progress };
  delete progress[navKey];
  return { progressCall: { navKey, previous: context.progress[navKey] ?? null, previousChanges: previous }, progress, changes: next, reopenAsked: null };
}

export function rollbackProgress(context: TranslationContext): Partial<TranslationContext> {
  const call = context.progressCall;
  if (!call) return {};
  const progress = { ...context.progress };
  if (call.previous) progress[call.navKey] = call.previous;
  else delete progress[call.navKey];
  return { progress, changes: { ...context.changes, ...call.previousChanges }, progressCall: null };
}

/** The toast of a blocked edit or group action: locked, no permission, not validating. */
export function blockedToast(reason: EditBlockedReason | null) {
  return translationToast(TRANSLATION_TOAST_KEYS[reason ?? 'locked'], null, 'error', 'edit');
}

/** Why a group action (complete, reopen) is blocked: the previous-version lock, no permission, not validating. */
export function groupBlockedReasonOf(context: TranslationContext): EditBlockedReason | null {
  return editBlockedReason({ canTranslate: context.subject?.canTranslate ?? false, validating: context.validationId !== null, disabledByDiff: false, locked: !(context.subject?.isLatestVersion ?? true) });
}

/** The optimistic change of a save and its batches (§5 base64, Levenshtein, under 90,000 characters each). */
export function startSave(context: TranslationContext): Partial<TranslationContext> {
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

/** The `reportError` action of a failed call: the §8 words, then the error's own message. */
export const reportFailed = (message: string) => ({
  type: 'reportError' as const,
  params: ({ event }: { event: { error: unknown } }) => ({ message: `${message}: ${errorMessageOf(event.error, 'unknown error')}` }),
});

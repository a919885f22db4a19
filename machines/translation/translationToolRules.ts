/** Tool helpers of the translation actor: search, values applied, save to all, course updates, diff, reset, reconnect. */
import {
  TRANSLATION_MESSAGES,
  TRANSLATION_TOOL_MESSAGES,
  type PreviousValidationResponse,
  type SegmentText,
  type ValidationChange,
} from '../../domain/translation.ts';
import { buildChangeBatches, deserializeSegmentText, plainText, type EditBlockedReason } from '../../domain/translationEdits.ts';
import { type TranslationEvent } from './translationEvents.ts';
import { replaceAllEdits, replaceInValue, searchPattern, type SearchCursor } from '../../domain/translationSearch.ts';
import { computeVersionDiff, diffDisabledKeys, isPreviousVersionOld } from '../../domain/translationDiff.ts';
import {
  APPLY_ORIGINS,
  cursorItem,
  duplicatesOfKey,
  prepareApply,
  searchAgain,
  type ApplyOrigin,
  type ApplyValue,
  type DiffContext,
  type ReplaceStatus,
  type ResetAsked,
  type TranslationToolsState,
} from './translationTools.ts';
import { isLockedOf, segmentValueOf, type TranslationContext } from './translationContext.ts';
import { TRANSLATION_TOAST_KEYS, applyServerChanges, blockedReasonOf, blockedToast, errorMessageOf, groupBlockedReasonOf, isRecord, isValidationAnswer, parsedFileOf, segmentOf, translationToast } from './translationRules.ts';


/** A change to the tools' state. */
export function withTools(context: TranslationContext, patch: Partial<TranslationToolsState>): Pick<TranslationContext, 'tools'> {
  return { tools: { ...context.tools, ...patch } };
}

/** The cursor on a hit: its segment's nav group becomes active and the table scrolls to it. */
export function focusHit(context: TranslationContext, cursor: SearchCursor | null): Partial<TranslationContext> {
  const item = cursorItem(context.tools.found, cursor);
  const segment = item ? segmentOf(context, item.key) : undefined;
  return segment ? { activeNavKey: segment.navKey, ...withTools(context, { cursor, scrollTo: segment.key }) } : withTools(context, { cursor });
}

/** Runs the search again after the data changed (a term set only: keeps it cheap). */
export function searchRefreshed(context: TranslationContext): Partial<TranslationContext> {
  return context.searchTerm.trim() === '' ? {} : withTools(context, searchAgain(context));
}

/** A fresh search (term or scope changed): the cursor on the first hit, focused. */
export function searchFresh(context: TranslationContext): Partial<TranslationContext> {
  const next = { ...context, ...withTools(context, searchAgain(context, true)) };
  return { searchTerm: next.searchTerm, tools: next.tools, ...focusHit(next, next.tools.cursor) };
}

/** The search pattern of the term in the target locale, or null. */
export function patternOf(context: TranslationContext): RegExp | null {
  return searchPattern(context.searchTerm, context.targetLocale ?? context.model?.targetLocale ?? '');
}

/** §5 replace one: the cursor's match in its target replaced (the n-th match of the segment's plain text). */
export function replaceOneValues(context: TranslationContext): ApplyValue[] {
  const { found, cursor } = context.tools;
  const item = cursorItem(found, cursor);
  const segment = item && item.field === 'target' ? segmentOf(context, item.key) : undefined;
  const pattern = patternOf(context);
  if (!segment || !pattern || !cursor) return [];
  return [{ key: segment.key, value: replaceInValue(segmentValueOf(context, segment), segment.textType, pattern, context.replaceValue, cursor.matchIndex) }];
}

/** §5 replace all: only the found target segments, locked ones left out. */
export function replaceAllValues(context: TranslationContext): ApplyValue[] {
  const pattern = patternOf(context);
  if (!context.model || !context.tools.found || !pattern) return [];
  const { values } = replaceAllEdits(context.model, context.changes, context.tools.found, pattern, context.replaceValue, (navKey) => blockedReasonOf(context, navKey) !== null);
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

/** §5 save to all: the value to the segment and its formatting duplicates that are not locked. */
export function saveToAllValues(context: TranslationContext, asked: { key: string; value: SegmentText }): ApplyValue[] {
  const others = duplicatesOfKey(context, asked.key).same.filter((key) => {
    const segment = segmentOf(context, key);
    return segment !== undefined && blockedReasonOf(context, segment.navKey, key) === null;
  });
  return [asked.key, ...others].map((key) => ({ key, value: asked.value }));
}

/** Checks and prepares values to apply (the same rules as a save; §5). Diff reset may touch a segment the diff disables. */
export function preparedOf(context: TranslationContext, values: readonly ApplyValue[], origin: ApplyOrigin) {
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

export const prepared = new WeakMap<object, ReturnType<typeof preparedOf>>();
/** The guard and the action of one applyValues event prepare it once. */
export function preparedFor(context: TranslationContext, event: { values: ApplyValue[]; origin: ApplyOrigin }) {
  let known = prepared.get(event);
  if (known === undefined) {
    known = preparedOf(context, event.values, event.origin);
    prepared.set(event, known);
  }
  return known;
}

export const isTracked = (origin: ApplyOrigin) => origin === 'replace' || origin === 'replaceAll';
export function statusesOf(context: TranslationContext, keys: readonly string[], status: ReplaceStatus): TranslationToolsState['replaceStatus'] {
  return { overall: status, byPath: { ...context.tools.replaceStatus.byPath, ...Object.fromEntries(keys.map((key) => [key, status])) } };
}

export function startApply(context: TranslationContext, event: { values: ApplyValue[]; origin: ApplyOrigin }): Partial<TranslationContext> {
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

export function applyDone(context: TranslationContext, output: unknown): Partial<TranslationContext> {
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

export function applyFailed(context: TranslationContext): Partial<TranslationContext> {
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
export function applyErrorText(origin: ApplyOrigin | undefined, error: unknown): string {
  if (origin === 'replace' || origin === 'replaceAll') return TRANSLATION_TOOL_MESSAGES.replace;
  if (origin === 'diffReset') return TRANSLATION_MESSAGES.reset;
  return TRANSLATION_MESSAGES.saveChange(errorMessageOf(error, 'unknown error'));
}

/** The toast of values that could not be applied at all (the first refusal). */
export function applyRefusedToast(context: TranslationContext, event: TranslationEvent) {
  const ready = event.type === 'translation.applyValues' ? preparedFor(context, event) : null;
  const reason = ready?.refused[0]?.reason;
  if (!reason) return null;
  return reason === 'empty' ? translationToast(TRANSLATION_TOAST_KEYS.emptyEdit, null, 'error', 'edit') : blockedToast(reason);
}

/** The diff again after the current changes moved (a reset or a save): disabled segments follow. */
export function diffRefreshed(context: TranslationContext): Partial<TranslationContext> {
  const { diff } = context.tools;
  if (!diff.result || !diff.previous || !context.model) return {};
  return withTools(context, { diff: withDiff(diff, computeVersionDiff(diff.previous, { model: context.model, changes: context.changes })) });
}

export function withDiff(diff: DiffContext, result: NonNullable<DiffContext['result']>): DiffContext {
  return { ...diff, status: 'ready', result, disabledKeys: [...diffDisabledKeys(result)] };
}

/** The previous version's file parsed and diffed against the current one (§3 Version diff). */
export function diffLoaded(context: TranslationContext, raw: unknown): Partial<TranslationContext> {
  const parsed = parsedFileOf(raw);
  const { diff } = context.tools;
  const answer = diff.previousValidation;
  if (!parsed || !answer || !context.model) return diffFailed(context, TRANSLATION_MESSAGES.loadPreviousFile);
  const previous = { model: parsed.model, changes: answer.paths };
  const result = computeVersionDiff(previous, { model: context.model, changes: context.changes });
  const previousIsOld = diff.now ? isPreviousVersionOld(answer.versionCreatedAt, diff.now) : false;
  return withTools(context, { diff: withDiff({ ...diff, previous, previousVersionNumber: answer.versionNumber, previousIsOld, error: null }, result) });
}

export function diffFailed(context: TranslationContext, error: string): Partial<TranslationContext> {
  return withTools(context, { diff: { ...context.tools.diff, status: 'error', error } });
}

export const isPreviousValidationAnswer = (value: unknown): value is PreviousValidationResponse =>
  isRecord(value) && typeof value.validationId === 'string' && typeof value.translationFilePath === 'string' && isRecord(value.paths) && typeof value.versionNumber === 'number' && typeof value.versionCreatedAt === 'string';

/**
 * What a reset saves (§2 reset translation): in a diff, the previous version's effective target when it differs from
 * what the segment holds (back to the original target, or a segment without a previous counterpart: the PUT reset);
 * outside a diff, the original target of an edited segment. Null: nothing to reset.
 */
export function resetTargetOf(context: TranslationContext, key: string): ResetAsked['to'] | null {
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

export function resetAskedOf(context: TranslationContext, key: string): ResetAsked | null {
  const segment = segmentOf(context, key);
  const to = resetTargetOf(context, key);
  return segment && to ? { key, navKey: segment.navKey, to } : null;
}

/** Why a reset is blocked (a complete group is reopened first; a diff never blocks its own reset). */
export function resetBlockedReasonOf(context: TranslationContext): EditBlockedReason | null {
  return groupBlockedReasonOf(context);
}

/**
 * The validation read again after a reconnect: changes missed while offline arrive through the conflict rule; what
 * is on the wire (a save, an apply, a reset, a progress call) keeps its optimistic state until its answer.
 */
export function validationRefreshed(context: TranslationContext, output: unknown): Partial<TranslationContext> {
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

export const isApplyOrigin = (value: unknown): value is ApplyOrigin => APPLY_ORIGINS.includes(value as ApplyOrigin);
export const hasSearchTerm = (context: TranslationContext) => context.searchTerm.trim() !== '';

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

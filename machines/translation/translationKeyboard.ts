/**
 * The translate tab from the keyboard: the segments table's roving focus (one Tab stop; arrows, Home / End, Page Up /
 * Page Down move it), save-and-next (Ctrl/Cmd+Enter), moving the editor to the previous or next segment without
 * saving (Alt+Up / Alt+Down: a changed text is kept as a draft of its segment, never dropped), leaving the editor
 * (Escape: the same) and the shortcut sheet. The rules here are pure functions of a context; the handlers are
 * spread into the machine's `open` and `ready` states.
 */
import { and, assign, not } from 'xstate';
import { TRANSLATION_MESSAGES } from '../../domain/translation.ts';
import { deserializeSegmentText, serializeSegmentText } from '../../domain/translationEdits.ts';
import type { SegmentText } from '../../domain/translation.ts';
import { rowsOf, segmentValueOf, type SegmentEditing, type TranslationContext } from './translationContext.ts';
import { TRANSLATION_TOAST_KEYS, blockedReasonOf, blockedToast, editingSegmentOf, segmentOf, showToast, startSave, storedValueOf, translationToast } from './translationRules.ts';
import { updateRowsOf } from './translationTools.ts';
import { translationSetup } from './translationSetup.ts';

/** Keys of the header rows of "Update N" groups in the course-updates view (the table's row keys). */
export const UPDATE_ROW_PREFIX = 'update:';

/** Toast ids of the keyboard (words in the views' catalogue). */
export const KEYBOARD_TOAST_KEYS = {
  lastSegment: 'translationToast.lastSegment',
  firstSegment: 'translationToast.firstSegment',
  stillSaving: 'translationToast.stillSaving',
} as const;

export type FocusMove = 'previous' | 'next' | 'first' | 'last';
export const FOCUS_MOVES: readonly FocusMove[] = ['previous', 'next', 'first', 'last'];

/** The row keys and their positions of a rows array (rowsOf keeps one array while its inputs stay). */
const rowIndexes = new WeakMap<readonly { key: string }[], { keys: string[]; at: Map<string, number> }>();

function rowIndexOf(rows: readonly { key: string }[]): { keys: string[]; at: Map<string, number> } {
  let index = rowIndexes.get(rows);
  if (!index) {
    const keys = rows.map((row) => row.key);
    index = { keys, at: new Map(keys.map((key, i) => [key, i])) };
    rowIndexes.set(rows, index);
  }
  return index;
}

/** The table's row keys in order, as the view shows them (group headers and segments), with their positions. */
function tableIndexOf(context: TranslationContext): { keys: string[]; at: Map<string, number> } {
  if (context.tools.viewMode === 'courseUpdates') {
    const keys = updateRowsOf(context).map((row) => (row.kind === 'updateGroup' ? `${UPDATE_ROW_PREFIX}${row.navKey}` : row.key));
    return { keys, at: new Map(keys.map((key, i) => [key, i])) };
  }
  // Per keystroke this runs for the tab stop: the rows' index is built once per rows array.
  return rowIndexOf(rowsOf(context));
}

/** The keys of the table's rows, in order, as the view shows them (group headers and segments). */
export function rowKeysOf(context: TranslationContext): string[] {
  return tableIndexOf(context).keys;
}

/**
 * The row that holds the table's Tab stop: the focused row while it is shown, else the header of the group shown (the
 * bottom bar's), else the first row (null: no rows).
 */
export function tabStopKeyOf(context: TranslationContext): string | null {
  const { keys, at } = tableIndexOf(context);
  if (context.focusedKey !== null && at.has(context.focusedKey)) return context.focusedKey;
  const active = context.activeNavKey === null ? null : context.tools.viewMode === 'courseUpdates' ? `${UPDATE_ROW_PREFIX}${context.activeNavKey}` : context.activeNavKey;
  if (active !== null && at.has(active)) return active;
  return keys[0] ?? null;
}

/** Where a focus move lands: `count` rows on (Page Up / Page Down pass a page), clamped to the table. */
export function focusMoveTarget(keys: readonly string[], from: string | null, move: FocusMove, count = 1): string | null {
  if (keys.length === 0) return null;
  const step = Number.isInteger(count) && count > 0 ? count : 1;
  const index = from === null ? -1 : keys.indexOf(from);
  switch (move) {
    case 'first':
      return keys[0]!;
    case 'last':
      return keys[keys.length - 1]!;
    case 'next':
      return keys[index < 0 ? 0 : Math.min(keys.length - 1, index + step)]!;
    case 'previous':
      return keys[index < 0 ? 0 : Math.max(0, index - step)]!;
  }
}

/** Whether the viewer may open this segment's editor (not locked, not disabled by the diff, may translate). */
export function isSegmentEditable(context: TranslationContext, key: string): boolean {
  const segment = segmentOf(context, key);
  return segment !== undefined && blockedReasonOf(context, segment.navKey, segment.key) === null;
}

/** The next (or previous) segment after `from` whose editor may open, skipping group headers and blocked rows. */
export function adjacentEditableKey(context: TranslationContext, from: string, direction: 1 | -1): string | null {
  const { keys, at } = tableIndexOf(context);
  const start = at.get(from) ?? -1;
  if (start < 0) return null;
  for (let i = start + direction; i >= 0 && i < keys.length; i += direction) {
    const key = keys[i]!;
    if (context.model?.segmentsByKey.has(key) && isSegmentEditable(context, key)) return key;
  }
  return null;
}

/** The editor of a segment as it opens: its draft when one was kept, else its stored value. */
export function openEditing(context: TranslationContext, key: string): SegmentEditing | null {
  const segment = segmentOf(context, key);
  if (!segment) return null;
  return { key: segment.key, value: context.drafts[segment.key] ?? segmentValueOf(context, segment), savedFrom: storedValueOf(context.changes, segment) };
}

/** Whether the editor holds text other than its segment's stored value (leaving it keeps a draft). */
export function isEditingDirty(context: TranslationContext): boolean {
  const editing = context.editing;
  const segment = editing ? segmentOf(context, editing.key) : undefined;
  if (!editing || !segment) return false;
  return serializeSegmentText(editing.value) !== storedValueOf(context.changes, segment);
}

/** The drafts with the editor's text kept (when changed) or its draft dropped (when back to the stored value). */
export function draftsLeaving(context: TranslationContext): Record<string, SegmentText> {
  const editing = context.editing;
  if (!editing) return context.drafts;
  const drafts = { ...context.drafts };
  if (isEditingDirty(context)) drafts[editing.key] = editing.value;
  else delete drafts[editing.key];
  return drafts;
}

/** The drafts without `key`'s (saved or cancelled). */
export function draftsWithout(drafts: Record<string, SegmentText>, key: string | undefined): Record<string, SegmentText> {
  if (key === undefined || !(key in drafts)) return drafts;
  const next = { ...drafts };
  delete next[key];
  return next;
}

/** A save that failed after the editor moved on: its text is kept as the segment's draft. */
export function draftsAfterFailedSave(context: TranslationContext): Record<string, SegmentText> {
  const saved = context.saving;
  if (!saved || context.editing?.key === saved.key) return context.drafts;
  const segment = segmentOf(context, saved.key);
  const value = segment ? deserializeSegmentText(saved.newValue, segment.textType) : null;
  return value === null ? context.drafts : { ...context.drafts, [saved.key]: value };
}

/** Whether the segment has a kept draft (the row's "Unsaved draft" mark). */
export function hasDraftOf(context: Pick<TranslationContext, 'drafts'>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(context.drafts, key);
}

/** The editor moved to the segment `direction` away (Alt+Up / Alt+Down), or null when there is none. */
function movedEditing(context: TranslationContext, direction: 1 | -1): Partial<TranslationContext> | null {
  const editing = context.editing;
  if (!editing) return null;
  const next = adjacentEditableKey(context, editing.key, direction);
  if (next === null) return null;
  const drafts = draftsLeaving(context);
  return { drafts, editing: openEditing({ ...context, drafts }, next), focusedKey: next, conflict: null };
}

/** The save-and-next move: the next editable segment's editor, the saved one's draft dropped (there must be a next). */
function nextEditing(context: TranslationContext): Partial<TranslationContext> {
  const key = context.editing?.key;
  const drafts = draftsWithout(context.drafts, key);
  const next = key ? adjacentEditableKey(context, key, 1) : null;
  if (next === null) return { drafts };
  return { drafts, editing: openEditing({ ...context, drafts }, next), focusedKey: next, conflict: null };
}

const hasNextEditable = ({ context }: { context: TranslationContext }) => context.editing !== null && adjacentEditableKey(context, context.editing.key, 1) !== null;

const endToast = (direction: 1 | -1) => translationToast(direction === 1 ? KEYBOARD_TOAST_KEYS.lastSegment : KEYBOARD_TOAST_KEYS.firstSegment, null, 'info');

/** Handlers of the `open` state: the roving focus and the shortcut sheet. */
export const keyboardOpenHandlers = translationSetup.createStateConfig({
  on: {
    'translation.focusMove': {
      guard: ({ event }) => FOCUS_MOVES.includes(event.move),
      actions: assign(({ context, event }) => {
        return { focusedKey: focusMoveTarget(rowKeysOf(context), tabStopKeyOf(context), event.move, event.count) };
      }),
    },
    'translation.focusRow': {
      guard: ({ context, event }) => typeof event.key === 'string' && event.key !== context.focusedKey && tableIndexOf(context).at.has(event.key),
      actions: assign({ focusedKey: ({ event }) => event.key }),
    },
    'translation.openShortcuts': { actions: assign({ shortcutsOpen: true }) },
    'translation.closeShortcuts': { actions: assign({ shortcutsOpen: false }) },
  },
}).on!;

/** Handlers of the `ready` state (every sub-state): save-and-next, moving the editor, leaving it. */
export const keyboardReadyHandlers = translationSetup.createStateConfig({
  on: {
    // Ctrl/Cmd+Enter: the §5 checks of a save; the next editable segment's editor opens at once (the save goes on
    // on the wire; a refusal keeps the text as that segment's draft). Nothing to save: only the move.
    'translation.saveAndNext': [
      { guard: not('isEditing') },
      { guard: 'isSaving', actions: showToast(() => translationToast(KEYBOARD_TOAST_KEYS.stillSaving, null, 'info')) },
      { guard: 'isApplying' },
      { guard: 'hasConflict' },
      { guard: 'isSignedOut', actions: 'openAuthPrompt' },
      { guard: 'isEditedSegmentBlocked', actions: showToast(({ context }) => blockedToast(blockedReasonOf(context, editingSegmentOf(context)?.navKey ?? '', context.editing?.key))) },
      { guard: 'isUnsupportedStoryline', actions: showToast(() => translationToast('translationToast.oldStoryline', TRANSLATION_MESSAGES.oldStoryline)) },
      { guard: 'isEmptyEdit', actions: showToast(() => translationToast(TRANSLATION_TOAST_KEYS.emptyEdit, null, 'error', 'edit')) },
      { guard: and(['isNoOpEdit', hasNextEditable]), target: '.translationFetched', actions: assign(({ context }) => ({ ...nextEditing(context), error: null })) },
      { guard: 'isNoOpEdit', target: '.translationFetched', actions: [assign(({ context }) => ({ drafts: draftsWithout(context.drafts, context.editing?.key), editing: null, error: null })), showToast(() => endToast(1))] },
      { guard: hasNextEditable, target: '.submitting', actions: assign(({ context }) => ({ ...startSave(context), ...nextEditing(context) })) },
      { target: '.submitting', actions: [assign(({ context }) => ({ ...startSave(context), drafts: draftsWithout(context.drafts, context.editing?.key) })), showToast(() => endToast(1))] },
    ],
    // Alt+Up / Alt+Down in the editor: the editor moves without saving (its changed text kept as a draft).
    'translation.moveEdit': [
      { guard: ({ context, event }) => context.editing !== null && (event.direction === 1 || event.direction === -1) && movedEditing(context, event.direction) !== null, actions: assign(({ context, event }) => movedEditing(context, event.direction) ?? {}) },
      { guard: ({ context, event }) => context.editing !== null && (event.direction === 1 || event.direction === -1), actions: showToast(({ event }) => endToast(event.type === 'translation.moveEdit' && event.direction === -1 ? -1 : 1)) },
    ],
    // Escape in the editor: back to the row, the changed text kept as a draft (Cancel drops it). The segment being
    // saved keeps its editor until the save is answered.
    'translation.leaveEdit': {
      guard: ({ context }) => context.editing !== null && context.editing.key !== context.saving?.key,
      actions: assign(({ context }) => ({ drafts: draftsLeaving(context), focusedKey: context.editing?.key ?? context.focusedKey, editing: null, conflict: null })),
    },
  },
}).on!;

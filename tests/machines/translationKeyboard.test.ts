/**
 * The translate tab from the keyboard (translationKeyboard.ts): save-and-next, moving the editor without saving
 * (drafts kept), leaving the editor, the table's roving focus and the shortcut sheet.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { SMALL_STORYLINE_FILE } from '../../domain/translation.fixtures.ts';
import { hasDraftOf, loadStatusOf, tabStopKeyOf, translationMachine } from '../../machines/translation/translationMachine.ts';
import { focusMoveTarget, rowKeysOf } from '../../machines/translation/translationKeyboard.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';
import { EMPTY_VALIDATION, httpError, translationStack, translationSubject } from './translationFixtures.ts';

const SLIDE1 = '["sc1","sl1"]';
const T1 = '["sc1","sl1","t1"]';
const T2 = '["sc1","sl1","t2"]';
const T3 = '["sc1","sl2","t3"]';

function start() {
  const calls = {
    fetchStack: controlled<{ itemId: string }>(),
    fetchValidation: controlled<unknown>(),
    fetchFile: controlled<{ path: string }>(),
    fetchLanguageMap: controlled<unknown>(),
    saveChanges: controlled<{ batches: { path: string }[][] }>(),
    getSegments: controlled<{ ids: string[] }>(),
    completeGroup: controlled<unknown>(),
    reopenGroup: controlled<unknown>(),
    resetSegment: controlled<unknown>(),
  };
  const toasts = recorder();
  const machine = translationMachine.provide({
    actors: Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.logic])) as never,
    actions: { reportError: () => {} },
  });
  const root = createActor(systemOf({ translation: machine, toasts: toasts.logic })).start();
  const actor = systemActor(root, 'translation') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof translationMachine>>['getSnapshot']>;
  const toastIds = () => toasts.events.map((e) => (e as unknown as { toast: { id: string } }).toast.id);
  return { actor, snap, calls, toastIds };
}
type T = ReturnType<typeof start>;

async function load(t: T, progressDetails: Record<string, unknown> = {}) {
  t.actor.send({ type: 'translation.open', ...translationSubject() });
  await settle();
  t.calls.fetchStack.calls.at(-1)!.resolve(translationStack({ complete: 0, total: 2 }));
  await settle();
  t.calls.fetchValidation.calls.at(-1)!.resolve({ ...EMPTY_VALIDATION, progressDetails });
  await settle();
  t.calls.fetchFile.calls.at(-1)!.resolve(SMALL_STORYLINE_FILE);
  await settle();
}

/** The actor with the small Storyline file loaded (progress as given: a complete group is locked). */
async function loaded(progressDetails: Record<string, unknown> = {}): Promise<T> {
  const t = start();
  await load(t, progressDetails);
  return t;
}

/** The segment's editor opened and its text typed. */
function typeIn(t: T, key: string, value: string) {
  t.actor.send({ type: 'translation.startEdit', key });
  t.actor.send({ type: 'translation.edit', key, value });
}

/** T1 typed as "Bonjour" and Ctrl+Enter pressed: its save on the wire, T2's editor open. */
async function savedAndNext(): Promise<T> {
  const t = await loaded();
  typeIn(t, T1, 'Bonjour');
  t.actor.send({ type: 'translation.saveAndNext' });
  await settle();
  return t;
}

describe('translation keyboard: save-and-next (Ctrl/Cmd+Enter)', () => {
  it('saves the segment and opens the next segment’s editor at once, the save going on on the wire', async () => {
    const t = await savedAndNext();
    expect(loadStatusOf(t.snap())).toBe('SUBMITTING');
    expect(t.calls.saveChanges.calls[0]!.input.batches[0]![0]!.path).toBe(T1);
    expect(t.snap().context.editing?.key).toBe(T2);
    expect(t.snap().context.focusedKey).toBe(T2);
    // The answer does not close the next segment's editor.
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    expect(t.snap().context.editing?.key).toBe(T2);
  });

  it('opens another row clicked while the save is on the wire (SUBMITTING), but not the row being saved', async () => {
    const t = await savedAndNext();
    t.actor.send({ type: 'translation.leaveEdit' });
    expect(t.snap().context.editing).toBeNull();
    // Still SUBMITTING: the row being saved does not open on its old value; another row does.
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    expect(t.snap().context.editing).toBeNull();
    t.actor.send({ type: 'translation.startEdit', key: T3 });
    expect(loadStatusOf(t.snap())).toBe('SUBMITTING');
    expect(t.snap().context.editing?.key).toBe(T3);
  });

  it('opens the row being saved, clicked while its save is on the wire, once its stored value is read back', async () => {
    const t = await savedAndNext();
    t.actor.send({ type: 'translation.leaveEdit' });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    expect(t.snap().context.editing).toBeNull();
    t.calls.saveChanges.calls[0]!.resolve({ paths: { [T1]: { replacement: { newValue: 'Bonjour' } } } });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('CHANGES_PENDING');
    expect(t.snap().context.editing).toBeNull();
    t.calls.getSegments.calls[0]!.resolve({ segments: [] });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context.editing).toMatchObject({ key: T1 });
  });

  it('a row clicked while the saved segment is read back (CHANGES_PENDING) opens once it is in; the latest click wins', async () => {
    const t = await savedAndNext();
    t.actor.send({ type: 'translation.leaveEdit' });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    t.actor.send({ type: 'translation.startEdit', key: T3 });
    expect(loadStatusOf(t.snap())).toBe('CHANGES_PENDING');
    expect(t.snap().context.editing).toBeNull();
    t.calls.getSegments.calls[0]!.resolve({ segments: [] });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context.editing?.key).toBe(T3);
  });

  it('skips rows that cannot be edited (a complete, locked group) and says so at the last segment', async () => {
    // Slide 2 (t3) is complete: locked.
    const t = await loaded({ '["sc1","sl2"]': { userId: 'u-vera', updatedAt: '2026-11-22T10:00:00.000Z' } });
    t.actor.send({ type: 'translation.startEdit', key: T2 });
    t.actor.send({ type: 'translation.saveAndNext' });
    await settle();
    // Nothing to save and no editable segment after t2: the editor closes on its row, with the words.
    expect(t.snap().context.editing).toBeNull();
    expect(t.snap().context.focusedKey).toBe(T2);
    expect(t.toastIds()).toContain('translationToast.lastSegment');
    expect(t.calls.saveChanges.calls).toHaveLength(0);
  });

  it('keeps the text as the segment’s draft when the save is refused after the editor moved on', async () => {
    const t = await savedAndNext();
    t.calls.saveChanges.calls[0]!.reject(httpError(409, 'The segment is locked.'));
    await settle();
    expect(loadStatusOf(t.snap())).toBe('ERROR');
    expect(t.snap().context.editing?.key).toBe(T2);
    expect(hasDraftOf(t.snap().context, T1)).toBe(true);
    t.actor.send({ type: 'translation.leaveEdit' });
    t.actor.send({ type: 'translation.dismissError' });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    expect(t.snap().context.editing).toMatchObject({ key: T1, value: 'Bonjour' });
  });

  it('a second Ctrl+Enter while a save is on the wire is answered with words, the text kept', async () => {
    const t = await loaded();
    typeIn(t, T1, 'Bonjour');
    t.actor.send({ type: 'translation.saveAndNext' });
    t.actor.send({ type: 'translation.edit', key: T2, value: 'Salut' });
    t.actor.send({ type: 'translation.saveAndNext' });
    await settle();
    expect(t.toastIds()).toContain('translationToast.stillSaving');
    expect(t.snap().context.editing).toMatchObject({ key: T2, value: 'Salut' });
  });
});

describe('translation keyboard: moving the editor without saving (Alt+Up / Alt+Down) and Escape', () => {
  it('moves to the next and previous segment, keeping a changed text as a draft that comes back', async () => {
    const t = await loaded();
    typeIn(t, T1, 'Bonjour');
    t.actor.send({ type: 'translation.moveEdit', direction: 1 });
    expect(t.snap().context.editing?.key).toBe(T2);
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    expect(hasDraftOf(t.snap().context, T1)).toBe(true);
    t.actor.send({ type: 'translation.moveEdit', direction: -1 });
    expect(t.snap().context.editing).toMatchObject({ key: T1, value: 'Bonjour' });
    // At the first segment: stays, with the words.
    t.actor.send({ type: 'translation.moveEdit', direction: -1 });
    expect(t.snap().context.editing?.key).toBe(T1);
    expect(t.toastIds()).toContain('translationToast.firstSegment');
  });

  it('Escape leaves the editor for its row and keeps the changed text; Cancel drops it', async () => {
    const t = await loaded();
    typeIn(t, T3, 'Au revoir');
    t.actor.send({ type: 'translation.leaveEdit' });
    expect(t.snap().context.editing).toBeNull();
    expect(t.snap().context.focusedKey).toBe(T3);
    expect(hasDraftOf(t.snap().context, T3)).toBe(true);
    t.actor.send({ type: 'translation.startEdit', key: T3 });
    expect(t.snap().context.editing?.value).toBe('Au revoir');
    t.actor.send({ type: 'translation.cancelEdit' });
    expect(hasDraftOf(t.snap().context, T3)).toBe(false);
    // Saving drops the draft too.
    typeIn(t, T1, 'Bonjour');
    t.actor.send({ type: 'translation.leaveEdit' });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    t.actor.send({ type: 'translation.save' });
    expect(hasDraftOf(t.snap().context, T1)).toBe(false);
  });
});

describe('translation keyboard: the table’s roving focus and the shortcut sheet', () => {
  it('one Tab stop: the shown group’s header, then wherever arrows, Home / End and pages move it', async () => {
    const t = await loaded();
    const keys = rowKeysOf(t.snap().context);
    expect(keys).toContain(SLIDE1);
    // Before any move: the header of the group shown (the bottom bar's), not the scene above it.
    expect(t.snap().context.activeNavKey).toBe(SLIDE1);
    expect(tabStopKeyOf(t.snap().context)).toBe(SLIDE1);
    t.actor.send({ type: 'translation.focusMove', move: 'next' });
    expect(t.snap().context.focusedKey).toBe(keys[keys.indexOf(SLIDE1) + 1]);
    t.actor.send({ type: 'translation.focusMove', move: 'last' });
    expect(t.snap().context.focusedKey).toBe(keys.at(-1));
    t.actor.send({ type: 'translation.focusMove', move: 'next' });
    expect(t.snap().context.focusedKey).toBe(keys.at(-1));
    t.actor.send({ type: 'translation.focusMove', move: 'previous', count: 100 });
    expect(t.snap().context.focusedKey).toBe(keys[0]);
    t.actor.send({ type: 'translation.focusRow', key: T3 });
    expect(tabStopKeyOf(t.snap().context)).toBe(T3);
    // Unknown rows and moves change nothing.
    t.actor.send({ type: 'translation.focusRow', key: 'nope' });
    t.actor.send({ type: 'translation.focusMove', move: 'sideways' as never });
    expect(t.snap().context.focusedKey).toBe(T3);
  });

  it('focusMoveTarget clamps and starts from the first row when nothing is focused', () => {
    const keys = ['a', 'b', 'c', 'd'];
    expect(focusMoveTarget(keys, null, 'next')).toBe('a');
    expect(focusMoveTarget(keys, 'b', 'next', 10)).toBe('d');
    expect(focusMoveTarget(keys, 'c', 'previous', 2)).toBe('a');
    expect(focusMoveTarget([], null, 'last')).toBeNull();
  });

  it('the shortcut sheet opens and closes', async () => {
    const t = await loaded();
    t.actor.send({ type: 'translation.openShortcuts' });
    expect(t.snap().context.shortcutsOpen).toBe(true);
    t.actor.send({ type: 'translation.closeShortcuts' });
    expect(t.snap().context.shortcutsOpen).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { TRANSLATION_MESSAGES, type TranslationFile, type ValidationChange, type ValidationResponse } from '../../domain/translation.ts';
import { SMALL_STORYLINE_FILE } from '../../domain/translation.fixtures.ts';
import { fromBase64 } from '../../domain/translationEdits.ts';
import { isSavingOf, loadStatusOf, rowsOf, translationMachine, type TranslationSubject } from '../../machines/translation/translationMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';
import { EMPTY_VALIDATION, httpError, translationStack, translationSubject } from './translationFixtures.ts';

const SLIDE1 = '["sc1","sl1"]';
const SLIDE2 = '["sc1","sl2"]';
const T1 = '["sc1","sl1","t1"]';
const T2 = '["sc1","sl1","t2"]';
const T3 = '["sc1","sl2","t3"]';

const change = (vs: string, newValue: string, over: Partial<ValidationChange> = {}): ValidationChange => ({
  validationSegmentId: vs,
  status: 'pending',
  replacement: { newValue, unsavedValue: null },
  proposedBy: 'u-vera',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
  ...over,
});
const VALIDATION: ValidationResponse = { ...EMPTY_VALIDATION, paths: { [T2]: change('vs2', 'Salut %UserName%') }, profiles: { 'u-vera': { firstName: 'Vera', lastName: 'Validator' } } };
const STACK = translationStack({ complete: 0, total: 2 });
const subject = translationSubject;
const push = (event: string, data: Record<string, unknown>) => ({ type: 'realtime.message', namespace: '/item/i-fr', event, data: { messageId: `m-${event}`, itemId: 'i-fr', validationId: 'val-1', ...data } });

/** The machine in a small system with a recording toasts actor, every call answered by hand. */
function start() {
  const calls = {
    fetchStack: controlled<{ itemId: string }>(),
    fetchValidation: controlled<{ itemId: string; versionId: string; targetLocale: string; pass: string | null }>(),
    fetchFile: controlled<{ path: string }>(),
    fetchLanguageMap: controlled<{ displayLocale: string }>(),
    saveChanges: controlled<{ validationId: string; email: string; batches: { path: string; data: { newValue: string; normalizedLevenshteinDistance: number } }[][] }>(),
    getSegments: controlled<{ ids: string[] }>(),
    completeGroup: controlled<{ validationId: string; body: { path: string } }>(),
    reopenGroup: controlled<{ validationId: string; body: { path: string } }>(),
    resetSegment: controlled<{ body: { path: string } }>(),
  };
  const reported: string[] = [];
  const stored: boolean[] = [];
  const toasts = recorder();
  const machine = translationMachine.provide({
    actors: Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.logic])) as never,
    actions: {
      reportError: (_, params) => void reported.push(params.message),
      storeSkipReopenConfirm: (_, params) => void stored.push(params.value),
    },
  });
  const root = createActor(systemOf({ translation: machine, toasts: toasts.logic })).start();
  const actor = systemActor(root, 'translation') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof translationMachine>>['getSnapshot']>;
  const toastTexts = () => toasts.events.map((e) => (e as unknown as { toast: { id: string; text: string | null } }).toast).map((t) => t.text ?? t.id);
  return { actor, snap, calls, reported, stored, toasts, toastTexts };
}

type T = ReturnType<typeof start>;

/** Opens and answers the stack: the validation is asked for next. */
async function openToValidation(t: T, over: Partial<TranslationSubject> = {}) {
  t.actor.send({ type: 'translation.open', ...subject(over) });
  await settle();
  t.calls.fetchStack.calls.at(-1)!.resolve(STACK);
  await settle();
}

/** Opens and answers the stack, the validation, the file (and the language map unless told otherwise). */
async function load(t: T, over: { subject?: Partial<TranslationSubject>; validation?: Partial<ValidationResponse>; file?: TranslationFile; languageMap?: boolean } = {}) {
  await openToValidation(t, over.subject);
  t.calls.fetchValidation.calls.at(-1)!.resolve({ ...VALIDATION, ...over.validation });
  await settle();
  t.calls.fetchFile.calls.at(-1)!.resolve(over.file ?? SMALL_STORYLINE_FILE);
  if (over.languageMap !== false) t.calls.fetchLanguageMap.calls.at(-1)!.resolve({ fr: { displayName: 'French' }, en: { displayName: 'English' } });
  await settle();
}

async function edit(t: T, key: string, value: string) {
  t.actor.send({ type: 'translation.startEdit', key });
  t.actor.send({ type: 'translation.edit', key, value });
  await settle();
}

describe('translation machine: loading (§4 load and fetch status, §8 loading errors)', () => {
  it('loads the stack, the validation and the file: TRANSLATION_FETCHED with the first nav group active', async () => {
    const t = start();
    expect(loadStatusOf(t.snap())).toBe('INIT');
    t.actor.send({ type: 'translation.open', ...subject({ pass: 'letmein' }) });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('LOADING');
    t.calls.fetchStack.calls[0]!.resolve(STACK);
    await settle();
    // The target locale comes from the item's own stack entry; the item password goes with the call.
    expect(t.calls.fetchValidation.calls[0]!.input).toEqual({ itemId: 'i-fr', versionId: 'v2', targetLocale: 'fr', pass: 'letmein' });
    t.calls.fetchValidation.calls[0]!.resolve(VALIDATION);
    await settle();
    expect(t.snap().context.fetchStatus).toBe('FETCHING');
    expect(t.calls.fetchFile.calls[0]!.input).toEqual({ path: 'translations/i-fr/v2.json' });
    t.calls.fetchFile.calls[0]!.resolve(SMALL_STORYLINE_FILE);
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context).toMatchObject({ fetchStatus: 'FETCHED', error: null, activeNavKey: SLIDE1, validationId: 'val-1', targetLocale: 'fr' });
    expect(t.snap().context.changes[T2]?.replacement.newValue).toBe('Salut %UserName%');
    // The language map arrives on its own.
    expect(t.snap().context.languageMap).toBeNull();
    t.calls.fetchLanguageMap.calls[0]!.resolve({ fr: { displayName: 'French' } });
    await settle();
    expect(t.snap().context.languageMap).toEqual({ fr: { displayName: 'French' } });
  });

  it('says "Could not fetch translations, status 500" when the validation fails', async () => {
    const t = start();
    await openToValidation(t);
    t.calls.fetchValidation.calls[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(loadStatusOf(t.snap())).toBe('ERROR');
    expect(t.snap().context.error).toBe('Could not fetch translations, status 500');
  });

  it('says the previous-edits message when the validation answer is unreadable', async () => {
    const t = start();
    await openToValidation(t);
    t.calls.fetchValidation.calls[0]!.reject(httpError(200, 'The validation answer is unreadable.', 'InvalidResponse'));
    await settle();
    expect(t.snap().context.error).toBe(TRANSLATION_MESSAGES.loadPreviousEdits);
  });

  it('says the file message for a malformed file, with fetch status ERROR', async () => {
    const t = start();
    await load(t, { file: { ...SMALL_STORYLINE_FILE, children: [{ type: 'item', id: 'x' }] } as TranslationFile, languageMap: false });
    expect(loadStatusOf(t.snap())).toBe('ERROR');
    expect(t.snap().context).toMatchObject({ fetchStatus: 'ERROR', error: 'There was a problem loading the translation file', model: null });
  });

  it('keeps going without the language map when it fails (only logged)', async () => {
    const t = start();
    await load(t, { languageMap: false });
    t.calls.fetchLanguageMap.calls[0]!.reject(httpError(404, 'Not found'));
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context.languageMap).toBeNull();
    expect(t.reported.some((m) => m.startsWith('Error requesting language map from cdn'))).toBe(true);
  });
});

describe('translation machine: editing and saving (§4 segment edit, §5 rules, §8 saving errors)', () => {
  it('saves an edit: optimistic, batches of base64 with the Levenshtein distance, then the saved segment is read back', async () => {
    const t = start();
    await load(t);
    await edit(t, T1, 'Bonjour');
    expect(t.snap().context.editing).toEqual({ key: T1, value: 'Bonjour', savedFrom: 'fr Hello' });
    t.actor.send({ type: 'translation.save' });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('SUBMITTING');
    expect(isSavingOf(t.snap())).toBe(true);
    // Optimistic: the change shows at once.
    expect(t.snap().context.changes[T1]?.replacement.newValue).toBe('Bonjour');
    const input = t.calls.saveChanges.calls[0]!.input;
    expect(input).toMatchObject({ validationId: 'val-1', email: 'vera@example.com' });
    expect(input.batches).toHaveLength(1);
    expect(input.batches[0]![0]!.path).toBe(T1);
    expect(fromBase64(input.batches[0]![0]!.data.newValue)).toBe('Bonjour');
    expect(input.batches[0]![0]!.data.normalizedLevenshteinDistance).toBeGreaterThan(0);
    const stored = change('vs1', 'Bonjour', { proposedAt: '2026-11-22T09:00:00.000Z' });
    t.calls.saveChanges.calls[0]!.resolve({ paths: { [T1]: stored } });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('CHANGES_PENDING');
    expect(t.snap().context.editing).toBeNull();
    expect(t.toasts.events.at(-1)).toMatchObject({ type: 'toast.show', toast: { id: 'translationToast.saved', severity: 'success' } });
    expect(t.calls.getSegments.calls[0]!.input.ids).toEqual(['vs1']);
    t.calls.getSegments.calls[0]!.resolve({ data: [{ validationSegmentId: 'vs1', path: T1, change: { ...stored, status: 'pending' } }] });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context.changes[T1]).toEqual(stored);
  });

  it('refuses an empty or markup-only edit with a toast and keeps the editor', async () => {
    const t = start();
    await load(t);
    await edit(t, T1, '   ');
    t.actor.send({ type: 'translation.save' });
    await settle();
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    expect(t.snap().context.editing).toMatchObject({ key: T1, value: '   ' });
    expect(t.toastTexts()).toEqual(['translationToast.emptyEdit']);
  });

  it('closes the editor on a no-op (the saved value again) and sends nothing', async () => {
    const t = start();
    await load(t);
    await edit(t, T2, 'Salut %UserName%');
    t.actor.send({ type: 'translation.save' });
    await settle();
    expect(t.snap().context.editing).toBeNull();
    expect(t.calls.saveChanges.calls).toHaveLength(0);
  });

  it('rolls back a refused save, keeps the user text and shows "Error saving translation change: {reason}"; dismissing returns to TRANSLATION_FETCHED', async () => {
    const t = start();
    await load(t);
    await edit(t, T2, 'Coucou %UserName%');
    t.actor.send({ type: 'translation.save' });
    await settle();
    t.calls.saveChanges.calls[0]!.reject(httpError(409, 'The segment is locked.'));
    await settle();
    expect(loadStatusOf(t.snap())).toBe('ERROR');
    expect(t.snap().context.error).toBe('Error saving translation change: The segment is locked.');
    expect(t.snap().context.changes[T2]?.replacement.newValue).toBe('Salut %UserName%');
    expect(t.snap().context.editing).toMatchObject({ key: T2, value: 'Coucou %UserName%' });
    t.actor.send({ type: 'translation.dismissError' });
    expect(loadStatusOf(t.snap())).toBe('TRANSLATION_FETCHED');
    expect(t.snap().context.error).toBeNull();
    expect(t.snap().context.editing).toMatchObject({ value: 'Coucou %UserName%' });
  });

  it('refuses to edit a segment of a complete group (locked) with a toast', async () => {
    const t = start();
    await load(t, { validation: { progressDetails: { [SLIDE1]: { userId: 'u-kim', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } } });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    await settle();
    expect(t.snap().context.editing).toBeNull();
    expect(t.toastTexts()).toEqual(['translationToast.locked']);
    // Another slide is open.
    t.actor.send({ type: 'translation.startEdit', key: T3 });
    expect(t.snap().context.editing).toMatchObject({ key: T3 });
  });

  it('locks everything on an older version and without the permission', async () => {
    const t = start();
    await load(t, { subject: { isLatestVersion: false } });
    t.actor.send({ type: 'translation.startEdit', key: T3 });
    await settle();
    expect(t.snap().context.editing).toBeNull();
    const u = start();
    await load(u, { subject: { canTranslate: false } });
    u.actor.send({ type: 'translation.startEdit', key: T3 });
    await settle();
    expect(u.toastTexts()).toEqual(['translationToast.noPermission']);
  });

  it('asks a signed-out visitor to sign in instead of editing or marking complete', async () => {
    const t = start();
    await load(t, { subject: { userId: null, email: null } });
    t.actor.send({ type: 'translation.startEdit', key: T1 });
    expect(t.snap().context).toMatchObject({ editing: null, authPromptOpen: true });
    t.actor.send({ type: 'translation.closeAuthPrompt' });
    expect(t.snap().context.authPromptOpen).toBe(false);
    t.actor.send({ type: 'translation.markComplete', navKey: SLIDE1 });
    await settle();
    expect(t.snap().context.authPromptOpen).toBe(true);
    expect(t.calls.completeGroup.calls).toHaveLength(0);
  });

  it('rejects edits of old Storyline output with the §5 message', async () => {
    const t = start();
    await load(t, { file: { ...SMALL_STORYLINE_FILE, storylineVersion: '3.10.1' }, languageMap: false });
    await edit(t, T1, 'Bonjour');
    t.actor.send({ type: 'translation.save' });
    await settle();
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    expect(t.toastTexts()).toEqual([TRANSLATION_MESSAGES.oldStoryline]);
  });

  it('shows the §8 toast of a keystroke the editor refused', async () => {
    const t = start();
    await load(t);
    t.actor.send({ type: 'translation.refused', reason: 'variableDeleted' });
    await settle();
    expect(t.toasts.events.at(-1)).toMatchObject({ toast: { id: 'translationEditor.toast.variableDeleted', kind: 'edit', severity: 'error' } });
  });
});

describe('translation machine: group progress (§4)', () => {
  it('marks a group complete optimistically (its pending changes accepted), with the time from the call', async () => {
    const t = start();
    await load(t);
    t.actor.send({ type: 'translation.markComplete', navKey: SLIDE1 });
    await settle();
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.snap().context.progress[SLIDE1]).toMatchObject({ userId: 'u-vera' });
    expect(t.snap().context.changes[T2]?.status).toBe('accepted');
    expect(t.calls.completeGroup.calls[0]!.input).toMatchObject({ validationId: 'val-1', body: { path: SLIDE1, email: 'vera@example.com', view: 'translate', isCourseUpdate: false } });
    t.calls.completeGroup.calls[0]!.resolve({ updatedAt: '2026-11-22T10:00:00.000Z' });
    await settle();
    expect(t.snap().context.progress[SLIDE1]?.updatedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(rowsOf(t.snap().context).find((row) => row.key === SLIDE1)).toMatchObject({ kind: 'group', complete: true });
  });

  it('rolls back a refused mark complete with the §8 toast', async () => {
    const t = start();
    await load(t);
    t.actor.send({ type: 'translation.markComplete', navKey: SLIDE1 });
    await settle();
    t.calls.completeGroup.calls[0]!.reject(httpError(409, 'Locked'));
    await settle();
    expect(t.snap().context.progress[SLIDE1]).toBeUndefined();
    expect(t.snap().context.changes[T2]?.status).toBe('pending');
    expect(t.toastTexts()).toEqual(['Error marking translation group complete']);
  });

  it('reopens after the confirmation; "don\'t ask again" is stored and skips it next time', async () => {
    const t = start();
    const done = { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false };
    await load(t, { validation: { progressDetails: { [SLIDE1]: done, [SLIDE2]: done }, paths: { [T2]: change('vs2', 'Salut %UserName%', { status: 'accepted' }) } } });
    t.actor.send({ type: 'translation.reopen', navKey: SLIDE1 });
    expect(t.snap().matches({ open: { progress: 'confirmingReopen' } })).toBe(true);
    expect(t.snap().context.reopenAsked).toBe(SLIDE1);
    t.actor.send({ type: 'translation.confirmReopen', dontAskAgain: true });
    await settle();
    expect(t.stored).toEqual([true]);
    expect(t.snap().context.progress[SLIDE1]).toBeUndefined();
    expect(t.snap().context.changes[T2]?.status).toBe('pending');
    expect(t.calls.reopenGroup.calls[0]!.input.body.path).toBe(SLIDE1);
    t.calls.reopenGroup.calls[0]!.resolve(undefined);
    await settle();
    // No confirmation the second time.
    t.actor.send({ type: 'translation.reopen', navKey: SLIDE2 });
    await settle();
    expect(t.snap().matches({ open: { progress: 'reopening' } })).toBe(true);
    t.calls.reopenGroup.calls[1]!.reject(httpError(500, 'Down'));
    await settle();
    expect(t.snap().context.progress[SLIDE2]).toEqual(done);
    expect(t.toastTexts()).toEqual(['Error reopening translation group']);
  });

  it('cancels a reopen without a call, and starts confirmation-free when the setting was loaded', async () => {
    const t = start();
    const done = { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false };
    await load(t, { validation: { progressDetails: { [SLIDE1]: done } } });
    t.actor.send({ type: 'translation.reopen', navKey: SLIDE1 });
    t.actor.send({ type: 'translation.cancelReopen' });
    expect(t.snap().matches({ open: { progress: 'idle' } })).toBe(true);
    expect(t.snap().context.progress[SLIDE1]).toEqual(done);
    t.actor.send({ type: 'translation.settingsLoaded', skipReopenConfirm: true });
    t.actor.send({ type: 'translation.reopen', navKey: SLIDE1 });
    expect(t.snap().matches({ open: { progress: 'reopening' } })).toBe(true);
  });
});

describe('translation machine: live updates (§7 realtime)', () => {
  it('applies pushes: updateSegments through get-segments, resetSegment, groupComplete, deleteProgress', async () => {
    const t = start();
    await load(t);
    t.actor.send(push('updateSegments', { itemIdHash: 'i-fr', version: 2, validationSegmentIds: ['vs3'], by: 'u-kim' }));
    await settle();
    expect(t.calls.getSegments.calls[0]!.input.ids).toEqual(['vs3']);
    t.calls.getSegments.calls[0]!.resolve({ data: [{ validationSegmentId: 'vs3', path: T3, change: change('vs3', 'Au revoir', { proposedBy: 'u-kim' }) }] });
    await settle();
    expect(t.snap().context.changes[T3]?.replacement.newValue).toBe('Au revoir');
    t.actor.send(push('resetSegment', { path: T3, validationSegmentId: 'vs3', by: 'u-kim' }));
    expect(t.snap().context.changes[T3]).toBeUndefined();
    const progress = { userId: 'u-kim', updatedAt: '2026-11-22T10:00:00.000Z', isCourseUpdate: false };
    t.actor.send(push('groupComplete', { path: SLIDE1, progress, changes: { [T2]: change('vs2', 'Salut %UserName%', { status: 'accepted' }) }, profiles: { 'u-kim': { firstName: 'Kim', lastName: 'Lee' } } }));
    expect(t.snap().context.progress[SLIDE1]).toEqual(progress);
    expect(t.snap().context.changes[T2]?.status).toBe('accepted');
    expect(t.snap().context.profiles['u-kim']).toEqual({ firstName: 'Kim', lastName: 'Lee' });
    t.actor.send(push('deleteProgress', { path: SLIDE1, changes: { [T2]: change('vs2', 'Salut %UserName%') }, by: 'u-kim' }));
    expect(t.snap().context.progress[SLIDE1]).toBeUndefined();
    expect(t.snap().context.changes[T2]?.status).toBe('pending');
    // Another validation's pushes are not ours.
    t.actor.send({ ...push('resetSegment', { path: T2, validationSegmentId: 'vs2', by: 'u-kim' }), data: { validationId: 'val-other', path: T2, validationSegmentId: 'vs2' } });
    expect(t.snap().context.changes[T2]).toBeDefined();
  });

  it('never overwrites the segment being edited: a differing change opens the conflict; keep mine', async () => {
    const t = start();
    await load(t);
    await edit(t, T1, 'Bonjour à tous');
    t.actor.send(push('updateSegments', { itemIdHash: 'i-fr', version: 2, validationSegmentIds: ['vs1'], by: 'u-kim' }));
    await settle();
    const theirs = change('vs1', 'Salut tout le monde', { proposedBy: 'u-kim' });
    t.calls.getSegments.calls[0]!.resolve({ data: [{ validationSegmentId: 'vs1', path: T1, change: theirs }] });
    await settle();
    expect(t.snap().context.editing).toMatchObject({ key: T1, value: 'Bonjour à tous' });
    expect(t.snap().context.conflict).toEqual({ key: T1, theirs });
    // Saving waits for the choice.
    t.actor.send({ type: 'translation.save' });
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    t.actor.send({ type: 'translation.resolveConflict', keep: 'mine' });
    expect(t.snap().context.conflict).toBeNull();
    expect(t.snap().context.editing).toMatchObject({ value: 'Bonjour à tous', savedFrom: 'Salut tout le monde' });
    t.actor.send({ type: 'translation.save' });
    await settle();
    expect(fromBase64(t.calls.saveChanges.calls[0]!.input.batches[0]![0]!.data.newValue)).toBe('Bonjour à tous');
  });

  it('takes their change when the user chooses theirs (the editor closes)', async () => {
    const t = start();
    await load(t);
    await edit(t, T2, 'Coucou %UserName%');
    t.actor.send(push('resetSegment', { path: T2, validationSegmentId: 'vs2', by: 'u-kim' }));
    expect(t.snap().context.conflict).toEqual({ key: T2, theirs: null });
    expect(t.snap().context.changes[T2]).toBeUndefined();
    t.actor.send({ type: 'translation.resolveConflict', keep: 'theirs' });
    expect(t.snap().context).toMatchObject({ editing: null, conflict: null });
  });
});

describe('translation machine: navigation, filter and collapsed groups (§2)', () => {
  it('steps through nav groups and goes to one', async () => {
    const t = start();
    await load(t);
    t.actor.send({ type: 'translation.nextGroup' });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    t.actor.send({ type: 'translation.nextGroup' });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    t.actor.send({ type: 'translation.previousGroup' });
    expect(t.snap().context.activeNavKey).toBe(SLIDE1);
    t.actor.send({ type: 'translation.goToGroup', navKey: SLIDE2 });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    t.actor.send({ type: 'translation.goToGroup', navKey: '["nope"]' });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
  });

  it('filters and collapses the rows; the rows are not recomputed for an unrelated change', async () => {
    const t = start();
    await load(t);
    const all = rowsOf(t.snap().context);
    expect(all.filter((row) => row.kind === 'segment').map((row) => row.key)).toEqual([T1, T2, T3]);
    await edit(t, T1, 'B');
    expect(rowsOf(t.snap().context)).toBe(all);
    t.actor.send({ type: 'translation.setFilter', filter: 'edited' });
    expect(rowsOf(t.snap().context).filter((row) => row.kind === 'segment').map((row) => row.key)).toEqual([T2]);
    t.actor.send({ type: 'translation.clearFilter' });
    t.actor.send({ type: 'translation.toggleGroup', key: SLIDE1 });
    expect(rowsOf(t.snap().context).map((row) => row.key)).toEqual(['["sc1"]', SLIDE1, SLIDE2, T3]);
    t.actor.send({ type: 'translation.toggleGroup', key: SLIDE1 });
    expect(rowsOf(t.snap().context)).toHaveLength(all.length);
  });

  it('closes back to INIT', async () => {
    const t = start();
    await load(t);
    t.actor.send({ type: 'translation.close' });
    expect(loadStatusOf(t.snap())).toBe('INIT');
    expect(t.snap().context.model).toBeNull();
  });
});

/**
 * What a validator's translate tab shows, from the translation actor (translation-editor §2, §3, §4, §8): the segment
 * filter "unimported from previous version" reads the previous version's validated edits before it applies and lists
 * the same segments as the version diff's UnimportedChange; the stack sidebar's status of the language shown follows
 * Mark complete and Reopen. Fake adapters answered by hand.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { TRANSLATION_MESSAGES, type TranslationFile, type TranslationNode, type ValidationChange, type ValidationResponse } from '../../domain/translation.ts';
import { SMALL_STORYLINE_FILE } from '../../domain/translation.fixtures.ts';
import { canResetTranslationOf, canSaveOf, diffStateOf, editNoteOf, loadStatusOf, notTranslationTargetOf, rowsOf, stackEntriesOf, translationMachine, type TranslationSubject } from '../../machines/translation/translationMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';
import { EMPTY_VALIDATION, httpError, translationStack, translationSubject } from './translationFixtures.ts';

const T1 = '["sc1","sl1","t1"]';
const T2 = '["sc1","sl1","t2"]';
const T3 = '["sc1","sl2","t3"]';

const item = (id: string, source: string, target: string, vs: string) => ({ type: 'item' as const, id, textType: 'text' as const, source, target, validationSegmentId: vs, meta: {}, livePreviewData: { slideId: id } });
const tree = (targets: { t1: string; t2: string; t3: string }): TranslationNode[] => [
  {
    type: 'group',
    id: 'sc1',
    title: '1 Untitled Scene',
    meta: { type: 'scene' },
    children: [
      { type: 'group', id: 'sl1', title: 'Welcome', meta: { type: 'slide' }, children: [item('t1', 'Hello', targets.t1, 'vs1'), item('t2', 'Goodbye', targets.t2, 'vs2')] },
      { type: 'group', id: 'sl2', title: 'Next', meta: { type: 'slide' }, children: [item('t3', 'Thanks', targets.t3, 'vs3')] },
    ],
  },
];
/** Version 1's file: every target differs from version 2's. */
const VERSION_1 = tree({ t1: 'Bonjour', t2: 'Au revoir', t3: 'Merci' });
/** Version 2's file (its baseChildren are version 1's). */
const VERSION_2: TranslationFile = { ...SMALL_STORYLINE_FILE, children: tree({ t1: 'Bonjour !', t2: 'À bientôt', t3: 'Merci beaucoup' }), baseChildren: VERSION_1 };

const change = (vs: string, newValue: string): ValidationChange => ({
  validationSegmentId: vs,
  status: 'accepted',
  replacement: { newValue, unsavedValue: null },
  forceUpdate: false,
  proposedBy: 'u-vera',
  proposedAt: '2026-10-01T10:00:00.000Z',
  lastAcceptedDate: '2026-10-01T10:00:00.000Z',
  lastAcceptedBy: 'u-vera',
});
/**
 * Version 1's validation: t1 edited to "Bonjour à vous" (version 2's file does not carry it: unimported); t3 edited to
 * "Merci beaucoup" (version 2's file carries it: imported). t2 had no edit: its file target changed in the authoring
 * app, which is not an unimported change.
 */
const PREVIOUS = {
  validationId: 'val-0',
  translationFilePath: 'translations/i-fr/v1.json',
  paths: { [T1]: change('vs1', 'Bonjour à vous'), [T3]: change('vs3', 'Merci beaucoup') },
  versionNumber: 1,
  versionCreatedAt: '2026-10-01T10:00:00.000Z',
};
const VALIDATION = EMPTY_VALIDATION;
const STACK = translationStack({ complete: 0, total: 2 }, { itemId: 'i-de', title: 'Course (German)', locale: 'de', role: 'target', progress: { complete: 1, total: 2 } });
const SUBJECT = translationSubject({ previousVersionId: 'v1' });

function start() {
  const calls = {
    fetchStack: controlled<{ itemId: string }>(),
    fetchValidation: controlled<{ itemId: string; versionId: string }>(),
    fetchFile: controlled<{ path: string }>(),
    fetchLanguageMap: controlled<{ displayLocale: string }>(),
    saveChanges: controlled<unknown>(),
    getSegments: controlled<unknown>(),
    completeGroup: controlled<unknown>(),
    reopenGroup: controlled<unknown>(),
    resetSegment: controlled<unknown>(),
    fetchPreviousValidation: controlled<{ itemId: string; previousVersionId: string; targetLocale: string }>(),
  };
  const reported: string[] = [];
  const toasts = recorder();
  const machine = translationMachine.provide({
    actors: Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.logic])) as never,
    actions: { reportError: (_, params) => void reported.push(params.message) },
  });
  const root = createActor(systemOf({ translation: machine, toasts: toasts.logic }), { clock: new SimulatedClock() }).start();
  const actor = systemActor(root, 'translation') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof translationMachine>>['getSnapshot']>;
  const shown = () => toasts.events.map((e) => (e as unknown as { toast: { id: string; text: string | null } }).toast);
  const send = async (event: Record<string, unknown> & { type: string }) => {
    actor.send(event);
    await settle();
  };
  return { snap, calls, reported, shown, send };
}
type T = ReturnType<typeof start>;

async function load(t: T, subject: TranslationSubject = SUBJECT, validation: Partial<ValidationResponse> = {}) {
  await t.send({ type: 'translation.open', ...subject });
  t.calls.fetchStack.calls.at(-1)!.resolve(STACK);
  await settle();
  t.calls.fetchValidation.calls.at(-1)!.resolve({ ...VALIDATION, ...validation });
  await settle();
  t.calls.fetchFile.calls.at(-1)!.resolve(VERSION_2);
  t.calls.fetchLanguageMap.calls.at(-1)!.resolve({});
  await settle();
}

const segmentRows = (t: T) => rowsOf(t.snap().context).flatMap((row) => (row.kind === 'segment' ? [row.key] : []));

describe('§2 filter "unimported from previous version"', () => {
  it('reads the previous version\'s edits first, then lists only the edit version 2 did not import, as the diff does', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.setFilter', filter: 'unimportedFromPreviousVersion' });
    expect(t.calls.fetchPreviousValidation.calls).toHaveLength(1);
    expect(t.calls.fetchPreviousValidation.calls[0]!.input).toMatchObject({ itemId: 'i-fr', previousVersionId: 'v1', targetLocale: 'fr' });
    // Until they are in, the table keeps its filter.
    expect(t.snap().context.filter).toBe('all');
    t.calls.fetchPreviousValidation.calls[0]!.resolve(PREVIOUS);
    await settle();
    expect(t.snap().context.filter).toBe('unimportedFromPreviousVersion');
    // Not t2 (changed in the authoring app, no edit in version 1), not t3 (version 1's edit is version 2's target).
    expect(segmentRows(t)).toEqual([T1]);

    // The version diff against version 1 says the same.
    await t.send({ type: 'translation.openDiff', previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' });
    t.calls.fetchPreviousValidation.calls.at(-1)!.resolve(PREVIOUS);
    await settle();
    t.calls.fetchFile.calls.at(-1)!.resolve({ ...VERSION_2, version: 1, children: VERSION_1, baseChildren: [] });
    await settle();
    const differentTargets = diffStateOf(t.snap()).result!.differentTargets;
    expect(differentTargets.filter((entry) => entry.reason === 'UnimportedChange').map((entry) => entry.key)).toEqual([T1]);
    expect(differentTargets.filter((entry) => entry.reason === 'ChangedInAuthoringApp').map((entry) => entry.key)).toEqual([T2]);
    await t.send({ type: 'translation.closeDiff' });

    // Chosen again later: no second read.
    await t.send({ type: 'translation.setFilter', filter: 'all' });
    await t.send({ type: 'translation.setFilter', filter: 'unimportedFromPreviousVersion' });
    expect(t.snap().context.filter).toBe('unimportedFromPreviousVersion');
    expect(t.calls.fetchPreviousValidation.calls).toHaveLength(2);
  });

  it('a failed read keeps the filter as it was and says the §8 previous-edits words', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.setFilter', filter: 'edited' });
    await t.send({ type: 'translation.setFilter', filter: 'unimportedFromPreviousVersion' });
    t.calls.fetchPreviousValidation.calls[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(t.snap().context.filter).toBe('edited');
    expect(t.shown().at(-1)?.text).toBe(TRANSLATION_MESSAGES.loadPreviousEdits);
    expect(t.reported.at(-1)).toContain(TRANSLATION_MESSAGES.loadPreviousEdits);
  });

  it('another filter chosen while the edits are read wins', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.setFilter', filter: 'unimportedFromPreviousVersion' });
    await t.send({ type: 'translation.setFilter', filter: 'accepted' });
    expect(t.snap().context.filter).toBe('accepted');
    t.calls.fetchPreviousValidation.calls[0]!.resolve(PREVIOUS);
    await settle();
    expect(t.snap().context.filter).toBe('accepted');
  });

  it('a first version has no previous one: the filter applies at once and lists nothing', async () => {
    const t = start();
    await load(t, { ...SUBJECT, versionId: 'v1', versionNumber: 1, previousVersionId: null });
    await t.send({ type: 'translation.setFilter', filter: 'unimportedFromPreviousVersion' });
    expect(t.calls.fetchPreviousValidation.calls).toHaveLength(0);
    expect(t.snap().context.filter).toBe('unimportedFromPreviousVersion');
    expect(segmentRows(t)).toEqual([]);
  });
});

describe('§2 stack sidebar: the review status of the language shown', () => {
  const statusOf = (t: T, itemId: string) => stackEntriesOf(t.snap().context).find((entry) => entry.itemId === itemId)?.progress;

  it('follows Mark complete and Reopen at once; the other languages keep the stack call\'s', async () => {
    const t = start();
    await load(t);
    expect(statusOf(t, 'i-fr')).toEqual({ complete: 0, total: 2 });
    await t.send({ type: 'translation.markComplete', navKey: '["sc1","sl1"]' });
    t.calls.completeGroup.calls[0]!.resolve({ updatedAt: '2026-11-22T10:00:00.000Z' });
    await settle();
    expect(statusOf(t, 'i-fr')).toEqual({ complete: 1, total: 2 });
    expect(statusOf(t, 'i-de')).toEqual({ complete: 1, total: 2 });
    expect(stackEntriesOf(t.snap().context).map((entry) => entry.itemId)).toEqual(['i-en', 'i-fr', 'i-de']);
    await t.send({ type: 'translation.reopen', navKey: '["sc1","sl1"]' });
    expect(t.snap().context.reopenAsked).toBe('["sc1","sl1"]');
    await t.send({ type: 'translation.confirmReopen', dontAskAgain: false });
    t.calls.reopenGroup.calls[0]!.resolve(undefined);
    await settle();
    expect(statusOf(t, 'i-fr')).toEqual({ complete: 0, total: 2 });
  });

  it('an older version shown keeps the stack call\'s (it counts the latest version)', async () => {
    const t = start();
    await load(t, { ...SUBJECT, isLatestVersion: false });
    expect(statusOf(t, 'i-fr')).toEqual({ complete: 0, total: 2 });
  });
});

describe('§5 reset and the no-op rule, as the validator meets them', () => {
  const edited = { paths: { [T1]: change('vs1', 'Bonjour à tous'), [T3]: change('vs3', 'Merci infiniment') } };
  const complete = { progressDetails: { '["sc1","sl1"]': { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } };

  it('Reset is not offered on a segment of a complete (locked) slide, nor on an older version; it is elsewhere', async () => {
    const t = start();
    await load(t, SUBJECT, { ...edited, ...complete });
    expect(canResetTranslationOf(t.snap().context, T1)).toBe(false);
    expect(canResetTranslationOf(t.snap().context, T3)).toBe(true);
    const older = start();
    await load(older, { ...SUBJECT, isLatestVersion: false }, edited);
    expect(canResetTranslationOf(older.snap().context, T3)).toBe(false);
  });

  it('typing the original translation back over a saved edit: Save is not offered, and the editor says why', async () => {
    const t = start();
    await load(t, SUBJECT, edited);
    await t.send({ type: 'translation.startEdit', key: T3 });
    expect(editNoteOf(t.snap().context)).toBeNull();
    await t.send({ type: 'translation.edit', key: T3, value: 'Merci beaucoup' });
    expect(canSaveOf(t.snap().context)).toBe(false);
    expect(editNoteOf(t.snap().context)).toBe('sameAsOriginal');
    await t.send({ type: 'translation.edit', key: T3, value: 'Merci mille fois' });
    expect(editNoteOf(t.snap().context)).toBeNull();
    // A segment without an edit: opening and closing its editor unchanged is nothing to explain.
    await t.send({ type: 'translation.cancelEdit' });
    await t.send({ type: 'translation.startEdit', key: T2 });
    expect(editNoteOf(t.snap().context)).toBeNull();
  });
});

describe('§2 the translate tab of an item that is not a translation target', () => {
  it('a stack\'s source course: not a load failure; the view goes to the review tab with sourceCourse=true', async () => {
    const t = start();
    await t.send({ type: 'translation.open', ...SUBJECT, itemId: 'i-en' });
    t.calls.fetchStack.calls[0]!.resolve(STACK);
    await settle();
    expect(notTranslationTargetOf(t.snap())).toEqual({ sourceCourse: true });
    expect(t.snap().context.error).toBeNull();
    expect(loadStatusOf(t.snap())).toBe('LOADING');
    expect(t.calls.fetchValidation.calls).toHaveLength(0);
  });

  it('an item in no stack (the stack call\'s 404): the review tab, no "status 404" message', async () => {
    const t = start();
    await t.send({ type: 'translation.open', ...SUBJECT, itemId: 'i-plain' });
    t.calls.fetchStack.calls[0]!.reject(httpError(404, 'Not in a translation stack.'));
    await settle();
    expect(notTranslationTargetOf(t.snap())).toEqual({ sourceCourse: false });
    expect(t.snap().context.error).toBeNull();
  });

  it('other failures of the stack call stay the §8 loading message', async () => {
    const t = start();
    await t.send({ type: 'translation.open', ...SUBJECT });
    t.calls.fetchStack.calls[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(notTranslationTargetOf(t.snap())).toBeNull();
    expect(t.snap().context.error).toBe(TRANSLATION_MESSAGES.fetchStatus(500));
  });
});

/**
 * The translation actor's issue-9 tools (translation-editor §2, §4, §5, §8, §9): find and replace, save to all
 * duplicates, course updates, the version diff with its reset dialogs, values applied from elsewhere, and the
 * re-read after a reconnect. Fake adapters answered by hand; a SimulatedClock for the deferral and the cool-down.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import { SEARCH_DEFER_ABOVE, TRANSLATION_MESSAGES, TRANSLATION_TOOL_MESSAGES, type TranslationFile, type ValidationChange, type ValidationResponse } from '../../domain/translation.ts';
import { SMALL_STORYLINE_FILE } from '../../domain/translation.fixtures.ts';
import { fromBase64 } from '../../domain/translationEdits.ts';
import {
  canSaveToAllOf,
  diffStateOf,
  duplicateIndexOf,
  duplicatesOfKey,
  hasModelExtras,
  hitsOf,
  isLowContrastOf,
  isReplaceAllAskedOf,
  isUpdatesFilterOfferedOf,
  isUpdatesPopoverShownOf,
  isUpdatingOf,
  resetDialogOf,
  saveAllAskedOf,
  searchStateOf,
  translationMachine,
  updateRowsOf,
} from '../../machines/translation/translationMachine.ts';
import { controlled, recorder, settle, systemActor, systemOf } from './contentFixtures.ts';
import { EMPTY_VALIDATION, httpError, translationStack, translationSubject } from './translationFixtures.ts';

const SLIDE1 = '["sc1","sl1"]';
const SLIDE2 = '["sc1","sl2"]';
const T1 = '["sc1","sl1","t1"]';
const T2 = '["sc1","sl1","t2"]';
const T3 = '["sc1","sl2","t3"]';

const item = (id: string, source: string, target: string, vs: string) => ({ type: 'item' as const, id, textType: 'text' as const, source, target, validationSegmentId: vs, meta: {}, livePreviewData: { slideId: id } });
/** t1 and t3 share their source "Hello" (formatting duplicates); "chat" is in every target, twice in t2's. */
function fileWith(targets: { t1?: string; t2?: string; t3?: string } = {}): TranslationFile {
  return {
    ...SMALL_STORYLINE_FILE,
    children: [
      {
        type: 'group',
        id: 'sc1',
        title: '1 Untitled Scene',
        meta: { type: 'scene' },
        children: [
          {
            type: 'group',
            id: 'sl1',
            title: 'Welcome',
            meta: { type: 'slide' },
            children: [item('t1', 'Hello', targets.t1 ?? 'Bonjour le chat', 'vs1'), item('t2', 'Hi %UserName%', targets.t2 ?? 'Salut le chat et le chat %UserName%', 'vs2')],
          },
          { type: 'group', id: 'sl2', title: 'Next', meta: { type: 'slide' }, children: [item('t3', 'Hello', targets.t3 ?? 'Bonjour le chat', 'vs3')] },
        ],
      },
    ],
  };
}

const change = (vs: string, newValue: string, over: Partial<ValidationChange> = {}): ValidationChange => ({
  validationSegmentId: vs,
  status: 'pending',
  replacement: { newValue, unsavedValue: null },
  forceUpdate: false,
  proposedBy: 'u-kim',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
  ...over,
});
const VALIDATION = EMPTY_VALIDATION;
const STACK = translationStack(null);
const SUBJECT = translationSubject();

type Batches = { path: string; data: { newValue: string }; isCourseUpdate: boolean; suggestionModel?: string | null }[][];

function start() {
  const clock = new SimulatedClock();
  const calls = {
    fetchStack: controlled<{ itemId: string }>(),
    fetchValidation: controlled<{ itemId: string; versionId: string }>(),
    fetchFile: controlled<{ path: string }>(),
    fetchLanguageMap: controlled<{ displayLocale: string }>(),
    saveChanges: controlled<{ batches: Batches }>(),
    getSegments: controlled<{ ids: string[] }>(),
    completeGroup: controlled<{ body: { path: string; isCourseUpdate: boolean } }>(),
    reopenGroup: controlled<{ body: { path: string } }>(),
    resetSegment: controlled<{ body: { path: string; data: { newValue: string } } }>(),
    fetchPreviousValidation: controlled<{ itemId: string; previousVersionId: string; targetLocale: string }>(),
  };
  const reported: string[] = [];
  const stored: { action: string; at: string }[] = [];
  const toasts = recorder();
  const machine = translationMachine.provide({
    actors: Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, call.logic])) as never,
    actions: {
      reportError: (_, params) => void reported.push(params.message),
      storeSkipSaveAllConfirm: (_, params) => void stored.push({ action: 'skipSaveAll', at: params.at }),
      storeUpdatesPopoverDismissed: (_, params) => void stored.push({ action: 'popover', at: params.at }),
    },
  });
  const root = createActor(systemOf({ translation: machine, toasts: toasts.logic }), { clock }).start();
  const actor = systemActor(root, 'translation') as AnyActorRef;
  const snap = () => actor.getSnapshot() as ReturnType<ReturnType<typeof createActor<typeof translationMachine>>['getSnapshot']>;
  const shown = () => toasts.events.map((e) => (e as unknown as { toast: { id: string; text: string | null; kind: string } }).toast);
  const send = async (event: Record<string, unknown> & { type: string }) => {
    actor.send(event);
    await settle();
  };
  return { actor, snap, calls, reported, stored, shown, send, clock };
}
type T = ReturnType<typeof start>;

async function load(t: T, over: { validation?: Partial<ValidationResponse>; file?: TranslationFile } = {}) {
  await t.send({ type: 'translation.open', ...SUBJECT });
  t.calls.fetchStack.calls.at(-1)!.resolve(STACK);
  await settle();
  t.calls.fetchValidation.calls.at(-1)!.resolve({ ...VALIDATION, ...over.validation });
  await settle();
  t.calls.fetchFile.calls.at(-1)!.resolve(over.file ?? fileWith());
  t.calls.fetchLanguageMap.calls.at(-1)!.resolve({});
  await settle();
}

const cursorKey = (t: T) => {
  const { found, cursor } = t.snap().context.tools;
  return found && cursor ? `${found.items[cursor.itemIndex]!.key}#${cursor.matchIndex}` : null;
};

describe('find and replace (§2 bar, §4 stepping, §5 rules, §9 limits)', () => {
  it('finds whole words in the current slide, steps by segment and wraps; all slides and the source scope widen it', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.openSearch' });
    await t.send({ type: 'translation.setSearchTerm', term: 'chat' });
    // Slide 1 only (default scope current): t1 once, t2 twice.
    expect(searchStateOf(t.snap().context)).toMatchObject({ isOpen: true, mode: 'search', total: 3, current: 1 });
    expect(cursorKey(t)).toBe(`${T1}#0`);
    expect(hitsOf(t.snap().context, T1)).toEqual([{ field: 'target', matches: [{ start: 11, end: 15 }], currentMatch: 0 }]);
    await t.send({ type: 'translation.nextHit' });
    expect(cursorKey(t)).toBe(`${T2}#0`);
    expect(t.snap().context.tools.scrollTo).toBe(T2);
    await t.send({ type: 'translation.nextHit' });
    expect(cursorKey(t)).toBe(`${T1}#0`);
    await t.send({ type: 'translation.previousHit' });
    expect(cursorKey(t)).toBe(`${T2}#0`);
    await t.send({ type: 'translation.setSlideScope', scope: 'all' });
    expect(searchStateOf(t.snap().context).total).toBe(4);
    // "cha" is not a whole word.
    await t.send({ type: 'translation.setSearchTerm', term: 'cha' });
    expect(searchStateOf(t.snap().context).total).toBe(0);
    await t.send({ type: 'translation.setSearchScope', scope: 'source' });
    await t.send({ type: 'translation.setSearchTerm', term: 'hello' });
    expect(t.snap().context.tools.found!.items.map((i) => `${i.field}:${i.key}`)).toEqual([`source:${T1}`, `source:${T3}`]);
  });

  it('steps by match in replace mode; clearing the term clears the replace value; close goes back to the group mode', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.openReplace' });
    await t.send({ type: 'translation.setSearchTerm', term: 'chat' });
    await t.send({ type: 'translation.setReplaceValue', value: 'chien' });
    const steps: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      steps.push(cursorKey(t));
      await t.send({ type: 'translation.nextHit' });
    }
    expect(steps).toEqual([`${T1}#0`, `${T2}#0`, `${T2}#1`, `${T1}#0`]);
    expect(searchStateOf(t.snap().context)).toMatchObject({ mode: 'replace', canReplace: true, canReplaceAll: true, replaceValue: 'chien' });
    await t.send({ type: 'translation.setSearchTerm', term: '' });
    expect(t.snap().context).toMatchObject({ searchTerm: '', replaceValue: '' });
    expect(t.snap().context.tools.found).toBeNull();
    await t.send({ type: 'translation.closeSearch' });
    expect(searchStateOf(t.snap().context)).toMatchObject({ mode: 'group', isOpen: false });
  });

  it(`defers the step over ${SEARCH_DEFER_ABOVE} matches (a 0 ms delay)`, async () => {
    const t = start();
    await load(t, { file: fileWith({ t1: Array.from({ length: 600 }, () => 'chat').join(' ') }) });
    await t.send({ type: 'translation.setSearchTerm', term: 'chat' });
    expect(t.snap().context.tools.found!.total).toBeGreaterThan(SEARCH_DEFER_ABOVE);
    await t.send({ type: 'translation.nextHit' });
    expect(t.snap().matches({ open: { tools: 'navigating' } })).toBe(true);
    expect(cursorKey(t)).toBe(`${T1}#0`);
    t.clock.increment(0);
    await settle();
    expect(t.snap().matches({ open: { tools: 'idle' } })).toBe(true);
    // Search mode steps by segment: the next found item is t2.
    expect(cursorKey(t)).toBe(`${T2}#0`);
  });

  it('replaces the current match only, through a save (needs a term and a replace value), then searches again', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.openReplace' });
    await t.send({ type: 'translation.setSearchTerm', term: 'chat' });
    await t.send({ type: 'translation.replaceOne' });
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    await t.send({ type: 'translation.setReplaceValue', value: 'chien' });
    await t.send({ type: 'translation.nextHit' });
    await t.send({ type: 'translation.nextHit' });
    expect(cursorKey(t)).toBe(`${T2}#1`);
    await t.send({ type: 'translation.replaceOne' });
    expect(isUpdatingOf(t.snap())).toBe(true);
    const batch = t.calls.saveChanges.calls[0]!.input.batches[0]!;
    expect(batch.map((c) => [c.path, fromBase64(c.data.newValue)])).toEqual([[T2, 'Salut le chat et le chien %UserName%']]);
    expect(t.snap().context.tools.replaceStatus).toEqual({ overall: 'LOADING', byPath: { [T2]: 'LOADING' } });
    t.calls.saveChanges.calls[0]!.resolve({ paths: { [T2]: change('vs2', 'Salut le chat et le chien %UserName%') } });
    await settle();
    expect(t.snap().context.tools.replaceStatus.overall).toBe('SUCCESS');
    expect(t.snap().context.tools.hasEdited).toBe(true);
    // Searched again: t2 has one match left.
    expect(searchStateOf(t.snap().context).total).toBe(2);
  });

  it('replaces all after the confirmation: only the found target segments, locked ones left out; a failure rolls back with the §8 words', async () => {
    const t = start();
    await load(t, { validation: { progressDetails: { [SLIDE2]: { userId: 'u-kim', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } } });
    await t.send({ type: 'translation.openReplace' });
    await t.send({ type: 'translation.setSlideScope', scope: 'all' });
    await t.send({ type: 'translation.setSearchTerm', term: 'chat' });
    await t.send({ type: 'translation.setReplaceValue', value: 'chien' });
    await t.send({ type: 'translation.replaceAll' });
    expect(isReplaceAllAskedOf(t.snap())).toBe(true);
    await t.send({ type: 'translation.cancelReplaceAll' });
    expect(isReplaceAllAskedOf(t.snap())).toBe(false);
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    await t.send({ type: 'translation.replaceAll' });
    await t.send({ type: 'translation.confirmReplaceAll' });
    const batch = t.calls.saveChanges.calls[0]!.input.batches.flat();
    // t3's slide is complete (locked): left out.
    expect(batch.map((c) => [c.path, fromBase64(c.data.newValue)])).toEqual([
      [T1, 'Bonjour le chien'],
      [T2, 'Salut le chien et le chien %UserName%'],
    ]);
    expect(t.snap().context.tools.replaceStatus).toEqual({ overall: 'LOADING', byPath: { [T1]: 'LOADING', [T2]: 'LOADING' } });
    expect(t.snap().context.changes[T1]?.replacement.newValue).toBe('Bonjour le chien');
    t.calls.saveChanges.calls[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(t.snap().context.changes[T1]).toBeUndefined();
    expect(t.snap().context.tools.replaceStatus).toEqual({ overall: 'ERROR', byPath: { [T1]: 'ERROR', [T2]: 'ERROR' } });
    expect(t.shown().map((toast) => toast.text)).toContain(TRANSLATION_TOOL_MESSAGES.replace);
  });
});

describe('duplicates and save to all (§5, §9)', () => {
  it('offers save to all with a new value; confirms, remembers "don\'t ask again", saves the duplicates with the 5,000 ms toast', async () => {
    const t = start();
    await load(t);
    expect(duplicatesOfKey(t.snap().context, T1)).toEqual({ same: [T3], similar: 0 });
    await t.send({ type: 'translation.startEdit', key: T1 });
    expect(canSaveToAllOf(t.snap().context)).toBe(false);
    await t.send({ type: 'translation.saveToAll' });
    expect(saveAllAskedOf(t.snap())).toBeNull();
    await t.send({ type: 'translation.edit', key: T1, value: 'Salut le chat' });
    expect(canSaveToAllOf(t.snap().context)).toBe(true);
    await t.send({ type: 'translation.saveToAll' });
    expect(saveAllAskedOf(t.snap())).toEqual({ key: T1, duplicates: 1 });
    await t.send({ type: 'translation.confirmSaveToAll', dontAskAgain: true, at: '2026-11-22T10:00:00.000Z' });
    expect(t.stored).toEqual([{ action: 'skipSaveAll', at: '2026-11-22T10:00:00.000Z' }]);
    expect(t.calls.saveChanges.calls[0]!.input.batches.flat().map((c) => c.path)).toEqual([T1, T3]);
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    expect(t.shown().at(-1)).toMatchObject({ id: 'translationToast.savedAll', kind: 'savedAll' });
    expect(t.snap().context.editing).toBeNull();
    // Remembered: the next one goes without asking.
    await t.send({ type: 'translation.startEdit', key: T1 });
    await t.send({ type: 'translation.edit', key: T1, value: 'Coucou' });
    await t.send({ type: 'translation.saveToAll' });
    expect(saveAllAskedOf(t.snap())).toBeNull();
    expect(t.calls.saveChanges.calls).toHaveLength(2);
  });

  it('opens without working out the duplicates and low-contrast paths; they follow from the model when first read, once per model', async () => {
    const t = start();
    await load(t);
    const { model } = t.snap().context;
    expect(model).not.toBeNull();
    expect(hasModelExtras(model!)).toBe(false);
    expect(duplicatesOfKey(t.snap().context, T3)).toEqual({ same: [T1], similar: 0 });
    expect(isLowContrastOf(t.snap().context, T1)).toBe(false);
    expect(hasModelExtras(model!)).toBe(true);
    expect(duplicateIndexOf(model!)).toBe(duplicateIndexOf(t.snap().context.model!));
  });

  it('leaves locked duplicates out; the single save keeps its 2,000 ms kind', async () => {
    const t = start();
    await load(t, { validation: { progressDetails: { [SLIDE2]: { userId: 'u-kim', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } } });
    await t.send({ type: 'translation.settingsLoaded', skipReopenConfirm: false, skipSaveAllConfirm: '2026-11-01T00:00:00.000Z' });
    await t.send({ type: 'translation.startEdit', key: T1 });
    await t.send({ type: 'translation.edit', key: T1, value: 'Salut le chat' });
    await t.send({ type: 'translation.saveToAll' });
    expect(t.calls.saveChanges.calls[0]!.input.batches.flat().map((c) => c.path)).toEqual([T1]);
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    await t.send({ type: 'translation.startEdit', key: T2 });
    await t.send({ type: 'translation.edit', key: T2, value: 'Coucou %UserName%' });
    await t.send({ type: 'translation.save' });
    t.calls.saveChanges.calls[1]!.resolve({ paths: {} });
    await settle();
    expect(t.shown().map((toast) => toast.kind)).toEqual(['saved', 'saved']);
  });

  it('ignores a second duplicate navigation within 300 ms', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.goToDuplicate', key: T3 });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    expect(t.snap().context.tools.scrollTo).toBe(T3);
    t.clock.increment(299);
    await t.send({ type: 'translation.goToDuplicate', key: T1 });
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    t.clock.increment(1);
    await t.send({ type: 'translation.goToDuplicate', key: T1 });
    expect(t.snap().context.activeNavKey).toBe(SLIDE1);
  });
});

describe('values applied from elsewhere (suggestions, §5 checks)', () => {
  it('saves a suggestion with its model, marks hasEdited, and says the save words when refused', async () => {
    const t = start();
    await load(t);
    expect(t.snap().context.tools.hasEdited).toBe(false);
    await t.send({ type: 'translation.applyValues', origin: 'suggestion', values: [{ key: T1, value: 'Bonjour, le chat', suggestionModel: 'translation-memory' }] });
    const batch = t.calls.saveChanges.calls[0]!.input.batches[0]!;
    expect(batch[0]).toMatchObject({ path: T1, suggestionModel: 'translation-memory' });
    t.calls.saveChanges.calls[0]!.reject(httpError(409, 'The segment is locked.'));
    await settle();
    expect(t.shown().at(-1)?.text).toBe(TRANSLATION_MESSAGES.saveChange('The segment is locked.'));
    expect(t.snap().context.changes[T1]).toBeUndefined();
    expect(t.snap().context.tools.hasEdited).toBe(false);
    await t.send({ type: 'translation.applyValues', origin: 'suggestion', values: [{ key: T1, value: 'Bonjour, le chat', suggestionModel: 'translation-memory' }] });
    t.calls.saveChanges.calls[1]!.resolve({ paths: {} });
    await settle();
    expect(t.snap().context.tools.hasEdited).toBe(true);
  });

  it('refuses an empty value and a locked segment with their toasts, and skips a no-op: nothing is sent', async () => {
    const t = start();
    await load(t, { validation: { progressDetails: { [SLIDE2]: { userId: 'u-kim', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } } });
    await t.send({ type: 'translation.applyValues', origin: 'suggestion', values: [{ key: T1, value: '  ' }] });
    await t.send({ type: 'translation.applyValues', origin: 'suggestion', values: [{ key: T3, value: 'Coucou' }] });
    await t.send({ type: 'translation.applyValues', origin: 'suggestion', values: [{ key: T1, value: 'Bonjour le chat' }] });
    expect(t.calls.saveChanges.calls).toHaveLength(0);
    expect(t.shown().map((toast) => toast.id)).toEqual(['translationToast.emptyEdit', 'translationToast.locked']);
  });
});

describe('course updates (§2, §4)', () => {
  const updates = { validation: { updates: { [T3]: 'changed' as const }, showCourseUpdates: true } };

  it('shows the "Update N" groups, completes them as course updates, and closes with escape', async () => {
    const t = start();
    await load(t, updates);
    expect(isUpdatesFilterOfferedOf(t.snap().context)).toBe(true);
    await t.send({ type: 'translation.openCourseUpdates' });
    expect(t.snap().context.tools.viewMode).toBe('courseUpdates');
    expect(t.snap().context.activeNavKey).toBe(SLIDE2);
    expect(isUpdatesFilterOfferedOf(t.snap().context)).toBe(false);
    expect(updateRowsOf(t.snap().context)).toEqual([
      { kind: 'updateGroup', navKey: SLIDE2, title: 'Update 2 Next', complete: false, segmentCount: 1 },
      { kind: 'segment', key: T3, depth: 1 },
    ]);
    await t.send({ type: 'translation.markComplete', navKey: SLIDE2 });
    expect(t.calls.completeGroup.calls[0]!.input.body).toMatchObject({ path: SLIDE2, isCourseUpdate: true });
    await t.send({ type: 'translation.closeCourseUpdates' });
    expect(t.snap().context.tools.viewMode).toBe('group');
  });

  it('§7 an edit saved while validating course updates is sent as a course update; outside that mode it is not', async () => {
    const t = start();
    await load(t, updates);
    await t.send({ type: 'translation.openCourseUpdates' });
    await t.send({ type: 'translation.startEdit', key: T3 });
    await t.send({ type: 'translation.edit', key: T3, value: 'Mis à jour' });
    await t.send({ type: 'translation.save' });
    expect(t.calls.saveChanges.calls[0]!.input.batches.flat()).toMatchObject([{ path: T3, isCourseUpdate: true }]);
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    // The saved segment is read back (changesPending), then editing goes on.
    t.calls.getSegments.calls[0]?.resolve({ data: [] });
    await settle();
    await t.send({ type: 'translation.closeCourseUpdates' });
    await t.send({ type: 'translation.startEdit', key: T1 });
    await t.send({ type: 'translation.edit', key: T1, value: 'Pas une mise à jour' });
    await t.send({ type: 'translation.save' });
    expect(t.calls.saveChanges.calls.at(-1)!.input.batches.flat()).toMatchObject([{ path: T1, isCourseUpdate: false }]);
  });

  it('shows the updates popover until dismissed (the date is stored)', async () => {
    const t = start();
    await load(t, updates);
    expect(isUpdatesPopoverShownOf(t.snap().context)).toBe(true);
    await t.send({ type: 'translation.dismissUpdatesPopover', at: '2026-11-22T10:00:00.000Z' });
    expect(isUpdatesPopoverShownOf(t.snap().context)).toBe(false);
    expect(t.stored).toEqual([{ action: 'popover', at: '2026-11-22T10:00:00.000Z' }]);
  });
});

describe('version diff and reset (§2 dialogs, §3 Version diff, §5 disabled by a diff, §8)', () => {
  const PREVIOUS = { validationId: 'val-0', translationFilePath: 'translations/i-fr/v1.json', paths: { [T1]: change('vs1', 'Bonjour le chien') }, versionNumber: 1, versionCreatedAt: '2026-09-01T10:00:00.000Z' };

  async function openDiff(t: T) {
    await t.send({ type: 'translation.openDiff', previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' });
    expect(diffStateOf(t.snap()).status).toBe('loading');
    expect(t.calls.fetchPreviousValidation.calls.at(-1)!.input).toMatchObject({ itemId: 'i-fr', previousVersionId: 'v1', targetLocale: 'fr' });
    t.calls.fetchPreviousValidation.calls.at(-1)!.resolve(PREVIOUS);
    await settle();
    expect(t.calls.fetchFile.calls.at(-1)!.input).toEqual({ path: 'translations/i-fr/v1.json' });
    t.calls.fetchFile.calls.at(-1)!.resolve(fileWith());
    await settle();
  }

  it('loads the previous version, disables its unimported changes, and resets one after reopening its section', async () => {
    const t = start();
    await load(t, { validation: { progressDetails: { [SLIDE1]: { userId: 'u-kim', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false } } } });
    await openDiff(t);
    const diff = diffStateOf(t.snap());
    expect(diff).toMatchObject({ status: 'ready', previousVersionNumber: 1, previousIsOld: true, disabledKeys: [T1] });
    expect(diff.result!.differentTargets).toEqual([{ key: T1, previous: 'Bonjour le chien', current: 'Bonjour le chat', reason: 'UnimportedChange' }]);
    // Disabled by the diff (and its slide is complete): reset asks to reopen first.
    await t.send({ type: 'translation.askResetTranslation', key: T1 });
    expect(resetDialogOf(t.snap())).toEqual({ key: T1, dialog: 'reopenSection' });
    await t.send({ type: 'translation.confirmReopenSection' });
    expect(t.calls.reopenGroup.calls[0]!.input.body.path).toBe(SLIDE1);
    t.calls.reopenGroup.calls[0]!.resolve(undefined);
    await settle();
    expect(resetDialogOf(t.snap())).toEqual({ key: T1, dialog: 'resetTranslation' });
    await t.send({ type: 'translation.confirmResetTranslation' });
    expect(t.calls.saveChanges.calls[0]!.input.batches[0]!.map((c) => [c.path, fromBase64(c.data.newValue)])).toEqual([[T1, 'Bonjour le chien']]);
    t.calls.saveChanges.calls[0]!.resolve({ paths: {} });
    await settle();
    expect(diffStateOf(t.snap()).disabledKeys).toEqual([]);
    await t.send({ type: 'translation.closeDiff' });
    expect(diffStateOf(t.snap()).status).toBe('idle');
  });

  it('refuses editing a segment disabled by the diff; a failed reset says "The was a problem while resetting"', async () => {
    const t = start();
    await load(t);
    await openDiff(t);
    await t.send({ type: 'translation.startEdit', key: T1 });
    expect(t.snap().context.editing).toBeNull();
    expect(t.shown().at(-1)?.id).toBe('translationToast.disabledByDiff');
    await t.send({ type: 'translation.askResetTranslation', key: T1 });
    await t.send({ type: 'translation.confirmResetTranslation' });
    t.calls.saveChanges.calls[0]!.reject(httpError(500, 'Database down'));
    await settle();
    expect(t.shown().at(-1)?.text).toBe(TRANSLATION_MESSAGES.reset);
  });

  it('says the §8 loading words when the previous edits or file fail', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.openDiff', previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' });
    t.calls.fetchPreviousValidation.calls[0]!.reject(httpError(404, 'Not found'));
    await settle();
    expect(diffStateOf(t.snap())).toMatchObject({ status: 'error', error: TRANSLATION_MESSAGES.loadPreviousEdits });
    await t.send({ type: 'translation.openDiff', previousVersionId: 'v1', now: '2026-11-22T10:00:00.000Z' });
    t.calls.fetchPreviousValidation.calls[1]!.resolve(PREVIOUS);
    await settle();
    t.calls.fetchFile.calls.at(-1)!.reject(httpError(404, 'Not found'));
    await settle();
    expect(diffStateOf(t.snap())).toMatchObject({ status: 'error', error: TRANSLATION_MESSAGES.loadPreviousFile });
  });

  it('outside a diff, resets an edited segment to its original target through the reset call, after the dialog', async () => {
    const t = start();
    await load(t, { validation: { paths: { [T2]: change('vs2', 'Coucou %UserName%') } } });
    await t.send({ type: 'translation.askResetTranslation', key: T1 });
    expect(resetDialogOf(t.snap())).toBeNull();
    await t.send({ type: 'translation.askResetTranslation', key: T2 });
    expect(resetDialogOf(t.snap())).toEqual({ key: T2, dialog: 'resetTranslation' });
    await t.send({ type: 'translation.cancelResetTranslation' });
    expect(t.calls.resetSegment.calls).toHaveLength(0);
    await t.send({ type: 'translation.askResetTranslation', key: T2 });
    await t.send({ type: 'translation.confirmResetTranslation' });
    expect(t.calls.resetSegment.calls[0]!.input.body).toMatchObject({ path: T2, data: { newValue: 'Salut le chat et le chat %UserName%' } });
    expect(t.snap().context.changes[T2]).toBeUndefined();
  });
});

describe('reconnect (issue 8 gap)', () => {
  it('reads the validation again after the item namespace reconnects, without touching the editor', async () => {
    const t = start();
    await load(t);
    await t.send({ type: 'translation.startEdit', key: T1 });
    await t.send({ type: 'translation.edit', key: T1, value: 'Mon texte' });
    await t.send({ type: 'realtime.reconnected', namespace: '/item/other' });
    expect(t.calls.fetchValidation.calls).toHaveLength(1);
    await t.send({ type: 'realtime.reconnected', namespace: '/item/i-fr' });
    expect(t.calls.fetchValidation.calls).toHaveLength(2);
    t.calls.fetchValidation.calls[1]!.resolve({
      ...VALIDATION,
      paths: { [T1]: change('vs1', 'Leur texte'), [T2]: change('vs2', 'Coucou %UserName%') },
      progressDetails: { [SLIDE2]: { userId: 'u-kim', updatedAt: '2026-11-22T09:00:00.000Z', isCourseUpdate: false } },
    });
    await settle();
    expect(t.snap().context.changes[T2]?.replacement.newValue).toBe('Coucou %UserName%');
    expect(Object.keys(t.snap().context.progress)).toEqual([SLIDE2]);
    // The editor keeps the user's text; the change to it is a conflict to resolve.
    expect(t.snap().context.editing?.value).toBe('Mon texte');
    expect(t.snap().context.conflict?.key).toBe(T1);
  });
});

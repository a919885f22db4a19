import { describe, expect, it } from 'vitest';
import type { TranslationFile, TranslationItemNode, TranslationNode, UpdateType, ValidationChange } from './translation.ts';
import { generateStorylineCourse } from './translation.fixtures.ts';
import { buildTranslationModel, matchesFilter, SEGMENT_FILTERS, tableRows, type TranslationModel } from './translationModel.ts';
import { computeVersionDiff, courseUpdates, diffDisabledKeys, diffDisplayText, isPreviousVersionOld, isUpdatesFilterOffered, updateGroups } from './translationDiff.ts';

let vs = 0;
const item = (id: string, source: string, target: string, over: Partial<TranslationItemNode> = {}): TranslationItemNode => ({
  type: 'item',
  id,
  textType: 'text',
  source,
  target,
  validationSegmentId: `vs-${id}-${vs++}`,
  ...over,
});
const slide = (id: string, title: string, children: TranslationNode[]): TranslationNode => ({ type: 'group', id, title, meta: { type: 'slide' }, children });
const file = (children: TranslationNode[], baseChildren: TranslationNode[] = [], version = 3): TranslationFile => ({
  sourceLocale: 'en',
  targetLocale: 'fr',
  version,
  product: 'storyline',
  children,
  baseChildren,
  translationMemoryReportIds: [],
});
const modelOf = (f: TranslationFile): TranslationModel => buildTranslationModel(f).model;
const key = (...path: string[]) => JSON.stringify(path);
const change = (newValue: string): ValidationChange => ({
  validationSegmentId: 'x',
  status: 'accepted',
  replacement: { newValue },
  proposedBy: 'u1',
  proposedAt: '2025-01-01T00:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});

describe('§3 course updates: the segments a new version added, changed or removed', () => {
  const previous = [slide('s1', 'Intro', [item('a', 'Hello', 'Bonjour'), item('b', 'Old text', 'Ancien'), item('gone', 'Bye', 'Au revoir')]), slide('s2', 'Quiz', [item('q', 'Q?', 'Q ?')])];
  const current = [
    slide('s1', 'Intro', [item('a', 'Hello', 'Bonjour modifié'), item('b', 'New text', 'Ancien'), item('n', 'Fresh', 'Nouveau')]),
    slide('s2', 'Quiz', [item('q', '<b>Q?</b>', 'Q ?', { textType: 'html' })]),
  ];

  it('added (new path), changed (plain source differs), removed (path gone); target-only changes are not updates', () => {
    expect(courseUpdates(file(current, previous))).toEqual({ [key('s1', 'b')]: 'changed', [key('s1', 'n')]: 'added', [key('s1', 'gone')]: 'removed' });
  });

  it('is worked out once per file: the service reads the same file again on every validation read', () => {
    const f = file(current, previous);
    const first = courseUpdates(f);
    expect(courseUpdates(f)).toBe(first);
    // Another file object (another version, or the same one parsed again) is worked out on its own.
    expect(courseUpdates(file(current, previous))).not.toBe(first);
    expect(courseUpdates(file(current, previous))).toEqual(first);
  });

  it('a first version has no updates', () => {
    expect(courseUpdates(file(current, []))).toEqual({});
  });

  it('§3 "Update N" groups per nav group, titled "Update N" plus the main group title, removed paths left out', () => {
    const f = file(current, previous, 3);
    const model = modelOf(f);
    expect(updateGroups(model, courseUpdates(f))).toEqual([{ navKey: key('s1'), title: 'Update 3 Intro', keys: [key('s1', 'b'), key('s1', 'n')] }]);
    expect(updateGroups(model, {})).toEqual([]);
  });

  it('§2 the updates filter is offered only when course updates exist and the course-updates filter is not active', () => {
    const updates: Record<string, UpdateType> = { [key('s1', 'n')]: 'added' };
    expect(isUpdatesFilterOffered(updates, false)).toBe(true);
    expect(isUpdatesFilterOffered(updates, true)).toBe(false);
    expect(isUpdatesFilterOffered({}, false)).toBe(false);
    expect(isUpdatesFilterOffered({ [key('s1', 'gone')]: 'removed' }, false)).toBe(false);
  });

  it('§2 filter "updates from previous version": the segments added or changed', () => {
    expect(SEGMENT_FILTERS).toContain('updatesFromPreviousVersion');
    const f = file(current, previous);
    const model = modelOf(f);
    const updates = courseUpdates(f);
    const passing = model.segments.filter((s) => matchesFilter(s, undefined, 'updatesFromPreviousVersion', updates)).map((s) => s.key);
    expect(passing).toEqual([key('s1', 'b'), key('s1', 'n')]);
    expect(model.segments.some((s) => matchesFilter(s, undefined, 'updatesFromPreviousVersion'))).toBe(false);
    const rows = tableRows(model, { filter: 'updatesFromPreviousVersion', changes: {}, collapsed: new Set(), progress: {}, updates });
    expect(rows.filter((r) => r.kind === 'segment').map((r) => r.key)).toEqual(passing);
    expect(tableRows(model, { filter: 'updatesFromPreviousVersion', changes: {}, collapsed: new Set(), progress: {} })).toEqual([]);
  });

  it('agrees with the model’s previous-version filters on a generated course', () => {
    const f = generateStorylineCourse({ segments: 1_500, targetLocale: 'fr', withBase: true });
    const model = modelOf(f);
    const updates = courseUpdates(f);
    for (const segment of model.segments) {
      const expected = matchesFilter(segment, undefined, 'addedInCurrentVersion') ? 'added' : matchesFilter(segment, undefined, 'changedFromPreviousVersion') ? 'changed' : undefined;
      expect(updates[segment.key]).toBe(expected);
    }
    expect(Object.values(updates).filter((t) => t === 'removed')).toHaveLength(0);
  });
});

describe('§3 version diff', () => {
  const prevFile = file(
    [slide('s1', 'Intro', [item('same', 'Same', 'Pareil'), item('src', 'Before', 'Avant'), item('imp', 'Hi', 'Salut'), item('auth', 'Yes', 'Oui'), item('old', 'Gone', 'Parti')])],
    [],
    2,
  );
  const curFile = file([
    slide('s1', 'Intro', [item('same', 'Same', 'Pareil'), item('src', 'After', 'Avant'), item('imp', 'Hi', 'Salut'), item('auth', 'Yes', 'Ouais')]),
    slide('s2', 'More', [item('new', 'New', 'Nouveau')]),
  ]);
  const previous = { model: modelOf(prevFile), changes: { [key('s1', 'imp')]: change('Bonjour'), [key('s1', 'old')]: change('Disparu') } };
  const current = { model: modelOf(curFile), changes: {} };

  it('new, removed (with effective target), different sources and different targets with their reason', () => {
    const diff = computeVersionDiff(previous, current);
    expect(diff.newPaths).toEqual([key('s2', 'new')]);
    expect(diff.removedPaths).toEqual([{ key: key('s1', 'old'), source: 'Gone', target: 'Disparu' }]);
    expect(diff.differentSources).toEqual([{ key: key('s1', 'src'), previous: 'Before', current: 'After' }]);
    expect(diff.differentTargets).toEqual([
      // The validated "Bonjour" never made it into the new file's target.
      { key: key('s1', 'imp'), previous: 'Bonjour', current: 'Salut', reason: 'UnimportedChange' },
      { key: key('s1', 'auth'), previous: 'Oui', current: 'Ouais', reason: 'ChangedInAuthoringApp' },
    ]);
    expect(diff.affectedUIGroups).toEqual([key('s1'), key('s2')]);
  });

  it('an imported change is no difference, and neither is this version’s own edit of a target that came over unchanged', () => {
    const imported = { model: modelOf(file([slide('s1', 'Intro', [item('imp', 'Hi', 'Bonjour')])])), changes: {} };
    const diff = computeVersionDiff(previous, imported);
    expect(diff.differentTargets).toEqual([]);
    const edited = { model: imported.model, changes: { [key('s1', 'imp')]: change('Coucou') } };
    // The validator edits version 2 after it came over as it was: that is this version's validation, not a version difference.
    expect(computeVersionDiff(previous, edited).differentTargets).toEqual([]);
    // A validated edit the new file does not carry stays a difference whatever this version's edits.
    const reauthored = { model: modelOf(file([slide('s1', 'Intro', [item('imp', 'Hi', 'Salut')])])), changes: { [key('s1', 'imp')]: change('Coucou') } };
    expect(computeVersionDiff(previous, reauthored).differentTargets).toEqual([{ key: key('s1', 'imp'), previous: 'Bonjour', current: 'Coucou', reason: 'UnimportedChange' }]);
  });

  it('§5 disabled by a diff: segments whose target differs as an unimported change', () => {
    expect([...diffDisabledKeys(computeVersionDiff(previous, current))]).toEqual([key('s1', 'imp')]);
  });

  it('§9 a previous version counts as old after 30 days', () => {
    expect(isPreviousVersionOld('2025-01-01T00:00:00.000Z', '2025-01-31T00:00:00.000Z')).toBe(false);
    expect(isPreviousVersionOld('2025-01-01T00:00:00.000Z', '2025-01-31T00:00:01.000Z')).toBe(true);
    expect(isPreviousVersionOld('not a date', '2025-01-31T00:00:01.000Z')).toBe(false);
  });
});

describe('§2 filter "unimported from previous version" and the §3 diff\'s UnimportedChange list the same segments', () => {
  it('on a generated course whose previous version validated edits, imported or not, and whose current version edited some', () => {
    const current = generateStorylineCourse({ segments: 400, targetLocale: 'fr', withBase: true });
    const currentModel = modelOf(current);
    const previousModel = modelOf({ ...current, children: current.baseChildren, baseChildren: [] });
    // Version 1's validation: every 3rd segment edited (every 2nd of those to what version 2's file carries: imported).
    const previousChanges: Record<string, ValidationChange> = {};
    previousModel.segments.forEach((segment, index) => {
      if (index % 3 !== 0) return;
      const imported = currentModel.segmentsByKey.get(segment.key)?.originalTargetText;
      previousChanges[segment.key] = change(index % 2 === 0 && imported !== undefined ? imported : `${segment.originalTargetText} (v1)`);
    });
    // Version 2's own edits: every 7th segment, some of them taking version 1's text over (a reset to it).
    const currentChanges: Record<string, ValidationChange> = {};
    currentModel.segments.forEach((segment, index) => {
      if (index % 7 !== 0) return;
      const previous = previousChanges[segment.key];
      currentChanges[segment.key] = change(index % 2 === 0 && previous ? previous.replacement.newValue : `${segment.originalTargetText} (v2)`);
    });
    const diff = computeVersionDiff({ model: previousModel, changes: previousChanges }, { model: currentModel, changes: currentChanges });
    const fromDiff = diff.differentTargets.filter((entry) => entry.reason === 'UnimportedChange').map((entry) => entry.key);
    const fromFilter = currentModel.segments.filter((s) => matchesFilter(s, currentChanges[s.key], 'unimportedFromPreviousVersion', undefined, previousChanges)).map((s) => s.key);
    expect(fromDiff.length).toBeGreaterThan(5);
    expect(fromFilter).toEqual(fromDiff);
    // And the table under that filter shows exactly those segments.
    const rows = tableRows(currentModel, { filter: 'unimportedFromPreviousVersion', changes: currentChanges, collapsed: new Set(), progress: {}, previousChanges });
    expect(rows.filter((row) => row.kind === 'segment').map((row) => row.key)).toEqual(fromDiff);
  });
});

describe('§2 the version diff shows a line break where the text has one (the words on its two sides are not joined)', () => {
  it('diffDisplayText: html <br> and <br/> become "\\n", other tags go, entities decode; plain text stays', () => {
    expect(diffDisplayText('Listen, resolve, notify.<br/>Use <b>LEARN</b> on your next call.', 'html')).toBe('Listen, resolve, notify.\nUse LEARN on your next call.');
    expect(diffDisplayText('One<br>Two<BR />Three &amp; four', 'html')).toBe('One\nTwo\nThree & four');
    expect(diffDisplayText('A<br/>B', 'text')).toBe('A<br/>B');
  });

  it('the source and target changes and the removed paths carry those texts; the comparison is unchanged', () => {
    const before = [slide('s1', 'Intro', [item('w', 'Welcome!<br/>You learn.', 'Bienvenue !<br/>Vous apprenez.', { textType: 'html' }), item('gone', 'Bye<br>now', 'Au revoir<br>maintenant', { textType: 'html' })])];
    const after = [slide('s1', 'Intro', [item('w', 'Welcome!<br/>In 20 minutes you learn.', 'Bienvenue !<br/>Vous apprenez.', { textType: 'html' })])];
    const diff = computeVersionDiff({ model: modelOf(file(before)), changes: {} }, { model: modelOf(file(after, before)), changes: {} });
    expect(diff.differentSources).toEqual([{ key: key('s1', 'w'), previous: 'Welcome!\nYou learn.', current: 'Welcome!\nIn 20 minutes you learn.' }]);
    expect(diff.removedPaths).toEqual([{ key: key('s1', 'gone'), source: 'Bye\nnow', target: 'Au revoir\nmaintenant' }]);
    const targets = computeVersionDiff(
      { model: modelOf(file(before)), changes: { [key('s1', 'w')]: change('Bienvenue !<br/>Apprenez.') } },
      { model: modelOf(file([slide('s1', 'Intro', [item('w', 'Welcome!<br/>You learn.', 'Bienvenue !<br/>Vous apprenez.', { textType: 'html' })])], before)), changes: {} },
    );
    expect(targets.differentTargets).toEqual([{ key: key('s1', 'w'), previous: 'Bienvenue !\nApprenez.', current: 'Bienvenue !\nVous apprenez.', reason: 'UnimportedChange' }]);
  });
});

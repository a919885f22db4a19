import { describe, expect, it } from 'vitest';
import { generateRiseCourse, generateStorylineCourse } from './translation.fixtures.ts';
import { fnv1a64 } from './hash.ts';
import { LogDecoder, LogEncoder } from './logCodec.ts';
import { redactedHash } from './logHash.ts';
import { LOG_DIGEST } from './redaction.ts';
import { pathKey, type ProgressDetail, type TranslationFile, type TranslationGroupNode, type TranslationItemNode, type TranslationNode, type ValidationChange } from './translation.ts';
import {
  adjacentNavKey,
  buildTranslationModel,
  matchesFilter,
  parseLanguageMap,
  parseTranslationFile,
  progressSummary,
  SEGMENT_FILTERS,
  tableRows,
  TranslationFileError,
  type SegmentFilter,
  type TranslationModel,
} from './translationModel.ts';

let counter = 0;
const item = (id: string, source: string, target: string, over: Partial<TranslationItemNode> = {}): TranslationItemNode => ({
  type: 'item',
  id,
  textType: 'text',
  source,
  target,
  validationSegmentId: `vs-${id}-${counter++}`,
  ...over,
});
const group = (id: string, title: string, type: TranslationGroupNode['meta']['type'], children: TranslationNode[], over: Partial<TranslationGroupNode> = {}): TranslationGroupNode => ({
  type: 'group',
  id,
  title,
  meta: { type },
  children,
  ...over,
});
const file = (children: TranslationNode[], over: Partial<TranslationFile> = {}): TranslationFile => ({
  sourceLocale: 'en',
  targetLocale: 'fr',
  version: 2,
  product: 'storyline',
  storylineVersion: '3.91.31176.0',
  children,
  baseChildren: [],
  translationMemoryReportIds: [],
  ...over,
});
const key = (...path: string[]) => pathKey(path);
const detail: ProgressDetail = { userId: 'u-vera', updatedAt: '2026-11-21T10:00:00.000Z', isCourseUpdate: false };
const change = (newValue: string, status: ValidationChange['status'] = 'pending'): ValidationChange => ({
  validationSegmentId: 'x',
  status,
  replacement: { newValue },
  proposedBy: 'u-vera',
  proposedAt: '2026-11-21T10:00:00.000Z',
  lastAcceptedDate: null,
  lastAcceptedBy: null,
});

/** A small Storyline course covering every group kind. */
const storyline = file(
  [
    group('s1', '1 Untitled Scene', 'scene', [
      group('tpl', 'Master', 'template', [item('t1', 'Title', 'Titre')], { template: true }),
      group('menu', '', 'slide', [item('m1', 'Menu', 'Menu FR')]),
      group('resources', '', 'slide', [item('r1', 'Resources', 'Ressources')]),
      group('glossary', 'My glossary', 'slide', [item('g1', 'Term', 'Terme')]),
    ]),
    group('s2', '2 Basics', 'scene', [
      group('sl1', 'Welcome', 'slide', [
        item('a', 'Hello', 'Bonjour'),
        group('layer', 'Feedback', 'layer', [item('b', 'Good', 'Bien')]),
        item('c', 'Bye', 'Au revoir'),
      ]),
      group('q1', 'Quiz', 'question', [item('choice', 'Yes', 'Oui', { meta: { correctAnswer: true } })]),
      item('loose', 'Loose', 'Libre'),
      group('draw', 'Draw', 'slide', [item('d1', 'Start', 'Commencer')], { meta: { type: 'slide', slideDraw: { questionBankId: 'bank' } } }),
    ]),
  ],
  {
    baseChildren: [
      group('s2', '2 Basics', 'scene', [
        group('sl1', 'Welcome', 'slide', [
          item('a', 'Hello', 'Bonjour'),
          group('layer', 'Feedback', 'layer', [item('b', 'Well', 'Bien')]),
          item('c', 'Bye', 'Salut'),
        ]),
      ]),
    ],
  },
);

describe('the translation model (§3 Segment, Group; §9 group constants)', () => {
  const { model, problems } = buildTranslationModel(storyline);

  it('keeps every segment in document order with its path and key', () => {
    expect(model.segments.map((s) => s.id)).toEqual(['t1', 'm1', 'r1', 'g1', 'a', 'b', 'c', 'choice', 'loose', 'd1']);
    const b = model.segmentsByKey.get(key('s2', 'sl1', 'layer', 'b'))!;
    expect(b.path).toEqual(['s2', 'sl1', 'layer', 'b']);
    expect(b.key).toBe(key('s2', 'sl1', 'layer', 'b'));
    expect(model.keysBySegmentId.get(b.validationSegmentId)).toBe(b.key);
    expect(b.originalTarget).toBe('Bien');
    expect(model.segmentsByKey.get(key('s2', 'q1', 'choice'))!.meta.correctAnswer).toBe(true);
  });

  it('a segment in a layer belongs to its slide: navPath is the slide, uiGroups go from the scene down', () => {
    const b = model.segmentsByKey.get(key('s2', 'sl1', 'layer', 'b'))!;
    expect(b.navPath).toEqual(['s2', 'sl1']);
    expect(b.navKey).toBe(key('s2', 'sl1'));
    expect(b.uiGroups).toEqual([key('s2'), key('s2', 'sl1'), key('s2', 'sl1', 'layer')]);
    expect(model.groups.get(key('s2', 'sl1', 'layer'))).toMatchObject({ isNav: false, navKey: key('s2', 'sl1'), depth: 2, groupType: 'layer' });
    expect(model.groups.get(key('s2'))).toMatchObject({ isNav: false, navKey: null, depth: 0, childKeys: [key('s2', 'sl1'), key('s2', 'q1'), key('s2', '#items'), key('s2', 'draw')] });
  });

  it('nav groups are slides, questions, templates and special slides, in document order', () => {
    expect(model.navKeys).toEqual([key('s1', 'tpl'), key('s1', 'menu'), key('s1', 'resources'), key('s1', 'glossary'), key('s2', 'sl1'), key('s2', 'q1'), key('s2', '#items'), key('s2', 'draw')]);
  });

  it('§9 "Default scene title \'1 Untitled Scene\' shows as \'Global\'; slide-template groups titled \'Slide Template\'"', () => {
    expect(model.groups.get(key('s1'))!.title).toBe('Global');
    expect(model.groups.get(key('s2'))!.title).toBe('2 Basics');
    expect(model.groups.get(key('s1', 'tpl'))!.title).toBe('Slide Template');
    expect(model.segmentsByKey.get(key('s1', 'tpl', 't1'))!.template).toBe(true);
    expect(model.segmentsByKey.get(key('s2', 'sl1', 'a'))!.template).toBe(false);
  });

  it('§9 special slides menu, resources, glossary are named when untitled', () => {
    expect(model.groups.get(key('s1', 'menu'))!.title).toBe('Menu');
    expect(model.groups.get(key('s1', 'resources'))!.title).toBe('Resources');
    expect(model.groups.get(key('s1', 'glossary'))!.title).toBe('My glossary');
  });

  it('an item directly in a scene gets a nav group of its own titled as the scene', () => {
    const loose = model.segmentsByKey.get(key('s2', 'loose'))!;
    expect(loose.path).toEqual(['s2', 'loose']);
    expect(loose.navPath).toEqual(['s2', '#items']);
    expect(model.groups.get(loose.navKey)).toMatchObject({ isNav: true, title: '2 Basics', segmentKeys: [loose.key], parentKey: key('s2') });
    expect(problems.notInUiGroup).toBeNull();
  });

  it('§8 "No question bank group found for slide draw group" is reported with the slide', () => {
    expect(problems.missingQuestionBanks).toEqual([key('s2', 'draw')]);
    const withBank = buildTranslationModel(file([...storyline.children, group('bank', 'Bank', 'questionBank', [group('bq', 'Q', 'question', [item('x', 'a', 'b')])])]));
    expect(withBank.problems.missingQuestionBanks).toEqual([]);
    expect(withBank.model.groups.get(key('bank'))).toMatchObject({ isNav: false, navKey: null });
    expect(withBank.model.groups.get(key('bank', 'bq'))).toMatchObject({ isNav: true });
  });

  it('§8 "Some items were not part of any uiGroup" is reported with counts; they sit in a "Global" nav group', () => {
    const { model: m, problems: p } = buildTranslationModel(file([item('root1', 'a', 'b'), group('s', 'Scene', 'scene', [group('sl', 'Slide', 'slide', [item('x', 'a', 'b')])]), item('root2', 'c', 'd')]));
    expect(p.notInUiGroup).toEqual({ count: 2, total: 3 });
    const root = m.segmentsByKey.get(key('root1'))!;
    expect(root.navKey).toBe(key('#items'));
    expect(m.groups.get(key('#items'))).toMatchObject({ title: 'Global', isNav: true, depth: 0 });
    expect(m.rootKeys).toEqual([key('#items'), key('s')]);
    expect(m.navKeys).toEqual([key('#items'), key('s', 'sl')]);
  });

  it('keeps the previous version\'s texts per path, and lists empty targets', () => {
    expect(model.segmentsByKey.get(key('s2', 'sl1', 'a'))!.base).toEqual({ sourceText: 'Hello', targetText: 'Bonjour' });
    expect(model.segmentsByKey.get(key('s2', 'q1', 'choice'))!.base).toBeNull();
    const { model: m } = buildTranslationModel(file([group('sl', 'S', 'slide', [item('x', 'a', ''), item('y', 'a', '<b></b>', { textType: 'html' }), item('z', 'a', 'b')])]));
    expect(m.emptyTargetKeys).toEqual([key('sl', 'x'), key('sl', 'y')]);
  });

  it('matches the previous version by path whatever the order of its siblings, short lists and long ones', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `i${i}`);
    const current = group('sl', 'S', 'slide', [...ids.map((id) => item(id, `now ${id}`, 'x')), group('ly', 'L', 'layer', [item('a', 'A', 'a'), item('b', 'B', 'b')])]);
    const previous = group('sl', 'S', 'slide', [group('ly', 'L', 'layer', [item('b', 'B before', 'b before'), item('a', 'A before', 'a before')]), ...[...ids].reverse().filter((id) => id !== 'i7').map((id) => item(id, `then ${id}`, `t ${id}`))]);
    const { model: m } = buildTranslationModel(file([current], { baseChildren: [previous, item('sl2', 'an item where a group is now', '')] }));
    expect(m.segmentsByKey.get(key('sl', 'i3'))!.base).toEqual({ sourceText: 'then i3', targetText: 't i3' });
    expect(m.segmentsByKey.get(key('sl', 'i7'))!.base).toBeNull();
    expect(m.segmentsByKey.get(key('sl', 'ly', 'a'))!.base).toEqual({ sourceText: 'A before', targetText: 'a before' });
    expect(m.segmentsByKey.get(key('sl', 'ly', 'b'))!.base).toEqual({ sourceText: 'B before', targetText: 'b before' });
  });

  it('written to the session log and read back (a checkpoint), keeps what its readers use', () => {
    // Written as the log writes (JSON text), read back as a replay reads it.
    const written = JSON.stringify(new LogEncoder({ payloads: false }).encode(model).value);
    const read = new LogDecoder(new Map()).decode(JSON.parse(written)) as TranslationModel;
    const texts = (m: TranslationModel) => m.segments.map((s) => s.base && [s.base.sourceText, s.base.targetText]);
    expect(texts(model).filter((t) => t !== null).length).toBeGreaterThan(0);
    expect(texts(read)).toEqual(texts(model));
    expect([...read.keysBySegmentId]).toEqual([...model.keysBySegmentId]);
    expect(redactedHash(read)).toBe(redactedHash(model));
  });

  it('its log digest is the one earlier builds recorded: fnv1a64 of the segments’ keys, validation ids and text lengths joined, then the nav keys', () => {
    for (const course of [storyline, generateRiseCourse({ segments: 300, targetLocale: 'fr', withBase: true }), generateStorylineCourse({ segments: 500, targetLocale: 'de' })]) {
      const { model: m } = buildTranslationModel(course);
      const joined = `${course.sourceLocale}>${course.targetLocale}@${course.version}|${m.segments.map((s) => `${s.key}${s.validationSegmentId}:${s.sourceText.length}:${s.originalTargetText.length}`).join('|')}|${m.navKeys.join('|')}`;
      expect((m as unknown as Record<symbol, string>)[LOG_DIGEST]).toBe(`model:${fnv1a64(joined)}`);
    }
  });

  it('finds a segment by its validation segment id', () => {
    const segment = model.segments[3]!;
    expect(model.keysBySegmentId.get(segment.validationSegmentId)).toBe(segment.key);
    expect(model.keysBySegmentId.size).toBe(model.segments.length);
  });

  it('plain texts are computed for html and playerJson', () => {
    const { model: m } = buildTranslationModel(
      file([
        group('sl', 'S', 'slide', [
          item('h', '<b>Fish</b> &amp; chips', '<b>Poisson</b> &amp; frites', { textType: 'html' }),
          item('p', 'x', 'y', { textType: 'playerJson', source: { blocks: [{ spans: [{ text: 'One ', style: {} }, { text: 'two', style: { bold: true } }] }, { spans: [{ text: 'three', style: {} }] }] }, target: { blocks: [] } }),
        ]),
      ]),
    );
    expect(m.segmentsByKey.get(key('sl', 'h'))!.sourceText).toBe('Fish & chips');
    expect(m.segmentsByKey.get(key('sl', 'h'))!.originalTargetText).toBe('Poisson & frites');
    expect(m.segmentsByKey.get(key('sl', 'p'))!.sourceText).toBe('One two\nthree');
  });
});

describe('Rise: sections, lessons and the course overview', () => {
  it('lessons and the course overview are nav groups; the overview is titled', () => {
    const rise = file(
      [
        group('overview', '', 'lesson', [item('o1', 'Course', 'Cours')], { meta: { type: 'lesson', courseOverview: true } }),
        group('sec', 'Section 1', 'section', [group('l1', 'Lesson 1', 'lesson', [item('x', 'a', 'b', { meta: { timedText: true, type: 'captions' } })])]),
      ],
      { product: 'rise', storylineVersion: undefined },
    );
    const { model } = buildTranslationModel(rise);
    expect(model.groups.get(key('overview'))!.title).toBe('Course overview');
    expect(model.navKeys).toEqual([key('overview'), key('sec', 'l1')]);
    expect(model.groups.get(key('sec'))!.isNav).toBe(false);
    expect(model.segmentsByKey.get(key('sec', 'l1', 'x'))!.meta.timedText).toBe(true);
    expect(model.storylineVersion).toBeNull();
  });

  it('a titled course overview keeps its title', () => {
    const { model } = buildTranslationModel(file([group('course', 'About this course', 'lesson', [item('o1', 'a', 'b')])], { product: 'rise' }));
    expect(model.groups.get(key('course'))).toMatchObject({ title: 'About this course', isNav: true });
  });
});

describe('§2 segment filters', () => {
  const { model } = buildTranslationModel(storyline);
  const seg = (...path: string[]) => model.segmentsByKey.get(key(...path))!;

  it('all passes everything', () => {
    expect(model.segments.every((s) => matchesFilter(s, undefined, 'all'))).toBe(true);
  });

  it('accepted: the change is accepted or approved', () => {
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut', 'accepted'), 'accepted')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut', 'approved'), 'accepted')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut'), 'accepted')).toBe(false);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), undefined, 'accepted')).toBe(false);
  });

  it('edited: a pending change with new text', () => {
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut'), 'edited')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Bonjour'), 'edited')).toBe(false);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut', 'accepted'), 'edited')).toBe(false);
  });

  it('changed: edited or accepted', () => {
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut'), 'changed')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), change('Salut', 'accepted'), 'changed')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), undefined, 'changed')).toBe(false);
  });

  it('added in current version: the path is not in the previous version', () => {
    expect(matchesFilter(seg('s2', 'q1', 'choice'), undefined, 'addedInCurrentVersion')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'a'), undefined, 'addedInCurrentVersion')).toBe(false);
  });

  it('changed from previous version: the source differs', () => {
    expect(matchesFilter(seg('s2', 'sl1', 'layer', 'b'), undefined, 'changedFromPreviousVersion')).toBe(true);
    expect(matchesFilter(seg('s2', 'sl1', 'c'), undefined, 'changedFromPreviousVersion')).toBe(false);
    expect(matchesFilter(seg('s2', 'q1', 'choice'), undefined, 'changedFromPreviousVersion')).toBe(false);
  });

  it('unimported from previous version: the previous version\'s validated edit that this file does not carry (the diff\'s UnimportedChange)', () => {
    const unimported = (path: string[], previous: Record<string, ValidationChange>, own?: ValidationChange) =>
      matchesFilter(seg(...path), own, 'unimportedFromPreviousVersion', undefined, previous);
    // Version 1 validated "Adieu" for c; version 2's file still has "Au revoir": not imported.
    expect(unimported(['s2', 'sl1', 'c'], { [key('s2', 'sl1', 'c')]: change('Adieu', 'accepted') })).toBe(true);
    // The files differ ("Salut" → "Au revoir") but version 1 had no edit there: changed in the authoring app, not unimported.
    expect(unimported(['s2', 'sl1', 'c'], {})).toBe(false);
    expect(matchesFilter(seg('s2', 'sl1', 'c'), undefined, 'unimportedFromPreviousVersion')).toBe(false);
    // Version 1's edit "Bonjour" is what version 2's file carries for a (its file had the same): imported.
    expect(unimported(['s2', 'sl1', 'a'], { [key('s2', 'sl1', 'a')]: change('Bonjour', 'accepted') })).toBe(false);
    // Version 1's edit of c, imported by version 2's file ("Au revoir"): not listed.
    expect(unimported(['s2', 'sl1', 'c'], { [key('s2', 'sl1', 'c')]: change('Au revoir', 'accepted') })).toBe(false);
    // Version 2 took version 1's text over by its own edit (a reset to the previous translation): no longer listed.
    expect(unimported(['s2', 'sl1', 'c'], { [key('s2', 'sl1', 'c')]: change('Adieu', 'accepted') }, change('Adieu'))).toBe(false);
    // The source changed: a changed-from-previous segment, never unimported.
    expect(unimported(['s2', 'sl1', 'layer', 'b'], { [key('s2', 'sl1', 'layer', 'b')]: change('Très bien', 'accepted') })).toBe(false);
    // A new path has no previous version.
    expect(unimported(['s2', 'q1', 'choice'], { [key('s2', 'q1', 'choice')]: change('Ouais', 'accepted') })).toBe(false);
  });
});

describe('§2 segment table rows: groups collapse and expand; a filter hides groups without matches', () => {
  const { model } = buildTranslationModel(storyline);
  const rows = (filter: SegmentFilter, collapsed: string[] = [], changes: Record<string, ValidationChange> = {}, progress: Record<string, ProgressDetail> = {}) =>
    tableRows(model, { filter, changes, collapsed: new Set(collapsed), progress });
  const brief = (r: ReturnType<typeof rows>) => r.map((row) => (row.kind === 'group' ? `${'  '.repeat(row.depth)}[${model.groups.get(row.key)!.title} ${row.segmentCount}]` : `${'  '.repeat(row.depth)}${model.segmentsByKey.get(row.key)!.id}`));

  it('shows group headers and segments in document order with depths and counts', () => {
    expect(brief(rows('all'))).toEqual([
      '[Global 4]',
      '  [Slide Template 1]',
      '    t1',
      '  [Menu 1]',
      '    m1',
      '  [Resources 1]',
      '    r1',
      '  [My glossary 1]',
      '    g1',
      '[2 Basics 6]',
      '  [Welcome 3]',
      '    a',
      '    [Feedback 1]',
      '      b',
      '    c',
      '  [Quiz 1]',
      '    choice',
      '  [2 Basics 1]',
      '    loose',
      '  [Draw 1]',
      '    d1',
    ]);
  });

  it('a collapsed group shows its header only', () => {
    const r = rows('all', [key('s2', 'sl1'), key('s1')]);
    expect(brief(r)).toEqual(['[Global 4]', '[2 Basics 6]', '  [Welcome 3]', '  [Quiz 1]', '    choice', '  [2 Basics 1]', '    loose', '  [Draw 1]', '    d1']);
    expect(r.find((row) => row.key === key('s2', 'sl1'))).toMatchObject({ kind: 'group', collapsed: true, isNav: true });
    expect(r.find((row) => row.key === key('s2', 'q1'))).toMatchObject({ collapsed: false });
  });

  it('with a filter only matching segments and the groups holding one show, counted', () => {
    const changes = { [key('s2', 'sl1', 'layer', 'b')]: change('Très bien'), [key('s1', 'menu', 'm1')]: change('Menu', 'accepted') };
    expect(brief(rows('edited', [], changes))).toEqual(['[2 Basics 1]', '  [Welcome 1]', '    [Feedback 1]', '      b']);
    expect(brief(rows('changed', [], changes))).toEqual(['[Global 1]', '  [Menu 1]', '    m1', '[2 Basics 1]', '  [Welcome 1]', '    [Feedback 1]', '      b']);
    expect(brief(rows('addedInCurrentVersion', [key('s1')]))).toEqual(['[Global 4]', '[2 Basics 3]', '  [Quiz 1]', '    choice', '  [2 Basics 1]', '    loose', '  [Draw 1]', '    d1']);
  });

  it('a filter without matches gives no rows', () => {
    expect(rows('accepted')).toEqual([]);
  });

  it('marks complete nav groups', () => {
    const r = rows('all', [], {}, { [key('s2', 'q1')]: detail });
    expect(r.find((row) => row.key === key('s2', 'q1'))).toMatchObject({ complete: true });
    expect(r.find((row) => row.key === key('s2', 'sl1'))).toMatchObject({ complete: false });
    expect(r.filter((row) => row.kind === 'group' && row.complete)).toHaveLength(1);
  });

  it('every filter is a known one', () => {
    expect(SEGMENT_FILTERS).toEqual(['all', 'accepted', 'edited', 'changed', 'addedInCurrentVersion', 'changedFromPreviousVersion', 'unimportedFromPreviousVersion', 'updatesFromPreviousVersion']);
  });
});

describe('navigation and progress', () => {
  const { model } = buildTranslationModel(storyline);

  it('previous and next step through nav groups; null at either end', () => {
    expect(adjacentNavKey(model, key('s2', 'sl1'), 1)).toBe(key('s2', 'q1'));
    expect(adjacentNavKey(model, key('s2', 'sl1'), -1)).toBe(key('s1', 'glossary'));
    expect(adjacentNavKey(model, model.navKeys[0]!, -1)).toBeNull();
    expect(adjacentNavKey(model, model.navKeys.at(-1)!, 1)).toBeNull();
    expect(adjacentNavKey(model, key('s2'), 1)).toBeNull();
  });

  it('progress counts complete nav groups over all of them; other keys do not count', () => {
    expect(progressSummary(model, {})).toEqual({ complete: 0, total: 8 });
    expect(progressSummary(model, { [key('s2', 'sl1')]: detail, [key('s2', 'q1')]: detail, [key('s2')]: detail })).toEqual({ complete: 2, total: 8 });
  });
});

describe('parsing an untrusted translation file (§8 "There was a problem loading the translation file")', () => {
  const valid = () => JSON.parse(JSON.stringify(storyline)) as Record<string, unknown> & { children: Record<string, unknown>[] };
  const firstSlide = (raw: ReturnType<typeof valid>) => ((raw.children[1]!.children as Record<string, unknown>[])[0]!.children as Record<string, unknown>[]);

  it('accepts a valid file, generated courses included', () => {
    expect(parseTranslationFile(valid())).toEqual(storyline);
    const big = generateStorylineCourse({ segments: 500, targetLocale: 'fr', withBase: true });
    expect(parseTranslationFile(JSON.parse(JSON.stringify(big)))).toEqual(big);
  });

  it('reads a missing baseChildren and report ids as empty', () => {
    const raw = valid();
    delete raw.baseChildren;
    delete raw.translationMemoryReportIds;
    const parsed = parseTranslationFile(raw);
    expect(parsed.baseChildren).toEqual([]);
    expect(parsed.translationMemoryReportIds).toEqual([]);
  });

  const rejects = (raw: unknown, message: RegExp) => {
    expect(() => parseTranslationFile(raw)).toThrow(TranslationFileError);
    expect(() => parseTranslationFile(raw)).toThrow(message);
  };

  it('rejects a file that is not an object', () => {
    rejects(null, /not a JSON object/);
    rejects([], /not a JSON object/);
    rejects('{}', /not a JSON object/);
  });

  it('rejects a missing locale, a bad version or product', () => {
    const noLocale = valid();
    delete noLocale.targetLocale;
    rejects(noLocale, /targetLocale/);
    rejects({ ...valid(), sourceLocale: '' }, /sourceLocale/);
    rejects({ ...valid(), version: 0 }, /version/);
    rejects({ ...valid(), product: 'studio' }, /product/);
    rejects({ ...valid(), children: {} }, /children must be an array/);
  });

  it('rejects a bad node type, naming where it is', () => {
    const raw = valid();
    firstSlide(raw)[0]!.type = 'text';
    rejects(raw, /children \["s2","sl1","a"\]: node type must be "item" or "group"/);
  });

  it('rejects a bad group type and a bad text type', () => {
    const raw = valid();
    (raw.children[0]!.meta as Record<string, unknown>).type = 'chapter';
    rejects(raw, /\["s1"\]: group meta.type/);
    const raw2 = valid();
    firstSlide(raw2)[0]!.textType = 'markdown';
    rejects(raw2, /textType/);
  });

  it('rejects a playerJson span without text', () => {
    const raw = valid();
    Object.assign(firstSlide(raw)[0]!, { textType: 'playerJson', source: { blocks: [{ spans: [{ text: 'ok', style: {} }] }] }, target: { blocks: [{ spans: [{ style: {} }] }] } });
    rejects(raw, /playerJson span without text at target.blocks\[0\].spans\[0\]/);
  });

  it('rejects a string text on a playerJson item and blocks on a text item', () => {
    const raw = valid();
    Object.assign(firstSlide(raw)[0]!, { textType: 'playerJson' });
    rejects(raw, /source of a playerJson item/);
    const raw2 = valid();
    Object.assign(firstSlide(raw2)[0]!, { target: { blocks: [] } });
    rejects(raw2, /target of a text item must be a string/);
  });

  it('rejects duplicate sibling ids, a missing id and a missing validationSegmentId', () => {
    const raw = valid();
    firstSlide(raw)[2]!.id = 'a';
    rejects(raw, /duplicate id "a" among siblings/);
    const raw2 = valid();
    delete firstSlide(raw2)[0]!.id;
    rejects(raw2, /\["s2","sl1","#0"\]: a node needs a non-empty string id/);
    const raw3 = valid();
    delete firstSlide(raw3)[0]!.validationSegmentId;
    rejects(raw3, /validationSegmentId/);
  });

  it('checks baseChildren too', () => {
    rejects({ ...valid(), baseChildren: [{ type: 'group', id: 'x', title: 'X', meta: { type: 'slide' } }] }, /baseChildren \["x"\]: children must be an array/);
  });
});

describe('the language map (§3; §8 "Error requesting language map from cdn")', () => {
  it('keeps entries with a display name, keys lower-cased, known fields only', () => {
    expect(parseLanguageMap({ FR: { displayName: 'French', ISO639_1: 'fr', extra: 1 }, 'zh-cn': { displayName: 'Chinese', script: 'Simplified', variant: null } })).toEqual({
      fr: { displayName: 'French', ISO639_1: 'fr' },
      'zh-cn': { displayName: 'Chinese', script: 'Simplified' },
    });
  });

  it('rejects what is not an object of entries with a displayName', () => {
    for (const raw of [null, [], 'x', { fr: 'French' }, { fr: {} }, { fr: { displayName: '' } }, { fr: { displayName: 'French', script: 3 } }]) {
      expect(() => parseLanguageMap(raw)).toThrow(TranslationFileError);
    }
  });
});

describe('generated courses (fixtures)', () => {
  const count = (model: TranslationModel) => model.segments.length;

  it('have exactly the asked number of segments and unique validation segment ids', () => {
    for (const segments of [1, 37, 2_000]) {
      const { model } = buildTranslationModel(generateStorylineCourse({ segments, targetLocale: 'de' }));
      expect(count(model)).toBe(segments);
      expect(model.keysBySegmentId.size).toBe(segments);
      expect(count(buildTranslationModel(generateRiseCourse({ segments, targetLocale: 'ja' })).model)).toBe(segments);
    }
  });

  it('a Storyline course has every group kind, its bank found, and targets that differ from sources', () => {
    const { model, problems } = buildTranslationModel(generateStorylineCourse({ segments: 300, targetLocale: 'fr', withBase: true }));
    const types = new Set([...model.groups.values()].map((g) => g.groupType));
    for (const type of ['scene', 'slide', 'layer', 'question', 'questionBank', 'template'] as const) expect(types.has(type)).toBe(true);
    expect(problems).toEqual({ notInUiGroup: null, missingQuestionBanks: [] });
    expect(model.groups.get(key('scene-1'))!.title).toBe('Global');
    expect(model.segments.every((s) => s.sourceText !== s.originalTargetText)).toBe(true);
    for (const filter of ['addedInCurrentVersion', 'changedFromPreviousVersion'] as const) {
      expect(model.segments.some((s) => matchesFilter(s, undefined, filter))).toBe(true);
    }
    // The previous version's edits, had it validated its own targets: the ones that changed since were not imported.
    const previous = Object.fromEntries(model.segments.flatMap((s) => (s.base ? [[s.key, change(s.base.targetText, 'accepted')] as const] : [])));
    expect(model.segments.some((s) => matchesFilter(s, undefined, 'unimportedFromPreviousVersion', undefined, previous))).toBe(true);
  });
});

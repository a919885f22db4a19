import { describe, expect, it, vi } from 'vitest';
import type { ValidationChange } from '../../../domain/translation.ts';
import type { TableRow, UiGroup } from '../../../domain/translationModel.ts';
import { Button, Select } from '../../kit/index.ts';
import { find, findAll, fire } from '../comments/elementTree.ts';
import { render, tags, textOf } from '../content/render.tsx';
import { BottomBarView } from './BottomBar.tsx';
import { stackSidebarEntries } from './labels.ts';
import { ProgressList } from './ProgressFlyout.tsx';
import { SegmentFilterMenu } from './SegmentFilterMenu.tsx';
import { GroupRow, SegmentRow, SegmentTable, SegmentTableEmpty, type SegmentTableProps } from './SegmentTable.tsx';
import { StackSidebar } from './StackSidebar.tsx';
import { ReopenConfirmDialogView, TranslationErrorBanner } from './TranslationDialogs.tsx';
import { bottomBarProps, segment } from './testData.ts';
import { TranslationHeader, type TranslationHeaderProps } from './TranslationHeader.tsx';
import { handlePanelKey, TranslationPanel, type PanelKeyEvent } from './TranslationPanel.tsx';

const noop = () => {};

function group(path: string[], title: string, overrides: Partial<UiGroup> = {}): UiGroup {
  const key = JSON.stringify(path);
  return {
    type: 'group',
    id: path[path.length - 1]!,
    path,
    key,
    title,
    groupType: 'slide',
    meta: { type: 'slide' },
    template: false,
    navKey: key,
    isNav: true,
    depth: path.length - 1,
    parentKey: path.length > 1 ? JSON.stringify(path.slice(0, -1)) : null,
    childKeys: [],
    segmentKeys: [],
    canFilter: true,
    ...overrides,
  };
}

function change(overrides: Partial<ValidationChange> = {}): ValidationChange {
  return {
    validationSegmentId: 'vs-a',
    status: 'pending',
    replacement: { newValue: 'Nouvelle cible' },
    proposedBy: 'u-vera',
    proposedAt: '2025-11-20T10:00:00Z',
    lastAcceptedDate: null,
    lastAcceptedBy: null,
    ...overrides,
  };
}

const scene = group(['scene1'], 'Global', { groupType: 'scene', meta: { type: 'scene' }, isNav: false, navKey: null });
const slide1 = group(['scene1', 'slide1'], 'Welcome');
const slide2 = group(['scene1', 'slide2'], 'Quiz');
const segA = segment('a');
const segB = segment('b', { textType: 'html', source: '<b>Bold</b> &amp; <script>alert(1)</script>', sourceText: 'Bold & alert(1)' });

function tableProps(overrides: Partial<SegmentTableProps> = {}): SegmentTableProps {
  const groups = new Map([scene, slide1, slide2].map((g) => [g.key, g]));
  const segments = new Map([segA, segB].map((s) => [s.key, s]));
  const rows: TableRow[] = [
    { kind: 'group', key: scene.key, depth: 0, collapsed: false, isNav: false, complete: false, segmentCount: 2 },
    { kind: 'group', key: slide1.key, depth: 1, collapsed: false, isNav: true, complete: true, segmentCount: 2 },
    { kind: 'segment', key: segA.key, depth: 2 },
    { kind: 'segment', key: segB.key, depth: 2 },
    { kind: 'group', key: slide2.key, depth: 1, collapsed: true, isNav: true, complete: false, segmentCount: 5 },
  ];
  return {
    rows,
    groupOf: (key) => groups.get(key),
    segmentOf: (key) => segments.get(key),
    changeOf: (key) => (key === segA.key ? change() : undefined),
    isEditing: () => false,
    renderEditor: () => <div className="test-editor">EDITOR</div>,
    nameOf: (userId) => (userId === 'u-vera' ? 'Vera Validator' : null),
    onToggleGroup: noop,
    onStartEdit: noop,
    activeNavKey: slide1.key,
    scrollToKey: null,
    dir: 'ltr',
    lang: 'fr',
    locked: () => false,
    completeNavKeys: new Set([slide1.key]),
    editorEnabled: true,
    filtered: false,
    onClearFilter: noop,
    ...overrides,
  };
}

/** GroupRow as a plain function (memo unwrapped) for calling handlers. */
function SegmentTableGroupRow(props: { groupKey: string; onToggle: (key: string) => void }) {
  const render = (GroupRow as unknown as { type: (p: unknown) => unknown }).type;
  return render({ title: 'Quiz', typeLabel: 'Slide', collapsed: true, segmentCount: 5, complete: false, active: false, ...props });
}

function SegmentTableSegmentRow(props: { onStartEdit: (key: string) => void }) {
  const render = (SegmentRow as unknown as { type: (p: unknown) => unknown }).type;
  return render({ segment: segA, change: undefined, editing: false, editor: null, locked: false, editorEnabled: true, editedBy: null, dir: 'ltr', lang: 'fr', sourceDir: 'ltr', ...props });
}

const rowsOf = (html: string) => [...html.matchAll(/<div[^>]*role="row"[^>]*class="translation-row[^>]*>/g)].map((m) => m[0]);

describe('segment filter (§2 segment filters)', () => {
  it('lists the seven filters with their labels and marks the active one', () => {
    const html = render(<SegmentFilterMenu value="edited" onChange={noop} />);
    const options = [...html.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)];
    expect(options.map((m) => m[2])).toEqual([
      'All',
      'Accepted',
      'Edited',
      'Changed (edited or accepted)',
      'Added in current version',
      'Changed from previous version',
      'Unimported from previous version',
    ]);
    expect(options.filter((m) => m[1]!.includes('selected')).map((m) => m[2])).toEqual(['Edited']);
    expect(html).toContain('Show segments');
  });

  it('tells the caller which filter was chosen', () => {
    const onChange = vi.fn();
    fire(find(SegmentFilterMenu({ value: 'all', onChange }), Select), 'onChange', 'accepted');
    expect(onChange).toHaveBeenCalledWith('accepted');
  });
});

describe('segment table (§2)', () => {
  it('an empty filter result says so and offers Clear filter', () => {
    const html = render(<SegmentTable {...tableProps({ rows: [], filtered: true })} />);
    expect(textOf(html)).toContain('No segments match this filter.');
    expect(textOf(html)).toContain('Clear filter');
    const onClearFilter = vi.fn();
    fire(find(SegmentTableEmpty({ filtered: true, onClearFilter }), Button, 'Clear filter'), 'onClick');
    expect(onClearFilter).toHaveBeenCalledOnce();
    expect(textOf(render(<SegmentTable {...tableProps({ rows: [], filtered: false })} />))).not.toContain('Clear filter');
  });

  it('group headers show their collapse state, type, count and Complete for complete nav groups', () => {
    const html = render(<SegmentTable {...tableProps()} />);
    const toggles = tags(html, 'button').filter((tag) => tag.includes('translation-group__toggle'));
    expect(toggles.map((tag) => /aria-expanded="(\w+)"/.exec(tag)![1])).toEqual(['true', 'true', 'false']);
    const groupCells = [...html.matchAll(/<div role="cell" aria-colspan="2" class="translation-group[^"]*"[^>]*>([\s\S]*?)<\/button>([\s\S]*?)<\/div>/g)].map(
      (m) => `${textOf(m[1]!)} | ${textOf(m[2]!)}`.trim(),
    );
    expect(groupCells).toEqual(['Global Scene 2 segments |', 'Welcome Slide 2 segments | Complete', 'Quiz Slide 5 segments |']);
    expect(rowsOf(html)).toHaveLength(5);
  });

  it('a group header click toggles that group', () => {
    const onToggleGroup = vi.fn();
    fire(find(SegmentTableGroupRow({ groupKey: slide2.key, onToggle: onToggleGroup }), 'button'), 'onClick');
    expect(onToggleGroup).toHaveBeenCalledWith(slide2.key);
  });

  it('an edited segment shows its saved value, the Edited pill and who edited; others show the original target', () => {
    const html = render(<SegmentTable {...tableProps()} />);
    const text = textOf(html);
    expect(text).toContain('Source a');
    expect(text).toContain('Nouvelle cible');
    expect(text).not.toContain('Cible a');
    expect(text).toContain('Edited Edited by Vera Validator');
    expect(text).toContain('Cible b');
  });

  it('an accepted change shows Accepted', () => {
    const html = render(<SegmentTable {...tableProps({ changeOf: (key) => (key === segA.key ? change({ status: 'accepted' }) : undefined) })} />);
    expect(textOf(html)).toContain('Accepted Edited by Vera Validator');
  });

  it('html source shows tags as chips and never as markup', () => {
    const html = render(<SegmentTable {...tableProps()} />);
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<b>/);
    expect(html).toContain('class="translation-tag"');
    expect(textOf(html)).toContain('b Bold /b & script alert(1) /script');
  });

  it('a locked segment shows the lock and cannot be started; an open one is a button', () => {
    const locked = render(<SegmentTable {...tableProps({ locked: () => true })} />);
    expect(textOf(locked)).toContain('Locked');
    expect(locked).not.toContain('role="button"');
    const open = render(<SegmentTable {...tableProps()} />);
    expect(textOf(open)).not.toContain('Locked');
    expect(open.match(/role="button"/g)).toHaveLength(2);
    expect(render(<SegmentTable {...tableProps({ editorEnabled: false })} />)).not.toContain('role="button"');
  });

  it('the target column carries dir="rtl" and lang for Arabic', () => {
    const html = render(<SegmentTable {...tableProps({ dir: 'rtl', lang: 'ar' })} />);
    const targets = [...html.matchAll(/<div[^>]*class="translation-segment__text[^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(targets).toHaveLength(2);
    for (const tag of targets) {
      expect(tag).toContain('dir="rtl"');
      expect(tag).toContain('lang="ar"');
    }
  });

  it('the row being edited shows the editor slot instead of its text', () => {
    const html = render(<SegmentTable {...tableProps({ isEditing: (key) => key === segA.key })} />);
    expect(html.match(/EDITOR/g)).toHaveLength(1);
    expect(textOf(html)).not.toContain('Nouvelle cible');
  });

  it('click or Enter on a target starts editing that segment', () => {
    const onStartEdit = vi.fn();
    const row = SegmentTableSegmentRow({ onStartEdit });
    const target = findAll(row, 'div').find((element) => String(element.props.className).includes('translation-segment__text'))!;
    expect(target.props.role).toBe('button');
    fire(target, 'onClick');
    const prevent = vi.fn();
    fire(target, 'onKeyDown', { key: 'Enter', preventDefault: prevent });
    fire(target, 'onKeyDown', { key: 'a', preventDefault: prevent });
    expect(onStartEdit.mock.calls).toEqual([[segA.key], [segA.key]]);
  });
});


describe('bottom bar (§2)', () => {
  const props = bottomBarProps;

  it('offers Mark complete on an open group and Reopen on a complete one', () => {
    const onMarkComplete = vi.fn();
    const onReopen = vi.fn();
    const open = render(<BottomBarView {...props()} />);
    expect(textOf(open)).toBe('Previous slide Slide 3 of 12 Mark complete Next slide');
    fire(find(BottomBarView(props({ onMarkComplete, onReopen })), Button, 'Mark complete'), 'onClick');
    expect(onMarkComplete).toHaveBeenCalledOnce();
    const done = render(<BottomBarView {...props({ complete: true })} />);
    expect(textOf(done)).toContain('Reopen');
    expect(textOf(done)).not.toContain('Mark complete');
    fire(find(BottomBarView(props({ complete: true, onMarkComplete, onReopen })), Button, 'Reopen'), 'onClick');
    expect(onReopen).toHaveBeenCalledOnce();
    expect(onMarkComplete).toHaveBeenCalledOnce();
  });

  it('speaks of lessons for Rise, spins while busy, and is icons with labels when compact', () => {
    expect(textOf(render(<BottomBarView {...props({ product: 'rise' })} />))).toBe('Previous lesson Lesson 3 of 12 Mark complete Next lesson');
    expect(render(<BottomBarView {...props({ busy: true })} />)).toContain('aria-busy="true"');
    const compact = render(<BottomBarView {...props({ compact: true })} />);
    expect(tags(compact, 'button').map((tag) => /aria-label="([^"]*)"/.exec(tag)?.[1])).toEqual(['Previous slide', 'Mark complete', 'Next slide']);
    expect(textOf(compact)).toBe('Slide 3 of 12');
  });

  it('disables steps at either end', () => {
    const html = render(<BottomBarView {...props({ canPrevious: false })} />);
    expect(tags(html, 'button')[0]).toContain('disabled');
    expect(tags(html, 'button')[2]).not.toContain('disabled');
  });
});

describe('stack sidebar (§2)', () => {
  const entries = stackSidebarEntries(
    [
      { itemId: 'src', title: 'Course', locale: 'en', role: 'source', progress: null },
      { itemId: 'fr1', title: 'Course', locale: 'fr', role: 'target', progress: { complete: 3, total: 12 } },
      { itemId: 'de1', title: 'Course', locale: 'de', role: 'target', progress: { complete: 0, total: 12 } },
      { itemId: 'ar1', title: 'Course', locale: 'ar', role: 'target', progress: { complete: 12, total: 12 } },
    ],
    { currentItemId: 'fr1', languageMap: { en: { displayName: 'English' }, fr: { displayName: 'French' }, de: { displayName: 'German' }, ar: { displayName: 'Arabic' } } },
  );

  it('links a source to its review page with sourceCourse=true and targets to their translate page', () => {
    const html = render(<StackSidebar entries={entries} />);
    expect(tags(html, 'a').map((tag) => /href="([^"]*)"/.exec(tag)![1])).toEqual([
      '/review/content/src/review?sourceCourse=true',
      '/review/content/fr1/translate',
      '/review/content/de1/translate',
      '/review/content/ar1/translate',
    ]);
  });

  it('shows each locale with its status text in two sections and marks the current entry', () => {
    const html = render(<StackSidebar entries={entries} />);
    expect(textOf(html)).toBe('Source language English Source Target languages French 3 of 12 complete German Not started Arabic Complete');
    const current = tags(html, 'a').filter((tag) => tag.includes('aria-current'));
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('/review/content/fr1/translate');
  });
});

describe('header (§2)', () => {
  const props = (overrides: Partial<TranslationHeaderProps> = {}): TranslationHeaderProps => ({
    sourceLocaleName: 'English',
    targetLocaleName: 'French',
    product: 'storyline',
    progress: { complete: 3, total: 12 },
    filter: 'all',
    onFilterChange: noop,
    editorEnabled: true,
    onEditorEnabledChange: noop,
    lockedVersion: null,
    latestHref: '/review/content/i1/translate',
    ...overrides,
  });

  it('shows the locales, the progress and the editor switch', () => {
    const html = render(<TranslationHeader {...props()} />);
    expect(textOf(html)).toContain('English → French');
    expect(textOf(html)).toContain('3 of 12 slides complete');
    expect(tags(html, 'button').find((tag) => tag.includes('role="switch"'))).toContain('aria-checked="true"');
    expect(textOf(render(<TranslationHeader {...props({ product: 'rise' })} />))).toContain('3 of 12 lessons complete');
  });

  it('the lock banner shows only for a previous version, linking to the latest', () => {
    expect(textOf(render(<TranslationHeader {...props()} />))).not.toContain('Editing is locked');
    const old = render(<TranslationHeader {...props({ lockedVersion: 1 })} />);
    expect(textOf(old)).toContain("You're viewing version 1. Editing is locked; open the latest version to edit.");
    expect(tags(old, 'a').some((tag) => tag.includes('href="/review/content/i1/translate"'))).toBe(true);
  });
});

describe('progress flyout (§4 group progress)', () => {
  it('checks complete groups with who and when, and goes to a chosen group', () => {
    const onGoTo = vi.fn();
    const props = {
      product: 'storyline' as const,
      summary: { complete: 1, total: 2 },
      groups: [
        { navKey: slide1.key, title: 'Welcome', complete: true, completedBy: 'Vera Validator', completedAt: '2025-11-20T10:00:00Z' },
        { navKey: slide2.key, title: 'Quiz', complete: false, completedBy: null, completedAt: null },
      ],
      activeNavKey: slide2.key,
      onGoTo,
      timeZone: 'UTC',
    };
    const html = render(<ProgressList {...props} />);
    expect(textOf(html)).toContain('1 of 2 slides complete');
    expect(textOf(html)).toContain('Welcome Completed by Vera Validator, Nov 20');
    expect(textOf(html)).toContain('Quiz Not complete');
    expect(tags(html, 'button')[1]).toContain('aria-current="true"');
    fire(find(ProgressList(props), 'button', 'Welcome'), 'onClick');
    expect(onGoTo).toHaveBeenCalledWith(slide1.key);
  });
});

describe('dialogs and banners', () => {
  it('the reopen confirmation passes the "Don\'t ask me again" box to onConfirm', () => {
    const onConfirm = vi.fn();
    const props = { open: true, product: 'storyline' as const, groupTitle: 'Welcome', onConfirm, onCancel: noop, onDontAskAgainChange: noop };
    fire(find(ReopenConfirmDialogView({ ...props, dontAskAgain: true }), Button, 'Reopen'), 'onClick');
    fire(find(ReopenConfirmDialogView({ ...props, dontAskAgain: false }), Button, 'Reopen'), 'onClick');
    expect(onConfirm.mock.calls).toEqual([[true], [false]]);
  });

  it('the error banner is an alert with a dismiss button', () => {
    const onDismiss = vi.fn();
    const html = render(<TranslationErrorBanner message="Error marking translation group complete" onDismiss={onDismiss} />);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toBe('Error marking translation group complete');
    fire(find(TranslationErrorBanner({ message: 'x', onDismiss }), 'button'), 'onClick');
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});

describe('panel (§2 loading, errors, keyboard)', () => {
  it('shows loading and the §8 loading error', () => {
    expect(textOf(render(<TranslationPanel status="loading" onPrevious={noop} onNext={noop} />))).toContain('Loading translations…');
    const error = render(<TranslationPanel status="error" errorMessage="There was a problem loading the translation file" onPrevious={noop} onNext={noop} />);
    expect(error).toContain('role="alert"');
    expect(textOf(error)).toBe('There was a problem loading the translation file');
  });

  const key = (overrides: Partial<PanelKeyEvent>) => ({
    key: 'ArrowRight',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    target: { tagName: 'DIV', isContentEditable: false, getAttribute: () => null, closest: () => null },
    ...overrides,
    preventDefault: vi.fn<() => void>(),
  });

  it('left and right arrows move between groups', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    expect(handlePanelKey(key({ key: 'ArrowLeft' }), { onPrevious, onNext })).toBe('previous');
    expect(handlePanelKey(key({ key: 'ArrowRight' }), { onPrevious, onNext })).toBe('next');
    expect(onPrevious).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('arrows from inputs, selects and the segment editor are left alone', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const targets = [
      { tagName: 'INPUT' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
      { tagName: 'SPAN', closest: (selector: string) => (selector.includes('contenteditable') ? {} : null) },
    ];
    for (const target of targets) {
      const event = key({ key: 'ArrowRight', target });
      expect(handlePanelKey(event, { onPrevious, onNext })).toBeNull();
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(handlePanelKey(key({ key: 'ArrowRight', shiftKey: true }), { onPrevious, onNext })).toBeNull();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('undo and redo shortcuts are suppressed outside inputs only', () => {
    const actions = { onPrevious: noop, onNext: noop };
    for (const event of [key({ key: 'z', ctrlKey: true }), key({ key: 'y', metaKey: true }), key({ key: 'Z', metaKey: true, shiftKey: true })]) {
      expect(handlePanelKey(event, actions)).toBe('suppressed');
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
    const inEditor = key({ key: 'z', ctrlKey: true, target: { tagName: 'DIV', isContentEditable: true } });
    expect(handlePanelKey(inEditor, actions)).toBeNull();
    expect(inEditor.preventDefault).not.toHaveBeenCalled();
  });
});

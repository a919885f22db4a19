import { describe, expect, it, vi } from 'vitest';
import type { PlayerJsonText } from '../../../../domain/translation.ts';
import { plainText } from '../../../../domain/translationEdits.ts';
import type { Segment, TableRow, UiGroup } from '../../../../domain/translationModel.ts';
import { matchesIn, searchPattern } from '../../../../domain/translationSearch.ts';
import { Button, Checkbox, TextField } from '../../../kit/index.ts';
import { find, findAll, fire } from '../../comments/elementTree.ts';
import { render, tags, textOf } from '../../content/render.tsx';
import { SegmentRow, SegmentTable, type SegmentRowProps, type SegmentTableProps } from '../SegmentTable.tsx';
import { SegmentText } from '../SegmentText.tsx';
import { segment as testSegment } from '../testData.ts';
import { TranslationPanel } from '../TranslationPanel.tsx';
import {
  AudioButton,
  AudioDrawer,
  DuplicateBanner,
  DuplicateReviewDialog,
  FindButtons,
  handleFindKey,
  ReplaceAllDialog,
  replaceAllText,
  SaveToAllButton,
  SaveToAllDialogView,
  SearchReplaceBar,
  searchCountText,
  type SearchReplaceBarProps,
} from './index.ts';

const noop = () => {};

function barProps(overrides: Partial<SearchReplaceBarProps> = {}): SearchReplaceBarProps {
  return {
    mode: 'search',
    product: 'storyline',
    term: 'chat',
    replaceValue: '',
    scope: 'all',
    slideScope: 'current',
    counts: { current: 3, total: 12, truncated: false },
    canReplace: false,
    status: 'IDLE',
    onTermChange: noop,
    onReplaceValueChange: noop,
    onScopeChange: noop,
    onSlideScopeChange: noop,
    onNext: noop,
    onPrevious: noop,
    onReplace: noop,
    onReplaceAll: noop,
    onModeChange: noop,
    onClose: noop,
    ...overrides,
  };
}

const key = (overrides: Record<string, unknown>) => ({ key: 'Enter', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, nativeEvent: { isComposing: false }, preventDefault: vi.fn(), stopPropagation: vi.fn(), ...overrides });

/** The marks of rendered html: [class, text]. */
const marksOf = (html: string) => [...html.matchAll(/<mark class="([^"]*)">([^<]*)<\/mark>/g)].map((m) => [m[1]!, m[2]!]);

describe('search / replace bar (§2, §4, §5)', () => {
  it('shows the search field, the scopes and the count; no replace row in search mode', () => {
    const html = render(<SearchReplaceBar {...barProps()} />);
    expect(html).toContain('role="search"');
    expect(textOf(html)).toContain('Find in segments');
    expect(textOf(html)).toContain('3 of 12');
    const options = [...html.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)].map((m) => m[2]);
    expect(options).toEqual(['All', 'Target', 'Source', 'Current slide', 'All slides']);
    expect(textOf(html)).not.toContain('Replace all');
    expect(textOf(render(<SearchReplaceBar {...barProps({ product: 'rise' })} />))).toContain('Current lesson');
  });

  it('Replace and Replace all are disabled unless the container says both a term and a value are there', () => {
    const off = SearchReplaceBar(barProps({ mode: 'replace', canReplace: false, replaceValue: '' }));
    expect(find(off, Button, 'Replace all').props.disabled).toBe(true);
    expect(findAll(off, Button, 'Replace').every((button) => button.props.disabled === true)).toBe(true);
    const onReplace = vi.fn();
    const onReplaceAll = vi.fn();
    const on = SearchReplaceBar(barProps({ mode: 'replace', canReplace: true, replaceValue: 'chien', onReplace, onReplaceAll }));
    const [one, all] = findAll(on, Button, 'Replace');
    expect(one!.props.disabled).toBe(false);
    expect(all!.props.disabled).toBe(false);
    fire(one!, 'onClick');
    fire(all!, 'onClick');
    expect(onReplace).toHaveBeenCalledOnce();
    expect(onReplaceAll).toHaveBeenCalledOnce();
    expect(textOf(render(<SearchReplaceBar {...barProps({ mode: 'replace' })} />))).toContain('Replace with');
  });

  it('counts: position, no results, nothing without a term, and the truncated note', () => {
    expect(searchCountText('chat', { current: 3, total: 12, truncated: false })).toBe('3 of 12');
    expect(searchCountText('chat', { current: null, total: 12, truncated: false })).toBe('12 results');
    expect(searchCountText('chat', { current: null, total: 0, truncated: false })).toBe('No results');
    expect(searchCountText('  ', { current: null, total: 0, truncated: false })).toBeNull();
    expect(searchCountText('le', { current: 1, total: 1000, truncated: true })).toBe('1 of 1,000+');
    const html = render(<SearchReplaceBar {...barProps({ term: 'le', counts: { current: 1, total: 1000, truncated: true } })} />);
    expect(textOf(html)).toContain('1,000+ results — refine your search');
    expect(textOf(render(<SearchReplaceBar {...barProps()} />))).not.toContain('refine your search');
  });

  it('previous / next are disabled without results', () => {
    const html = render(<SearchReplaceBar {...barProps({ counts: { current: null, total: 0, truncated: false } })} />);
    const steps = tags(html, 'button').filter((tag) => /aria-label="(Previous|Next) result"/.test(tag));
    expect(steps).toHaveLength(2);
    for (const tag of steps) expect(tag).toContain('disabled');
  });

  it('Enter in the field goes to the next hit, Shift+Enter to the previous, Escape closes the bar', () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const onClose = vi.fn();
    const bar = SearchReplaceBar(barProps({ onNext, onPrevious, onClose }));
    const field = find(bar, TextField);
    expect(field.props.label).toBe('Find in segments');
    const enter = key({});
    fire(field, 'onKeyDown', enter);
    fire(field, 'onKeyDown', key({ shiftKey: true }));
    fire(field, 'onKeyDown', key({ key: 'Enter', nativeEvent: { isComposing: true } }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).toHaveBeenCalledOnce();
    expect(enter.preventDefault).toHaveBeenCalled();
    const root = find(bar, 'div');
    expect(root.props.role).toBe('search');
    fire(root, 'onKeyDown', key({ key: 'Escape' }));
    fire(root, 'onKeyDown', key({ key: 'a' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('the toggle switches between search and replace and the close button closes', () => {
    const onModeChange = vi.fn();
    const onClose = vi.fn();
    const search = SearchReplaceBar(barProps({ onModeChange, onClose }));
    const toggle = findAll(search, 'button').find((b) => b.props['aria-label'] === 'Show replace')!;
    expect(toggle.props['aria-expanded']).toBe(false);
    fire(toggle, 'onClick');
    const replace = SearchReplaceBar(barProps({ mode: 'replace', onModeChange }));
    fire(findAll(replace, 'button').find((b) => b.props['aria-label'] === 'Show replace')!, 'onClick');
    expect(onModeChange.mock.calls).toEqual([['replace'], ['search']]);
    fire(findAll(search, 'button').find((b) => b.props['aria-label'] === 'Close find and replace')!, 'onClick');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the replace status: spinner, the §8 error, the count replaced', () => {
    expect(textOf(render(<SearchReplaceBar {...barProps({ status: 'IDLE' })} />))).not.toMatch(/Replac(ing|ed)/);
    expect(textOf(render(<SearchReplaceBar {...barProps({ status: 'LOADING' })} />))).toContain('Replacing…');
    const error = render(<SearchReplaceBar {...barProps({ status: 'ERROR' })} />);
    expect(error).toContain('role="alert"');
    expect(textOf(error)).toContain('Error updating replacement values');
    expect(textOf(render(<SearchReplaceBar {...barProps({ status: 'SUCCESS', replacedCount: 4 })} />))).toContain('Replaced in 4 segments');
    expect(textOf(render(<SearchReplaceBar {...barProps({ status: 'SUCCESS', replacedCount: 1 })} />))).toContain('Replaced in 1 segment');
  });

  it('Ctrl/Cmd+F opens search, Ctrl/Cmd+Shift+F find and replace; other keys are left alone', () => {
    const onFind = vi.fn();
    const ctrlF = key({ key: 'f', ctrlKey: true });
    expect(handleFindKey(ctrlF, { onFind })).toBe('search');
    expect(ctrlF.preventDefault).toHaveBeenCalled();
    expect(handleFindKey(key({ key: 'F', metaKey: true, shiftKey: true }), { onFind })).toBe('replace');
    const plain = key({ key: 'f' });
    expect(handleFindKey(plain, { onFind })).toBeNull();
    expect(plain.preventDefault).not.toHaveBeenCalled();
    expect(onFind.mock.calls).toEqual([['search'], ['replace']]);
  });

  it('the header buttons open search or find and replace and show which is open', () => {
    const onFind = vi.fn();
    const buttons = findAll(FindButtons({ active: 'search', onFind }), 'button');
    expect(buttons.map((b) => [b.props['aria-label'], b.props['aria-pressed']])).toEqual([
      ['Find', true],
      ['Find and replace', false],
    ]);
    buttons.forEach((b) => fire(b, 'onClick'));
    expect(onFind.mock.calls).toEqual([['search'], ['replace']]);
    expect(findAll(FindButtons({ active: null, onFind, canReplace: false }), 'button')).toHaveLength(1);
  });
});

describe('hit highlights (§9 the current hit light blue, the others paler)', () => {
  /** Hits as the domain finds them in the plain text. */
  const hitsIn = (text: Parameters<typeof plainText>[0], textType: Parameters<typeof plainText>[1], term: string, currentMatch: number | null) => ({
    matches: matchesIn(plainText(text, textType), searchPattern(term, 'fr')!),
    currentMatch,
  });

  it('marks plain text hits, the current one apart', () => {
    const text = 'Le chat et le Chat';
    const html = render(<SegmentText text={text} textType="text" hits={hitsIn(text, 'text', 'chat', 1)} />);
    expect(marksOf(html)).toEqual([
      ['translation-hit', 'chat'],
      ['translation-hit translation-hit--current', 'Chat'],
    ]);
    expect(textOf(html)).toBe(text);
  });

  it('html: offsets are in the plain text, across tag chips and decoded entities', () => {
    const text = '<b>Tom</b> &amp; Jerry &lt;3 &amp; <i>Tom</i>';
    const hits = hitsIn(text, 'html', 'Tom', 1);
    expect(hits.matches).toHaveLength(2);
    const html = render(<SegmentText text={text} textType="html" hits={hits} />);
    expect(marksOf(html)).toEqual([
      ['translation-hit', 'Tom'],
      ['translation-hit translation-hit--current', 'Tom'],
    ]);
    expect(html).not.toMatch(/<b>|<i>/);
    // The server renderer escapes the decoded '<' again: it is text, never markup.
    expect(textOf(html)).toBe('b Tom /b & Jerry &lt;3 & i Tom /i');
  });

  it('html: a hit crossing a tag is marked on both sides, both current', () => {
    const text = 'Le <b>grand</b> chat';
    const html = render(<SegmentText text={text} textType="html" hits={hitsIn(text, 'html', 'grand chat', 0)} />);
    expect(marksOf(html)).toEqual([
      ['translation-hit translation-hit--current', 'grand'],
      ['translation-hit translation-hit--current', ' chat'],
    ]);
  });

  it('playerJson: blocks count as joined by a line break', () => {
    const text: PlayerJsonText = { blocks: [{ spans: [{ text: 'Bonjour ' }, { text: 'chat' }] }, { spans: [{ text: 'Un chat' }] }] } as PlayerJsonText;
    const hits = hitsIn(text, 'playerJson', 'chat', 1);
    expect(hits.matches).toEqual([
      { start: 8, end: 12 },
      { start: 16, end: 20 },
    ]);
    expect(marksOf(render(<SegmentText text={text} textType="playerJson" hits={hits} />))).toEqual([
      ['translation-hit', 'chat'],
      ['translation-hit translation-hit--current', 'chat'],
    ]);
  });

  it('no hits: no marks', () => {
    expect(render(<SegmentText text="Le chat" textType="text" hits={{ matches: [], currentMatch: null }} />)).not.toContain('<mark');
  });
});

// ---- the table's tool props

const segment = (id: string, overrides: Partial<Segment> = {}) => testSegment(id, overrides, { source: 'The cat', target: 'Le chat' });

const slide: UiGroup = {
  type: 'group',
  id: 'slide1',
  path: ['scene1', 'slide1'],
  key: JSON.stringify(['scene1', 'slide1']),
  title: 'Welcome',
  groupType: 'slide',
  meta: { type: 'slide' },
  template: false,
  navKey: JSON.stringify(['scene1', 'slide1']),
  isNav: true,
  depth: 0,
  parentKey: null,
  childKeys: [],
  segmentKeys: [],
  canFilter: true,
};
const segA = segment('a');
const segB = segment('b');

function tableProps(overrides: Partial<SegmentTableProps> = {}): SegmentTableProps {
  const segments = new Map([segA, segB].map((s) => [s.key, s]));
  const rows: TableRow[] = [
    { kind: 'group', key: slide.key, depth: 0, collapsed: false, isNav: true, complete: false, segmentCount: 2 },
    { kind: 'segment', key: segA.key, depth: 1 },
    { kind: 'segment', key: segB.key, depth: 1 },
  ];
  return {
    rows,
    groupOf: (k) => (k === slide.key ? slide : undefined),
    segmentOf: (k) => segments.get(k),
    changeOf: () => undefined,
    isEditing: () => false,
    renderEditor: () => null,
    nameOf: () => null,
    onToggleGroup: noop,
    onStartEdit: noop,
    activeNavKey: slide.key,
    scrollToKey: null,
    dir: 'ltr',
    lang: 'fr',
    locked: () => false,
    completeNavKeys: new Set(),
    editorEnabled: true,
    filtered: false,
    onClearFilter: noop,
    ...overrides,
  };
}

const segmentRows = (html: string) => [...html.matchAll(/<div[^>]*role="row"[^>]*class="translation-row translation-row--segment[^"]*"[^>]*>/g)].map((m) => m[0]);

describe('segment table: hits, badges, extras', () => {
  it('marks hits in source and target and flags the current hit row with aria-current', () => {
    const html = render(
      <SegmentTable
        {...tableProps({
          hitsOf: (k) =>
            k === segA.key
              ? [
                  { field: 'source', matches: [{ start: 4, end: 7 }], currentMatch: null },
                  { field: 'target', matches: [{ start: 3, end: 7 }], currentMatch: 0 },
                ]
              : k === segB.key
                ? [{ field: 'target', matches: [{ start: 3, end: 7 }], currentMatch: null }]
                : null,
        })}
      />,
    );
    expect(marksOf(html)).toEqual([
      ['translation-hit', 'cat'],
      ['translation-hit translation-hit--current', 'chat'],
      ['translation-hit', 'chat'],
    ]);
    const rows = segmentRows(html);
    expect(rows[0]).toContain('aria-current="true"');
    expect(rows[1]).not.toContain('aria-current');
    expect(render(<SegmentTable {...tableProps()} />)).not.toContain('<mark');
  });

  it('badges: "Appears N times", low contrast and disabled-by-diff, each named and with a tooltip', () => {
    const html = render(
      <SegmentTable
        {...tableProps({
          segmentBadges: (k) => (k === segA.key ? { duplicates: 3, lowContrast: true, disabledByDiff: false } : k === segB.key ? { duplicates: 1, lowContrast: false, disabledByDiff: true } : null),
        })}
      />,
    );
    const labels = tags(html, 'span')
      .filter((tag) => tag.includes('translation-marker '))
      .map((tag) => [/translation-marker--(\w+)/.exec(tag)![1], /aria-label="([^"]*)"/.exec(tag)![1], tag.includes('tabindex="0"')]);
    expect(labels).toEqual([
      ['duplicates', 'Appears 3 times', true],
      ['lowContrast', 'Low contrast text: may be hard to read', true],
      ['disabledByDiff', 'Disabled while comparing versions', true],
    ]);
    const tips = [...html.matchAll(/<span role="tooltip"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(tips).toEqual(['Appears 3 times', 'Low contrast text: may be hard to read', 'Disabled while comparing versions']);
    // The segment disabled by the diff cannot be started; the other still can.
    expect(html.match(/role="button"/g)).toHaveLength(1);
  });

  it('renders extras under the target only where the slot returns something', () => {
    const html = render(<SegmentTable {...tableProps({ renderSegmentExtras: (k) => (k === segB.key ? <p className="test-extra">SUGGESTIONS</p> : null) })} />);
    expect(html.match(/translation-segment__extras/g)).toHaveLength(1);
    const rows = html.split('role="row"');
    expect(rows.findIndex((part) => part.includes('SUGGESTIONS'))).toBe(rows.findIndex((part) => part.includes('Le chat b')));
  });

  it('a row does not re-render for hits that are equal but freshly built (keystrokes stay on the edited row)', () => {
    const compare = (SegmentRow as unknown as { compare: (a: SegmentRowProps, b: SegmentRowProps) => boolean }).compare;
    const base: SegmentRowProps = {
      segment: segA,
      change: undefined,
      editing: false,
      editor: null,
      locked: false,
      editorEnabled: true,
      editedBy: null,
      dir: 'ltr',
      lang: 'fr',
      sourceDir: 'ltr',
      onStartEdit: noop,
      sourceHits: null,
      targetHits: { matches: [{ start: 3, end: 8 }], currentMatch: null },
      duplicates: 0,
      lowContrast: false,
      disabledByDiff: false,
      extras: null,
    };
    expect(compare(base, { ...base, targetHits: { matches: [{ start: 3, end: 8 }], currentMatch: null } })).toBe(true);
    expect(compare(base, { ...base, targetHits: { matches: [{ start: 3, end: 8 }], currentMatch: 0 } })).toBe(false);
    expect(compare(base, { ...base, duplicates: 2 })).toBe(false);
  });
});

describe('panel slots', () => {
  it('puts the toolbar between the header and the banner, and the drawer after the dialogs', () => {
    const html = render(
      <TranslationPanel
        status="ready"
        header={<i>HEADER</i>}
        toolbar={<i>TOOLBAR</i>}
        banner={<i>BANNER</i>}
        table={<i>TABLE</i>}
        dialogs={<i>DIALOGS</i>}
        drawer={<i>DRAWER</i>}
        onPrevious={noop}
        onNext={noop}
      />,
    );
    expect(textOf(html)).toBe('HEADER TOOLBAR BANNER TABLE DIALOGS DRAWER');
  });
});

describe('replace all confirmation (§2)', () => {
  it('says how many occurrences in how many segments, and that locked ones are skipped', () => {
    expect(replaceAllText({ term: 'chat', replaceValue: 'chien', occurrences: 3, segments: 2 })).toBe(
      'Replace 3 occurrences of “chat” with “chien” in 2 segments? Locked segments are skipped.',
    );
    expect(replaceAllText({ term: 'chat', replaceValue: 'chien', occurrences: 1, segments: 1 })).toBe(
      'Replace 1 occurrence of “chat” with “chien” in 1 segment? Locked segments are skipped.',
    );
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const props = { open: true, term: 'chat', replaceValue: 'chien', occurrences: 1200, segments: 40, onConfirm, onCancel };
    expect(textOf(render(<ReplaceAllDialog {...props} />))).toContain('Replace 1,200 occurrences of “chat” with “chien” in 40 segments?');
    fire(find(ReplaceAllDialog(props), Button, 'Replace all'), 'onClick');
    fire(find(ReplaceAllDialog(props), Button, 'Cancel'), 'onClick');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('duplicates (§2, §5)', () => {
  it('the banner counts the other segments and opens the review; it is hidden when off or without duplicates', () => {
    const onShowDuplicates = vi.fn();
    expect(textOf(render(<DuplicateBanner enabled count={3} onShowDuplicates={noop} />))).toBe('This text appears in 3 other segments. Show');
    expect(textOf(render(<DuplicateBanner enabled count={1} onShowDuplicates={noop} />))).toContain('This text appears in 1 other segment.');
    expect(render(<DuplicateBanner enabled={false} count={3} onShowDuplicates={noop} />)).toBe('');
    expect(render(<DuplicateBanner enabled count={0} onShowDuplicates={noop} />)).toBe('');
    fire(find(DuplicateBanner({ enabled: true, count: 2, onShowDuplicates }), Button, 'Show'), 'onClick');
    expect(onShowDuplicates).toHaveBeenCalledOnce();
  });

  it('the review dialog lists the duplicates with Go to, and the ones with other formatting', () => {
    const onGoTo = vi.fn();
    const props = {
      open: true,
      duplicates: [
        { key: 'k1', groupTitle: 'Welcome', source: 'Next', target: 'Suivant' },
        { key: 'k2', groupTitle: 'Quiz', source: 'Next', target: '' },
      ],
      differentFormatting: 2,
      dir: 'ltr' as const,
      lang: 'fr',
      onGoTo,
      onClose: noop,
    };
    const text = textOf(render(<DuplicateReviewDialog {...props} />));
    expect(text).toContain('Welcome Source: Next Target: Suivant Go to');
    expect(text).toContain('Quiz Source: Next Target: No translation Go to');
    expect(text).toContain('2 more with different formatting');
    fire(findAll(DuplicateReviewDialog(props), Button, 'Go to')[1]!, 'onClick');
    expect(onGoTo).toHaveBeenCalledWith('k2');
    expect(textOf(render(<DuplicateReviewDialog {...props} duplicates={[]} differentFormatting={0} />))).toContain('No other segment has this text.');
  });

  it('Save to all is disabled without a new value and absent when off', () => {
    expect(find(SaveToAllButton({ enabled: true, count: 2, hasNewValue: false, onClick: noop }), Button).props.disabled).toBe(true);
    expect(find(SaveToAllButton({ enabled: true, count: 2, hasNewValue: true, onClick: noop }), Button).props.disabled).toBe(false);
    expect(SaveToAllButton({ enabled: false, count: 2, hasNewValue: true, onClick: noop })).toBeNull();
  });

  it('the save-to-all dialog asks, and passes "Don\'t ask me again" to onConfirm', () => {
    const onConfirm = vi.fn();
    const onDontAskAgainChange = vi.fn();
    const props = { open: true, count: 4, onConfirm, onCancel: noop, onDontAskAgainChange };
    expect(textOf(render(<SaveToAllDialogView {...props} dontAskAgain={false} />))).toContain('Save this translation to all 4 duplicate segments?');
    fire(find(SaveToAllDialogView({ ...props, dontAskAgain: false }), Checkbox), 'onChange', true, { shiftKey: false, toggleKey: false });
    expect(onDontAskAgainChange).toHaveBeenCalledWith(true);
    fire(find(SaveToAllDialogView({ ...props, dontAskAgain: true }), Button, 'Save to all'), 'onClick');
    fire(find(SaveToAllDialogView({ ...props, dontAskAgain: false }), Button, 'Save to all'), 'onClick');
    expect(onConfirm.mock.calls).toEqual([[true], [false]]);
  });
});

describe('audio drawer (§2 audio groups)', () => {
  const groups = [
    { type: 'transcript' as const, segments: [{ key: 't1', groupTitle: 'Intro', source: 'Hello there', target: 'Bonjour' }] },
    { type: 'captions' as const, segments: [] },
    {
      type: 'script' as const,
      segments: [
        { key: 's1', groupTitle: 'Intro', source: 'Welcome', target: 'Bienvenue' },
        { key: 's2', groupTitle: 'Quiz', source: 'Ready?', target: 'Prêt ?' },
      ],
    },
  ];

  it('shows "Audio elements" with a section per type in order, empty types left out', () => {
    const html = render(<AudioDrawer open groups={groups} dir="ltr" lang="fr" onGoTo={noop} onClose={noop} />);
    expect(html).toContain('Audio elements');
    expect([...html.matchAll(/<h3[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['Script', 'Transcript']);
    expect(textOf(html)).toContain('Script 2 segments Intro Welcome Bienvenue Quiz Ready? Prêt ? Transcript 1 segment Intro Hello there Bonjour');
    expect(textOf(html)).not.toContain('Captions');
  });

  it('a segment click goes to it; no audio text shows the empty state', () => {
    const onGoTo = vi.fn();
    fire(find(AudioDrawer({ open: true, groups, dir: 'ltr', lang: 'fr', onGoTo, onClose: noop }), 'button', 'Quiz'), 'onClick');
    expect(onGoTo).toHaveBeenCalledWith('s2');
    expect(textOf(render(<AudioDrawer open groups={[{ type: 'captions', segments: [] }]} dir="ltr" lang="fr" onGoTo={noop} onClose={noop} />))).toContain(
      'This course has no audio text.',
    );
  });

  it('the button shows only with audio segments and opens the drawer', () => {
    const onClick = vi.fn();
    expect(render(<AudioButton count={0} onClick={onClick} />)).toBe('');
    expect(textOf(render(<AudioButton count={3} onClick={onClick} />))).toBe('Validate audio elements 3');
    fire(find(AudioButton({ count: 3, onClick }), 'button'), 'onClick');
    expect(onClick).toHaveBeenCalledOnce();
  });
});

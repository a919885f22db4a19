import { describe, expect, it, vi } from 'vitest';
import type { MemoryReport } from '../../../../domain/translation.ts';
import type { VersionDiff } from '../../../../domain/translationDiff.ts';
import { Button, Dialog, Select } from '../../../kit/index.ts';
import { find, findAll, fire } from '../../comments/elementTree.ts';
import { render, tags, textOf } from '../../content/render.tsx';
import { BottomBarView, type BottomBarViewProps } from '../BottomBar.tsx';
import { SegmentFilterMenu } from '../SegmentFilterMenu.tsx';
import { bottomBarProps } from '../testData.ts';
import { CourseUpdatesButton, CourseUpdatesHeader, CourseUpdatesPopover, handleCourseUpdatesKey } from './CourseUpdates.tsx';
import { MemoryReportButton, MemoryReportDialog, MemoryReportView, memoryReportViewState, type MemoryReportViewProps } from './MemoryReport.tsx';
import { ReopenSectionDialog, ResetTranslationDialog, SegmentResetButton } from './ResetDialogs.tsx';
import { diffEntries, DiffSegmentMark, TranslationDiffDialog, VersionDiffView, type VersionDiffViewProps } from './VersionDiff.tsx';

const noop = () => {};
const key = (...path: string[]) => JSON.stringify(path);

describe('course updates button and popover (§2)', () => {
  const props = { show: true, count: 4, version: 2, popoverOpen: true, onOpen: noop, onDismiss: noop };

  it('shows "Course updates (N)" only with showCourseUpdates, and the popover text while it is open', () => {
    expect(render(<CourseUpdatesButton {...props} show={false} />)).toBe('');
    const html = render(<CourseUpdatesButton {...props} />);
    expect(textOf(html)).toContain('Course updates (4)');
    expect(textOf(html)).toContain('This course was updated: 4 segments were added or changed in version 2. Review them in Course updates.');
    expect(html).toContain('role="dialog"');
    expect(textOf(render(<CourseUpdatesButton {...props} popoverOpen={false} />))).not.toContain('This course was updated');
    // In course-updates mode the hint is not needed: the button is pressed instead.
    const active = render(<CourseUpdatesButton {...props} active />);
    expect(textOf(active)).not.toContain('This course was updated');
    expect(tags(active, 'button')[0]).toContain('aria-pressed="true"');
  });

  it('the button and Review updates open course-updates mode; Dismiss and Escape dismiss', () => {
    const onOpen = vi.fn();
    const onDismiss = vi.fn();
    fire(find(CourseUpdatesButton({ ...props, onOpen, onDismiss }), Button, 'Course updates (4)'), 'onClick');
    const popover = CourseUpdatesPopover({ count: 4, version: 2, onReview: onOpen, onDismiss });
    fire(find(popover, Button, 'Review updates'), 'onClick');
    expect(onOpen).toHaveBeenCalledTimes(2);
    fire(find(popover, Button, 'Dismiss'), 'onClick');
    const stop = vi.fn();
    fire(find(popover, 'div'), 'onKeyDown', { key: 'Escape', stopPropagation: stop });
    fire(find(popover, 'div'), 'onKeyDown', { key: 'Enter', stopPropagation: stop });
    expect(onDismiss).toHaveBeenCalledTimes(2);
    expect(textOf(render(<CourseUpdatesPopover count={1} version={3} onReview={noop} onDismiss={noop} />))).toContain('1 segment was added or changed in version 3');
  });

  it('the mode header shows the update group, progress and a Close with its Escape hint', () => {
    const onClose = vi.fn();
    const headerProps = { groupTitle: 'Update 2 Welcome', position: { index: 1, total: 5 }, progress: { complete: 2, total: 5 }, onClose };
    const html = render(<CourseUpdatesHeader {...headerProps} />);
    expect(textOf(html)).toContain('Course updates');
    expect(textOf(html)).toContain('Update 2 Welcome');
    expect(textOf(html)).toContain('2 of 5 update groups complete');
    expect(textOf(html)).toContain('Esc');
    expect(tags(html, 'button')[0]).toContain('aria-keyshortcuts="Escape"');
    fire(find(CourseUpdatesHeader(headerProps), Button, 'Close'), 'onClick');
    expect(onClose).toHaveBeenCalledOnce();
    expect(textOf(render(<CourseUpdatesHeader groupTitle={null} position={null} progress={{ complete: 0, total: 0 }} onClose={noop} />))).toContain('No course updates to review.');
  });

  it('Escape closes course updates outside text entry only', () => {
    const onClose = vi.fn();
    const event = (overrides: object = {}) => ({ key: 'Escape', target: { tagName: 'DIV' }, defaultPrevented: false, preventDefault: vi.fn(), ...overrides });
    expect(handleCourseUpdatesKey(event(), onClose)).toBe(true);
    expect(handleCourseUpdatesKey(event({ target: { tagName: 'INPUT' } }), onClose)).toBe(false);
    expect(handleCourseUpdatesKey(event({ target: { tagName: 'DIV', isContentEditable: true } }), onClose)).toBe(false);
    expect(handleCourseUpdatesKey(event({ defaultPrevented: true }), onClose)).toBe(false);
    expect(handleCourseUpdatesKey(event({ key: 'a' }), onClose)).toBe(false);
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('bottom bar in course-updates mode (§2)', () => {
  const props = (overrides: Partial<BottomBarViewProps> = {}) => bottomBarProps({ position: { index: 2, total: 5 }, ...overrides });

  it('steps by update and offers Close updates', () => {
    const onCloseUpdates = vi.fn();
    const onNext = vi.fn();
    const html = render(<BottomBarView {...props({ courseUpdates: true, onCloseUpdates })} />);
    expect(textOf(html)).toBe('Previous update Update 2 of 5 Mark complete Next update Close updates');
    const bar = BottomBarView(props({ courseUpdates: true, onCloseUpdates, onNext }));
    fire(find(bar, Button, 'Close updates'), 'onClick');
    fire(find(bar, Button, 'Next update'), 'onClick');
    expect(onCloseUpdates).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();
    const compact = render(<BottomBarView {...props({ courseUpdates: true, onCloseUpdates, compact: true })} />);
    expect(tags(compact, 'button').map((tag) => /aria-label="([^"]*)"/.exec(tag)?.[1])).toEqual(['Previous update', 'Mark complete', 'Next update', 'Close updates']);
  });

  it('keeps the slide words and no Close updates outside the mode', () => {
    const html = render(<BottomBarView {...props({ onCloseUpdates: noop })} />);
    expect(textOf(html)).toBe('Previous slide Slide 2 of 5 Mark complete Next slide');
  });
});

describe('segment filter offered list (§2 updates filter)', () => {
  const labels = (html: string) => [...html.matchAll(/<option\b[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);

  it('offers the given filters only', () => {
    expect(labels(render(<SegmentFilterMenu value="all" onChange={noop} filters={['all', 'edited']} />))).toEqual(['All', 'Edited']);
  });

  it('does not offer the updates filter unless told', () => {
    expect(labels(render(<SegmentFilterMenu value="all" onChange={noop} />))).not.toContain('Updates from previous version');
  });
});

const diff: VersionDiff = {
  newPaths: [key('s1', 'slide1', 'n1')],
  removedPaths: [{ key: key('s1', 'slide9', 'r1'), source: 'Old welcome', target: 'Ancien accueil' }],
  differentSources: [{ key: key('s1', 'slide1', 'c1'), previous: 'Click next', current: 'Click Next to continue' }],
  differentTargets: [
    { key: key('s1', 'slide2', 't1'), previous: 'Bonjour à tous', current: 'Bonjour', reason: 'UnimportedChange' },
    { key: key('s1', 'slide2', 't2'), previous: 'Merci', current: 'Merci beaucoup', reason: 'ChangedInAuthoringApp' },
  ],
  affectedUIGroups: [key('s1', 'slide1'), key('s1', 'slide2')],
};
const describeSegment = (segmentKey: string) =>
  ({
    [key('s1', 'slide1', 'n1')]: { source: 'A brand new line', target: 'Une toute nouvelle ligne', groupTitle: 'Welcome' },
    [key('s1', 'slide1', 'c1')]: { source: 'Click Next to continue', target: 'Cliquez sur Suivant', groupTitle: 'Welcome' },
    [key('s1', 'slide2', 't1')]: { source: 'Hello everyone', target: 'Bonjour', groupTitle: 'Quiz' },
    [key('s1', 'slide2', 't2')]: { source: 'Thanks', target: 'Merci beaucoup', groupTitle: 'Quiz' },
  })[segmentKey];

describe('version diff view (§2, §3 Version diff)', () => {
  const props = (overrides: Partial<VersionDiffViewProps> = {}): VersionDiffViewProps => ({
    status: 'ready',
    diff,
    currentVersion: 3,
    previousVersion: 1,
    previousIsOld: false,
    versions: [
      { id: 'v1', number: 1 },
      { id: 'v2', number: 2 },
    ],
    selected: 'v1',
    onSelect: noop,
    describe: describeSegment,
    onGoTo: noop,
    onResetTranslation: noop,
    onClose: noop,
    ...overrides,
  });
  // VersionDiffView's sections are a hook-free component: expand the tree to reach their buttons.
  const tree = (overrides: Partial<VersionDiffViewProps> = {}) => VersionDiffView(props(overrides));

  it('summarises the counts against the previous version', () => {
    const text = textOf(render(<VersionDiffView {...props()} />));
    expect(text).toContain('Version 3 compared with version 1');
    expect(text).toContain('1 new 1 removed 1 source changes 2 target changes');
    expect(text).toContain('2 groups affected');
    expect(text).not.toContain('more than 30 days old');
  });

  it('warns when the previous version is more than 30 days old', () => {
    expect(textOf(render(<VersionDiffView {...props({ previousIsOld: true })} />))).toContain('Version 1 is more than 30 days old');
  });

  it('lists each section: source changes Before / After, target changes with their reason, removed segments', () => {
    const text = textOf(render(<VersionDiffView {...props()} />));
    expect(text).toContain('New segments (1)');
    expect(text).toContain('A brand new line');
    expect(text).toContain('Source changes (1)');
    expect(text).toContain('Before Click next After Click Next to continue');
    expect(text).toContain('Target changes (2)');
    expect(text).toContain('Before Bonjour à tous After Bonjour Validated change not imported');
    expect(text).toContain('Before Merci After Merci beaucoup Changed in the authoring app');
    expect(text).toContain('Removed segments (1)');
    expect(text).toContain('Old welcome');
    expect(text).toContain('Ancien accueil');
  });

  it('goes to every entry but removed ones, and offers "Use previous translation" only for an unimported change', () => {
    const onGoTo = vi.fn();
    const onResetTranslation = vi.fn();
    const buttons = findAll(tree({ onGoTo, onResetTranslation }), Button);
    const goTos = buttons.filter((button) => button.props.children === 'Go to segment');
    expect(goTos).toHaveLength(4);
    goTos.forEach((button) => fire(button, 'onClick'));
    expect(onGoTo.mock.calls.map(([k]) => k)).toEqual([key('s1', 'slide1', 'n1'), key('s1', 'slide1', 'c1'), key('s1', 'slide2', 't1'), key('s1', 'slide2', 't2')]);
    const resets = buttons.filter((button) => button.props.children === 'Use previous translation');
    expect(resets).toHaveLength(1);
    fire(resets[0]!, 'onClick');
    expect(onResetTranslation).toHaveBeenCalledWith(key('s1', 'slide2', 't1'));
  });

  it('says when there is no difference', () => {
    const empty: VersionDiff = { newPaths: [], removedPaths: [], differentSources: [], differentTargets: [], affectedUIGroups: [] };
    const text = textOf(render(<VersionDiffView {...props({ diff: empty, previousVersion: 2, selected: 'v2' })} />));
    expect(text).toContain('No differences between version 2 and this version.');
    expect(text).toContain('0 new 0 removed 0 source changes 0 target changes');
  });

  it('picks the version compared with', () => {
    const onSelect = vi.fn();
    const html = render(<VersionDiffView {...props()} />);
    expect([...html.matchAll(/<option\b[^>]*>([^<]*)<\/option>/g)].map((m) => m[1])).toEqual(['Version 1', 'Version 2']);
    fire(find(tree({ onSelect }), Select), 'onChange', 'v2');
    expect(onSelect).toHaveBeenCalledWith('v2');
  });

  it('shows loading and the error text with a retry', () => {
    expect(textOf(render(<VersionDiffView {...props({ status: 'loading', diff: null })} />))).toContain('Comparing versions…');
    const onRetry = vi.fn();
    const error = render(<VersionDiffView {...props({ status: 'error', diff: null, errorText: 'There was a problem loading the previous translation file', onRetry })} />);
    expect(error).toContain('role="alert"');
    expect(textOf(error)).toContain('There was a problem loading the previous translation file');
    fire(find(tree({ status: 'error', diff: null, errorText: 'x', onRetry }), Button, 'Try again'), 'onClick');
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('closes', () => {
    const onClose = vi.fn();
    fire(find(tree({ onClose }), 'button'), 'onClick');
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('translation diff dialog (§2)', () => {
  const entries = diffEntries(diff, describeSegment);

  it('orders the paths new, source, target, removed with what is known of each', () => {
    expect(entries.map((entry) => entry.kind)).toEqual(['new', 'source', 'target', 'target', 'removed']);
    expect(entries[2]).toMatchObject({ source: { before: null, after: 'Hello everyone' }, target: { before: 'Bonjour à tous', after: 'Bonjour' }, reason: 'UnimportedChange', groupTitle: 'Quiz' });
    expect(entries[4]).toMatchObject({ source: { before: 'Old welcome', after: null }, target: { before: 'Ancien accueil', after: null } });
  });

  it("shows one path's before and after and steps to the previous and next", () => {
    const onPrev = vi.fn();
    const onNext = vi.fn();
    const onGoTo = vi.fn();
    const props = { entry: entries[1]!, index: 2, total: entries.length, previousVersion: 1, onPrev, onNext, onClose: noop, onGoTo };
    const text = textOf(render(<TranslationDiffDialog {...props} />));
    expect(text).toContain('Segment changed');
    expect(text).toContain('Difference 2 of 5');
    expect(text).toContain('Before Click next After Click Next to continue');
    expect(text).toContain('Cliquez sur Suivant');
    const dialog = find(TranslationDiffDialog(props), Dialog);
    fire(find(dialog.props.footer, Button, 'Previous difference'), 'onClick');
    fire(find(dialog.props.footer, Button, 'Next difference'), 'onClick');
    fire(find(dialog.props.footer, Button, 'Go to segment'), 'onClick');
    expect(onPrev).toHaveBeenCalledOnce();
    expect(onNext).toHaveBeenCalledOnce();
    expect(onGoTo).toHaveBeenCalledWith(key('s1', 'slide1', 'c1'));
  });

  it('a removed path cannot be gone to; no entry means closed', () => {
    const removed = find(TranslationDiffDialog({ entry: entries[4]!, index: 5, total: 5, previousVersion: 1, onPrev: noop, onNext: noop, onClose: noop, onGoTo: noop }), Dialog);
    expect(findAll(removed.props.footer, Button, 'Go to segment')).toHaveLength(0);
    expect(textOf(render(<TranslationDiffDialog entry={entries[4]!} index={5} total={5} previousVersion={1} onPrev={noop} onNext={noop} onClose={noop} />))).toContain(
      'This segment is not in this version.',
    );
    expect(find(TranslationDiffDialog({ entry: null, index: 0, total: 0, previousVersion: 1, onPrev: noop, onNext: noop, onClose: noop }), Dialog).props.open).toBe(false);
  });

  it('row marks say what changed', () => {
    expect(textOf(render(<DiffSegmentMark kind="changed" version={1} />))).toBe('Changed since version 1');
    expect(textOf(render(<DiffSegmentMark kind="new" version={1} />))).toBe('New in this version');
    expect(textOf(render(<DiffSegmentMark kind="disabled" version={1} />))).toBe('Disabled while comparing versions');
  });
});

describe('reset and reopen dialogs (§2)', () => {
  it('reset says what the segment goes back to, and confirms or cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const previous = render(<ResetTranslationDialog open resetTo="previousVersion" previousVersion={1} resetText="Bonjour à tous" onConfirm={noop} onCancel={noop} />);
    expect(textOf(previous)).toContain("Reset this translation? The segment goes back to version 1's translation; your edit is discarded.");
    expect(textOf(previous)).toContain('Bonjour à tous');
    expect(textOf(render(<ResetTranslationDialog open resetTo="imported" onConfirm={noop} onCancel={noop} />))).toContain(
      'The segment goes back to the imported translation; your edit is discarded.',
    );
    const dialog = find(ResetTranslationDialog({ open: true, resetTo: 'imported', onConfirm, onCancel }), Dialog);
    fire(find(dialog.props.footer, Button, 'Reset'), 'onClick');
    fire(find(dialog.props.footer, Button, 'Cancel'), 'onClick');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('reopen asks before changing a segment of a complete slide or lesson', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    expect(textOf(render(<ReopenSectionDialog open product="storyline" onConfirm={noop} onCancel={noop} />))).toContain('This slide is marked complete. Reopen it to change this segment?');
    expect(textOf(render(<ReopenSectionDialog open product="rise" onConfirm={noop} onCancel={noop} />))).toContain('This lesson is marked complete. Reopen it to change this segment?');
    const dialog = find(ReopenSectionDialog({ open: true, product: 'storyline', onConfirm, onCancel }), Dialog);
    fire(find(dialog.props.footer, Button, 'Reopen'), 'onClick');
    fire(find(dialog.props.footer, Button, 'Cancel'), 'onClick');
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('the row Reset button asks for a reset without starting an edit, and carries its tooltip', () => {
    const onReset = vi.fn();
    const html = render(<SegmentResetButton resetTo="imported" onReset={noop} />);
    expect(textOf(html)).toContain('Reset');
    expect(html).toContain('Reset to the imported translation');
    expect(tags(html, 'button')[0]).toContain('aria-describedby');
    const button = find((SegmentResetButton({ resetTo: 'imported', onReset }).props as { children: (id: string) => unknown }).children('tip'), Button);
    const stopPropagation = vi.fn();
    fire(button, 'onClick', { stopPropagation });
    expect(onReset).toHaveBeenCalledOnce();
    expect(stopPropagation).toHaveBeenCalledOnce();
  });
});

function report(overrides: Partial<MemoryReport> = {}): MemoryReport {
  return {
    id: 'r1',
    validationId: 'val-1',
    status: 'completed',
    sourceLanguage: 'en',
    targetLanguage: 'fr',
    formality: 'formal',
    message: null,
    requestedAt: '2025-11-20T09:00:00Z',
    completedAt: '2025-11-20T09:01:00Z',
    reportItems: [
      {
        path: key('s1', 'slide1', 'a'),
        inputSegment: 'Welcome to the course',
        memoryHits: [
          { metricValue: 0.81, similarSegment: 'Welcome to this course', origin: 'Safety basics (fr)', translations: ['Bienvenue dans ce cours'] },
          { metricValue: 0.926, similarSegment: 'Welcome to the course!', origin: 'Onboarding (fr)', translations: ['Bienvenue dans le cours !', 'Bienvenue au cours !'] },
        ],
      },
      { path: key('s1', 'slide2', 'b'), inputSegment: 'Click Next', memoryHits: [{ metricValue: 0.75, similarSegment: 'Click next', origin: 'Onboarding (fr)', translations: [] }] },
    ],
    ...overrides,
  };
}

describe('translation memory report (§2, §3, §4, §8)', () => {
  const props = (overrides: Partial<MemoryReportViewProps> = {}): MemoryReportViewProps => ({
    report: report(),
    fetching: 'fetched',
    canRequest: true,
    openItemPath: null,
    languageName: (tag) => ({ en: 'English', fr: 'French' })[tag] ?? tag,
    timeZone: 'UTC',
    onRequest: noop,
    onRefresh: noop,
    onOpenItem: noop,
    onCloseItem: noop,
    onGoTo: noop,
    ...overrides,
  });
  const view = (overrides: Partial<MemoryReportViewProps> = {}) => textOf(render(<MemoryReportView {...props(overrides)} />));

  it('derives its state from the report and the fetching state', () => {
    expect(memoryReportViewState(null, 'init')).toBe('loading');
    expect(memoryReportViewState(null, 'fetching')).toBe('loading');
    expect(memoryReportViewState(null, 'fetched')).toBe('none');
    expect(memoryReportViewState(report(), 'error')).toBe('error');
    expect(memoryReportViewState(report({ status: 'requested' }), 'fetched')).toBe('processing');
    expect(memoryReportViewState(report({ status: 'processing' }), 'fetching')).toBe('processing');
    expect(memoryReportViewState(report({ status: 'rejected' }), 'fetched')).toBe('rejected');
  });

  it('loading and fetch error', () => {
    expect(view({ report: null, fetching: 'fetching' })).toContain('Loading translation memory report…');
    const onRefresh = vi.fn();
    expect(view({ report: null, fetching: 'error' })).toContain('Error fetching translation memory report');
    expect(view({ report: null, fetching: 'error', errorText: 'There was a problem loading the translation memory report' })).toContain(
      'There was a problem loading the translation memory report',
    );
    fire(find(MemoryReportView(props({ report: null, fetching: 'error', onRefresh })), Button, 'Try again'), 'onClick');
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('none: says so, with Request report when the user may request', () => {
    const onRequest = vi.fn();
    expect(view({ report: null })).toContain('No translation memory report for this variant. Request report');
    expect(view({ report: null, canRequest: false })).not.toContain('Request report');
    fire(find(MemoryReportView(props({ report: null, onRequest })), Button, 'Request report'), 'onClick');
    expect(onRequest).toHaveBeenCalledOnce();
  });

  it('requested or processing: try again in a few minutes, with Check again', () => {
    const onRefresh = vi.fn();
    for (const status of ['requested', 'processing'] as const) {
      expect(view({ report: report({ status, completedAt: null, reportItems: [] }) })).toContain(
        'The translation memory report is still being processed. Please try again in a few minutes.',
      );
    }
    fire(find(MemoryReportView(props({ report: report({ status: 'processing' }), onRefresh })), Button, 'Check again'), 'onClick');
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('rejected: the failed-report text with the server message, else the default', () => {
    expect(view({ report: report({ status: 'rejected', message: 'Source language not supported' }) })).toContain(
      'The Translation memory Report failed for this variant with the following message: Source language not supported',
    );
    const html = render(<MemoryReportView {...props({ report: report({ status: 'rejected', message: null }) })} />);
    expect(textOf(html)).toContain('The Translation memory Report failed for this variant with the following message: The report could not be computed.');
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain('Request a new report');
  });

  it('completed: header and the segments with their best hit and hit count', () => {
    const text = view();
    expect(text).toContain('English → French');
    expect(text).toContain('Formality: formal');
    expect(text).toContain('Completed Nov 20');
    expect(text).toContain('2 segments with memory hits');
    expect(text).toContain('Welcome to the course Best hit 93% 2 hits');
    expect(text).toContain('Click Next Best hit 75% 1 hit');
    const onOpenItem = vi.fn();
    fire(find(MemoryReportView(props({ onOpenItem })), 'button', 'Click Next'), 'onClick');
    expect(onOpenItem).toHaveBeenCalledWith(key('s1', 'slide2', 'b'));
  });

  it('the segment view lists the hits best first with percent, similar segment, origin and translations; Back and Go to', () => {
    const path = key('s1', 'slide1', 'a');
    const text = view({ openItemPath: path });
    expect(text).toContain('Segment Welcome to the course');
    expect(text.indexOf('93% similar')).toBeLessThan(text.indexOf('81% similar'));
    expect(text).toContain('93% similar From Onboarding (fr) Similar segment Welcome to the course! Translations Bienvenue dans le cours ! Bienvenue au cours !');
    expect(text).toContain('81% similar From Safety basics (fr)');
    expect(view({ openItemPath: key('s1', 'slide2', 'b') })).toContain('No validated translation.');
    const onCloseItem = vi.fn();
    const onGoTo = vi.fn();
    const segmentView = MemoryReportView(props({ openItemPath: path, onCloseItem, onGoTo }));
    fire(find(segmentView, Button, 'Back to the report'), 'onClick');
    fire(find(segmentView, Button, 'Go to segment'), 'onClick');
    expect(onCloseItem).toHaveBeenCalledOnce();
    expect(onGoTo).toHaveBeenCalledWith(path);
    expect(view({ openItemPath: 'gone' })).toContain('This segment is no longer in the report.');
  });

  it('the dialog holds the view and closes; the header button follows the flag', () => {
    const onClose = vi.fn();
    const html = render(<MemoryReportDialog {...props()} open onClose={onClose} />);
    expect(textOf(html)).toContain('Translation memory report');
    expect(textOf(html)).toContain('2 segments with memory hits');
    fire(find(MemoryReportDialog({ ...props(), open: true, onClose }), Dialog), 'onClose');
    expect(onClose).toHaveBeenCalledOnce();
    expect(render(<MemoryReportButton enabled={false} onClick={noop} />)).toBe('');
    const onClick = vi.fn();
    fire(find(MemoryReportButton({ enabled: true, onClick }), Button, 'Translation memory report'), 'onClick');
    expect(onClick).toHaveBeenCalledOnce();
  });
});

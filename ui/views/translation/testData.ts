/** Fixtures of the translate tab's view tests (tests only): a segment of scene 1 / slide 1 and the bottom bar's props. */
import type { Segment } from '../../../domain/translationModel.ts';
import type { BottomBarViewProps } from './BottomBar.tsx';

const noop = () => {};

/** A text segment `id` of scene1 / slide1; its source and original target read `<source> <id>` and `<target> <id>`. */
export function segment(id: string, overrides: Partial<Segment> = {}, words: { source: string; target: string } = { source: 'Source', target: 'Cible' }): Segment {
  const path = ['scene1', 'slide1', id];
  const source = `${words.source} ${id}`;
  const target = `${words.target} ${id}`;
  return {
    type: 'item',
    id,
    path,
    key: JSON.stringify(path),
    navPath: ['scene1', 'slide1'],
    navKey: JSON.stringify(['scene1', 'slide1']),
    textType: 'text',
    source,
    originalTarget: target,
    sourceText: source,
    originalTargetText: target,
    validationSegmentId: `vs-${id}`,
    meta: {},
    livePreviewData: null,
    template: false,
    uiGroups: [JSON.stringify(['scene1']), JSON.stringify(['scene1', 'slide1'])],
    base: null,
    ...overrides,
  };
}

/** The bottom bar of an open Storyline slide, 3 of 12, that may be marked complete. */
export const bottomBarProps = (overrides: Partial<BottomBarViewProps> = {}): BottomBarViewProps => ({
  product: 'storyline',
  position: { index: 3, total: 12 },
  canPrevious: true,
  canNext: true,
  onPrevious: noop,
  onNext: noop,
  complete: false,
  canChangeProgress: true,
  busy: false,
  onMarkComplete: noop,
  onReopen: noop,
  compact: false,
  ...overrides,
});

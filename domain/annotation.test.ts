import { describe, expect, it } from 'vitest';
import {
  annotationDataOf,
  canvasSizeFor,
  denormaliseShape,
  hexWithAlpha,
  isEmptyText,
  normaliseShape,
  opacityFor,
  parseColor,
  parseOpacity,
  parseStrokeWidth,
  prefsFrom,
  rectFromDrag,
  textWidth,
  type AnnotationShape,
} from './annotation.ts';

describe('colour parsing (hex with 3, 4 or 6 digits)', () => {
  it.each([
    ['#f00', '#ff0000'],
    ['F00', '#ff0000'],
    ['#f008', '#ff000088'],
    ['#1A2b3C', '#1a2b3c'],
    ['  #abc ', '#aabbcc'],
    ['#ff', null],
    ['#fffff', null],
    ['#1234567', null],
    ['#12345678', null],
    ['#ggg', null],
    ['red', null],
    ['', null],
  ])('%j → %j', (input, expected) => {
    expect(parseColor(input)).toBe(expected);
  });
});

describe('stroke width (presets 2, 4, 6, 12, 16; custom 2–99)', () => {
  it.each([
    [2, 2],
    [4, 4],
    [16, 16],
    [99, 99],
    ['37', 37],
    [1, null],
    [100, null],
    [4.5, null],
    ['', null],
    ['abc', null],
  ])('%j → %j', (input, expected) => {
    expect(parseStrokeWidth(input)).toBe(expected);
  });
});

describe('opacity (0–1 step 0.1; highlight fixed 0.3)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [0.5, 0.5],
    [0.34, 0.3],
    [0.36, 0.4],
    ['0.7', 0.7],
    [-0.1, null],
    [1.1, null],
    [Number.NaN, null],
  ])('%j → %j', (input, expected) => {
    expect(parseOpacity(input)).toBe(expected);
  });

  it('a highlight always draws at 0.3, other shapes at their opacity', () => {
    expect(opacityFor('highlight', 1)).toBe(0.3);
    expect(opacityFor('highlight', 0.1)).toBe(0.3);
    expect(opacityFor('draw', 0.6)).toBe(0.6);
  });
});

describe('rectangle minimum 10 × 10 and text box width', () => {
  it.each([
    [[0, 0, 40, 30], { x: 0, y: 0, w: 40, h: 30 }],
    [[40, 30, 0, 0], { x: 0, y: 0, w: 40, h: 30 }],
    [[5, 5, 8, 7], { x: 5, y: 5, w: 10, h: 10 }],
    [[50, 50, 45, 100], { x: 40, y: 50, w: 10, h: 50 }],
  ])('drag %j → %j', (drag, expected) => {
    const [x0, y0, x1, y1] = drag as [number, number, number, number];
    expect(rectFromDrag(x0, y0, x1, y1)).toEqual(expected);
  });

  it.each([
    [undefined, 200],
    [Number.NaN, 200],
    [10, 50],
    [50, 50],
    [320, 320],
  ])('text width %j → %j', (input, expected) => {
    expect(textWidth(input)).toBe(expected);
  });

  it('empty or blank text is empty', () => {
    expect(isEmptyText('')).toBe(true);
    expect(isEmptyText('   \n')).toBe(true);
    expect(isEmptyText(undefined)).toBe(true);
    expect(isEmptyText('Fix this')).toBe(false);
  });
});

describe('canvas size (default height 360, width at most half the window)', () => {
  it.each([
    [{ width: 1280, height: 720 }, 2000, { width: 640, height: 360 }],
    [{ width: 1280, height: 720 }, 1000, { width: 500, height: 281 }],
    [{ width: 400, height: 800 }, 1000, { width: 180, height: 360 }],
    [{ width: 0, height: 0 }, 2000, { width: 640, height: 360 }],
  ])('%j in a %j px window → %j', (image, windowWidth, expected) => {
    expect(canvasSizeFor(image, windowWidth)).toEqual(expected);
  });
});

describe('normalised coordinates round trip', () => {
  const size = { width: 640, height: 360 };
  const shapes: AnnotationShape[] = [
    { id: 's1', kind: 'draw', color: '#ff0000', opacity: 1, width: 4, points: [10, 20, 320, 180, 639, 359] },
    { id: 's2', kind: 'rect', color: '#00ff00', opacity: 0.5, width: 2, x: 64, y: 36, w: 128, h: 72 },
    { id: 's3', kind: 'text', color: '#0000ff', opacity: 1, width: 4, x: 100, y: 90, w: 200, text: 'Here' },
  ];

  it.each(shapes)('$kind is kept in 0..1 of the snapshot and comes back unchanged', (shape) => {
    const normal = normaliseShape(shape, size);
    for (const v of [...(normal.points ?? []), normal.x ?? 0, normal.y ?? 0, normal.w ?? 0, normal.h ?? 0]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    const back = denormaliseShape(normal, size);
    expect(back.points?.map((v) => Math.round(v * 1e6) / 1e6)).toEqual(shape.points);
    for (const key of ['x', 'y', 'w', 'h'] as const) expect(back[key] === undefined ? undefined : Math.round(back[key] * 1e6) / 1e6).toEqual(shape[key]);
  });

  it('redraws at another size in proportion', () => {
    const normal = normaliseShape(shapes[1]!, size);
    expect(denormaliseShape(normal, { width: 1280, height: 720 })).toMatchObject({ x: 128, y: 72, w: 256, h: 144 });
  });
});

describe('annotation data (tool counts, colours, strokes, dialog id)', () => {
  it('counts tools and groups strokes by colour with alpha and width', () => {
    const data = annotationDataOf(
      [
        { id: 's1', kind: 'draw', color: '#ff0000', opacity: 1, width: 4, points: [0, 0, 1, 1] },
        { id: 's2', kind: 'draw', color: '#ff0000', opacity: 1, width: 4, points: [0, 0, 1, 1] },
        { id: 's3', kind: 'highlight', color: '#ffff00', opacity: 1, width: 16, points: [0, 0, 1, 1] },
      ],
      'd-1',
    );
    expect(data.tool_counts).toEqual({ draw: 2, highlight: 1, line: 0, rect: 0, text: 0 });
    expect(data.strokes).toEqual([
      { count: 2, color: '#ff0000ff', stroke_width: 4 },
      { count: 1, color: '#ffff004d', stroke_width: 16 },
    ]);
    expect(data.colors).toEqual(['#ff0000ff', '#ffff004d']);
    expect(data.dialog_id).toBe('d-1');
    expect(hexWithAlpha('#00f', 0)).toBe('#0000ff00');
  });
});

describe('persisted prefs', () => {
  it('keeps valid fields and replaces the wrong ones with defaults', () => {
    expect(prefsFrom({ tool: 'rect', color: '#0f0', opacity: 0.5, width: 12 })).toEqual({ tool: 'rect', color: '#00ff00', opacity: 0.5, width: 12 });
    expect(prefsFrom({ tool: 'lasso', color: 'blue', opacity: 3, width: 1 })).toEqual({ tool: 'draw', color: '#e53935', opacity: 1, width: 4 });
    expect(prefsFrom(null).tool).toBe('draw');
  });
});

/**
 * Screenshot annotation (review-and-content §3 Canvas shapes and annotation data, §4 Canvas tools, §5 Canvas rules,
 * §9 snapshot scale and canvas size): the shapes as data, the tool settings' rules, and the conversions between the
 * canvas's pixels and the snapshot-normalised coordinates the shapes are kept in.
 */

/** The canvas tools that make or move shapes (colour, stroke width, opacity and clear are settings and commands). */
export type AnnotationTool = 'move' | 'draw' | 'highlight' | 'line' | 'rect' | 'text';
export const ANNOTATION_TOOLS: readonly AnnotationTool[] = ['move', 'draw', 'highlight', 'line', 'rect', 'text'];

export type ShapeKind = Exclude<AnnotationTool, 'move'>;

/**
 * One shape, with coordinates normalised to the snapshot (0..1 of its width for x, of its height for y), so it
 * redraws at any size. `draw`, `highlight` and `line` have `points` ([x0, y0, x1, y1, …]; a line has two points);
 * `rect` has `x`, `y`, `w`, `h`; `text` has `x`, `y`, `w` (its box's width) and `text`. `color` is `#rrggbb`
 * (or `#rrggbbaa`); `opacity` 0..1 (a highlight is always 0.3); `width` the stroke width in canvas pixels
 * (2–99; a text's font size follows it).
 */
export type AnnotationShape = {
  id: string;
  kind: ShapeKind;
  color: string;
  opacity: number;
  width: number;
  points?: number[];
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  text?: string;
};

/** What the dialog hands back on "Save annotation": the flattened PNG (pixel ratio 2), its size, and the shapes. */
export interface AnnotationResult {
  png: Blob;
  /** The PNG's size in pixels (twice the canvas's). */
  width: number;
  height: number;
  shapes: AnnotationShape[];
}

/** The tool settings that persist between dialogs (§4: tool, colour, opacity and stroke width). */
export interface AnnotationPrefs {
  tool: AnnotationTool;
  color: string;
  opacity: number;
  width: number;
}

export const STROKE_WIDTH_PRESETS: readonly number[] = [2, 4, 6, 12, 16];
export const STROKE_WIDTH_MIN = 2;
export const STROKE_WIDTH_MAX = 99;
export const OPACITY_STEP = 0.1;
export const HIGHLIGHT_OPACITY = 0.3;
export const RECT_MIN_SIZE = 10;
export const TEXT_MIN_WIDTH = 50;
export const TEXT_DEFAULT_WIDTH = 200;
/** §9 snapshot export scale: the flattened PNG has twice the canvas's pixels. */
export const SNAPSHOT_PIXEL_RATIO = 2;
/** §9 the annotation canvas's default height; its width is at most half the window. */
export const CANVAS_DEFAULT_HEIGHT = 360;

export const DEFAULT_PREFS: AnnotationPrefs = { tool: 'draw', color: '#e53935', opacity: 1, width: 4 };

/**
 * A colour as typed (hex with 3, 4 or 6 digits, the `#` optional) as `#rrggbb` or `#rrggbbaa` in lower case;
 * null when it is not one.
 */
export function parseColor(input: string): string | null {
  const match = /^#?([0-9a-f]{3,4}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!match) return null;
  const digits = (match[1] ?? '').toLowerCase();
  const full = digits.length === 6 ? digits : [...digits].map((d) => d + d).join('');
  return `#${full}`;
}

/** A stroke width as chosen: a whole number 2–99 (the presets are 2, 4, 6, 12, 16); null otherwise. */
export function parseStrokeWidth(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < STROKE_WIDTH_MIN || n > STROKE_WIDTH_MAX) return null;
  return n;
}

/** An opacity 0–1 on the 0.1 step (rounded to it); null when it is not a number in range. */
export function parseOpacity(value: number | string): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) return null;
  return Math.round(n / OPACITY_STEP) / 10;
}

/** The opacity a shape of this kind draws with: a highlight's is fixed at 0.3. */
export function opacityFor(kind: ShapeKind, opacity: number): number {
  return kind === 'highlight' ? HIGHLIGHT_OPACITY : opacity;
}

/** Prefs as read back from storage, each field checked; anything missing or wrong falls back to the default. */
export function prefsFrom(stored: unknown): AnnotationPrefs {
  const r = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const tool = ANNOTATION_TOOLS.find((x) => x === r.tool) ?? DEFAULT_PREFS.tool;
  const color = typeof r.color === 'string' ? (parseColor(r.color) ?? DEFAULT_PREFS.color) : DEFAULT_PREFS.color;
  const opacity = typeof r.opacity === 'number' ? (parseOpacity(r.opacity) ?? DEFAULT_PREFS.opacity) : DEFAULT_PREFS.opacity;
  const width = typeof r.width === 'number' ? (parseStrokeWidth(r.width) ?? DEFAULT_PREFS.width) : DEFAULT_PREFS.width;
  return { tool, color, opacity, width };
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The canvas's size for a snapshot (§9): the default height 360 at the snapshot's aspect, but at most half the
 * window wide (then as high as the aspect allows). Whole pixels, at least 1.
 */
export function canvasSizeFor(image: Size, windowWidth: number): Size {
  const aspect = image.width > 0 && image.height > 0 ? image.width / image.height : 16 / 9;
  const maxWidth = Math.max(1, Math.floor(windowWidth / 2));
  let height = CANVAS_DEFAULT_HEIGHT;
  let width = Math.round(height * aspect);
  if (width > maxWidth) {
    width = maxWidth;
    height = Math.max(1, Math.round(width / aspect));
  }
  return { width, height };
}

/** A rectangle in canvas pixels from a drag (any direction), at least 10 × 10. */
export function rectFromDrag(x0: number, y0: number, x1: number, y1: number): { x: number; y: number; w: number; h: number } {
  const w = Math.max(RECT_MIN_SIZE, Math.abs(x1 - x0));
  const h = Math.max(RECT_MIN_SIZE, Math.abs(y1 - y0));
  return { x: x1 >= x0 ? x0 : x0 - w, y: y1 >= y0 ? y0 : y0 - h, w, h };
}

/** A text box's width in canvas pixels: at least 50; a missing or unusable width is the default 200. */
export function textWidth(width: number | undefined): number {
  if (width === undefined || !Number.isFinite(width)) return TEXT_DEFAULT_WIDTH;
  return Math.max(TEXT_MIN_WIDTH, width);
}

/** Whether a text shape is empty (removed when its editor loses focus). */
export const isEmptyText = (text: string | undefined) => (text ?? '').trim() === '';

/** A shape in canvas pixels (same fields, un-normalised). */
export type PixelShape = AnnotationShape;

/** A shape in canvas pixels → normalised to the snapshot (0..1). */
export function normaliseShape(shape: PixelShape, size: Size): AnnotationShape {
  return mapCoords(shape, (v) => v / size.width, (v) => v / size.height);
}

/** A normalised shape → canvas pixels at this size. */
export function denormaliseShape(shape: AnnotationShape, size: Size): PixelShape {
  return mapCoords(shape, (v) => v * size.width, (v) => v * size.height);
}

function mapCoords(shape: AnnotationShape, fx: (v: number) => number, fy: (v: number) => number): AnnotationShape {
  const out: AnnotationShape = { ...shape };
  if (shape.points) out.points = shape.points.map((v, i) => (i % 2 === 0 ? fx(v) : fy(v)));
  if (shape.x !== undefined) out.x = fx(shape.x);
  if (shape.y !== undefined) out.y = fy(shape.y);
  if (shape.w !== undefined) out.w = fx(shape.w);
  if (shape.h !== undefined) out.h = fy(shape.h);
  return out;
}

/** Moves a normalised shape by (dx, dy), also normalised. */
export function moveShape(shape: AnnotationShape, dx: number, dy: number): AnnotationShape {
  return mapCoords(shape, (v) => v + dx, (v) => v + dy);
}

/** A colour with an opacity as `#rrggbbaa` (the annotation data's "color as hex with alpha"). */
export function hexWithAlpha(color: string, opacity: number): string {
  const base = (parseColor(color) ?? DEFAULT_PREFS.color).slice(0, 7);
  const alpha = Math.round(Math.min(1, Math.max(0, opacity)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `${base}${alpha}`;
}

/** §3 annotation data, sent with the committed dialog: tool counts, colours, strokes, the dialog's id. */
export interface AnnotationData {
  tool_counts: Record<ShapeKind, number>;
  colors: string[];
  strokes: { count: number; color: string; stroke_width: number }[];
  dialog_id: string;
}

export function annotationDataOf(shapes: readonly AnnotationShape[], dialogId: string): AnnotationData {
  const toolCounts: Record<ShapeKind, number> = { draw: 0, highlight: 0, line: 0, rect: 0, text: 0 };
  const strokes = new Map<string, { count: number; color: string; stroke_width: number }>();
  for (const shape of shapes) {
    toolCounts[shape.kind] += 1;
    const color = hexWithAlpha(shape.color, opacityFor(shape.kind, shape.opacity));
    const key = `${color}/${shape.width}`;
    const entry = strokes.get(key) ?? { count: 0, color, stroke_width: shape.width };
    entry.count += 1;
    strokes.set(key, entry);
  }
  const colors = [...new Set([...strokes.values()].map((s) => s.color))];
  return { tool_counts: toolCounts, colors, strokes: [...strokes.values()], dialog_id: dialogId };
}

/** The next free shape id (`s1`, `s2`, …) after the ones given. */
export function nextShapeNumber(shapes: readonly AnnotationShape[]): number {
  let max = 0;
  for (const shape of shapes) {
    const m = /^s(\d+)$/.exec(shape.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return max + 1;
}

/**
 * A comment's snapshot and its annotation as stored data (review-and-content §3 Comment snapshot fields, Canvas
 * shapes; §5 annotation availability and canvas rules; §7 snapshot upload request; §9 snapshot sizes).
 *
 * An annotated snapshot is two things: the flattened PNG (what every viewer sees) and the shapes as data, with
 * coordinates normalised to the snapshot (0..1 of its width and height), so the author can reopen and edit them and
 * they redraw at any size. The service checks the shapes with {@link annotationProblem} (no type coercion: a
 * number sent as a string is refused) and the file sizes with {@link snapshotSizeProblem}.
 */

/** §9 snapshot export: scale 2, PNG. */
export const SNAPSHOT_SCALE = 2;
/** §9 the snapshot width when the frame's is not known. */
export const SNAPSHOT_DEFAULT_WIDTH = 1280;
/** §9 the width a snapshot is shown at in a comment. */
export const SNAPSHOT_THUMB_WIDTH = 430;
/** §9 image quality (lossy formats only; PNG ignores it). */
export const SNAPSHOT_QUALITY = 0.96;

/** Largest snapshot file the service takes, per kind (a 2× PNG of a 1920-wide slide is a few MB). */
export const SNAPSHOT_MAX_BYTES: Readonly<Record<SnapshotExtension, number>> = { png: 20 * 1024 * 1024, html: 5 * 1024 * 1024 };

export type SnapshotExtension = 'png' | 'html';
export const SNAPSHOT_CONTENT_TYPES: Readonly<Record<SnapshotExtension, string>> = { png: 'image/png', html: 'text/html; charset=utf-8' };

/** Bounds of the annotation data (one snapshot). */
export const ANNOTATION_MAX_SHAPES = 2_000;
/** Coordinates of one stroke (x, y pairs: twice its points). */
export const ANNOTATION_MAX_LINE_NUMBERS = 4_000;
/** Coordinates of all strokes together. */
export const ANNOTATION_MAX_TOTAL_NUMBERS = 400_000;
export const ANNOTATION_MAX_TEXT_CHARS = 1_000;
export const ANNOTATION_ID_MAX_CHARS = 100;
/** §5 stroke widths 2 to 99. */
export const STROKE_WIDTH_MIN = 2;
export const STROKE_WIDTH_MAX = 99;
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 200;

/** §4 tools that leave a line on the canvas. */
export const LINE_TOOLS = ['draw', 'highlight', 'line'] as const;
export type LineTool = (typeof LINE_TOOLS)[number];

/** §3 canvas shapes as stored: x, y, width, height and points are 0..1 of the snapshot; widths and font sizes in snapshot pixels. */
export type StoredShape =
  | { kind: 'line'; id: string; tool: LineTool; color: string; opacity: number; strokeWidth: number; points: number[] }
  | { kind: 'rect'; id: string; x: number; y: number; width: number; height: number; stroke: string; opacity: number; strokeWidth: number }
  | { kind: 'text'; id: string; x: number; y: number; width: number; text: string; fill: string; opacity: number; fontSize: number };

/** What a comment keeps besides the flattened image. */
export interface CommentAnnotation {
  shapes: StoredShape[];
}

/** §5 colour: hex with 3, 4 or 6 digits. */
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6})$/.test(value);

const isUnit = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isBetween = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const isId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= ANNOTATION_ID_MAX_CHARS;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const SHAPE_KEYS: Readonly<Record<StoredShape['kind'], readonly string[]>> = {
  line: ['kind', 'id', 'tool', 'color', 'opacity', 'strokeWidth', 'points'],
  rect: ['kind', 'id', 'x', 'y', 'width', 'height', 'stroke', 'opacity', 'strokeWidth'],
  text: ['kind', 'id', 'x', 'y', 'width', 'text', 'fill', 'opacity', 'fontSize'],
};

/** Why one shape is not stored data, or null. */
function shapeProblem(shape: unknown, index: number): string | null {
  const at = `shape ${index + 1}`;
  if (!isRecord(shape)) return `${at} is not an object`;
  const kind = shape.kind;
  if (kind !== 'line' && kind !== 'rect' && kind !== 'text') return `${at} has an unknown kind`;
  const allowed = SHAPE_KEYS[kind];
  const keys = Object.keys(shape);
  if (keys.length !== allowed.length || keys.some((k) => !allowed.includes(k))) return `${at} (${kind}) must have exactly ${allowed.join(', ')}`;
  if (!isId(shape.id)) return `${at} has no id`;
  if (!isUnit(shape.opacity)) return `${at}: opacity must be a number from 0 to 1`;
  if (kind === 'line') {
    if (!(LINE_TOOLS as readonly unknown[]).includes(shape.tool)) return `${at}: tool must be draw, highlight or line`;
    if (!isHexColor(shape.color)) return `${at}: color must be hex (3, 4 or 6 digits)`;
    if (!isBetween(shape.strokeWidth, STROKE_WIDTH_MIN, STROKE_WIDTH_MAX)) return `${at}: strokeWidth must be 2 to 99`;
    const points = shape.points;
    if (!Array.isArray(points) || points.length < 2 || points.length % 2 !== 0 || points.length > ANNOTATION_MAX_LINE_NUMBERS) return `${at}: points must be 1 to ${ANNOTATION_MAX_LINE_NUMBERS / 2} x, y pairs`;
    if (!points.every(isUnit)) return `${at}: points must be numbers from 0 to 1`;
    return null;
  }
  if (!isUnit(shape.x) || !isUnit(shape.y) || !isUnit(shape.width)) return `${at}: x, y and width must be numbers from 0 to 1`;
  if (kind === 'rect') {
    if (!isUnit(shape.height)) return `${at}: height must be a number from 0 to 1`;
    if (!isHexColor(shape.stroke)) return `${at}: stroke must be hex (3, 4 or 6 digits)`;
    if (!isBetween(shape.strokeWidth, STROKE_WIDTH_MIN, STROKE_WIDTH_MAX)) return `${at}: strokeWidth must be 2 to 99`;
    return null;
  }
  if (typeof shape.text !== 'string' || shape.text.trim() === '' || shape.text.length > ANNOTATION_MAX_TEXT_CHARS) return `${at}: text must be 1 to ${ANNOTATION_MAX_TEXT_CHARS} characters`;
  if (!isHexColor(shape.fill)) return `${at}: fill must be hex (3, 4 or 6 digits)`;
  if (!isBetween(shape.fontSize, FONT_SIZE_MIN, FONT_SIZE_MAX)) return `${at}: fontSize must be ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}`;
  return null;
}

/** Why `value` is not a comment's annotation data (the sentence names the first problem), or null. */
export function annotationProblem(value: unknown): string | null {
  if (!isRecord(value) || Object.keys(value).length !== 1 || !Array.isArray(value.shapes)) return 'The annotation must be { shapes: [...] }';
  const shapes: unknown[] = value.shapes;
  if (shapes.length > ANNOTATION_MAX_SHAPES) return `An annotation has at most ${ANNOTATION_MAX_SHAPES} shapes`;
  let numbers = 0;
  const ids = new Set<string>();
  for (const [index, shape] of shapes.entries()) {
    const problem = shapeProblem(shape, index);
    if (problem) return `Invalid annotation: ${problem}`;
    const stored = shape as StoredShape;
    if (ids.has(stored.id)) return `Invalid annotation: shape ${index + 1} repeats the id ${stored.id}`;
    ids.add(stored.id);
    if (stored.kind === 'line') numbers += stored.points.length;
  }
  if (numbers > ANNOTATION_MAX_TOTAL_NUMBERS) return `An annotation has at most ${ANNOTATION_MAX_TOTAL_NUMBERS / 2} points`;
  return null;
}

/** Why a snapshot of `size` bytes is refused for its kind, or null. */
export function snapshotSizeProblem(extension: SnapshotExtension, size: number): string | null {
  if (!Number.isSafeInteger(size) || size < 1) return 'A snapshot has at least one byte';
  const max = SNAPSHOT_MAX_BYTES[extension];
  return size > max ? `A ${extension} snapshot is at most ${Math.round(max / (1024 * 1024))} MB` : null;
}

/**
 * §9 the snapshot's width: the frame's own (CSS pixels, rounded), or the default 1280 when it has none; the
 * image is rendered at scale 2. The height follows the frame's aspect.
 */
export function snapshotSizeOf(frame: { width: number; height: number }): { width: number; height: number } {
  const ok = Number.isFinite(frame.width) && frame.width >= 1 && Number.isFinite(frame.height) && frame.height >= 1;
  if (!ok) return { width: SNAPSHOT_DEFAULT_WIDTH, height: Math.round((SNAPSHOT_DEFAULT_WIDTH * 9) / 16) };
  return { width: Math.round(frame.width), height: Math.round(frame.height) };
}

/**
 * §5: annotation is offered for top-level comments (a new one, or an edit of one) on Storyline, Rise and Studio
 * items (never video), with the annotation flag on, to someone who may comment.
 */
export function canAnnotate(facts: { flag: boolean; family: 'slide' | 'rise' | 'video' | 'studio' | null; target: 'new' | 'reply' | 'edit'; editedIsReply: boolean; mayComment: boolean }): boolean {
  if (!facts.flag || !facts.mayComment) return false;
  if (facts.family !== 'slide' && facts.family !== 'rise' && facts.family !== 'studio') return false;
  if (facts.target === 'reply') return false;
  return !(facts.target === 'edit' && facts.editedIsReply);
}

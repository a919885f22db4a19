/**
 * A comment's snapshot and its annotation as stored data (review-and-content §3 Comment snapshot fields, Canvas
 * shapes; §5 annotation availability and canvas rules; §7 snapshot upload request; §9 snapshot sizes).
 *
 * An annotated snapshot is two things: the flattened PNG (what every viewer sees) and the shapes as data, with
 * coordinates normalised to the snapshot (0..1 of its width and height), so the author can reopen and edit them and
 * they redraw at any size. The service checks the shapes with {@link annotationProblem} (no type coercion: a
 * number sent as a string is refused) and the file sizes with {@link snapshotSizeProblem}.
 */

import { STROKE_WIDTH_MAX, STROKE_WIDTH_MIN, type AnnotationShape, type ShapeKind } from './annotation.ts';

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

/** A shape as stored: domain/annotation.ts AnnotationShape (coordinates 0..1 of the snapshot). */
export type StoredShape = AnnotationShape;

/** What a comment keeps besides the flattened image. */
export interface CommentAnnotation {
  shapes: StoredShape[];
}

/** Colour as the dialog keeps it: hex with 3, 4, 6 or 8 digits (§5 input; `#rrggbbaa` carries the alpha). */
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value);

const isUnit = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
const isId = (value: unknown): value is string => typeof value === 'string' && value.length >= 1 && value.length <= ANNOTATION_ID_MAX_CHARS;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every kind's fields, exactly (§3 canvas shapes: lines with points; rectangles x, y, w, h; texts x, y, w, text). */
const SHAPE_KEYS: Readonly<Record<ShapeKind, readonly string[]>> = {
  draw: ['id', 'kind', 'color', 'opacity', 'width', 'points'],
  highlight: ['id', 'kind', 'color', 'opacity', 'width', 'points'],
  line: ['id', 'kind', 'color', 'opacity', 'width', 'points'],
  rect: ['id', 'kind', 'color', 'opacity', 'width', 'x', 'y', 'w', 'h'],
  text: ['id', 'kind', 'color', 'opacity', 'width', 'x', 'y', 'w', 'text'],
};
const KINDS = Object.keys(SHAPE_KEYS) as ShapeKind[];

/** Why one shape is not stored data, or null. */
function shapeProblem(shape: unknown, index: number): string | null {
  const at = `shape ${index + 1}`;
  if (!isRecord(shape)) return `${at} is not an object`;
  const kind = KINDS.find((k) => k === shape.kind);
  if (!kind) return `${at} has an unknown kind`;
  const allowed = SHAPE_KEYS[kind];
  const keys = Object.keys(shape);
  if (keys.length !== allowed.length || keys.some((k) => !allowed.includes(k))) return `${at} (${kind}) must have exactly ${allowed.join(', ')}`;
  if (!isId(shape.id)) return `${at} has no id`;
  if (!isHexColor(shape.color)) return `${at}: color must be hex (3, 4, 6 or 8 digits)`;
  if (!isUnit(shape.opacity)) return `${at}: opacity must be a number from 0 to 1`;
  if (typeof shape.width !== 'number' || !Number.isInteger(shape.width) || shape.width < STROKE_WIDTH_MIN || shape.width > STROKE_WIDTH_MAX) return `${at}: width must be a whole number from ${STROKE_WIDTH_MIN} to ${STROKE_WIDTH_MAX}`;
  if (kind === 'draw' || kind === 'highlight' || kind === 'line') {
    const points = shape.points;
    const most = kind === 'line' ? 4 : ANNOTATION_MAX_LINE_NUMBERS;
    const least = kind === 'line' ? 4 : 2;
    if (!Array.isArray(points) || points.length < least || points.length > most || points.length % 2 !== 0) return `${at}: points must be ${kind === 'line' ? '2' : `1 to ${ANNOTATION_MAX_LINE_NUMBERS / 2}`} x, y pairs`;
    if (!points.every(isUnit)) return `${at}: points must be numbers from 0 to 1`;
    return null;
  }
  if (!isUnit(shape.x) || !isUnit(shape.y) || !isUnit(shape.w)) return `${at}: x, y and w must be numbers from 0 to 1`;
  if (kind === 'rect') return isUnit(shape.h) ? null : `${at}: h must be a number from 0 to 1`;
  if (typeof shape.text !== 'string' || shape.text.trim() === '' || shape.text.length > ANNOTATION_MAX_TEXT_CHARS) return `${at}: text must be 1 to ${ANNOTATION_MAX_TEXT_CHARS} characters`;
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
    numbers += stored.points?.length ?? 0;
  }
  if (numbers > ANNOTATION_MAX_TOTAL_NUMBERS) return `An annotation has at most ${ANNOTATION_MAX_TOTAL_NUMBERS / 2} points`;
  return null;
}

const clampUnit = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/**
 * The dialog's shapes as a comment stores them: coordinates kept inside the snapshot (a shape dragged partly off
 * it is clipped to its edge), nothing else changed.
 */
export function storedShapesOf(shapes: readonly AnnotationShape[]): StoredShape[] {
  return shapes.map((shape) => {
    const out: AnnotationShape = { ...shape };
    if (shape.points) out.points = shape.points.map(clampUnit);
    for (const key of ['x', 'y', 'w', 'h'] as const) {
      const v = shape[key];
      if (v !== undefined) out[key] = clampUnit(v);
    }
    return out;
  });
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

/** The canvas tool machine's context, events and pure updates (review-and-content §4 Canvas tools, §5 Canvas rules). */
import {
  DEFAULT_PREFS,
  isEmptyText,
  moveShape,
  nextShapeNumber,
  parseColor,
  parseOpacity,
  parseStrokeWidth,
  type AnnotationPrefs,
  type AnnotationShape,
  type AnnotationTool,
} from '../../domain/annotation.ts';

/** How many steps undo keeps. */
export const HISTORY_LIMIT = 100;

export interface CanvasInput {
  /** The remembered tool, colour, opacity and width (already checked with `prefsFrom`). */
  prefs?: AnnotationPrefs;
  /** Shapes of an earlier annotation being edited (normalised). */
  shapes?: AnnotationShape[];
}

export interface CanvasContext {
  prefs: AnnotationPrefs;
  shapes: AnnotationShape[];
  selectedId: string | null;
  /** Earlier shape lists (undo), newest last; later ones (redo), next first. */
  past: AnnotationShape[][];
  future: AnnotationShape[][];
  nextNumber: number;
  /** The text being typed: its id, and the shapes before it was added (a new one) or edited. */
  editing: { id: string; before: AnnotationShape[] } | null;
}

export type NewShape = Omit<AnnotationShape, 'id'>;

export type CanvasEvent =
  | { type: 'canvas.setTool'; tool: AnnotationTool }
  | { type: 'canvas.setColor'; color: string }
  | { type: 'canvas.setOpacity'; opacity: number }
  | { type: 'canvas.setWidth'; width: number }
  /** A finished shape (normalised); `select` selects it (keyboard placement), a text opens its editor. */
  | { type: 'canvas.add'; shape: NewShape; select?: boolean }
  /** A shape moved, resized or re-pointed (normalised fields to replace). */
  | { type: 'canvas.update'; id: string; changes: Partial<NewShape> }
  /** The selection moved by (dx, dy), normalised (arrow keys). */
  | { type: 'canvas.nudge'; dx: number; dy: number }
  | { type: 'canvas.select'; id: string }
  | { type: 'canvas.selectNext' }
  | { type: 'canvas.deselect' }
  | { type: 'canvas.deleteSelection' }
  | { type: 'canvas.clear' }
  | { type: 'canvas.undo' }
  | { type: 'canvas.redo' }
  /** Opens the editor of the selected text. */
  | { type: 'canvas.editText' }
  /** The text editor lost focus or was confirmed: empty text is removed. */
  | { type: 'canvas.commitText'; text: string; w?: number };

export function initialCanvasContext(input: CanvasInput | undefined): CanvasContext {
  const shapes = input?.shapes ?? [];
  return { prefs: input?.prefs ?? DEFAULT_PREFS, shapes, selectedId: null, past: [], future: [], nextNumber: nextShapeNumber(shapes), editing: null };
}

/** The shapes become `shapes`, the current list going onto the undo history and the redo history emptied. */
export function withHistory(context: CanvasContext, shapes: AnnotationShape[], before: AnnotationShape[] = context.shapes): Partial<CanvasContext> {
  return { shapes, past: [...context.past, before].slice(-HISTORY_LIMIT), future: [] };
}

export const selectedShape = (context: Pick<CanvasContext, 'shapes' | 'selectedId'>) => context.shapes.find((s) => s.id === context.selectedId) ?? null;

/** A setting changed: the prefs, and the selected shape when there is one (a highlight keeps its fixed opacity). */
export function applySetting(context: CanvasContext, event: CanvasEvent): Partial<CanvasContext> {
  let change: Partial<AnnotationPrefs> | null = null;
  if (event.type === 'canvas.setColor') {
    const color = parseColor(event.color);
    change = color === null ? null : { color };
  } else if (event.type === 'canvas.setOpacity') {
    const opacity = parseOpacity(event.opacity);
    change = opacity === null ? null : { opacity };
  } else if (event.type === 'canvas.setWidth') {
    const width = parseStrokeWidth(event.width);
    change = width === null ? null : { width };
  }
  if (change === null) return {};
  const prefs = { ...context.prefs, ...change };
  const selected = selectedShape(context);
  if (!selected) return { prefs };
  const shapeChange = selected.kind === 'highlight' ? { ...change, opacity: selected.opacity } : change;
  const shapes = context.shapes.map((s) => (s.id === selected.id ? { ...s, ...shapeChange } : s));
  return { prefs, ...withHistory(context, shapes) };
}

export const isValidSetting = (event: CanvasEvent) =>
  (event.type === 'canvas.setColor' && parseColor(event.color) !== null) ||
  (event.type === 'canvas.setOpacity' && parseOpacity(event.opacity) !== null) ||
  (event.type === 'canvas.setWidth' && parseStrokeWidth(event.width) !== null);

/** Selecting a shape loads its colour, opacity and width into the settings (a highlight's opacity is not loaded). */
export function selectShape(context: CanvasContext, id: string): Partial<CanvasContext> {
  const shape = context.shapes.find((s) => s.id === id);
  if (!shape) return {};
  const opacity = shape.kind === 'highlight' ? context.prefs.opacity : shape.opacity;
  return { selectedId: id, prefs: { ...context.prefs, color: shape.color, opacity, width: shape.width } };
}

/** The shape after the selected one (the first when none is), for Space on the canvas. */
export function nextShapeId(context: CanvasContext): string | null {
  if (context.shapes.length === 0) return null;
  const index = context.shapes.findIndex((s) => s.id === context.selectedId);
  return context.shapes[(index + 1) % context.shapes.length]?.id ?? null;
}

export function addShape(context: CanvasContext, shape: NewShape): { context: Partial<CanvasContext>; id: string } {
  const id = `s${context.nextNumber}`;
  const shapes = [...context.shapes, { ...shape, id }];
  if (shape.kind === 'text') return { id, context: { shapes, nextNumber: context.nextNumber + 1, selectedId: id, editing: { id, before: context.shapes } } };
  return { id, context: { ...withHistory(context, shapes), nextNumber: context.nextNumber + 1 } };
}

export function updateShape(context: CanvasContext, id: string, changes: Partial<NewShape>): Partial<CanvasContext> {
  if (!context.shapes.some((s) => s.id === id)) return {};
  return withHistory(context, context.shapes.map((s) => (s.id === id ? { ...s, ...changes } : s)));
}

export function nudgeSelection(context: CanvasContext, dx: number, dy: number): Partial<CanvasContext> {
  const selected = selectedShape(context);
  if (!selected) return {};
  return withHistory(context, context.shapes.map((s) => (s.id === selected.id ? moveShape(s, dx, dy) : s)));
}

/** Clear (§4): the selection, or everything when nothing is selected. */
export function clearShapes(context: CanvasContext): Partial<CanvasContext> {
  if (context.shapes.length === 0) return {};
  const shapes = context.selectedId === null ? [] : context.shapes.filter((s) => s.id !== context.selectedId);
  return { ...withHistory(context, shapes), selectedId: null };
}

export function undo(context: CanvasContext): Partial<CanvasContext> {
  const previous = context.past.at(-1);
  if (!previous) return {};
  return { shapes: previous, past: context.past.slice(0, -1), future: [context.shapes, ...context.future], selectedId: null };
}

export function redo(context: CanvasContext): Partial<CanvasContext> {
  const next = context.future[0];
  if (!next) return {};
  return { shapes: next, past: [...context.past, context.shapes], future: context.future.slice(1), selectedId: null };
}

/** The text editor closed: empty text is removed (a new one leaves no trace in the history), otherwise kept. */
export function commitText(context: CanvasContext, text: string, w: number | undefined): Partial<CanvasContext> {
  const editing = context.editing;
  if (!editing) return {};
  const current = context.shapes.find((s) => s.id === editing.id);
  const wasNew = !editing.before.some((s) => s.id === editing.id);
  if (!current || isEmptyText(text)) {
    const shapes = context.shapes.filter((s) => s.id !== editing.id);
    return { ...(wasNew ? { shapes } : withHistory(context, shapes, editing.before)), editing: null, selectedId: null };
  }
  const shapes = context.shapes.map((s) => (s.id === editing.id ? { ...s, text, ...(w === undefined ? {} : { w }) } : s));
  return { ...withHistory(context, shapes, editing.before), editing: null };
}

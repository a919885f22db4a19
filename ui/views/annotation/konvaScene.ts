/**
 * The annotation canvas drawn with Konva (imperative; the dialog owns one scene while its canvas is shown).
 * Layers: the shapes over the snapshot (the snapshot `listening(false)`; a cached group of the unselected shapes, so
 * 1,000 strokes redraw as one bitmap while panning, zooming or drawing, and a live group for the selected one; panning
 * and zooming redraw only this layer unless a stroke is being drawn or a shape is selected), the stroke being
 * drawn (`listening(false)`, the only thing redrawn while drawing), and the transformer. Shapes arrive normalised to
 * the snapshot and leave normalised (domain/annotation.ts).
 */
import Konva from 'konva';
import {
  denormaliseShape,
  normaliseShape,
  opacityFor,
  RECT_MIN_SIZE,
  rectFromDrag,
  SNAPSHOT_PIXEL_RATIO,
  TEXT_DEFAULT_WIDTH,
  TEXT_MIN_WIDTH,
  textWidth,
  type AnnotationPrefs,
  type AnnotationShape,
  type AnnotationTool,
  type Size,
} from '../../../domain/annotation.ts';
import type { NewShape } from '../../../machines/annotation/canvasRules.ts';

export interface SceneCallbacks {
  onAdd(shape: NewShape, select: boolean): void;
  onUpdate(id: string, changes: Partial<NewShape>): void;
  onSelect(id: string | null): void;
  onEditText(id: string): void;
}

/** A text's font size follows its stroke width. */
export const fontSizeFor = (width: number) => Math.min(110, 14 + width);
/** Shapes at or above this count are drawn from a cached bitmap while they are not being changed. */
const CACHE_FROM = 30;
/** How many new shapes stay live before they join the cached group. */
const RECENT_MAX = 24;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 8;

export class AnnotationScene {
  private readonly stage: Konva.Stage;
  private readonly shapesLayer: Konva.Layer;
  private readonly staticGroup: Konva.Group;
  private readonly liveGroup: Konva.Group;
  private readonly draftLayer: Konva.Layer;
  private readonly transformer: Konva.Transformer;
  /** The transformer's layer: hit-tested only while a selection can be resized (pointer moves skip it otherwise). */
  private readonly uiLayer: Konva.Layer;
  private readonly nodes = new Map<string, Konva.Shape>();
  private readonly drawn = new Map<string, AnnotationShape>();
  /** Shapes added since the cached group was last drawn (kept live, above it). */
  private readonly recent = new Set<string>();
  private shapes: AnnotationShape[] = [];
  private selectedId: string | null = null;
  private editingId: string | null = null;
  private tool: AnnotationTool = 'draw';
  private prefs: AnnotationPrefs = { tool: 'draw', color: '#000000', opacity: 1, width: 4 };
  private pendingText: { x: number; y: number } | null = null;
  private draft: { node: Konva.Line | Konva.Rect; x0: number; y0: number } | null = null;

  constructor(
    container: HTMLDivElement,
    readonly size: Size,
    image: CanvasImageSource | null,
    private readonly callbacks: SceneCallbacks,
  ) {
    this.stage = new Konva.Stage({ container, width: size.width, height: size.height });
    // The snapshot is drawn in the shapes' layer, under them: panning and zooming then redraw one canvas, not two
    // (each layer is a canvas, and every canvas redrawn is copied to the compositor on that frame).
    const background = new Konva.Group({ listening: false });
    background.add(new Konva.Rect({ width: size.width, height: size.height, fill: '#ffffff', listening: false }));
    if (image) background.add(new Konva.Image({ image, width: size.width, height: size.height, listening: false }));
    this.shapesLayer = new Konva.Layer();
    this.staticGroup = new Konva.Group();
    this.liveGroup = new Konva.Group();
    this.shapesLayer.add(background, this.staticGroup, this.liveGroup);
    this.draftLayer = new Konva.Layer({ listening: false });
    const ui = new Konva.Layer({ listening: false });
    this.uiLayer = ui;
    this.transformer = new Konva.Transformer({
      rotateEnabled: false,
      ignoreStroke: true,
      keepRatio: false,
      boundBoxFunc: (oldBox, newBox) => (this.isTooSmall(newBox) ? oldBox : newBox),
    });
    ui.add(this.transformer);
    this.stage.add(this.shapesLayer, this.draftLayer, ui);
    this.stage.on('pointerdown', (e) => this.pointerDown(e));
    this.stage.on('pointermove', () => this.pointerMove());
    this.stage.on('pointerup pointerleave', () => this.pointerUp());
    // The wheel pans; with Ctrl (or a pinch) it zooms about the pointer.
    this.stage.on('wheel', (e) => {
      e.evt.preventDefault();
      if (e.evt.ctrlKey || e.evt.metaKey) {
        const pointer = this.stage.getPointerPosition() ?? { x: size.width / 2, y: size.height / 2 };
        this.zoomBy(e.evt.deltaY < 0 ? 1.1 : 1 / 1.1, pointer);
      } else {
        this.panBy(-e.evt.deltaX, -e.evt.deltaY);
      }
    });
  }

  destroy() {
    this.stage.destroy();
  }

  /** The tool and settings new shapes are drawn with; the move tool makes shapes draggable and pans the canvas. */
  setTool(tool: AnnotationTool, prefs: AnnotationPrefs) {
    this.tool = tool;
    this.prefs = prefs;
    const moving = tool === 'move';
    this.stage.draggable(moving);
    this.shapesLayer.listening(moving);
    this.uiLayer.listening(this.transformer.nodes().length > 0);
    for (const node of this.nodes.values()) node.draggable(moving);
    this.stage.container().style.cursor = moving ? 'move' : 'crosshair';
  }

  /** Draws the shapes (normalised), the selection's transformer; the text being edited is hidden (its editor is over it). */
  sync(shapes: readonly AnnotationShape[], selectedId: string | null, editingId: string | null) {
    this.shapes = [...shapes];
    this.selectedId = selectedId;
    this.editingId = editingId;
    // New shapes gather in the live group; past RECENT_MAX they all join the cached group (one re-cache for many).
    for (const shape of shapes) if (!this.drawn.has(shape.id)) this.recent.add(shape.id);
    if (this.recent.size > RECENT_MAX) this.recent.clear();
    let staticChanged = false;
    const seen = new Set<string>();
    for (const shape of shapes) {
      seen.add(shape.id);
      let node = this.nodes.get(shape.id);
      if (!node || node.getAttr('kind') !== shape.kind) {
        node?.destroy();
        node = this.createNode(shape.id, shape.kind);
        this.nodes.set(shape.id, node);
      }
      const group = shape.id === selectedId || this.recent.has(shape.id) ? this.liveGroup : this.staticGroup;
      // The machine keeps unchanged shapes as the same objects: only changed ones are redrawn.
      const changed = this.drawn.get(shape.id) !== shape || node.scaleX() !== 1 || node.scaleY() !== 1 || (node instanceof Konva.Line && (node.x() !== 0 || node.y() !== 0));
      if (changed) {
        this.applyShape(node, denormaliseShape(shape, this.size));
        this.drawn.set(shape.id, shape);
      }
      const visible = shape.id !== editingId;
      const moved = node.getParent() !== group;
      if ((changed || moved || node.visible() !== visible) && (group === this.staticGroup || node.getParent() === this.staticGroup)) staticChanged = true;
      node.visible(visible);
      node.draggable(this.tool === 'move');
      if (moved) node.moveTo(group);
    }
    for (const [id, node] of this.nodes) {
      if (!seen.has(id)) {
        if (node.getParent() === this.staticGroup) staticChanged = true;
        node.destroy();
        this.nodes.delete(id);
        this.drawn.delete(id);
        this.recent.delete(id);
      }
    }
    // Both groups draw in the shapes list's order.
    for (const group of [this.staticGroup, this.liveGroup]) {
      if (group === this.staticGroup && !staticChanged) continue;
      const order = shapes.map((shape) => this.nodes.get(shape.id)).filter((node): node is Konva.Shape => node?.getParent() === group);
      order.forEach((node, index) => {
        if (node.zIndex() !== index) node.zIndex(index);
      });
    }
    if (staticChanged || !this.staticGroup.isCached()) this.cacheStatic();
    const selected = selectedId === null || selectedId === editingId ? undefined : this.nodes.get(selectedId);
    this.transformer.nodes(selected ? [selected] : []);
    this.uiLayer.listening(selected !== undefined);
    const kind = selected?.getAttr('kind') as string | undefined;
    this.transformer.resizeEnabled(kind === 'rect' || kind === 'text');
    this.transformer.enabledAnchors(kind === 'text' ? ['middle-left', 'middle-right'] : ['top-left', 'top-center', 'top-right', 'middle-right', 'middle-left', 'bottom-left', 'bottom-center', 'bottom-right']);
    this.stage.batchDraw();
  }

  /** Zooms by `factor` about a point of the stage (its centre by default). */
  zoomBy(factor: number, at: { x: number; y: number } = { x: this.size.width / 2, y: this.size.height / 2 }) {
    const old = this.stage.scaleX();
    const scale = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, old * factor));
    const anchor = { x: (at.x - this.stage.x()) / old, y: (at.y - this.stage.y()) / old };
    this.stage.scale({ x: scale, y: scale });
    this.stage.position({ x: at.x - anchor.x * scale, y: at.y - anchor.y * scale });
    this.drawView();
  }

  /** Pans by (dx, dy) screen pixels. */
  panBy(dx: number, dy: number) {
    this.stage.position({ x: this.stage.x() + dx, y: this.stage.y() + dy });
    this.drawView();
  }

  resetView() {
    this.stage.scale({ x: 1, y: 1 });
    this.stage.position({ x: 0, y: 0 });
    this.drawView();
  }

  /**
   * The view moved: the layers with something on them are redrawn. The stroke layer and the transformer's are left
   * alone while empty (they were cleared when they emptied, and take the view when they next draw).
   */
  private drawView() {
    this.shapesLayer.batchDraw();
    if (this.draftLayer.hasChildren()) this.draftLayer.batchDraw();
    if (this.transformer.nodes().length > 0) this.uiLayer.batchDraw();
  }

  /** Where a text shape's box is on screen, relative to the canvas's container (for the text editor). */
  textBox(shape: AnnotationShape): { left: number; top: number; width: number; fontSize: number } {
    const px = denormaliseShape(shape, this.size);
    const scale = this.stage.scaleX();
    return {
      left: this.stage.x() + (px.x ?? 0) * scale,
      top: this.stage.y() + (px.y ?? 0) * scale,
      width: textWidth(px.w) * scale,
      fontSize: fontSizeFor(shape.width) * scale,
    };
  }

  /** The whole snapshot with its shapes, flattened to a PNG at pixel ratio 2 (whatever the zoom). */
  async exportPng(): Promise<{ png: Blob; width: number; height: number }> {
    const scale = this.stage.scale();
    const position = this.stage.position();
    const attached = this.transformer.nodes();
    this.transformer.nodes([]);
    this.stage.scale({ x: 1, y: 1 });
    this.stage.position({ x: 0, y: 0 });
    try {
      const png = (await this.stage.toBlob({ pixelRatio: SNAPSHOT_PIXEL_RATIO, mimeType: 'image/png' })) as Blob | null;
      if (!png) throw new Error('The canvas could not be exported.');
      return { png, width: this.size.width * SNAPSHOT_PIXEL_RATIO, height: this.size.height * SNAPSHOT_PIXEL_RATIO };
    } finally {
      this.stage.scale(scale);
      this.stage.position(position);
      this.transformer.nodes(attached);
      this.stage.batchDraw();
    }
  }

  /** A shape of the current tool at a default spot (keyboard placement), in canvas pixels before normalising. */
  defaultShape(): NewShape | null {
    const { width: w, height: h } = this.size;
    const step = (this.shapes.length % 5) * 0.04;
    const cx = w * (0.35 + step);
    const cy = h * (0.35 + step);
    const base = { color: this.prefs.color, opacity: this.prefs.opacity, width: this.prefs.width };
    let px: NewShape;
    switch (this.tool) {
      case 'draw':
        px = { ...base, kind: 'draw', points: [cx, cy, cx + w * 0.05, cy - h * 0.06, cx + w * 0.1, cy, cx + w * 0.15, cy - h * 0.06, cx + w * 0.2, cy] };
        break;
      case 'highlight':
        px = { ...base, kind: 'highlight', opacity: opacityFor('highlight', base.opacity), width: Math.max(base.width, 12), points: [cx, cy, cx + w * 0.25, cy] };
        break;
      case 'line':
        px = { ...base, kind: 'line', points: [cx, cy, cx + w * 0.2, cy + h * 0.15] };
        break;
      case 'rect':
        px = { ...base, kind: 'rect', x: cx, y: cy, w: Math.max(RECT_MIN_SIZE, w * 0.2), h: Math.max(RECT_MIN_SIZE, h * 0.2) };
        break;
      case 'text':
        px = { ...base, kind: 'text', x: cx, y: cy, w: Math.min(TEXT_DEFAULT_WIDTH, w - cx), text: '' };
        break;
      default:
        return null;
    }
    return this.normal(px);
  }

  // ----------------------------------------------------------------------------------------------------------------

  private normal(px: NewShape): NewShape {
    const { id: _id, ...rest } = normaliseShape({ ...px, id: '' }, this.size);
    return rest;
  }

  private isTooSmall(box: { width: number; height: number }) {
    const kind = this.transformer.nodes()[0]?.getAttr('kind') as string | undefined;
    const scale = this.stage.scaleX();
    if (kind === 'text') return Math.abs(box.width) / scale < TEXT_MIN_WIDTH;
    return Math.abs(box.width) / scale < RECT_MIN_SIZE || Math.abs(box.height) / scale < RECT_MIN_SIZE;
  }

  private cacheStatic() {
    this.staticGroup.clearCache();
    if (this.staticGroup.children.length >= CACHE_FROM && this.staticGroup.getClientRect().width > 0) {
      this.staticGroup.cache({ pixelRatio: SNAPSHOT_PIXEL_RATIO });
    }
  }

  private createNode(id: string, kind: NewShape['kind']): Konva.Shape {
    const common = { id, kind, perfectDrawEnabled: false, shadowForStrokeEnabled: false };
    const node: Konva.Shape =
      kind === 'rect'
        ? new Konva.Rect(common)
        : kind === 'text'
          ? new Konva.Text({ ...common, fontFamily: 'system-ui, sans-serif', wrap: 'word' })
          : new Konva.Line({ ...common, lineCap: 'round', lineJoin: 'round', tension: kind === 'line' ? 0 : 0.4 });
    node.setAttr('kind', kind);
    node.on('pointerdown', (e) => {
      if (this.tool !== 'move') return;
      e.cancelBubble = true;
      if (this.selectedId !== id) this.callbacks.onSelect(id);
    });
    node.on('dblclick dbltap', () => {
      if (kind === 'text') this.callbacks.onEditText(id);
    });
    node.on('dragstart', () => {
      if (node.getParent() === this.staticGroup) this.staticGroup.clearCache();
    });
    node.on('dragend', () => this.moved(id, node));
    node.on('transformend', () => this.transformed(id, node));
    return node;
  }

  private applyShape(node: Konva.Shape, px: AnnotationShape) {
    const opacity = opacityFor(px.kind, px.opacity);
    node.position({ x: 0, y: 0 });
    node.scale({ x: 1, y: 1 });
    if (node instanceof Konva.Line) {
      node.setAttrs({ points: px.points ?? [], stroke: px.color, strokeWidth: px.width, opacity, hitStrokeWidth: Math.max(px.width, 12) });
    } else if (node instanceof Konva.Rect) {
      node.setAttrs({ x: px.x ?? 0, y: px.y ?? 0, width: px.w ?? RECT_MIN_SIZE, height: px.h ?? RECT_MIN_SIZE, stroke: px.color, strokeWidth: px.width, opacity });
    } else if (node instanceof Konva.Text) {
      node.setAttrs({ x: px.x ?? 0, y: px.y ?? 0, width: textWidth(px.w), text: px.text ?? '', fill: px.color, fontSize: fontSizeFor(px.width), opacity });
    }
  }

  private moved(id: string, node: Konva.Shape) {
    const shape = this.shapes.find((s) => s.id === id);
    if (!shape) return;
    const px = denormaliseShape(shape, this.size);
    if (node instanceof Konva.Line) {
      const dx = node.x();
      const dy = node.y();
      const points = (px.points ?? []).map((v, i) => v + (i % 2 === 0 ? dx : dy));
      this.callbacks.onUpdate(id, { points: this.normal({ ...px, points }).points ?? [] });
    } else {
      const moved = this.normal({ ...px, x: node.x(), y: node.y() });
      this.callbacks.onUpdate(id, { x: moved.x ?? 0, y: moved.y ?? 0 });
    }
  }

  private transformed(id: string, node: Konva.Shape) {
    const shape = this.shapes.find((s) => s.id === id);
    if (!shape) return;
    const px = denormaliseShape(shape, this.size);
    if (node instanceof Konva.Rect) {
      const next = { ...px, x: node.x(), y: node.y(), w: Math.max(RECT_MIN_SIZE, node.width() * node.scaleX()), h: Math.max(RECT_MIN_SIZE, node.height() * node.scaleY()) };
      const n = this.normal(next);
      this.callbacks.onUpdate(id, { x: n.x ?? 0, y: n.y ?? 0, w: n.w ?? 0, h: n.h ?? 0 });
    } else if (node instanceof Konva.Text) {
      const n = this.normal({ ...px, x: node.x(), y: node.y(), w: textWidth(node.width() * node.scaleX()) });
      this.callbacks.onUpdate(id, { x: n.x ?? 0, y: n.y ?? 0, w: n.w ?? 0 });
    }
  }

  private pointerDown(e: Konva.KonvaEventObject<PointerEvent>) {
    if (this.tool === 'move') {
      if (e.target === this.stage && this.selectedId !== null) this.callbacks.onSelect(null);
      return;
    }
    const p = this.stage.getRelativePointerPosition();
    if (!p) return;
    if (this.tool === 'text') {
      // Placed on release, once the press has moved focus to the canvas: the text's editor then keeps it.
      this.pendingText = { x: p.x, y: p.y };
      return;
    }
    const { color, opacity, width } = this.prefs;
    // The stroke being drawn: alone on its layer, not hit-tested, drawn without the extra buffer for opacity.
    const stroke = { stroke: color, strokeWidth: width, opacity: opacityFor(this.tool, opacity), listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false };
    const node =
      this.tool === 'rect'
        ? new Konva.Rect({ ...stroke, x: p.x, y: p.y, width: 0, height: 0 })
        : new Konva.Line({ ...stroke, points: [p.x, p.y, p.x, p.y], lineCap: 'round', lineJoin: 'round', tension: this.tool === 'line' ? 0 : 0.4 });
    this.draftLayer.add(node);
    this.draft = { node, x0: p.x, y0: p.y };
    this.draftLayer.batchDraw();
  }

  private pointerMove() {
    const draft = this.draft;
    if (!draft) return;
    const p = this.stage.getRelativePointerPosition();
    if (!p) return;
    if (draft.node instanceof Konva.Rect) {
      const r = rectFromDrag(draft.x0, draft.y0, p.x, p.y);
      draft.node.setAttrs({ x: r.x, y: r.y, width: r.w, height: r.h });
    } else if (this.tool === 'line') {
      draft.node.points([draft.x0, draft.y0, p.x, p.y]);
    } else {
      // Appended in place (no copy of the whole stroke per move); setting the same array marks the line changed.
      const points = draft.node.points();
      points.push(p.x, p.y);
      draft.node.points(points);
    }
    this.draftLayer.batchDraw();
  }

  private pointerUp() {
    const text = this.pendingText;
    if (text) {
      this.pendingText = null;
      const { color, opacity, width } = this.prefs;
      const w = Math.max(TEXT_MIN_WIDTH, Math.min(TEXT_DEFAULT_WIDTH, this.size.width - text.x));
      this.callbacks.onAdd(this.normal({ kind: 'text', color, opacity, width, x: text.x, y: text.y, w, text: '' }), true);
      return;
    }
    const draft = this.draft;
    if (!draft) return;
    this.draft = null;
    const { color, opacity, width } = this.prefs;
    const kind = this.tool === 'rect' || this.tool === 'line' || this.tool === 'highlight' ? this.tool : 'draw';
    let px: NewShape;
    if (draft.node instanceof Konva.Rect) {
      px = { kind: 'rect', color, opacity, width, x: draft.node.x(), y: draft.node.y(), w: Math.max(RECT_MIN_SIZE, draft.node.width()), h: Math.max(RECT_MIN_SIZE, draft.node.height()) };
    } else {
      const points = draft.node.points();
      // A click without a drag still leaves a dot.
      const withLength = points.length >= 4 ? points : [draft.x0, draft.y0, draft.x0 + 0.5, draft.y0 + 0.5];
      px = { kind, color, opacity: opacityFor(kind, opacity), width, points: withLength.slice(0, kind === 'line' ? 4 : undefined) };
    }
    draft.node.destroy();
    this.draftLayer.batchDraw();
    this.callbacks.onAdd(this.normal(px), false);
  }
}

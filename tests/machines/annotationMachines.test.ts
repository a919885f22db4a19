import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { AnnotationPrefs, AnnotationShape } from '../../domain/annotation.ts';
import { annotationDialogMachine, type AnnotationDialogInput, type AnnotationDialogOutput, type AnnotationExport } from '../../machines/annotation/annotationDialogMachine.ts';
import { canvasMachine } from '../../machines/annotation/canvasMachine.ts';
import type { NewShape } from '../../machines/annotation/canvasRules.ts';

const stroke: NewShape = { kind: 'draw', color: '#e53935', opacity: 1, width: 4, points: [0.1, 0.1, 0.2, 0.2] };
const rect: NewShape = { kind: 'rect', color: '#00aa00', opacity: 0.5, width: 12, x: 0.5, y: 0.5, w: 0.2, h: 0.2 };
const highlight: NewShape = { kind: 'highlight', color: '#ffeb3b', opacity: 0.3, width: 16, points: [0.1, 0.5, 0.6, 0.5] };

function canvas(input: { prefs?: AnnotationPrefs; shapes?: AnnotationShape[] } = {}) {
  const persisted: AnnotationPrefs[] = [];
  const actor = createActor(canvasMachine.provide({ actions: { persistPrefs: (_, params) => persisted.push(params.prefs) } }), { input }).start();
  return { actor, persisted, shapes: () => actor.getSnapshot().context.shapes };
}

describe('annotationCanvas: the canvas tools (review §4, §5)', () => {
  it('selecting a shape loads its colour, opacity and width, and changes then apply to it (and are remembered)', () => {
    const { actor, persisted, shapes } = canvas();
    actor.send({ type: 'canvas.add', shape: stroke });
    actor.send({ type: 'canvas.add', shape: rect });
    actor.send({ type: 'canvas.select', id: 's2' });
    expect(actor.getSnapshot().context.prefs).toMatchObject({ color: '#00aa00', opacity: 0.5, width: 12 });
    actor.send({ type: 'canvas.setColor', color: '#00f' });
    actor.send({ type: 'canvas.setWidth', width: 6 });
    expect(shapes()[1]).toMatchObject({ color: '#0000ff', width: 6 });
    expect(shapes()[0]).toMatchObject({ color: '#e53935', width: 4 });
    expect(persisted.at(-1)).toMatchObject({ color: '#0000ff', width: 6 });
  });

  it('refuses a colour that is not hex 3, 4 or 6 digits, a width outside 2–99 and an opacity outside 0–1', () => {
    const { actor, persisted } = canvas();
    const before = actor.getSnapshot().context.prefs;
    actor.send({ type: 'canvas.setColor', color: '#12345' });
    actor.send({ type: 'canvas.setWidth', width: 100 });
    actor.send({ type: 'canvas.setWidth', width: 1 });
    actor.send({ type: 'canvas.setOpacity', opacity: 1.5 });
    expect(actor.getSnapshot().context.prefs).toEqual(before);
    expect(persisted).toEqual([]);
  });

  it('a selected highlight keeps its fixed 0.3 opacity', () => {
    const { actor, shapes } = canvas();
    actor.send({ type: 'canvas.add', shape: highlight, select: true });
    actor.send({ type: 'canvas.setOpacity', opacity: 0.8 });
    expect(shapes()[0]?.opacity).toBe(0.3);
    expect(actor.getSnapshot().context.prefs.opacity).toBe(0.8);
  });

  it('clear removes the selection, or everything when nothing is selected; undo and redo step back and forth', () => {
    const { actor, shapes } = canvas();
    actor.send({ type: 'canvas.add', shape: stroke });
    actor.send({ type: 'canvas.add', shape: rect });
    actor.send({ type: 'canvas.add', shape: highlight });
    actor.send({ type: 'canvas.select', id: 's2' });
    actor.send({ type: 'canvas.clear' });
    expect(shapes().map((s) => s.id)).toEqual(['s1', 's3']);
    actor.send({ type: 'canvas.clear' });
    expect(shapes()).toEqual([]);
    actor.send({ type: 'canvas.undo' });
    actor.send({ type: 'canvas.undo' });
    expect(shapes().map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    actor.send({ type: 'canvas.redo' });
    expect(shapes().map((s) => s.id)).toEqual(['s1', 's3']);
  });

  it('an empty text is removed when its editor closes and leaves nothing to undo; a typed one is kept', () => {
    const { actor, shapes } = canvas();
    actor.send({ type: 'canvas.add', shape: { kind: 'text', color: '#000000', opacity: 1, width: 4, x: 0.1, y: 0.1, w: 0.3, text: '' } });
    expect(actor.getSnapshot().matches('editingText')).toBe(true);
    actor.send({ type: 'canvas.commitText', text: '   ' });
    expect(shapes()).toEqual([]);
    expect(actor.getSnapshot().context.past).toEqual([]);
    actor.send({ type: 'canvas.add', shape: { kind: 'text', color: '#000000', opacity: 1, width: 4, x: 0.1, y: 0.1, w: 0.3, text: '' } });
    actor.send({ type: 'canvas.commitText', text: 'Look' });
    expect(shapes()).toMatchObject([{ kind: 'text', text: 'Look' }]);
    expect(actor.getSnapshot().matches('selected')).toBe(true);
    actor.send({ type: 'canvas.undo' });
    expect(shapes()).toEqual([]);
  });

  it('an earlier annotation opens with its shapes, new ones numbered after them, and its remembered settings', () => {
    const { actor, shapes } = canvas({ shapes: [{ id: 's7', ...stroke }], prefs: { tool: 'rect', color: '#112233', opacity: 0.4, width: 9 } });
    actor.send({ type: 'canvas.add', shape: rect });
    expect(shapes().map((s) => s.id)).toEqual(['s7', 's8']);
    expect(shapes()[1]).toMatchObject({ kind: 'rect' });
    expect(actor.getSnapshot().context.prefs.tool).toBe('rect');
  });
});

const EXPORTED: AnnotationExport = { fileId: 'file-7', size: 5120, width: 1280, height: 720 };

function dialog(exportPng: (input: { dialogId: string; shapes: AnnotationShape[] }) => Promise<AnnotationExport> = async () => EXPORTED, input: Partial<AnnotationDialogInput> = {}) {
  const tracked: { event: string; properties: unknown }[] = [];
  const persisted: AnnotationPrefs[] = [];
  const exports: { dialogId: string; shapes: AnnotationShape[] }[] = [];
  const actor = createActor(
    annotationDialogMachine.provide({
      actions: { track: (_, params) => tracked.push(params) },
      actors: {
        canvas: canvasMachine.provide({ actions: { persistPrefs: (_, params) => void persisted.push(params.prefs) } }),
        exportPng: fromPromise(({ input }) => {
          exports.push(input);
          return exportPng(input);
        }),
      },
    }),
    { input: { dialogId: 'd-9', ...input } },
  ).start();
  const canvasRef = () => actor.getSnapshot().children.canvas as ActorRefFrom<typeof canvasMachine> | undefined;
  const output = () => (actor.getSnapshot().status === 'done' ? (actor.getSnapshot().output as AnnotationDialogOutput) : null);
  return { actor, tracked, persisted, exports, canvasRef, output, cancelled: () => (output()?.outcome === 'abandoned' ? 1 : 0) };
}

const done = (actor: { subscribe(fn: (s: { status: string }) => void): unknown; getSnapshot(): { status: string } }) =>
  new Promise<void>((resolve) => {
    if (actor.getSnapshot().status === 'done') resolve();
    else actor.subscribe((s) => s.status === 'done' && resolve());
  });

describe('annotationDialog: opened, committed or abandoned, tracked (review §4)', () => {
  it('tracks the opening, and the commit with the annotation data; its output is the export (a file id, no bytes) and the shapes', async () => {
    const shapes: AnnotationShape[] = [{ id: 's1', ...stroke }, { id: 's2', ...rect }];
    const { actor, tracked, output, exports } = dialog();
    actor.send({ type: 'annotation.captured' });
    actor.send({ type: 'annotation.save', shapes });
    await done(actor);
    expect(actor.getSnapshot().value).toBe('committed');
    expect(exports).toEqual([{ dialogId: 'd-9', shapes }]);
    expect(tracked.map((t) => t.event)).toEqual(['annotation dialog opened', 'annotation dialog committed']);
    expect(tracked[1]?.properties).toMatchObject({
      dialog_id: 'd-9',
      tool_counts: { draw: 1, rect: 1, highlight: 0, line: 0, text: 0 },
      strokes: [
        { count: 1, color: '#e53935ff', stroke_width: 4 },
        { count: 1, color: '#00aa0080', stroke_width: 12 },
      ],
    });
    expect(output()).toEqual({ outcome: 'committed', export: EXPORTED, shapes });
    // JSON all the way: the session log can carry it.
    expect(JSON.parse(JSON.stringify(output()))).toEqual(output());
  });

  it('runs the canvas as its child while ready: opened with the input shapes and settings, drawn on, undone, then committed with what is left', async () => {
    const prefs: AnnotationPrefs = { tool: 'rect', color: '#112233', opacity: 0.4, width: 9 };
    const { actor, canvasRef, persisted, output } = dialog(undefined, { shapes: [{ id: 's1', ...stroke }], prefs });
    expect(canvasRef()).toBeUndefined();
    actor.send({ type: 'annotation.captured' });
    const canvas = canvasRef()!;
    expect(canvas.getSnapshot().context.prefs).toEqual(prefs);
    canvas.send({ type: 'canvas.add', shape: stroke });
    canvas.send({ type: 'canvas.add', shape: rect });
    canvas.send({ type: 'canvas.undo' });
    canvas.send({ type: 'canvas.setWidth', width: 6 });
    expect(persisted.at(-1)).toMatchObject({ width: 6 });
    const shapes = canvas.getSnapshot().context.shapes;
    expect(shapes.map((s) => s.id)).toEqual(['s1', 's2']);
    actor.send({ type: 'annotation.save', shapes });
    await done(actor);
    expect(output()).toEqual({ outcome: 'committed', export: EXPORTED, shapes });
    expect(canvasRef()).toBeUndefined();
  });

  it('cancelling with shapes asks first; keeping returns to editing; discarding abandons (tracked)', () => {
    const { actor, tracked, cancelled } = dialog();
    actor.send({ type: 'annotation.captured' });
    actor.send({ type: 'annotation.cancel', shapeCount: 2 });
    expect(actor.getSnapshot().matches({ ready: 'confirmingAbandon' })).toBe(true);
    actor.send({ type: 'annotation.keepEditing' });
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    actor.send({ type: 'annotation.cancel', shapeCount: 2 });
    actor.send({ type: 'annotation.confirmAbandon' });
    expect(actor.getSnapshot().value).toBe('abandoned');
    expect(tracked.map((t) => t.event)).toEqual(['annotation dialog opened', 'annotation dialog abandoned']);
    expect(cancelled()).toBe(1);
  });

  it('a failed capture can be retried or cancelled; a route change abandons at once, the canvas with it', () => {
    const { actor, cancelled, canvasRef } = dialog();
    actor.send({ type: 'annotation.captureFailed' });
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'annotation.retry' });
    expect(actor.getSnapshot().value).toBe('capturing');
    actor.send({ type: 'annotation.captured' });
    canvasRef()!.send({ type: 'canvas.add', shape: stroke });
    actor.send({ type: 'annotation.routeChanged' });
    expect(actor.getSnapshot().value).toBe('abandoned');
    expect(cancelled()).toBe(1);
    expect(canvasRef()).toBeUndefined();
  });

  it('a failed export returns to editing with the error and the canvas as it was; nothing is output', async () => {
    const { actor, output, canvasRef } = dialog(async () => {
      throw new Error('tainted canvas');
    });
    actor.send({ type: 'annotation.captured' });
    canvasRef()!.send({ type: 'canvas.add', shape: stroke });
    actor.send({ type: 'annotation.save', shapes: canvasRef()!.getSnapshot().context.shapes });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.context.exportError && resolve()));
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true);
    expect(canvasRef()!.getSnapshot().context.shapes).toHaveLength(1);
    expect(output()).toBeNull();
  });
});

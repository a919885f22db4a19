import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { Banner, Button, ConfirmDialog, Dialog, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { canvasSizeFor } from '../../../domain/annotation.ts';
import type { canvasMachine } from '../../../machines/annotation/canvasMachine.ts';
import { selectedShape } from '../../../machines/annotation/canvasRules.ts';
import { AnnotationToolbar } from './AnnotationToolbar.tsx';
import { AnnotationScene } from './konvaScene.ts';
import type { AnnotationDialogProps } from './types.ts';
import './annotation.css';

/** Arrow keys move the selection by 1 canvas pixel, 10 with Shift. */
const NUDGE_PX = 1;
const NUDGE_SHIFT_PX = 10;

const isTextEntry = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'number'));

type CanvasRef = ActorRefFrom<typeof canvasMachine>;

/**
 * The snapshot annotation dialog (review-and-content §4, §5, §8, §9): capturing progress, the capture error, or the
 * Konva canvas with its tools. It shows the `annotationDialog` actor it is given (machines/annotation/; in the app the
 * snapshot capture's child) and that actor's child `annotationCanvas`, and only sends them events; its Konva stage is
 * attached under the dialog id for the export (useSystem().annotation.attachCanvas).
 */
export default function AnnotationDialog(props: AnnotationDialogProps) {
  const { annotation: services } = useSystem();
  const sceneRef = useRef<AnnotationScene | null>(null);
  const dialogRef = props.dialog;
  const dialogId = useSelector(dialogRef, (s) => s.context.dialogId);
  const canvasRef = useSelector(dialogRef, (s) => s.children.canvas as CanvasRef | undefined);

  // The export flattens this view's stage: attached under the dialog id while the dialog is shown.
  useEffect(
    () =>
      services.attachCanvas(dialogId, async () => {
        const scene = sceneRef.current;
        if (!scene) throw new Error('The canvas is not ready.');
        return scene.exportPng();
      }),
    [services, dialogId],
  );

  const phase = useSelector(dialogRef, (s) =>
    s.matches('capturing') ? 'capturing' : s.matches('failed') ? 'failed' : s.matches({ ready: 'exporting' }) ? 'exporting' : s.matches('ready') ? 'ready' : 'done',
  );
  const confirming = useSelector(dialogRef, (s) => s.matches({ ready: 'confirmingAbandon' }));
  const exportError = useSelector(dialogRef, (s) => s.context.exportError);

  // The snapshot dialog closes on route change.
  const [location] = useLocation();
  const openedAt = useRef(location);
  useEffect(() => {
    if (location !== openedAt.current) dialogRef.send({ type: 'annotation.routeChanged' });
  }, [dialogRef, location]);

  const shapeCount = (): number => canvasRef?.getSnapshot().context.shapes.length ?? 0;
  const cancel = () => dialogRef.send({ type: 'annotation.cancel', shapeCount: shapeCount() });
  /** Escape deselects; with nothing selected it cancels (which asks first when there are shapes). */
  const escape = () => {
    if (canvasRef && canvasRef.getSnapshot().context.selectedId !== null) canvasRef.send({ type: 'canvas.deselect' });
    else cancel();
  };
  const onEscapeKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    escape();
  };
  const onImageFailed = useCallback(() => dialogRef.send({ type: 'annotation.captureFailed' }), [dialogRef]);
  const save = () => dialogRef.send({ type: 'annotation.save', shapes: canvasRef?.getSnapshot().context.shapes ?? [] });

  const editingButtons = (
    <>
      <Button onClick={cancel} disabled={phase === 'exporting'}>
        {t('annotation.cancel')}
      </Button>
      <Button variant="primary" onClick={save} loading={phase === 'exporting'}>
        {t('annotation.save')}
      </Button>
    </>
  );
  const captureButtons = (
    <>
      {phase === 'failed' && (
        <Button onClick={() => dialogRef.send({ type: 'annotation.retry' })}>
          {t('annotation.retry')}
        </Button>
      )}
      <Button onClick={cancel}>{t('annotation.cancel')}</Button>
    </>
  );
  const footer = (
    // Escape on the footer's buttons does what it does on the canvas.
    <div className="annotation-footer" onKeyDown={onEscapeKey}>
      {phase === 'ready' || phase === 'exporting' ? editingButtons : captureButtons}
    </div>
  );

  return (
    <>
      <Dialog open={phase !== 'done'} onClose={cancel} title={t('annotation.title')} size="lg" closeOnBackdrop={false} dismissible={false} className="annotation-dialog" footer={footer}>
        {phase === 'capturing' && (
          <div className="annotation-dialog__state">
            <Spinner size="lg" label={t('annotation.capturing')} showLabel />
          </div>
        )}
        {phase === 'failed' && (
          <p className="annotation-dialog__error" role="alert">
            {props.error ?? t('review.snapshot.error')}
          </p>
        )}
        {props.note && (phase === 'ready' || phase === 'exporting') && (
          <Banner tone="info" className="annotation-dialog__note">
            {props.note}
          </Banner>
        )}
        {(phase === 'ready' || phase === 'exporting') && props.image && canvasRef && (
          <AnnotationCanvas image={props.image} canvasRef={canvasRef} sceneRef={sceneRef} busy={phase === 'exporting'} onEscape={escape} onImageFailed={onImageFailed} />
        )}
        {exportError && <Banner tone="error">{t('annotation.exportError')}</Banner>}
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('annotation.confirm.title')}
        description={t('annotation.confirm.body')}
        confirmLabel={t('annotation.confirm.discard')}
        cancelLabel={t('annotation.confirm.keep')}
        danger
        onConfirm={() => dialogRef.send({ type: 'annotation.confirmAbandon' })}
        onCancel={() => dialogRef.send({ type: 'annotation.keepEditing' })}
      />
    </>
  );
}

interface AnnotationCanvasProps {
  image: NonNullable<AnnotationDialogProps['image']>;
  canvasRef: CanvasRef;
  sceneRef: { current: AnnotationScene | null };
  busy: boolean;
  onEscape(): void;
  onImageFailed(): void;
}

/** The toolbar, the Konva canvas with its keyboard, the text editor over a text being typed, and the help line. */
function AnnotationCanvas({ image, canvasRef, sceneRef, busy, onEscape, onImageFailed }: AnnotationCanvasProps) {
  const helpId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const focusRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<HTMLImageElement | null>(null);
  const size = useMemo(() => canvasSizeFor(image, window.innerWidth), [image]);

  const prefs = useSelector(canvasRef, (s) => s.context.prefs);
  const shapes = useSelector(canvasRef, (s) => s.context.shapes);
  const selectedId = useSelector(canvasRef, (s) => s.context.selectedId);
  const editing = useSelector(canvasRef, (s) => s.context.editing);
  const canUndo = useSelector(canvasRef, (s) => s.context.past.length > 0);
  const canRedo = useSelector(canvasRef, (s) => s.context.future.length > 0);
  const selected = useSelector(canvasRef, (s) => selectedShape(s.context));

  useEffect(() => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => setLoaded(img);
    img.onerror = () => onImageFailed();
    img.src = image.url;
    return () => {
      img.onload = null;
      img.onerror = null;
    };
  }, [image.url, onImageFailed]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !loaded) return;
    const send = canvasRef.send;
    const scene = new AnnotationScene(container, size, loaded, {
      onAdd: (shape, select) => send({ type: 'canvas.add', shape, select }),
      onUpdate: (id, changes) => send({ type: 'canvas.update', id, changes }),
      onSelect: (id) => send(id === null ? { type: 'canvas.deselect' } : { type: 'canvas.select', id }),
      onEditText: (id) => {
        send({ type: 'canvas.select', id });
        send({ type: 'canvas.editText' });
      },
    });
    sceneRef.current = scene;
    return () => {
      scene.destroy();
      sceneRef.current = null;
    };
  }, [loaded, size, canvasRef, sceneRef]);

  useEffect(() => {
    sceneRef.current?.setTool(prefs.tool, prefs);
  }, [prefs, loaded, sceneRef]);
  useEffect(() => {
    sceneRef.current?.sync(shapes, selectedId, editing?.id ?? null);
  }, [shapes, selectedId, editing, loaded, sceneRef]);

  const send = canvasRef.send;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onEscape();
      return;
    }
    if (isTextEntry(e.target)) return;
    if (mod && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      send({ type: e.shiftKey ? 'canvas.redo' : 'canvas.undo' });
    } else if (mod && e.key === 'y') {
      e.preventDefault();
      send({ type: 'canvas.redo' });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      send({ type: 'canvas.deleteSelection' });
    }
  };

  const onCanvasKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== focusRef.current) return;
    const scene = sceneRef.current;
    const snapshot = canvasRef.getSnapshot();
    const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const arrow = arrows[e.key];
    if (e.key === 'Enter') {
      e.preventDefault();
      if (snapshot.context.selectedId !== null && selectedShape(snapshot.context)?.kind === 'text') send({ type: 'canvas.editText' });
      else if (snapshot.context.prefs.tool === 'move') send({ type: 'canvas.selectNext' });
      else {
        const shape = scene?.defaultShape();
        if (shape) send({ type: 'canvas.add', shape, select: true });
      }
    } else if (e.key === ' ') {
      e.preventDefault();
      send({ type: 'canvas.selectNext' });
    } else if (arrow && snapshot.context.selectedId !== null) {
      e.preventDefault();
      send({ type: 'canvas.nudge', dx: arrow[0] / size.width, dy: arrow[1] / size.height });
    } else if (e.key === '+' || e.key === '=') {
      scene?.zoomBy(1.25);
    } else if (e.key === '-') {
      scene?.zoomBy(0.8);
    } else if (e.key === '0') {
      scene?.resetView();
    }
  };

  const commitText = (text: string) => {
    send({ type: 'canvas.commitText', text });
    focusRef.current?.focus();
  };
  const editingShape = editing ? shapes.find((s) => s.id === editing.id) : undefined;
  const box = editingShape && loaded ? sceneRef.current?.textBox(editingShape) : null;
  const editingText = editingShape?.text ?? '';

  return (
    // Keys reach the whole dialog body: Escape, Delete, undo and redo work wherever focus is (but in text fields).
    <div className="annotation-body" onKeyDown={onKeyDown}>
      <AnnotationToolbar
        prefs={prefs}
        opacityFixed={prefs.tool === 'highlight' || selected?.kind === 'highlight'}
        hasSelection={selectedId !== null}
        canUndo={canUndo}
        canRedo={canRedo}
        canClear={shapes.length > 0}
        disabled={busy}
        onTool={(tool) => send({ type: 'canvas.setTool', tool })}
        onColor={(color) => send({ type: 'canvas.setColor', color })}
        onWidth={(width) => send({ type: 'canvas.setWidth', width })}
        onOpacity={(opacity) => send({ type: 'canvas.setOpacity', opacity })}
        onClear={() => send({ type: 'canvas.clear' })}
        onUndo={() => send({ type: 'canvas.undo' })}
        onRedo={() => send({ type: 'canvas.redo' })}
      />
      <div
        ref={focusRef}
        className="annotation-canvas"
        style={{ width: size.width, height: size.height }}
        role="application"
        aria-roledescription={t('annotation.canvas.role')}
        aria-label={t('annotation.canvas', { count: shapes.length })}
        aria-describedby={helpId}
        tabIndex={0}
        onKeyDown={onCanvasKeyDown}
      >
        <div ref={containerRef} className="annotation-canvas__stage" />
        {!loaded && <Spinner label={t('annotation.capturing')} />}
        {editing && box && (
          <textarea
            key={editing.id}
            className="annotation-canvas__text"
            aria-label={t('annotation.textEditor')}
            autoFocus
            defaultValue={editingText}
            style={{ left: box.left, top: box.top, width: box.width, fontSize: box.fontSize, color: prefs.color }}
            onBlur={(e) => {
              if (canvasRef.getSnapshot().matches('editingText')) commitText(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                commitText(e.currentTarget.value);
              }
            }}
          />
        )}
      </div>
      <p id={helpId} className="annotation-help">
        {t('annotation.help')}
      </p>
    </div>
  );
}

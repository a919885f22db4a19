/**
 * The area an annotated comment refers to, pointed at on the player while its thread is hovered or focused: the
 * box around the comment's shapes (normalised to the snapshot, which is the player frame's view), drawn over the
 * frame with rough-notation (ui/views/roughEmphasis.ts).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AnnotationShape } from '../../../domain/annotation.ts';
import { EMPHASIS_COLOR, useRoughBox } from '../roughEmphasis.ts';

/** A text shape's box height when it has none (a line of text, as a share of the snapshot). */
const TEXT_HEIGHT = 0.06;

/** The shapes' bounding box, 0..1 of the snapshot; null without shapes. */
export function shapesBounds(shapes: readonly AnnotationShape[]): { x: number; y: number; w: number; h: number } | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const shape of shapes) {
    const points = shape.points ?? [];
    for (let i = 0; i + 1 < points.length; i += 2) {
      xs.push(points[i]!);
      ys.push(points[i + 1]!);
    }
    if (shape.x !== undefined && shape.y !== undefined) {
      xs.push(shape.x, shape.x + (shape.w ?? 0));
      ys.push(shape.y, shape.y + (shape.h ?? TEXT_HEIGHT));
    }
  }
  if (xs.length === 0 || ys.length === 0) return null;
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x = clamp(Math.min(...xs));
  const y = clamp(Math.min(...ys));
  return { x, y, w: clamp(Math.max(...xs)) - x, h: clamp(Math.max(...ys)) - y };
}

const PLAYER_FRAME_SELECTOR = 'iframe.package-player__frame';

export function AnnotationArea({ shapes }: { shapes: readonly AnnotationShape[] }) {
  const [rect, setRect] = useState<{ top: number; left: number; width: number; height: number } | null>(null);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const frame = document.querySelector<HTMLIFrameElement>(PLAYER_FRAME_SELECTOR);
    const bounds = shapesBounds(shapes);
    if (!frame || !bounds) return;
    const r = frame.getBoundingClientRect();
    setRect({ top: r.top + bounds.y * r.height, left: r.left + bounds.x * r.width, width: Math.max(8, bounds.w * r.width), height: Math.max(8, bounds.h * r.height) });
  }, [shapes]);
  useRoughBox(box, { color: EMPHASIS_COLOR, padding: 6, strokeWidth: 3 });
  if (!rect) return null;
  return createPortal(<div ref={setBox} className="annotation-area" data-testid="annotation-area" aria-hidden="true" style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }} />, document.body);
}

/** Listens to its thread (the enclosing article): while it is hovered or holds the focus, the area is pointed at. */
export function ThreadAnnotationPointer({ shapes }: { shapes: readonly AnnotationShape[] }) {
  const [anchor, setAnchor] = useState<HTMLSpanElement | null>(null);
  const [pointing, setPointing] = useState(false);
  useEffect(() => {
    const thread = anchor?.closest('article');
    if (!thread) return;
    const on = () => setPointing(true);
    const off = (event: Event) => {
      const next = (event as FocusEvent).relatedTarget;
      if (event.type === 'focusout' && next instanceof Node && thread.contains(next)) return;
      setPointing(false);
    };
    thread.addEventListener('mouseenter', on);
    thread.addEventListener('mouseleave', off);
    thread.addEventListener('focusin', on);
    thread.addEventListener('focusout', off);
    return () => {
      thread.removeEventListener('mouseenter', on);
      thread.removeEventListener('mouseleave', off);
      thread.removeEventListener('focusin', on);
      thread.removeEventListener('focusout', off);
    };
  }, [anchor]);
  return (
    <>
      <span ref={setAnchor} hidden />
      {pointing && <AnnotationArea shapes={shapes} />}
    </>
  );
}

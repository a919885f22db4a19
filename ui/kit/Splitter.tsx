import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cx } from './cx.ts';

export interface SplitterProps {
  /** Size of the panel before the splitter, in percent of the splitter's container. */
  value: number;
  min: number;
  max: number;
  /** Arrow-key step in percent; Page Up / Page Down move 5 steps. */
  step?: number;
  /** Accessible name, e.g. "Resize the folder panel". */
  label: string;
  /** Id of the panel it resizes. */
  controls?: string;
  /** Every change while dragging or pressing keys. */
  onChange: (value: number) => void;
  /** Once a drag ends or a key changed the size: the moment to persist it. */
  onChangeEnd?: (value: number) => void;
  className?: string;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value * 10) / 10));
}

/**
 * A vertical window splitter (WAI-ARIA APG "window splitter"): a focusable separator carrying its value.
 * Drag it with a pointer; Arrow keys move it by `step`, Page Up/Down by five steps, Home/End to the bounds.
 * The panel it sizes and the splitter share one container, whose width is 100 %.
 */
export function Splitter({ value, min, max, step = 1, label, controls, onChange, onChangeEnd, className }: SplitterProps) {
  const drag = useRef<{ left: number; width: number; last: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const container = event.currentTarget.parentElement;
    if (!container) return;
    const rect = container.getBoundingClientRect();
    if (rect.width <= 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { left: rect.left, width: rect.width, last: value };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const next = clamp(((event.clientX - d.left) / d.width) * 100, min, max);
    if (next !== d.last) {
      d.last = next;
      onChange(next);
    }
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
    onChangeEnd?.(d.last);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowLeft':
      case 'ArrowDown':
        next = value - step;
        break;
      case 'ArrowRight':
      case 'ArrowUp':
        next = value + step;
        break;
      case 'PageDown':
        next = value - step * 5;
        break;
      case 'PageUp':
        next = value + step * 5;
        break;
      case 'Home':
        next = min;
        break;
      case 'End':
        next = max;
        break;
      default:
        return;
    }
    event.preventDefault();
    const clamped = clamp(next, min, max);
    if (clamped === value) return;
    onChange(clamped);
    onChangeEnd?.(clamped);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={cx('k-splitter', className)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    >
      <span className="k-splitter__grip" aria-hidden="true" />
    </div>
  );
}

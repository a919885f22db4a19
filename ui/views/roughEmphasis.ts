/**
 * Pointing at an element with a hand-drawn box (rough-notation, loaded on first use): the translation
 * walkthrough's highlighted element and the area an annotated comment refers to. The box is drawn without its
 * stroke animation when the user prefers reduced motion.
 */
import { useEffect } from 'react';
import type { annotate } from 'rough-notation';

type Annotate = typeof annotate;

let loading: Promise<Annotate> | null = null;
const roughNotation = (): Promise<Annotate> => {
  loading ??= import('rough-notation').then((m) => m.annotate);
  return loading;
};

/** The boxes' colour (the accent: SVG attributes do not take CSS variables). */
export const EMPHASIS_COLOR = '#4f46e5';

export const prefersReducedMotion = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Draws a rough box around `element` while it is given (and `key` unchanged); `onDrawn` hears whether it was drawn.
 * The SVG is decoration (rough-notation marks it aria-hidden); nothing is drawn in environments without SVG layout.
 */
export function useRoughBox(element: HTMLElement | null, options: { color: string; padding?: number; strokeWidth?: number }, key: unknown = null, onDrawn?: (drawn: boolean) => void): void {
  const { color, padding = 4, strokeWidth = 2 } = options;
  useEffect(() => {
    if (!element || typeof SVGElement === 'undefined') return;
    let removed = false;
    let annotation: { show(): void; remove(): void } | null = null;
    roughNotation()
      .then((draw) => {
        if (removed || !element.isConnected) return;
        annotation = draw(element, { type: 'box', color, padding, strokeWidth, animate: !prefersReducedMotion(), iterations: 2 });
        annotation.show();
        onDrawn?.(true);
      })
      .catch(() => onDrawn?.(false));
    return () => {
      removed = true;
      annotation?.remove();
      onDrawn?.(false);
    };
  }, [element, color, padding, strokeWidth, key, onDrawn]);
}

/** Whether an element is narrower than a width, measured with a ResizeObserver (a view's own DOM measurement). */
import { useLayoutEffect, useState, type RefObject } from 'react';

/** §2 the bottom bar is compact below this width. */
export const COMPACT_BELOW_PX = 400;

/** True while the element is narrower than `belowPx`; false until measured (and on the server). */
export function useCompact(ref: RefObject<HTMLElement | null>, belowPx: number = COMPACT_BELOW_PX): boolean {
  const [compact, setCompact] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = (width: number) => setCompact(width > 0 && width < belowPx);
    update(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, belowPx]);
  return compact;
}

/** The panel is wide enough for the stack sidebar beside the table (the stylesheet's container query agrees). */
export const SIDEBAR_BESIDE_FROM_PX = 720;
/** Below this height the panel scrolls as a whole and the table fills it once scrolled to (a phone, a short window). */
export const SHORT_PANEL_BELOW_PX = 640;

/**
 * The translate panel's shape, measured with a ResizeObserver: `wide` (the sidebar goes beside the table) and
 * `short` (the tools scroll away above a table that fills the panel). Both false until measured.
 */
export function usePanelShape(ref: RefObject<HTMLElement | null>): { wide: boolean; short: boolean } {
  const [shape, setShape] = useState({ wide: false, short: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = (width: number, height: number) => {
      const wide = width >= SIDEBAR_BESIDE_FROM_PX;
      const short = height > 0 && height < SHORT_PANEL_BELOW_PX;
      setShape((current) => (current.wide === wide && current.short === short ? current : { wide, short }));
    };
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return shape;
}

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

/** Keyboard focus after a comment box closes (WCAG 2.4.3: focus is not lost to the page's body). */
import { useEffect, useRef } from 'react';

/**
 * When a box inside `container` closes (`open` goes from true to false: a reply or an edit saved or cancelled) and the focus
 * went with it (to the page's body), the keyboard goes back to `selector` inside the container (the Reply button, the comment's actions),
 * or to the container itself.
 */
export function useFocusBackAfterClose(open: boolean, containerRef: { readonly current: HTMLElement | null }, selector: string): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    const container = containerRef.current;
    if (!closed || !container) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    const target = container.querySelector<HTMLElement>(selector) ?? container;
    target.focus();
  }, [open, containerRef, selector]);
}

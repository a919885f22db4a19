import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, calls `onDismiss` on a pointer press outside every element in `refs`
 * and on Escape (with `'escape'` so the caller can return focus).
 */
export function useDismiss(
  active: boolean,
  refs: ReadonlyArray<RefObject<HTMLElement | null>>,
  onDismiss: (cause: 'outside' | 'escape') => void,
): void {
  const latest = useRef({ refs, onDismiss });
  useLayoutEffect(() => {
    latest.current = { refs, onDismiss };
  });

  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && latest.current.refs.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      latest.current.onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}

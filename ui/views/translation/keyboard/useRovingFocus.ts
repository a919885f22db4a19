/**
 * The segments table's roving focus (the table is one Tab stop): the rows that stay mounted whatever the scroll (the
 * tab stop's and the edited one), the keys that move the tab stop, and the DOM focus following it.
 */
import { defaultRangeExtractor, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { isTextEntryTarget } from '../TranslationPanel.tsx';
import { tableKeyAction } from './keys.ts';

/** Marks the element of a row that takes the table's focus (a segment's target, a group's disclosure button). */
export const ROVING = 'data-roving';

/** Marks the part of a row holding its own controls (a segment's extras: Reset, suggestions…), reached by arrows. */
export const ROW_CONTROLS = 'data-row-controls';

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/** The controls of a row the arrows step through: its focus element, then its extras' enabled controls. */
function rowControls(row: Element): HTMLElement[] {
  const own = row.querySelector<HTMLElement>(`[${ROVING}]`);
  const extras = [...row.querySelectorAll<HTMLElement>(`[${ROW_CONTROLS}] :is(${FOCUSABLE})`)].filter((element) => !element.matches(':disabled'));
  return own ? [own, ...extras] : extras;
}

/**
 * Takes the focusable elements inside `ref` out of the Tab order while `active` (they stay reachable by arrows:
 * the table is one Tab stop), as they come and go; gives them back their own order when it ends.
 */
export function useOutOfTabOrder(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !active) return;
    const taken = new Map<HTMLElement, string | null>();
    const apply = () => {
      for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        if (element.getAttribute('tabindex') === '-1') continue;
        if (!taken.has(element)) taken.set(element, element.getAttribute('tabindex'));
        element.setAttribute('tabindex', '-1');
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['tabindex'] });
    return () => {
      observer.disconnect();
      for (const [element, tabIndex] of taken) {
        if (tabIndex === null) element.removeAttribute('tabindex');
        else element.setAttribute('tabindex', tabIndex);
      }
    };
  }, [ref, active]);
}

/** The virtualizer's range with the tab stop's row and the edited row always in it. */
export function usePinnedRange(rows: readonly { key: string }[], tabStopKey: string | null, editingKey: string | null) {
  const tabStopIndex = useMemo(() => (tabStopKey === null ? -1 : rows.findIndex((row) => row.key === tabStopKey)), [rows, tabStopKey]);
  const editingIndex = useMemo(() => (editingKey === null ? -1 : rows.findIndex((row) => row.key === editingKey)), [rows, editingKey]);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const pinned of [tabStopIndex, editingIndex]) if (pinned >= 0 && !indexes.includes(pinned)) indexes.push(pinned);
      return indexes.sort((a, b) => a - b);
    },
    [tabStopIndex, editingIndex],
  );
  return { rangeExtractor, tabStopIndex };
}

export interface RovingFocusOptions {
  rows: readonly { key: string }[];
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, 'scrollToIndex'>;
  tabStopKey: string | null;
  tabStopIndex: number;
  editingKey: string | null;
  /** Rows per page (Page Up / Page Down). */
  pageRows: () => number;
  onFocusMove: (move: 'previous' | 'next' | 'first' | 'last', count: number) => void;
  onFocusRow: (key: string) => void;
}

/**
 * The table's keys and focus: arrows, Home / End and Page Up / Page Down on a row ask to move the tab stop; a row
 * focused (a click, Tab) becomes the tab stop where it is (not scrolled); when the tab stop moves while the keyboard is in the table (or dropped
 * to the page), its row is scrolled into view and focused (an editor opening there takes the focus itself).
 */
export function useRovingFocus({ rows, scrollRef, virtualizer, tabStopKey, tabStopIndex, editingKey, pageRows, onFocusMove, onFocusRow }: RovingFocusOptions) {
  const lastTabStop = useRef(tabStopKey);
  // The row that took the focus itself (a press of the pointer, Tab): it is where the user put it, so the tab stop
  // moving there scrolls nothing. Scrolling it fully into view would move it under a pointer still pressed, and the
  // release over another element loses the click.
  const focusedByUser = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (lastTabStop.current === tabStopKey) return;
    lastTabStop.current = tabStopKey;
    const byUser = focusedByUser.current === tabStopKey;
    focusedByUser.current = null;
    if (byUser) return;
    const scroller = scrollRef.current;
    const active = document.activeElement;
    if (!scroller || tabStopIndex < 0 || !(active === null || active === document.body || scroller.contains(active))) return;
    virtualizer.scrollToIndex(tabStopIndex, { align: 'auto' });
    if (tabStopKey === editingKey) return;
    scroller.querySelector<HTMLElement>(`[data-index="${tabStopIndex}"] [${ROVING}]`)?.focus({ preventScroll: true });
  }, [tabStopKey, tabStopIndex, editingKey, virtualizer, scrollRef]);

  const onTableKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const inControls = !target.hasAttribute?.(ROVING) && !!target.closest?.(`[${ROW_CONTROLS}]`) && !isTextEntryTarget(target);
    if (!target.hasAttribute?.(ROVING) && !inControls) return;
    if (rowControlKey(event, target, inControls)) return;
    const action = tableKeyAction(event);
    if (!action) return;
    event.preventDefault();
    onFocusMove(action.move, action.page ? pageRows() : 1);
  };
  const onTableFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute?.(ROVING)) return;
    const index = Number(target.closest('[data-index]')?.getAttribute('data-index'));
    const key = Number.isInteger(index) ? rows[index]?.key : undefined;
    if (key === undefined) return;
    focusedByUser.current = key === tabStopKey ? null : key;
    onFocusRow(key);
  };
  return { onTableKeyDown, onTableFocus };
}

/**
 * Right / Left step through a row's own controls (its focus element, then its extras: Reset, suggestions…), which are
 * out of the Tab order; Escape from one goes back to the row. Left on the row's focus element, and Right on a row
 * without controls, are left to the tab (previous / next group). True when the key was handled.
 */
function rowControlKey(event: KeyboardEvent<HTMLDivElement>, target: HTMLElement, inControls: boolean): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const row = target.closest('[data-index]');
  if (!row) return false;
  const controls = rowControls(row);
  const at = controls.indexOf(target);
  let next: HTMLElement | undefined;
  if (event.key === 'ArrowRight' && controls.length > 1) next = controls[Math.min(controls.length - 1, at + 1)];
  else if (event.key === 'ArrowLeft' && inControls) next = controls[Math.max(0, at - 1)];
  else if (event.key === 'Escape' && inControls) next = controls[0];
  if (!next) return false;
  event.preventDefault();
  next.focus();
  return true;
}

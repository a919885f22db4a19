/**
 * The segments table's roving focus (the table is one Tab stop): the rows that stay mounted whatever the scroll (the
 * tab stop's and the edited one), the keys that move the tab stop, and the DOM focus following it.
 */
import { defaultRangeExtractor, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { tableKeyAction } from './keys.ts';

/** Marks the element of a row that takes the table's focus (a segment's target, a group's disclosure button). */
export const ROVING = 'data-roving';

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
    const action = tableKeyAction(event);
    const target = event.target as HTMLElement;
    if (!action || !target.hasAttribute?.(ROVING)) return;
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

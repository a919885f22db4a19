/** The extras slot under a segment row's target, its controls kept out of the Tab order outside editing. */
import { useRef, type ReactNode } from 'react';
import { ROW_CONTROLS, useOutOfTabOrder } from './useRovingFocus.ts';

/**
 * The extras slot under a segment's target. Outside editing its controls (Reset, a suggestion's buttons) are not Tab
 * stops, the table being one: Right / Left reach them from the row (useRovingFocus). While the row is edited they
 * follow the editor in the Tab order.
 */
export function RowExtras({ outOfTabOrder, children }: { outOfTabOrder: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useOutOfTabOrder(ref, outOfTabOrder);
  return (
    <div ref={ref} className="translation-segment__extras" {...{ [ROW_CONTROLS]: '' }}>
      {children}
    </div>
  );
}

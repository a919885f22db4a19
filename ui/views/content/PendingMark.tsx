import type { PendingStatus } from '../../../machines/content/contentEvents.ts';
import { cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The words of a pending mark: on its way, or held until the connection returns. */
export function pendingText(status: PendingStatus): string {
  return t(status === 'waiting' ? 'content.pending.waiting' : 'content.pending.saving');
}

export interface PendingMarkProps {
  /** The element the mark describes points here with aria-describedby (the mark itself is hidden from the name). */
  id: string;
  status: PendingStatus;
  /** Just the dot, the words kept for assistive technology and the tooltip (the folder tree). */
  compact?: boolean;
  className?: string;
}

/**
 * The mark on a folder or item changed on screen and not confirmed by the service yet (review-and-content §4
 * optimistic changes): "Saving…" while it is on its way, "Waiting for connection" while it is held until the connection
 * returns. Hidden from the name of what it marks, which names it as its description.
 */
export function PendingMark({ id, status, compact = false, className }: PendingMarkProps) {
  const text = pendingText(status);
  return (
    <span id={id} aria-hidden="true" className={cx('pending-mark', `pending-mark--${status}`, compact && 'pending-mark--compact', className)} title={text}>
      <span className="pending-mark__dot" />
      <span className={compact ? 'k-visually-hidden' : 'pending-mark__text'}>{text}</span>
    </span>
  );
}

/**
 * The item header's review-request button (review-and-content §2, §4 overall status): 'Request review' while the item
 * has no reviewers (for canCRUD; nothing for others), otherwise the overall status (in progress / complete) opening
 * the request-review flyout. Goes into ItemHeader's `reviewRequest` slot; the avatars are ItemHeader's `reviewers`
 * (see `reviewerAvatarsOf`).
 */
import type { ReactNode } from 'react';
import { overallStatus, type ReviewRequestRow } from '../../../domain/reviewRequests.ts';
import { CheckIcon, ChevronDownIcon, Popover, ReviewIcon, buttonClass, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import type { ReviewerAvatar } from '../item/ItemHeader.tsx';

export interface ReviewRequestButtonProps {
  rows: readonly Pick<ReviewRequestRow, 'status'>[];
  canCRUD: boolean;
  /** 'Request review' clicked (open the request dialog). */
  onRequestReview: () => void;
  /** The flyout's content (ReviewRequestFlyout), given `close` for actions that leave it. */
  flyout: (close: () => void) => ReactNode;
  /** The flyout opened or closed. */
  onOpenChange?: (open: boolean) => void;
}

/** The header button: request, or the overall status with the flyout. */
export function ReviewRequestButton({ rows, canCRUD, onRequestReview, flyout, onOpenChange }: ReviewRequestButtonProps) {
  const overall = overallStatus(rows);
  if (overall === 'none') {
    if (!canCRUD) return null;
    return (
      <button type="button" className={buttonClass('primary', 'sm', 'review-request-button')} onClick={onRequestReview}>
        <ReviewIcon size={16} aria-hidden="true" />
        <span className="k-button__label">{t('review.request.button')}</span>
      </button>
    );
  }
  return (
    <Popover
      title={t('review.request.flyout.title')}
      align="end"
      className="review-request-popover"
      triggerClassName={buttonClass('secondary', 'sm', cx('review-request-button', `review-request-button--${overall}`))}
      onOpenChange={onOpenChange}
      trigger={
        <>
          {overall === 'complete' ? <CheckIcon size={16} aria-hidden="true" /> : <ReviewIcon size={16} aria-hidden="true" />}
          <span className="k-button__label">{t(overall === 'complete' ? 'review.request.button.complete' : 'review.request.button.inProgress')}</span>
          <ChevronDownIcon size={14} aria-hidden="true" />
        </>
      }
    >
      {flyout}
    </Popover>
  );
}

/** The header's reviewer avatars (ItemHeader `reviewers`: it shows 4 and '+N'). */
export function reviewerAvatarsOf(rows: readonly ReviewRequestRow[]): ReviewerAvatar[] {
  return rows.map((row) => ({ id: row.id, name: row.displayName || row.email, email: row.email, avatarUrl: row.avatars.small }));
}

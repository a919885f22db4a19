/**
 * The request-review flyout (review-and-content §2 request-review flyout, §3 Review request row, §4 review status per
 * reviewer, §5 due date, §6 review requests, §8 mark-complete error, §9 active reviewer list and dates): the reviewers
 * with their status badges, created and due dates (the first ACTIVE_REVIEWER_ROWS and "Show N more"); for canCRUD
 * remove a reviewer, delete the whole request, edit the due date, add reviewers and re-request; for the viewer who is
 * a reviewer mark their review complete or reopen it (after confirming). Presentational: rows, flags and callbacks.
 */
import { useState } from 'react';
import { ACTIVE_REVIEWER_ROWS, formatDueDate, formatReviewDate, statusBadge, type ReviewRequestRow } from '../../../domain/reviewRequests.ts';
import { Avatar, Banner, Button, CloseIcon, ConfirmDialog, PlusIcon, RestoreIcon, TrashIcon, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** The badge of a status (§3: commented shows as in progress). */
export function StatusBadge({ status }: { status: ReviewRequestRow['status'] }) {
  const badge = statusBadge(status);
  return <span className={cx('review-badge', `review-badge--${badge}`)}>{t(`review.request.status.${badge}`)}</span>;
}

export interface ReviewRequestFlyoutProps {
  /** Every reviewer of the item, in the order shown. */
  rows: readonly ReviewRequestRow[];
  /** Add reviewers, remove one, delete the request, edit the due date (§6). */
  canCRUD: boolean;
  /** The viewer's own row id (domain matchReviewer), or null when the viewer is not a reviewer. */
  myRowId: string | null;
  /** Domain canReRequest (the owner, every review complete). */
  canReRequest: boolean;
  /** Today (YYYY-MM-DD, domain todayIn in the viewer's zone): the due date's minimum. */
  today: string;
  /** The viewer's IANA zone for the created dates; UTC when left out. */
  timeZone?: string;
  /** A call is running (completing, reopening, re-requesting, deleting, saving the due date): actions wait. */
  busy?: boolean;
  /** §8 the mark-complete failure: 'review.request_review_header.mark_complete_error_message' inline. */
  markCompleteFailed?: boolean;
  /** The reopen confirmation is showing (the flow actor's confirming state). */
  confirmingReopen?: boolean;
  /** The delete-whole-request confirmation is showing. */
  confirmingDeleteAll?: boolean;
  onAddReviewers: () => void;
  /** Remove one reviewer; the lead shows DeleteReviewerDialog unless the local setting skips it. */
  onRemoveReviewer: (row: ReviewRequestRow) => void;
  onDeleteAll: () => void;
  onConfirmDeleteAll: () => void;
  onCancelDeleteAll: () => void;
  /** A new due date (YYYY-MM-DD, not before `today`) or null to clear it. */
  onEditDueDate: (date: string | null) => void;
  onReRequest: () => void;
  onMarkComplete: () => void;
  /** Asks to reopen the viewer's review (the confirmation follows). */
  onReopen: () => void;
  onConfirmReopen: () => void;
  onCancelReopen: () => void;
}

/** The flyout, keeping whether the whole list is shown. */
export function ReviewRequestFlyout(props: ReviewRequestFlyoutProps) {
  const [showAll, setShowAll] = useState(false);
  return <ReviewRequestFlyoutView {...props} showAll={showAll} onShowAllChange={setShowAll} />;
}

export interface ReviewRequestFlyoutViewProps extends ReviewRequestFlyoutProps {
  showAll: boolean;
  onShowAllChange: (showAll: boolean) => void;
}

/** The request's due date: the rows share one (edit-due-date sets it for the item); the first that has one. */
export function requestDueDate(rows: readonly Pick<ReviewRequestRow, 'dueDate'>[]): string | null {
  return rows.find((row) => row.dueDate)?.dueDate ?? null;
}

/** The flyout drawn from its props (show-more controlled). */
export function ReviewRequestFlyoutView(props: ReviewRequestFlyoutViewProps) {
  const { rows, canCRUD, myRowId, busy = false, markCompleteFailed = false, showAll, onShowAllChange } = props;
  const shown = showAll ? rows : rows.slice(0, ACTIVE_REVIEWER_ROWS);
  const hidden = rows.length - Math.min(rows.length, ACTIVE_REVIEWER_ROWS);
  const myRow = myRowId ? (rows.find((row) => row.id === myRowId) ?? null) : null;
  return (
    <div className="review-flyout">
      <h2 className="review-flyout__title">{t('review.request.flyout.title')}</h2>
      <ul className="review-flyout__list" aria-label={t('review.request.reviewers')}>
        {shown.map((row) => (
          <ReviewerRow key={row.id} row={row} isMe={row.id === myRowId} canRemove={canCRUD} busy={busy} timeZone={props.timeZone} onRemove={props.onRemoveReviewer} />
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="k-link-button review-flyout__more" aria-expanded={showAll} onClick={() => onShowAllChange(!showAll)}>
          {showAll ? t('review.request.showLess') : t('review.request.showMore', { count: hidden })}
        </button>
      )}
      {myRow && (
        <div className="review-flyout__mine">
          {myRow.status === 'complete' ? (
            <Button variant="secondary" iconStart={<RestoreIcon size={16} />} disabled={busy} onClick={props.onReopen}>
              {t('review.request.reopen')}
            </Button>
          ) : (
            <Button variant="primary" loading={busy} onClick={props.onMarkComplete}>
              {t('review.request.markComplete')}
            </Button>
          )}
          {markCompleteFailed && (
            <p className="k-field__error review-flyout__error" role="alert">
              {t('review.request_review_header.mark_complete_error_message')}
            </p>
          )}
        </div>
      )}
      {canCRUD && <OwnerActions {...props} />}
      <FlyoutConfirmations {...props} />
    </div>
  );
}

interface ReviewerRowProps {
  row: ReviewRequestRow;
  isMe: boolean;
  canRemove: boolean;
  busy: boolean;
  timeZone?: string;
  onRemove: (row: ReviewRequestRow) => void;
}

/** One reviewer: avatar, name or e-mail, badge, created and due dates, remove. */
function ReviewerRow({ row, isMe, canRemove, busy, timeZone, onRemove }: ReviewerRowProps) {
  const name = row.displayName || row.email;
  return (
    <li className={cx('review-reviewer', isMe && 'is-me')}>
      <Avatar name={name} email={row.email} src={row.avatars.small ?? undefined} size="sm" decorative />
      <span className="review-reviewer__who">
        <span className="review-reviewer__name">
          {name}
          {isMe && <span className="review-reviewer__you"> {t('review.request.you')}</span>}
        </span>
        {name !== row.email && <span className="review-reviewer__email">{row.email}</span>}
        <span className="review-reviewer__dates">
          <span>{t('review.request.requestedOn', { date: formatReviewDate(row.createdAt, timeZone) })}</span>
          {row.dueDate && <span>{t('review.request.due', { date: formatDueDate(row.dueDate) })}</span>}
        </span>
      </span>
      <StatusBadge status={row.status} />
      {canRemove && (
        <button
          type="button"
          className="k-icon-button k-icon-button--sm review-reviewer__remove"
          aria-label={t('review.request.remove', { name })}
          title={t('review.request.remove', { name })}
          disabled={busy}
          onClick={() => onRemove(row)}
        >
          <CloseIcon size={16} />
        </button>
      )}
    </li>
  );
}

/** canCRUD: due date, add reviewers, re-request, delete the request. */
function OwnerActions({ rows, canReRequest, today, busy = false, onEditDueDate, onAddReviewers, onReRequest, onDeleteAll }: ReviewRequestFlyoutViewProps) {
  const dueDate = requestDueDate(rows);
  return (
    <div className="review-flyout__owner">
      <div className="review-flyout__due">
        <label htmlFor="review-flyout-due" className="k-field__label">
          {t('review.request.dueDate.label')}
        </label>
        <div className="review-flyout__due-row">
          <input
            id="review-flyout-due"
            type="date"
            className="k-field__input"
            min={today}
            value={dueDate ?? ''}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              // An empty value is the browser's own clear; a date before today is refused here, as the server would.
              if (value === '') {
                if (dueDate) onEditDueDate(null);
              } else if (value >= today) onEditDueDate(value);
            }}
          />
          {dueDate && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onEditDueDate(null)}>
              {t('review.request.dueDate.clear')}
            </Button>
          )}
        </div>
      </div>
      <div className="review-flyout__actions">
        <Button variant="secondary" size="sm" iconStart={<PlusIcon size={16} />} disabled={busy} onClick={onAddReviewers}>
          {t('review.request.addReviewers')}
        </Button>
        {canReRequest && (
          <Button variant="primary" size="sm" disabled={busy} onClick={onReRequest}>
            {t('review.request.reRequest')}
          </Button>
        )}
        <Button variant="ghost" size="sm" className="review-flyout__delete-all" iconStart={<TrashIcon size={16} />} disabled={busy} onClick={onDeleteAll}>
          {t('review.request.deleteAll')}
        </Button>
      </div>
    </div>
  );
}

/** The reopen and delete-request confirmations (controlled by the flow actor's state). */
function FlyoutConfirmations({ confirmingReopen = false, confirmingDeleteAll = false, busy = false, onConfirmReopen, onCancelReopen, onConfirmDeleteAll, onCancelDeleteAll }: ReviewRequestFlyoutViewProps) {
  return (
    <>
      {confirmingReopen && (
        <ConfirmDialog
          open
          busy={busy}
          onCancel={onCancelReopen}
          onConfirm={onConfirmReopen}
          title={t('review.request.reopen.title')}
          className="review-confirm review-confirm--reopen"
          cancelLabel={t('review.request.cancel')}
          confirmLabel={t('review.request.reopen.confirm')}
        >
          <p>{t('review.request.reopen.body')}</p>
        </ConfirmDialog>
      )}
      {confirmingDeleteAll && (
        <ConfirmDialog
          open
          busy={busy}
          danger
          onCancel={onCancelDeleteAll}
          onConfirm={onConfirmDeleteAll}
          title={t('review.request.deleteAll.title')}
          className="review-confirm review-confirm--delete-all"
          cancelLabel={t('review.request.cancel')}
          confirmLabel={t('review.request.deleteAll.confirm')}
        >
          <Banner tone="warning" announce={false}>
            {t('review.request.deleteAll.body')}
          </Banner>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The delete-reviewer confirmation (review-and-content §9: shown by default, suppressible by a local setting through
 * "Don't ask me again"). The lead skips it when DELETE_REVIEWER_CONFIRM_STORAGE_KEY says so, and stores the choice
 * when `onConfirm(true)` arrives.
 */
import { useState } from 'react';
import { Checkbox, ConfirmDialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface DeleteReviewerDialogProps {
  open: boolean;
  /** The reviewer's name or e-mail. */
  reviewerName: string;
  /** The delete runs. */
  busy?: boolean;
  /** Remove; `dontAskAgain` when the box was ticked. */
  onConfirm: (dontAskAgain: boolean) => void;
  onCancel: () => void;
}

/** The confirmation, keeping the checkbox. */
export function DeleteReviewerDialog(props: DeleteReviewerDialogProps) {
  const [dontAskAgain, setDontAskAgain] = useState(false);
  return <DeleteReviewerDialogView {...props} dontAskAgain={dontAskAgain} onDontAskAgainChange={setDontAskAgain} />;
}

export interface DeleteReviewerDialogViewProps extends DeleteReviewerDialogProps {
  dontAskAgain: boolean;
  onDontAskAgainChange: (checked: boolean) => void;
}

/** The confirmation drawn from its props (the checkbox controlled). */
export function DeleteReviewerDialogView({ open, reviewerName, busy = false, onConfirm, onCancel, dontAskAgain, onDontAskAgainChange }: DeleteReviewerDialogViewProps) {
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      danger
      onCancel={onCancel}
      onConfirm={() => onConfirm(dontAskAgain)}
      title={t('review.request.deleteReviewer.title')}
      className="review-confirm review-confirm--delete-reviewer"
      cancelLabel={t('review.request.cancel')}
      confirmLabel={t('review.request.deleteReviewer.confirm')}
    >
      <p>{t('review.request.deleteReviewer.body', { name: reviewerName })}</p>
      <Checkbox label={t('review.request.deleteReviewer.dontAskAgain')} checked={dontAskAgain} disabled={busy} onChange={(checked) => onDontAskAgainChange(checked)} />
    </ConfirmDialog>
  );
}

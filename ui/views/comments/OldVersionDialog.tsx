/**
 * The old-version comment dialog (review-and-content §8 comments_old_version_error): a comment was refused because
 * the item has a newer version; the item is flagged out of date and the draft kept. Header, body and OK.
 */
import { NoticeDialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface OldVersionDialogProps {
  open: boolean;
  /** OK, Escape or the × button. */
  onClose: () => void;
}

/** §8: 'comments_old_version_error' header and body, with OK. */
export function OldVersionDialog({ open, onClose }: OldVersionDialogProps) {
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('comments_old_version_error.header')}
      className="comment-dialog comment-dialog--old-version"
      okLabel={t('comments_old_version_error.ok')}
    >
      <p>{t('comments_old_version_error')}</p>
    </NoticeDialog>
  );
}

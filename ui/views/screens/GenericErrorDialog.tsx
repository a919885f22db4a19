import { NoticeDialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

export interface GenericErrorDialogProps {
  open: boolean;
  onClose: () => void;
  /** A specific sentence; the spec gives no generic text, so a plain one stands in. */
  message?: string;
}

/** The generic error dialog (foundation §2 dialogs, §8). */
export function GenericErrorDialog({ open, onClose, message }: GenericErrorDialogProps) {
  return (
    <NoticeDialog open={open} onClose={onClose} title={t('access.genericError.title')} description={message ?? t('access.genericError.body')} okLabel={t('access.genericError.ok')} />
  );
}

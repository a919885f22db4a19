import { Button, Dialog } from '../../kit/index.ts';
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
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('access.genericError.title')}
      description={message ?? t('access.genericError.body')}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('access.genericError.ok')}
        </Button>
      }
    />
  );
}

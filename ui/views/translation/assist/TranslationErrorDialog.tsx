/** The translate tab's error dialog (translation-editor §2 dialogs: error dialog with header and confirm button). */
import { Button, Dialog } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface TranslationErrorDialogProps {
  /** Shown while true (default); the container may also just not render it. */
  open?: boolean;
  header: string;
  message: string;
  /** The confirm button's words; "OK" by default. */
  confirmLabel?: string;
  /** The confirm button, Escape and the close button all confirm: the dialog only informs. */
  onConfirm: () => void;
}

/** A small modal with a header, the message and one confirm button. */
export function TranslationErrorDialog({ open = true, header, message, confirmLabel, onConfirm }: TranslationErrorDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onConfirm}
      size="sm"
      closeOnBackdrop={false}
      title={header}
      className="assist-error-dialog"
      footer={
        <Button variant="primary" onClick={onConfirm} autoFocus>
          {confirmLabel ?? t('translationAssist.errorDialog.confirm')}
        </Button>
      }
    >
      <p className="assist-error-dialog__message">{message}</p>
    </Dialog>
  );
}

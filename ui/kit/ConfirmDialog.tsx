import type { ReactNode } from 'react';
import { t } from '../strings.ts';
import { Banner } from './Banner.tsx';
import { Button } from './Button.tsx';
import { Dialog, type DialogProps } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode;
  /** The confirm button is the danger variant. */
  danger?: boolean;
  /** The request is running: the confirm button spins; Cancel, Escape and the × button do nothing. */
  busy?: boolean;
  /** Why the last attempt failed, shown under the text. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
  size?: DialogProps['size'];
  closeOnBackdrop?: boolean;
}

/** A confirmation on `Dialog`: the text, an optional error, then Cancel and the confirm button. */
export function ConfirmDialog({ children, confirmLabel, cancelLabel = t('common.cancel'), danger = false, busy = false, error, onConfirm, onCancel, size = 'sm', ...dialog }: ConfirmDialogProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  const footer = (
    <>
      <Button variant="secondary" onClick={cancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </>
  );
  return (
    <Dialog {...dialog} onClose={cancel} size={size} footer={footer}>
      {(children || error) && (
        <>
          {children}
          {error && <Banner tone="error">{error}</Banner>}
        </>
      )}
    </Dialog>
  );
}

export interface NoticeDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  okLabel: ReactNode;
  /** OK, Escape, the × button or (unless `closeOnBackdrop` is false) a backdrop click. */
  onClose: () => void;
  className?: string;
  size?: DialogProps['size'];
  closeOnBackdrop?: boolean;
}

/** A notice on `Dialog`: the text and one primary button that closes it. */
export function NoticeDialog({ okLabel, size = 'sm', ...dialog }: NoticeDialogProps) {
  const footer = (
    <Button variant="primary" onClick={dialog.onClose}>
      {okLabel}
    </Button>
  );
  return <Dialog {...dialog} size={size} footer={footer} />;
}

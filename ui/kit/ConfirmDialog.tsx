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
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = t('common.cancel'),
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
  className,
  size = 'sm',
  closeOnBackdrop,
}: ConfirmDialogProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={cancel}
      size={size}
      title={title}
      description={description}
      className={className}
      closeOnBackdrop={closeOnBackdrop}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
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
export function NoticeDialog({ open, title, description, children, okLabel, onClose, className, size = 'sm', closeOnBackdrop }: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size={size}
      title={title}
      description={description}
      className={className}
      closeOnBackdrop={closeOnBackdrop}
      footer={
        <Button variant="primary" onClick={onClose}>
          {okLabel}
        </Button>
      }
    >
      {children}
    </Dialog>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { t } from '../strings.ts';
import { cx } from './cx.ts';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button or a backdrop click; the owner decides whether to close. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A backdrop click closes (default). Off for dialogs holding unsaved input. */
  closeOnBackdrop?: boolean;
  /** Hides the × button (e.g. a confirmation that must be answered with its own buttons). */
  hideCloseButton?: boolean;
  /**
   * False for a dialog that must be answered (the item password prompt): no × button, Escape and backdrop
   * clicks do nothing, and if the browser closes it anyway (a repeated Escape) it opens again.
   */
  dismissible?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element (showModal: focus trap, inert page, top layer).
 * Labelled by its title and described by `description`; Escape closes; focus returns to where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  hideCloseButton = false,
  dismissible = true,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const openRef = useRef(open);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    openRef.current = open;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounting while open must still hand focus back.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      returnFocusTo.current?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={cx('k-dialog', `k-dialog--${size}`, className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={
        dismissible
          ? undefined
          : (event) => {
              // Cancelling the key stops the browser's close request before it starts.
              if (event.key === 'Escape') event.preventDefault();
            }
      }
      onCancel={(event) => {
        // Escape: keep the element in step with the `open` prop.
        event.preventDefault();
        if (dismissible) onCloseRef.current();
      }}
      onClose={(event) => {
        const dialog = event.currentTarget;
        if (!dismissible && openRef.current && dialog.isConnected) {
          // Closed by the browser although it must stay: open it again.
          dialog.showModal();
          return;
        }
        returnFocusTo.current?.focus();
        returnFocusTo.current = null;
      }}
      onClick={(event) => {
        if (dismissible && closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {open && (
        <div className="k-dialog__panel">
          <div className="k-dialog__header">
            <h2 id={titleId} className="k-dialog__title">
              {title}
            </h2>
            {dismissible && !hideCloseButton && (
              <button type="button" className="k-icon-button" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
                <CloseIcon size={18} />
              </button>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="k-dialog__description">
              {description}
            </p>
          )}
          {children && <div className="k-dialog__body">{children}</div>}
          {footer && <div className="k-dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { useDismiss } from './useDismiss.ts';

export interface PopoverProps {
  /** What the toggle button shows. */
  trigger: ReactNode;
  /** Accessible name of the button when its content is not text. */
  triggerLabel?: string;
  /** Accessible name of the panel. */
  title: string;
  align?: 'start' | 'end';
  triggerClassName?: string;
  className?: string;
  /** Content, or a function receiving `close` for panels with their own buttons. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Told when the panel opens or closes (e.g. to load what it shows). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A non-modal panel anchored to a toggle button (settings, feedback). Focus moves into the panel;
 * Escape closes and returns focus; an outside click closes.
 */
export function Popover({ trigger, triggerLabel, title, align = 'start', triggerClassName, className, children, onOpenChange }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    onOpenChange?.(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  useLayoutEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  useDismiss(open, [buttonRef, panelRef], (cause) => close(cause === 'escape'));

  return (
    <div className={cx('k-popover', className)}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={triggerLabel}
        onClick={() => {
          setOpen(!open);
          onOpenChange?.(!open);
        }}
      >
        {trigger}
      </button>
      {open && (
        <div ref={panelRef} id={panelId} role="dialog" aria-label={title} tabIndex={-1} className={cx('k-popover__panel', `k-popover__panel--${align}`)}>
          {typeof children === 'function' ? children(() => close(true)) : children}
        </div>
      )}
    </div>
  );
}

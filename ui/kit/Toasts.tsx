import type { ReactNode } from 'react';
import { t } from '../strings.ts';
import { cx } from './cx.ts';
import { CheckIcon, CloseIcon, ErrorIcon, InfoIcon } from './icons.tsx';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastRegionProps {
  /** Name of the landmark, e.g. "Notifications". */
  label: string;
  children?: ReactNode;
}

/**
 * Where toasts appear: a labelled region whose additions are announced politely. Stays mounted
 * (even when empty) so screen readers pick up new toasts. Timing is the owner's job, not the view's.
 */
export function ToastRegion({ label, children }: ToastRegionProps) {
  return (
    <section className="k-toasts" aria-label={label}>
      <ol className="k-toasts__list" aria-live="polite" aria-relevant="additions text">
        {children}
      </ol>
    </section>
  );
}

export interface ToastProps {
  tone?: ToastTone;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Shows a dismiss button. */
  onDismiss?: () => void;
  /** Hover or focus inside the toast: its owner stops the clock (foundation §9 pause on hover). */
  onPause?: () => void;
  /** Pointer and focus have left: the clock runs again. */
  onResume?: () => void;
}

const icons = { info: InfoIcon, success: CheckIcon, error: ErrorIcon } as const;

/** One toast; render inside `<ToastRegion>`. */
export function Toast({ tone = 'info', title, children, action, onDismiss, onPause, onResume }: ToastProps) {
  const Icon = icons[tone];
  return (
    <li
      className={cx('k-toast', `k-toast--${tone}`)}
      onMouseEnter={onPause}
      onMouseLeave={onResume}
      onFocus={onPause}
      onBlur={(event) => {
        // Moving focus between the toast's own controls is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onResume?.();
      }}
    >
      <Icon size={18} className="k-toast__icon" />
      <div className="k-toast__content">
        <p className="k-toast__title">{title}</p>
        {children && <div className="k-toast__body">{children}</div>}
        {action && <div className="k-toast__action">{action}</div>}
      </div>
      {onDismiss && (
        <button type="button" className="k-icon-button k-icon-button--sm" aria-label={t('common.dismiss')} onClick={onDismiss}>
          <CloseIcon size={16} />
        </button>
      )}
    </li>
  );
}

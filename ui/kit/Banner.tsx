import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { ErrorIcon, InfoIcon, WarningIcon } from './icons.tsx';

export type BannerTone = 'info' | 'warning' | 'error';

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link offered next to the message. */
  action?: ReactNode;
  /**
   * Announce the banner when it appears: errors use role=alert, others role=status.
   * Off for banners that are part of the page from the start.
   */
  announce?: boolean;
  className?: string;
}

const icons = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon } as const;

/** A full-width message strip: info, warning or error, with an optional action. */
export function Banner({ tone = 'info', title, children, action, announce = true, className }: BannerProps) {
  const Icon = icons[tone];
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div className={cx('k-banner', `k-banner--${tone}`, className)} role={role}>
      <Icon size={18} className="k-banner__icon" />
      <div className="k-banner__content">
        {title && <p className="k-banner__title">{title}</p>}
        {children && <div className="k-banner__body">{children}</div>}
      </div>
      {action && <div className="k-banner__action">{action}</div>}
    </div>
  );
}

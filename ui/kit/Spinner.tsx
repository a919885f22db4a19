import { t } from '../strings.ts';
import { cx } from './cx.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  /** Announced to assistive technology; also shown when `showLabel`. */
  label?: string;
  size?: SpinnerSize;
  showLabel?: boolean;
  /** Inside a control that already announces its busy state: render the ring only, hidden from AT. */
  decorative?: boolean;
  className?: string;
}

/** An indeterminate progress ring with an accessible label (role=status). */
export function Spinner({ label = t('common.loading'), size = 'md', showLabel = false, decorative = false, className }: SpinnerProps) {
  if (decorative) return <span className={cx('k-spinner', `k-spinner--${size}`, className)} aria-hidden="true" />;
  return (
    <span role="status" className={cx('k-spinner-wrap', className)}>
      <span className={cx('k-spinner', `k-spinner--${size}`)} aria-hidden="true" />
      <span className={showLabel ? 'k-spinner-label' : 'k-visually-hidden'}>{label}</span>
    </span>
  );
}

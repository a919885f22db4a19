import { cx } from './cx.ts';

export interface ProgressBarProps {
  /** 0 to 1; null draws an indeterminate bar (no aria-valuenow). */
  value: number | null;
  /** Accessible name, e.g. "Upload progress of course.zip". */
  label: string;
  /** What assistive technology reads instead of the bare percentage (e.g. "Uploading 40%"). */
  valueText?: string;
  tone?: 'accent' | 'success' | 'danger' | 'muted';
  size?: 'sm' | 'md';
  className?: string;
}

/** A determinate (or indeterminate) progress bar: role=progressbar with aria-valuenow in whole percent. */
export function ProgressBar({ value, label, valueText, tone = 'accent', size = 'md', className }: ProgressBarProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
      className={cx('k-progress', `k-progress--${tone}`, `k-progress--${size}`, percent === null && 'is-indeterminate', className)}
    >
      <span className="k-progress__bar" style={percent === null ? undefined : { width: `${percent}%` }} />
    </div>
  );
}

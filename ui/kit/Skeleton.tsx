import type { CSSProperties } from 'react';
import { cx } from './cx.ts';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Rounded ends for text lines and avatars. */
  shape?: 'rect' | 'line' | 'circle';
  className?: string;
}

/** A placeholder block shown while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ width, height, shape = 'rect', className }: SkeletonProps) {
  return <span className={cx('k-skeleton', `k-skeleton--${shape}`, className)} style={{ width, height }} aria-hidden="true" />;
}

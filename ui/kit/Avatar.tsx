import { useState } from 'react';
import { cx } from './cx.ts';

export type AvatarSize = 'sm' | 'md' | 'lg';

export interface AvatarProps {
  /** The person's name; initials are taken from it. */
  name: string;
  /** Used for initials when the name is empty. */
  email?: string;
  src?: string;
  size?: AvatarSize;
  /** Hidden from assistive technology when the name is already shown next to it. */
  decorative?: boolean;
  className?: string;
}

/** Up to two initials: first and last word of the name, else the e-mail's first letter. */
export function initialsOf(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  const initials = (first + last).toUpperCase();
  if (initials) return initials;
  return (email.trim()[0] ?? '?').toUpperCase();
}

/** A round picture of a person, falling back to initials when there is no picture or it fails to load. */
export function Avatar({ name, email, src, size = 'md', decorative = false, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name || email || '' };
  return (
    <span className={cx('k-avatar', `k-avatar--${size}`, className)} {...a11y}>
      {showImage ? (
        <img src={src} alt="" onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span className="k-avatar__initials">{initialsOf(name, email)}</span>
      )}
    </span>
  );
}

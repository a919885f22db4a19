import type { ReactNode } from 'react';
import { cx, LogoMark } from '../kit/index.ts';
import { useSystem } from '../system.tsx';
// The flash message bar: redirects to /signin (e.g. an expired sign-in page) leave their message here.
import { FlashBar } from './chrome/FlashBar.tsx';

export interface CenterCardProps {
  title: string;
  icon?: ReactNode;
  tone?: 'default' | 'error';
  /** Above the card (e.g. a banner). */
  above?: ReactNode;
  children?: ReactNode;
}

/** The centred card layout of pages outside the app shell: sign-in, callback, errors, not found. */
export function CenterCard({ title, icon, tone = 'default', above, children }: CenterCardProps) {
  const { appName } = useSystem();
  return (
    <main id="main" className="center-page">
      <FlashBar />
      {above}
      <div className="center-card">
        <div className="center-card__brand">
          <LogoMark size={24} />
          <span>{appName}</span>
        </div>
        {icon && (
          <span className={cx('center-card__icon', tone === 'error' && 'center-card__icon--error')} aria-hidden="true">
            {icon}
          </span>
        )}
        <h1 className="center-card__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

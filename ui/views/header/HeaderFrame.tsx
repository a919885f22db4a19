import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx, LogoMark } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/** The top bar both header variants share: skip link, the logo and app name linking to /, then their own parts. */
export function HeaderFrame({ className, children }: { className?: string; children: ReactNode }) {
  const { appName } = useSystem();
  return (
    <header className={cx('app-header', className)}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="app-header__inner">
        <Link href="/" className="app-header__brand" aria-label={t('header.homeLink', { appName })}>
          <LogoMark />
          <span className="app-header__brand-name">{appName}</span>
        </Link>
        {children}
      </div>
    </header>
  );
}

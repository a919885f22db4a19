import { Link } from 'wouter';
import { LogoMark, buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/** The trial-experience landing page (foundation §2), which asks for sign-in first. */
export const TRIAL_PAGE_PATH = '/trials/localization';

/**
 * The content-library header variant (foundation §2) for pages seen without an account: the logo
 * linking to /, the app name, and a sign-in / start-trial control. Both go to the trial page, which
 * starts sign-in when needed and then offers the trial.
 */
export function ContentLibraryHeader() {
  const { appName } = useSystem();
  return (
    <header className="app-header content-library-header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="app-header__inner">
        <Link href="/" className="app-header__brand" aria-label={t('header.homeLink', { appName })}>
          <LogoMark />
          <span className="app-header__brand-name">{appName}</span>
        </Link>
        <nav className="app-header__actions" aria-label={t('contentLibrary.nav.label')}>
          <Link href={TRIAL_PAGE_PATH} className={buttonClass('ghost', 'sm')}>
            {t('contentLibrary.signIn')}
          </Link>
          <Link href={TRIAL_PAGE_PATH} className={buttonClass('primary', 'sm')}>
            {t('contentLibrary.startTrial')}
          </Link>
        </nav>
      </div>
    </header>
  );
}

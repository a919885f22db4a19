import { Link } from 'wouter';
import { buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { HeaderFrame } from './HeaderFrame.tsx';

/** The trial-experience landing page (foundation §2), which asks for sign-in first. */
export const TRIAL_PAGE_PATH = '/trials/localization';

/**
 * The content-library header variant (foundation §2) for pages seen without an account: the logo
 * linking to /, the app name, and a sign-in / start-trial control. Both go to the trial page, which
 * starts sign-in when needed and then offers the trial.
 */
export function ContentLibraryHeader() {
  return (
    <HeaderFrame className="content-library-header">
        <nav className="app-header__actions" aria-label={t('contentLibrary.nav.label')}>
          <Link href={TRIAL_PAGE_PATH} className={buttonClass('ghost', 'sm')}>
            {t('contentLibrary.signIn')}
          </Link>
          <Link href={TRIAL_PAGE_PATH} className={buttonClass('primary', 'sm')}>
            {t('contentLibrary.startTrial')}
          </Link>
        </nav>
    </HeaderFrame>
  );
}

import { Link, useLocation, useSearch } from 'wouter';
import { buttonClass } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { HeaderFrame } from './HeaderFrame.tsx';

/** The trial-experience landing page (foundation §2), which asks for sign-in first. */
export const TRIAL_PAGE_PATH = '/trials/localization';

/** The sign-in page, coming back to `path` (with its query) once signed in. */
export function signInHref(path: string, search: string): string {
  return `/signin?returnTo=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

/**
 * The content-library header variant (foundation §2) for pages seen without an account: the logo linking to /, the
 * app name, Sign in (the sign-in page, back to this page afterwards) and Start free trial (the trial landing page,
 * which asks for sign-in first).
 */
export function ContentLibraryHeader() {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <HeaderFrame className="content-library-header">
      <nav className="app-header__actions" aria-label={t('contentLibrary.nav.label')}>
        <Link href={signInHref(path, search)} className={buttonClass('ghost', 'sm')}>
          {t('contentLibrary.signIn')}
        </Link>
        <Link href={TRIAL_PAGE_PATH} className={buttonClass('primary', 'sm')}>
          {t('contentLibrary.startTrial')}
        </Link>
      </nav>
    </HeaderFrame>
  );
}

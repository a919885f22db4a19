import { useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { isSignOutReason, safeReturnPath, type SignOutReason } from '../../domain/auth.ts';
import { Banner, Button, buttonClass, type BannerTone } from '../kit/index.ts';
import { t, type StringKey } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { CenterCard } from './CenterCard.tsx';
import { usePageTitle } from './usePageTitle.ts';
import { displayName } from './user.ts';

const reasonTone: Record<SignOutReason, BannerTone> = {
  userSignOut: 'info',
  sessionClosed: 'warning',
  sessionInactive: 'warning',
  loginFailure: 'error',
  accessTokenError: 'warning',
  noSessionIndicator: 'warning',
};

/**
 * The app-name banner shows when redirect_url points at the authoring site (foundation §2 /signin):
 * an http(s) address on the host of `links.authoring`. Anything unparsable earns no banner.
 */
function isAuthoringRedirect(redirectUrl: string | null, authoring: string): boolean {
  if (!redirectUrl) return false;
  try {
    const target = new URL(redirectUrl);
    return (target.protocol === 'https:' || target.protocol === 'http:') && target.host === new URL(authoring).host;
  } catch {
    return false;
  }
}

/** /signin: explains why the last session ended and starts sign-in (foundation §2, §4). */
export function SignInPage() {
  const { auth, links } = useSystem();
  const params = new URLSearchParams(useSearch());
  const isSignedIn = useSelector(auth, (s) => s.matches('signedIn') || s.matches('refreshing'));
  const isBusy = useSelector(auth, (s) => s.hasTag('busy'));
  const isError = useSelector(auth, (s) => s.matches('error'));
  const contextReason = useSelector(auth, (s) => s.context.signOutReason);
  const errorMessage = useSelector(auth, (s) => s.context.errorMessage);
  const userName = useSelector(auth, (s) => (s.context.user ? displayName(s.context.user) : ''));
  usePageTitle(t('signin.title'));

  const queryReason = params.get('reason');
  const reason: SignOutReason | null = contextReason ?? (isSignOutReason(queryReason) ? queryReason : null);
  const returnTo = safeReturnPath(params.get('returnTo'));
  const showRiseBanner = isAuthoringRedirect(params.get('redirect_url'), links.authoring);

  const riseBanner = showRiseBanner ? (
    <Banner tone="info" announce={false} className="center-page__banner">
      {t('signin.riseBanner')}
    </Banner>
  ) : null;

  if (isSignedIn) {
    return (
      <CenterCard title={t('signin.title')} above={riseBanner}>
        <p className="center-card__text">{t('signin.signedInAs', { name: userName })}</p>
        <div className="center-card__actions">
          <Link href="/" className={buttonClass('primary', 'lg', 'k-button--full')}>
            {t('signin.goToDashboard')}
          </Link>
        </div>
      </CenterCard>
    );
  }

  // The machine's message is shown where it explains something the reason sentence does not.
  const showErrorDetail = Boolean(errorMessage) && (reason === 'loginFailure' || isError || reason === null);

  return (
    <CenterCard title={t('signin.title')} above={riseBanner}>
      {reason && (
        <Banner tone={reasonTone[reason]} title={t(`auth.signOutReason.${reason}` satisfies StringKey)}>
          {reason === 'loginFailure' && errorMessage ? errorMessage : null}
        </Banner>
      )}
      {showErrorDetail && reason !== 'loginFailure' && <Banner tone="error">{errorMessage}</Banner>}
      <p className="center-card__text">{t('signin.subtitle')}</p>
      <div className="center-card__actions">
        <Button variant="primary" size="lg" fullWidth loading={isBusy} onClick={() => auth.send({ type: 'auth.signIn', returnTo })}>
          {t('signin.button')}
        </Button>
      </div>
    </CenterCard>
  );
}

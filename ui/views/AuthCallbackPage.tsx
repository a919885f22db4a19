import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Button, ErrorIcon, LoadingScreen } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { CenterCard } from './CenterCard.tsx';
import { usePageTitle } from './usePageTitle.ts';

/**
 * /auth-callback: hands the provider's return URL to the auth machine (which takes it once per page load:
 * `callbackHandled`), then goes to the stored return path. A malformed or expired callback ends on an
 * explanation, never a blank page.
 */
export function AuthCallbackPage() {
  const { auth } = useSystem();
  const [, navigate] = useLocation();
  const isSignedIn = useSelector(auth, (s) => s.matches('signedIn') || s.matches('refreshing'));
  const canSend = useSelector(auth, (s) => s.matches('idle') || s.matches('ready'));
  const isReady = useSelector(auth, (s) => s.matches('ready'));
  const isError = useSelector(auth, (s) => s.matches('error'));
  const returnTo = useSelector(auth, (s) => s.context.returnTo);
  const errorMessage = useSelector(auth, (s) => s.context.errorMessage);
  const callbackHandled = useSelector(auth, (s) => s.context.callbackHandled);
  // `ready` before the callback is taken is only the moment before sending it; after, it is the end of a failure.
  const hasFailed = isError || (isReady && callbackHandled);
  usePageTitle(hasFailed ? t('authCallback.failed.title') : t('auth.signingIn'));

  useEffect(() => {
    // The code in the URL can be redeemed only once: the machine takes the first callback of the page load and
    // ignores any other (StrictMode's second run, or the one after a failure lands in `ready`).
    if (!canSend) return;
    // Reading the address is not I/O: the machine's adapter parses and redeems it.
    auth.send({ type: 'auth.callback', url: window.location.href });
  }, [auth, canSend]);

  useEffect(() => {
    if (isSignedIn) navigate(returnTo, { replace: true });
  }, [isSignedIn, returnTo, navigate]);

  if (hasFailed) {
    return (
      <CenterCard icon={<ErrorIcon size={22} />} tone="error" title={t('authCallback.failed.title')}>
        <p className="center-card__text">{t('authCallback.failed.body')}</p>
        {errorMessage && (
          <p className="center-card__detail" role="alert">
            {errorMessage}
          </p>
        )}
        <div className="center-card__actions">
          <Button variant="primary" size="lg" fullWidth onClick={() => auth.send({ type: 'auth.signIn', returnTo: '/' })}>
            {t('authCallback.tryAgain')}
          </Button>
        </div>
      </CenterCard>
    );
  }

  return <LoadingScreen text={t('auth.signingIn')} />;
}

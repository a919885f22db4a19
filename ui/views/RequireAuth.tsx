import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Button, ErrorIcon, LoadingScreen, LockIcon } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { CenterCard } from './CenterCard.tsx';
import { usePageTitle } from './usePageTitle.ts';

type GuardView = 'allowed' | 'loading' | 'signInNeeded' | 'signInOffered' | 'redirecting' | 'completing' | 'signingOut' | 'error' | 'anonymous';

/** The current path and query, as the place to come back to after sign-in. */
function useReturnTo(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

/**
 * Sign-in required (foundation §2 access guards): signed-in people see the page; while
 * authentication loads a loading screen shows; otherwise sign-in starts.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { auth } = useSystem();
  const returnTo = useReturnTo();
  const view = useSelector(auth, (s): GuardView => {
    if (s.matches('signedIn') || s.matches('refreshing') || s.matches('refreshingTokens')) return 'allowed';
    // Nothing started yet: start sign-in. Started and back (the redirect did not happen): offer it by hand, never
    // start it again by itself (the auth machine's `ready` sub-states decide, so StrictMode's second run is harmless).
    if (s.matches({ ready: 'idle' })) return 'signInNeeded';
    if (s.matches('ready')) return 'signInOffered';
    if (s.matches('error')) return 'error';
    if (s.matches('signedInAnonymously')) return 'anonymous';
    if (s.matches({ signingIn: 'redirecting' })) return 'redirecting';
    if (s.matches({ signingIn: 'completing' })) return 'completing';
    if (s.matches('signingOut')) return 'signingOut';
    return 'loading';
  });
  // A session that ended by itself (not the person's own sign-out) is explained on /signin first,
  // rather than silently starting a new sign-in (foundation §4 sign-out reasons).
  const endedReason = useSelector(auth, (s) => (s.matches('ready') && s.context.signOutReason && s.context.signOutReason !== 'userSignOut' ? s.context.signOutReason : null));

  useEffect(() => {
    if (view !== 'signInNeeded' || endedReason) return;
    auth.send({ type: 'auth.signIn', returnTo });
  }, [view, auth, returnTo, endedReason]);

  if (view === 'signInNeeded' && endedReason) {
    return <Redirect to={`/signin?reason=${endedReason}&returnTo=${encodeURIComponent(returnTo)}`} replace />;
  }

  switch (view) {
    case 'allowed':
      return children;
    case 'signInNeeded':
      return <LoadingScreen text={t('auth.redirectingToSignIn')} />;
    case 'signInOffered':
      return <SignInRequiredScreen returnTo={returnTo} />;
    case 'redirecting':
      return <LoadingScreen text={t('auth.redirectingToSignIn')} />;
    case 'error':
      return <AuthErrorScreen returnTo={returnTo} />;
    case 'anonymous':
      return <NeedsAccountScreen returnTo={returnTo} />;
    case 'completing':
      return <LoadingScreen text={t('auth.signingIn')} />;
    case 'signingOut':
      return <LoadingScreen text={t('auth.signingOut')} />;
    default:
      return <LoadingScreen text={t('auth.loading')} />;
  }
}

function SignInRequiredScreen({ returnTo }: { returnTo: string }) {
  const { auth } = useSystem();
  usePageTitle(t('auth.signInRequired.title'));
  return (
    <CenterCard icon={<LockIcon size={22} />} title={t('auth.signInRequired.title')}>
      <p className="center-card__text">{t('auth.signInRequired.body')}</p>
      <div className="center-card__actions">
        <Button variant="primary" size="lg" fullWidth onClick={() => auth.send({ type: 'auth.signIn', returnTo })}>
          {t('signin.button')}
        </Button>
      </div>
    </CenterCard>
  );
}

function AuthErrorScreen({ returnTo }: { returnTo: string }) {
  const { auth } = useSystem();
  const errorMessage = useSelector(auth, (s) => s.context.errorMessage);
  usePageTitle(t('auth.error.title'));
  return (
    <CenterCard icon={<ErrorIcon size={22} />} tone="error" title={t('auth.error.title')}>
      <p className="center-card__detail" role="alert">
        {errorMessage ?? t('auth.error.fallback')}
      </p>
      <div className="center-card__actions">
        <Button variant="primary" size="lg" fullWidth onClick={() => auth.send({ type: 'auth.signIn', returnTo })}>
          {t('auth.tryAgain')}
        </Button>
      </div>
    </CenterCard>
  );
}

function NeedsAccountScreen({ returnTo }: { returnTo: string }) {
  const { auth } = useSystem();
  const email = useSelector(auth, (s) => s.context.anonymousUser?.email ?? '');
  // An anonymous session must end before an account sign-in can start (the machine accepts only
  // sign-out there); after it ends the guard is in `ready` and starts sign-in for this page.
  const canSignIn = useSelector(auth, (s) => s.can({ type: 'auth.signIn', returnTo }));
  usePageTitle(t('auth.needsAccount.title'));
  return (
    <CenterCard icon={<LockIcon size={22} />} title={t('auth.needsAccount.title')}>
      <p className="center-card__text">{t('auth.needsAccount.body', { email })}</p>
      <div className="center-card__actions">
        <Button
          variant="primary"
          size="lg"
          fullWidth
          onClick={() => auth.send(canSignIn ? { type: 'auth.signIn', returnTo } : { type: 'auth.signOut', full: false })}
        >
          {t('auth.needsAccount.signIn')}
        </Button>
      </div>
    </CenterCard>
  );
}

import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LoadingScreen } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AnonymousEntry } from './AnonymousEntry.tsx';

/**
 * Review content may be seen by signed-in people and by anonymous reviewers (foundation §1): signed in
 * or anonymous → the page; nobody yet → the e-mail step, with sign-in offered; while auth loads or
 * redirects → the loading screen.
 */
export function RequireReviewer({ children }: { children: ReactNode }) {
  const { auth } = useSystem();
  const [path] = useLocation();
  const search = useSearch();
  const view = useSelector(auth, (s) => {
    if (s.matches('signedIn') || s.matches('refreshing') || s.matches('refreshingTokens') || s.matches('signedInAnonymously')) return 'allowed';
    if (s.matches('ready') || s.matches('signingInAnonymously') || s.matches('error')) return 'entry';
    return 'loading';
  });
  if (view === 'allowed') return children;
  if (view === 'entry') return <AnonymousEntry returnTo={search ? `${path}?${search}` : path} />;
  return <LoadingScreen text={t('auth.loading')} />;
}

import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { withFlash, type FlashMessageId } from '../../../domain/flash.ts';
import { LoadingScreen } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { AccountErrorScreen } from '../screens/AccountErrorScreen.tsx';
import { useAccount, type AccountView } from '../useAccount.ts';

/**
 * The guard that sends non-matching users to / (foundation §2). Waits for the account (loading
 * screen; a retryable error when it could not be read), then shows the page to people who match and
 * redirects everyone else to the dashboard (with a flash message id, when given, saying why). Sits inside RequireAuth.
 */
export function RequireMatch({ matches, flash, children }: { matches: (account: AccountView) => boolean; flash?: FlashMessageId; children: ReactNode }) {
  const account = useAccount();
  if (account.status === 'failed') return <AccountErrorScreen />;
  if (account.status !== 'ready') return <LoadingScreen text={t('access.loadingAccount')} />;
  // The flash bar on the dashboard says why they are there.
  return matches(account) ? children : <Redirect to={flash ? withFlash('/', flash) : '/'} replace />;
}

const isStaff = (account: AccountView) => account.isStaff;

/** Staff only (foundation §6 sandbox tools); the local staff override counts (useAccount().isStaff). */
export function RequireStaff({ children }: { children: ReactNode }) {
  return (
    <RequireMatch matches={isStaff} flash="staffOnly">
      {children}
    </RequireMatch>
  );
}

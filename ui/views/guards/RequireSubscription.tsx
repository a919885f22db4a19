import type { ReactNode } from 'react';
import { accessDecision, blockedScreen, currentSubscription, isGuardedApp } from '../../../domain/account.ts';
import { marketingUrl } from '../../../domain/links.ts';
import { LoadingScreen } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AccountErrorScreen } from '../screens/AccountErrorScreen.tsx';
import { AddToTeamReachOnlyScreen } from '../screens/AddToTeamReachOnlyScreen.tsx';
import { AddToTeamScreen } from '../screens/AddToTeamScreen.tsx';
import { appLabel } from '../screens/appLabel.ts';
import { ExternalRedirectScreen } from '../screens/ExternalRedirectScreen.tsx';
import { SubscriptionExpiredScreen } from '../screens/SubscriptionExpiredScreen.tsx';
import { useAccount } from '../useAccount.ts';

/**
 * The active-subscription guard for the apps rise and review (foundation §2): a person who needs a
 * redirect goes to the suite's marketing page for the app; a valid active subscription sees the page;
 * everyone else sees the expired, add-to-team or reach-only screen. While the account is read a
 * loading screen shows; when it could not be read, a retryable error. An unknown app name logs an
 * error and renders nothing. Sits inside RequireAuth.
 */
export function RequireSubscription({ app, children }: { app: string; children: ReactNode }) {
  const { links } = useSystem();
  const { status, account, summary } = useAccount();

  if (!isGuardedApp(app)) {
    console.error(`RequireSubscription: unknown app "${app}"; expected rise or review.`);
    return null;
  }
  if (status === 'failed') return <AccountErrorScreen />;
  if (status !== 'ready') return <LoadingScreen text={t('access.loadingAccount')} />;

  const decision = accessDecision(app, summary);
  const subscriptionId = summary?.subscriptionId ?? null;
  if (decision === 'allow') return children;
  if (decision === 'redirectToMarketing') {
    return <ExternalRedirectScreen to={marketingUrl(links, app)} text={t('access.redirecting.marketing', { app: appLabel(app) })} destination={appLabel(app)} />;
  }
  const screen = blockedScreen(decision, summary);
  switch (screen?.screen) {
    case 'subscriptionExpired':
      return <SubscriptionExpiredScreen app={app} body={screen.body} subscriptionId={subscriptionId} />;
    case 'addToTeam':
      return <AddToTeamScreen app={app} body={screen.body} isAdmin={summary?.isTeamAdmin ?? false} subscriptionId={subscriptionId} />;
    case 'addToTeamReachOnly': {
      const sub = account ? currentSubscription(account.currentUser, subscriptionId) : null;
      return <AddToTeamReachOnlyScreen app={app} reachTenantId={sub?.reach_tenant_id ?? null} />;
    }
    default:
      return null;
  }
}

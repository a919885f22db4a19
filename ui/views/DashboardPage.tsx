import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Banner, Button } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { AppLayout } from './AppLayout.tsx';
import { dashboardHashOf } from './screens/dashboardHash.ts';
import { DownloadsDialog } from './screens/DownloadsDialog.tsx';
import { UpgradeModal, type UpgradePlacement } from './upgrade/UpgradeModal.tsx';
import { usePageTitle } from './usePageTitle.ts';
// The authoring dashboard's body, and the slot other parts of the app fill (survey banner, activation).
import { DashboardBody } from './dashboard/DashboardBody.tsx';
import { DashboardExtras } from './dashboard/DashboardExtras.tsx';

/** A dialog a route opens over the dashboard; closing it returns to /. */
export type DashboardDialog = { kind: 'downloads' } | { kind: 'upgrade'; placement: UpgradePlacement };

/**
 * The dashboard at / (foundation §2; review-and-content §2): the authoring dashboard's body (dashboard/DashboardBody.tsx)
 * under the extras slot (dashboard/DashboardExtras.tsx). /downloads and the upgrade paths open their dialog over it.
 * The #activateReach and #reachActivated fragments are read once, cleared and told to the `dashboard` actor; #reachActivated shows its success banner until dismissed.
 */
export function DashboardPage({ dialog }: { dialog?: DashboardDialog } = {}) {
  const { dashboard } = useSystem();
  const [, navigate] = useLocation();
  const showReachActivated = useSelector(dashboard, (s) => s.matches({ reachActivated: 'shown' }));
  usePageTitle(t('dashboard.title'));

  useEffect(() => {
    const readHash = () => {
      const hash = dashboardHashOf(window.location.hash);
      if (!hash) return;
      // Cleared first, so StrictMode's second run finds nothing and the event is sent once.
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
      dashboard.send({ type: 'dashboard.hashRead', hash });
    };
    readHash();
    // A fragment set while the dashboard is open (same-document navigation) is read the same way.
    window.addEventListener('hashchange', readHash);
    return () => window.removeEventListener('hashchange', readHash);
  }, [dashboard]);

  const closeDialog = () => navigate('/');

  return (
    <AppLayout>
      {showReachActivated && (
        <Banner
          tone="info"
          className="dashboard-banner dashboard-banner--success"
          title={t('access.reachActivated.title')}
          action={
            <Button variant="ghost" size="sm" onClick={() => dashboard.send({ type: 'dashboard.dismissReachActivated' })}>
              {t('common.dismiss')}
            </Button>
          }
        >
          {t('access.reachActivated.body')}
        </Banner>
      )}
      {/* dashboard extras: survey banner, activation */}
      <DashboardExtras />
      <DashboardBody />

      {dialog?.kind === 'downloads' && <DownloadsDialog open onClose={closeDialog} />}
      {dialog?.kind === 'upgrade' && <UpgradeModal open onClose={closeDialog} placement={dialog.placement} />}
    </AppLayout>
  );
}

import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { greetingName } from '../../domain/auth.ts';
import { ArrowRightIcon, Banner, Button, LayersIcon, LockIcon, ReviewIcon } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { AppLayout } from './AppLayout.tsx';
import { dashboardHashOf } from './screens/dashboardHash.ts';
import { DownloadsDialog } from './screens/DownloadsDialog.tsx';
import { UpgradeModal, type UpgradePlacement } from './upgrade/UpgradeModal.tsx';
import { useAccount } from './useAccount.ts';
// The activation feature's part of the dashboard (survey banner, Reach panel).
import { DashboardExtras } from './dashboard/DashboardExtras.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** A dialog a route opens over the dashboard; closing it returns to /. */
export type DashboardDialog = { kind: 'downloads' } | { kind: 'upgrade'; placement: UpgradePlacement };

/**
 * The dashboard at / (foundation §2): a greeting and the apps the person can open. /downloads and the
 * upgrade paths open their dialog over it. The #activateReach and #reachActivated fragments are read
 * once, cleared and told to the `dashboard` actor; #reachActivated shows its success banner until dismissed.
 */
export function DashboardPage({ dialog }: { dialog?: DashboardDialog } = {}) {
  const { auth, dashboard } = useSystem();
  const [, navigate] = useLocation();
  const firstName = useSelector(auth, (snapshot) => (snapshot.context.user ? greetingName(snapshot.context.user) : ''));
  const appsHeadingId = useId();
  // Rise is open to the card only when the subscription has it (the header's rule, foundation §2).
  const riseEnabled = useAccount().summary?.enableRise ?? false;
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
      <div className="dashboard-hero">
        <h1 className="page-title">{t('dashboard.greeting', { name: firstName })}</h1>
      </div>

      <section aria-labelledby={appsHeadingId}>
        <h2 id={appsHeadingId} className="k-visually-hidden">
          {t('dashboard.apps.label')}
        </h2>
        <ul className="card-grid">
          <li>
            <Link href="/review" className="app-card">
              <span className="app-card__icon" aria-hidden="true">
                <ReviewIcon size={20} />
              </span>
              <span className="app-card__title">
                {t('dashboard.card.review.title')}
                <ArrowRightIcon size={18} className="app-card__arrow" />
              </span>
              <span className="app-card__body">{t('dashboard.card.review.body')}</span>
            </Link>
          </li>
          <li>
            {riseEnabled ? (
              <Link href="/rise" className="app-card">
                <span className="app-card__icon" aria-hidden="true">
                  <LayersIcon size={20} />
                </span>
                <span className="app-card__title">
                  {t('dashboard.card.rise.title')}
                  <ArrowRightIcon size={18} className="app-card__arrow" />
                </span>
                <span className="app-card__body">{t('dashboard.card.rise.body')}</span>
              </Link>
            ) : (
            <div className="app-card app-card--disabled" aria-disabled="true">
              <span className="app-card__icon" aria-hidden="true">
                <LayersIcon size={20} />
              </span>
              <span className="app-card__title">{t('dashboard.card.rise.title')}</span>
              <span className="app-card__body">{t('dashboard.card.rise.body')}</span>
              <span className="app-card__badge">
                <LockIcon size={12} />
                {t('dashboard.card.rise.unavailable')}
              </span>
            </div>
            )}
          </li>
        </ul>
      </section>

      <DashboardExtras />

      {dialog?.kind === 'downloads' && <DownloadsDialog open onClose={closeDialog} />}
      {dialog?.kind === 'upgrade' && <UpgradeModal open onClose={closeDialog} placement={dialog.placement} />}
    </AppLayout>
  );
}

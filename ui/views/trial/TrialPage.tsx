import '../../styles/activationPages.css';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TrialRequestKind } from '../../../domain/activation.ts';
import { subscriptionManagementUrl } from '../../../domain/links.ts';
import { Button, CheckIcon, Dialog, PlayIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
import { ExternalRedirectScreen } from '../screens/ExternalRedirectScreen.tsx';
import { useAccount } from '../useAccount.ts';
import { usePageTitle } from '../usePageTitle.ts';
import { Celebration } from './Celebration.tsx';
import { VideoPlayerModal } from './VideoPlayerModal.tsx';

/** An admin of the current subscription with the self campaign or none goes to subscription management (foundation §4). */
export function redirectsToSubscription(isAdmin: boolean, campaign: string | null): boolean {
  return isAdmin && (campaign === null || campaign === 'self');
}

/**
 * The localization trial landing page (/trials/localization, foundation §2, §4): the viewed event; admins of the
 * current subscription go to subscription management with the try-localization flag; others request a self-initiated
 * trial or a sales demo, the button shows completion and the trial success modal opens with the celebration. The
 * overview video plays in the video player modal.
 */
export default function TrialPage() {
  const { trial: actor, links, activation } = useSystem();
  // The overview's video player modal: plain open/closed widget state.
  const [overviewOpen, setOverviewOpen] = useState(false);
  const { summary } = useAccount();
  const campaign = new URLSearchParams(useSearch()).get('campaign');
  const [, navigate] = useLocation();
  const headingId = useId();
  usePageTitle(t('trial.title'));
  const redirect = summary ? redirectsToSubscription(summary.isTeamAdmin, campaign) : false;

  useEffect(() => {
    if (redirect) return;
    actor.send({ type: 'trial.viewed', reducedMotion: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false });
  }, [actor, redirect]);

  const sent = useSelector(actor, (s) => s.context.sent);
  const requesting = useSelector(actor, (s) => s.matches('requesting'));
  const requested = useSelector(actor, (s) => s.matches('requested'));
  const modalOpen = useSelector(actor, (s) => s.matches({ requested: { modal: 'open' } }));
  const celebrating = useSelector(actor, (s) => s.matches({ requested: { celebration: 'running' } }));

  if (redirect && summary) {
    return <ExternalRedirectScreen to={subscriptionManagementUrl(links, summary.subscriptionId, { tryLocalization: true })} text={t('trial.redirecting')} destination={t('trial.title')} />;
  }

  const button = (kind: TrialRequestKind, variant: 'primary' | 'secondary') => {
    const done = requested && sent === kind;
    return (
      <Button variant={variant} disabled={requesting || requested} iconStart={done ? <CheckIcon size={16} /> : undefined} onClick={() => actor.send({ type: 'trial.request', kind })}>
        {done ? t(`trial.${kind}.done`) : requesting && sent === kind ? t('trial.sending') : t(`trial.${kind}`)}
      </Button>
    );
  };

  return (
    <AppLayout className="trial-page">
      <section className="trial-hero" aria-labelledby={headingId}>
        <h1 id={headingId} className="page-title">
          {t('trial.heading')}
        </h1>
        <p className="trial-hero__intro">{t('trial.intro')}</p>
        <h2 className="trial-hero__benefits-title">{t('trial.benefits.label')}</h2>
        <ul className="trial-benefits">
          <li>{t('trial.benefit.translate')}</li>
          <li>{t('trial.benefit.review')}</li>
          <li>{t('trial.benefit.publish')}</li>
        </ul>
        <div className="trial-actions">
          {button('selfInitiated', 'primary')}
          {button('salesDemo', 'secondary')}
          <Button variant="ghost" iconStart={<PlayIcon size={16} />} onClick={() => setOverviewOpen(true)}>
            {t('trial.overview.watch')}
          </Button>
        </div>
      </section>
      <VideoPlayerModal
        open={overviewOpen}
        onClose={() => setOverviewOpen(false)}
        title={t('trial.overview.title')}
        video={activation.trialOverview.video}
        captions={activation.trialOverview.captions}
      />
      {modalOpen && (
        <Dialog
          open
          onClose={() => actor.send({ type: 'trial.closeModal' })}
          title={t('trial.success.title')}
          description={t(sent === 'salesDemo' ? 'trial.success.salesDemo' : 'trial.success.selfInitiated')}
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={() => actor.send({ type: 'trial.closeModal' })}>
                {t('trial.success.close')}
              </Button>
              <Button onClick={() => navigate('/')}>{t('trial.success.dashboard')}</Button>
            </>
          }
        />
      )}
      {celebrating && <Celebration />}
    </AppLayout>
  );
}

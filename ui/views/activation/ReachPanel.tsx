import '../../styles/foundation.css';
import { useEffect, useId } from 'react';
import { dashboardHashOf } from '../screens/dashboardHash.ts';
import { Button, Skeleton } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useAccount } from '../useAccount.ts';
import { AccessModal } from './AccessModal.tsx';
import { ActivationModal } from './ActivationModal.tsx';

/**
 * The learning product on the dashboard (foundation §2, §4): "Activate Reach" (the activation modal) while the current
 * subscription has no tenant, "Open Reach" (the access modal) once it has one. #activateReach opens the activation
 * modal too; it is read here before the dashboard clears it (a child's effect runs before its parent's).
 * While the account is still being read, a skeleton of the panel keeps its place.
 */
export function ReachPanel() {
  const { reachActivation: activationRef, accessModal: accessRef, session } = useSystem();
  const { status, summary, account } = useAccount();
  const headingId = useId();
  const subscriptionId = summary?.subscriptionId ?? null;
  const isAdmin = summary?.isTeamAdmin ?? false;

  useEffect(() => {
    const read = () => {
      if (dashboardHashOf(window.location.hash) !== 'activateReach') return;
      const current = session.getSnapshot().context.summary;
      if (current) activationRef.send({ type: 'activation.open', subscriptionId: current.subscriptionId, isAdmin: current.isTeamAdmin });
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [activationRef, session]);

  // While the account is read, the panel's place is kept (title, line and button), so the dashboard below it does not
  // jump when it arrives.
  if (status === 'loading' && !summary) {
    return (
      <div className="reach-panel surface-panel" aria-hidden="true">
        <Skeleton shape="line" width="16rem" height="1.40625rem" />
        <Skeleton shape="line" width="13rem" height="1.40625rem" />
        <Skeleton width="7rem" height="2.5rem" />
      </div>
    );
  }
  if (!summary || !subscriptionId || summary.role === 'noSubscription') return null;
  const email = account?.currentUser.email ?? '';
  return (
    <section className="reach-panel surface-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="reach-panel__title">
        {t('activation.panel.title')}
      </h2>
      <p className="reach-panel__body">{summary.hasReach ? t('activation.panel.on') : t('activation.panel.off')}</p>
      {summary.hasReach ? (
        <Button variant="secondary" onClick={() => accessRef.send({ type: 'access.open', variant: isAdmin ? 'admin' : 'nonAdmin', hasEmail: email.trim() !== '' })}>
          {t('activation.panel.open')}
        </Button>
      ) : (
        <Button onClick={() => activationRef.send({ type: 'activation.open', subscriptionId, isAdmin })}>{t('activation.panel.activate')}</Button>
      )}
      <ActivationModal actor={activationRef} />
      <AccessModal actor={accessRef} />
    </section>
  );
}

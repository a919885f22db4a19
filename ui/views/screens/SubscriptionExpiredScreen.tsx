import type { GuardedApp } from '../../../domain/account.ts';
import { buyUrl } from '../../../domain/links.ts';
import { buttonClass, WarningIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { appLabel } from './appLabel.ts';
import { BlockedScreen } from './BlockedScreen.tsx';

export interface SubscriptionExpiredScreenProps {
  app: GuardedApp;
  /** Trial wording ("Your trial has ended") or paid wording ("Your subscription has expired"). */
  body: 'trialExpired' | 'subscriptionExpired';
  subscriptionId: string | null;
}

/** Subscription expired (foundation §2, §8): trial or paid wording, with a subscribe button to the buy page. */
export function SubscriptionExpiredScreen({ app, body, subscriptionId }: SubscriptionExpiredScreenProps) {
  const { links } = useSystem();
  const isTrial = body === 'trialExpired';
  const vars = { app: appLabel(app) };
  return (
    <BlockedScreen
      title={isTrial ? t('access.expired.trialTitle') : t('access.expired.paidTitle')}
      icon={<WarningIcon size={24} />}
      tone="warning"
      action={
        <a href={buyUrl(links, subscriptionId)} className={buttonClass('primary', 'lg')}>
          {t('access.expired.subscribe')}
        </a>
      }
    >
      <p>{isTrial ? t('access.expired.trialBody', vars) : t('access.expired.paidBody', vars)}</p>
    </BlockedScreen>
  );
}

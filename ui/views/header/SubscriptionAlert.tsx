import { useSelector } from '@xstate/react';
import { Banner, CloseIcon, ExternalLinkIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import type { HeaderAlert } from './headerModel.ts';

/** The alert's sentence: days left (today, 1 day, N days) or expired. */
export function alertText(alert: HeaderAlert): string {
  if (alert.kind === 'expired') return t('header.alert.expired');
  if (alert.daysRemaining <= 0) return t('header.alert.renewal.today');
  if (alert.daysRemaining === 1) return t('header.alert.renewal.oneDay');
  return t('header.alert.renewal.days', { days: alert.daysRemaining });
}

/**
 * The subscription alert strip directly under the header (foundation §2): a renewal alert at 30 days
 * or fewer, which may be dismissed for this page load (the `dashboard` actor keeps it), and an expired alert, which may not.
 */
export function SubscriptionAlert({ alert }: { alert: HeaderAlert }) {
  const { dashboard } = useSystem();
  const dismissed = useSelector(dashboard, (s) => s.matches({ renewalAlert: 'dismissed' }));
  if (dismissed && alert.kind === 'renewal') return null;
  const action =
    alert.action.kind === 'manageRenewal' ? (
      <a className="subscription-alert__link" href={alert.action.url} target="_blank" rel="noopener noreferrer">
        {t('header.alert.manageRenewal')}
        <ExternalLinkIcon size={14} />
        <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
      </a>
    ) : (
      <span className="subscription-alert__contact">{t('header.alert.contactAdmin')}</span>
    );
  return (
    <Banner
      tone={alert.kind === 'expired' ? 'error' : 'warning'}
      announce={false}
      className={`subscription-alert subscription-alert--${alert.kind}`}
      action={
        alert.kind === 'renewal' && (
          <button type="button" className="k-icon-button subscription-alert__dismiss" aria-label={t('header.alert.dismiss')} onClick={() => dashboard.send({ type: 'dashboard.dismissRenewalAlert' })}>
            <CloseIcon size={16} />
          </button>
        )
      }
    >
      <span className="subscription-alert__text">{alertText(alert)}</span> {action}
    </Banner>
  );
}

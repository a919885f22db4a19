import { upgradeBuyUrl, upgradeMessage, upgradePlanKind, type UpgradePlacement } from '../../../domain/links.ts';
import { Button, Dialog, ExternalLinkIcon, buttonClass } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useAccount } from '../useAccount.ts';

export type { UpgradePlacement };

export interface UpgradeModalProps {
  open: boolean;
  onClose: () => void;
  placement: UpgradePlacement;
}

const COPY: Record<UpgradePlacement, { title: StringKey; body: StringKey; product: StringKey }> = {
  review: { title: 'upgrade.review.title', body: 'upgrade.review.body', product: 'upgrade.product.review' },
  rise: { title: 'upgrade.rise.title', body: 'upgrade.rise.body', product: 'upgrade.product.rise' },
  storyline: { title: 'upgrade.storyline.title', body: 'upgrade.storyline.body', product: 'upgrade.product.storyline' },
  header: { title: 'upgrade.header.title', body: 'upgrade.header.body', product: 'upgrade.product.header' },
};

/**
 * The upgrade (subscribe) modal (foundation §2): the product is not in the current plan, the plan has expired, or
 * (a running trial that includes it) the trial ends and a plan keeps it (domain upgradeMessage); "Buy now" opens the upgrade path for this placement (te for trial plans or no subscription, es for paid
 * plans), "Not now" closes. The header opens it on product clicks; routes (/tebnreviewmodal …) too.
 */
export function UpgradeModal({ open, onClose, placement }: UpgradeModalProps) {
  const { links } = useSystem();
  const { summary } = useAccount();
  const copy = COPY[placement] ?? COPY.header;
  // A lapsed subscription did include the product: say it ran out; a trial that includes it: say so.
  const message = upgradeMessage(placement, summary);
  const product = t(copy.product);
  const title = message === 'expired' ? t('upgrade.expired.title') : message === 'trialIncludes' ? t('upgrade.trial.title', { product }) : t(copy.title);
  const description = message === 'expired' ? t('upgrade.expired.body', { product }) : message === 'trialIncludes' ? t('upgrade.trial.body', { product }) : t(copy.body);
  const href = upgradeBuyUrl(links, { plan: upgradePlanKind(summary?.plan), placement, subscriptionId: summary?.subscriptionId ?? null });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      className="upgrade-modal"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('upgrade.notNow')}
          </Button>
          <a className={buttonClass('primary', 'md')} href={href} target="_blank" rel="noopener noreferrer" onClick={onClose}>
            <span className="k-button__label">{t('upgrade.buyNow')}</span>
            <ExternalLinkIcon size={14} />
            <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        </>
      }
    />
  );
}

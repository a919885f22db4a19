import { upgradeBuyUrl, upgradePlanKind, type UpgradePlacement } from '../../../domain/links.ts';
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
 * The upgrade (subscribe) modal (foundation §2): the product is not in the current plan (or the plan
 * has expired); "Buy now"
 * opens the upgrade path for this placement (te for trial plans or no subscription, es for paid
 * plans), "Not now" closes. The header opens it on product clicks; routes (/tebnreviewmodal …) too.
 */
export function UpgradeModal({ open, onClose, placement }: UpgradeModalProps) {
  const { links } = useSystem();
  const { summary } = useAccount();
  const copy = COPY[placement] ?? COPY.header;
  // A lapsed subscription did include the product: say it ran out rather than that it is missing.
  const expired = summary?.status === 'expired';
  const href = upgradeBuyUrl(links, { plan: upgradePlanKind(summary?.plan), placement, subscriptionId: summary?.subscriptionId ?? null });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      className="upgrade-modal"
      title={expired ? t('upgrade.expired.title') : t(copy.title)}
      description={expired ? t('upgrade.expired.body', { product: t(copy.product) }) : t(copy.body)}
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

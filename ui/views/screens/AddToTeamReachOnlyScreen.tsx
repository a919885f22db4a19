import type { GuardedApp } from '../../../domain/account.ts';
import { bridgeRedirectUrl } from '../../../domain/links.ts';
import { buttonClass, ExternalLinkIcon, LayersIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { appLabel } from './appLabel.ts';
import { BlockedScreen } from './BlockedScreen.tsx';

export interface AddToTeamReachOnlyScreenProps {
  app: GuardedApp;
  /** The Reach tenant of the subscription, for the bridge sign-in; null when the service gave none. */
  reachTenantId: string | null;
}

/** Add to team for a reach-only member (foundation §2): they are a Reach member only; an admin can add them. */
export function AddToTeamReachOnlyScreen({ app, reachTenantId }: AddToTeamReachOnlyScreenProps) {
  const { links } = useSystem();
  const vars = { app: appLabel(app) };
  return (
    <BlockedScreen
      title={t('access.reachOnly.title')}
      icon={<LayersIcon size={24} />}
      action={
        <a href={bridgeRedirectUrl(links, reachTenantId)} className={buttonClass('primary', 'lg')} target="_blank" rel="noopener noreferrer">
          {t('access.reachOnly.goToReach')}
          <ExternalLinkIcon size={16} />
          <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
      }
    >
      <p>{t('access.reachOnly.body', vars)}</p>
      <p>{t('access.reachOnly.contactAdmin', vars)}</p>
    </BlockedScreen>
  );
}

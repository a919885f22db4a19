import type { GuardedApp } from '../../../domain/account.ts';
import { teamManagementUrl } from '../../../domain/links.ts';
import { buttonClass, LockIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { appLabel } from './appLabel.ts';
import { BlockedScreen } from './BlockedScreen.tsx';

export interface AddToTeamScreenProps {
  app: GuardedApp;
  /** The trial or the paid body (foundation §2 dialogs). */
  body: 'trial' | 'paid';
  /** An admin without a seat is offered team management, where they can assign themselves a seat. */
  isAdmin: boolean;
  subscriptionId: string | null;
}

/** Add to team (foundation §2): the person is not on the team of the subscription. */
export function AddToTeamScreen({ app, body, isAdmin, subscriptionId }: AddToTeamScreenProps) {
  const { links } = useSystem();
  const vars = { app: appLabel(app) };
  const canManage = isAdmin && subscriptionId !== null;
  return (
    <BlockedScreen
      title={t('access.addToTeam.title')}
      icon={<LockIcon size={24} />}
      action={
        canManage ? (
          <a href={teamManagementUrl(links, subscriptionId)} className={buttonClass('primary', 'lg')}>
            {t('access.addToTeam.manageTeam')}
          </a>
        ) : undefined
      }
    >
      <p>{body === 'trial' ? t('access.addToTeam.trialBody', vars) : t('access.addToTeam.paidBody', vars)}</p>
      {!canManage && <p>{t('access.addToTeam.askAdmin')}</p>}
    </BlockedScreen>
  );
}

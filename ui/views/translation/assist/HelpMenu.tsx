/**
 * The translate tab's help and feedback menu (translation-editor §2 feature walkthrough, help and feedback menu,
 * user-research sign-up link only when the subscription status is active).
 */
import { buttonClass, HelpIcon, Menu, MenuItem, MenuLink, MenuSeparator } from '../../../kit/index.ts';
import { t } from '../../../strings.ts';

export interface HelpMenuProps {
  /** Starts the walkthrough from its first step. */
  onStartTour: () => void;
  /** Opens the feedback survey. */
  onFeedback: () => void;
  /** The help center's address (runtime config). */
  helpCenterHref: string;
  /** The user-research sign-up address; the link shows only with an active subscription. */
  userResearchHref?: string | null;
  /** §2 whether the user's subscription status is active. */
  subscriptionActive: boolean;
  className?: string;
}

/** A "Help" menu button: Take the tour, Give feedback, Help center, and Join user research for active subscriptions. */
export function HelpMenu({ onStartTour, onFeedback, helpCenterHref, userResearchHref, subscriptionActive, className }: HelpMenuProps) {
  return (
    <Menu
      className={className}
      triggerClassName={buttonClass('ghost', 'sm', 'assist-help__button')}
      align="end"
      trigger={
        <>
          <HelpIcon size={16} />
          <span>{t('translationAssist.help.button')}</span>
        </>
      }
      header={<span className="assist-help__header">{t('translationAssist.help.menuLabel')}</span>}
    >
      <MenuItem onSelect={onStartTour}>{t('translationAssist.help.tour')}</MenuItem>
      <MenuItem onSelect={onFeedback}>{t('translationAssist.help.feedback')}</MenuItem>
      <MenuSeparator />
      <MenuLink href={helpCenterHref} external>
        {t('translationAssist.help.center')}
      </MenuLink>
      {subscriptionActive && userResearchHref && (
        <MenuLink href={userResearchHref} external>
          {t('translationAssist.help.research')}
        </MenuLink>
      )}
    </Menu>
  );
}

import { useSelector } from '@xstate/react';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyRoute } from '../../lazyRoute.tsx';
import { HeaderFrame } from './HeaderFrame.tsx';
import { Link, useLocation } from 'wouter';
import type { UpgradePlacement } from '../../../domain/links.ts';
import {
  Avatar,
  initialsOf,
  ChevronDownIcon,
  DownloadIcon,
  ExternalLinkIcon,
  HelpIcon,
  Menu,
  MenuItem,
  MenuLink,
  MenuSeparator,
  SignOutIcon,
  buttonClass,
} from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { upgradeModalOf } from '../../../machines/dashboard/dashboardMachine.ts';
import { useAccount, useFlag } from '../useAccount.ts';
import { displayName } from '../user.ts';
import { headerModel, type AccountMenuEntry, type ProductEntry } from './headerModel.ts';
import { SubscriptionAlert } from './SubscriptionAlert.tsx';

// The two dialogs the header opens load with their first opening, not with the page.
// Their words are the header's (already in the first load's catalogue).
const UpgradeModal = lazyRoute(() => import('../upgrade/UpgradeModal.tsx').then((m) => m.UpgradeModal), []);
const NotificationSettingsDialog = lazyRoute(() => import('./NotificationSettingsDialog.tsx').then((m) => m.NotificationSettingsDialog), []);

/** Loads the header's dialogs now, so they then draw at once (view tests render without waiting). */
export function preloadHeaderDialogs(): Promise<void> {
  return Promise.all([UpgradeModal.preload(), NotificationSettingsDialog.preload()]).then(() => undefined);
}

/** Draws `children` from the first time `open` is true on (kept after, so a dialog closes as it always did). */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function isActive(location: string, base: string): boolean {
  if (base === '/') return location === '/';
  return location === base || location.startsWith(`${base}/`);
}

/** A link that leaves the dashboard in a new tab, and says so to assistive technology. */
function ExternalNavLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="app-nav__link" target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalLinkIcon size={14} className="app-nav__external" />
      <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
    </a>
  );
}

/**
 * A product in the navigation (foundation §2): a link when the person may use it; a control that opens
 * the subscribe modal when unentitled (Rise without Rise in the subscription) or not eligible.
 */
function ProductNavItem(props: { entry: ProductEntry; href: string; label: string; location: string; onSubscribe: () => void }) {
  const { entry, href, label, location } = props;
  if (entry === 'subscribeModal') {
    return (
      <button type="button" className="app-nav__link app-nav__link--button" aria-haspopup="dialog" onClick={props.onSubscribe}>
        {label}
      </button>
    );
  }
  return (
    <Link href={href} className="app-nav__link" aria-current={isActive(location, href) ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** The top bar of signed-in pages: brand, app navigation, buy now, help and account menus, subscription alert (foundation §2). */
export function Header() {
  const { auth, session, dashboard, notificationSettings, links, timeZone, downloadSessionLog } = useSystem();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const [location, navigate] = useLocation();
  const { status, account, summary } = useAccount();
  const dashboardHelpExperiment = useFlag('dashboardHelpExperiment');
  const upgrade = useSelector(dashboard, upgradeModalOf, (a, b) => a.open === b.open && a.placement === b.placement);
  const notificationSettingsOpen = useSelector(notificationSettings, (snapshot) => !snapshot.matches('closed'));
  const model = headerModel({ status, account, summary, links, location, dashboardHelpExperiment });
  const name = user ? displayName(user) : '';
  const openUpgrade = (placement: UpgradePlacement) => dashboard.send({ type: 'dashboard.openUpgrade', placement });

  const accountItem = (entry: AccountMenuEntry) => {
    switch (entry) {
      case 'account':
        return (
          <MenuLink key={entry} href={model.accountUrl} external>
            {t('header.account.account')}
          </MenuLink>
        );
      case 'notificationSettings':
        return (
          <MenuItem key={entry} onSelect={() => notificationSettings.send({ type: 'notificationSettings.open', timeZone })}>
            {t('header.account.notificationSettings')}
          </MenuItem>
        );
      case 'restoreStaffView':
        return (
          <MenuItem key={entry} onSelect={() => session.send({ type: 'session.overrideStaff', value: null })}>
            {t('header.account.restoreStaffView')}
          </MenuItem>
        );
      case 'downloadSessionLog':
        return [
          <MenuSeparator key="before-log" />,
          <MenuItem key={entry} icon={<DownloadIcon />} onSelect={downloadSessionLog}>
            {t('header.account.downloadSessionLog')}
          </MenuItem>,
        ];
      case 'charts':
        return (
          <MenuItem key={entry} onSelect={() => navigate('/charts')}>
            {t('charts.link')}
          </MenuItem>
        );
      case 'sandbox':
        return (
          <MenuItem key={entry} onSelect={() => navigate('/sandbox')}>
            {t('header.account.sandbox')}
          </MenuItem>
        );
      case 'replaySessionLog':
        return (
          <MenuItem key={entry} onSelect={() => navigate('/support/replay')}>
            {t('header.account.replaySessionLog')}
          </MenuItem>
        );
      case 'signOut':
        return [
          <MenuSeparator key="before-sign-out" />,
          <MenuItem key={entry} icon={<SignOutIcon />} onSelect={() => session.send({ type: 'session.signOut' })}>
            {t('header.account.signOut')}
          </MenuItem>,
        ];
    }
  };

  return (
    <>
      <HeaderFrame>
          <nav className="app-nav" aria-label={t('header.nav.label')}>
            <ul className="app-nav__list">
              <li>
                <Link href="/" className="app-nav__link" aria-current={isActive(location, '/') ? 'page' : undefined}>
                  {t('header.nav.dashboard')}
                </Link>
              </li>
              <li>
                <ProductNavItem
                  entry={model.rise}
                  href="/rise"
                  label={t('header.nav.rise')}
                  location={location}
                  onSubscribe={() => openUpgrade('rise')}
                />
              </li>
              <li>
                <ProductNavItem entry={model.review} href="/review" label={t('header.nav.review')} location={location} onSubscribe={() => openUpgrade('review')} />
              </li>
              <li>
                <ExternalNavLink href={model.reachUrl}>{t('header.nav.reach')}</ExternalNavLink>
              </li>
              {model.trainingUrl !== null && (
                <li>
                  <ExternalNavLink href={model.trainingUrl}>{t('header.nav.training')}</ExternalNavLink>
                </li>
              )}
            </ul>
          </nav>

          <div className="app-header__actions">
            {model.buyNowUrl !== null && (
              <a className={buttonClass('primary', 'sm', 'app-header__buy-now')} href={model.buyNowUrl} target="_blank" rel="noopener noreferrer">
                <span className="k-button__label">{t('header.buyNow')}</span>
                <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
            )}

            <Menu
              align="end"
              triggerClassName="app-header__menu-button"
              trigger={
                <>
                  <HelpIcon size={18} />
                  <span className="app-header__menu-label">{t('header.help.button')}</span>
                  <ChevronDownIcon size={14} />
                </>
              }
              label={t('header.help.menuLabel')}
            >
              <MenuLink href={model.help.support} external>
                {t('header.help.support')}
              </MenuLink>
              <MenuLink href={model.help.training} external>
                {t('header.help.training')}
              </MenuLink>
              <MenuLink href={model.help.community} external>
                {t('header.help.community')}
              </MenuLink>
              <MenuSeparator />
              <MenuItem icon={<DownloadIcon />} onSelect={downloadSessionLog}>
                {t('header.account.downloadSessionLog')}
              </MenuItem>
            </Menu>

            <Menu
              align="end"
              // The button shows the initials: its name starts with them (WCAG 2.5.3 label in name).
              label={name ? t('header.account.menuLabelFor', { initials: initialsOf(name, user?.email), name }) : t('header.account.menuLabel')}
              triggerClassName="app-header__menu-button app-header__menu-button--account"
              trigger={
                <>
                  <Avatar name={name} email={user?.email} size="sm" decorative />
                  <ChevronDownIcon size={14} />
                </>
              }
              header={
                user && (
                  <div className="account-summary">
                    <Avatar name={name} email={user.email} size="md" decorative />
                    <div className="account-summary__text">
                      <span className="account-summary__name">{name}</span>
                      <span className="account-summary__email">{user.email}</span>
                    </div>
                  </div>
                )
              }
            >
              {model.accountMenu.map(accountItem)}
            </Menu>
          </div>
      </HeaderFrame>
      {model.alert && <SubscriptionAlert key={model.alert.kind} alert={model.alert} />}
      <OnceOpened open={upgrade.open}>
        <UpgradeModal open={upgrade.open} placement={upgrade.placement} onClose={() => dashboard.send({ type: 'dashboard.closeUpgrade' })} />
      </OnceOpened>
      <OnceOpened open={notificationSettingsOpen}>
        <NotificationSettingsDialog />
      </OnceOpened>
    </>
  );
}

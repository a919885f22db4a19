import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import {
  Avatar,
  ChevronDownIcon,
  DownloadIcon,
  HelpIcon,
  LogoMark,
  Menu,
  MenuItem,
  MenuLink,
  MenuSeparator,
  SignOutIcon,
  Tooltip,
} from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { helpLinks } from './links.ts';
import { displayName } from './user.ts';

function isActive(location: string, base: string): boolean {
  if (base === '/') return location === '/';
  return location === base || location.startsWith(`${base}/`);
}

/** The top bar of signed-in pages: brand, app navigation (foundation §2), help and account menus. */
export function Header() {
  const { auth, session, appName, downloadSessionLog } = useSystem();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const [location] = useLocation();
  const name = user ? displayName(user) : '';

  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <div className="app-header__inner">
        <Link href="/" className="app-header__brand" aria-label={t('header.homeLink', { appName })}>
          <LogoMark />
          <span className="app-header__brand-name">{appName}</span>
        </Link>

        <nav className="app-nav" aria-label={t('header.nav.label')}>
          <ul className="app-nav__list">
            <li>
              <Link href="/" className="app-nav__link" aria-current={isActive(location, '/') ? 'page' : undefined}>
                {t('header.nav.dashboard')}
              </Link>
            </li>
            <li>
              <Tooltip content={t('header.nav.notInSubscription')}>
                {(describedBy) => (
                  // Not in the subscription yet: focusable so keyboard users reach the explanation.
                  <span role="link" aria-disabled="true" tabIndex={0} className="app-nav__link" aria-describedby={describedBy}>
                    {t('header.nav.rise')}
                  </span>
                )}
              </Tooltip>
            </li>
            <li>
              <Link href="/review" className="app-nav__link" aria-current={isActive(location, '/review') ? 'page' : undefined}>
                {t('header.nav.review')}
              </Link>
            </li>
          </ul>
        </nav>

        <div className="app-header__actions">
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
            label={t('header.help.button')}
          >
            <MenuLink href={helpLinks.support} external>
              {t('header.help.support')}
            </MenuLink>
            <MenuLink href={helpLinks.training} external>
              {t('header.help.training')}
            </MenuLink>
            <MenuLink href={helpLinks.community} external>
              {t('header.help.community')}
            </MenuLink>
            <MenuSeparator />
            <MenuItem icon={<DownloadIcon />} onSelect={downloadSessionLog}>
              {t('header.account.downloadSessionLog')}
            </MenuItem>
          </Menu>

          <Menu
            align="end"
            label={t('header.account.menuLabel')}
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
            <MenuItem icon={<DownloadIcon />} onSelect={downloadSessionLog}>
              {t('header.account.downloadSessionLog')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem icon={<SignOutIcon />} onSelect={() => session.send({ type: 'session.signOut' })}>
              {t('header.account.signOut')}
            </MenuItem>
          </Menu>
        </div>
      </div>
    </header>
  );
}

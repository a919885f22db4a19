import '../../styles/foundation.css';
import '../../styles/chrome.css';
import { Link } from 'wouter';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { TRIAL_PAGE_PATH } from '../header/ContentLibraryHeader.tsx';

const site = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/**
 * The footer (review-and-content §2): terms, privacy, support (signed in) or FAQs (signed out), cookie preferences,
 * and for visitors who are not signed in the start-trial and sign-in links.
 */
export function Footer({ signedIn }: { signedIn: boolean }) {
  const { links, now } = useSystem();
  return (
    <footer className="app-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="app-footer__links">
          <li>
            <a href={site(links.marketing, '/terms')}>{t('footer.terms')}</a>
          </li>
          <li>
            <a href={site(links.marketing, '/privacy')}>{t('footer.privacy')}</a>
          </li>
          <li>{signedIn ? <a href={links.support}>{t('footer.support')}</a> : <a href={site(links.marketing, '/faqs')}>{t('footer.faqs')}</a>}</li>
          <li>
            <a href={site(links.marketing, '/cookie-preferences')}>{t('footer.cookies')}</a>
          </li>
          {!signedIn && (
            <>
              <li>
                <Link href={TRIAL_PAGE_PATH}>{t('footer.startTrial')}</Link>
              </li>
              <li>
                <Link href="/signin">{t('footer.signIn')}</Link>
              </li>
            </>
          )}
        </ul>
      </nav>
      <p className="app-footer__copyright">{t('footer.copyright', { year: new Date(now()).getUTCFullYear() })}</p>
    </footer>
  );
}

import '../../styles/foundation.css';
import { Link } from 'wouter';
import { isMobileAgent } from '../../../domain/downloads.ts';
import { buttonClass, DownloadIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { desktopDownloadUrl } from '../screens/DownloadsDialog.tsx';

/** The download-apps panel (review-and-content §2): the Windows download and a Mac link; on a phone, use a desktop. */
export function DownloadAppsPanel({ windowsUrl, macUrl, showAll = true }: { windowsUrl?: string | null; macUrl?: string | null; showAll?: boolean }) {
  const { activation, links } = useSystem();
  const mobile = isMobileAgent(activation.userAgent);
  return (
    <aside className="download-apps surface-panel" aria-label={t('downloads.panel.title')}>
      <h2 className="download-apps__title">{t('downloads.panel.title')}</h2>
      {mobile ? (
        <p className="download-apps__mobile">{t('downloads.panel.mobile')}</p>
      ) : (
        <div className="download-apps__actions">
          <a href={windowsUrl ?? desktopDownloadUrl(links.marketing)} className={buttonClass('primary', 'md')}>
            <DownloadIcon size={16} />
            {t('downloads.panel.windows')}
          </a>
          <a href={macUrl ?? `${links.marketing.replace(/\/+$/, '')}/downloads/desktop/mac`} className="download-apps__mac">
            {t('downloads.panel.mac')}
          </a>
        </div>
      )}
      {showAll && (
        <Link href="/downloads/all" className="download-apps__all">
          {t('downloads.panel.all')}
        </Link>
      )}
    </aside>
  );
}

import { Button, buttonClass, Dialog, DownloadIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { isMobileAgent } from '../../../domain/downloads.ts';
import { Link } from 'wouter';

/** Where the Windows desktop app is downloaded: `{marketing}/downloads/desktop/windows`. */
export function desktopDownloadUrl(marketing: string): string {
  return `${marketing.replace(/\/+$/, '')}/downloads/desktop/windows`;
}

/** The desktop-app download dialog opened by /downloads over the dashboard (foundation §2). */
export function DownloadsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { links, activation } = useSystem();
  // On a phone the download-apps panel says to use a desktop (review-and-content §2).
  const mobile = isMobileAgent(activation.userAgent);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('access.downloads.title')}
      description={mobile ? t('downloads.panel.mobile') : t('access.downloads.body')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('access.downloads.close')}
          </Button>
          {!mobile && (
            <a href={desktopDownloadUrl(links.marketing)} className={buttonClass('primary', 'md')}>
              <DownloadIcon size={16} />
              {t('access.downloads.download')}
            </a>
          )}
        </>
      }
    >
      <p className="downloads-dialog__links">
        {!mobile && <a href={`${links.marketing.replace(/\/+$/, '')}/downloads/desktop/mac`}>{t('downloads.panel.mac')}</a>}{' '}
        <Link href="/downloads/all">{t('downloads.panel.all')}</Link>
      </p>
    </Dialog>
  );
}

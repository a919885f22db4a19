import { Button, buttonClass, Dialog, DownloadIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/** Where the Windows desktop app is downloaded: `{marketing}/downloads/desktop/windows`. */
export function desktopDownloadUrl(marketing: string): string {
  return `${marketing.replace(/\/+$/, '')}/downloads/desktop/windows`;
}

/** The desktop-app download dialog opened by /downloads over the dashboard (foundation §2). */
export function DownloadsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { links } = useSystem();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('access.downloads.title')}
      description={t('access.downloads.body')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('access.downloads.close')}
          </Button>
          <a href={desktopDownloadUrl(links.marketing)} className={buttonClass('primary', 'md')}>
            <DownloadIcon size={16} />
            {t('access.downloads.download')}
          </a>
        </>
      }
    />
  );
}

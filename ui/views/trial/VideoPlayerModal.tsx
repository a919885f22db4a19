import { Dialog } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/**
 * The video player modal (foundation §2 dialogs): a video in a dialog, with the browser's own controls and English
 * captions. Closing it (×, Escape, a click beside it) stops the video, since the element leaves the page.
 */
export function VideoPlayerModal({ open, onClose, title, video, captions }: { open: boolean; onClose: () => void; title: string; video: string; captions: string }) {
  return (
    <Dialog open={open} onClose={onClose} title={title} size="lg" className="video-modal">
      {open && (
        <video className="video-modal__video" src={video} controls preload="metadata" aria-label={title}>
          <track kind="captions" src={captions} srcLang="en" label={t('trial.overview.captions')} default />
          {t('trial.overview.unsupported')}
        </video>
      )}
    </Dialog>
  );
}

import { useEffect, useRef } from 'react';
import { readBrowserMessage, type BusinessContentTab } from '../../../domain/dashboard.ts';
import { CloseIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/**
 * The full-screen business-content browser (review-and-content §2, §7): the authoring site's page in an embedded
 * frame, for #templates or #microlearning. Its JSON-RPC 2.0 messages are accepted only from the authoring origin:
 * close returns to /, import with an id imports that template (as a card click does). Escape and the Close button
 * return to / too.
 */
export function BusinessContentBrowser({ tab, onClose }: { tab: BusinessContentTab; onClose: () => void }) {
  const { links, authoringDashboard } = useSystem();
  const frame = useRef<HTMLIFrameElement>(null);
  const src = `${links.authoring}/business-content/${tab}`;
  const authoringOrigin = new URL(links.authoring, window.location.href).origin;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== authoringOrigin || event.source !== frame.current?.contentWindow) return;
      const message = readBrowserMessage(event.data);
      if (!message) return;
      if (message.method === 'close') onClose();
      else if (message.method === 'import') authoringDashboard.send({ type: 'authoringDashboard.importTemplate', contentId: message.contentId });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('keydown', onKey);
    };
  }, [authoringOrigin, authoringDashboard, onClose]);

  return (
    <div className="business-browser" role="dialog" aria-modal="true" aria-label={t('authoring.browser.title')}>
      <div className="business-browser__bar">
        <span className="business-browser__title">{t('authoring.browser.title')}</span>
        <button type="button" className="business-browser__close" onClick={onClose} autoFocus>
          <CloseIcon size={18} />
          {t('authoring.browser.close')}
        </button>
      </div>
      <iframe ref={frame} className="business-browser__frame" src={src} title={t('authoring.browser.title')} />
    </div>
  );
}

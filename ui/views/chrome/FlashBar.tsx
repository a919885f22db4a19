import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FLASH_TONES, takeFlashFromSearch } from '../../../domain/flash.ts';
import { flashOf } from '../../../machines/dashboard/dashboardMachine.ts';
import { Banner, Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/**
 * Reads the flash carrier (`?flash=<id>`, domain/flash.ts) on every page the app shows, removes it from the address
 * (so a reload or the back button never shows it again) and tells the `dashboard` actor, which shows only ids of its
 * fixed set. Also tells it which page is shown, so the message leaves with its page. Rendered once, beside the routes.
 */
export function FlashCarrier() {
  const { dashboard } = useSystem();
  const [path] = useLocation();
  const search = useSearch();

  useEffect(() => {
    dashboard.send({ type: 'dashboard.pageShown', path });
  }, [dashboard, path]);

  useEffect(() => {
    // Reading the address is not I/O; removing the carrier first means StrictMode's second run finds nothing.
    const { id, carried, rest } = takeFlashFromSearch(window.location.search);
    if (!carried) return;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
    if (id) dashboard.send({ type: 'dashboard.flashRead', id, path: window.location.pathname });
  }, [dashboard, path, search]);

  return null;
}

/**
 * The flash message bar (review-and-content §2): the one-time message a redirect left for this page, in words of the
 * catalogue (never text from the address), until dismissed or another page is shown. The live region is always there
 * and the message is put into it, so screen readers announce it.
 */
export function FlashBar() {
  const { dashboard } = useSystem();
  const id = useSelector(dashboard, flashOf);
  return (
    <div className="flash-region" role="status">
      {id && (
        <Banner
          tone={FLASH_TONES[id]}
          announce={false}
          className="flash-bar"
          action={
            <Button variant="ghost" size="sm" aria-label={t('flash.dismiss')} onClick={() => dashboard.send({ type: 'dashboard.dismissFlash' })}>
              {t('common.dismiss')}
            </Button>
          }
        >
          {t(`flash.message.${id}`)}
        </Banner>
      )}
    </div>
  );
}

import { useState } from 'react';
import { isSupportedBrowser } from '../../../domain/browserSupport.ts';
import { Banner, Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/** The unsupported-browser banner (review-and-content §2, §5); its dismissal is remembered in this browser. */
export function BrowserBanner() {
  const { activation } = useSystem();
  const [dismissed, setDismissed] = useState(() => activation.isBrowserBannerDismissed());
  if (dismissed || isSupportedBrowser(activation.userAgent)) return null;
  return (
    <Banner
      tone="warning"
      className="browser-banner"
      title={t('browserBanner.title')}
      action={
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            activation.dismissBrowserBanner();
            setDismissed(true);
          }}
        >
          {t('common.dismiss')}
        </Button>
      }
    >
      {t('browserBanner.body')}
    </Banner>
  );
}

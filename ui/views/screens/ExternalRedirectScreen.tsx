import { useEffect, useRef } from 'react';
import { Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { usePageTitle } from '../usePageTitle.ts';

export interface ExternalRedirectScreenProps {
  /** The external address the browser is sent to. */
  to: string;
  /** "Redirecting…" sentence shown under the spinner. */
  text: string;
  /** Name of the destination for the manual link. */
  destination: string;
}

/**
 * Full-screen "Redirecting…" while the browser leaves for another site (the marketing page of an app,
 * the authoring site), with a link in case the navigation does not happen.
 */
export function ExternalRedirectScreen({ to, text, destination }: ExternalRedirectScreenProps) {
  const sent = useRef<string | null>(null);
  usePageTitle(text);
  useEffect(() => {
    // StrictMode runs effects twice: navigate once per address.
    if (sent.current === to) return;
    sent.current = to;
    window.location.assign(to);
  }, [to]);
  return (
    <main id="main" className="k-loading-screen redirect-screen" aria-busy="true">
      <Spinner size="lg" label={text} showLabel />
      <p className="redirect-screen__manual">
        {t('access.redirecting.manual')} <a href={to}>{t('access.redirecting.manualLink', { app: destination })}</a>
      </p>
    </main>
  );
}

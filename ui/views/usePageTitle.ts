import { useEffect } from 'react';
import { useSystem } from '../system.tsx';

/** Sets the document title to "<page> · <app name>" (WCAG 2.4.2) while the page is shown. */
export function usePageTitle(page: string): void {
  const { appName } = useSystem();
  useEffect(() => {
    document.title = page ? `${page} · ${appName}` : appName;
  }, [page, appName]);
}

import { useId } from 'react';
import { ExternalLinkIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';

/** The external maintenance page: `{marketing}/maintenance`. */
export function maintenancePageUrl(marketing: string): string {
  return `${marketing.replace(/\/+$/, '')}/maintenance`;
}

/**
 * The maintenance screen (foundation §2 /review): shown instead of the review application while the
 * maintenanceMode flag is on, embedding the external maintenance page.
 */
export function MaintenanceScreen() {
  const { links } = useSystem();
  const titleId = useId();
  const src = maintenancePageUrl(links.marketing);
  usePageTitle(t('access.maintenance.title'));
  return (
    <AppLayout>
      <section className="maintenance" aria-labelledby={titleId}>
        <div className="page-header maintenance__header">
          <div>
            <h1 id={titleId} className="page-title">
              {t('access.maintenance.title')}
            </h1>
            <p className="page-subtitle">{t('access.maintenance.body')}</p>
          </div>
        </div>
        <iframe className="maintenance__frame" src={src} title={t('access.maintenance.frameTitle')} referrerPolicy="no-referrer" />
        <p className="maintenance__link">
          <a href={src} target="_blank" rel="noopener noreferrer">
            {t('access.maintenance.openPage')}
            <ExternalLinkIcon size={14} />
            <span className="k-visually-hidden"> {t('common.opensInNewTab')}</span>
          </a>
        </p>
      </section>
    </AppLayout>
  );
}

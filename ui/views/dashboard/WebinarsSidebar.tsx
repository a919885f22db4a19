import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { splitWebinars } from '../../../domain/dashboard.ts';
import { Button, Skeleton } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

/**
 * Recent webinars (review-and-content §2, §8, §9): the first 3, then "Show N more" reveals the rest. Each opens the
 * training site in a new tab. A failed fetch says 'Error fetching recent webinars on dashboard.' and the list stays
 * loading.
 */
export function WebinarsSidebar() {
  const { authoringDashboard, links } = useSystem();
  const headingId = useId();
  const status = useSelector(authoringDashboard, (s) => (s.matches({ webinars: 'loaded' }) ? 'loaded' : s.matches({ webinars: 'failed' }) ? 'failed' : 'loading'));
  const webinars = useSelector(authoringDashboard, (s) => s.context.webinars);
  const expanded = useSelector(authoringDashboard, (s) => s.context.webinarsExpanded);
  const { shown, hiddenCount } = splitWebinars(webinars, expanded);

  return (
    <section className="webinars surface-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-section__title">
        {t('authoring.webinars.heading')}
      </h2>
      {status !== 'loaded' && (
        <div aria-busy="true">
          <p className={status === 'failed' ? 'webinars__error' : 'k-visually-hidden'} role={status === 'failed' ? 'alert' : 'status'}>
            {status === 'failed' ? t('authoring.webinars.failed') : t('authoring.webinars.loading')}
          </p>
          <ul className="webinars__list" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="webinars__item">
                <Skeleton shape="line" width="40%" />
                <Skeleton shape="line" width="90%" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {status === 'loaded' && webinars.length === 0 && <p className="webinars__empty">{t('authoring.webinars.empty')}</p>}
      {status === 'loaded' && webinars.length > 0 && (
        <>
          <ul className="webinars__list">
            {shown.map((webinar) => (
              <li key={webinar.id} className="webinars__item">
                <span className="webinars__series">{webinar.series.title}</span>
                <a className="webinars__link" href={`${links.training}/webinars/${encodeURIComponent(webinar.slug)}`} target="_blank" rel="noopener noreferrer">
                  {webinar.title}
                  <span className="k-visually-hidden"> {t('authoring.webinars.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
          {hiddenCount > 0 && (
            <Button variant="ghost" size="sm" onClick={() => authoringDashboard.send({ type: 'authoringDashboard.showAllWebinars' })}>
              {t('authoring.webinars.showMore', { count: hiddenCount })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import { greetingName } from '../../domain/auth.ts';
import { ArrowRightIcon, LayersIcon, LockIcon, ReviewIcon } from '../kit/index.ts';
import { t } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { AppLayout } from './AppLayout.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** The dashboard at / (foundation §2): a greeting and the apps the person can open. */
export function DashboardPage() {
  const { auth } = useSystem();
  const firstName = useSelector(auth, (snapshot) => (snapshot.context.user ? greetingName(snapshot.context.user) : ''));
  const appsHeadingId = useId();
  usePageTitle(t('dashboard.title'));

  return (
    <AppLayout>
      <div className="dashboard-hero">
        <h1 className="page-title">{t('dashboard.greeting', { name: firstName })}</h1>
      </div>

      <section aria-labelledby={appsHeadingId}>
        <h2 id={appsHeadingId} className="k-visually-hidden">
          {t('dashboard.apps.label')}
        </h2>
        <ul className="card-grid">
          <li>
            <Link href="/review" className="app-card">
              <span className="app-card__icon" aria-hidden="true">
                <ReviewIcon size={20} />
              </span>
              <span className="app-card__title">
                {t('dashboard.card.review.title')}
                <ArrowRightIcon size={18} className="app-card__arrow" />
              </span>
              <span className="app-card__body">{t('dashboard.card.review.body')}</span>
            </Link>
          </li>
          <li>
            <div className="app-card app-card--disabled" aria-disabled="true">
              <span className="app-card__icon" aria-hidden="true">
                <LayersIcon size={20} />
              </span>
              <span className="app-card__title">{t('dashboard.card.rise.title')}</span>
              <span className="app-card__body">{t('dashboard.card.rise.body')}</span>
              <span className="app-card__badge">
                <LockIcon size={12} />
                {t('dashboard.card.rise.unavailable')}
              </span>
            </div>
          </li>
        </ul>
      </section>
    </AppLayout>
  );
}

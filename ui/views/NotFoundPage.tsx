import { Link } from 'wouter';
import { buttonClass, CompassIcon } from '../kit/index.ts';
import { t } from '../strings.ts';
import { CenterCard } from './CenterCard.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** Any path the routes do not know. */
export function NotFoundPage() {
  usePageTitle(t('notFound.title'));
  return (
    <CenterCard icon={<CompassIcon size={22} />} title={t('notFound.title')}>
      <p className="center-card__text">{t('notFound.body')}</p>
      <div className="center-card__actions">
        <Link href="/" className={buttonClass('primary', 'lg')}>
          {t('notFound.goToDashboard')}
        </Link>
      </div>
    </CenterCard>
  );
}

import { EmptyState, InboxIcon } from '../kit/index.ts';
import { t } from '../strings.ts';
import { AppLayout } from './AppLayout.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** The review application at /review. The item grid arrives later; until then its empty state. */
export function ReviewPage() {
  usePageTitle(t('review.title'));
  return (
    <AppLayout>
      <div className="page-header">
        <h1 className="page-title">{t('review.title')}</h1>
      </div>
      <section aria-label={t('review.items.label')} className="item-area">
        <EmptyState icon={<InboxIcon size={22} />} title={t('review.empty.title')} body={t('review.empty.body')} />
      </section>
    </AppLayout>
  );
}

import { useSelector } from '@xstate/react';
import { Button, EmptyState, ReviewIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { ContentLibraryHeader } from '../header/ContentLibraryHeader.tsx';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * What an anonymous reviewer (anon|<email>) sees on a review-content address: who they review as and a
 * way to stop. The item itself is shown by the item view (a later issue), which takes this page's place.
 */
export function AnonymousReviewPage() {
  const { auth } = useSystem();
  const email = useSelector(auth, (s) => s.context.anonymousUser?.email ?? '');
  usePageTitle(t('anon.title'));
  return (
    <div className="app-shell">
      <ContentLibraryHeader />
      <main id="main" className="page" tabIndex={-1}>
        <p className="anon-review__as">{t('anon.reviewingAs', { email })}</p>
        <EmptyState
          icon={<ReviewIcon size={24} />}
          title={t('anon.item.title')}
          body={t('anon.item.body')}
          action={
            <Button variant="secondary" onClick={() => auth.send({ type: 'auth.signOut', full: false })}>
              {t('anon.leave')}
            </Button>
          }
        />
      </main>
    </div>
  );
}

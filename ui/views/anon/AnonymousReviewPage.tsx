import { useSelector } from '@xstate/react';
import { Button } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { ContentLibraryHeader } from '../header/ContentLibraryHeader.tsx';

/**
 * What an anonymous reviewer (anon|<email>) sees above the item view: the content library's header, who they
 * review as, and a way to stop.
 */
export function AnonymousReviewBar() {
  const { auth } = useSystem();
  const email = useSelector(auth, (s) => s.context.anonymousUser?.email ?? '');
  return (
    <>
      <ContentLibraryHeader />
      <div className="anon-review__bar">
        <p className="anon-review__as">{t('anon.reviewingAs', { email })}</p>
        <Button variant="secondary" size="sm" onClick={() => auth.send({ type: 'auth.signOut', full: false })}>
          {t('anon.leave')}
        </Button>
      </div>
    </>
  );
}

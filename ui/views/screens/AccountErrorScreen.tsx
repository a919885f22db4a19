import { useId } from 'react';
import { Button, ErrorIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { useAccount } from '../useAccount.ts';

/**
 * The account could not be read (foundation §8 "Failed to fetch current user" / "Failed to fetch
 * permissions for user"): says which, and offers to read it again. Never a blank page.
 */
export function AccountErrorScreen() {
  const { session } = useSystem();
  const { errorMessage } = useAccount();
  const titleId = useId();
  usePageTitle(t('access.accountError.title'));
  return (
    <AppLayout>
      <section className="blocked-screen" aria-labelledby={titleId}>
        <span className="center-card__icon blocked-screen__icon center-card__icon--error" aria-hidden="true">
          <ErrorIcon size={24} />
        </span>
        <h1 id={titleId} className="blocked-screen__title">
          {t('access.accountError.title')}
        </h1>
        <div className="blocked-screen__body">
          <p>{t('access.accountError.body')}</p>
          {errorMessage && (
            <p className="blocked-screen__detail" role="alert">
              {errorMessage}
            </p>
          )}
        </div>
        <div className="blocked-screen__actions">
          <Button variant="primary" size="lg" onClick={() => session.send({ type: 'session.retry' })}>
            {t('access.accountError.tryAgain')}
          </Button>
        </div>
      </section>
    </AppLayout>
  );
}

import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass, cx } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { AppLayout } from '../AppLayout.tsx';
import { usePageTitle } from '../usePageTitle.ts';

export interface BlockedScreenProps {
  title: string;
  icon: ReactNode;
  tone?: 'default' | 'warning';
  /** The explanation: one or two paragraphs. */
  children: ReactNode;
  /** The way forward (a primary link or button); "Back to the dashboard" is always offered after it. */
  action?: ReactNode;
}

/**
 * The blocked screen (foundation §2): shown inside the normal app layout, header visible, when the
 * active-subscription guard does not let the person in. Used by the expired, add-to-team and
 * reach-only screens.
 */
export function BlockedScreen({ title, icon, tone = 'default', children, action }: BlockedScreenProps) {
  const titleId = useId();
  usePageTitle(title);
  return (
    <AppLayout>
      <section className="blocked-screen" aria-labelledby={titleId}>
        <span className={cx('center-card__icon blocked-screen__icon', tone === 'warning' && 'center-card__icon--warning')} aria-hidden="true">
          {icon}
        </span>
        <h1 id={titleId} className="blocked-screen__title">
          {title}
        </h1>
        <div className="blocked-screen__body">{children}</div>
        <div className="blocked-screen__actions">
          {action}
          <Link href="/" className={buttonClass('ghost', 'lg')}>
            {t('access.backToDashboard')}
          </Link>
        </div>
      </section>
    </AppLayout>
  );
}

/**
 * The per-item notification level (review-and-content §9 levels mine, all, mute; foundation §3 per-item notification
 * subscription; §6 "project notifications need a signed-in account" — the caller shows it to accounts only): a
 * popover with the three levels as radios, its loading, saving and error states, and a link to the account's
 * notification settings (how often: instant, hourly, daily digest at 09:00 local).
 */
import { lazy, Suspense, type SVGProps } from 'react';
import { Popover, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import type { NotificationLevelPopoverProps } from './NotificationLevelPanel.tsx';

// The panel loads when the bell is first opened.
const NotificationLevelPanel = lazy(() => import('./NotificationLevelPanel.tsx').then((m) => ({ default: m.NotificationLevelPanel })));

export type { NotificationLevelPopoverProps, NotificationLevelStatus } from './NotificationLevelPanel.tsx';

/** A bell (stroke icon on the kit's 24-unit grid). */
export function BellIcon({ size = 16, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The bell button and its panel. */
export function NotificationLevelPopover(props: NotificationLevelPopoverProps) {
  const levelName = props.level ? t(`commentsPanel.notifications.level.${props.level}`) : '…';
  return (
    <Popover
      trigger={<BellIcon size={16} />}
      triggerLabel={t('commentsPanel.notifications.button', { level: levelName })}
      triggerClassName="k-icon-button notification-level__button"
      title={t('commentsPanel.notifications.title')}
      align="end"
      className="notification-level"
      onOpenChange={props.onOpenChange}
    >
      {(close) => (
        <Suspense fallback={<Spinner size="sm" label={t('commentsPanel.notifications.loading')} />}>
          <NotificationLevelPanel
            {...props}
            onOpenSettings={() => {
              close();
              props.onOpenSettings();
            }}
          />
        </Suspense>
      )}
    </Popover>
  );
}

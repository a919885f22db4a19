/**
 * The per-item notification level (review-and-content §9 levels mine, all, mute; foundation §3 per-item notification
 * subscription; §6 "project notifications need a signed-in account" — the caller shows it to accounts only): a
 * popover with the three levels as radios, its loading, saving and error states, and a link to the account's
 * notification settings (how often: instant, hourly, daily digest at 09:00 local).
 */
import type { SVGProps } from 'react';
import { NOTIFICATION_LEVELS, type NotificationLevel } from '../../../domain/comments.ts';
import { Banner, Button, Popover, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';

/** Where the level is: the itemNotifications actor's state (its snapshot value; closed draws as loading). */
export type NotificationLevelStatus = 'closed' | 'loading' | 'loadError' | 'ready' | 'saving' | 'saveError';

export interface NotificationLevelPopoverProps {
  /** The level shown as chosen (machines/items/itemNotificationsMachine `shownLevelOf`); null until loaded. */
  level: NotificationLevel | null;
  status: NotificationLevelStatus;
  errorMessage?: string | null;
  /** The popover opened (load the level) or closed. */
  onOpenChange?: (open: boolean) => void;
  onSelect: (level: NotificationLevel) => void;
  onRetry: () => void;
  /** Open the account's notification settings dialog. */
  onOpenSettings: () => void;
}

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
        <NotificationLevelPanel
          {...props}
          onOpenSettings={() => {
            close();
            props.onOpenSettings();
          }}
        />
      )}
    </Popover>
  );
}

/** The panel's content: title, radios or loading / error, the settings link. */
export function NotificationLevelPanel({ level, status, errorMessage, onSelect, onRetry, onOpenSettings }: NotificationLevelPopoverProps) {
  const saving = status === 'saving';
  const loading = status === 'closed' || status === 'loading';
  const failed = status === 'loadError' || status === 'saveError';
  return (
    <div className="notification-level__panel" aria-busy={loading || saving || undefined}>
      <h2 className="notification-level__title">{t('commentsPanel.notifications.title')}</h2>
      {loading ? (
        <p className="notification-level__status" role="status">
          <Spinner size="sm" decorative /> {t('commentsPanel.notifications.loading')}
        </p>
      ) : (
        level !== null && (
          <fieldset className="notification-level__options" disabled={saving}>
            <legend className="notification-level__legend">{t('commentsPanel.notifications.legend')}</legend>
            {NOTIFICATION_LEVELS.map((option) => {
              const id = `notification-level-${option}`;
              return (
                <label key={option} htmlFor={id} className="notification-level__option">
                  <input id={id} type="radio" name="notification-level" value={option} checked={level === option} aria-describedby={`${id}-hint`} onChange={() => onSelect(option)} />
                  <span className="notification-level__text">
                    <span className="notification-level__label">{t(`commentsPanel.notifications.level.${option}`)}</span>
                    <span id={`${id}-hint`} className="notification-level__hint">
                      {t(`commentsPanel.notifications.level.${option}.hint`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
        )
      )}
      {saving && (
        <p className="notification-level__status" role="status">
          <Spinner size="sm" decorative /> {t('commentsPanel.notifications.saving')}
        </p>
      )}
      {failed && (
        <Banner
          tone="error"
          title={t(status === 'loadError' ? 'commentsPanel.notifications.loadError' : 'commentsPanel.notifications.saveError')}
          action={
            <Button size="sm" onClick={onRetry}>
              {t('commentsPanel.notifications.retry')}
            </Button>
          }
        >
          {errorMessage}
        </Banner>
      )}
      <p className="notification-level__settings">
        <span className="notification-level__settings-hint">{t('commentsPanel.notifications.settingsHint')}</span>{' '}
        <button type="button" className="k-link-button" onClick={onOpenSettings}>
          {t('commentsPanel.notifications.settings')}
        </button>
      </p>
    </div>
  );
}

/** The per-item notification level's panel (review-and-content §9 levels mine, all, mute), opened from the bell. */
import { NOTIFICATION_LEVELS, type NotificationLevel } from '../../../domain/comments.ts';
import { Banner, Button, Spinner } from '../../kit/index.ts';
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

import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { NOTIFICATION_DIGEST_TIME } from '../../../domain/constants.ts';
import { NOTIFICATION_FREQUENCIES, type NotificationFrequency } from '../../../machines/session/notificationSettingsMachine.ts';
import { Banner, Button, Dialog, Spinner } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { useSystem } from '../../system.tsx';

const LABELS: Record<NotificationFrequency, { label: StringKey; hint: StringKey }> = {
  instant: { label: 'notificationSettings.frequency.instant', hint: 'notificationSettings.frequency.instant.hint' },
  hourly: { label: 'notificationSettings.frequency.hourly', hint: 'notificationSettings.frequency.hourly.hint' },
  daily: { label: 'notificationSettings.frequency.daily', hint: 'notificationSettings.frequency.daily.hint' },
};

/**
 * The notification-settings dialog (foundation §1 account menu, §3 notification preference): how often
 * review-comment e-mails come. Reads and saves through the notificationSettings actor; a failed read or
 * save shows the reason with a retry.
 */
export function NotificationSettingsDialog() {
  const { notificationSettings: actor } = useSystem();
  const state = useSelector(actor, (s) => s.value);
  const draft = useSelector(actor, (s) => s.context.draft);
  const timeZone = useSelector(actor, (s) => s.context.timeZone);
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const groupName = useId();
  const send = actor.send;

  const open = state !== 'closed';
  const saving = state === 'saving';
  const editable = state === 'editing' || state === 'saving' || state === 'saveFailed';
  const close = () => send({ type: 'notificationSettings.close' });

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      closeOnBackdrop={false}
      className="notification-settings"
      title={t('notificationSettings.title')}
      description={t('notificationSettings.description')}
      footer={
        editable && (
          <>
            <Button variant="secondary" onClick={close} disabled={saving}>
              {t('notificationSettings.cancel')}
            </Button>
            <Button variant="primary" loading={saving} onClick={() => send({ type: state === 'saveFailed' ? 'notificationSettings.retry' : 'notificationSettings.save' })}>
              {t(state === 'saveFailed' ? 'notificationSettings.retry' : 'notificationSettings.save')}
            </Button>
          </>
        )
      }
    >
      {state === 'loading' && (
        <p className="notification-settings__loading" role="status">
          <Spinner size="sm" decorative /> {t('notificationSettings.loading')}
        </p>
      )}
      {state === 'loadFailed' && (
        <Banner
          tone="error"
          title={t('notificationSettings.loadError')}
          action={
            <Button size="sm" onClick={() => send({ type: 'notificationSettings.retry' })}>
              {t('notificationSettings.retry')}
            </Button>
          }
        >
          {errorMessage}
        </Banner>
      )}
      {editable && (
        <fieldset className="notification-settings__options" disabled={saving}>
          <legend className="notification-settings__legend">{t('notificationSettings.frequency.legend')}</legend>
          {NOTIFICATION_FREQUENCIES.map((frequency) => {
            const id = `${groupName}-${frequency}`;
            return (
              <label key={frequency} htmlFor={id} className="notification-settings__option">
                <input
                  id={id}
                  type="radio"
                  name={groupName}
                  value={frequency}
                  checked={draft === frequency}
                  aria-describedby={`${id}-hint`}
                  onChange={() => send({ type: 'notificationSettings.select', frequency })}
                />
                <span className="notification-settings__text">
                  <span className="notification-settings__label">{t(LABELS[frequency].label)}</span>
                  <span id={`${id}-hint`} className="notification-settings__hint">
                    {t(LABELS[frequency].hint, { time: NOTIFICATION_DIGEST_TIME, timeZone })}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {state === 'saveFailed' && (
        <Banner tone="error" title={t('notificationSettings.saveError')}>
          {errorMessage}
        </Banner>
      )}
    </Dialog>
  );
}

// Its style sheet loads with the /sandbox chunk.
import '../styles/sandbox.css';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { currentSubscription } from '../../domain/account.ts';
import { FLAG_DEFAULTS, FLAG_KEYS, type FlagKey } from '../../domain/flags.ts';
import type { OutboxEntry } from '../../domain/notifications.ts';
import type { FlagScope, SandboxError } from '../../machines/session/sandboxMachine.ts';
import { Banner, Button, cx, Spinner, TextField } from '../kit/index.ts';
import { t, type StringKey } from '../strings.ts';
import { useSystem } from '../system.tsx';
import { AppLayout } from './AppLayout.tsx';
import { FailedJobsSection } from './sandbox/FailedJobsSection.tsx';
import { formatInstant } from './sandbox/formatInstant.ts';
import { useAccount } from './useAccount.ts';
import { usePageTitle } from './usePageTitle.ts';
import { Link } from 'wouter';

const flagLabel = Object.fromEntries(FLAG_KEYS.map((key) => [key, `sandbox.flag.${key}` satisfies StringKey])) as Record<FlagKey, StringKey>;

function onOff(value: boolean): string {
  return value ? t('sandbox.flags.on') : t('sandbox.flags.off');
}

/** What a failed save or read says: a 403 means only staff may change flags. */
function errorText(error: SandboxError): string {
  switch (error.kind) {
    case 'forbidden':
      return t('sandbox.error.forbidden');
    case 'notFound':
      return t('sandbox.error.notFound');
    default:
      return error.message ? `${t('sandbox.error.failed')} ${error.message}` : t('sandbox.error.failed');
  }
}

/** /sandbox (foundation §2, §6): staff tools — feature flags per subscription and globally, the notification outbox, the failed background jobs, and the staff override. */
export function SandboxPage() {
  const { session } = useSystem();
  const headingId = useId();
  usePageTitle(t('sandbox.title'));
  return (
    <AppLayout>
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('sandbox.title')}</h1>
          <p className="page-subtitle">{t('sandbox.intro')}</p>
          {/* Screenshot annotation: the dialog on its own. */}
          <p className="page-subtitle">
            <Link href="/sandbox/annotation">{t('annotation.sandbox.link')}</Link>
          </p>
        </div>
      </div>
      <FlagsSection />
      <OutboxSection />
      <FailedJobsSection />
      <section className="sandbox-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="sandbox-section__title">
          {t('sandbox.staff.heading')}
        </h2>
        <p className="sandbox-section__text">{t('sandbox.staff.body')}</p>
        <p className="sandbox-section__text">{t('sandbox.staff.restoreHint')}</p>
        <div>
          <Button variant="secondary" onClick={() => session.send({ type: 'session.overrideStaff', value: false })}>
            {t('sandbox.staff.preview')}
          </Button>
        </div>
      </section>
    </AppLayout>
  );
}

function FlagsSection() {
  const { sandbox } = useSystem();
  const { account } = useAccount();
  const subscriptionId = account?.subscriptionId ?? null;
  const subscriptionName = account && subscriptionId ? (currentSubscription(account.currentUser, subscriptionId)?.name ?? subscriptionId) : null;
  const headingId = useId();

  const phase = useSelector(sandbox, (s) => (s.matches('ready') ? 'ready' : s.matches('loadFailed') ? 'loadFailed' : 'loading'));
  const flags = useSelector(sandbox, (s) => s.context.flags);
  const loadError = useSelector(sandbox, (s) => s.context.loadError);
  const saving = useSelector(sandbox, (s) => s.context.saving);
  const errors = useSelector(sandbox, (s) => s.context.errors);
  const canEdit = useSelector(sandbox, (s) => s.matches({ ready: 'idle' }));

  useEffect(() => {
    sandbox.send({ type: 'sandbox.open', subscriptionId });
  }, [sandbox, subscriptionId]);

  const setFlag = (key: FlagKey, scope: FlagScope, value: boolean) => sandbox.send({ type: 'sandbox.setFlag', key, scope, value });

  return (
    <section className="sandbox-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="sandbox-section__title">
        {t('sandbox.flags.heading')}
      </h2>
      <p className="sandbox-section__text">{t('sandbox.flags.description')}</p>
      <p className="sandbox-section__text">
        {subscriptionName ? t('sandbox.flags.subscription', { name: subscriptionName }) : t('sandbox.flags.noSubscription')}
      </p>

      {phase === 'loading' && (
        <div className="sandbox-flags__loading">
          <Spinner label={t('sandbox.flags.loading')} showLabel />
        </div>
      )}

      {phase === 'loadFailed' && (
        <Banner
          tone="error"
          title={t('sandbox.flags.loadFailed')}
          action={
            <Button size="sm" onClick={() => sandbox.send({ type: 'sandbox.retry' })}>
              {t('sandbox.flags.retry')}
            </Button>
          }
        >
          {loadError ? errorText(loadError) : null}
        </Banner>
      )}

      {phase === 'ready' && flags && (
        <>
          {loadError && (
            <Banner
              tone="warning"
              title={t('sandbox.flags.refreshFailed')}
              action={
                <Button size="sm" disabled={!canEdit} onClick={() => sandbox.send({ type: 'sandbox.retry' })}>
                  {t('sandbox.flags.retry')}
                </Button>
              }
            >
              {errorText(loadError)}
            </Banner>
          )}
          <div className="sandbox-flags">
            <table className="sandbox-flags__table">
              <thead>
                <tr>
                  <th scope="col">{t('sandbox.flags.column.flag')}</th>
                  <th scope="col">{t('sandbox.flags.column.default')}</th>
                  <th scope="col">{t('sandbox.flags.column.effective')}</th>
                  <th scope="col">{t('sandbox.flags.column.subscription')}</th>
                  <th scope="col">{t('sandbox.flags.column.global')}</th>
                </tr>
              </thead>
              <tbody>
                {FLAG_KEYS.map((key) => {
                  const label = t(flagLabel[key]);
                  const subValue = flags.subscription?.[key] ?? null;
                  const effective = subValue ?? flags.global[key];
                  const isSaving = saving?.key === key;
                  const error = errors[key];
                  return (
                    <tr key={key} className={cx(isSaving && 'is-saving', error && 'has-error')} aria-busy={isSaving || undefined}>
                      <th scope="row" className="sandbox-flags__name">
                        <span className="sandbox-flags__label">{label}</span>
                        <code className="sandbox-flags__key">{key}</code>
                        {isSaving && (
                          <span className="sandbox-flags__status" role="status">
                            <Spinner size="sm" decorative />
                            {t('sandbox.flags.saving')}
                          </span>
                        )}
                        {error && (
                          <span className="sandbox-flags__error" role="alert">
                            {errorText(error)}
                          </span>
                        )}
                      </th>
                      <td className="sandbox-flags__muted">{onOff(FLAG_DEFAULTS[key])}</td>
                      <td>
                        <span className={cx('sandbox-flags__value', effective && 'is-on')}>{onOff(effective)}</span>
                      </td>
                      <td>
                        {subValue === null ? (
                          <span className="sandbox-flags__muted">—</span>
                        ) : (
                          <FlagSwitch
                            checked={subValue}
                            label={t('sandbox.flags.toggleSubscription', { flag: label })}
                            disabled={!canEdit}
                            onChange={(value) => setFlag(key, 'subscription', value)}
                          />
                        )}
                      </td>
                      <td>
                        <FlagSwitch
                          checked={flags.global[key]}
                          label={t('sandbox.flags.toggleGlobal', { flag: label })}
                          disabled={!canEdit}
                          onChange={(value) => setFlag(key, 'global', value)}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function FlagSwitch({ checked, label, disabled, onChange }: { checked: boolean; label: string; disabled: boolean; onChange: (value: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      // aria-disabled, not disabled: the switch just pressed keeps keyboard focus while the change saves.
      aria-disabled={disabled || undefined}
      className={cx('sandbox-switch', checked && 'is-on')}
      onClick={() => {
        if (!disabled) onChange(!checked);
      }}
    >
      <span className="sandbox-switch__track" aria-hidden="true">
        <span className="sandbox-switch__thumb" />
      </span>
      <span className="sandbox-switch__text" aria-hidden="true">
        {onOff(checked)}
      </span>
    </button>
  );
}

/** What a failed outbox read says: a 403 means only staff may read it. */
function outboxErrorText(error: SandboxError): string {
  if (error.kind === 'forbidden') return t('sandbox.outbox.error.forbidden');
  return error.message ? `${t('sandbox.outbox.error.failed')} ${error.message}` : t('sandbox.outbox.error.failed');
}

/** Only web links become links: an entry's `link` is data from the service. */
const isWebLink = (link: string) => /^https?:\/\//i.test(link);

/** The notification outbox: what the reference service would have e-mailed, per level and frequency. */
function OutboxSection() {
  const { outbox, timeZone } = useSystem();
  const headingId = useId();
  const [filter, setFilter] = useState('');
  const phase = useSelector(outbox, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'));
  const entries = useSelector(outbox, (s) => s.context.entries);
  const error = useSelector(outbox, (s) => s.context.error);
  const itemId = useSelector(outbox, (s) => s.context.itemId);
  const busy = useSelector(outbox, (s) => s.hasTag('busy') || s.hasTag('loading'));

  useEffect(() => {
    outbox.send({ type: 'outbox.open', itemId: null });
  }, [outbox]);

  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    outbox.send({ type: 'outbox.open', itemId: filter });
  };

  return (
    <section className="sandbox-section" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h2 id={headingId} className="sandbox-section__title">
        {t('sandbox.outbox.heading')}
      </h2>
      <p className="sandbox-section__text">{t('sandbox.outbox.description')}</p>
      <form className="sandbox-outbox__controls" onSubmit={applyFilter}>
        <TextField label={t('sandbox.outbox.filter.label')} hint={t('sandbox.outbox.filter.hint')} value={filter} onChange={setFilter} maxLength={100} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('sandbox.outbox.filter.apply')}
        </Button>
        <Button type="button" disabled={busy} onClick={() => outbox.send({ type: 'outbox.refresh' })}>
          {t('sandbox.outbox.refresh')}
        </Button>
      </form>
      <p className="sandbox-section__text">{itemId ? t('sandbox.outbox.showingItem', { itemId }) : t('sandbox.outbox.showingAll')}</p>

      {phase === 'loading' && (
        <div className="sandbox-flags__loading">
          <Spinner label={t('sandbox.outbox.loading')} showLabel />
        </div>
      )}

      {phase === 'failed' && error && (
        <Banner tone="error" title={t('sandbox.outbox.loadFailed')}>
          {outboxErrorText(error)}
        </Banner>
      )}

      {phase === 'ready' && (
        <>
          {error && (
            <Banner tone="warning" title={t('sandbox.outbox.refreshFailed')}>
              {outboxErrorText(error)}
            </Banner>
          )}
          {entries.length === 0 ? (
            <p className="sandbox-section__text">{t('sandbox.outbox.empty')}</p>
          ) : (
            <div className="sandbox-flags">
              <table className="sandbox-flags__table sandbox-outbox__table">
                <caption className="k-visually-hidden">{t('sandbox.outbox.caption', { count: String(entries.length) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('sandbox.outbox.column.created')}</th>
                    <th scope="col">{t('sandbox.outbox.column.recipient')}</th>
                    <th scope="col">{t('sandbox.outbox.column.kind')}</th>
                    <th scope="col">{t('sandbox.outbox.column.level')}</th>
                    <th scope="col">{t('sandbox.outbox.column.frequency')}</th>
                    <th scope="col">{t('sandbox.outbox.column.deliverAt')}</th>
                    <th scope="col">{t('sandbox.outbox.column.delivered')}</th>
                    <th scope="col">{t('sandbox.outbox.column.item')}</th>
                    <th scope="col">{t('sandbox.outbox.column.actor')}</th>
                    <th scope="col">{t('sandbox.outbox.column.excerpt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <OutboxRow key={entry.id} entry={entry} timeZone={timeZone} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function OutboxRow({ entry, timeZone }: { entry: OutboxEntry; timeZone: string }) {
  return (
    <tr>
      <td className="sandbox-outbox__time">
        <time dateTime={entry.createdAt}>{formatInstant(entry.createdAt, timeZone)}</time>
      </td>
      <td>{entry.recipientEmail}</td>
      <td>{t(`sandbox.outbox.kind.${entry.kind}`)}</td>
      <td>{t(`sandbox.outbox.level.${entry.level}`)}</td>
      <td>{t(`sandbox.outbox.frequency.${entry.frequency}`)}</td>
      <td className="sandbox-outbox__time">
        <time dateTime={entry.deliverAt}>{formatInstant(entry.deliverAt, timeZone)}</time>
      </td>
      <td className="sandbox-outbox__time">
        {entry.deliveredAt === null ? (
          t('sandbox.outbox.delivered.pending')
        ) : (
          <time dateTime={entry.deliveredAt}>{t('sandbox.outbox.delivered.sent', { time: formatInstant(entry.deliveredAt, timeZone) })}</time>
        )}
      </td>
      <td>
        {isWebLink(entry.link) ? (
          <a href={entry.link} target="_blank" rel="noopener noreferrer">
            {entry.itemTitle}
          </a>
        ) : (
          entry.itemTitle
        )}
        <code className="sandbox-flags__key">{entry.itemId}</code>
      </td>
      <td>{entry.actor}</td>
      <td className="sandbox-outbox__excerpt">{entry.excerpt}</td>
    </tr>
  );
}

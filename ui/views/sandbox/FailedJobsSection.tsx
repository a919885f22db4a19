import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { FailedJob } from '../../../domain/backgroundJobs.ts';
import type { FailedJobsError } from '../../../machines/session/failedJobsMachine.ts';
import { Banner, Button, ConfirmDialog, Spinner } from '../../kit/index.ts';
import { t, type StringKey } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { formatInstant } from './formatInstant.ts';

const KNOWN_KINDS = ['content.processUpload', 'translations.memoryReport', 'commentExport.make', 'exports.removeFile', 'activation.finish'] as const;

/** What a job kind does, in words; an unknown kind is "Background work". */
export function jobAbout(kind: string): string {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? t(`sandbox.jobs.kind.${kind}` as StringKey) : t('sandbox.jobs.kind.other');
}

/** What a refused read or run-again says: 403 only staff, 404 gone, 409 no longer failed, else the service's words. */
export function failedJobsErrorText(error: FailedJobsError): string {
  if (error.kind !== 'failed') return t(`sandbox.jobs.error.${error.kind}`);
  return error.message ? `${t('sandbox.jobs.error.failed')} ${error.message}` : t('sandbox.jobs.error.failed');
}

/** The failed background jobs (staff): a table with "Run again" per job behind a confirmation, and Refresh. */
export function FailedJobsSection() {
  const { failedJobs, timeZone } = useSystem();
  const headingId = useId();
  const phase = useSelector(failedJobs, (s) => (s.matches('ready') ? 'ready' : s.matches('loadFailed') ? 'loadFailed' : 'loading'));
  const jobs = useSelector(failedJobs, (s) => s.context.jobs);
  const loadError = useSelector(failedJobs, (s) => s.context.loadError);
  const pending = useSelector(failedJobs, (s) => s.context.pending);
  const retryError = useSelector(failedJobs, (s) => s.context.retryError);
  const requeued = useSelector(failedJobs, (s) => s.context.requeued);
  const confirming = useSelector(failedJobs, (s) => s.matches({ ready: 'confirming' }));
  const retrying = useSelector(failedJobs, (s) => s.matches({ ready: 'retrying' }));
  const busy = useSelector(failedJobs, (s) => s.hasTag('busy') || s.hasTag('loading'));
  const canAct = useSelector(failedJobs, (s) => s.matches({ ready: 'idle' }) || s.matches('loadFailed'));

  useEffect(() => {
    failedJobs.send({ type: 'failedJobs.open' });
  }, [failedJobs]);

  return (
    <section className="sandbox-section" aria-labelledby={headingId} aria-busy={busy || undefined}>
      <h2 id={headingId} className="sandbox-section__title">
        {t('sandbox.jobs.heading')}
      </h2>
      <p className="sandbox-section__text">{t('sandbox.jobs.description')}</p>
      <div>
        <Button variant="secondary" disabled={!canAct} onClick={() => failedJobs.send({ type: 'failedJobs.refresh' })}>
          {t('sandbox.jobs.refresh')}
        </Button>
      </div>

      <div role="status">
        {requeued && <p className="sandbox-section__text">{t('sandbox.jobs.queuedAgain', { about: jobAbout(requeued.kind) })}</p>}
        {retrying && pending && <Spinner label={t('sandbox.jobs.running')} showLabel />}
      </div>
      {retryError && (
        <Banner tone="error" title={t('sandbox.jobs.retryFailed', { about: jobAbout(retryError.job.kind) })}>
          {failedJobsErrorText(retryError.error)}
        </Banner>
      )}

      {phase === 'loading' && (
        <div className="sandbox-flags__loading">
          <Spinner label={t('sandbox.jobs.loading')} showLabel />
        </div>
      )}

      {phase === 'loadFailed' && loadError && (
        <Banner tone="error" title={t('sandbox.jobs.loadFailed')}>
          {failedJobsErrorText(loadError)}
        </Banner>
      )}

      {phase === 'ready' && (
        <>
          {loadError && (
            <Banner tone="warning" title={t('sandbox.jobs.refreshFailed')}>
              {failedJobsErrorText(loadError)}
            </Banner>
          )}
          {jobs.length === 0 ? (
            <p className="sandbox-section__text">{t('sandbox.jobs.empty')}</p>
          ) : (
            <div className="sandbox-flags">
              <table className="sandbox-flags__table">
                <caption className="k-visually-hidden">{t('sandbox.jobs.caption', { count: String(jobs.length) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('sandbox.jobs.column.kind')}</th>
                    <th scope="col">{t('sandbox.jobs.column.about')}</th>
                    <th scope="col">{t('sandbox.jobs.column.attempts')}</th>
                    <th scope="col">{t('sandbox.jobs.column.lastError')}</th>
                    <th scope="col">{t('sandbox.jobs.column.failedAt')}</th>
                    <th scope="col">{t('sandbox.jobs.column.action')}</th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.map((job) => (
                    <FailedJobRow
                      key={job.id}
                      job={job}
                      timeZone={timeZone}
                      running={retrying && pending?.id === job.id}
                      disabled={!canAct}
                      onRunAgain={() => failedJobs.send({ type: 'failedJobs.retry', jobId: job.id })}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      <ConfirmDialog
        open={(confirming || retrying) && pending !== null}
        title={t('sandbox.jobs.confirm.title')}
        confirmLabel={t('sandbox.jobs.confirm.action')}
        busy={retrying}
        onConfirm={() => failedJobs.send({ type: 'failedJobs.confirm' })}
        onCancel={() => failedJobs.send({ type: 'failedJobs.cancel' })}
      >
        {pending && <p>{t('sandbox.jobs.confirm.body', { about: jobAbout(pending.kind), kind: pending.kind, attempts: String(pending.attempts) })}</p>}
      </ConfirmDialog>
    </section>
  );
}

function FailedJobRow({ job, timeZone, running, disabled, onRunAgain }: { job: FailedJob; timeZone: string; running: boolean; disabled: boolean; onRunAgain: () => void }) {
  const about = jobAbout(job.kind);
  return (
    <tr aria-busy={running || undefined}>
      <td>
        <code className="sandbox-flags__key">{job.kind}</code>
      </td>
      <td>
        <span className="sandbox-flags__label">{about}</span>
        <code className="sandbox-flags__key">{job.id}</code>
      </td>
      <td>{job.attempts}</td>
      <td className="sandbox-outbox__excerpt">{job.lastError ?? t('sandbox.jobs.noError')}</td>
      <td className="sandbox-outbox__time">
        <time dateTime={job.failedAt}>{formatInstant(job.failedAt, timeZone)}</time>
      </td>
      <td>
        <Button size="sm" loading={running} disabled={disabled} aria-label={t('sandbox.jobs.runAgainLabel', { about: `${about} ${job.id}` })} onClick={onRunAgain}>
          {t('sandbox.jobs.runAgain')}
        </Button>
      </td>
    </tr>
  );
}

import { beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEMO } from '../../domain/currentUser.fixtures.ts';
import type { FailedJob } from '../../domain/backgroundJobs.ts';
import { inert } from '../../machines/inert.ts';
import { failedJobsMachine } from '../../machines/session/failedJobsMachine.ts';
import { preloadLazyRoutes } from '../routes.tsx';
import { accountFor, renderRoute, sessionWith } from './testSystem.tsx';

const staff = () => sessionWith({ account: accountFor(DEMO.alex, { isStaff: true }) });

const JOB: FailedJob = {
  id: 'content.processUpload:v-1',
  kind: 'content.processUpload',
  attempts: 5,
  lastError: '<b>The package could not be read</b>',
  failedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-21T09:59:00.000Z',
};

beforeAll(() => preloadLazyRoutes());

/** A failed-jobs actor that has read `jobs` (or failed with `error`), then had `then` sent. */
function jobsWith(outcome: { jobs: unknown[] } | { error: { name: string; status: number; message: string } }, then: (actor: ReturnType<typeof createActor<typeof failedJobsMachine>>) => void = () => {}) {
  const actor = createActor(inert(failedJobsMachine)).start();
  actor.send({ type: 'failedJobs.open' });
  if ('error' in outcome) actor.send({ type: 'xstate.error.actor.fetchFailedJobs', error: outcome.error } as never);
  else actor.send({ type: 'xstate.done.actor.fetchFailedJobs', output: outcome } as never);
  then(actor);
  return actor;
}

describe('/sandbox failed background jobs', () => {
  it('lists each failed job with kind, what it was about, attempts, last error (as text) and when it failed, with Run again and Refresh', () => {
    const html = renderRoute('/sandbox', { session: staff(), failedJobs: jobsWith({ jobs: [JOB] }) });
    expect(html).toContain('Failed background jobs');
    for (const column of ['Kind', 'What it was about', 'Attempts', 'Last error', 'Failed', 'Action']) expect(html).toContain(`<th scope="col">${column}</th>`);
    expect(html).toContain('Processing an uploaded version');
    expect(html).toContain('content.processUpload:v-1');
    expect(html).toContain('&lt;b&gt;The package could not be read&lt;/b&gt;');
    expect(html).toContain('dateTime="2026-11-21T10:00:00.000Z"');
    expect(html).toContain('Run again');
    expect(html).toContain('Refresh');
  });

  it('says so when no job has failed', () => {
    const html = renderRoute('/sandbox', { session: staff(), failedJobs: jobsWith({ jobs: [] }) });
    expect(html).toContain('No failed background jobs.');
    expect(html).not.toContain('What it was about');
  });

  it('asks before running a job again, and names the job queued again once it has left the list', () => {
    const confirming = renderRoute('/sandbox', { session: staff(), failedJobs: jobsWith({ jobs: [JOB] }, (a) => a.send({ type: 'failedJobs.retry', jobId: JOB.id })) });
    expect(confirming).toContain('Run this job again?');
    expect(confirming).toContain('failed 5 times');

    const queued = renderRoute('/sandbox', {
      session: staff(),
      failedJobs: jobsWith({ jobs: [JOB] }, (a) => {
        a.send({ type: 'failedJobs.retry', jobId: JOB.id });
        a.send({ type: 'failedJobs.confirm' });
        a.send({ type: 'xstate.done.actor.retryFailedJob', output: { id: JOB.id, retried: true } } as never);
      }),
    });
    expect(queued).toContain('Queued again: Processing an uploaded version.');
    expect(queued).toContain('No failed background jobs.');
  });

  it.each([
    [403, 'Only staff may see and run background jobs.'],
    [404, 'This job no longer exists'],
    [409, 'This job has not failed any more'],
    [500, 'The service did not do it. Disk full.'],
  ])('tells a refused run-again (%i) plainly', (status, text) => {
    const html = renderRoute('/sandbox', {
      session: staff(),
      failedJobs: jobsWith({ jobs: [JOB] }, (a) => {
        a.send({ type: 'failedJobs.retry', jobId: JOB.id });
        a.send({ type: 'failedJobs.confirm' });
        a.send({ type: 'xstate.error.actor.retryFailedJob', error: { name: 'HttpError', status, message: 'Disk full.' } } as never);
      }),
    });
    expect(html).toContain('“Processing an uploaded version” could not be run again.');
    expect(html).toContain(text);
  });

  it('tells a failed read', () => {
    const html = renderRoute('/sandbox', { session: staff(), failedJobs: jobsWith({ error: { name: 'HttpError', status: 403, message: 'Forbidden' } }) });
    expect(html).toContain('The failed background jobs could not be loaded.');
    expect(html).toContain('Only staff may see and run background jobs.');
  });
});

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FailedJob } from '../../domain/backgroundJobs.ts';
import { failedJobsMachine } from '../../machines/session/failedJobsMachine.ts';
import { controlled, settle } from './contentFixtures.ts';

const job = (id: string, over: Partial<FailedJob> = {}): FailedJob => ({
  id,
  kind: 'content.processUpload',
  attempts: 3,
  lastError: 'The package could not be read.',
  failedAt: '2026-11-21T10:00:00.000Z',
  createdAt: '2026-11-21T09:59:00.000Z',
  ...over,
});
const httpError = (status: number, message: string) => Object.assign(new Error(message), { name: 'HttpError', status });

async function startReady(jobs: unknown[]) {
  const fetch = controlled<void>();
  const retry = controlled<{ jobId: string }>();
  const actor = createActor(failedJobsMachine.provide({ actors: { fetchFailedJobs: fetch.logic as never, retryFailedJob: retry.logic as never } })).start();
  actor.send({ type: 'failedJobs.open' });
  fetch.calls[0]!.resolve({ jobs });
  await settle();
  return { actor, fetch, retry };
}

describe('failed background jobs on /sandbox', () => {
  it('reads the failed jobs when the page opens, dropping malformed ones', async () => {
    const { actor } = await startReady([job('j1'), { id: 'j2', kind: 7 }, job('j3', { lastError: null })]);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.jobs.map((j) => j.id)).toEqual(['j1', 'j3']);
  });

  it('runs a job again only after confirmation; on success it leaves the list and is named as queued again', async () => {
    const { actor, retry } = await startReady([job('j1'), job('j2')]);
    actor.send({ type: 'failedJobs.retry', jobId: 'j1' });
    expect(actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(retry.calls).toHaveLength(0);
    actor.send({ type: 'failedJobs.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(retry.calls).toHaveLength(0);

    actor.send({ type: 'failedJobs.retry', jobId: 'j1' });
    actor.send({ type: 'failedJobs.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(retry.calls.map((c) => c.input)).toEqual([{ jobId: 'j1' }]);
    retry.calls[0]!.resolve({ id: 'j1', retried: true });
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.jobs.map((j) => j.id)).toEqual(['j2']);
    expect(context.requeued?.id).toBe('j1');
    expect(context.pending).toBeNull();
  });

  it('ignores a run-again for a job not in the list', async () => {
    const { actor } = await startReady([job('j1')]);
    actor.send({ type: 'failedJobs.retry', jobId: 'nope' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it.each([
    [403, 'forbidden', ['j1']],
    [404, 'notFound', []],
    [409, 'notFailed', []],
    [500, 'failed', ['j1']],
  ] as const)('keeps a %i refusal with its job (%s); a job gone or no longer failed leaves the list', async (status, kind, left) => {
    const { actor, retry } = await startReady([job('j1')]);
    actor.send({ type: 'failedJobs.retry', jobId: 'j1' });
    actor.send({ type: 'failedJobs.confirm' });
    retry.calls[0]!.reject(httpError(status, 'Refused.'));
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(context.retryError).toEqual({ job: job('j1'), error: { kind, message: 'Refused.' } });
    expect(context.jobs.map((j) => j.id)).toEqual(left);
  });

  it('refreshes keeping the table; a failed first read can be tried again', async () => {
    const { actor, fetch } = await startReady([]);
    expect(actor.getSnapshot().context.jobs).toEqual([]);
    actor.send({ type: 'failedJobs.refresh' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    fetch.calls[1]!.resolve({ jobs: [job('j9')] });
    await settle();
    expect(actor.getSnapshot().context.jobs.map((j) => j.id)).toEqual(['j9']);
    actor.send({ type: 'failedJobs.refresh' });
    fetch.calls[2]!.reject(httpError(500, 'Down.'));
    await settle();
    expect(actor.getSnapshot().context.jobs.map((j) => j.id)).toEqual(['j9']);
    expect(actor.getSnapshot().context.loadError).toEqual({ kind: 'failed', message: 'Down.' });

    const fresh = controlled<void>();
    const other = createActor(failedJobsMachine.provide({ actors: { fetchFailedJobs: fresh.logic as never } })).start();
    other.send({ type: 'failedJobs.open' });
    fresh.calls[0]!.reject(httpError(403, 'Staff only.'));
    await settle();
    expect(other.getSnapshot().matches('loadFailed')).toBe(true);
    expect(other.getSnapshot().context.loadError?.kind).toBe('forbidden');
    other.send({ type: 'failedJobs.refresh' });
    expect(other.getSnapshot().matches('loading')).toBe(true);
  });
});

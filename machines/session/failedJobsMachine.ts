import { assign, setup } from 'xstate';
import { isFailedJob, type FailedJob } from '../../domain/backgroundJobs.ts';
import { promiseSlot } from '../slots.ts';

/** Why a read or a run-again failed: 403 only staff, 404 no such job, 409 the job is no longer failed, else the service's words. */
export interface FailedJobsError {
  kind: 'forbidden' | 'notFound' | 'notFailed' | 'failed';
  message: string | null;
}

/** A refused call as the error kind staff are told (an HttpError's status and message). */
export function failedJobsErrorOf(error: unknown): FailedJobsError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; message?: unknown };
  const kind = e.status === 403 ? 'forbidden' : e.status === 404 ? 'notFound' : e.status === 409 ? 'notFailed' : 'failed';
  return { kind, message: typeof e.message === 'string' && e.message.trim() !== '' ? e.message : null };
}

/** The jobs of a `{ jobs }` answer; malformed ones are left out. */
export function failedJobsOf(output: unknown): FailedJob[] {
  const jobs = (output as { jobs?: unknown } | null | undefined)?.jobs;
  return Array.isArray(jobs) ? jobs.filter(isFailedJob) : [];
}

export interface FailedJobsContext {
  jobs: FailedJob[];
  /** The last failed read (the table stays when a refresh fails). */
  loadError: FailedJobsError | null;
  /** The job asked to run again: awaiting confirmation, then running. */
  pending: FailedJob | null;
  /** The last run-again that was refused, with the job it was for. */
  retryError: { job: FailedJob; error: FailedJobsError } | null;
  /** The last job queued again (it has left the list). */
  requeued: FailedJob | null;
}

export type FailedJobsEvent =
  /** The page opened: read the failed jobs. */
  | { type: 'failedJobs.open' }
  | { type: 'failedJobs.refresh' }
  /** Run this job again: asks for confirmation first. */
  | { type: 'failedJobs.retry'; jobId: string }
  | { type: 'failedJobs.confirm' }
  | { type: 'failedJobs.cancel' };

/** The read of the failed jobs: the answer replaces the table; a refusal is kept as the load error. */
const readJobs = <Done extends string, Failed extends string>(done: Done, failed: Failed) => ({
  id: 'fetchFailedJobs' as const,
  src: 'fetchFailedJobs' as const,
  onDone: { target: done, actions: { type: 'storeJobs' as const, params: ({ event }: { event: { output: unknown } }) => ({ output: event.output }) } },
  onError: { target: failed, actions: { type: 'storeLoadError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
});

/**
 * The failed background jobs on /sandbox (staff; domain/backgroundJobs.ts; systemId `failedJobs`, loaded with the
 * sandbox route): idle until the page opens → loading → ready (a table, possibly empty) or loadFailed (refresh tries
 * again). In ready, "Run again" on a job asks for confirmation (confirming), then runs it (retrying): on success the job
 * leaves the list and is named as queued again; a refusal (403, 404, 409, other) is kept with its job. Refresh re-reads,
 * keeping the table meanwhile.
 */
export const failedJobsMachine = setup({
  types: {
    context: {} as FailedJobsContext,
    events: {} as FailedJobsEvent,
  },
  actors: {
    fetchFailedJobs: promiseSlot<{ jobs: FailedJob[] }>('fetchFailedJobs'),
    retryFailedJob: promiseSlot<{ id: string; retried: boolean }, { jobId: string }>('retryFailedJob'),
  },
  actions: {
    storeJobs: assign((_, params: { output: unknown }) => ({ jobs: failedJobsOf(params.output), loadError: null })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: failedJobsErrorOf(params.error) })),
  },
  guards: {
    isListedJob: ({ context, event }) => event.type === 'failedJobs.retry' && context.jobs.some((job) => job.id === event.jobId),
  },
}).createMachine({
  id: 'failedJobs',
  context: { jobs: [], loadError: null, pending: null, retryError: null, requeued: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'failedJobs.open': { target: 'loading' } },
    },
    loading: {
      tags: ['loading'],
      entry: assign({ jobs: [], loadError: null, pending: null, retryError: null, requeued: null }),
      invoke: readJobs('ready', 'loadFailed'),
    },
    loadFailed: {
      on: { 'failedJobs.refresh': { target: 'loading' }, 'failedJobs.open': { target: 'loading' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'failedJobs.open': { target: 'refreshing' },
            'failedJobs.refresh': { target: 'refreshing' },
            'failedJobs.retry': {
              guard: 'isListedJob',
              target: 'confirming',
              actions: assign({ pending: ({ context, event }) => context.jobs.find((job) => job.id === event.jobId) ?? null, retryError: null, requeued: null }),
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: readJobs('idle', 'idle'),
        },
        confirming: {
          on: {
            'failedJobs.confirm': { target: 'retrying' },
            'failedJobs.cancel': { target: 'idle', actions: assign({ pending: null }) },
          },
        },
        retrying: {
          tags: ['busy'],
          invoke: {
            id: 'retryFailedJob',
            src: 'retryFailedJob',
            input: ({ context }) => ({ jobId: context.pending?.id ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                jobs: ({ context }) => context.jobs.filter((job) => job.id !== context.pending?.id),
                requeued: ({ context }) => context.pending,
                pending: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                retryError: ({ context, event }) => (context.pending ? { job: context.pending, error: failedJobsErrorOf(event.error) } : null),
                // Not failed any more or gone: it no longer belongs in the list.
                jobs: ({ context, event }) => {
                  const kind = failedJobsErrorOf(event.error).kind;
                  return kind === 'notFound' || kind === 'notFailed' ? context.jobs.filter((job) => job.id !== context.pending?.id) : context.jobs;
                },
                pending: null,
              }),
            },
          },
        },
      },
    },
  },
});

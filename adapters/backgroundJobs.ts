/**
 * The background-jobs client (domain/backgroundJobs.ts; staff, /sandbox): the failed jobs and running one again, over
 * the review API's HttpClient (bearer; 401 → refresh → retry once, adapters/http.ts). Answers are checked before they
 * reach a machine: an unreadable one rejects like a failed call; refusals reject with the HttpError (403, 404, 409).
 */
import { BACKGROUND_JOB_CALLS, isFailedJob, type FailedJob } from '../domain/backgroundJobs.ts';
import { HttpError, type HttpClient } from './http.ts';

export interface BackgroundJobsClient {
  /** GET /sandbox/jobs → the jobs given up after their last attempt, newest first. */
  failed(): Promise<{ jobs: FailedJob[] }>;
  /** POST /sandbox/jobs/{id}/retry → the job is due again. Rejects with an HttpError (403, 404, 409). */
  retry(id: string): Promise<{ id: string; retried: boolean }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Creates the background-jobs client over the review API's HttpClient. */
export function createBackgroundJobsClient(options: { http: HttpClient }): BackgroundJobsClient {
  const invalid = (path: string, what: string) => new HttpError(200, 'InvalidResponse', `The ${what} answer is unreadable.`, path);
  const json = { Accept: 'application/json' };
  return {
    async failed() {
      const call = BACKGROUND_JOB_CALLS.failed;
      const answer = await options.http.request<unknown>(call.path, { method: call.method, headers: json });
      if (!isRecord(answer) || !Array.isArray(answer.jobs) || !answer.jobs.every(isFailedJob)) throw invalid(call.path, 'failed jobs');
      return { jobs: answer.jobs };
    },
    async retry(id) {
      const call = BACKGROUND_JOB_CALLS.retry(id);
      const answer = await options.http.request<unknown>(call.path, { method: 'POST', headers: json });
      if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.retried !== 'boolean') throw invalid(call.path, 'run again');
      return { id: answer.id, retried: answer.retried };
    },
  };
}

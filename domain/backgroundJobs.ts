/**
 * Background jobs as staff see them on /sandbox (the reference service's job table, server/jobs.ts): the jobs that
 * failed for good (every attempt failed, or their instance stopped each time), and running one again.
 */

/** A job given up after its last attempt. */
export interface FailedJob {
  id: string;
  /** What it does, e.g. `content.processUpload`, `translations.memoryReport`, `commentExport.make`. */
  kind: string;
  attempts: number;
  /** The last attempt's error message. */
  lastError: string | null;
  /** When it was given up (ISO 8601). */
  failedAt: string;
  createdAt: string;
}

/** Staff calls under /api. */
export const BACKGROUND_JOB_CALLS = {
  failed: { method: 'GET', path: '/sandbox/jobs' },
  retry: (id: string) => ({ method: 'POST', path: `/sandbox/jobs/${encodeURIComponent(id)}/retry` }),
} as const;

/** True for one failed job as the service sends it. */
export function isFailedJob(value: unknown): value is FailedJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Record<string, unknown>;
  return (
    typeof job.id === 'string' &&
    typeof job.kind === 'string' &&
    typeof job.attempts === 'number' &&
    (typeof job.lastError === 'string' || job.lastError === null) &&
    typeof job.failedAt === 'string' &&
    typeof job.createdAt === 'string'
  );
}

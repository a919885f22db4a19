/**
 * Removing an export's stored file once its link has expired, as a job on the job table (server/jobs.ts, kind
 * `exports.removeFile`, run after the expiry): it runs once across instances and is not lost when the instance that
 * made the file stops (a timer in that instance's memory would be). The job also drops the comment export that
 * offered the file (server/exports/comments/jobs.ts), if any.
 */
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs.ts';

export const EXPORT_FILE_REMOVAL_JOB = 'exports.removeFile';

/** How long after its link expires a file is removed. */
export const EXPORT_FILE_GRACE_MS = 60_000;

export interface ExpiringFiles {
  removeBlob(key: string): Promise<void>;
}

/** Runs the removals on this instance's queue. */
export function registerExportFileRemoval(db: Db, jobs: JobQueue, files: ExpiringFiles): void {
  jobs.handle(EXPORT_FILE_REMOVAL_JOB, async (payload) => {
    const { key } = payload as { key: string };
    await files.removeBlob(key);
    const dropped = await db.deleteFrom('comment_exports').where('file_key', '=', key).executeTakeFirst();
    return { key, exports: Number(dropped.numDeletedRows) };
  });
}

/** Queues the removal of `key` a minute after `expiresAt` (epoch ms); queued once per key. */
export async function removeFileAfter(jobs: JobQueue, key: string, expiresAt: number): Promise<void> {
  await jobs.enqueue(EXPORT_FILE_REMOVAL_JOB, { key }, { id: `${EXPORT_FILE_REMOVAL_JOB}:${key}`, runAfter: expiresAt + EXPORT_FILE_GRACE_MS });
}

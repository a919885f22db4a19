/**
 * A service instance's job worker alone, as a real process (tests/server/clusterJobs.test.ts): it claims due jobs of
 * one kind from the shared database under a short lease, says `claimed <job id>` on stdout and never finishes them:
 * an instance caught mid-job, to be killed with SIGKILL. Environment: JOB_DATABASE_URL, JOB_DATA_DIR, JOB_KIND,
 * JOB_LEASE_MS.
 */
import { openDatabase } from '../../server/db/database.ts';
import { createJobQueue } from '../../server/jobs.ts';

const db = await openDatabase(process.env.JOB_DATA_DIR!, process.env.JOB_DATABASE_URL!);
const queue = createJobQueue(db, {
  owner: 'instance-a',
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 1000),
  pollMs: 50,
  handlers: {
    [process.env.JOB_KIND!]: (_payload, job) => {
      process.stdout.write(`claimed ${job.id}\n`);
      return new Promise(() => undefined);
    },
  },
});
queue.start();
process.stdout.write('ready\n');

/**
 * A replay worker thread (tools/replayParallel.ts bundles this file and starts it): it loads the machines once, then
 * replays one stretch of a session log per message — from a checkpoint (or the start) up to the next stretch's
 * checkpoint — and answers with that stretch's result.
 */
import { parentPort } from 'node:worker_threads';
import { EventLogFormatError, parseEventLog } from '../adapters/eventLog.ts';
import { appMachine } from '../machines/index.ts';
import { replayLog, type ReplayResult } from './replayer.ts';
import { sharedText, type SharedLog } from './sharedLog.ts';

export interface StretchJob {
  id: number;
  /** The log file's text as UTF-8, in memory shared by every worker. */
  log: SharedLog;
  /** Log indices: a checkpoint (or 0 for the start) up to, not including, `to`. */
  from: number;
  to: number;
}

export type StretchAnswer = { id: number; result: ReplayResult } | { id: number; error: string; formatError: boolean };

parentPort?.on('message', (job: StretchJob) => {
  try {
    const log = parseEventLog(sharedText(job.log), { from: job.from, to: job.to });
    parentPort!.postMessage({ id: job.id, result: replayLog(log, { root: appMachine, rootId: 'app' }) } satisfies StretchAnswer);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error), formatError: error instanceof EventLogFormatError } satisfies StretchAnswer);
  }
});

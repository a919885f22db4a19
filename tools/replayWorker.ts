/**
 * A replay worker thread (tools/replayParallel.ts bundles this file and starts it): it loads the machines once, then
 * replays one stretch of a session log per message — from a checkpoint (or the start) up to the next stretch's
 * checkpoint — and answers with that stretch's result.
 */
import { parentPort } from 'node:worker_threads';
import { EventLogFormatError, parseEventLog, parseLogLines } from '../adapters/eventLog.ts';
import { appMachine } from '../machines/index.ts';
import { replayLog, type ReplayResult } from './replayer.ts';
import { sharedLines, sharedText, type SharedLog } from './sharedLog.ts';

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
    const range = { from: job.from, to: job.to, lean: true };
    // Only this stretch's lines are decoded, when the file is laid out as the recorder writes it.
    const lines = sharedLines(job.log);
    const log = lines ? parseLogLines(lines, range) : parseEventLog(sharedText(job.log), range);
    parentPort!.postMessage({ id: job.id, result: replayLog(log, { root: appMachine, rootId: 'app' }) } satisfies StretchAnswer);
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error), formatError: error instanceof EventLogFormatError } satisfies StretchAnswer);
  }
});

/**
 * npm run replay -- <session-log.jsonl.gz> [--workers N]
 * Rebuilds the app's actor system with inert adapters and a SimulatedClock, replays the recorded
 * session and prints each divergence with its event index, or "No divergence." Exit code 1 on divergence.
 * A long log (PARALLEL_MIN_ENTRIES and more) is cut at its checkpoints and replayed on every core
 * (tools/replayParallel.ts); a short one in this process. `--workers N` splits any log over N worker threads
 * (`--workers 0`: in this process).
 */
import { readFileSync } from 'node:fs';
import { EventLogFormatError } from '../adapters/eventLog.ts';
import { definitionHashes } from '../machines/index.ts';
import { formatReplay } from './replayer.ts';
import { replayFile } from './replayParallel.ts';

const args = process.argv.slice(2);
const workersAt = args.indexOf('--workers');
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : null;
const file = args.find((a, i) => !a.startsWith('--') && (workersAt < 0 || i !== workersAt + 1));
if (workers !== null && (!Number.isSafeInteger(workers) || workers < 0)) {
  console.error('--workers takes a whole number (0: replay in this process).');
  process.exit(2);
}
if (!file) {
  console.error('Usage: npm run replay -- <session-log.jsonl.gz> [--workers N]');
  process.exit(2);
}
let bytes: Uint8Array;
try {
  bytes = readFileSync(file);
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(2);
}
try {
  const { header, result } = await replayFile(bytes, { workers, currentHashes: definitionHashes() });
  console.log(`Session log: app ${header.appVersion}, build ${header.buildId}, started ${new Date(header.startTime).toISOString()}, ${header.entries} entries`);
  console.log(`User agent: ${header.userAgent}`);
  console.log(formatReplay(result));
  process.exit(result.divergences.length ? 1 : 0);
} catch (error) {
  if (error instanceof EventLogFormatError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

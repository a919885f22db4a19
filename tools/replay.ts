/**
 * npm run replay -- <session-log.jsonl.gz>
 * Rebuilds the app's actor system with inert adapters and a SimulatedClock, replays the recorded
 * session and prints each divergence with its event index, or "No divergence." Exit code 1 on divergence.
 */
import { readFileSync } from 'node:fs';
import { EventLogFormatError, parseEventLog } from '../adapters/eventLog.ts';
import { appMachine, definitionHashes } from '../machines/index.ts';
import { formatReplay, replayLog } from './replayer.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run replay -- <session-log.jsonl.gz>');
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
  const log = parseEventLog(bytes);
  console.log(`Session log: app ${log.header.appVersion}, build ${log.header.buildId}, started ${new Date(log.header.startTime).toISOString()}, ${log.header.entries} entries`);
  console.log(`User agent: ${log.header.userAgent}`);
  const result = replayLog(log, { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
  console.log(formatReplay(result));
  process.exit(result.divergences.length ? 1 : 0);
} catch (error) {
  if (error instanceof EventLogFormatError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}

/**
 * The replay viewer's worker, as plain functions (tested and benched in Node): reads a session log with the app's own
 * parser (adapters/eventLog.ts parseEventLog) and replays it headlessly with tools/replayer.ts replayLog against the
 * registry's machines. Nothing leaves the page: the bytes come from a file the person picked.
 */
import { EventLogFormatError, parseEventLog, type LogEntry, type ParsedLog } from '../../../adapters/eventLog.ts';
import { appMachine, definitionHashes } from '../../../machines/index.ts';
import { replayLog } from '../../../tools/replayer.ts';
import type { ChangedMachine, ViewerEntry, ViewerLog, ViewerReport } from './replayTypes.ts';

/** What the page asks the worker. */
export type ReplayWorkerRequest = { id: number; kind: 'load'; bytes: ArrayBuffer; fileName: string } | { id: number; kind: 'check' };

/** What the worker answers (`ok: false` carries words to show). */
export type ReplayWorkerReply = { id: number; ok: true; value: ViewerLog | ViewerReport } | { id: number; ok: false; message: string };

/** An entry as the viewer keeps it: a checkpoint without the root's persisted snapshot (the viewer never reads it). */
function viewerEntry(entry: LogEntry): ViewerEntry {
  if (entry.k === 'checkpoint') return { k: 'checkpoint', t: entry.t, states: entry.states };
  return entry as ViewerEntry;
}

/** Reads a session log's bytes; throws EventLogFormatError (with words to show) for anything that is not one. */
export function readLog(bytes: Uint8Array, fileName: string, now: () => number): { parsed: ParsedLog; view: ViewerLog } {
  const started = now();
  let parsed: ParsedLog;
  try {
    parsed = parseEventLog(bytes);
  } catch (error) {
    if (error instanceof EventLogFormatError) throw error;
    throw new EventLogFormatError(`The file is not a session log this app can read (${(error as Error)?.message ?? String(error)}).`);
  }
  const { header } = parsed;
  const view: ViewerLog = {
    fileName,
    header: {
      appVersion: String(header.appVersion ?? ''),
      buildId: String(header.buildId ?? ''),
      machines: header.machines ?? {},
      startTime: header.startTime,
      endTime: header.endTime,
      userAgent: String(header.userAgent ?? ''),
      dropped: header.dropped ?? 0,
      entries: header.entries,
    },
    entries: parsed.entries.map(viewerEntry),
    parseMs: 0,
  };
  view.parseMs = now() - started;
  return { parsed, view };
}

/** The machines whose definition hash differs from the one recorded in the log's header. */
export function changedMachines(recorded: Record<string, string> | undefined, current: Record<string, string>): ChangedMachine[] {
  return Object.entries(current)
    .filter(([name, hash]) => recorded?.[name] !== undefined && recorded[name] !== hash)
    .map(([name, hash]) => ({ name, recorded: recorded![name]!, current: hash }));
}

/** Replays a parsed log headlessly and reports divergences and changed definitions. */
export function checkLog(parsed: ParsedLog, now: () => number): ViewerReport {
  const started = now();
  const current = definitionHashes();
  const result = replayLog(parsed, { root: appMachine, rootId: 'app', currentHashes: current });
  return {
    divergences: result.divergences,
    warnings: result.warnings,
    changedMachines: changedMachines(parsed.header.machines, current),
    startedAt: result.startedAt,
    injected: result.injected,
    regenerated: result.regenerated,
    replayMs: now() - started,
  };
}

/** The worker's message handler, over its own state (the last log read). */
export function createReplayWorkerHandler(now: () => number) {
  let parsed: ParsedLog | null = null;
  return (request: ReplayWorkerRequest): ReplayWorkerReply => {
    try {
      if (request.kind === 'load') {
        parsed = null;
        const read = readLog(new Uint8Array(request.bytes), request.fileName, now);
        parsed = read.parsed;
        return { id: request.id, ok: true, value: read.view };
      }
      if (!parsed) return { id: request.id, ok: false, message: 'No session log is open.' };
      return { id: request.id, ok: true, value: checkLog(parsed, now) };
    } catch (error) {
      return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  };
}

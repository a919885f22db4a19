/**
 * A session recorded again: a log's external and adapter events, and its delayed events where they fired, delivered
 * to a fresh system with inert adapters and the recorder attached. Today's machines make the rest, so the new log is
 * what this build would have written for the same session — with checkpoints as often as asked (the bench makes an
 * hour of stretches this way, tests make logs with many checkpoints from a session recorded in Chromium).
 */
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { createEventRecorder, type EventEntry, type ParsedLog } from '../adapters/eventLog.ts';
import { probeSystem } from '../adapters/systemProbe.ts';
import { isCoreLogic } from '../machines/core.ts';
import { inert } from '../machines/inert.ts';
import { findActor, isInjected } from './replayer.ts';

export function recordAgain(log: ParsedLog, options: { root: AnyStateMachine; rootId: string; checkpointEveryMs: number; machines: Record<string, string> }): Uint8Array {
  let time = 0;
  const clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {} };
  const recorder = createEventRecorder({ now: clock.now, isCoreLogic, checkpointEveryMs: options.checkpointEveryMs, capacityBytes: Number.MAX_SAFE_INTEGER });
  const system = createActor(inert(options.root), { id: options.rootId, clock: clock as never });
  recorder.attach(system);
  const probe = probeSystem(system.system);
  probe.run(() => system.start());
  for (const entry of log.entries) {
    if (entry.k !== 'event') continue;
    time = entry.t;
    if (entry.timer !== undefined) probe.fire(entry.timer);
    else if (isInjected(entry)) {
      const target = findActor(system, entry.target);
      const send = () => target?.send((entry as EventEntry).event as EventObject);
      // Sent while another delivery was in progress in the recording (an adapter answering at once): nested here too,
      // so the new log compares states where the first one did.
      if ((entry as EventEntry).nested) probe.run(send);
      else send();
    }
  }
  time = Math.max(time, log.header.endTime);
  const bytes = recorder.exportGzip({ appVersion: log.header.appVersion, buildId: log.header.buildId, machines: options.machines, userAgent: log.header.userAgent });
  system.stop();
  return bytes;
}

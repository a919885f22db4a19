/**
 * A session recorded again: a log's external and adapter events, and its delayed events where they fired, delivered
 * to a fresh system with inert adapters and the recorder attached. Today's machines make the rest, so the new log is
 * what this build would have written for the same session — with checkpoints as often as asked (tests make logs with
 * many checkpoints from a session recorded in Chromium).
 *
 * `recordLonger` goes on past the session's end: its active use (from `repeatFromMs`) is delivered again and again
 * until the log covers `untilMs`, with each delayed event firing when it falls due, as a browser fires it. The result
 * is one continuous log of that length, written by the real recorder with its own checkpoints and byte bound (the
 * bench's hour of use is made this way from a minute recorded in Chromium).
 */
import { createActor, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { createEventRecorder, type EventEntry, type EventRecorder, type ParsedLog } from '../adapters/eventLog.ts';
import { probeSystem, type SystemProbe } from '../adapters/systemProbe.ts';
import { isCoreLogic } from '../machines/core.ts';
import { inert } from '../machines/inert.ts';
import { findActor, isInjected } from './replayer.ts';

interface Options {
  root: AnyStateMachine;
  rootId: string;
  machines: Record<string, string>;
  /** Log time between checkpoints; the recorder's own default when absent. */
  checkpointEveryMs?: number;
}

/** The recorder's bound on the log's bytes: none for a session recorded again, the browser's own for a longer one. */
type Bound = { capacityBytes?: number };

interface Session {
  recorder: EventRecorder;
  system: AnyActorRef;
  probe: SystemProbe;
  setTime: (t: number) => void;
  deliver: (entry: EventEntry) => void;
}

function startSession(options: Options & Bound): Session {
  let time = 0;
  const clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {} };
  const recorder = createEventRecorder({ now: clock.now, isCoreLogic, ...(options.capacityBytes ? { capacityBytes: options.capacityBytes } : {}), ...(options.checkpointEveryMs ? { checkpointEveryMs: options.checkpointEveryMs } : {}) });
  const system = createActor(inert(options.root), { id: options.rootId, clock: clock as never });
  recorder.attach(system);
  const probe = probeSystem(system.system);
  probe.run(() => system.start());
  const deliver = (entry: EventEntry) => {
    const target = findActor(system, entry.target);
    const send = () => target?.send(entry.event as EventObject);
    // Sent while another delivery was in progress in the recording (an adapter answering at once): nested here too,
    // so the new log compares states where the first one did.
    if (entry.nested) probe.run(send);
    else send();
  };
  return { recorder, system, probe, setTime: (t) => (time = Math.max(time, t)), deliver };
}

/** Delivers the recorded session: injected events, and delayed events where the recording fired them. */
function deliverRecorded(session: Session, log: ParsedLog): void {
  for (const entry of log.entries) {
    if (entry.k !== 'event') continue;
    session.setTime(entry.t);
    if (entry.timer !== undefined) session.probe.fire(entry.timer);
    else if (isInjected(entry)) session.deliver(entry as EventEntry);
  }
}

async function finish(session: Session, log: ParsedLog, options: Options): Promise<Uint8Array> {
  const bytes = session.recorder.exportGzip({ appVersion: log.header.appVersion, buildId: log.header.buildId, machines: options.machines, userAgent: log.header.userAgent });
  session.system.stop();
  return bytes;
}

export function recordAgain(log: ParsedLog, options: Options & { checkpointEveryMs: number }): Promise<Uint8Array> {
  const session = startSession({ ...options, capacityBytes: Number.MAX_SAFE_INTEGER });
  deliverRecorded(session, log);
  session.setTime(log.header.endTime);
  return finish(session, log, options);
}

/** Fires, in the order they fall due, the delayed events due at or before `t`. */
function fireDue(session: Session, t: number): void {
  for (;;) {
    let next = -1;
    let due = Infinity;
    for (const [n, at] of session.probe.pendingTimers()) {
      if (at <= t && at < due) {
        next = n;
        due = at;
      }
    }
    if (next < 0) return;
    session.setTime(due);
    session.probe.fire(next);
  }
}

/**
 * The recorded session, then its active use (from `repeatFromMs`) delivered again and again until `untilMs`, delayed
 * events firing when due as in a browser; `pauseMs` of idle time (timers still firing) between rounds sets how busy
 * the longer session is.
 */
export function recordLonger(log: ParsedLog, options: Options & { repeatFromMs: number; untilMs: number; pauseMs?: number }): Promise<{ bytes: Uint8Array; repeats: number }> {
  const session = startSession(options);
  deliverRecorded(session, log);
  const end = Math.max(log.header.endTime, options.repeatFromMs + 1);
  const span = end - options.repeatFromMs;
  const active = log.entries.filter((entry): entry is EventEntry => entry.k === 'event' && entry.t >= options.repeatFromMs && entry.timer === undefined && isInjected(entry));
  let repeats = 0;
  const pause = Math.max(0, options.pauseMs ?? 0);
  for (let offset = end - options.repeatFromMs + pause; options.repeatFromMs + offset < options.untilMs; offset += span + pause, repeats++) {
    for (const entry of active) {
      const t = entry.t + offset;
      if (t > options.untilMs) break;
      fireDue(session, t);
      session.setTime(t);
      session.deliver(entry);
    }
  }
  fireDue(session, options.untilMs);
  session.setTime(options.untilMs);
  return finish(session, log, options).then((bytes) => ({ bytes, repeats }));
}

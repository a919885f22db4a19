/**
 * The session log's checkpoints in a browser (requestIdleCallback exists): a large system's checkpoint (megabytes
 * written since the last one, as when a translation file came in) waits for a pause in the system's activity, so a run
 * of keys never meets its snapshot; a small system's goes in the first idle turn. The log replays either way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup, type AnyActorRef } from 'xstate';
import { createEventRecorder, parseEventLog } from '../../adapters/eventLog.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { replayLog } from '../../tools/replayer.ts';

/** requestIdleCallback by hand: callbacks wait until the test runs an idle turn. */
const idleTurns: Array<(deadline: { didTimeout: boolean; timeRemaining(): number }) => void> = [];
function runIdleTurns(): void {
  for (let turns = 0; idleTurns.length > 0 && turns < 1_000; turns++) idleTurns.shift()!({ didTimeout: false, timeRemaining: () => 50 });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestIdleCallback', (fn: (typeof idleTurns)[number]) => idleTurns.push(fn));
});
afterEach(() => {
  idleTurns.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A holder of `rows` rows (a translation model's segments, in small). */
function holderApp(rows: number) {
  const holder = setup({}).createMachine({
    id: 'holder',
    context: { model: Array.from({ length: rows }, (_, id) => ({ id, text: `segment ${id}` })), count: 0 },
    on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
  });
  return setup({ actors: { holder } }).createMachine({ id: 'app', invoke: { id: 'holder', src: 'holder', systemId: 'holder' } });
}

/** A system recorded with a checkpoint due every second; `type` sends a key to its holder, an idle turn after each. */
function recorded(rows: number) {
  let time = 1_000;
  const machine = holderApp(rows);
  const recorder = createEventRecorder({ now: () => time, isCoreLogic, checkpointEveryMs: 1_000 });
  const app = createActor(machine, { id: 'app' });
  const snapshots = vi.spyOn(app, 'getPersistedSnapshot');
  recorder.attach(app);
  app.start();
  runIdleTurns();
  const holder = app.system.get('holder') as AnyActorRef;
  const wait = (ms: number) => {
    time += ms;
    vi.advanceTimersByTime(ms);
    runIdleTurns();
  };
  const type = (keys: number, everyMs: number) => {
    for (let i = 0; i < keys; i++) {
      wait(everyMs);
      holder.send({ type: 'add' });
      runIdleTurns();
    }
  };
  const exported = async () => parseEventLog(await recorder.exportGzip({ appVersion: 't', buildId: 't', machines: {}, userAgent: 'vitest' }));
  /** Scrolls `times` times (something the system does not hear), one every `everyMs`. */
  const scroll = (times: number, everyMs: number) => {
    for (let i = 0; i < times; i++) {
      wait(everyMs);
      recorder.noteActivity();
      runIdleTurns();
    }
  };
  return { machine, snapshots, type, scroll, wait, exported };
}

describe('session log checkpoints while the user types', () => {
  it('a large system’s checkpoint waits until the keys pause for a second, then it is taken, and the log replays', async () => {
    const session = recorded(5_000);
    // The first checkpoint's encoding shows the system is large (it takes many steps); it finishes in a pause.
    session.type(3, 600);
    session.wait(1_000);
    session.wait(1_000);
    const before = session.snapshots.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    // Keys every 300 ms for 4.5 s: checkpoints are due (one a second), none is taken while the keys go on.
    session.type(15, 300);
    expect(session.snapshots.mock.calls.length).toBe(before);
    // A second without a key: the due checkpoint is taken.
    session.wait(1_000);
    session.wait(100);
    expect(session.snapshots.mock.calls.length).toBeGreaterThan(before);
    const log = await session.exported();
    expect(log.entries.filter((entry) => entry.k === 'checkpoint').length).toBeGreaterThan(0);
    expect(replayLog(log, { root: session.machine, rootId: 'app' }).divergences).toEqual([]);
  });

  it('scrolling the page holds a large system’s due checkpoint back as keys do', () => {
    const session = recorded(5_000);
    session.type(3, 600);
    session.wait(1_000);
    session.wait(1_000);
    const before = session.snapshots.mock.calls.length;
    session.type(1, 100);
    session.scroll(20, 200);
    expect(session.snapshots.mock.calls.length).toBe(before);
    session.wait(1_000);
    session.wait(100);
    expect(session.snapshots.mock.calls.length).toBeGreaterThan(before);
  });

  it('a small system’s checkpoint is taken in the first idle turn, keys or not', () => {
    const session = recorded(3);
    const before = session.snapshots.mock.calls.length;
    session.type(6, 300);
    expect(session.snapshots.mock.calls.length).toBeGreaterThan(before);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { REPLAY_IDLE_CAP_MS, replayViewerMachine, type LoadedReplayLog } from '../../machines/support/replayViewerMachine.ts';

/** A viewer whose loader answers at once with entries at `times`, and whose check never ends. */
async function openViewer(times: number[]) {
  const clock = new SimulatedClock();
  const machine = replayViewerMachine.provide({
    actors: {
      loadLog: fromPromise<LoadedReplayLog, { file: unknown; fileName: string | null }>(async () => ({ times, data: null })),
      checkLog: fromPromise<unknown, { fileName: string | null }>(() => new Promise(() => {})),
    },
  });
  const actor = createActor(machine, { clock }).start();
  actor.send({ type: 'replay.open', file: null, fileName: 'a.jsonl.gz' });
  await new Promise((resolve) => actor.subscribe((s) => s.matches('ready') && resolve(null)));
  return { actor, clock };
}

describe('replay viewer playback', () => {
  it('plays entry by entry at the recorded pace divided by the speed, and stops at the last entry', async () => {
    const { actor, clock } = await openViewer([0, 1_000, 1_400, 1_500]);
    actor.send({ type: 'replay.setSpeed', speed: 4 });
    actor.send({ type: 'replay.play' });
    clock.increment(249);
    expect(actor.getSnapshot().context.cursor).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().context.cursor).toBe(1);
    clock.increment(100);
    expect(actor.getSnapshot().context.cursor).toBe(2);
    clock.increment(25);
    expect(actor.getSnapshot().context.cursor).toBe(3);
    expect(actor.getSnapshot().matches({ ready: { playback: 'paused' } })).toBe(true);
  });

  it('caps idle gaps with skip idle', async () => {
    const { actor, clock } = await openViewer([0, 60_000]);
    actor.send({ type: 'replay.setSkipIdle', skipIdle: true });
    actor.send({ type: 'replay.play' });
    clock.increment(REPLAY_IDLE_CAP_MS);
    expect(actor.getSnapshot().context.cursor).toBe(1);
  });

  it('keeps seeks and steps inside the log, and does not play from the last entry', async () => {
    const { actor } = await openViewer([0, 10, 20]);
    actor.send({ type: 'replay.seek', index: 99 });
    expect(actor.getSnapshot().context.cursor).toBe(2);
    actor.send({ type: 'replay.play' });
    expect(actor.getSnapshot().matches({ ready: { playback: 'paused' } })).toBe(true);
    actor.send({ type: 'replay.step', by: -5 });
    expect(actor.getSnapshot().context.cursor).toBe(0);
  });

  it('says why a file could not be read, and starts over with the next one', async () => {
    const machine = replayViewerMachine.provide({
      actors: {
        loadLog: fromPromise<LoadedReplayLog, { file: unknown; fileName: string | null }>(async () => {
          throw new Error('Not a session log.');
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'replay.open', file: null, fileName: 'x.txt' });
    await new Promise((resolve) => actor.subscribe((s) => s.matches('failed') && resolve(null)));
    expect(actor.getSnapshot().context.loadError).toBe('Not a session log.');
    actor.send({ type: 'replay.open', file: null, fileName: 'y.txt' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });
});

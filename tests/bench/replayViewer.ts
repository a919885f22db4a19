/**
 * Replay viewer bench (/support/replay): a 20,000-entry session log recorded from the app's own system (inert
 * adapters, the real recorder, searches typed into the grid with time passing between them), then what the viewer
 * does with it:
 * - load (goal < 2 s): the worker's read (gunzip, parse), the copy of the parsed entries to the page (structured
 *   clone, as postMessage makes it), and the page's timeline index and actor → machine resolution;
 * - seek (goal < 100 ms): the state of every actor at 500 cursors spread over the log (median, 95th percentile, worst);
 * - the headless replay the worker runs beside it (not part of the load: the timeline is usable before it ends).
 */
import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { createEventRecorder } from '../../adapters/eventLog.ts';
import { probeSystem } from '../../adapters/systemProbe.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { appMachine, definitionHashes, registry } from '../../machines/index.ts';
import { inert } from '../../machines/inert.ts';
import { findActor } from '../../tools/replayer.ts';
import { resolveActorMachines } from '../../ui/views/support/actorMachines.ts';
import { buildIndex, statesAt } from '../../ui/views/support/replayIndex.ts';
import { checkLog, readLog } from '../../ui/views/support/replayWorkerCore.ts';

const ENTRIES = 20_000;
const SEEKS = 500;
const GOAL_LOAD_MS = 2_000;
const GOAL_SEEK_MS = 100;

/** Records a session of at least `count` entries: grid searches typed 40 ms apart, a pause now and then. */
export function recordLongLog(count: number): Promise<Uint8Array> {
  let time = 0;
  const clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {} };
  const recorder = createEventRecorder({ now: clock.now, isCoreLogic, capacityBytes: 64 * 1024 * 1024 });
  const system = createActor(inert(appMachine), { id: 'app', clock });
  recorder.attach(system);
  const probe = probeSystem(system.system);
  probe.run(() => system.start());
  // The grid's machines start with their feature, as when the page asks for them (app.featureLoaded, in the log).
  for (const feature of ['content', 'grid'] as const) probe.run(() => system.send({ type: 'app.featureLoaded', feature }));
  // Time passes as in the page: timers due by then fire first, in due order (the grid's search debounce among them).
  const advance = (to: number) => {
    for (;;) {
      const due = [...probe.pendingTimers()].filter(([, at]) => at <= to).sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
      if (!due) break;
      time = due[1];
      probe.fire(due[0]);
    }
    time = to;
  };
  const grid = findActor(system, 'app/grid');
  if (!grid) throw new Error('recordLongLog: no grid actor');
  for (let i = 0; recorder.entries().length < count; i++) {
    for (let j = 0; j < 200; j++) {
      advance(time + ((i * 200 + j) % 50 === 0 ? 5_000 : 40));
      probe.run(() => grid.send({ type: 'grid.search', text: `course ${i}-${j}` }));
    }
  }
  const bytes = recorder.exportGzip({ appVersion: 'bench', buildId: 'bench', machines: definitionHashes(), userAgent: 'bench' });
  system.stop();
  return bytes;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

export async function benchReplayViewer(): Promise<void> {
  const bytes = await recordLongLog(ENTRIES);
  const now = () => performance.now();

  const started = now();
  const { parsed, view } = readLog(bytes, 'bench.jsonl.gz', now);
  const readMs = now() - started;
  const cloneStarted = now();
  const log = structuredClone(view);
  const cloneMs = now() - cloneStarted;
  const indexStarted = now();
  const index = buildIndex(log.entries);
  const firstValues = new Map<string, unknown>();
  for (const entry of log.entries) if (entry.k === 'snapshot' && !firstValues.has(entry.actor)) firstValues.set(entry.actor, entry.value);
  resolveActorMachines(index.actors, firstValues, registry);
  const indexMs = now() - indexStarted;
  const loadMs = readMs + cloneMs + indexMs;

  const seeks: number[] = [];
  let seed = 7;
  for (let i = 0; i < SEEKS; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const cursor = seed % log.entries.length;
    const t0 = now();
    statesAt(log.entries, index, cursor);
    seeks.push(now() - t0);
  }

  const report = checkLog(parsed, now);

  console.log('Replay viewer (a recorded session log)');
  console.log(`  log: ${log.entries.length.toLocaleString('en')} entries, ${(bytes.length / 1024).toFixed(0)} KB gz, ${index.actors.length} actors`);
  console.log(
    `  load: ${loadMs.toFixed(0)} ms (goal < ${GOAL_LOAD_MS} ms) = read ${readMs.toFixed(0)} ms + copy to the page ${cloneMs.toFixed(0)} ms + index ${indexMs.toFixed(0)} ms`,
  );
  console.log(
    `  seek: median ${quantile(seeks, 0.5).toFixed(2)} ms, 95th percentile ${quantile(seeks, 0.95).toFixed(2)} ms, worst ${Math.max(...seeks).toFixed(2)} ms over ${SEEKS} cursors (goal < ${GOAL_SEEK_MS} ms; at most ${index.every - 1} entries applied per seek)`,
  );
  console.log(`  headless replay in the worker: ${report.replayMs.toFixed(0)} ms, ${report.divergences.length} divergences`);
}


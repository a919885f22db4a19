/**
 * npm run bench: speed and memory figures for the event-sourced core. Prints, asserts nothing.
 * - recorder: events per second through inspect (redaction + context hashing) with a full ring buffer
 * - memory held by a full 20,000-entry ring buffer
 * - export: gzip JSON Lines size and time
 * - replay: entries per second through the headless replayer
 * - path generation for every registry machine
 */
import { performance } from 'node:perf_hooks';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createEventRecorder, parseEventLog } from '../../adapters/eventLog.ts';
import type { UserInfo } from '../../domain/auth.ts';
import type { StoredSessionResult } from '../../machines/authMachine.ts';
import { EVENT_LOG_CAPACITY_EVENTS } from '../../domain/constants.ts';
import { appMachine, authMachine, definitionHashes, registry } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { generatePaths } from '../../tools/pathGen.ts';
import { replayLog } from '../../tools/replayer.ts';

const user = { sub: 'u', email: 'alex.admin@example.com', firstName: 'Alex', lastName: 'Admin' };
const session = { tokens: { accessToken: 'secret', idToken: 'id', hasRefreshToken: true, expiresInSeconds: 3600 }, user };

function gc() {
  (globalThis as { gc?: () => void }).gc?.();
}

async function recordSession(cycles: number) {
  const clock = new SimulatedClock();
  const recorder = createEventRecorder({ now: () => clock.now(), isCoreLogic });
  const auth = authMachine.provide({
    actors: {
      loadStoredSession: fromPromise<StoredSessionResult, void>(async () => ({ session, lastSignOutReason: null })),
      loadUserInfo: fromPromise<UserInfo, void>(async () => user),
    },
  });
  const app = createActor(appMachine.provide({ actors: { auth } }), { id: 'app', clock, inspect: recorder.inspect });
  app.start();
  const ref = app.system.get('auth')!;
  await new Promise((r) => setTimeout(r, 0));
  const started = performance.now();
  for (let i = 0; i < cycles; i++) {
    ref.send({ type: 'auth.refreshUser' });
    await Promise.resolve();
    await Promise.resolve();
    clock.increment(10);
  }
  await new Promise((r) => setTimeout(r, 0));
  const ms = performance.now() - started;
  app.stop();
  return { recorder, ms };
}

const cycles = 20_000;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const { recorder, ms } = await recordSession(cycles);
gc();
const heapAfter = process.memoryUsage().heapUsed;
const entries = recorder.entries().length;
const recorded = entries + recorder.dropped();
console.log(`recorder: ${recorded} entries in ${ms.toFixed(0)} ms (${Math.round(recorded / (ms / 1000)).toLocaleString('en')} entries/s), ring holds ${entries}/${EVENT_LOG_CAPACITY_EVENTS}, dropped ${recorder.dropped()}`);
const exact = typeof (globalThis as { gc?: unknown }).gc === 'function';
console.log(`recorder memory: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB heap for a full ring${exact ? '' : ' (approximate: run with node --expose-gc)'}`);

let t = performance.now();
const bytes = recorder.exportGzip({ appVersion: 'bench', buildId: 'bench', machines: definitionHashes(), userAgent: 'bench' });
console.log(`export: ${entries} entries → ${(bytes.byteLength / 1024).toFixed(0)} KiB gzip in ${(performance.now() - t).toFixed(0)} ms`);

// A replayable log: a complete session from the start, small enough not to wrap the ring.
const small = await recordSession(2_000);
const smallLog = parseEventLog(small.recorder.exportGzip({ appVersion: 'bench', buildId: 'bench', machines: definitionHashes(), userAgent: 'bench' }));
t = performance.now();
const result = replayLog(smallLog, { root: appMachine, rootId: 'app' });
const replayMs = performance.now() - t;
console.log(`replay: ${smallLog.entries.length} entries in ${replayMs.toFixed(0)} ms (${Math.round(smallLog.entries.length / (replayMs / 1000)).toLocaleString('en')} entries/s), ${result.divergences.length} divergences`);

for (const entry of registry) {
  t = performance.now();
  const paths = generatePaths(entry);
  console.log(`paths: ${entry.name} ${paths.length} paths in ${(performance.now() - t).toFixed(0)} ms`);
}

/**
 * A long session log replayed on every core: the log is cut at its checkpoints into stretches of about equal length,
 * each stretch is replayed in a worker thread from its checkpoint (the recorded persisted snapshot of every actor),
 * and the stretches' results are put back together in log order.
 *
 * A stretch starts from what was recorded, so a divergence still open where the next stretch starts is reported as
 * such (`restartedAt`), not carried on: replaying from the start would carry it, and would also take as long as the
 * whole log on one core. Logs too short to gain from it (or holding no checkpoint to cut at) are replayed in one go.
 *
 * The workers run a bundle of tools/replayWorker.ts made with esbuild (loading the machines through tsx in each
 * worker takes most of a second; the bundle loads in a tenth of that). The bundle is cached under
 * node_modules/.cache/replay-worker, keyed by the sources it is made from.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EventLogFormatError, parseEventLog, type LogHeader } from '../adapters/eventLog.ts';
import { appMachine } from '../machines/index.ts';
import { headerWarnings, replayLog, type ReplayResult } from './replayer.ts';
import type { StretchAnswer, StretchJob } from './replayWorker.ts';
import { outlineShared, shareLog, sharedText, type SharedLog } from './sharedLog.ts';

export { nodeLogText } from './sharedLog.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Below this many entries one core replays the log faster than starting workers. */
export const PARALLEL_MIN_ENTRIES = 20_000;
const SOURCE_DIRS = ['adapters', 'domain', 'machines', 'tools'];
const WORKER_YOUNG_GENERATION_MB = 64;

/** The bundled worker's path, made when its sources changed since the last bundle. */
export async function replayWorkerBundle(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of SOURCE_DIRS) {
    for (const name of (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).sort()) {
      if (!name.endsWith('.ts')) continue;
      const file = path.join(ROOT, dir, name);
      const stat = statSync(file);
      hash.update(`${dir}/${name}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  hash.update(statSync(path.join(ROOT, 'package-lock.json')).mtimeMs.toString());
  const dir = path.join(ROOT, 'node_modules', '.cache', 'replay-worker');
  const out = path.join(dir, `replayWorker-${hash.digest('hex').slice(0, 16)}.mjs`);
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  const { build } = await import('esbuild');
  // Packages stay imports (resolved from node_modules above the cache folder); only this repository's code is bundled.
  await build({ entryPoints: [path.join(ROOT, 'tools', 'replayWorker.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', outfile: out, logLevel: 'error' });
  return out;
}

interface Pending {
  job: StretchJob;
  resolve: (result: ReplayResult) => void;
  reject: (error: Error) => void;
}

/** Worker threads that each replay one stretch at a time; jobs queue until a worker is free. */
export class ReplayPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly running = new Map<Worker, Pending>();
  private nextId = 1;

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('message', (answer: StretchAnswer) => this.answered(worker, answer));
      worker.on('error', (error) => this.failed(worker, error));
      this.idle.push(worker);
    }
  }

  static async start(size = os.availableParallelism()): Promise<ReplayPool> {
    const bundle = await replayWorkerBundle();
    // The bundle is plain JavaScript: the workers run without this process's loaders (tsx), and with a young
    // generation large enough that a replay's short-lived snapshots die young instead of being copied around.
    const options = { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
    return new ReplayPool(Array.from({ length: Math.max(1, size) }, () => new Worker(bundle, options)));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Replays entries `from` (a checkpoint, or 0) to `to` (exclusive) of the log (its text, or shared). */
  run(log: SharedLog | string, from: number, to: number): Promise<ReplayResult> {
    const shared = typeof log === 'string' ? shareLog(log) : log;
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, log: shared, from, to }, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const pending = this.queue.shift()!;
      this.running.set(worker, pending);
      worker.postMessage(pending.job);
    }
  }

  private answered(worker: Worker, answer: StretchAnswer): void {
    const pending = this.running.get(worker);
    this.running.delete(worker);
    this.idle.push(worker);
    if (pending) {
      if ('error' in answer) pending.reject(answer.formatError ? new EventLogFormatError(answer.error) : new Error(answer.error));
      else pending.resolve(answer.result);
    }
    this.pump();
  }

  private failed(worker: Worker, error: Error): void {
    const pending = this.running.get(worker);
    this.running.delete(worker);
    pending?.reject(error);
    for (const waiting of this.queue.splice(0)) waiting.reject(error);
  }
}

/**
 * Where to cut a log into `parts` stretches: each stretch starts at the start of the log (when its head was kept) or
 * at a checkpoint, and they are about equally long. Returns the stretches as [from, to) entry ranges.
 */
export function planStretches(kinds: string, dropped: number, parts: number): [number, number][] {
  const checkpoints: number[] = [];
  for (let i = kinds.indexOf('C'); i >= 0; i = kinds.indexOf('C', i + 1)) checkpoints.push(i);
  const start = dropped > 0 ? (checkpoints[0] ?? 0) : 0;
  const cuts = [start];
  for (let k = 1; k < parts; k++) {
    const target = start + ((kinds.length - start) * k) / parts;
    let best = -1;
    for (const c of checkpoints) if (c > cuts.at(-1)! && (best < 0 || Math.abs(c - target) < Math.abs(best - target))) best = c;
    if (best > cuts.at(-1)! && best < kinds.length) cuts.push(best);
  }
  return cuts.map((from, i) => [from, cuts[i + 1] ?? kinds.length]);
}

/** Puts the stretches' results back together, in log order. */
export function mergeStretches(results: ReplayResult[], warnings: string[]): ReplayResult {
  return {
    entries: results.reduce((sum, r) => sum + r.entries, 0),
    startedAt: results[0]?.startedAt ?? -1,
    injected: results.reduce((sum, r) => sum + r.injected, 0),
    regenerated: results.reduce((sum, r) => sum + r.regenerated, 0),
    timersFired: results.reduce((sum, r) => sum + r.timersFired, 0),
    divergences: results.flatMap((r) => r.divergences),
    warnings: [...warnings, ...results.flatMap((r) => r.warnings)],
  };
}

/**
 * Replays a session log across the pool's workers, cut at its checkpoints (one stretch per worker), or in one worker
 * when it is short or has nothing to cut at. `currentHashes` are the machine definitions' hashes now, for the
 * "changed since the log was recorded" warnings.
 */
export async function replayInParallel(file: Uint8Array | string | SharedLog, options: { pool: ReplayPool; currentHashes?: Record<string, string>; minEntries?: number }): Promise<ReplayResult> {
  const log = typeof file === 'object' && 'buffer' in file && file.buffer instanceof SharedArrayBuffer ? (file as SharedLog) : shareLog(file as Uint8Array | string);
  const { header, kinds } = outlineShared(log);
  const warnings = headerWarnings(header, options.currentHashes, kinds.length);
  const parts = kinds.length >= (options.minEntries ?? PARALLEL_MIN_ENTRIES) ? options.pool.size : 1;
  const stretches = planStretches(kinds, header.dropped, parts);
  const results = await Promise.all(stretches.map(([from, to]) => options.pool.run(log, from, to)));
  return mergeStretches(results, warnings);
}

/** A gzipped log this large (or larger) may be long enough to split: its workers start while it is unzipped. */
const EARLY_POOL_GZ_BYTES = 128 * 1024;

/**
 * A session log file replayed as `npm run replay` replays it: a long log (PARALLEL_MIN_ENTRIES and more) over worker
 * threads, one per core, a short one in this process. `workers` forces a number of threads (0: in this process). The
 * workers load the machines while this thread unzips and outlines the log.
 */
export async function replayFile(bytes: Uint8Array, options: { workers?: number | null; currentHashes?: Record<string, string> } = {}): Promise<{ header: LogHeader; result: ReplayResult; workers: number }> {
  const forced = options.workers ?? null;
  const early = forced === null ? bytes.byteLength >= EARLY_POOL_GZ_BYTES : forced > 0;
  const starting = early ? ReplayPool.start(forced ?? undefined) : null;
  try {
    const log = shareLog(bytes);
    const { header, kinds } = outlineShared(log);
    if (forced === null ? kinds.length >= PARALLEL_MIN_ENTRIES : forced > 0) {
      const pool = await (starting ?? ReplayPool.start(forced ?? undefined));
      const result = await replayInParallel(log, { pool, currentHashes: options.currentHashes, minEntries: forced === null ? undefined : 0 });
      return { header, result, workers: pool.size };
    }
    return { header, result: replayLog(parseEventLog(sharedText(log), { lean: true }), { root: appMachine, rootId: 'app', currentHashes: options.currentHashes }), workers: 0 };
  } finally {
    if (starting) await (await starting).close();
  }
}

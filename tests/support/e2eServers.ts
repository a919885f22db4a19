import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetServer } from './e2eAuth.ts';

/**
 * The end-to-end run's servers (server/main.ts processes on free ports, each on a data folder of its own), for the
 * fixtures of tests/e2e/fixtures.ts: one default server per Playwright worker and, for a file that needs a
 * configuration of its own, one more at a time.
 */

export interface WorkerServer {
  url: string;
  dataDir: string;
}

/**
 * Starts `server/main.ts` on a free port with a fresh data folder and waits for its address line. With the run's
 * global set-up (tests/support/e2eGlobalSetup.ts) it starts the bundled server on a copy of the seeded folder;
 * without it, `tsx server/main.ts` on an empty folder (which seeds it).
 */
async function startServerProcess(extraEnv: Record<string, string>): Promise<{ server: WorkerServer; child: ChildProcess }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-e2e-'));
  const { E2E_SERVER_BUNDLE: bundle, E2E_SERVER_TEMPLATE: template } = process.env;
  if (bundle && template) cpSync(template, dataDir, { recursive: true });
  // Access tokens live an hour, the service's own default: a sign-in kept for the worker (tests/support/e2eAuth.ts)
  // then serves many tests. A file's serverEnv may set a shorter life (the refresh specs do). The notification outbox is
  // delivered every second instead of every 15 s, so a test that waits for an e-mail to go out waits about a second.
  const child = spawn(process.execPath, bundle && template ? [bundle] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600', OUTBOX_DELIVERY_MS: '1000', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return { server: { url, dataDir }, child };
}

/** Stops a server process and removes its data folder. */
async function stopServerProcess({ server, child }: { server: WorkerServer; child: ChildProcess }): Promise<void> {
  forgetServer(new URL(server.url).origin);
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * A worker's servers: the default one (no extra environment), started on first use and kept for the worker's life,
 * and at most one more with a file's own environment (`serverEnv`), started when a test of that file needs it and
 * stopped when a test needs another. `current` is the one the last test used (what a file's afterAll talks to).
 */
export interface ServerPool {
  get(env: Record<string, string>): Promise<WorkerServer>;
  readonly current: WorkerServer | undefined;
}

export function serverPool(): ServerPool & { close(): Promise<void> } {
  const running = new Map<string, Promise<{ server: WorkerServer; child: ChildProcess }>>();
  let current: WorkerServer | undefined;
  const keyOf = (env: Record<string, string>) => JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  const DEFAULT = keyOf({});
  return {
    get current() {
      return current;
    },
    async get(env) {
      const key = keyOf(env);
      for (const [other, started] of running) {
        if (other === key || other === DEFAULT) continue;
        running.delete(other);
        await stopServerProcess(await started);
      }
      let started = running.get(key);
      if (!started) {
        started = startServerProcess(env);
        running.set(key, started);
        started.catch(() => running.delete(key));
      }
      current = (await started).server;
      return current;
    },
    async close() {
      const all = [...running.values()];
      running.clear();
      await Promise.allSettled(all.map(async (started) => stopServerProcess(await started)));
    },
  };
}

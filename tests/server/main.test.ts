import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../domain/config.ts';
import type { RuntimeConfig } from '../../domain/config.ts';
import { startTestServer } from '../support/testServer.ts';
import type { TestServer } from '../support/testServer.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  config?: RuntimeConfig;
}

/**
 * Runs `server/main.ts` as `npm start` would, with `env` added; once it prints its URL, reads
 * /config.json and stops it with SIGTERM.
 */
async function runMain(env: Record<string, string>): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-main-test-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let config: RuntimeConfig | undefined;
  let asked = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const url = /listening on (\S+)/.exec(stdout)?.[1];
    if (url && !asked) {
      asked = true;
      void fetch(`${url}/config.json`)
        .then(async (response) => (config = parseRuntimeConfig(await response.json())))
        .finally(() => child.kill('SIGTERM'));
    }
  });
  // A bound for a server that never starts (well under the service tests' 60 s): tsx starting it takes seconds when the machine is busy.
  const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, stdout, stderr, config };
}

describe('socket reconnect policy in /config.json', () => {
  it('serves the policy a server was started with', async () => {
    const server = await startTestServer({ socketReconnect: { delayMs: 100, delayMaxMs: 400, attempts: 2 } });
    servers.push(server);
    const config = parseRuntimeConfig(await (await fetch(`${server.url}/config.json`)).json());
    expect(config.socket.reconnect).toEqual({ delayMs: 100, delayMaxMs: 400, attempts: 2 });
  });

  it('refuses to start with a policy that makes no sense', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'review-main-test-'));
    folders.push(dataDir);
    await expect(startTestServer({ dataDir, socketReconnect: { delayMs: 100, delayMaxMs: 400, attempts: 0 } })).rejects.toThrow(
      'socketReconnect.attempts must be a whole number, 1 or more, got 0.',
    );
  });
});

describe('server/main.ts environment', () => {
  it('serves REALTIME_RECONNECT_* and LINK_*_URL in /config.json', async () => {
    const run = await runMain({
      REALTIME_RECONNECT_DELAY_MS: '250',
      REALTIME_RECONNECT_DELAY_MAX_MS: '1000',
      REALTIME_RECONNECT_ATTEMPTS: '3',
      LINK_MARKETING_URL: 'https://www.example.com/',
    });
    expect(run.stderr).not.toMatch(/error|REALTIME_|LINK_/i);
    expect(run.config?.socket.reconnect).toEqual({ delayMs: 250, delayMaxMs: 1000, attempts: 3 });
    expect(run.config?.links.marketing).toBe('https://www.example.com');
    expect(run.config?.links.support).toMatch(/\/external\/support$/);
    expect(run.code).toBe(0);
  }, 30_000);

  it('refuses to start on a bad reconnect setting, naming the variable', async () => {
    const run = await runMain({ REALTIME_RECONNECT_DELAY_MS: '5000', REALTIME_RECONNECT_DELAY_MAX_MS: '1000', REALTIME_RECONNECT_ATTEMPTS: '3' });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('listening');
    expect(run.stderr.trim()).toBe('REALTIME_RECONNECT_DELAY_MAX_MS (1000) must not be less than REALTIME_RECONNECT_DELAY_MS (5000).');
  }, 30_000);

  it('refuses to start on a bad OUTBOX_DELIVERY_MS, naming it', async () => {
    const run = await runMain({ OUTBOX_DELIVERY_MS: '10' });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('listening');
    expect(run.stderr.trim()).toBe('OUTBOX_DELIVERY_MS must be a whole number of milliseconds, at least 100, got "10".');
  }, 30_000);
});

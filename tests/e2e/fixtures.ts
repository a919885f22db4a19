import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'review-demo';

interface WorkerServer {
  url: string;
  dataDir: string;
}

/** Starts `server/main.ts` on a free port with a fresh data folder and waits for its address line. */
async function startServerProcess(extraEnv: Record<string, string>): Promise<{ server: WorkerServer; child: ChildProcess }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '300', ...extraEnv },
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

export const test = base.extend<{ signIn: (email: string, password?: string) => Promise<void> }, { server: WorkerServer; serverEnv: Record<string, string> }>({
  /** Extra environment for this worker's server (a file sets it with `test.use({ serverEnv })`; it gets its own worker). */
  serverEnv: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv }, use) => {
      const { server, child } = await startServerProcess(serverEnv);
      await use(server);
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signIn: async ({ page }, use) => {
    await use((email, password = DEMO_PASSWORD) => fillLogin(page, email, password));
  },
});

/** Fills the provider's login page, which the app redirected to. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByLabel(/e-mail/i)).toBeVisible();
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

export { expect };

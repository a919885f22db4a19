import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './tests/support/chromium.ts';

/**
 * End-to-end tests in Debian's Chromium headless shell (browsers cannot be downloaded here; tests/support/chromium.ts),
 * one real server per worker, one build (dist/) shared by all. Time-outs are sized for a busy 2-core machine (load
 * 12–16: two workers, their servers and browsers, and whatever else runs): they bound a hung test, they are not what a
 * passing test waits for (every wait is on a condition), so a generous bound costs nothing when the suite is green.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Bundles the server and seeds one data folder that every worker's server starts from (tests/support/e2eGlobalSetup.ts).
  globalSetup: './tests/support/e2eGlobalSetup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    headless: true,
    // A failed test keeps its trace (actions, network, console) and a screenshot. Left out of the trace, for the CPU the
    // tests need on 2 cores: the screencast (a frame encoded on every paint) and the DOM snapshot taken around every
    // action (about an eighth of the CPU of the same specs with it, measured A/B).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    navigationTimeout: 45_000,
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});

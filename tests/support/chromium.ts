import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as every browser run here starts it (Playwright cannot download its own on this machine): the
 * executables (CHROMIUM_PATH, when set, for both) and the flags that keep it quiet and headless-safe.
 */

/** Flags for every launch: no sandbox (root in a container), no GPU, no background traffic of the browser's own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The desktop browser (the benches and scripts outside Playwright's test runner). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
} satisfies LaunchOptions;

/**
 * The end-to-end tests' browser: Debian's `chromium-headless-shell`, the same Chromium engine (Blink, V8, the network
 * service) built without the desktop browser around it — what Playwright itself runs for headless tests. The desktop
 * build in headless mode spends about 40 % more CPU on the same tests (a measured A/B on four spec files), and on 2
 * cores CPU is what the run waits for.
 */
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Launches that Chromium headless (the benches and scripts outside Playwright's test runner). */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_LAUNCH, headless: true, ...options, args: [...CHROMIUM_LAUNCH.args, ...(options.args ?? [])] });
}

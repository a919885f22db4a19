import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as every browser run here starts it (Playwright cannot download its own on this machine): the
 * executable (CHROMIUM_PATH, else /usr/bin/chromium) and the flags that keep it quiet and headless-safe.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
} satisfies LaunchOptions;

/** Launches that Chromium headless (the benches and scripts outside Playwright's test runner). */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM_LAUNCH, headless: true, ...options, args: [...CHROMIUM_LAUNCH.args, ...(options.args ?? [])] });
}

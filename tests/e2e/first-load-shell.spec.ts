import type { Browser, Page, Route } from '@playwright/test';
import { expect, itemIdOf, signedInContext, test } from './fixtures.ts';

const ALEX = 'alex.admin@example.com';

/** Where the shell's pictures go when SHELL_SCREENSHOTS names a folder (to look at them); none otherwise. */
const SCREENSHOTS = process.env.SHELL_SCREENSHOTS ?? null;

/**
 * Holds the page's entry script (the one index.html asks for) until `release`: what shows meanwhile is the static shell
 * of index.html, as on a slow link before any JavaScript has arrived and run. The link is slowed too (CDP).
 */
async function holdEntryScript(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: seen, release };
}

for (const { name, path } of [
  { name: 'dashboard', path: async () => '/' },
  { name: 'grid', path: async () => '/review' },
  { name: 'item view', path: async (browser: Browser, baseURL: string) => `/review/content/${await itemIdOf(browser, baseURL, ALEX, 'Style guide')}/review` },
]) {
  test(`on a slow link the ${name} shows the header frame and a skeleton before any script has run`, async ({ browser, baseURL }) => {
    const context = await signedInContext(browser, baseURL!, ALEX);
    const page = await context.newPage();
    const entry = await holdEntryScript(page);
    const target = await path(browser, baseURL!);
    const navigation = page.goto(target, { waitUntil: 'commit' });
    await entry.requested;
    await navigation;
    // The static shell: the header landmark and the loading skeleton, announced as busy.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status')).toContainText('Loading');
    await expect(page.locator('.shell-block').first()).toBeVisible();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/shell-${name.replace(' ', '-')}.png` });
    // Released, the app draws in its place: the app's own header.
    entry.release();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('.shell')).toHaveCount(0);
    await context.close();
  });
}

import type { Page } from '@playwright/test';
import { expect, fillLogin, DEMO_PASSWORD, signedInContext, test } from './fixtures.ts';

const ALEX = 'alex.admin@example.com';

/** The names of the app's JavaScript files the page has asked for so far (`oidcClient-<hash>.js` → `oidcClient`). */
function scriptsAsked(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([^/]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.push(match[1]!);
  });
  return names;
}

test('a returning signed-in person reaches the dashboard without the sign-in library; signing in loads it', async ({ browser, baseURL, page }) => {
  // Stored tokens still good: the dashboard draws and the identity library (its own chunk) is never asked for.
  const context = await signedInContext(browser, baseURL!, ALEX);
  const returning = await context.newPage();
  const asked = scriptsAsked(returning);
  await returning.goto('/');
  await expect(returning.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true })).toBeVisible();
  expect(asked).toContain('index');
  expect(asked).not.toContain('oidcClient');
  // The session log is written with the compressor loaded on this first export: a gzip file is saved.
  const download = returning.waitForEvent('download');
  await returning.getByRole('button', { name: 'Account menu' }).click();
  await returning.getByRole('menuitem', { name: 'Download session log' }).click();
  expect((await download).suggestedFilename()).toMatch(/^review-session-.*\.jsonl\.gz$/);
  expect(asked).toContain('pako');
  await context.close();

  // Signing in from the login page loads it when it is needed, and the sign-in completes.
  const fresh = scriptsAsked(page);
  await page.goto('/');
  await fillLogin(page, ALEX, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true })).toBeVisible();
  expect(fresh).toContain('oidcClient');
});

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

/** The machines of the grid and of the item view (with the annotation dialog's), by the id each definition names (`createMachine({ id: … })`). */
const LATER_MACHINES = ['folders', 'grid', 'uploads', 'share', 'item', 'itemStack', 'comments', 'reviewRequests', 'annotationDialog', 'annotationCanvas'];

/** Words only the grid and the item view show (ui/strings/content.ts, ui/strings/item.ts). */
const LATER_WORDS = ['Search by name', 'The version you are looking for no longer exists.'];

test('the dashboard loads without the grid’s and the item view’s machines, and asks for nothing it does not draw', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, ALEX);
  const page = await context.newPage();
  const scripts: Promise<string>[] = [];
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text());
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true })).toBeVisible();
  const code = (await Promise.all(scripts)).join('\n');
  for (const id of LATER_MACHINES) expect(code, `the ${id} machine is in the dashboard's load`).not.toMatch(new RegExp(`createMachine\\(\\{id:["'\`]${id}["'\`]`));
  // Nor their words: the grid's search placeholder, the item view's deleted-version page.
  for (const words of LATER_WORDS) expect(code, `“${words}” is in the dashboard's load`).not.toContain(words);
  // The surveys are read by the item view: the dashboard does not ask the translation experience endpoint.
  expect(requests.filter((path) => path.endsWith('/translations/experience'))).toEqual([]);

  // The grid loads them with its route, and the item view its own.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('tree')).toBeVisible();
  const withGrid = (await Promise.all(scripts)).join('\n');
  expect(withGrid).toMatch(/createMachine\(\{id:["'`]grid["'`]/);
  await expect(page.getByPlaceholder('Search by name')).toBeVisible();
  await context.close();
});

/**
 * Set-up shared by the flow maps: signing in to the grid, a fresh story uploaded by dropping it on a folder (as a user
 * does), opening an item card, and a route that holds one request until the map lets it go on to the real server (so
 * a busy state can be seen before the server answers).
 */
import { Buffer } from 'node:buffer';
import type { Page, Request, Route } from '@playwright/test';
import { buildStoryFixture } from '../../../server/uploads/fixtures.ts';
import { DEMO_PASSWORD, dropFiles, expect, fillLogin, itemCard, treeFolder, uniqueName, type TestFile } from '../fixtures.ts';

/** A one-slide Storyline publish, zipped, named `<title>.zip`. */
export function storyFile(title: string): TestFile {
  const bytes = buildStoryFixture({ title, slides: [{ id: 's1', title: 'Slide 1', sceneIndex: 0 }] });
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

/**
 * Opens the item grid as `email`: straight in when the context holds that sign-in already (tests/e2e/model/modelTest.ts),
 * else through the provider's login page.
 */
export async function signInToGrid(page: Page, email: string): Promise<void> {
  await page.goto('/review');
  const tree = page.getByRole('tree', { name: 'Folders' });
  const login = page.getByLabel(/e-mail/i);
  await expect(tree.or(login).first()).toBeVisible();
  if (await login.isVisible()) await fillLogin(page, email, DEMO_PASSWORD);
  await expect(tree).toBeVisible();
}

/** Drops a fresh story on a folder (signed in first) and waits for its ready card; resolves its title. */
export async function uploadFreshItem(page: Page, prefix: string, folder = 'Team Library'): Promise<string> {
  if (!/\/review(\/|$)/.test(new URL(page.url()).pathname) || (await page.getByRole('tree', { name: 'Folders' }).count()) === 0) await page.goto('/review');
  await treeFolder(page, folder).click();
  const title = uniqueName(prefix);
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title)]);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  return title;
}

/** Opens an item from its card in the folder shown. */
export async function openItemCard(page: Page, title: string): Promise<void> {
  await itemCard(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, exact: true, level: 1 })).toBeVisible();
}

/** A request held on its way to the server: let it go on (optionally with another body), or fail it with a status. */
export interface HeldRequest {
  request: Request;
  proceed(postData?: string): Promise<void>;
  fail(status: number, message: string): Promise<void>;
}

/**
 * Holds the next request matching `url` and `method` ('*': any) until the returned handle lets it go; the route is removed once
 * it caught one. Resolves when the request has been made (start it after calling this).
 */
export async function holdNext(page: Page, url: string, method: string): Promise<() => Promise<HeldRequest>> {
  let resolveHeld!: (held: HeldRequest) => void;
  const held = new Promise<HeldRequest>((resolve) => (resolveHeld = resolve));
  let caught = false;
  const handler = async (route: Route) => {
    if (caught || (method !== '*' && route.request().method() !== method)) return route.fallback();
    caught = true;
    const done = () => page.unroute(url, handler);
    resolveHeld({
      request: route.request(),
      proceed: async (postData) => {
        await route.continue(postData === undefined ? undefined : { postData });
        await done();
      },
      fail: async (status, message) => {
        await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: 'Refused', message }) });
        await done();
      },
    });
  };
  await page.route(url, handler);
  return () => held;
}

/** 'YYYY-MM-DD' `days` from today (UTC, the browser's zone here). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

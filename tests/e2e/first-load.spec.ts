import type { Page, Route } from '@playwright/test';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { expect, expectNoAxeViolations, fillLogin, DEMO_PASSWORD, segmentTable, signedInPage, stackItemIds, test, translatePath, translatorPage } from './fixtures.ts';

const ALEX = 'alex.admin@example.com';

/**
 * Holds the requests for one lazily loaded chunk (e.g. `GridScreen-<hash>.js`) until `release` is called, so the
 * route's skeleton can be seen for as long as the test needs, whatever the machine's speed.
 */
async function holdChunk(page: Page, name: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/assets/${name}-[^/]+\\.js$`), async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: seen, release };
}

test('a lazy route shows its skeleton, then its content; moving between routes works', async ({ page }) => {
  // Signed in on the dashboard: the grid's code is not loaded yet.
  await page.goto('/');
  await fillLogin(page, ALEX, DEMO_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Review', exact: true })).toBeVisible();

  const grid = await holdChunk(page, 'GridScreen');
  await nav.getByRole('link', { name: 'Review', exact: true }).click();
  await grid.requested;
  const gridLoading = page.getByRole('status').filter({ hasText: 'Loading your review content…' });
  await expect(gridLoading).toBeVisible();
  await expect(gridLoading).toHaveAttribute('aria-busy', 'true');
  await expectNoAxeViolations(page, 'the grid route skeleton');
  grid.release();
  await expect(page.getByRole('tree', { name: 'Folders' })).toBeVisible();
  await expect(gridLoading).toHaveCount(0);

  // The item view: its own chunk, one skeleton until it is in, never a blank page. The review tab does not wait for
  // the translate tab's machines: they stay held and the item draws.
  const item = await holdChunk(page, 'ItemScreen');
  const machines = await holdChunk(page, 'translationFeature');
  let machinesAsked = false;
  void machines.requested.then(() => (machinesAsked = true));
  const card = page.getByRole('list', { name: 'Items' }).getByRole('article', { name: 'Welcome to the team', exact: true });
  await card.getByRole('link', { name: 'Welcome to the team' }).click();
  await item.requested;
  const itemLoading = page.getByRole('status').filter({ hasText: 'Loading the item…' });
  await expect(itemLoading).toBeVisible();
  item.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the team' })).toBeVisible();
  await expect(page).toHaveURL(/\/review\/content\/[^/]+\/review$/);
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
  expect(machinesAsked).toBe(false);
  machines.release();

  // Back and forth: the browser's history and the header's links, no reload.
  await page.goBack();
  await expect(page.getByRole('tree', { name: 'Folders' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tree', { name: 'Folders' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('tree', { name: 'Folders' })).toBeVisible();
});

test('the translate tab loads its machines when it opens: its skeleton until they are in, then the segments', async ({ browser, baseURL }) => {
  const id = (await stackItemIds(browser, baseURL!, SEEDED_TRANSLATIONS.storylineStack)).get(SEEDED_TRANSLATIONS.storylineFrench)!;
  const page = await translatorPage(browser, baseURL!, ALEX, `/review/content/${id}/review`);
  try {
    await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
    const machines = await holdChunk(page, 'translationFeature');
    await page.getByRole('link', { name: 'Translate', exact: true }).click();
    await machines.requested;
    await expect(page).toHaveURL(new RegExp(`${translatePath(id)}$`));
    const loading = page.getByRole('region', { name: 'Translation editor' }).filter({ hasText: 'Loading translations…' });
    await expect(loading).toBeVisible();
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    machines.release();
    await segmentTable(page);
    await expect(loading).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

/** Holds every request whose address matches `pattern` until `release` is called. */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

test('the item view holds the places of what arrives later: its header and comments do not move while they load', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, ALEX, '');
  try {
    // Every layout shift from here on, with the elements it moved (the click's own 500 ms included on purpose).
    await page.evaluate(() => {
      const moved: string[] = [];
      (window as unknown as { __moved: string[] }).__moved = moved;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { sources?: { node?: Node | null }[] }[]) {
          for (const source of entry.sources ?? []) if (source.node instanceof Element) moved.push(source.node.className);
        }
      }).observe({ type: 'layout-shift' });
    });
    // The comments and the review requests answer only once the item is drawn: their places must already be held.
    const comments = await holdRequests(page, /\/api\/comments\/find\//);
    const requests = await holdRequests(page, /\/api\/review-requests\/bootstrap\//);
    const card = page.getByRole('list', { name: 'Items' }).getByRole('article', { name: 'Welcome to the team', exact: true });
    await card.getByRole('link', { name: 'Welcome to the team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the team' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading comments…' })).toBeVisible();
    comments.release();
    requests.release();
    await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    // Whatever was drawn meanwhile has been reported by the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const moved = await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved);
    expect(moved.filter((name) => /item-tabs|export-menu|comments-panel__body|comments-feed|comments-state|comments-panel__composer/.test(name))).toEqual([]);
  } finally {
    await page.context().close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows the static shell at once: the header frame, words and a skeleton', async ({ page }) => {
    await page.goto('/review');
    await expect(page.getByRole('status')).toHaveText('Loading the review dashboard…');
    const header = await page.locator('.shell-header').boundingBox();
    expect(header?.height).toBeGreaterThan(40);
    await page.screenshot({ path: 'test-results/first-load-shell-no-js.png' });
  });
});

import type { Locator, Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, itemCard, openGridAs, signInContextOf, test } from './fixtures.ts';

const ALEX = 'alex.admin@example.com';

/** Holds every request matching `pattern` until `release` is called; `requested` settles at the first. */
async function hold(page: Page, pattern: string): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(pattern, async (route: Route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: seen, release };
}

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box.y;
}

test('the dashboard does not move when the account arrives: the Reach panel keeps its place', async ({ page }) => {
  await signInContextOf(page, ALEX);
  const account = await hold(page, '**/api/v1/users/current');
  await page.goto('/');
  await account.requested;
  const welcome = page.getByRole('heading', { level: 1, name: /welcome/i });
  await expect(welcome).toBeVisible();
  const before = await topOf(welcome);
  await expectNoAxeViolations(page, 'the dashboard while the account is read');
  account.release();
  await expect(page.getByRole('heading', { name: 'Reach, the learning platform' })).toBeVisible();
  expect(await topOf(welcome)).toBe(before);
});

test('the item view does not move when its stack arrives: the stack sidebar keeps its place', async ({ page }) => {
  await openGridAs(page, ALEX);
  const stack = await hold(page, '**/api/translations/stack/**');
  const card = itemCard(page, 'Customer service essentials');
  await card.getByRole('link', { name: 'Customer service essentials' }).click();
  await stack.requested;
  const comments = page.getByRole('region', { name: /comments/i }).first();
  await expect(comments).toBeVisible();
  const before = await topOf(comments);
  stack.release();
  await expect(page.getByRole('navigation', { name: /stack|languages/i })).toBeVisible();
  expect(await topOf(comments)).toBe(before);
});

/**
 * The flash message bar (review-and-content §2): a one-time message a redirect leaves for the page it lands on —
 * the service's own redirect of an expired sign-in page to /signin, a staff-only page opened by someone who is not
 * staff, an address the app does not have. Shown once (the carrier leaves the address as it is read), announced,
 * dismissable, gone after a reload or on another page; ids it does not know are ignored. Axe at 1400 and 390 px.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillLogin, signInContextOf, test } from './fixtures.ts';
import { shoot } from './screenShots.ts';

function flashBar(page: Page) {
  return page.getByRole('status').filter({ has: page.locator('.flash-bar') });
}

test('a sign-in page that expired before the form was sent lands on /signin with the flash bar saying so, once', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The provider's sign-in interaction is gone (expired, or its cookie cleared) before the person sends the form.
  await context.clearCookies({ name: /^_interaction/ });
  await fillLogin(page, 'alex.admin@example.com', DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/signin$/);
  await expect(flashBar(page)).toContainText('Your sign-in page had expired, so nothing was sent. Please sign in again.');
  await shoot(page, 'flash-signin-expired');

  // Read once: a reload shows the page without it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('.flash-bar')).toHaveCount(0);

  // Signing in again works as always.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillLogin(page, 'alex.admin@example.com', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Alex' })).toBeVisible();
  await expect(page.locator('.flash-bar')).toHaveCount(0);
});

test('a link to a staff-only page, opened by someone who is not staff, lands on the dashboard with the reason; dismissed, reloaded or left, it is gone', async ({ page }) => {
  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();

  // A link someone shared, opened in the tab.
  await page.goto('/charts');
  await expect(page).toHaveURL(/\/$/);
  await expect(flashBar(page)).toContainText('That page is only for staff, so we brought you to your dashboard.');
  await shoot(page, 'flash-staff-only');

  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(page.locator('.flash-bar')).toHaveCount(0);

  // Again, then a reload: shown once only.
  await page.goto('/support/replay');
  await expect(flashBar(page)).toContainText('That page is only for staff');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();
  await expect(page.locator('.flash-bar')).toHaveCount(0);

  // Again, then another page: the message stays with the page it was for.
  await page.goto('/sandbox');
  await expect(flashBar(page)).toContainText('That page is only for staff');
  await page.getByRole('navigation').getByRole('link', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();
  await expect(page.locator('.flash-bar')).toHaveCount(0);
});

test('an address the app does not have lands on the dashboard with the flash bar saying so', async ({ page }) => {
  await signInContextOf(page, 'nick.nonadmin@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await page.goto('/nowhere');
  await expect(page).toHaveURL(/\/$/);
  await expect(flashBar(page)).toContainText('That address does not exist, so we brought you to your dashboard.');
});

test('flash ids it does not know are ignored, shown as nothing, and removed from the address', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/signin?flash=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&returnTo=%2Freview');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Freview$/);
  await expect(page.locator('.flash-bar')).toHaveCount(0);

  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();
  for (const hostile of ['toString', '__proto__', 'STAFFONLY', 'staffOnly&flash=pageNotFound', '%3Cb%3Ebold%3C%2Fb%3E']) {
    await page.goto(`/?flash=${hostile}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Tara' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.flash-bar')).toHaveCount(0);
  }
  expect(dialogs).toEqual([]);
  await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
});

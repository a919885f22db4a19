/**
 * Activation, trial, survey banner, downloads, footer and the unsupported-browser banner, clicked as people click them
 * (foundation §2, §4, §8; review-and-content §2, §5). One worker's server: the non-admin asks before the admin
 * activates (serial).
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillLogin, signInContextOf, test } from './fixtures.ts';
import { shoot } from './screenShots.ts';

test.describe.configure({ mode: 'serial' });

const OLGA = 'olga.owner@example.com';
const PETE = 'pete.pilot@example.com';
const TARA = 'tara.team@example.com';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)';

async function dashboardAs(page: Page, email: string, path = '/', heading: RegExp = /^Welcome/): Promise<void> {
  await signInContextOf(page, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a non-admin asks an admin to activate Reach: Send Request waits for a picked admin, then the request is sent', async ({ page }) => {
  await dashboardAs(page, PETE);
  const panel = page.getByRole('region', { name: 'Reach, the learning platform' });
  await panel.getByRole('button', { name: 'Activate Reach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask an admin to activate Reach' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send Request' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Search admins').fill('zzz');
  await expect(dialog.getByText('No results found.')).toBeVisible();
  await dialog.getByLabel('Search admins').fill('Olga');
  await dialog.getByRole('radio', { name: 'Olga Owner' }).check();
  await shoot(page, 'activation-non-admin');
  await send.click();
  await expect(page.getByText('Request sent.')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('an admin activates Reach in one click: pending, then the page reloads with the success state', async ({ page }) => {
  await dashboardAs(page, OLGA);
  const panel = page.getByRole('region', { name: 'Reach, the learning platform' });
  await expect(panel.getByText(/Free for up to 300 active learners annually/)).toBeVisible();
  await shoot(page, 'dashboard-extras');
  await panel.getByRole('button', { name: 'Activate Reach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate Reach for your team' });
  await shoot(page, 'activation-admin');
  await dialog.getByRole('button', { name: 'Activate Reach' }).click();
  await expect(page.getByText(/Setting up Reach for your team/)).toBeVisible();
  await expect(page.getByText('Reach is activated', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Reach, the learning platform' }).getByText('Reach is active for your team.')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  // Now an admin of a team with Reach: the access modal's admin variant adds the learning-admin role.
  await page.getByRole('button', { name: 'Open Reach' }).click();
  const access = page.getByRole('dialog', { name: 'Add yourself as a Reach admin' });
  await expect(access).toBeVisible();
  await shoot(page, 'access-admin');
  await access.getByRole('button', { name: 'Add me as Reach admin' }).click();
  await expect(page.getByRole('dialog', { name: 'You are a Reach admin' })).toBeVisible();
  await shoot(page, 'access-learning-admin-after-adding');
});

test('the trial request marks its button done and opens the success modal with the celebration', async ({ page }) => {
  await dashboardAs(page, PETE, '/trials/localization', /^Translate your courses/);
  await shoot(page, 'trial-page');
  // The overview plays in the video player modal, with its captions; closing it leaves the page as it was.
  await page.getByRole('button', { name: 'Watch the overview' }).click();
  const player = page.getByRole('dialog', { name: 'Localization overview' });
  const video = player.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.querySelector('track')?.readyState)).toBe(2);
  await shoot(page, 'video-player-modal');
  await player.getByRole('button', { name: 'Close' }).click();
  await expect(player).toBeHidden();
  await page.getByRole('button', { name: 'Start a free trial' }).click();
  const modal = page.getByRole('dialog', { name: 'You are all set' });
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('celebration')).toBeAttached();
  await shoot(page, 'trial-success');
  await modal.getByRole('button', { name: 'Back to the trial page' }).click();
  await expect(page.getByRole('button', { name: 'Trial requested' })).toBeDisabled();
});

test('the survey banner is hidden after answering', async ({ page }) => {
  await dashboardAs(page, TARA);
  const survey = page.getByRole('region', { name: 'Feedback' });
  await survey.getByRole('button', { name: 'Good', exact: true }).click();
  await survey.getByLabel('Tell us more (optional)').fill('The dashboard is clear.');
  await shoot(page, 'survey-banner-comment');
  await survey.getByRole('button', { name: 'Send' }).click();
  await expect(survey.getByText('Thanks for your feedback!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reach, the learning platform' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Feedback' })).toHaveCount(0);
});

test('the downloads dialog over the dashboard leads to all downloads; the footer is the signed-in one', async ({ page }) => {
  await dashboardAs(page, TARA, '/downloads');
  const dialog = page.getByRole('dialog', { name: 'Get the desktop app' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'downloads-dialog');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/$/);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'FAQs' })).toHaveCount(0);
  await page.goto('/downloads');
  await page.getByRole('dialog', { name: 'Get the desktop app' }).getByRole('link', { name: 'All downloads' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest download' })).toBeVisible();
  await expect(page.getByText('Version 3.3.1 (stable)').first()).toBeVisible();
  // The canary build is listed; the beta 3.3.1 is not (stable outranks it).
  await expect(page.getByRole('article', { name: 'Version 3.4.0 (canary)' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Version 3.3.1 (beta)' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'MSI for version 3.3.1' }).first()).toBeVisible();
  await shoot(page, 'downloads-page');
});

test('signed out: the footer offers FAQs, start trial and sign in; Start free trial leads to sign-in', async ({ page }) => {
  await page.goto('/downloads/all');
  await expect(page.getByRole('heading', { level: 2, name: 'Latest download' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Support' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await shoot(page, 'downloads-signed-out');
  await page.getByRole('banner').getByRole('link', { name: 'Start free trial' }).click();
  await fillLogin(page, PETE, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Translate your courses in a few clicks' })).toBeVisible();
});

test('an unsupported browser sees the banner until it is dismissed', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, userAgent: IE10 });
  const page = await context.newPage();
  await page.goto('/downloads/all');
  const banner = page.getByText('Your browser is not supported');
  await expect(banner).toBeVisible();
  await shoot(page, 'browser-banner');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest download' })).toBeVisible();
  await expect(page.getByText('Your browser is not supported')).toHaveCount(0);
  await context.close();
});

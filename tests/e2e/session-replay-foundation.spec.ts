/**
 * A session on the foundation screens, recorded in Chromium through the real UI against the real service, downloaded
 * from the account menu and replayed headless with 0 divergences and no "changed since recorded" warning: the
 * dashboard's what's-new carousel and recent webinars, the survey banner dismissed, a non-admin asking an admin to
 * activate Reach, the desktop-app download dialog and the all-downloads page, the flash bar after a staff-only link. Every lifecycle there runs in the app
 * system (machines/session/appMachine.ts), so the log holds them.
 */
import { DEMO_PASSWORD, expect, fillLogin, test } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

// Its own server: the non-admin's activation request is this file's alone.
test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-foundation' } });

const PETE = 'pete.pilot@example.com';

test('a dashboard session (carousel, webinars, survey, activation request, downloads) replays with no divergence', async ({ page }) => {
  // Signed in through the login page, so the recording starts with the sign-in itself.
  await page.goto('/');
  await fillLogin(page, PETE, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // The what's-new carousel: the next slide.
  const carousel = page.getByRole('region', { name: "What's new" });
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(carousel.getByRole('group', { name: 'Slide 2 of 3' })).toBeVisible();

  // The recent webinars: the rest with their count.
  const webinars = page.getByRole('region', { name: 'Recent webinars' }).getByRole('listitem');
  await expect(webinars).toHaveCount(3);
  await page.getByRole('button', { name: 'Show 4 more' }).click();
  await expect(webinars).toHaveCount(7);

  // The survey banner, dismissed.
  const survey = page.getByRole('region', { name: 'Feedback' });
  await survey.getByRole('button', { name: 'Dismiss survey' }).click();
  await expect(survey).toHaveCount(0);

  // Activation as a non-admin: pick an admin, send the request.
  await page.getByRole('region', { name: 'Reach, the learning platform' }).getByRole('button', { name: 'Activate Reach' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask an admin to activate Reach' });
  await dialog.getByLabel('Search admins').fill('Olga');
  await dialog.getByRole('radio', { name: 'Olga Owner' }).check();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByText('Request sent.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // /downloads, followed in the page as a link would (no reload: the recording goes on), then All downloads.
  await page.evaluate(() => window.history.pushState(null, '', '/downloads'));
  const downloads = page.getByRole('dialog', { name: 'Get the desktop app' });
  await downloads.getByRole('link', { name: 'All downloads' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest download' })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  // A staff-only link followed in the page: back on the dashboard with the flash bar saying why, then dismissed.
  await page.evaluate(() => window.history.pushState(null, '', '/charts'));
  await expect(page.locator('.flash-bar')).toContainText('That page is only for staff');
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(page.locator('.flash-bar')).toHaveCount(0);

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['whatsNew.next', 'survey.dismiss', 'activation.open', 'activation.selectAdmin', 'activation.sendRequest', 'downloads.load', 'dashboard.flashRead', 'dashboard.dismissFlash']) expect(types).toContain(type);
  expect(types.some((type) => type.startsWith('xstate.done.actor.requestActivation'))).toBe(true);
  expect(types.some((type) => type.startsWith('xstate.done.actor.loadDownloads'))).toBe(true);
});

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, fillLogin, test } from './fixtures.ts';

test.describe('sign-in through the real OpenID Connect provider', () => {
  test('signs in, greets by first name, stays signed in on reload, signs out', async ({ page, signIn }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await signIn('alex.admin@example.com');
    await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByText('You have signed out.')).toBeVisible();

    // The provider's session ended too: signing in again asks for the password.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await expect(page.getByLabel(/password/i)).toBeVisible();
  });

  test('a wrong password shows a message and keeps the e-mail', async ({ page }) => {
    await page.goto('/');
    await fillLogin(page, 'tara.team@example.com', 'not-the-password');
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
    await expect(page.getByLabel(/e-mail/i)).toHaveValue('tara.team@example.com');
    await fillLogin(page, 'tara.team@example.com', 'review-demo');
    await expect(page.getByRole('heading', { name: 'Welcome, Tara' })).toBeVisible();
  });

  test('a deep link opened while signed out returns there after sign-in', async ({ page, signIn }) => {
    await page.goto('/review?view=grid');
    await signIn('sam.staff@example.com');
    await expect(page).toHaveURL(/\/review\?view=grid$/);
    await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
    await expect(page.getByRole('tree')).toBeVisible();
  });

  test('any other single-segment path redirects to the dashboard', async ({ page, signIn }) => {
    await page.goto('/nowhere');
    await signIn('vera.validator@example.com');
    await expect(page.getByRole('heading', { name: 'Welcome, Vera' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a malformed or replayed sign-in callback explains itself instead of crashing', async ({ page }) => {
    await page.goto('/auth-callback?code=forged&state=does-not-exist');
    await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
    await expect(page.getByText(/expired or was already used/)).toBeVisible();

    await page.goto('/auth-callback');
    await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
    await expect(page.getByText(/incomplete/)).toBeVisible();

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
  });
});

test('a session log downloaded from the running app replays with no divergence', async ({ page, signIn }, testInfo) => {
  await page.goto('/review');
  await signIn('alex.admin@example.com');
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download session log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^review-session-.*\.jsonl\.gz$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const root = path.resolve(import.meta.dirname, '../..');
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/replay.ts', file], { cwd: root, encoding: 'utf8' });
  expect(run.stdout).toContain('No divergence.');
  expect(run.stdout).toMatch(/[1-9]\d* events injected/);
  expect(run.status).toBe(0);
});

test('when the session indicator disappears the person is signed out and told why', async ({ page, context, signIn }) => {
  await page.goto('/');
  await signIn('tara.team@example.com');
  await expect(page.getByRole('heading', { name: 'Welcome, Tara' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'review_session')).toBe(true);
  // The geolocation answer is kept in a secure country cookie for about six months (foundation §7, §9).
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'country')).toMatchObject({ value: expect.stringMatching(/^[A-Z]{3}$/), secure: true });
  const country = (await context.cookies()).find((cookie) => cookie.name === 'country')!;
  expect((country.expires - Date.now() / 1000) / 86_400).toBeGreaterThan(180);
  await context.clearCookies({ name: 'review_session' });
  await expect(page).toHaveURL(/\/signin\?reason=noSessionIndicator/);
  await expect(page.getByText('We could not find your session. Please sign in again.')).toBeVisible();
});

test('an anonymous reviewer gives an e-mail; an e-mail with an account must sign in', async ({ page }) => {
  await page.goto('/review/content/some-item/review');
  await expect(page.getByRole('heading', { name: 'Review this content' })).toBeVisible();
  const email = page.getByLabel('E-mail address');

  // Continue waits for a valid e-mail (§5).
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await email.fill('tara.team@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('tara.team@example.com belongs to an account.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await email.fill('Guest.Reviewer@Example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Reviewing as guest.reviewer@example.com')).toBeVisible();
});

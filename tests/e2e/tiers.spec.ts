import { remainingDays } from '../../domain/dates.ts';
import type { CurrentUser } from '../../domain/subscriptions.ts';
import { expect, expectNoAxeViolations, requestAs, signInContextOf, test } from './fixtures.ts';

/**
 * The renewal alert Trish sees now. The service seeds her trial to end 14 days after its first start, so the days
 * left are counted from the trial's end date as the service reports it (a run crossing midnight UTC sees 13).
 */
async function trialAlertText(baseURL: string): Promise<string> {
  const user = (await (await requestAs(baseURL, 'trish.trial@example.com', 'GET', '/services/subscriptions/api/v1/users/current')).json()) as CurrentUser;
  const trial = user.subs.find((sub) => sub.plan === 'trial');
  if (!trial) throw new Error('Trish has no trial subscription');
  const days = remainingDays(trial.end_date, Date.now());
  expect(days).toBeGreaterThanOrEqual(13);
  return `Your subscription ends in ${days} days.`;
}

/** Each account tier of foundation §1 and §6 opens /review and sees the screen and header the spec gives it. */

test('trial: the review area, Buy now in the header and the days left', async ({ page, baseURL }) => {
  await signInContextOf(page, 'trish.trial@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', /\/buy\/tebnheader/);
  await expect(page.getByText(await trialAlertText(baseURL!))).toBeVisible();
});

test('trial: #reachActivated shows the success banner until dismissed, and a dismissed renewal alert stays away for the page load', async ({ page, baseURL }) => {
  await signInContextOf(page, 'trish.trial@example.com');
  await page.goto('/');
  const alert = page.getByText(await trialAlertText(baseURL!));
  await expect(alert).toBeVisible();
  await page.evaluate(() => (window.location.hash = '#reachActivated'));
  const activated = page.getByText('Reach is activated', { exact: true });
  await expect(activated).toBeVisible();
  // Read once and cleared from the address.
  await expect(page).not.toHaveURL(/#reachActivated/);
  await expectNoAxeViolations(page, 'the dashboard with the reach-activated banner and the renewal alert');
  await page.getByRole('button', { name: 'Dismiss', exact: true }).click();
  await expect(activated).toBeHidden();
  await page.getByRole('button', { name: 'Dismiss the subscription alert' }).click();
  await expect(alert).toBeHidden();
  // Another page of the same page load: still dismissed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
  await expect(alert).toBeHidden();
});

test('expired: the subscription-expired screen with Subscribe, and the expired alert', async ({ page }) => {
  await signInContextOf(page, 'eddie.expired@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'Your subscription has expired' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', /\/buy/);
  await expect(page.getByText('Your subscription has expired.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toHaveCount(0);
});

test('team member: the review area, no Buy now, no alert', async ({ page }) => {
  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'My content', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy now' })).toHaveCount(0);
  await expect(page.getByText(/Your subscription (ends|has expired)/)).toHaveCount(0);
  // Notification settings are offered inside the review area only.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Notification settings' })).toBeVisible();
});

test('not on a team (admin without a seat): the add-to-team screen', async ({ page }) => {
  await signInContextOf(page, 'adam.adminonly@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: "You don't have a seat on this team" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage team' })).toHaveAttribute('href', /\/team$/);
});

test('reach-only member: the reach-only screen with a way to Reach', async ({ page }) => {
  await signInContextOf(page, 'rita.reach@example.com');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'You are a Reach member only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Reach' })).toBeVisible();
});

test('no subscription: sent to the marketing page of Review', async ({ page }) => {
  await signInContextOf(page, 'nora.nosub@example.com');
  await page.goto('/review');
  await expect(page).toHaveURL(/\/external\/marketing\/review$/);
});

test('staff: /sandbox lists the flags; others are sent to the dashboard', async ({ page, browser, baseURL }) => {
  await signInContextOf(page, 'sam.staff@example.com');
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: /sandbox/i })).toBeVisible();
  await expect(page.getByText('maintenanceMode')).toBeVisible();

  const other = await browser.newPage({ baseURL });
  await other.goto('/sandbox');
  await expect(other.getByLabel(/e-mail/i)).toBeVisible();
  await other.getByLabel(/e-mail/i).fill('tara.team@example.com');
  await other.getByLabel(/password/i).fill('review-demo');
  await other.getByRole('button', { name: /sign in/i }).click();
  await expect(other.getByRole('heading', { name: 'Welcome, Tara' })).toBeVisible();
  await expect(other).toHaveURL(/\/$/);
  await other.close();
});

test('not entitled to Rise (admin without a seat): Rise in the header opens the subscribe modal', async ({ page }) => {
  await signInContextOf(page, 'adam.adminonly@example.com');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Rise' }).click();
  const modal = page.getByRole('dialog', { name: 'Rise is not in your plan' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: /Buy now/ })).toHaveAttribute('href', /\/buy\/(te|es)bnrisemodal/);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await expectNoAxeViolations(page, 'the subscribe modal');
  await modal.getByRole('button', { name: 'Not now' }).click();
  await expect(modal).toBeHidden();
  await expect(nav.getByRole('button', { name: 'Rise' })).toBeFocused();
});

test('trial: the trial upgrade modal says the trial includes Review, not that Review is missing', async ({ page }) => {
  await signInContextOf(page, 'trish.trial@example.com');
  await page.goto('/tebnreviewmodal');
  const modal = page.getByRole('dialog', { name: 'Your trial includes Review' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Buy a plan to keep using Review after your trial ends.');
  await expect(page.getByText('Review is not in your plan')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the trial upgrade modal');
});

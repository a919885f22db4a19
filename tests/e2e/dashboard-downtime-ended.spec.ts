/**
 * The dashboard's downtime banner outside its configured window (review-and-content §2, §9): this file's server is
 * configured with a window that ended yesterday, and the banner does not show (inside the window it does:
 * dashboard-foundation.spec.ts).
 */
import { expect, signInContextOf, test } from './fixtures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole days, so the runner and the worker compute the same window. */
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'dashboard-downtime-ended', DOWNTIME_STARTS_AT: iso(today - 3 * DAY_MS), DOWNTIME_ENDS_AT: iso(today - DAY_MS) } });

test('the downtime banner does not show once its window has ended', async ({ page }) => {
  await signInContextOf(page, 'alex.admin@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('region', { name: "What's new" })).toBeVisible();
  await expect(page.getByText('Scheduled maintenance')).toHaveCount(0);
});

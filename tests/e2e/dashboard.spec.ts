import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInContextOf, test } from './fixtures.ts';

/**
 * The authoring dashboard at / (review-and-content §2, §4, §9): a new course from the new-course menu opens in the
 * authoring tool; a template card's click goes through the /import-course wait page ('Your course is loading.') to
 * the imported course; the webinar list reveals the rest with its count; the content page of a template. Every screen
 * has no axe violations, at 1400 px and 390 px.
 */

const SHOTS = process.env.DASHBOARD_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const width of [1400, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a new course from the new-course menu opens in the authoring tool', async ({ page }) => {
      await signInContextOf(page, 'alex.admin@example.com');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Use template/ }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: /Rise Quick Start/ })).toBeVisible();
      await shot(page, `dashboard-${width}`);
      await expectNoAxeViolations(page, `the dashboard at ${width} px`);

      await page.getByRole('button', { name: 'New course' }).click();
      await shot(page, `dashboard-menu-${width}`);
      await page.getByRole('menuitem', { name: 'Blank course' }).click();
      await expect(page).toHaveURL(/\/external\/authoring\/authoring\/course-[0-9a-f-]+$/);
      await expect(page.getByRole('heading', { name: 'Stand-in for the authoring site' })).toBeVisible();
    });

    test('a template card imports through the wait page to the course', async ({ page }) => {
      await signInContextOf(page, 'tara.team@example.com');
      await page.goto('/');
      // Curated templates come first, in the fixed order.
      const first = page.getByRole('button', { name: /Use template/ }).first();
      await expect(first).toContainText('Onboarding Essentials');
      await first.click();
      await expect(page.getByText('Your course is loading.')).toBeVisible();
      await expect(page).toHaveURL(/\/import-course\/course-/);
      await shot(page, `import-course-${width}`);
      await expect(page).toHaveURL(/\/external\/authoring\/authoring\/course-[0-9a-f-]+$/, { timeout: 20_000 });
    });
  });
}

test('the webinar list shows 3, then the rest with their count', async ({ page }) => {
  await signInContextOf(page, 'alex.admin@example.com');
  await page.goto('/');
  const webinars = page.getByRole('region', { name: 'Recent webinars' }).getByRole('listitem');
  await expect(webinars).toHaveCount(3);
  await page.getByRole('button', { name: 'Show 4 more' }).click();
  await expect(webinars).toHaveCount(7);
});

test('the content page of a template, and its Use button', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // Content pages are open without signing in; signed in, the template page offers Use.
  await signInContextOf(page, 'alex.admin@example.com');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome, Alex' })).toBeVisible();
  await page.goto('/content/template/tpl-code-of-conduct');
  await expect(page.getByRole('heading', { name: 'Code of Conduct' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use this template' })).toBeVisible();
  await shot(page, 'content-template-1400');
  await expectNoAxeViolations(page, 'the template content page');
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, 'content-template-390');
  await page.goto('/content/character/chr-amara');
  await expect(page.getByRole('heading', { name: 'Amara' })).toBeVisible();
  await shot(page, 'content-character-390');
  await expectNoAxeViolations(page, 'the character content page');
});

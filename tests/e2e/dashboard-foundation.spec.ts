/**
 * The dashboard's remaining foundation behaviour, clicked as people click it (review-and-content §2, §7, §9;
 * foundation §2, §4): #templates / #microlearning open the business-content browser in an embedded frame and closing
 * returns to /; the onboarding eligibility redirect to the growth product's /questions and its 5 s time-out; the
 * what's-new carousel by keyboard and under reduced motion; the trial page's admin redirect; the access modal's
 * learning-admin and non-admin buttons; the downtime banner inside its configured window (outside it:
 * dashboard-downtime-ended.spec.ts). Its own server: Reach is activated here, and the window is its configuration.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillLogin, signInContextOf, test, tokenOf } from './fixtures.ts';
import { shoot } from './screenShots.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole days, so the runner and the worker compute the same window. */
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const iso = (ms: number) => new Date(ms).toISOString();
/** A maintenance window around now: announced from yesterday, until the day after tomorrow. */
const INSIDE = { DOWNTIME_ANNOUNCE_FROM: iso(today - DAY_MS), DOWNTIME_STARTS_AT: iso(today + DAY_MS), DOWNTIME_ENDS_AT: iso(today + 2 * DAY_MS) };

// A template import here takes ten minutes: the wait page stays while it is checked.
test.use({ serverEnv: { REVIEW_E2E_SERVER: 'dashboard-foundation', ...INSIDE, COURSE_IMPORT_DELAY_MS: '600000' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';
const OLGA = 'olga.owner@example.com';
const PETE = 'pete.pilot@example.com';

async function dashboardAs(page: Page, email: string): Promise<void> {
  await signInContextOf(page, email);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
}

/** The growth stand-in's switch: the signed-in person is eligible or not, answered at once or late. */
async function setEligibility(page: Page, eligible: boolean, answerAfterMs = 0): Promise<void> {
  const answer = await page.request.put(`${new URL(page.url()).origin}/services/growth/onboarding/eligibility`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { eligible, answerAfterMs },
  });
  expect(answer.ok()).toBe(true);
}

test('Browse all templates and Browse all microlearning open the business-content browser in a frame; closing returns to /', async ({ page }) => {
  await dashboardAs(page, ALEX);
  await page.getByRole('link', { name: 'Browse all templates' }).click();
  const browser = page.getByRole('dialog', { name: 'Business content' });
  await expect(browser).toBeVisible();
  await expect(browser.locator('iframe')).toHaveAttribute('src', /\/business-content\/templates$/);
  await expect(page).toHaveURL(/#templates$/);
  await shoot(page, 'business-browser');
  // A card's Preview opens its content page in a new tab (review-and-content §2 outbound navigation).
  const frame = browser.frameLocator('iframe');
  const [preview] = await Promise.all([page.context().waitForEvent('page'), frame.getByRole('link', { name: /^Preview/ }).first().click()]);
  await expect(preview).toHaveURL(/\/content\/template\/[^/]+$/);
  await expect(preview.getByRole('heading', { level: 1 })).toBeVisible();
  await preview.close();
  await expect(browser).toBeVisible();
  await browser.getByRole('button', { name: 'Close' }).click();
  await expect(browser).toBeHidden();
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/');

  await page.getByRole('link', { name: 'Browse all microlearning' }).click();
  await expect(browser.locator('iframe')).toHaveAttribute('src', /\/business-content\/microlearning$/);
  await page.keyboard.press('Escape');
  await expect(browser).toBeHidden();
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
});

test("an eligible person is sent to the growth product's questions; a late answer (past 5 s) leaves them on the dashboard", async ({ page }) => {
  await dashboardAs(page, TARA);
  await setEligibility(page, true);
  await page.reload();
  await expect(page).toHaveURL(/\/services\/growth\/questions$/);

  // Answered after 8 s (told from the questions page, which shares the app's origin and sign-in): the dashboard gives
  // up at 5 s and stays.
  await setEligibility(page, true, 8_000);
  const gaveUp = page.waitForEvent('requestfailed', { predicate: (request) => request.url().endsWith('/onboarding/eligibility'), timeout: 15_000 });
  await page.goto('/');
  await gaveUp;
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  await setEligibility(page, false);
});

test("the what's-new carousel goes by keyboard, and stands still under reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await dashboardAs(page, ALEX);
  const carousel = page.getByRole('region', { name: "What's new" });
  const slide = (n: number) => carousel.getByRole('group', { name: `Slide ${n} of 3` });
  await expect(slide(1)).toBeVisible();
  // No autoplay under reduced motion: no pause or play control.
  await expect(carousel.getByRole('button', { name: /^(Pause|Play) slides$/ })).toHaveCount(0);
  await carousel.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(slide(2)).toBeVisible();
  await page.keyboard.press('End');
  await expect(slide(3)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(slide(2)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(slide(1)).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Show slide 1' })).toHaveAttribute('aria-current', 'true');

  // With motion allowed the slides play, and can be paused.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await expect(carousel.getByRole('button', { name: 'Pause slides' })).toBeVisible();
});

test('the downtime banner shows inside its configured window and stays dismissed', async ({ page }) => {
  await dashboardAs(page, ALEX);
  const banner = page.getByText('Scheduled maintenance');
  await expect(banner).toBeVisible();
  await expect(page.getByText(/The authoring tools will be unavailable for maintenance from .+ to .+\./)).toBeVisible();
  await shoot(page, 'downtime-banner');
  await page.getByRole('button', { name: 'Dismiss', exact: true }).first().click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByText('Scheduled maintenance')).toHaveCount(0);
});

test.describe('learning product', () => {
  test.describe.configure({ mode: 'serial' });

  test('an admin of the subscription is sent from the trial page to subscription management with the try-localization flag', async ({ page }) => {
    await page.goto('/trials/localization');
    await fillLogin(page, OLGA, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/external\/subscriptions\/subscriptions\/[^/?]+\?try_localization=true$/);
  });

  test("the access modal's learning-admin button opens the bridge; the non-admin's goes to Rise", async ({ page }) => {
    await dashboardAs(page, OLGA);
    const panel = page.getByRole('region', { name: 'Reach, the learning platform' });
    await panel.getByRole('button', { name: 'Activate Reach' }).click();
    await page.getByRole('dialog', { name: 'Activate Reach for your team' }).getByRole('button', { name: 'Activate Reach' }).click();
    await expect(page.getByRole('region', { name: 'Reach, the learning platform' }).getByText('Reach is active for your team.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Open Reach' }).click();
    await page.getByRole('dialog', { name: 'Add yourself as a Reach admin' }).getByRole('button', { name: 'Add me as Reach admin' }).click();
    const learningAdmin = page.getByRole('dialog', { name: 'You are a Reach admin' });
    await expect(learningAdmin).toBeVisible();
    await shoot(page, 'access-learning-admin');
    await learningAdmin.getByRole('button', { name: 'Open Reach' }).click();
    await expect(page).toHaveURL(/\/external\/bridge\/redirect\?tenant=[^&]+$/);

    const context = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
    const pete = await context.newPage();
    await dashboardAs(pete, PETE);
    await pete.getByRole('region', { name: 'Reach, the learning platform' }).getByRole('button', { name: 'Open Reach' }).click();
    const nonAdmin = pete.getByRole('dialog', { name: 'Reach is not part of your access yet' });
    await expect(nonAdmin).toBeVisible();
    await shoot(pete, 'access-non-admin');
    await nonAdmin.getByRole('button', { name: 'Go to Rise' }).click();
    await expect(pete).toHaveURL(/\/external\/authoring\/?$/);
    await context.close();
  });
});

test("signed out, a template's and a character's content pages show under the content-library header; Sign in comes back to the page", async ({ page }) => {
  await page.goto('/content/template/tpl-code-of-conduct');
  await expect(page.getByRole('heading', { level: 1, name: 'Code of Conduct' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/trials/localization');
  await expect(page.getByRole('button', { name: 'Use this template' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' })).toBeVisible();
  await shoot(page, 'content-template-signed-out');

  await page.goto('/content/character/chr-amara');
  await expect(page.getByRole('heading', { level: 1, name: 'Amara' })).toBeVisible();
  await shoot(page, 'content-character-signed-out');

  // Signing in from the header comes back to the page, now with the signed-in action.
  await page.goto('/content/template/tpl-code-of-conduct');
  await page.getByRole('link', { name: 'Sign in to use this template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await fillLogin(page, ALEX, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Code of Conduct' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use this template' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
});

test('while a template import is on its way, the wait page says so and passes axe', async ({ page }) => {
  await dashboardAs(page, TARA);
  await page.getByRole('button', { name: /Use template/ }).first().click();
  await expect(page).toHaveURL(/\/import-course\/course-/);
  await expect(page.getByText('Your course is loading.')).toBeVisible();
  await shoot(page, 'course-import-wait');
  // Still waiting for the conveyor: no navigation away meanwhile.
  await expect(page).toHaveURL(/\/import-course\/course-/);
});

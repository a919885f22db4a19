import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import {
  expect,
  expectNoAxeViolations,
  itemIdOf,
  openGridAs,
  signInContextOf,
  segmentTable,
  signedInPage,
  stackItemIds,
  test,
  translatePath,
  translatorPage,
  treeFolder,
} from './fixtures.ts';

/**
 * axe-core (WCAG 2.2 A/AA) on the screens and dialogs people use most: 0 violations each. Player frames are left out
 * (they hold someone's course, not this app).
 */

test('the grid, the item view and its dialogs have no axe violations', async ({ page, browser, baseURL }) => {
  await openGridAs(page, 'alex.admin@example.com');
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(page, 'the grid');

  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  const item = await signedInPage(browser, baseURL!, 'sam.staff@example.com', `/review/content/${id}/review`);
  try {
    await expect(item.getByRole('feed', { name: 'Comment threads' })).toBeVisible();
    await expectNoAxeViolations(item, 'the item view');
    await item.getByRole('button', { name: 'Share' }).click();
    await expect(item.getByRole('dialog', { name: /^Share/ })).toBeVisible();
    await expectNoAxeViolations(item, 'the share dialog');
    await item.keyboard.press('Escape');
    await item.getByRole('button', { name: 'Request review', exact: true }).click();
    await expect(item.getByRole('dialog', { name: /review/i })).toBeVisible();
    await expectNoAxeViolations(item, 'the request-review dialog');
    await item.keyboard.press('Escape');
  } finally {
    await item.context().close();
  }
});

test('signed out: the sign-in page and a guest’s e-mail step have no axe violations', async ({ page, browser, baseURL }) => {
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in page');
  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  await page.goto(`/review/content/${id}/review`);
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await expectNoAxeViolations(page, 'the guest e-mail step');
});

test('the translate tab has no axe violations', async ({ browser, baseURL }) => {
  const ids = await stackItemIds(browser, baseURL!, 'Customer service essentials');
  const french = ids.get('Customer service essentials (French)')!;
  const page = await translatorPage(browser, baseURL!, 'vera.validator@example.com', translatePath(french));
  try {
    await segmentTable(page);
    await expectNoAxeViolations(page, 'the translate tab');
  } finally {
    await page.context().close();
  }
});

test('the request-review dialog with recent reviewers, the comment editor with its emoji panel open, and the trash have no axe violations', async ({ browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  const page = await signedInPage(browser, baseURL!, 'alex.admin@example.com', `/review/content/${id}/review`);
  try {
    // Alex asked Ian and Tara before (the seeded review request): they are his recent reviewers.
    await page.getByRole('button', { name: 'Request review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /review/i });
    const recent = dialog.getByRole('button', { name: /^Add Tara Team/ });
    await expect(recent).toBeVisible();
    await expect(recent).not.toHaveAttribute('aria-label');
    await expectNoAxeViolations(page, 'the request-review dialog with recent reviewers');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const box = page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
    await box.click();
    await page.getByRole('group', { name: 'New comment' }).getByRole('button', { name: 'Insert emoji' }).click();
    await expect(page.getByRole('dialog', { name: 'Emoji' })).toBeVisible();
    await expectNoAxeViolations(page, 'the comment editor with its emoji panel open');
    await page.keyboard.press('Escape');

    await page.goto('/review');
    await treeFolder(page, 'Trash').click();
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page, 'the trash');
    await page.getByRole('button', { name: 'Empty trash' }).click();
    const empty = page.getByRole('dialog', { name: 'Empty the trash?' });
    await expect(empty).toBeVisible();
    await expectNoAxeViolations(page, 'the empty-trash dialog');
    await empty.getByRole('button', { name: 'Cancel' }).click();
    await expect(empty).toBeHidden();
  } finally {
    await page.context().close();
  }
});

test('the translate tab’s walkthrough, course-updates popover and view, find bar and version diff have no axe violations', async ({ browser, baseURL }) => {
  const ids = await stackItemIds(browser, baseURL!, SEEDED_TRANSLATIONS.storylineStack);
  const french = ids.get(SEEDED_TRANSLATIONS.storylineFrench)!;

  // The first visit: the walkthrough, then the course-updates popover.
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const first = await context.newPage();
  try {
    await signInContextOf(first, 'vera.validator@example.com');
    await first.goto(translatePath(french));
    await segmentTable(first);
    const tour = first.locator('.assist-walkthrough');
    await expect(tour).toBeVisible();
    await expectNoAxeViolations(first, 'the walkthrough');
    await tour.getByRole('button', { name: 'Skip tour' }).click();
    const popover = first.getByRole('dialog', { name: 'This course was updated' });
    await expect(popover).toBeVisible();
    await expectNoAxeViolations(first, 'the course-updates popover');
  } finally {
    await context.close();
  }

  const page = await translatorPage(browser, baseURL!, 'vera.validator@example.com', translatePath(french));
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await segmentTable(page);
    await page.getByRole('button', { name: 'Find and replace', exact: true }).click();
    const bar = page.getByRole('search', { name: 'Find and replace' });
    await bar.getByRole('textbox', { name: 'Find in segments' }).fill('client');
    await expect(bar.locator('.translation-find__count')).not.toHaveText('');
    await expectNoAxeViolations(page, 'the find and replace bar');
    await bar.getByRole('textbox', { name: 'Find in segments' }).press('Escape');

    await page.getByRole('button', { name: /^Course updates/ }).click();
    await expect(page.locator('.translation-updates-header')).toBeVisible();
    await expectNoAxeViolations(page, 'the course-updates view');
    await page.getByRole('navigation', { name: 'Group navigation' }).getByRole('button', { name: 'Close updates' }).click();

    await page.getByRole('button', { name: 'Compare versions' }).click();
    const diff = page.getByRole('region', { name: 'Version diff' });
    await expect(diff.getByText('Version 2 compared with version 1')).toBeVisible();
    await expectNoAxeViolations(page, 'the version diff');
    await diff.getByRole('region', { name: 'Removed segments' }).getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('dialog', { name: 'Segment removed' })).toBeVisible();
    await expectNoAxeViolations(page, 'the version diff’s detail dialog');
    await page.keyboard.press('Escape');
    await diff.getByRole('button', { name: 'Close comparison' }).click();
  } finally {
    await page.context().close();
  }

});

test('the translation memory report and a segment’s memory hits have no axe violations', async ({ browser, baseURL }) => {
  const ids = await stackItemIds(browser, baseURL!, SEEDED_TRANSLATIONS.storylineStack);
  const reported = ids.get(SEEDED_TRANSLATIONS.memoryReports.completedFor)!;
  const report = await translatorPage(browser, baseURL!, 'vera.validator@example.com', translatePath(reported));
  try {
    await segmentTable(report);
    await report.getByRole('button', { name: 'Translation memory report' }).click();
    const dialog = report.getByRole('dialog', { name: 'Translation memory report' });
    const items = dialog.getByRole('list', { name: 'Segments with memory hits' });
    await expect(items).toBeVisible();
    await expect(items.getByRole('button').first()).not.toHaveAttribute('aria-label');
    await expectNoAxeViolations(report, 'the translation memory report');
    await items.getByRole('button').first().click();
    await expect(dialog.getByRole('heading', { name: 'Memory hits' })).toBeVisible();
    await expectNoAxeViolations(report, 'a segment’s memory hits');
  } finally {
    await report.context().close();
  }
});

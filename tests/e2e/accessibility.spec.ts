import { expect, expectNoAxeViolations, segmentTable, itemIdOf, openGridAs, signedInPage, stackItemIds, test, translatePath, translatorPage } from './fixtures.ts';

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

import { expect, itemCard, openGridAs, test, treeFolder } from './fixtures.ts';

/** A stack card in the grid opens a course of the stack, never the stack's own id (which is no item). */
test('a stack card opens its source course in the item view', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  await treeFolder(page, 'Onboarding').click();
  const card = itemCard(page, 'Onboarding course');
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Onboarding course' }).click();
  await expect(page).toHaveURL(/\/review\/content\/[^/]+\/review\?sourceCourse=true$/);
  await expect(page.getByText('This item has been deleted')).toHaveCount(0);
  // The source course plays (a Rise course: its lessons).
  await expect(page.locator('iframe[title$="(player)"]')).toBeVisible();
  await expect(page.frameLocator('iframe[title$="(player)"]').getByRole('heading', { level: 1 })).toBeVisible();
});

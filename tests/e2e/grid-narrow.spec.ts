/**
 * The item grid on a phone (390 px wide): the items come first and the folder tree waits behind a "Folders" button
 * (review-and-content §2 folder tree sidebar), so that a phone user sees content before the tree.
 */
import { expect, expectNoAxeViolations, signInContextOf, test, treeFolder } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the items come before the folder tree, which opens from the Folders button and folds after a pick', async ({ page }) => {
  await signInContextOf(page, 'alex.admin@example.com');
  await page.goto('/review');
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('article').first()).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Folders' });
  await expect(tree).toBeHidden();
  // The first card starts within the first screen.
  const box = await items.getByRole('article').first().boundingBox();
  expect(box!.y).toBeLessThan(844);

  const toggle = page.getByRole('button', { name: 'Folders' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(tree).toBeVisible();
  await expectNoAxeViolations(page, 'grid at 390 px with the folders open');
  await treeFolder(page, 'Team Library').click();
  await expect(page).toHaveURL(/\/review\/folder\/\d+$/);
  await expect(tree).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText('Team Library')).toBeVisible();
});

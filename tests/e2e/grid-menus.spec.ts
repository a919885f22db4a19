/**
 * The grid's item menu (review-and-content §6 item menu): "Download" on a ready video saves the video file, offered to
 * those whose role views items; not on other products.
 */
import { expect, itemCard, openGridAs, test, treeFolder } from './fixtures.ts';

test('Download in a video card’s menu saves the video, named after its title; other products have no Download', async ({ page }) => {
  await openGridAs(page, 'nick.nonadmin@example.com');
  await treeFolder(page, 'Team Library').click();
  const video = itemCard(page, 'All-hands recording March');
  await video.getByRole('button', { name: 'Actions for All-hands recording March' }).click();
  const downloaded = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe('All-hands recording March.webm');
  expect(await file.failure()).toBeNull();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/download/i)).toHaveCount(0);

  // Nick views this folder: a course offers him nothing (no Download either), so its card has no menu.
  await expect(itemCard(page, 'Style guide').getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
});

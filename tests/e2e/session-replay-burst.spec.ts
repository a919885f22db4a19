/**
 * A burst session recorded in Chromium through the real UI against the real service: folders created back to back (each
 * dialog opened again while the last one's create and close delay may still be running) and comments posted back to
 * back (the next typed while the last is saved), so timers, answers and pushes overlap; downloaded from the account
 * menu and replayed headless with 0 divergences.
 */
import type { Page } from '@playwright/test';
import { expect, itemCard, openGridAs, test, treeFolder, uniqueName } from './fixtures.ts';
import { downloadAndReplay } from './replaySupport.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-burst' } });

const ALEX = 'alex.admin@example.com';

const commentBox = (page: Page) => page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });

test('a burst of folders and comments replays with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const names = Array.from({ length: 8 }, () => uniqueName('Burst'));
  for (const name of names) {
    await page.getByRole('group', { name: 'Folder actions' }).getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'Name' }).press('Enter');
  }
  for (const name of names) await expect(treeFolder(page, name)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search content' }).fill('Style guide');
  await itemCard(page, 'Style guide').getByRole('link', { name: 'Style guide' }).click();
  const texts = Array.from({ length: 8 }, () => uniqueName('Burst comment'));
  await commentBox(page).click();
  for (const text of texts) {
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  const feed = page.getByRole('feed', { name: 'Comment threads' });
  for (const text of texts) await expect(feed.getByRole('article').filter({ hasText: text })).toBeVisible();

  await downloadAndReplay(page);
});

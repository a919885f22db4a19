/**
 * What a user does often in the end-to-end tests, done as they do it: the grid's New folder dialog, an HTML5 drag
 * with the mouse, opening an item from the grid's search, and the header's Share dialog.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, itemCard, treeFolder } from './fixtures.ts';

/** Creates a folder in the folder shown, with the action bar's New folder dialog; waits for it in the tree. */
export async function createFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('group', { name: 'Folder actions' }).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create).toBeHidden();
  await expect(treeFolder(page, name)).toBeVisible();
}

/**
 * An HTML5 drag with the mouse: press on `source`, move a little (the browser starts the drag), then over
 * `target` and release. Playwright's dragTo jumps straight to the target, and Chromium then sometimes never
 * starts the drag.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const box = await source.boundingBox();
  if (!box) throw new Error('dragOnto: the source is not on screen');
  await source.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  await target.hover();
  await page.mouse.up();
}

/** Finds an item with the grid's search and opens it from its card. */
export async function openFromSearch(page: Page, title: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search content' }).fill(title);
  // The search's results replace the folder's cards: click a card of the results, not one about to be replaced.
  await expect(page.getByRole('heading', { name: `for “${title}”` })).toBeVisible();
  await itemCard(page, title).getByRole('link', { name: title }).click();
  // The item view's own title (the grid's result count and card titles are headings too).
  await expect(page.getByRole('heading', { name: title, exact: true, level: 1 })).toBeVisible();
}

/** The header's Share → the share dialog, once the people are read. */
export async function openShareDialog(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading who has access…')).toHaveCount(0);
  return dialog;
}

/**
 * A folders-and-grid session recorded in Chromium through the real UI against the real service (create, rename,
 * move through the Move to folder dialog, trash, restore from the trash, an item dragged onto a folder), downloaded
 * from the account menu and replayed headless with 0 divergences. A server of its own: the seeded items it moves
 * are this file's alone.
 */
import type { Page } from '@playwright/test';
import { expect, itemCard, openGridAs, test, treeFolder, uniqueName } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { createFolder, dragOnto } from './userActions.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-folders' } });

const ALEX = 'alex.admin@example.com';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const subfolders = (page: Page) => page.getByRole('region', { name: 'Folders' });

test('a folders session (create, rename, move, trash, restore, drag onto a folder) replays with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const first = uniqueName('Plans');
  const second = uniqueName('Inbox');
  await createFolder(page, first);
  await createFolder(page, second);

  // Rename from the sidebar's folder menu.
  await treeFolder(page, first).click({ button: 'right' });
  await page.getByRole('menu', { name: `Actions for ${first}` }).getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  const renamed = uniqueName('Roadmap');
  await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(treeFolder(page, renamed)).toBeVisible();

  // An item moved through the Move to folder dialog.
  const moved = 'Welcome to the team';
  await itemCard(page, moved).getByRole('button', { name: `Actions for ${moved}` }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  const move = page.getByRole('dialog', { name: `Move “${moved}”` });
  await move.getByRole('tree', { name: 'Destination folders' }).getByRole('treeitem', { name: renamed }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(toasts(page).getByText(`“${moved}” moved to ${renamed}.`)).toBeVisible();
  await expect(itemCard(page, moved)).toHaveCount(0);

  // Another dragged onto the second folder in the sidebar (both lists in first, so nothing shifts under the pointer).
  const dragged = 'Quarterly results recap';
  await expect(subfolders(page).getByRole('link', { name: second, exact: true })).toBeVisible();
  await expect(itemCard(page, dragged)).toBeVisible();
  await dragOnto(page, itemCard(page, dragged), treeFolder(page, second));
  await expect(toasts(page).getByText(`“${dragged}” moved to ${second}.`)).toBeVisible();
  await expect(itemCard(page, dragged)).toHaveCount(0);

  // The renamed folder (with the moved item) to the trash; an item to the trash, then restored from it.
  await subfolders(page).getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menu', { name: `Actions for ${renamed}` }).getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move to trash?' });
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  await expect(toasts(page).getByText(`“${renamed}” moved to the trash.`)).toBeVisible();
  const trashed = 'Sales pitch practice';
  await itemCard(page, trashed).getByRole('button', { name: `Actions for ${trashed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Move to trash' }).click();
  await expect(toasts(page).getByText(`“${trashed}” moved to the trash.`)).toBeVisible();
  await expect(itemCard(page, trashed)).toHaveCount(0);
  await treeFolder(page, 'Trash').click();
  await itemCard(page, trashed).getByRole('button', { name: `Actions for ${trashed}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from trash' }).click();
  await expect(toasts(page).getByText(`“${trashed}” restored.`, { exact: true })).toBeVisible();
  await treeFolder(page, 'Private content').click();
  await expect(itemCard(page, trashed)).toBeVisible();

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  if (process.env.REPLAY_TYPES) console.log([...new Set(types)].join(' '));
  for (const type of ['folder.create', 'folder.rename', 'grid.move', 'drag.drop', 'folder.bulkArchive', 'grid.trash', 'grid.restore']) expect(types).toContain(type);
});

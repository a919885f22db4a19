/**
 * The item grid end to end (issue 4 "Done when"): folders created, renamed and nested to the depth limit,
 * moves valid and refused, trash and restore, delete forever and empty trash, drag and drop, live changes
 * between two people, search, the product filter and pagination. Everything a test changes it creates itself
 * (unique names), so tests sharing a worker's server never depend on each other.
 */
import type { Page } from '@playwright/test';
import { expect, itemCard, openGridAs, test, treeFolder, uniqueName, withContentApi, type ContentApi } from './fixtures.ts';
import { dragOnto } from './userActions.ts';

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';

const actionBar = (page: Page) => page.getByRole('group', { name: 'Folder actions' });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const subfolders = (page: Page) => page.getByRole('region', { name: 'Folders' });

/** A copy of one of the signed-in user's seeded items, under a unique title, moved into `folderId` when given. */
async function copyOfSeedItem(api: ContentApi, seedTitle: string, title: string, folderId?: number) {
  const found = await api.request('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: seedTitle, product: 'all' });
  const original = found.items.find((candidate) => candidate.title === seedTitle);
  if (!original) throw new Error(`no seeded item "${seedTitle}"`);
  const copy = (await api.request('item.duplicate', { id: original.id, title })).item;
  return folderId === undefined ? copy : (await api.request('item.update', { id: copy.id, folderId })).item;
}

/** Opens the folder menu of a folder in the sidebar (the row's context menu) and returns the menu. */
async function sidebarFolderMenu(page: Page, name: string) {
  await treeFolder(page, name).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await expect(menu).toBeVisible();
  return menu;
}

test('a folder is created, renamed, and a duplicate or over-long name is refused', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const name = uniqueName('Plans');

  await actionBar(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await expect(create.getByRole('button', { name: 'Create folder' })).toBeDisabled();
  await create.getByRole('textbox', { name: 'Name' }).fill(name);
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create).toBeHidden();
  await expect(treeFolder(page, name)).toBeVisible();

  await treeFolder(page, name).click();
  await expect(breadcrumbs(page).getByText(name, { exact: true })).toHaveAttribute('aria-current', 'page');

  // Rename from the folder menu: a sibling's name in other letter case and a 256-character name are refused.
  await (await sidebarFolderMenu(page, name)).getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  const field = rename.getByRole('textbox', { name: 'Name' });
  await expect(field).toHaveValue(name);
  await field.fill('dRaFtS');
  await expect(rename.getByText('That name is already taken here. Choose another.')).toBeVisible();
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await field.fill('x'.repeat(256));
  await expect(rename.getByText('Name must be 255 characters or fewer.')).toBeVisible();
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();

  const renamed = uniqueName('Roadmap');
  await field.fill(renamed);
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeEnabled();
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(treeFolder(page, renamed)).toBeVisible();
  await expect(treeFolder(page, name)).toHaveCount(0);
  await expect(breadcrumbs(page).getByText(renamed, { exact: true })).toHaveAttribute('aria-current', 'page');

  // The server kept it.
  await page.reload();
  await expect(treeFolder(page, renamed)).toBeVisible();
});

test('folders nest to depth 7 and an eighth level is refused', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  // The seeded chain is five deep: Drafts › Q3 ideas › Workshops › Round two › Final cuts.
  for (const name of ['Drafts', 'Q3 ideas', 'Workshops', 'Round two', 'Final cuts']) {
    await subfolders(page).getByRole('link', { name, exact: true }).click();
    await expect(breadcrumbs(page).getByText(name, { exact: true })).toHaveAttribute('aria-current', 'page');
  }

  // Depth 6 from the action bar.
  const sixth = uniqueName('Level six');
  await actionBar(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByRole('textbox', { name: 'Name' }).fill(sixth);
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create).toBeHidden();

  // Depth 7 from the folder menu of the depth-6 folder's tile.
  const seventh = uniqueName('Level seven');
  await subfolders(page).getByRole('button', { name: `Actions for ${sixth}` }).click();
  await page.getByRole('menu', { name: `Actions for ${sixth}` }).getByRole('menuitem', { name: 'New subfolder' }).click();
  await create.getByRole('textbox', { name: 'Name' }).fill(seventh);
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create).toBeHidden();

  await subfolders(page).getByRole('link', { name: sixth, exact: true }).click();
  await subfolders(page).getByRole('link', { name: seventh, exact: true }).click();
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Private content', 'Drafts', 'Q3 ideas', 'Workshops', 'Round two', 'Final cuts', sixth, seventh]);

  // At depth 7: "New folder" is unavailable and says why; the folder menu offers no new subfolder.
  const newFolder = actionBar(page).getByRole('button', { name: 'New folder' });
  await expect(newFolder).toBeDisabled();
  await expect(newFolder).toHaveAccessibleDescription('Folders can be nested at most 7 levels deep.');
  // The reason is reachable by keyboard: focused, the button stays a Tab stop and its tooltip shows.
  await newFolder.focus();
  await expect(newFolder).toBeFocused();
  await expect(page.getByRole('tooltip').filter({ hasText: 'Folders can be nested at most 7 levels deep.' })).toBeVisible();
  await newFolder.click({ force: true });
  const menu = await sidebarFolderMenu(page, seventh);
  await expect(menu.getByRole('menuitem')).toHaveText(['Rename', 'Move to folder', 'Share with the team', 'Delete']);
  await expect(create).toBeHidden();

  // Asked directly, the server refuses an eighth level on its own.
  const answer = await withContentApi(page, async (api) => {
    const { folders } = await api.request('folder.fetch', {});
    const parentId = folders.find((folder) => folder.name === seventh)!.id;
    return api.request('folder.insert', { name: uniqueName('Level eight'), parentId, clientRef: 'e2e-eighth' }).then(
      () => 'created',
      (error: Error) => error.message,
    );
  });
  expect(answer).toContain('tooDeep');
});

test('an item moves to another folder; a folder cannot move into its own subfolder', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const { parent, child, item } = await withContentApi(page, async (api) => {
    const parent = (await api.request('folder.insert', { name: uniqueName('Archive'), parentId: 'PRIVATE_CONTENT', clientRef: 'e2e-parent' })).folder;
    const child = (await api.request('folder.insert', { name: uniqueName('Older'), parentId: parent.id, clientRef: 'e2e-child' })).folder;
    return { parent, child, item: await copyOfSeedItem(api, 'Welcome to the team', uniqueName('Report')) };
  });

  // A valid move through the move dialog.
  await expect(itemCard(page, item.title)).toBeVisible();
  await itemCard(page, item.title).getByRole('button', { name: `Actions for ${item.title}` }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  const move = page.getByRole('dialog', { name: `Move “${item.title}”` });
  const destinations = move.getByRole('tree', { name: 'Destination folders' });
  await expect(destinations.getByRole('treeitem', { name: 'Private content' })).toBeDisabled();
  await expect(destinations.getByRole('treeitem', { name: 'Private content' })).toHaveAccessibleDescription('It is already in this folder.');
  // A valid folder under a refused one is not disabled.
  await expect(destinations.getByRole('treeitem', { name: parent.name })).toBeEnabled();
  await destinations.getByRole('treeitem', { name: parent.name }).click();
  await expect(move.getByText(`Moving to ${parent.name}`)).toBeVisible();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(toasts(page).getByText(`“${item.title}” moved to ${parent.name}.`)).toBeVisible();
  await expect(itemCard(page, item.title)).toHaveCount(0);
  await treeFolder(page, parent.name).click();
  await expect(itemCard(page, item.title)).toBeVisible();

  // A folder into its own subfolder: refused in the dialog with the reason, and nothing changes.
  await (await sidebarFolderMenu(page, parent.name)).getByRole('menuitem', { name: 'Move to folder' }).click();
  const moveFolder = page.getByRole('dialog', { name: `Move “${parent.name}”` });
  const tree = moveFolder.getByRole('tree', { name: 'Destination folders' });
  await expect(tree.getByRole('treeitem', { name: parent.name })).toHaveAccessibleDescription('A folder cannot go inside itself.');
  await tree.getByRole('treeitem', { name: parent.name }).press('ArrowRight');
  const descendant = tree.getByRole('treeitem', { name: child.name });
  await expect(descendant).toBeDisabled();
  await expect(descendant).toHaveAccessibleDescription('A folder cannot go inside one of its own subfolders.');
  await descendant.click({ force: true });
  await expect(moveFolder.getByText('No folder picked yet.')).toBeVisible();
  await expect(moveFolder.getByRole('button', { name: 'Move here' })).toBeDisabled();
  await moveFolder.getByRole('button', { name: 'Cancel' }).click();
  await expect(moveFolder).toBeHidden();
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Private content', parent.name]);
  await expect(subfolders(page).getByRole('link', { name: child.name, exact: true })).toBeVisible();
  await page.reload();
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Private content', parent.name]);
  await expect(subfolders(page).getByRole('link', { name: child.name, exact: true })).toBeVisible();
});

test('trash an item, then its folder; the item restores to private content', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const { folder, item } = await withContentApi(page, async (api) => {
    const folder = (await api.request('folder.insert', { name: uniqueName('Retired'), parentId: 'PRIVATE_CONTENT', clientRef: 'e2e-trash' })).folder;
    return { folder, item: await copyOfSeedItem(api, 'Welcome to the team', uniqueName('Old course'), folder.id) };
  });

  await treeFolder(page, folder.name).click();
  await itemCard(page, item.title).getByRole('button', { name: `Actions for ${item.title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const trashItem = page.getByRole('dialog', { name: 'Move to trash?' });
  await trashItem.getByRole('button', { name: 'Move to trash' }).click();
  await expect(trashItem).toBeHidden();
  await expect(toasts(page).getByText(`“${item.title}” moved to the trash.`)).toBeVisible();
  await expect(itemCard(page, item.title)).toHaveCount(0);

  // Now the folder it was in, from its parent.
  await treeFolder(page, 'Private content').click();
  await subfolders(page).getByRole('button', { name: `Actions for ${folder.name}` }).click();
  await page.getByRole('menu', { name: `Actions for ${folder.name}` }).getByRole('menuitem', { name: 'Delete' }).click();
  const trashFolder = page.getByRole('dialog', { name: 'Move to trash?' });
  await expect(trashFolder.getByText('Folders take their subfolders and items with them.')).toBeVisible();
  await trashFolder.getByRole('button', { name: 'Move to trash' }).click();
  await expect(toasts(page).getByText(`“${folder.name}” moved to the trash.`)).toBeVisible();
  const trash = page.getByRole('tree', { name: 'Folders' }).getByRole('group', { name: 'Trash' });
  await expect(trash.getByRole('treeitem', { name: folder.name, exact: true })).toBeVisible();

  // Restored from the trash, the item cannot go back into a trashed folder: it lands in private content.
  await treeFolder(page, 'Trash').click();
  await itemCard(page, item.title).getByRole('button', { name: `Actions for ${item.title}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from trash' }).click();
  await expect(toasts(page).getByText(`“${item.title}” restored.`, { exact: true })).toBeVisible();
  await expect(itemCard(page, item.title)).toHaveCount(0);
  await treeFolder(page, 'Private content').click();
  await expect(itemCard(page, item.title)).toBeVisible();
  await expect(trash.getByRole('treeitem', { name: folder.name, exact: true })).toBeVisible();
});

test('a trashed item is deleted forever, then the trash is emptied', async ({ page }) => {
  // Tara's trash: no other test empties it.
  await openGridAs(page, TARA, '/review/folder/DELETED');
  const { first, second, folder } = await withContentApi(page, async (api) => {
    const first = await copyOfSeedItem(api, 'Screen recording test', uniqueName('Scrap take'));
    const second = await copyOfSeedItem(api, 'Quiz prototype', uniqueName('Scrap quiz'));
    await api.request('item.update', { id: first.id, archived: true });
    await api.request('item.update', { id: second.id, archived: true });
    const folder = (await api.request('folder.insert', { name: uniqueName('Scrap folder'), parentId: 'PRIVATE_CONTENT', clientRef: 'e2e-scrap' })).folder;
    await api.request('folder.destroy', { id: folder.id });
    return { first, second, folder };
  });
  await page.reload();

  await itemCard(page, first.title).getByRole('button', { name: `Actions for ${first.title}` }).click();
  await expect(page.getByRole('menu', { name: `Actions for ${first.title}` }).getByRole('menuitem')).toHaveText(['Remove from trash', 'Delete forever']);
  await page.getByRole('menuitem', { name: 'Delete forever' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete forever?' });
  await expect(confirmDelete.getByText(`“${first.title}” will be deleted forever`)).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'Delete forever' }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(itemCard(page, first.title)).toHaveCount(0);
  await expect(itemCard(page, second.title)).toBeVisible();
  await expect(treeFolder(page, folder.name)).toBeVisible();

  await actionBar(page).getByRole('button', { name: 'Empty trash' }).click();
  const confirmEmpty = page.getByRole('dialog', { name: 'Empty the trash?' });
  await confirmEmpty.getByRole('button', { name: 'Empty trash' }).click();
  await expect(confirmEmpty).toBeHidden();
  await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toHaveCount(0);
  await expect(treeFolder(page, folder.name)).toHaveCount(0);

  // Gone for good, not just from the screen.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The trash is empty' })).toBeVisible();
  await treeFolder(page, 'Private content').click();
  await expect(page.getByRole('list', { name: 'Items' })).toBeVisible();
  await expect(itemCard(page, first.title)).toHaveCount(0);
  await expect(itemCard(page, second.title)).toHaveCount(0);
});

test('an item dragged onto a folder in the sidebar moves there', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const { folder, item } = await withContentApi(page, async (api) => {
    const folder = (await api.request('folder.insert', { name: uniqueName('Inbox'), parentId: 'PRIVATE_CONTENT', clientRef: 'e2e-drop' })).folder;
    return { folder, item: await copyOfSeedItem(api, 'Welcome to the team', uniqueName('Dragged course')) };
  });
  await page.reload();
  // Both lists in: the subfolder tiles arriving after the cards would shift the card under the pointer.
  await expect(subfolders(page).getByRole('link', { name: folder.name, exact: true })).toBeVisible();
  await expect(itemCard(page, item.title)).toBeVisible();

  await dragOnto(page, itemCard(page, item.title), treeFolder(page, folder.name));
  await expect(toasts(page).getByText(`“${item.title}” moved to ${folder.name}.`)).toBeVisible();
  await expect(itemCard(page, item.title)).toHaveCount(0);
  await treeFolder(page, folder.name).click();
  await expect(itemCard(page, item.title)).toBeVisible();
});

test('live: what Alex changes in Team Library appears for Tara without a reload', async ({ page, browser, baseURL }) => {
  await openGridAs(page, ALEX);
  await treeFolder(page, 'Team Library').click();
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Shared content', 'Team Library']);
  // Alex's copy of a Team Library item, so that renaming it changes nothing another test looks at.
  const item = await withContentApi(page, (api) => copyOfSeedItem(api, 'Tools overview', uniqueName('Live course')));

  const taraContext = await browser.newContext({ baseURL });
  try {
    const tara = await taraContext.newPage();
    await openGridAs(tara, TARA);
    await treeFolder(tara, 'Team Library').click();
    await expect(itemCard(tara, item.title)).toBeVisible();

    // A new folder.
    const name = uniqueName('Live folder');
    await actionBar(page).getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('button', { name: 'Create folder' }).click();
    await expect(subfolders(tara).getByRole('link', { name, exact: true })).toBeVisible();

    // An item renamed.
    const renamed = uniqueName('Renamed live course');
    await itemCard(page, item.title).getByRole('button', { name: `Actions for ${item.title}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename item' });
    await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(itemCard(tara, renamed)).toBeVisible();
    await expect(itemCard(tara, item.title)).toHaveCount(0);
  } finally {
    await taraContext.close();
  }
});

test('search, the product filter and pagination', async ({ page }) => {
  await openGridAs(page, ALEX);
  const tree = page.getByRole('tree', { name: 'Folders' });
  const search = page.getByRole('searchbox', { name: 'Search content' });

  // Search: matching folders and items, the sidebar hidden; Escape clears it all.
  await search.fill('acme');
  await expect(page.getByRole('heading', { name: '2 results for “acme”' })).toBeVisible();
  await expect(tree).toBeHidden();
  await expect(page.getByRole('link', { name: 'Acme Corp', exact: true })).toBeVisible();
  const results = page.getByRole('list', { name: 'Items' });
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('article', { name: 'Acme Corp kickoff' })).toContainText('In Acme Corp');
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(tree).toBeVisible();
  await expect(page.getByRole('heading', { name: /results for/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('article')).toHaveCount(16);

  // The product filter narrows the grid.
  await treeFolder(page, 'Private content').click();
  await expect(itemCard(page, 'Welcome to the team')).toBeVisible();
  await page.getByRole('combobox', { name: 'Format' }).selectOption('Video');
  await expect(itemCard(page, 'Product demo walkthrough')).toBeVisible();
  await expect(itemCard(page, 'Sales pitch practice')).toBeVisible();
  await expect(itemCard(page, 'Welcome to the team')).toHaveCount(0);
  await expect(itemCard(page, 'Quarterly results recap')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Format' }).selectOption('All Formats');
  await expect(itemCard(page, 'Welcome to the team')).toBeVisible();

  // Pagination over all content (about 60 items, 16 a page).
  await treeFolder(page, 'All content').click();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  const numbers = (await pages.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).map(Number);
  const last = Math.max(...numbers);
  expect(last).toBeGreaterThan(2);
  const firstPage = await page.getByRole('list', { name: 'Items' }).getByRole('heading').allTextContents();

  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/review\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('article')).toHaveCount(16);
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('heading').first()).not.toHaveText(firstPage[0]!);

  await page.goto('/review?page=999');
  await expect(page).toHaveURL(new RegExp(`/review\\?page=${last}$`));
  await expect(pages.getByRole('link', { name: `Page ${last}` })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Next page' })).toHaveCount(0);

  await page.goto('/review?page=abc');
  await expect(page).toHaveURL(/\/review$/);
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});

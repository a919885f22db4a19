/**
 * Each folder role sees exactly its actions (issue 4 "Done when"; spec §6, domain/folderMenu.ts and
 * domain/folderRoles.ts `itemMenu`). In the seeded Team Library Nick is a viewer, Tara an editor, Sam a
 * manager and Alex the owner; roles reach the subfolder Onboarding by inheritance. The grid offers only the
 * item entries of this issue (rename, duplicate, move, delete; share, uploads, LMS and download come later).
 * These tests only look, so they share the seed with every other test.
 */
import type { Page } from '@playwright/test';
import { expect, itemCard, openGridAs, test, treeFolder } from './fixtures.ts';

interface RoleCase {
  role: string;
  email: string;
  /** The folder menu of Onboarding (a live shared folder at depth 2). */
  folderMenu: string[];
  /** An item in Team Library that someone else owns, its owner, and its menu (none: no menu button at all). */
  item: string;
  itemOwner: string;
  itemMenu: string[];
  /** "New folder" in Team Library's action bar (createSubfolder). */
  canCreateSubfolder: boolean;
}

const CASES: RoleCase[] = [
  // Viewer: view folder, view permissions, view item — the shared-folder settings, read-only.
  { role: 'viewer', email: 'nick.nonadmin@example.com', folderMenu: ['Shared folder settings'], item: 'Team handbook', itemOwner: 'Alex Admin', itemMenu: [], canCreateSubfolder: false },
  // Editor adds create subfolder, rename folder, create item (duplicate), edit item metadata (rename).
  {
    role: 'editor',
    email: 'tara.team@example.com',
    folderMenu: ['New subfolder', 'Rename', 'Shared folder settings'],
    item: 'Team handbook',
    itemOwner: 'Alex Admin',
    itemMenu: ['Rename', 'Share settings', 'Duplicate'],
    canCreateSubfolder: true,
  },
  // Manager adds move folder and move item (and changing permissions, inside the settings).
  {
    role: 'manager',
    email: 'sam.staff@example.com',
    folderMenu: ['New subfolder', 'Rename', 'Move to folder', 'Shared folder settings'],
    item: 'Team handbook',
    itemOwner: 'Alex Admin',
    itemMenu: ['Rename', 'Share settings', 'Duplicate', 'Move to folder'],
    canCreateSubfolder: true,
  },
  // Owner adds delete folder and delete item.
  {
    role: 'owner',
    email: 'alex.admin@example.com',
    folderMenu: ['New subfolder', 'Rename', 'Move to folder', 'Shared folder settings', 'Delete'],
    item: 'Style guide',
    itemOwner: 'Sam Staff',
    itemMenu: ['Rename', 'Share settings', 'Upload new version', 'Duplicate', 'Move to folder', 'Delete'],
    canCreateSubfolder: true,
  },
];

async function openTeamLibrary(page: Page, email: string) {
  await openGridAs(page, email);
  await treeFolder(page, 'Team Library').click();
  await expect(page.getByRole('navigation', { name: 'Folder path' }).getByRole('listitem')).toHaveText(['Shared content', 'Team Library']);
}

for (const c of CASES) {
  test(`a folder ${c.role} sees exactly the ${c.role}'s actions`, async ({ page }) => {
    await openTeamLibrary(page, c.email);

    const folders = page.getByRole('region', { name: 'Folders' });
    await folders.getByRole('button', { name: 'Actions for Onboarding' }).click();
    await expect(page.getByRole('menu', { name: 'Actions for Onboarding' }).getByRole('menuitem')).toHaveText(c.folderMenu);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Actions for Onboarding' })).toBeHidden();

    const card = itemCard(page, c.item);
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Owner: ${c.itemOwner}`);
    const menuButton = card.getByRole('button', { name: `Actions for ${c.item}` });
    if (c.itemMenu.length === 0) {
      await expect(menuButton).toHaveCount(0);
    } else {
      await menuButton.click();
      await expect(page.getByRole('menu', { name: `Actions for ${c.item}` }).getByRole('menuitem')).toHaveText(c.itemMenu);
      await page.keyboard.press('Escape');
    }

    const newFolder = page.getByRole('group', { name: 'Folder actions' }).getByRole('button', { name: 'New folder' });
    if (c.canCreateSubfolder) await expect(newFolder).toBeEnabled();
    else await expect(newFolder).toHaveCount(0);
  });
}

/**
 * The grid's item menu (review-and-content §6 item menu): "Download" on a ready video saves the video file, offered to
 * those whose role views items; not on other products. Moving a private folder into a team folder (§4).
 */
import { expect, expectNoAxeViolations, itemCard, openGridAs, test, treeFolder, uniqueName, withContentApi } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

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

test('moving a private folder into a team folder goes through the shared-folder settings (§4), not a plain confirmation', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com', '/review/folder/PRIVATE_CONTENT');
  const folder = await withContentApi(page, async (api) => (await api.request('folder.insert', { name: uniqueName('Handover'), parentId: 'PRIVATE_CONTENT', clientRef: 'e2e-handover' })).folder);
  const moveTo = async () => {
    await treeFolder(page, folder.name).click({ button: 'right' });
    await page.getByRole('menu', { name: `Actions for ${folder.name}` }).getByRole('menuitem', { name: 'Move to folder' }).click();
    const move = page.getByRole('dialog', { name: `Move “${folder.name}”` });
    await move.getByRole('tree', { name: 'Destination folders' }).getByRole('treeitem', { name: 'Team Library' }).click();
    await move.getByRole('button', { name: 'Move here' }).click();
    await expect(move).toBeHidden();
    const settings = page.getByRole('dialog', { name: 'Shared folder settings' });
    await expect(settings).toBeVisible();
    return settings;
  };

  // The settings show who will have access there; Cancel leaves the folder private.
  let settings = await moveTo();
  await expect(page.getByRole('dialog', { name: 'Move to a shared folder?' })).toHaveCount(0);
  await expect(settings.getByText(`Moving “${folder.name}” into “Team Library” shares it with these people and groups, with the roles they have there.`)).toBeVisible();
  await expect(settings.getByText('Nick Nonadmin')).toBeVisible();
  await expectNoAxeViolations(page, 'shared-folder settings of a move');
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('tree', { name: 'Folders' }).getByRole('group', { name: 'Private content' }).getByRole('treeitem', { name: folder.name })).toBeVisible();

  // Move and share moves it, and no second dialog follows.
  settings = await moveTo();
  await settings.getByRole('button', { name: 'Move and share' }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`“${folder.name}” moved to Team Library.`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await treeFolder(page, 'Team Library').click();
  await expect(page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: folder.name })).toBeVisible();
  // Leave the shared library as it was for the other tests of this server.
  await withContentApi(page, (api) => api.request('folder.bulkArchive', { ids: [folder.id] }));
});

test('shared-folder settings: an unsaved change asks to leave or stay; a save closes the dialog and the person has access', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  const folder = await withContentApi(page, async (api) => (await api.request('folder.insert', { name: uniqueName('Access'), parentId: 'SHARED_CONTENT', clientRef: 'e2e-access' })).folder);
  const openSettings = async () => {
    await treeFolder(page, folder.name).click({ button: 'right' });
    await page.getByRole('menu', { name: `Actions for ${folder.name}` }).getByRole('menuitem', { name: 'Shared folder settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Shared folder settings' });
    await expect(settings.getByRole('heading', { name: 'Members and groups' })).toBeVisible();
    return settings;
  };

  let settings = await openSettings();
  const add = settings.getByLabel('Add a team member or group');
  await add.selectOption({ label: 'Nick Nonadmin (nick.nonadmin@example.com)' });
  await settings.getByRole('button', { name: 'Add' }).click();
  await expect(settings.getByLabel('Role of Nick Nonadmin')).toHaveValue('editor');

  // Cancel with the change unsaved asks first; keeping on editing keeps the change.
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.getByText('Leave without saving?')).toBeVisible();
  await expectNoAxeViolations(page, 'shared-folder settings asking to leave');
  await page.screenshot({ path: test.info().outputPath('settings-leave.png') });
  await settings.getByRole('button', { name: 'Keep editing' }).click();
  await expect(settings.getByText('Leave without saving?')).toHaveCount(0);
  await expect(settings.getByLabel('Role of Nick Nonadmin')).toBeVisible();
  // Leaving drops it: opened again, Nick is not there.
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await settings.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(settings).toBeHidden();
  settings = await openSettings();
  await expect(settings.getByLabel('Role of Nick Nonadmin')).toHaveCount(0);

  // Saved: the dialog closes by itself, and the next opening lists Nick as an editor.
  await settings.getByLabel('Add a team member or group').selectOption({ label: 'Nick Nonadmin (nick.nonadmin@example.com)' });
  await settings.getByRole('button', { name: 'Add' }).click();
  await settings.getByLabel('Role of Nick Nonadmin').selectOption('viewer');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  settings = await openSettings();
  await expect(settings.getByLabel('Role of Nick Nonadmin')).toHaveValue('viewer');
  // Nothing changed: Cancel closes at once.
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings).toBeHidden();
  // The session, leave question and all, replays with no divergence.
  const types = eventTypes((await downloadAndReplay(page)).log);
  for (const type of ['folderSettings.addPrincipal', 'folderSettings.requestClose', 'folderSettings.stay', 'folderSettings.leave', 'folderSettings.setRole', 'folderSettings.save']) expect(types).toContain(type);
  await withContentApi(page, (api) => api.request('folder.bulkArchive', { ids: [folder.id] }));
});

import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { buildStoryFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, expect, itemCard, itemIdOf, openGridAs, signedInPage, test, treeFolder, uniqueName, withContentApi, type TestFile } from './fixtures.ts';

const ALEX = 'alex.admin@example.com';
const SAM = 'sam.staff@example.com';
const TARA = 'tara.team@example.com';
const IAN = 'ian.individual@example.com';

/** The review tab of an item. */
function itemPath(itemId: string, query = ''): string {
  return `/review/content/${itemId}/review${query}`;
}


function storyFile(title: string, slides: number, name = `${title}.zip`): TestFile {
  const bytes = buildStoryFixture({ title, slides: Array.from({ length: slides }, (_, index) => ({ id: `s${index + 1}`, title: `Slide ${index + 1}`, sceneIndex: 0 })) });
  return { name, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

/** 'Upload new version' from the item's card menu in the grid shown on `page`, waiting for the upload to finish. */
async function uploadNewVersion(page: Page, title: string, file: TestFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await itemCard(page, title).getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Upload new version' }).click();
  await (await chooser).setFiles([file]);
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
}

test('a password-protected item asks someone outside its folder for the password until it is right', async ({ browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, ALEX, 'Data privacy basics');
  const page = await signedInPage(browser, baseURL!, IAN, itemPath(id));
  try {
    const prompt = page.getByRole('dialog', { name: 'This item is password protected' });
    await expect(prompt).toBeVisible();
    // Undismissable: Escape leaves it open.
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await expect(page.getByTitle('Data privacy basics (player)')).toHaveCount(0);

    await prompt.getByLabel('Password').fill('let-me-in');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await expect(prompt).toContainText('That password isn’t right. Check it and try again.');
    await expect(prompt).toBeVisible();

    await prompt.getByLabel('Password').fill('letmein');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Data privacy basics' })).toBeVisible();
    const player = page.frameLocator('iframe[title="Data privacy basics (player)"]');
    await expect(player.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(player.getByText(/^Player ready: \d+ slides$/)).toBeVisible();
    // Through its link only: nothing is offered that the service would refuse — no Share (who has access is not
    // theirs to read) and no project backup (given only to those who may open the item without its password).
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
    // The backup is the export menu's only entry for a Storyline item, so there is no menu at all.
    await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('the item view shows access denied, failed processing and processing', async ({ page, browser, baseURL }) => {
  await openGridAs(page, ALEX);
  const ids = await withContentApi(page, async (api) => {
    const found: Record<string, string> = {};
    for (const title of ['Workplace safety', 'Objection handling', 'IT setup guide']) {
      const { items } = await api.request('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: title, product: 'all' });
      found[title] = items.find((item) => item.title === title)!.id;
    }
    return found;
  });

  // IT setup guide's only version is uploaded, not yet processed: the card's badge and the view say processing.
  await treeFolder(page, 'Team Library').click();
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Onboarding', exact: true }).click();
  await expect(itemCard(page, 'IT setup guide').getByText('Processing')).toBeVisible();
  await page.goto(itemPath(ids['IT setup guide']!));
  await expect(page.getByRole('heading', { name: 'We’re processing this version…' })).toBeVisible();
  await expect(page.getByTitle('IT setup guide (player)')).toHaveCount(0);

  // Objection handling v2 failed to unpack: its owner sees why.
  const sam = await signedInPage(browser, baseURL!, SAM, itemPath(ids['Objection handling']!));
  try {
    await expect(sam.getByRole('heading', { name: 'This version couldn’t be processed' })).toBeVisible();
    await expect(sam.getByText('The file may be damaged or not a published package.')).toBeVisible();
    await expect(sam.getByRole('button', { name: 'Version 2, choose another version' })).toBeVisible();
    // Version 1 still plays.
    await sam.goto(itemPath(ids['Objection handling']!, '?version=1'));
    await expect(sam.frameLocator('iframe[title="Objection handling (player)"]').getByText(/^Player ready/)).toBeVisible();
  } finally {
    await sam.context().close();
  }

  // Workplace safety is private to Team Library: anyone else is denied.
  const ian = await signedInPage(browser, baseURL!, IAN, itemPath(ids['Workplace safety']!));
  try {
    await expect(ian.getByRole('heading', { name: 'You don’t have access to this item' })).toBeVisible();
    await expect(ian.getByTitle('Workplace safety (player)')).toHaveCount(0);
  } finally {
    await ian.context().close();
  }
});

test('a new version uploaded by someone else reaches the viewer live', async ({ page, browser, baseURL }) => {
  // Alex uploads an item to Team Library (where tara is an editor) and opens it.
  await openGridAs(page, ALEX);
  await treeFolder(page, 'Team Library').click();
  const title = uniqueName('Live course');
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title, 2)]);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  // A second version of alex's own, so that version 1 is an older one.
  await uploadNewVersion(page, title, storyFile(title, 3, `${title} v2.zip`));
  await card.getByRole('link', { name: title }).click();
  const player = (on: Page) => on.frameLocator(`iframe[title="${title} (player)"]`);
  await expect(player(page).getByText('Player ready: 3 slides')).toBeVisible();
  // Alex's own upload moved nobody and said nothing.
  await expect(page.getByText(/You’re now seeing it/)).toHaveCount(0);
  const itemUrl = page.url();

  // A second tab of alex's stays on version 1 on purpose.
  const older = await page.context().newPage();
  await older.goto(`${itemUrl}?version=1`);
  await expect(player(older).getByText('Player ready: 2 slides')).toBeVisible();

  // Tara, an editor of Team Library, uploads version 3 through the item menu.
  let toastSeen: Promise<void> = Promise.resolve();
  const tara = await signedInPage(browser, baseURL!, TARA, '/review');
  try {
    await expect(tara.getByRole('tree', { name: 'Folders' })).toBeVisible();
    await treeFolder(tara, 'Team Library').click();
    // Watched from now on: the toast lasts 5 s and may come and go while tara's upload finishes.
    toastSeen = expect(page.getByText(/(added version 3|Version 3 was added)\. You’re now seeing it\./)).toBeVisible({ timeout: 30_000 });
    await uploadNewVersion(tara, title, storyFile(title, 5, `${title} v3.zip`));
  } finally {
    await tara.context().close();
  }

  // The viewer of the latest version is told and moves to version 3.
  await toastSeen;
  await expect(page.getByRole('button', { name: 'Version 3, choose another version' })).toBeVisible();
  await expect(player(page).getByText('Player ready: 5 slides')).toBeVisible();

  // The viewer of version 1 is asked instead, and can move to it.
  const outOfDate = older.getByRole('dialog', { name: 'A newer version is available' });
  await expect(outOfDate).toContainText('Version 3 was just added. You are looking at version 1.');
  await expect(older.getByRole('button', { name: 'Version 1, choose another version' })).toBeAttached();
  await outOfDate.getByRole('button', { name: 'View version 3' }).click();
  await expect(outOfDate).toBeHidden();
  await expect(player(older).getByText('Player ready: 5 slides')).toBeVisible();
});

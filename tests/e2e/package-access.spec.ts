import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { buildStoryFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, expect, expectNoAxeViolations, itemCard, openGridAs, signedInPage, test, treeFolder, uniqueName, type TestFile } from './fixtures.ts';
import { openShareDialog } from './userActions.ts';

// Package addresses do not outlive access (server/README.md "File access"): someone who could see an item's player
// and kept its address loses the package as soon as the owner removes them through the Share dialog, while the
// owner's own player keeps loading.

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';

function storyFile(title: string): TestFile {
  const bytes = buildStoryFixture({ title, slides: [{ id: 's1', title: 'Slide 1', sceneIndex: 0 }, { id: 's2', title: 'Slide 2', sceneIndex: 0 }] });
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

/** The item's player frame on a page. */
const playerFrame = (page: Page, title: string) => page.frameLocator(`iframe[title="${title} (player)"]`);

test('a person removed from the share loses the package address they kept; the owner’s player still loads', async ({ page, browser, baseURL }) => {
  const title = uniqueName('Kept address');
  // Alex uploads a course to his private content and shares it with Tara only.
  await openGridAs(page, ALEX);
  await treeFolder(page, 'Private content').click();
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title)]);
  const card = itemCard(page, title);
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const itemPath = new URL(page.url()).pathname;

  let dialog = await openShareDialog(page, title);
  await dialog.getByRole('radio', { name: /Only people with access/ }).check();
  await dialog.getByLabel('Add people by e-mail').fill(TARA);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const tara = await signedInPage(browser, baseURL!, TARA, itemPath);
  try {
    // Tara sees the player and keeps its address (opened on its own, as a copied link would be).
    await expect(tara.getByRole('heading', { name: title })).toBeVisible();
    await expect(playerFrame(tara, title).getByText('Player ready: 2 slides')).toBeVisible();
    await expectNoAxeViolations(tara, 'item view of a shared item');
    const kept = await tara.locator(`iframe[title="${title} (player)"]`).getAttribute('src');
    expect(kept).toMatch(/^http:\/\/[a-z0-9]{26}\.packages\.localhost:\d+\/packages\//);
    const keptTab = await tara.context().newPage();
    expect((await keptTab.goto(kept!))?.status()).toBe(200);
    await expect(keptTab.getByText('Player ready: 2 slides')).toBeVisible();

    // Alex removes Tara through the Share dialog.
    dialog = await openShareDialog(page, title);
    await dialog.getByRole('listitem').filter({ hasText: TARA }).getByRole('button', { name: /^Remove / }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // The address Tara kept stops (the service remembers a decision for at most 2 s): no content, only the refusal.
    await expect.poll(async () => (await keptTab.reload())?.status()).toBe(403);
    await expect(keptTab.getByText('You do not have access to this item.')).toBeVisible();
    await expect(keptTab.getByText(/Player ready/)).toHaveCount(0);
    await expect(keptTab.getByText(title)).toHaveCount(0);

    // Alex's player still loads.
    await page.reload();
    await expect(playerFrame(page, title).getByText('Player ready: 2 slides')).toBeVisible();
  } finally {
    await tara.context().close();
  }
});

import { DEMO_PASSWORD, expect, fillLogin, itemCard, itemIdOf, openGridAs, signedInPage, test, treeFolder } from './fixtures.ts';

/**
 * What a new user hit first: a stack card that opened 'This item has been deleted', and the signed-out header's Sign in
 * and Start free trial that led to 'Page not found'.
 */

/** A stack card in the grid opens a course of the stack, never the stack's own id (which is no item). */
test('a stack card opens its source course in the item view', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  const card = itemCard(page, 'Customer service essentials');
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Customer service essentials' }).click();
  await expect(page).toHaveURL(/\/review\/content\/[^/]+\/review\?sourceCourse=true$/);
  await expect(page.getByText('This item has been deleted')).toHaveCount(0);
  // The source course (English) plays.
  await expect(page.locator('iframe[title$="(player)"]')).toBeVisible();
  await expect(page.frameLocator('iframe[title$="(player)"]').getByRole('heading', { level: 1 })).toBeVisible();
});

/** The header a signed-out visitor sees on an item's address: Sign in works and comes back; the trial link is live. */
test('a signed-out visitor signs in from the header and comes back to the item', async ({ page, browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  await page.goto(`/review/content/${id}/review`);
  const header = page.getByRole('navigation', { name: 'Get started' });
  await expect(header.getByRole('link', { name: 'Start free trial' })).toHaveAttribute('href', '/trials/localization');
  await header.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/signin\\?returnTo=%2Freview%2Fcontent%2F${id}%2Freview$`));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillLogin(page, 'alex.admin@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/review/content/${id}/review$`));
  await expect(page.frameLocator('iframe[title="Style guide (player)"]').getByRole('heading', { level: 1 })).toHaveText('Style guide');
});

/** Someone on no team is told that shared folders belong to a team, not asked for a name the service refuses. */
test('a user on no team gets the add-to-team dialog for a new shared folder; a team member gets the name dialog', async ({ page, browser, baseURL }) => {
  await openGridAs(page, 'ian.individual@example.com');
  await treeFolder(page, 'Shared content').click();
  await page.getByRole('button', { name: 'New shared folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shared folders belong to a team' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Join a team' })).toHaveAttribute('href', /\/external\/subscriptions/);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'New shared folder' })).toHaveCount(0);

  // An empty trash offers nothing to empty, and says why.
  await treeFolder(page, 'Trash').click();
  const emptyTrash = page.getByRole('button', { name: 'Empty trash' });
  await expect(emptyTrash).toHaveAttribute('aria-disabled', 'true');
  await expect(emptyTrash).toHaveAccessibleDescription('The trash is already empty.');
  await emptyTrash.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Empty the trash?' })).toHaveCount(0);

  const member = await browser.newContext({ baseURL });
  const tara = await member.newPage();
  await openGridAs(tara, 'tara.team@example.com');
  await treeFolder(tara, 'Shared content').click();
  await tara.getByRole('button', { name: 'New shared folder' }).click();
  await expect(tara.getByRole('dialog', { name: 'New shared folder' })).toBeVisible();
  await member.close();
});

/** The grid's item menu offers Share settings (§6 item menu) and it opens the share dialog of that item. */
test('Share settings in a card’s menu opens the share dialog for that item', async ({ page }) => {
  await openGridAs(page, 'alex.admin@example.com');
  const card = itemCard(page, 'Welcome to the team');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Actions for Welcome to the team' }).click();
  await page.getByRole('menuitem', { name: 'Share settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “Welcome to the team”' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Only people with access/ })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Review link' })).toHaveValue(/\/review\/content\/[^/]+\/review$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** The guest e-mail step: Continue waits for a valid e-mail, and the guest stays the same guest after a reload. */
test('a guest reviewer’s e-mail step and identity survive a reload', async ({ page, browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  await page.goto(`/review/content/${id}/review`);
  const email = page.getByLabel('E-mail address');
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeDisabled();
  await email.fill('not an e-mail');
  await expect(proceed).toBeDisabled();
  const guest = `guest-${Math.random().toString(36).slice(2, 8)}@example.org`;
  await email.fill(guest);
  await expect(proceed).toBeEnabled();
  await proceed.click();
  const player = page.frameLocator('iframe[title="Style guide (player)"]');
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Style guide');
  await page.reload();
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Style guide');
  await expect(page.getByLabel('E-mail address')).toHaveCount(0);
});

/** A version the item does not have shows the latest, and the address stops claiming otherwise. */
test('?version=99 shows the latest version and leaves the address', async ({ browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  const page = await signedInPage(browser, baseURL!, 'alex.admin@example.com', `/review/content/${id}/review?version=99`);
  try {
    await expect(page.getByRole('button', { name: 'Version 3, choose another version' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/review/content/${id}/review$`));
  } finally {
    await page.context().close();
  }
});

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { duplicateItemAs, expect, itemIdOf, signedInPage, signInContextOf, test, uniqueName } from './fixtures.ts';
import { openShareDialog } from './userActions.ts';

// Sharing one item end to end (issue 6; review-and-content §2 share dialog, §4 share mode, §5 share save and unsaved
// changes, §6 share roles and anonymous reviewers, §8 share errors, §9 notification levels).

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';
const NICK = 'nick.nonadmin@example.com';
const IAN = 'ian.individual@example.com';

/** The review tab of an item. */
function itemPath(itemId: string): string {
  return `/review/content/${itemId}/review`;
}

/**
 * Alex's own copy of his seeded story "Welcome to the team" in his private content (made through the API: the upload
 * is uploads.spec's subject), opened on `page`; resolves the item's id.
 */
async function newItemOfAlex(page: Page, baseURL: string, title: string): Promise<string> {
  const id = await duplicateItemAs(baseURL, ALEX, 'Welcome to the team', title);
  await signInContextOf(page, ALEX);
  await page.goto(itemPath(id));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return id;
}

/** Saves the share dialog and waits for it to close. */
async function saveShare(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Makes the item public from the share dialog (password optional, guests may comment or not). */
async function sharePublicly(page: Page, title: string, options: { password?: string; guestsComment: boolean }): Promise<void> {
  const dialog = await openShareDialog(page, title);
  await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
  const guests = dialog.getByRole('checkbox', { name: 'Guests can comment' });
  if (options.guestsComment) await guests.check();
  else await guests.uncheck();
  if (options.password !== undefined) {
    await dialog.getByRole('checkbox', { name: 'Require a password' }).check();
    await dialog.getByLabel('Password', { exact: true }).fill(options.password);
  }
  await saveShare(page, dialog);
}

/** A signed-out context whose reviewer gives `email` on the anonymous e-mail step of `path`. */
async function anonymousPage(browser: Browser, baseURL: string, email: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Review this content' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Reviewing as ${email}`)).toBeVisible();
  return { context, page };
}

test('the owner shares privately: a listed account opens the item, someone else is denied', async ({ page, browser, baseURL }) => {
  const title = uniqueName('Private share');
  const id = await newItemOfAlex(page, baseURL!, title);

  let dialog = await openShareDialog(page, title);
  await dialog.getByRole('radio', { name: /Only people with access/ }).check();
  const unknown = `nobody.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await dialog.getByLabel('Add people by e-mail').fill(`${TARA}, not-an-address; ${unknown}`);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  // The malformed entry is refused at once, under the field.
  await expect(dialog.getByRole('alert').filter({ hasText: 'These aren’t e-mail addresses: not-an-address' })).toBeVisible();
  const people = dialog.getByRole('list', { name: 'People with access' });
  await expect(people.getByRole('listitem').filter({ hasText: TARA })).toContainText('Not saved yet');
  await expect(people.getByRole('listitem').filter({ hasText: unknown })).toBeVisible();

  await dialog.getByRole('button', { name: 'Save' }).click();
  // The server names the e-mail that belongs to no account.
  const invalid = page.getByRole('dialog', { name: 'Some people weren’t added' });
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('These entries are not e-mail addresses of accounts, so they were not added:');
  await expect(invalid.getByRole('listitem')).toHaveText([unknown]);
  await invalid.getByRole('button', { name: 'OK' }).click();
  await expect(invalid).toBeHidden();
  // The rest was saved: the share dialog is back, with nothing left unsaved, so Cancel just closes it.
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Reopened: tara is listed as added by e-mail and can be removed; alex, the owner, cannot.
  dialog = await openShareDialog(page, title);
  await expect(dialog.getByRole('radio', { name: /Only people with access/ })).toBeChecked();
  const taraRow = dialog.getByRole('listitem').filter({ hasText: TARA });
  await expect(taraRow).toContainText('Added by e-mail');
  await expect(taraRow).toContainText('Viewer');
  await expect(taraRow.getByRole('button', { name: /^Remove / })).toBeVisible();
  const alexRow = dialog.getByRole('listitem').filter({ hasText: ALEX });
  await expect(alexRow).toContainText('Owner of the item');
  await expect(alexRow.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(dialog.getByRole('listitem').filter({ hasText: unknown })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const tara = await signedInPage(browser, baseURL!, TARA, itemPath(id));
  try {
    await expect(tara.getByRole('heading', { name: title })).toBeVisible();
    await expect(tara.frameLocator(`iframe[title="${title} (player)"]`).getByText(/^Player ready/)).toBeVisible();

    // Removed again, tara no longer gets in.
    dialog = await openShareDialog(page, title);
    await dialog.getByRole('listitem').filter({ hasText: TARA }).getByRole('button', { name: /^Remove / }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: TARA })).toHaveCount(0);
    await saveShare(page, dialog);
    await tara.reload();
    await expect(tara.getByRole('heading', { name: 'You don’t have access to this item' })).toBeVisible();
  } finally {
    await tara.context().close();
  }
  const ian = await signedInPage(browser, baseURL!, IAN, itemPath(id));
  try {
    await expect(ian.getByRole('heading', { name: 'You don’t have access to this item' })).toBeVisible();
    await expect(ian.getByTitle(`${title} (player)`)).toHaveCount(0);
  } finally {
    await ian.context().close();
  }
});

test('a public link with a password: a guest needs the password, and comments only while guests may', async ({ page, browser, baseURL }) => {
  const title = uniqueName('Public share');
  const id = await newItemOfAlex(page, baseURL!, title);
  await sharePublicly(page, title, { password: 'open-sesame', guestsComment: true });

  // Copy link: the review link lands on the clipboard and the button says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const dialog = await openShareDialog(page, title);
  await expect(dialog.getByRole('radio', { name: /Anyone with the link/ })).toBeChecked();
  await expect(dialog.getByText('A password is set. Type a new one to change it.')).toBeVisible();
  const link = `${new URL(baseURL!).origin}${itemPath(id)}`;
  await expect(dialog.getByLabel('Review link')).toHaveValue(link);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const guestEmail = `guest.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const { context, page: guest } = await anonymousPage(browser, baseURL!, guestEmail, itemPath(id));
  try {
    const prompt = guest.getByRole('dialog', { name: 'This item is password protected' });
    await expect(prompt).toBeVisible();
    await guest.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await expect(guest.getByTitle(`${title} (player)`)).toHaveCount(0);
    await prompt.getByLabel('Password').fill('open-says-me');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await expect(prompt).toContainText('That password isn’t right. Check it and try again.');
    await prompt.getByLabel('Password').fill('open-sesame');
    await prompt.getByRole('button', { name: 'Open' }).click();
    await expect(prompt).toBeHidden();
    await expect(guest.getByRole('heading', { name: title })).toBeVisible();

    // Guests can comment: the box is an editor, and the guest's comment is posted under their e-mail.
    const box = guest.getByRole('textbox', { name: 'Comment' });
    await expect(box).toBeVisible();
    const text = uniqueName('Guest note');
    await box.click();
    await guest.keyboard.type(text);
    await guest.keyboard.press('Enter');
    const posted = guest.getByRole('article').filter({ hasText: text });
    await expect(posted).toBeVisible();
    await expect(posted).toContainText(guestEmail);

    // The owner turns guest comments off: the guest's box turns read-only and asks them to sign in.
    await sharePublicly(page, title, { guestsComment: false });
    // Live: the share change reaches the guest without a reload.
    const readOnly = guest.getByRole('button', { name: /Sign in to comment/ });
    await expect(readOnly).toBeVisible();
    await expect(guest.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
    await readOnly.click();
    const auth = guest.getByRole('dialog', { name: 'Sign in to comment' });
    await expect(auth).toBeVisible();
    await expect(auth.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await auth.getByRole('button', { name: 'Not now' }).click();
    await expect(auth).toBeHidden();
  } finally {
    await context.close();
  }
});

test('unsaved share changes ask to leave or stay', async ({ page, baseURL }) => {
  const title = uniqueName('Unsaved share');
  await newItemOfAlex(page, baseURL!, title);
  const dialog = await openShareDialog(page, title);
  const guests = dialog.getByRole('checkbox', { name: 'Guests can comment' });
  const wasChecked = await guests.isChecked();
  await guests.setChecked(!wasChecked);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText('Your changes to how this item is shared will be lost.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  // Stay keeps the dialog and the change.
  await expect(dialog).toBeVisible();
  await expect(guests).toBeChecked({ checked: !wasChecked });

  await page.keyboard.press('Escape');
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(leave).toBeHidden();
  await expect(dialog).toBeHidden();
  // Nothing was saved: reopened, the setting is as before.
  const reopened = await openShareDialog(page, title);
  await expect(reopened.getByRole('checkbox', { name: 'Guests can comment' })).toBeChecked({ checked: wasChecked });
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened).toBeHidden();
  await expect(leave).toHaveCount(0);
});

test('a Team Library viewer sees the share dialog read-only', async ({ browser, baseURL }) => {
  const title = 'Team handbook';
  const id = await itemIdOf(browser, baseURL!, ALEX, title);
  const nick = await signedInPage(browser, baseURL!, NICK, itemPath(id));
  try {
    await expect(nick.getByRole('heading', { name: title })).toBeVisible();
    const dialog = await openShareDialog(nick, title);
    await expect(dialog).toContainText('Only the owner and people who can edit this item can change how it’s shared.');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    for (const radio of await dialog.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(dialog.getByLabel('Add people by e-mail')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    // The link can still be copied.
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  } finally {
    await nick.context().close();
  }
});

test('the bell sets this item’s notification level, and it is kept', async ({ page, baseURL }) => {
  const title = uniqueName('Notified item');
  await newItemOfAlex(page, baseURL!, title);
  const bell = page.getByRole('button', { name: /^Notifications for this item: / });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications for this item' });
  await expect(panel).toBeVisible();
  const all = panel.getByRole('radio', { name: /^All/ });
  await expect(all).not.toBeChecked();
  await all.check();
  await expect(all).toBeChecked();
  await expect(panel.getByText('Saving…')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAccessibleName('Notifications for this item: All');

  // After a reload (read from the server again) the level is still All.
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await bell.click();
  await expect(panel.getByRole('radio', { name: /^All/ })).toBeChecked();
  await expect(panel.getByRole('radio', { name: /^Mine/ })).not.toBeChecked();
});

test('share errors: people that cannot be read offer Try again, a refused save says so and keeps the draft', async ({ page, baseURL }) => {
  const title = uniqueName('Failing share');
  await newItemOfAlex(page, baseURL!, title);

  // The first read of the people fails (the service is down for a moment).
  let failRead = true;
  await page.route('**/api/items/*/permissions', async (route) => {
    if (failRead) {
      failRead = false;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error', message: 'down' }) });
    } else await route.continue();
  });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
  await expect(dialog.getByText('We couldn’t load who has access to this item.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('radio', { name: /Anyone with the link/ })).toBeVisible();

  // Saving is refused once: the error dialog, then the dialog with the change still there.
  await page.route('**/api/items/*/share-settings/*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error', message: 'down' }) }),
  );
  const guests = dialog.getByRole('checkbox', { name: 'Guests can comment' });
  await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
  const wanted = !(await guests.isChecked());
  await guests.setChecked(wanted);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const failed = page.getByRole('dialog', { name: 'Sharing wasn’t saved' });
  await expect(failed).toContainText('Something went wrong while saving the sharing settings. Please try again.');
  await failed.getByRole('button', { name: 'OK' }).click();
  await expect(failed).toBeHidden();
  await expect(guests).toBeChecked({ checked: wanted });

  // Once the service answers again, the same Save goes through.
  await page.unroute('**/api/items/*/share-settings/*');
  await saveShare(page, dialog);
  const reopened = await openShareDialog(page, title);
  await expect(reopened.getByRole('checkbox', { name: 'Guests can comment' })).toBeChecked({ checked: wanted });
});

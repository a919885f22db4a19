/**
 * A comments session recorded in Chromium through the real UI against the real service (post, reply with a mention,
 * an attachment, edit, resolve, a delete asked, canceled and confirmed), downloaded from the account menu and
 * replayed headless with 0 divergences.
 */
import { Buffer } from 'node:buffer';
import type { Locator, Page } from '@playwright/test';
import { expect, openGridAs, signedInPage, test, uniqueName } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { openFromSearch } from './userActions.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-comments' } });

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';

const composer = (page: Page) => page.getByRole('group', { name: 'New comment' });
const commentBox = (page: Page) => composer(page).getByRole('textbox', { name: 'Comment' });
const thread = (page: Page, text: string): Locator => page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });

test('a comments session (post, a live reply from someone else, reply with a mention, attachment, edit, resolve, delete asked and confirmed) replays with no divergence', async ({ page, browser, baseURL }) => {
  // Two signed-in contexts: on a loaded machine (2 cores shared) this outlasts the default 60 s.
  test.slow();
  await openGridAs(page, ALEX);
  await openFromSearch(page, 'Style guide');

  // Post.
  const first = uniqueName('Please check the intro');
  await commentBox(page).click();
  await page.keyboard.type(first);
  await page.keyboard.press('Enter');
  await expect(thread(page, first)).toBeVisible();
  await expect(commentBox(page)).toHaveText('');

  // Someone else replies on the same item: it arrives live (a push between the user's own steps).
  const tara = await signedInPage(browser, baseURL!, TARA, new URL(page.url()).pathname);
  const fromTara = uniqueName('Tara agrees');
  try {
    await thread(tara, first).getByRole('button', { name: 'Reply' }).click();
    await expect(thread(tara, first).getByRole('textbox', { name: 'Reply' })).toBeFocused();
    await tara.keyboard.type(fromTara);
    await tara.keyboard.press('Enter');
    await expect(thread(page, first).getByRole('listitem').filter({ hasText: fromTara })).toBeVisible();
  } finally {
    await tara.context().close();
  }

  // Reply mentioning someone picked from the suggestions.
  await thread(page, first).getByRole('button', { name: 'Reply' }).click();
  await expect(thread(page, first).getByRole('textbox', { name: 'Reply' })).toBeFocused();
  await page.keyboard.type('Agreed, @tar');
  await page.getByRole('listbox', { name: 'People you can mention' }).getByRole('option', { name: /Tara/ }).click();
  const replyText = uniqueName('see slide two');
  await page.keyboard.type(` ${replyText}`);
  await page.keyboard.press('Enter');
  await expect(thread(page, first).getByRole('listitem').filter({ hasText: replyText })).toContainText('Agreed, @Tara');

  // A comment with an attachment.
  const withFile = uniqueName('Notes attached');
  await commentBox(page).click();
  await page.keyboard.type(withFile);
  await composer(page).locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('review notes') });
  await expect(composer(page).getByRole('list', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: 'notes.txt' })).toHaveClass(/is-uploaded/);
  await composer(page).getByRole('button', { name: 'Post' }).click();
  await expect(thread(page, withFile).getByRole('list', { name: 'Attachments' }).getByRole('link', { name: 'notes.txt' })).toBeVisible();

  // Edit it.
  await thread(page, withFile).getByRole('button', { name: 'Comment actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editBox = thread(page, withFile).getByRole('textbox', { name: 'Edit comment' });
  await expect(editBox).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  const edited = uniqueName('Notes corrected');
  await page.keyboard.type(edited);
  await page.keyboard.press('Enter');
  await expect(editBox).toHaveCount(0);
  // The edit box stays (read-only, "Save" busy) until the service confirms; then only the comment's own link is left.
  await expect(thread(page, edited).getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(thread(page, edited).getByRole('link', { name: 'notes.txt' })).toHaveCount(1);
  await expect(thread(page, edited).getByRole('link', { name: 'notes.txt' })).toBeVisible();

  // Resolve the first thread (shown with resolved ones).
  await page.getByRole('checkbox', { name: 'Show resolved' }).check();
  await thread(page, first).getByRole('button', { name: 'Comment actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Resolve' }).click();
  await expect(thread(page, first).getByRole('button', { name: 'Reopen' })).toBeVisible();

  // Delete the edited comment: asked first; Cancel keeps it, Delete deletes it.
  const askDelete = async () => {
    await thread(page, edited).getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  await (await askDelete()).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this comment?' })).toHaveCount(0);
  await expect(thread(page, edited)).toBeVisible();
  await (await askDelete()).getByRole('button', { name: 'Delete' }).click();
  await expect(thread(page, edited)).toHaveCount(0);

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['posting.submit', 'comments.mentionQuery', 'posting.addAttachments', 'file.progress', 'comments.resolve']) expect(types).toContain(type);
  for (const type of ['editor.focus', 'editor.mentionQuery', 'comments.askDestroy', 'comments.cancelDestroy', 'comments.confirmDestroy']) expect(types).toContain(type);
});

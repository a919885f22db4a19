import type { Locator, Page } from '@playwright/test';
import { duplicateItemAs, expect, itemIdOf, requestAs, signedInPage, test, uniqueName } from './fixtures.ts';

/**
 * The comments panel with a keyboard and as a guest (review-and-content §4, §6 anonymous): the page's first Tab stop
 * leads to the new-comment box, focus stays sensible after posting and after a reply box closes, the emoji panel
 * leaves the text reachable, a resolved thread's Reply says why it is unavailable, and a guest sees no "My content"
 * link and their e-mail once. Tests of one worker share one server: each writes unique text.
 */

const ALEX = 'alex.admin@example.com';

function commentBox(page: Page): Locator {
  return page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
}

function thread(page: Page, text: string): Locator {
  return page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });
}

test('keyboard only: the first Tab stop skips to the new comment; after a post, a reply and a resolve the focus stays sensible', async ({ browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, ALEX, 'Style guide');
  const page = await signedInPage(browser, baseURL!, ALEX, `/review/content/${id}/review`);
  try {
    const box = commentBox(page);
    await expect(box).toBeVisible();

    // From the top of the page: one Tab reaches "Skip to new comment", Enter puts the keyboard in the box.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to new comment' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('skip-link.png') });
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();

    // Posted with the Post button (reached by Tab, pressed with Enter): the keyboard stays in the emptied box.
    const first = uniqueName('Keyboard post');
    await page.keyboard.type(first);
    const post = page.getByRole('group', { name: 'New comment' }).getByRole('button', { name: 'Post' });
    for (let i = 0; i < 6 && !(await post.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(post).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(thread(page, first)).toBeVisible();
    await expect(box).toHaveText('');
    await expect(box).toBeFocused();

    // A reply posted with Enter: its box closes and the keyboard is back on the thread's Reply.
    const reply = thread(page, first).getByRole('button', { name: 'Reply' });
    await reply.focus();
    await page.keyboard.press('Enter');
    const replyBox = thread(page, first).getByRole('textbox', { name: 'Reply' });
    await expect(replyBox).toBeFocused();
    const answer = uniqueName('Keyboard reply');
    await page.keyboard.type(answer);
    await page.keyboard.press('Enter');
    await expect(thread(page, first).getByText(answer)).toBeVisible();
    await expect(replyBox).toBeHidden();
    await expect(reply).toBeFocused();

    // Resolved from the comment's menu: its Reply stays reachable and says why it is unavailable, on focus.
    await page.getByRole('checkbox', { name: 'Show resolved' }).check();
    await thread(page, first).getByRole('button', { name: 'Comment actions' }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Resolve' }).press('Enter');
    await expect(thread(page, first).getByText('Resolved').first()).toBeVisible();
    await reply.focus();
    await expect(reply).toHaveAttribute('aria-disabled', 'true');
    await expect(reply).toHaveAccessibleDescription('Reopen this thread to reply.');
    await expect(page.getByRole('tooltip').filter({ hasText: 'Reopen this thread to reply.' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(thread(page, first).getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test('the emoji panel leaves the text reachable; Escape closes it and the keyboard is back in the editor', async ({ browser, baseURL }) => {
  const id = await itemIdOf(browser, baseURL!, ALEX, 'Style guide');
  const page = await signedInPage(browser, baseURL!, ALEX, `/review/content/${id}/review`);
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    const composer = page.getByRole('group', { name: 'New comment' });
    const box = commentBox(page);
    await box.click();
    await page.keyboard.type('Looks');

    const trigger = composer.getByRole('button', { name: 'Insert emoji' });
    await trigger.click();
    const panel = page.getByRole('dialog', { name: 'Emoji' });
    await expect(panel).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('emoji-open.png') });
    // The panel does not cover the text: it sits wholly above the box.
    const [panelBox, textBox] = [(await panel.boundingBox())!, (await box.boundingBox())!];
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(textBox.y);
    // A click on the text lands in the editor (and closes the panel).
    await box.click();
    await expect(panel).toBeHidden();
    await expect(box).toBeFocused();

    // Keyboard: open from the button, move, Escape: closed, the keyboard is in the editor and typing goes on.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(box).toBeFocused();
    await page.keyboard.type(' good');
    await expect(box).toHaveText('Looks good');

    // Picking one puts it in the text and the keyboard back in the editor.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('gridcell', { name: 'thumbs up' }).press('Enter');
    await expect(panel).toBeHidden();
    await expect(box).toBeFocused();
    await expect(box).toHaveText('Looks good👍');
    await composer.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await page.context().close();
  }
});

test('a guest sees no "My content" link (they have no content) and their e-mail once', async ({ browser, baseURL }) => {
  // Alex has an item of this test's own (a copy of a seeded one) and lets anyone with the link comment.
  const title = uniqueName('Guest review');
  const id = await duplicateItemAs(baseURL!, ALEX, 'Style guide', title);
  const path = `/review/content/${id}/review`;
  const made = await requestAs(baseURL!, ALEX, 'PUT', `/api/items/${id}/share-settings/public`, { allowAnonComments: true, password: null });
  expect(made.status).toBe(200);

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  try {
    const email = `guest-${Math.random().toString(36).slice(2, 8)}@example.org`;
    await guest.goto(path);
    await guest.getByLabel('E-mail address').fill(email);
    await guest.getByRole('button', { name: 'Continue' }).click();
    await expect(guest.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(guest.getByText(`Reviewing as ${email}`)).toBeVisible();
    // No way back to a content grid the guest does not have.
    await expect(guest.getByRole('link', { name: /My content|Team Library/ })).toHaveCount(0);

    const text = uniqueName('Guest note');
    await commentBox(guest).click();
    await guest.keyboard.type(text);
    await guest.keyboard.press('Enter');
    const posted = thread(guest, text);
    await expect(posted).toBeVisible();
    // Their name is their e-mail: it is written once, not as name and again as address.
    await expect(posted.getByText(email, { exact: true })).toHaveCount(1);
    await expect(guest.getByRole('button', { name: 'Stop reviewing as guest' })).toBeInViewport({ ratio: 1 });
    await guest.screenshot({ path: test.info().outputPath('guest-390.png') });
  } finally {
    await context.close();
  }
});

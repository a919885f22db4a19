import type { Browser, Locator, Page, Route } from '@playwright/test';
import { expect, expectNoAxeViolations, itemCard, signedInPage, test, uniqueName } from './fixtures.ts';

/**
 * The comment editor off the item view's first load (review-and-content §4 comment editor): the panel draws a plain
 * stand-in box, and ProseMirror arrives on first use. Here the editor's chunk is held back until the test lets it
 * through, so what is typed before it arrives (text, caret, an '@' mention, Enter to post) is typed into the stand-in
 * for sure; then the editor must carry on from there, with the focus in the box, and a screen reader must meet the
 * same box before and after.
 */

const ALEX = 'alex.admin@example.com';

function composer(page: Page): Locator {
  return page.getByRole('group', { name: 'New comment' });
}

function commentBox(page: Page): Locator {
  return composer(page).getByRole('textbox', { name: 'Comment' });
}

function thread(page: Page, text: string): Locator {
  return page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });
}

/** Holds the comment editor's chunk until `release` is called. */
async function holdEditorChunk(page: Page): Promise<{ release: () => void; asked: () => boolean }> {
  let asked = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/CommentEditor-[^/]*\.js$/, async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Alex on the item grid clicks the Style guide's card; resolves once the item view's comment box shows. */
async function openStyleGuide(page: Page): Promise<void> {
  await itemCard(page, 'Style guide').getByRole('link', { name: 'Style guide' }).click();
  await expect(commentBox(page)).toBeVisible();
}

/** Opens the item view from the grid with the editor's chunk held back. */
async function openHeld(browser: Browser, baseURL: string): Promise<{ page: Page; release: () => void; asked: () => boolean }> {
  const page = await signedInPage(browser, baseURL, ALEX, '');
  const held = await holdEditorChunk(page);
  await openStyleGuide(page);
  return { page, ...held };
}

/** The comments panel at a wide and a phone width, for a look (the page is left at the wide one). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await composer(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

/** Whether the box is ProseMirror's (not the stand-in). */
const isEditor = (box: Locator) => box.evaluate((el) => el.getAttribute('contenteditable') === 'true');

test('text, caret and focus typed into the stand-in carry over to the editor; the box reads the same before and after', async ({ browser, baseURL }) => {
  const { page, release } = await openHeld(browser, baseURL!);
  try {
    const box = commentBox(page);
    expect(await isEditor(box)).toBe(false);
    await expect(box).toHaveAccessibleName('Comment');
    await expect(box).toHaveAttribute('aria-placeholder', 'Add a comment. Type @ to mention someone.');
    const before = await composer(page).ariaSnapshot();
    const frameBefore = await box.evaluate((el) => el.closest('.comment-editor')!.getBoundingClientRect().height);
    await expectNoAxeViolations(page, 'the item view with the stand-in comment box');
    await shoot(page, 'stand-in');

    // Typed before the editor arrives; the caret moved back into the text.
    await box.click();
    await page.keyboard.type('Hello wor');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(composer(page).getByRole('button', { name: 'Post' })).toBeEnabled();

    release();
    await expect.poll(() => isEditor(box)).toBe(true);
    await expect(box).toBeFocused();
    await page.keyboard.type('big ');
    await expect(box).toHaveText('Hello big wor');
    await shoot(page, 'editor');

    // The same box for a screen reader: role, name, placeholder, description; the same height.
    await expect(box).toHaveAccessibleName('Comment');
    await expect(box).toHaveAccessibleDescription('');
    await expect(box).toHaveAttribute('aria-placeholder', 'Add a comment. Type @ to mention someone.');
    await page.keyboard.press('Escape');
    await expect(box).toHaveText('');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    // The box's content shows as ProseMirror's empty paragraph, the textarea's as its (empty) value: the box is the same.
    expect((await composer(page).ariaSnapshot()).replace(/(textbox "Comment"):\n\s+- paragraph/, '$1')).toBe(before);
    expect(await box.evaluate((el) => el.closest('.comment-editor')!.getBoundingClientRect().height)).toBe(frameBefore);
    await expectNoAxeViolations(page, 'the item view with the comment editor');
  } finally {
    await page.context().close();
  }
});

test('an @ mention started in the stand-in opens its suggestions once the editor arrives; Enter in the stand-in posts', async ({ browser, baseURL }) => {
  const { page, release } = await openHeld(browser, baseURL!);
  try {
    const box = commentBox(page);
    const early = uniqueName('Posted before the editor');
    await box.click();
    await page.keyboard.type(early);
    await page.keyboard.press('Enter');
    await expect(thread(page, early)).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();

    await page.keyboard.type('Thanks @tar');
    release();
    await expect.poll(() => isEditor(box)).toBe(true);
    await expect(box).toBeFocused();
    const suggestions = page.getByRole('listbox', { name: 'People you can mention' });
    await expect(suggestions.getByRole('option', { name: /Tara/ })).toBeVisible();
    await page.keyboard.press('Enter');
    const text = uniqueName('for the review');
    await page.keyboard.type(`${text}`);
    await page.keyboard.press('Control+Enter');
    await expect(thread(page, text)).toContainText('@Tara Team');
    await expect(box).toHaveText('');
  } finally {
    await page.context().close();
  }
});

test('the pointer over an untouched box brings the editor, without taking the focus', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, ALEX, '');
  try {
    await openStyleGuide(page);
    const box = commentBox(page);
    await box.hover();
    await expect.poll(() => isEditor(box), { timeout: 30_000 }).toBe(true);
    await expect(box).not.toBeFocused();
    await expect(box).toHaveAccessibleName('Comment');
  } finally {
    await page.context().close();
  }
});

test('the emoji button pressed on the stand-in opens the picker where it fits: above the box at the foot of the window, inside it', async ({ browser, baseURL }) => {
  const { page, release } = await openHeld(browser, baseURL!);
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    // The stand-in hands the open picker over to the editor that replaces it.
    await composer(page).getByRole('button', { name: 'Insert emoji' }).click();
    release();
    const picker = page.getByRole('dialog', { name: 'Emoji' });
    await expect(picker.getByRole('grid', { name: 'Emoji' })).toBeVisible();
    await expect(picker.getByRole('gridcell').first()).toBeFocused();
    const panel = (await picker.boundingBox())!;
    const box = (await commentBox(page).boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(0);
    expect(panel.y + panel.height).toBeLessThanOrEqual(900);
    // Above the text, which stays in sight.
    expect(panel.y + panel.height).toBeLessThanOrEqual(box.y);
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
  } finally {
    await page.context().close();
  }
});

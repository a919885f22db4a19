/**
 * Screenshot annotation after the first post (review-and-content §4 comment posting, §7 snapshot upload; foundation §4
 * survey banner, §9 survey `screenshot-annotation` and its 1-month hide period): the survey, once dismissed, stays
 * hidden after a reload; the author's "Edit annotation" opens the original image, not the player as it shows now.
 * Comments carry unique text, so tests never see each other's.
 */
import { annotationDialog, canvasOf, composerOf, drawStroke, openItem, restoreAnnotationFlags, setAnnotationFlag, thread } from './annotationSupport.ts';
import { expect, test, uniqueName } from './fixtures.ts';
import type { Page } from '@playwright/test';

const TARA = 'tara.team@example.com';

test.afterAll(async ({ browser, server }) => {
  await restoreAnnotationFlags(browser, server.url);
});

/** Types `text` in the new-comment box, annotates the slide with one stroke and posts it. */
async function postAnnotated(page: Page, text: string): Promise<void> {
  await composerOf(page).getByRole('textbox', { name: 'Comment' }).click();
  await page.keyboard.type(text);
  await composerOf(page).getByRole('button', { name: 'Annotate' }).click();
  await expect(canvasOf(page).locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await drawStroke(page, [0.2, 0.3], [0.6, 0.5]);
  await expect(canvasOf(page)).toHaveAccessibleName('Snapshot canvas, 1 shapes');
  await annotationDialog(page).getByRole('button', { name: 'Save annotation' }).click();
  await expect(composerOf(page).getByText(/^Annotated screenshot attached/)).toBeVisible();
  await composerOf(page).getByRole('button', { name: 'Post' }).click();
  await expect(thread(page, text).getByRole('img', { name: /^Annotated screenshot attached by/ })).toBeVisible({ timeout: 30_000 });
}

test('the screenshot-annotation survey, once dismissed, stays hidden after a reload', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await setAnnotationFlag(browser, baseURL!, true);
  const page = await openItem(browser, baseURL!, TARA, 'Style guide');
  try {
    await expect(page.frameLocator('iframe[title="Style guide (player)"]').getByText(/^Player ready/)).toBeVisible();
    const survey = page.getByRole('region', { name: 'How was annotating the screenshot?' });
    await postAnnotated(page, uniqueName('Survey asked after this'));
    await expect(survey).toBeVisible();
    await survey.getByRole('button', { name: 'Dismiss survey' }).click();
    await expect(survey).toHaveCount(0);

    await page.reload();
    await expect(page.frameLocator('iframe[title="Style guide (player)"]').getByText(/^Player ready/)).toBeVisible({ timeout: 30_000 });
    const second = uniqueName('No survey after this');
    await postAnnotated(page, second);
    // The post is through (its image is in the thread) and the survey did not come back.
    await expect(thread(page, second)).toBeVisible();
    await expect(survey).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('no-survey-after-reload.png') });
  } finally {
    await page.context().close();
  }
});

/** The dialog's drawing canvas (the snapshot with the shapes over it) as PNG data. */
const backgroundPixels = (page: Page) => canvasOf(page).locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));

test('Edit annotation draws on the original slide after the player moved to another one', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  await setAnnotationFlag(browser, baseURL!, true);
  const page = await openItem(browser, baseURL!, TARA, 'Style guide');
  try {
    const player = page.frameLocator('iframe[title="Style guide (player)"]');
    await expect(player.getByText(/^Player ready/)).toBeVisible();
    const slides = player.locator('li.slide');
    await expect(slides.first()).toHaveAttribute('aria-current', 'true');
    const text = uniqueName('Drawn on slide one');
    await composerOf(page).getByRole('textbox', { name: 'Comment' }).click();
    await page.keyboard.type(text);
    await composerOf(page).getByRole('button', { name: 'Annotate' }).click();
    await expect(canvasOf(page).locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => backgroundPixels(page)).toMatch(/^data:image\/png/);
    const original = await backgroundPixels(page);
    await drawStroke(page, [0.2, 0.3], [0.6, 0.5]);
    await annotationDialog(page).getByRole('button', { name: 'Save annotation' }).click();
    await composerOf(page).getByRole('button', { name: 'Post' }).click();
    await expect(thread(page, text).getByRole('img', { name: /^Annotated screenshot attached by/ })).toBeVisible({ timeout: 30_000 });

    // The player moves on; the author edits the annotation.
    // (The player's menu: the current slide is marked, so the frame looks different now.)
    await slides.nth(2).click();
    await expect(slides.nth(2)).toHaveAttribute('aria-current', 'true');
    await thread(page, text).getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await thread(page, text).getByRole('button', { name: 'Edit annotation' }).click();
    await expect(canvasOf(page)).toHaveAccessibleName('Snapshot canvas, 1 shapes', { timeout: 30_000 });
    // The stored clean background, not slide 2: with the shapes cleared, the same pixels as before the first stroke
    // (Undo brings the stroke back); no note.
    await annotationDialog(page).getByRole('button', { name: 'Clear' }).click();
    await expect(canvasOf(page)).toHaveAccessibleName('Snapshot canvas, 0 shapes');
    await expect.poll(() => backgroundPixels(page), { timeout: 10_000 }).toBe(original);
    await annotationDialog(page).getByRole('button', { name: 'Undo' }).click();
    await expect(canvasOf(page)).toHaveAccessibleName('Snapshot canvas, 1 shapes');
    await expect(annotationDialog(page).getByText(/saved before its original image was kept/)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('edit-annotation-original-slide.png') });
    await drawStroke(page, [0.3, 0.7], [0.8, 0.8]);
    await annotationDialog(page).getByRole('button', { name: 'Save annotation' }).click();
    await expect(annotationDialog(page)).toHaveCount(0);
    await thread(page, text).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(thread(page, text).getByRole('textbox', { name: 'Edit comment' })).toHaveCount(0);
    await expect(thread(page, text).getByRole('img', { name: /^Annotated screenshot attached by/ })).toBeVisible({ timeout: 30_000 });
  } finally {
    await page.context().close();
  }
});

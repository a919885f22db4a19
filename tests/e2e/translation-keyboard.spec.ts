import type { Browser, Page } from '@playwright/test';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { expect, expectNoPageErrors, goToSlide, openGridAs, segmentRow, segmentTable, stackItemIds, test, translatePath, translatorPage } from './fixtures.ts';

/**
 * The translate tab with a keyboard (translation-editor §2): a saved segment gives the keyboard back to its row, and
 * the course-updates popover of the first visit closes on Escape from the page. Tests of one worker share one
 * server; each works on its own segment.
 */

const VERA = 'vera.validator@example.com';

async function frenchId(browser: Browser, baseURL: string): Promise<string> {
  const id = (await stackItemIds(browser, baseURL, SEEDED_TRANSLATIONS.storylineStack)).get(SEEDED_TRANSLATIONS.storylineFrench);
  if (!id) throw new Error('no French target in the stack');
  return id;
}

/** Whether the keyboard is on (or inside) the table row holding `text`. */
async function focusIsInRow(page: Page, text: string): Promise<boolean> {
  return segmentRow(page, text).evaluate((row) => row.contains(document.activeElement));
}

test('a segment saved with Ctrl+Enter, or with Save pressed from the keyboard, gives the keyboard back to its row', async ({ browser, baseURL }) => {
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(await frenchId(browser, baseURL!)));
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await segmentTable(page);
    await goToSlide(page, 'Practice scenarios');
    const source = 'Answer two scenarios drawn at random.';
    const target = segmentRow(page, source).getByTitle('Edit translation');
    const editor = page.getByRole('textbox', { name: /^Translation of/ });

    // Enter on the row's target opens its editor; Ctrl+Enter saves and closes it.
    await target.focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' !');
    await page.keyboard.press('Control+Enter');
    await expect(editor).toBeHidden();
    await expect.poll(() => focusIsInRow(page, source)).toBe(true);

    // Again with Save, reached and pressed from the keyboard.
    await target.focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(editor).toBeHidden();
    await expect.poll(() => focusIsInRow(page, source)).toBe(true);
    // And from there the keyboard goes on: Enter opens the same row again.
    await page.keyboard.press('Enter');
    await expect(editor).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('the first visit’s course-updates popover closes on Escape, wherever the keyboard is', async ({ browser, baseURL }) => {
  const id = await frenchId(browser, baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  // The tour is seen: the popover is the first visit's only hint.
  await context.addInitScript((key) => {
    if (window.top === window) window.localStorage.setItem(key, new Date().toISOString());
  }, WALKTHROUGH_DONE_STORAGE_KEY);
  const page = await context.newPage();
  try {
    await openGridAs(page, VERA);
    await page.goto(translatePath(id));
    await segmentTable(page);
    const popover = page.getByRole('dialog', { name: 'This course was updated' });
    await expect(popover).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('updates-popover.png') });
    // It does not take focus when it appears: Escape from the page closes it.
    await expect(popover.locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    // Dismissed for good: not back after a reload.
    await page.reload();
    await segmentTable(page);
    await expect(page.getByRole('button', { name: /^Course updates/ })).toBeVisible();
    await expect(popover).toBeHidden();
  } finally {
    await context.close();
  }
});

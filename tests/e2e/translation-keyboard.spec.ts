import type { Browser, Page } from '@playwright/test';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { expect, expectNoAxeViolations, expectNoPageErrors, goToSlide, itemCard, signInContextOf, segmentRow, segmentTable, stackItemIds, test, translatePath, translatorPage } from './fixtures.ts';

/**
 * The translate tab with a keyboard (translation-editor §2): the table as one Tab stop with arrows inside, save-and-next,
 * moving between segments without saving (drafts kept), the shortcut sheet and the Mark complete shortcut; a saved
 * segment gives the keyboard back to its row; the course-updates popover of the first visit closes on Escape. Tests of one worker share one
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

test('Save pressed from the keyboard gives the keyboard back to its row; Enter opens it again', async ({ browser, baseURL }) => {
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(await frenchId(browser, baseURL!)));
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await segmentTable(page);
    await goToSlide(page, 'Practice scenarios');
    const source = 'Answer two scenarios drawn at random.';
    const target = segmentRow(page, source).getByTitle('Edit translation');
    const editor = page.getByRole('textbox', { name: /^Translation of/ });

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

/** Whether the keyboard is in the segments table at all. */
async function focusIsInTable(page: Page): Promise<boolean> {
  return page.getByRole('table', { name: 'Segments' }).evaluate((table) => table.contains(document.activeElement));
}

/** ArrowDown through the table until the keyboard is on the row holding `text` (at most `limit` rows). */
async function arrowDownTo(page: Page, text: string, limit = 80): Promise<void> {
  const onRow = () => page.evaluate((wanted) => document.activeElement?.closest('[role="row"]')?.textContent?.includes(wanted) ?? false, text);
  for (let i = 0; i < limit; i++) {
    if (await onRow()) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`the keyboard did not reach the row of “${text}”`);
}

test('by keyboard only: the table is one Tab stop, arrows move, Ctrl+Enter saves and edits the next segment, Alt+Down moves without saving, ? shows the shortcuts', async ({ browser, baseURL }) => {
  // One journey through every key of the tab, some 50 key presses walking the table row by row: three times the time-out.
  test.slow();
  const page = await translatorPage(browser, baseURL!, VERA);
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    // As a validator gets there: search the language, open the card, the Translate tab.
    await page.getByRole('searchbox', { name: 'Search content' }).fill('French');
    await itemCard(page, SEEDED_TRANSLATIONS.storylineFrench).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Translate' }).click();
    await segmentTable(page);

    // Shift+Tab from the bottom bar reaches the table in one stop, on the header of the group shown.
    await page.getByRole('navigation', { name: 'Group navigation' }).getByRole('button', { name: 'Mark complete' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInTable(page)).toBe(true);
    await expect(page.getByRole('table', { name: 'Segments' }).getByRole('button', { name: /^Slide Template/ })).toBeFocused();
    await page.keyboard.press('End');
    expect(await focusIsInTable(page)).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index'))).toBe('0');

    // Down to "Start practice" (rows scroll into view as the keyboard goes), Enter edits it.
    await arrowDownTo(page, 'Start practice');
    await page.keyboard.press('Enter');
    const startEditor = page.getByRole('textbox', { name: 'Translation of “Start practice”' });
    await expect(startEditor).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' maintenant');

    // Ctrl+Enter: saved, and the next segment's editor has the keyboard.
    await page.keyboard.press('Control+Enter');
    const noteEditor = page.getByRole('textbox', { name: /^Translation of “Scenarios are based/ });
    await expect(noteEditor).toBeFocused();
    await expect(startEditor).toBeHidden();
    await expect(segmentRow(page, 'Start practice')).toContainText('Commencer l’entraînement maintenant');
    await expect(segmentRow(page, 'Start practice')).toContainText('Edited');

    // Alt+Down: the next segment, nothing saved; the typed text is kept as a draft.
    await page.keyboard.press('Alt+ArrowDown');
    const continueEditor = page.getByRole('textbox', { name: /^Translation of “Continue/ });
    await expect(continueEditor).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' vite');
    await page.keyboard.press('Alt+ArrowUp');
    await expect(noteEditor).toBeFocused();
    const continueRow = segmentRow(page, 'Continuer');
    await expect(continueRow).toContainText('Unsaved draft');
    await expect(continueRow).not.toContainText('Edited');

    // Escape: back to the row; Down, Enter: the draft comes back in the editor.
    await page.keyboard.press('Escape');
    await expect(noteEditor).toBeHidden();
    await expect.poll(() => focusIsInRow(page, 'Scenarios are based')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusIsInRow(page, 'Continuer')).toBe(true);
    await page.keyboard.press('Enter');
    await expect(continueEditor).toBeFocused();
    await expect(continueEditor).toContainText('vite');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusIsInRow(page, 'Continuer')).toBe(true);

    // Tab leaves the table in one stop; Shift+Tab comes back to the same row.
    await page.keyboard.press('Tab');
    expect(await focusIsInTable(page)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusIsInRow(page, 'Continuer')).toBe(true);
    await expectNoAxeViolations(page, 'translate tab, a row focused from the keyboard');
    await page.screenshot({ path: test.info().outputPath('keyboard-row.png') });

    // ? shows every shortcut; Escape closes it and the keyboard is back on the row.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Save and edit the next segment');
    await expect(sheet).toContainText('Alt+Shift+C');
    await expectNoAxeViolations(page, 'the shortcut sheet');
    await page.screenshot({ path: test.info().outputPath('shortcut-sheet.png') });
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect.poll(() => focusIsInRow(page, 'Continuer')).toBe(true);

    // Mark complete with its one shortcut (shown on the button), then reopened.
    const bar = page.getByRole('navigation', { name: 'Group navigation' });
    await expect(bar.getByRole('button', { name: 'Mark complete' })).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+C');
    await page.keyboard.press('Alt+Shift+C');
    await expect(bar.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await bar.getByRole('button', { name: 'Reopen' }).click();
    const confirm = page.getByRole('dialog', { name: /^Reopen this/ });
    await confirm.getByRole('button', { name: 'Reopen' }).click();
    await expect(bar.getByRole('button', { name: 'Mark complete' })).toBeVisible();
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
    await signInContextOf(page, VERA);
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

test('a row below the fold, scrolled into view by the browser and clicked, opens its editor; its Reset is reached by Right, not by Tab', async ({ browser, baseURL }) => {
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(await frenchId(browser, baseURL!)));
  try {
    await page.setViewportSize({ width: 1280, height: 720 });
    const table = await segmentTable(page);
    const scroller = table.locator('.translation-table__scroll');
    // The last segment row in the document lies below the table's visible part (the rows drawn ahead of a scroll).
    const last = table.getByTitle('Edit translation').last();
    const index = await last.evaluate((target) => target.closest('[role="row"]')!.getAttribute('data-index'));
    const row = table.locator(`[role="row"][data-index="${index}"]`);
    const target = row.locator('.translation-segment__text');
    // Saved once, the row shows more under its text (Edited, who, Reset): the part a click does not land on.
    await target.focus();
    await page.keyboard.press('Enter');
    const editor = row.getByRole('textbox', { name: /^Translation of/ });
    await expect(editor).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' !');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(row).toContainText('Edited');
    // The saved row shows Reset, yet the table stays one Tab stop: Tab leaves it from the row, Shift+Tab comes back.
    const reset = row.getByRole('button', { name: 'Reset', exact: true });
    await expect(reset).toBeVisible();
    await target.focus();
    await page.keyboard.press('Tab');
    expect(await focusIsInTable(page)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(target).toBeFocused();
    // Right reaches the row's Reset, Left goes back to the row; Right and Enter ask to reset.
    await page.keyboard.press('ArrowRight');
    await expect(reset).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('row-reset-focused.png') });
    await page.keyboard.press('ArrowLeft');
    await expect(target).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const resetDialog = page.getByRole('dialog', { name: 'Reset this translation?' });
    await expect(resetDialog).toBeVisible();
    await expectNoAxeViolations(page, 'the reset dialog asked from the keyboard');
    await resetDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(resetDialog).toBeHidden();
    // Back to the top (the keyboard on the first row), the row below the fold again.
    await row.locator('.translation-segment__text').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index'))).toBe('0');
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect.poll(() => target.evaluate((text) => text.getBoundingClientRect().top >= text.closest('.translation-table__scroll')!.getBoundingClientRect().bottom)).toBe(true);
    // Brought into view by the browser's own scrolling (no wheel), then clicked where it is: its editor opens.
    await target.scrollIntoViewIfNeeded();
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await target.click();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    // The keyboard back to the first row (Home), the table at the top; then the row scrolled just far enough for its
    // text (the rest of the row still below the fold): a press there moves nothing under the pointer, the editor opens.
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-index]')?.getAttribute('data-index'))).toBe('0');
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await target.evaluate((text) => text.scrollIntoView({ block: 'end' }));
    await expect.poll(() => row.evaluate((element) => element.getBoundingClientRect().bottom > element.closest('.translation-table__scroll')!.getBoundingClientRect().bottom)).toBe(true);
    await scroller.evaluate((element) => {
      const at = { down: -1, click: -1 };
      document.addEventListener('mousedown', () => (at.down = element.scrollTop), { capture: true, once: true });
      document.addEventListener('click', () => (at.click = element.scrollTop), { capture: true, once: true });
      (window as unknown as { __pressedAt: typeof at }).__pressedAt = at;
    });
    await target.click();
    await expect(editor).toBeFocused();
    // The table did not move between the press and the click (a row moving under the pointer loses the click).
    const at = await page.evaluate(() => (window as unknown as { __pressedAt: { down: number; click: number } }).__pressedAt);
    expect(at.click).toBe(at.down);
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { expect, openGridAs, segmentTable, stackItemIds, test, translatePath } from './fixtures.ts';

/**
 * What a translation validator (vera) meets in the translate tab of the seeded stack "Customer service essentials"
 * → French, end to end (translation-editor §2 tab parts, keyboard and walkthrough, §4 walkthrough and group
 * progress, §5 reset rules): the tour's steps in order, the table's room next to the tools, the first visit's tour
 * and course-updates popover one after the other. Tests of one worker share one server; each works on its own slide.
 */

const VERA = 'vera.validator@example.com';
const STACK = SEEDED_TRANSLATIONS.storylineStack;
const FRENCH = SEEDED_TRANSLATIONS.storylineFrench;

async function idOf(browser: Browser, baseURL: string, title: string): Promise<string> {
  const id = (await stackItemIds(browser, baseURL, STACK)).get(title);
  if (!id) throw new Error(`no item "${title}" in the stack`);
  return id;
}

/** Marks first-visit extras as seen before any page script runs (a subset of fixtures' skipTranslationIntro). */
async function markSeen(context: BrowserContext, keys: readonly string[]): Promise<void> {
  await context.addInitScript((storageKeys) => {
    if (window.top !== window) return;
    for (const key of storageKeys) window.localStorage.setItem(key, new Date().toISOString());
  }, keys);
}

/** A signed-in page on `path`, with only the extras named in `seen` marked as seen. */
async function firstVisitPage(browser: Browser, baseURL: string, path: string, seen: readonly string[], viewport = { width: 1400, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await markSeen(context, seen);
  const page = await context.newPage();
  await openGridAs(page, VERA);
  await page.goto(path);
  return page;
}

function tourCard(page: Page): Locator {
  return page.locator('.assist-walkthrough');
}

test('the walkthrough shows its four steps in order, Mark complete among them, and Finish closes it for good', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await firstVisitPage(browser, baseURL!, translatePath(id), [UPDATES_POPOVER_DISMISSED_STORAGE_KEY]);
  try {
    await segmentTable(page);
    const card = tourCard(page);
    const expected: [string, string][] = [
      ['Review each segment', 'segments'],
      ['Focus on what matters', 'filter'],
      ['Mark your progress', 'complete'],
      ['Find and replace', 'search'],
    ];
    for (const [index, [title, target]] of expected.entries()) {
      await expect(card).toContainText(`Step ${index + 1} of 4`);
      await expect(card.getByRole('heading', { name: title })).toBeVisible();
      // The highlighted element is the step's own.
      await expect
        .poll(async () => {
          const frame = await page.locator('.assist-walkthrough-highlight').boundingBox();
          const element = await page.locator(`[data-walkthrough="${target}"]`).first().boundingBox();
          return frame !== null && element !== null && Math.abs(frame.x + 4 - element.x) < 2 && Math.abs(frame.y + 4 - element.y) < 2;
        })
        .toBe(true);
      if (index < expected.length - 1) await card.getByRole('button', { name: 'Next' }).click();
    }
    await card.getByRole('button', { name: 'Finish' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await segmentTable(page);
    await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible();
    await expect(card).toBeHidden();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), WALKTHROUGH_DONE_STORAGE_KEY)).not.toBeNull();
  } finally {
    await page.context().close();
  }
});

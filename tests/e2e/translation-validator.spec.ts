import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { expect, expectNoPageErrors, goToSlide, itemIdOf, signInContextOf, segmentTable, stackItemIds, startEditRow, test, translatePath, translatorPage } from './fixtures.ts';

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
  await signInContextOf(page, VERA);
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

/**
 * A word on many slides of the French target that no other test of the worker's shared server edits away ("client"
 * is replaced by translation-tools.spec.ts, which may run first on the same server).
 */
const SEARCH_TERM = 'vous';

/** Opens the tools that stack above the table: the find bar (over all slides), the version diff and the feedback survey. */
async function openAllTools(page: Page, term: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Compare versions' }).click();
  await expect(page.getByRole('region', { name: 'Version diff' })).toBeVisible();
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Give feedback' }).click();
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const bar = page.getByRole('search', { name: 'Find and replace' });
  await bar.getByLabel('Slides').selectOption({ label: 'All slides' });
  await bar.getByRole('textbox', { name: 'Find in segments' }).fill(term);
  await expect(bar.locator('.translation-find__count')).toHaveText(/\d+ (results|of \d+)/);
  return bar;
}

/** Whether the current search hit is inside the window and inside the table's visible part. */
async function currentHitOnScreen(page: Page): Promise<boolean> {
  const viewport = page.viewportSize()!;
  const hit = await page.locator('mark.translation-hit--current').boundingBox();
  const rows = await page.locator('.translation-table__scroll').boundingBox();
  if (!hit || !rows) return false;
  const bar = await page.getByRole('navigation', { name: 'Group navigation' }).boundingBox();
  const bottom = Math.min(viewport.height, rows.y + rows.height, bar ? bar.y : Infinity);
  return hit.y >= Math.max(0, rows.y) && hit.y + hit.height <= bottom;
}

test('at 1400×900 with the find bar, the diff view, a survey and the languages open, the table keeps most of the height and every hit shows', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await segmentTable(page);
    const bar = await openAllTools(page, SEARCH_TERM);
    await expect(page.getByRole('region', { name: 'How is validating translations going?' })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Languages' })).toBeAttached();
    const panel = (await page.getByRole('region', { name: 'Translation editor' }).boundingBox())!;
    const table = (await page.locator('.translation-panel__table').boundingBox())!;
    // Most of the panel's height below its header and above its bottom bar.
    const header = (await page.locator('.translation-header').boundingBox())!;
    expect(table.height).toBeGreaterThan((panel.height - header.height - 49) * 0.6);
    const total = Number(((await bar.locator('.translation-find__count').textContent()) ?? '').match(/of (\d+)/)?.[1] ?? 0);
    expect(total).toBeGreaterThan(3);
    for (let step = 0; step < total; step++) {
      await expect.poll(() => currentHitOnScreen(page), { message: `hit ${step + 1} of ${total} on screen` }).toBe(true);
      await bar.getByRole('button', { name: 'Next result' }).click();
    }
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('at 390×844 the table fills the panel once scrolled to, and search hits are brought on screen', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await segmentTable(page);
    // The panel scrolled to its end: at least four rows of the table are on screen, between the tabs and the bottom bar.
    await page.locator('.translation-panel').evaluate((panel) => panel.scrollTo({ top: panel.scrollHeight }));
    const onScreen = async () => {
      const bar = (await page.getByRole('navigation', { name: 'Group navigation' }).boundingBox())!;
      const panel = (await page.locator('.translation-panel').boundingBox())!;
      const boxes = await page.getByRole('table', { name: 'Segments' }).getByRole('row').evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
      return boxes.filter((box) => box.top >= panel.y && box.bottom <= bar.y).length;
    };
    await expect.poll(onScreen).toBeGreaterThanOrEqual(4);

    const bar = await openAllTools(page, SEARCH_TERM);
    for (let step = 0; step < 4; step++) {
      await bar.getByRole('button', { name: 'Next result' }).click();
      await expect.poll(() => currentHitOnScreen(page), { message: `hit after ${step + 1} steps on screen` }).toBe(true);
      // Back to the bar for the next step, as a person scrolls back up to it.
      await bar.scrollIntoViewIfNeeded();
    }
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('on the first visit the tour shows first, and the course-updates popover after it', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
    const page = await firstVisitPage(browser, baseURL!, translatePath(id), [], viewport);
    try {
      await segmentTable(page);
      const popover = page.getByRole('dialog', { name: 'This course was updated' });
      await expect(tourCard(page)).toBeVisible();
      await expect(popover).toBeHidden();
      await tourCard(page).getByRole('button', { name: 'Skip tour' }).click();
      await expect(tourCard(page)).toBeHidden();
      await expect(popover).toBeVisible();
      await popover.getByRole('button', { name: 'Dismiss' }).click();
      await expect(popover).toBeHidden();
    } finally {
      await page.context().close();
    }
  }
});

test('"Unimported from previous version" lists what the version diff calls not imported: version 1\'s validated edit missing from version 2', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    const table = await segmentTable(page);
    await page.getByLabel('Show segments').selectOption({ label: 'Unimported from previous version' });
    await expect(page.getByLabel('Show segments')).toHaveValue('unimportedFromPreviousVersion');
    // Only the menu's search label: version 1 validated "Rechercher dans la formation", version 2's file still says
    // "Rechercher dans le cours". Not the glossary term (version 1's edit was imported) nor the question whose French
    // changed in the authoring app.
    const segments = table.getByRole('row').filter({ has: page.getByTitle('Edit translation') });
    await expect(segments).toHaveCount(1);
    await expect(segments.first()).toContainText('Search the course');
    await expect(segments.first()).toContainText('Rechercher dans le cours');
    await expect(table).not.toContainText('Remontée');
    await expect(table).not.toContainText('Un client crie');

    // The version diff says the same: that segment is its one unimported target change.
    await page.getByLabel('Show segments').selectOption({ value: 'all' });
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const diff = page.getByRole('region', { name: 'Version diff' });
    const targetChanges = diff.getByRole('region', { name: 'Target changes' });
    await expect(targetChanges).toContainText('Rechercher dans la formation');
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('after Mark complete the languages sidebar shows the same progress as the header, and after Reopen too', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    await segmentTable(page);
    await goToSlide(page, 'Summary');
    const header = page.getByText(/^\d+ of \d+ slides complete$/);
    const french = page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: /^French/ });
    const [before, total] = ((await header.textContent()) ?? '').match(/\d+/g)!.map(Number) as [number, number];
    await expect(french).toContainText(`${before} of ${total} complete`);
    const bar = page.getByRole('navigation', { name: 'Group navigation' });
    await bar.getByRole('button', { name: 'Mark complete' }).click();
    await expect(header).toHaveText(`${before + 1} of ${total} slides complete`);
    await expect(french).toContainText(`${before + 1} of ${total} complete`);
    await bar.getByRole('button', { name: 'Reopen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reopen this slide?' });
    await confirm.getByRole('button', { name: 'Reopen' }).click();
    await expect(header).toHaveText(`${before} of ${total} slides complete`);
    await expect(french).toContainText(`${before} of ${total} complete`);
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('after a click on a row, and after its editor closes, the arrow keys still move between slides', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    const table = await segmentTable(page);
    const position = page.getByRole('navigation', { name: 'Group navigation' }).locator('.translation-bar__position');
    await expect(position).toHaveText('Slide 1 of 13');
    // A click on a row's source text (nothing there takes focus).
    await table.getByRole('row').filter({ hasText: 'Précédent' }).getByText('Previous', { exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText('Slide 2 of 13');
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('Slide 1 of 13');

    // The editor of a row opened and closed with Escape: the keys go on working, also once that row has scrolled away.
    const row = table.getByRole('row').filter({ hasText: 'Précédent' });
    await row.getByTitle('Edit translation').click();
    const editor = page.getByRole('textbox', { name: /^Translation of/ });
    await expect(editor).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    for (let slide = 2; slide <= 8; slide++) {
      await page.keyboard.press('ArrowRight');
      await expect(position).toHaveText(`Slide ${slide} of 13`);
    }
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText('Slide 7 of 13');
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('Reset is not offered on a complete slide\'s segments; typing the original back over an edit says why nothing is saved', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    const table = await segmentTable(page);
    // Slide 1.1 Welcome is complete (locked): its accepted edits have no Reset.
    await goToSlide(page, 'Welcome');
    const welcomeRow = table.getByRole('row').filter({ hasText: 'Cliquez sur Commencer pour débuter.' });
    await expect(welcomeRow).toContainText('Accepted');
    await expect(welcomeRow.getByRole('button', { name: /Reset/ })).toHaveCount(0);

    // An edit of "Ressources", saved; then the original typed back: Save stays off and the editor says why.
    await goToSlide(page, 'Resources');
    const row = table.getByRole('row').filter({ hasText: 'Ressources' }).filter({ hasNotText: 'Charte' });
    let editor = await startEditRow(page, row);
    await page.keyboard.press('End');
    await page.keyboard.type(' utiles');
    await page.keyboard.press('Control+Enter');
    // Ctrl+Enter saves and opens the next segment's editor: Escape leaves it.
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    const edited = table.getByRole('row').filter({ hasText: 'Ressources utiles' });
    await expect(edited).toContainText('Edited');
    editor = await startEditRow(page, edited);
    await page.keyboard.press('End');
    for (let i = 0; i < ' utiles'.length; i++) await page.keyboard.press('Backspace');
    await expect(editor).toHaveText('Ressources');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'This is the original translation' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    // Reset goes back to it (the slide is not complete, so it is offered).
    await edited.getByRole('button', { name: /Reset/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: /Reset/ });
    await dialog.getByRole('button', { name: /Reset/ }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Ressources utiles' })).toHaveCount(0);
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('the version diff keeps a line break where the text has one (the words around it are not joined)', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    await segmentTable(page);
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const sources = page.getByRole('region', { name: 'Version diff' }).getByRole('region', { name: 'Source changes' });
    const before = sources.locator('del.translation-diff__text').first();
    await expect(before).toBeVisible();
    expect(await before.evaluate((element) => (element as HTMLElement).innerText)).toBe('Welcome, %UserName%!\nYou will learn how to handle complaints.');
    expect(await sources.locator('ins.translation-diff__text').first().evaluate((element) => (element as HTMLElement).innerText)).toBe(
      'Welcome, %UserName%!\nIn 20 minutes you will learn how to turn a complaint into loyalty.',
    );
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('Escape closes the course updates and the version diff wherever the click before it landed; Close updates is whole', async ({ browser, baseURL }) => {
  const id = await idOf(browser, baseURL!, FRENCH);
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(id));
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    const table = await segmentTable(page);
    const bar = page.getByRole('navigation', { name: 'Group navigation' });
    const updatesHeader = page.locator('.translation-updates-header');
    const openUpdates = async () => {
      await page.getByRole('button', { name: /^Course updates/ }).click();
      await expect(updatesHeader).toBeVisible();
    };
    // A click on a row's text, then Escape.
    await openUpdates();
    await table.getByRole('row').filter({ hasText: 'Repeat the problem back to the customer.' }).getByText('Repeat the problem back to the customer.').click();
    await page.keyboard.press('Escape');
    await expect(updatesHeader).toBeHidden();
    // A click on the page beside the panel (below the player), then Escape.
    await openUpdates();
    await page.mouse.click(300, 850);
    await page.keyboard.press('Escape');
    await expect(updatesHeader).toBeHidden();

    // Close updates is whole next to Mark complete (an update group that is not complete).
    await openUpdates();
    await bar.getByRole('button', { name: /Next update/ }).click();
    await expect(bar.getByRole('button', { name: 'Mark complete' })).toBeVisible();
    const close = bar.getByRole('button', { name: 'Close updates' });
    await expect(close).toBeVisible();
    const [closeBox, barBox] = [(await close.boundingBox())!, (await bar.boundingBox())!];
    expect(closeBox.x + closeBox.width).toBeLessThanOrEqual(barBox.x + barBox.width);
    expect(await close.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    await expect(close).toContainText('Close updates');
    await close.click();
    await expect(updatesHeader).toBeHidden();

    // The version diff: a click on a row's text, then Escape.
    await page.getByRole('button', { name: 'Compare versions' }).click();
    const diff = page.getByRole('region', { name: 'Version diff' });
    await expect(diff).toBeVisible();
    await table.locator('.translation-segment__source').first().click();
    await page.keyboard.press('Escape');
    await expect(diff).toBeHidden();
    expectNoPageErrors(page);
  } finally {
    await page.context().close();
  }
});

test('the translate tab of a source course, or of an item in no stack, goes to the review tab instead of a "status 404" message', async ({ browser, baseURL }) => {
  const english = await idOf(browser, baseURL!, `${STACK} (English)`);
  const styleGuide = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', 'Style guide');
  const page = await translatorPage(browser, baseURL!, VERA, translatePath(english));
  try {
    // The stack's source course: its review tab, with sourceCourse=true (translation-editor §2).
    await expect(page).toHaveURL(new RegExp(`/review/content/${english}/review\\?sourceCourse=true$`));
    await expect(page.getByRole('tab', { name: 'Translate', selected: true })).toHaveCount(0);
    await expect(page.getByText(/Could not fetch translations/)).toHaveCount(0);
    // Back goes to where the person came from, not to the translate address (it was replaced).
    await page.goBack();
    await expect(page).not.toHaveURL(/\/translate/);
  } finally {
    await page.context().close();
  }
  const owner = await translatorPage(browser, baseURL!, 'alex.admin@example.com', translatePath(styleGuide, '?version=2'));
  try {
    await expect(owner).toHaveURL(new RegExp(`/review/content/${styleGuide}/review\\?version=2$`));
    await expect(owner.getByText(/Could not fetch translations/)).toHaveCount(0);
    expectNoPageErrors(owner);
  } finally {
    await owner.context().close();
  }
});

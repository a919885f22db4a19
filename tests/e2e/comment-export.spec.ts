import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { buildStoryFixture } from '../../server/uploads/fixtures.ts';
import { parseCsv } from '../support/png.ts';
import { dropFiles, expect, expectNoAxeViolations, itemCard, itemIdOf, openGridAs, signedInPage, test, treeFolder, uniqueName, type TestFile } from './fixtures.ts';

/**
 * Comment export end to end (issue 26; review-and-content §2 export menu and comments export dialog, §5, §6, §9): the
 * owner writes comments (accents, CJK, right-to-left, a formula-like line), opens the export menu, picks an order and a
 * format in the dialog, waits for the file and downloads it through the offered link; the CSV is parsed, the PDF's text
 * read with pdftotext. The comments panel offers the same dialog.
 */

const ALEX = 'alex.admin@example.com';
const NICK = 'nick.nonadmin@example.com';
const IAN = 'ian.individual@example.com';

function storyFile(title: string): TestFile {
  const bytes = buildStoryFixture({ title, slides: [{ id: 's1', title: 'Welcome', sceneIndex: 0 }, { id: 's2', title: 'Summary', sceneIndex: 0 }] });
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

/** Alex uploads a fresh two-slide story to Team Library and opens it. */
async function freshItem(page: Page, prefix: string): Promise<string> {
  await openGridAs(page, ALEX);
  await treeFolder(page, 'Team Library').click();
  const title = uniqueName(prefix);
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title)]);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(page.frameLocator(`iframe[title="${title} (player)"]`).getByText('Player ready: 2 slides')).toBeVisible();
  return title;
}

async function postComment(page: Page, text: string): Promise<void> {
  const box = page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
  await box.click();
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text.split('\n')[0]! })).toBeVisible();
}

/** Chooses order and format in the open dialog, exports, and downloads the offered file; answers its bytes. */
async function exportThrough(page: Page, dialog: Locator, order: string, format: 'CSV' | 'PDF'): Promise<{ bytes: Buffer; name: string }> {
  await dialog.getByRole('radio', { name: order }).check();
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const link = dialog.getByRole('link', { name: /^Download / });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  return { bytes: readFileSync(file), name: download.suggestedFilename() };
}

test('the owner exports the comments from the export menu to CSV and PDF and reads them', async ({ page }) => {
  test.setTimeout(120_000);
  const title = await freshItem(page, 'Export');
  const lines = {
    accents: `Crème brûlée à la page ${uniqueName('p')}`,
    cjk: '日本語のコメント。中文评论。',
    rtl: 'مرحبا بالعالم',
    formula: '=SUM(A1:A9)',
  };
  for (const text of Object.values(lines)) await postComment(page, text);

  await page.getByRole('button', { name: 'Export menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Export comments…' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('export-menu.png') });
  await page.getByRole('menuitem', { name: 'Export comments…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export comments' });
  await expect(dialog).toBeVisible();
  // A slide item offers Most recent and By slide (§9), CSV and PDF (§5).
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('radio', { name: 'By slide' })).toBeVisible();
  await expectNoAxeViolations(page, 'comments export dialog');

  const csv = await exportThrough(page, dialog, 'By slide', 'CSV');
  expect(csv.name).toBe(`${title} comments.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(csv.bytes.toString('utf8').slice(1));
  expect(header).toContain('Author e-mail');
  expect(rows).toHaveLength(4);
  const texts = rows.map((row) => row[10]);
  expect(texts).toEqual(expect.arrayContaining([lines.accents, lines.cjk, lines.rtl, `'${lines.formula}`]));
  for (const row of rows) {
    expect(row[2]).toBe(title);
    expect(row[5]).toBe('Alex Admin');
    expect(row[6]).toBe(ALEX);
    expect(row[4]).toMatch(/Welcome/);
  }
  await expectNoAxeViolations(page, 'comments export dialog, file ready');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The comments panel offers the same dialog; this time a PDF, newest first.
  await page.getByRole('button', { name: 'Export comments' }).click();
  await expect(dialog).toBeVisible();
  const pdf = await exportThrough(page, dialog, 'Most recent first', 'PDF');
  expect(pdf.name).toBe(`${title} comments.pdf`);
  const text = execFileSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf.bytes, encoding: 'utf8' });
  expect(text).toContain(title);
  expect(text).toContain('4 comments, 0 replies');
  expect(text).toContain(lines.accents);
  expect(text).toContain(lines.cjk);
  for (const word of lines.rtl.split(' ')) expect(text).toContain(word);
  expect(text).toContain(lines.formula);
  await page.screenshot({ path: test.info().outputPath('comment-export-ready.png') });
});

test('the export is offered to a folder viewer, not to someone the item is only shared with (§6)', async ({ page, browser, baseURL }) => {
  // Nick views Team Library: the Style guide's export menu and comments panel offer the export.
  await openGridAs(page, NICK);
  await treeFolder(page, 'Team Library').click();
  await itemCard(page, 'Style guide').getByRole('link', { name: 'Style guide' }).click();
  await expect(page.getByRole('heading', { name: 'Style guide' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export comments' })).toBeVisible();
  await page.getByRole('button', { name: 'Export menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Export comments…' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Ian opens the item Alex shared with him by e-mail: he may comment, not export the reviewers' e-mails.
  const id = await itemIdOf(browser, baseURL!, ALEX, 'Quarterly results recap');
  const ian = await signedInPage(browser, baseURL!, IAN, `/review/content/${id}/review`);
  try {
    await expect(ian.getByRole('heading', { name: 'Quarterly results recap' })).toBeVisible();
    await expect(ian.getByRole('group', { name: 'New comment' })).toBeVisible();
    await expect(ian.getByRole('button', { name: 'Export comments' })).toHaveCount(0);
    const menu = ian.getByRole('button', { name: 'Export menu' });
    if ((await menu.count()) > 0) {
      await menu.click();
      await expect(ian.getByRole('menuitem', { name: 'Export comments…' })).toHaveCount(0);
    }
  } finally {
    await ian.context().close();
  }
});

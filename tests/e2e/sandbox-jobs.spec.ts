/**
 * Failed background jobs on /sandbox (staff, reached by the account menu's "Sandbox tools"), with a job that fails for
 * real: Alex has an item open and moves it to the trash from the grid in another tab, then exports its comments; the
 * export's job finds the item in the trash, is tried again (this file's server gives up after 2 attempts 200 ms
 * apart, JOB_MAX_ATTEMPTS / JOB_RETRY_DELAY_MS) and fails, and Alex is told. Sam (staff) sees the job failed with why;
 * Alex restores the item; Sam runs the job again after confirming, it leaves the list, and the same export is made.
 * Someone not staff has no such entry and never sees the section. Screenshots at 1400 and 390 px.
 */
import { openDatabase } from '../../server/db/database.ts';
import { COMMENT_EXPORT_JOB } from '../../server/exports/comments/index.ts';
import { duplicateItemAs, expect, itemCard, signedInPage, signInContextOf, test, treeFolder, uniqueName } from './fixtures.ts';
import { shoot } from './screenShots.ts';

const ALEX = 'alex.admin@example.com';

test.use({ serverEnv: { JOB_MAX_ATTEMPTS: '2', JOB_RETRY_DELAY_MS: '200' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

/** The state of Alex's comment exports of `itemId` as the service stored them (the table in the server's data folder). */
async function exportsOf(dataDir: string, itemId: string): Promise<{ id: string; status: string }[]> {
  const db = await openDatabase(dataDir, undefined);
  try {
    return await db.selectFrom('comment_exports').select(['id', 'status']).where('item_id', '=', itemId).execute();
  } finally {
    await db.destroy();
  }
}

test('a comment export fails for real while its item is in the trash; staff run it again once it is restored', async ({ page, servers, browser, baseURL }) => {
  test.setTimeout(120_000);
  const title = uniqueName('Trashed before export');
  const itemId = await duplicateItemAs(baseURL!, ALEX, 'Welcome to the team', title);

  // Alex opens the item from its card in Private content, and moves it to the trash from the grid in another tab.
  const alex = await signedInPage(browser, baseURL!, ALEX, '/review');
  await treeFolder(alex, 'Private content').click();
  await itemCard(alex, title).getByRole('link', { name: title }).click();
  await expect(alex).toHaveURL(new RegExp(`/review/content/${itemId}/review`));
  await expect(alex.getByRole('button', { name: 'Export menu' })).toBeVisible();
  const grid = await alex.context().newPage();
  await grid.goto('/review');
  await treeFolder(grid, 'Private content').click();
  await itemCard(grid, title).getByRole('button', { name: `Actions for ${title}` }).click();
  await grid.getByRole('menuitem', { name: 'Delete' }).click();
  const trashIt = grid.getByRole('dialog', { name: 'Move to trash?' });
  await trashIt.getByRole('button', { name: 'Move to trash' }).click();
  await expect(trashIt).toBeHidden();
  await expect(itemCard(grid, title)).toHaveCount(0);

  // The export of the open item: its job cannot make the file, is tried again, and fails.
  await alex.getByRole('button', { name: 'Export menu' }).click();
  await alex.getByRole('menuitem', { name: 'Export comments…' }).click();
  const exportDialog = alex.getByRole('dialog', { name: 'Export comments' });
  await exportDialog.getByRole('radio', { name: /^CSV/ }).check();
  await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(alex.getByText('The export failed. Please try again later.').first()).toBeVisible({ timeout: 30_000 });

  // Sam (staff) finds it in the sandbox, with why.
  await signInContextOf(page, 'sam.staff@example.com');
  await page.goto('/');
  await page.getByRole('button', { name: /^SS/ }).click();
  await page.getByRole('menuitem', { name: 'Sandbox tools' }).click();
  await expect(page).toHaveURL(/\/sandbox$/);
  const section = page.getByRole('region', { name: 'Failed background jobs' });
  const [started] = await exportsOf(servers.current!.dataDir, itemId);
  expect(started?.status).toBe('failed');
  const row = section.getByRole('row').filter({ hasText: `${COMMENT_EXPORT_JOB}:${started!.id}` });
  await expect(row).toContainText(`"${title}" is in the trash`);
  await expect(row).toContainText('2');
  await shoot(page, 'sandbox-jobs-failed');

  // Alex removes the cause: the item comes back from the trash.
  await treeFolder(grid, 'Trash').click();
  await itemCard(grid, title).getByRole('button', { name: `Actions for ${title}` }).click();
  await grid.getByRole('menuitem', { name: 'Remove from trash' }).click();
  await expect(itemCard(grid, title)).toHaveCount(0);

  // Sam runs it again: it leaves the list, and this time the export is made.
  await row.getByRole('button', { name: /Run again/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this job again?' });
  await expect(dialog).toContainText('failed 2 times');
  await shoot(page, 'sandbox-jobs-confirm');
  await dialog.getByRole('button', { name: 'Run again' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toContainText('Queued again: Making a comment export');
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await exportsOf(servers.current!.dataDir, itemId))[0]?.status, { timeout: 30_000 }).toBe('ready');
  // Alex's dialog, still open on the failure, follows the job run again and offers the file.
  await expect(exportDialog.getByRole('link', { name: /Download/ })).toBeVisible();
  await expect(alex.getByText('Your comment export is ready to download.').first()).toBeVisible();
  // Read again from the service: it is not listed as failed any more.
  await section.getByRole('button', { name: 'Refresh' }).click();
  await expect(section).toContainText('No failed background jobs.');
  await shoot(page, 'sandbox-jobs-empty');
  await alex.context().close();
});

test('someone not staff has no sandbox tools entry and never sees the failed jobs', async ({ page }) => {
  await signInContextOf(page, 'tara.team@example.com');
  await page.goto('/');
  await page.getByRole('button', { name: /^TT/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sandbox tools' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Typing the address does not help either.
  await page.goto('/sandbox');
  await expect(page).not.toHaveURL(/\/sandbox/);
  await expect(page.getByRole('heading', { name: 'Failed background jobs' })).toHaveCount(0);
});

/**
 * Failed background jobs on /sandbox (staff, reached by the account menu's "Sandbox tools"): a job the service gave up
 * on is listed with its error; staff run it again after confirming, and it leaves the list once queued. Someone not
 * staff has no such entry and never sees the section. Axe and
 * screenshots at 1400 and 390 px.
 */
import { openDatabase } from '../../server/db/database.ts';
import { EXPORT_FILE_REMOVAL_JOB } from '../../server/exports/fileExpiry.ts';
import { expect, test } from './fixtures.ts';
import { shoot } from './screenShots.ts';

/** A removal of an export file that failed every attempt, as the job queue leaves it (its table in the server's data folder). */
async function failedRemovalJob(dataDir: string): Promise<string> {
  const key = `review/exports/comments/e2e-${Date.now()}.csv`;
  const id = `${EXPORT_FILE_REMOVAL_JOB}:${key}`;
  const db = await openDatabase(dataDir, undefined);
  try {
    await db
      .insertInto('jobs')
      .values({ id, kind: EXPORT_FILE_REMOVAL_JOB, payload: JSON.stringify({ key }), run_after: Date.now(), lease_owner: null, lease_expires_at: null, done_at: null, result: null, created_at: new Date().toISOString(), attempts: 5, failed_at: Date.now(), last_error: 'The object store did not answer' })
      .execute();
  } finally {
    await db.destroy();
  }
  return id;
}

test('staff run a failed background job again and it leaves the list', async ({ page, signIn, servers, baseURL }) => {
  expect(baseURL).toBeTruthy();
  const id = await failedRemovalJob(servers.current!.dataDir);

  await page.goto('/');
  await signIn('sam.staff@example.com');
  await page.getByRole('button', { name: /^SS/ }).click();
  await page.screenshot({ path: test.info().outputPath('sandbox-menu-entry.png') });
  await page.getByRole('menuitem', { name: 'Sandbox tools' }).click();
  await expect(page).toHaveURL(/\/sandbox$/);
  const section = page.getByRole('region', { name: 'Failed background jobs' });
  const row = section.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Removing an expired export file');
  await expect(row).toContainText('The object store did not answer');
  await expect(row).toContainText('5');
  await shoot(page, 'sandbox-jobs-failed');

  await row.getByRole('button', { name: /Run again/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this job again?' });
  await expect(dialog).toContainText('failed 5 times');
  await shoot(page, 'sandbox-jobs-confirm');
  await dialog.getByRole('button', { name: 'Run again' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('status')).toContainText('Queued again: Removing an expired export file.');
  await expect(row).toHaveCount(0);
  // Read again from the service: it is not listed as failed any more.
  await section.getByRole('button', { name: 'Refresh' }).click();
  await expect(section).toContainText('No failed background jobs.');
  await expect(row).toHaveCount(0);
  await shoot(page, 'sandbox-jobs-empty');
});

test('someone not staff has no sandbox tools entry and never sees the failed jobs', async ({ page, signIn }) => {
  await page.goto('/');
  await signIn('tara.team@example.com');
  await page.getByRole('button', { name: /^TT/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sandbox tools' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Typing the address does not help either.
  await page.goto('/sandbox');
  await expect(page).not.toHaveURL(/\/sandbox/);
  await expect(page.getByRole('heading', { name: 'Failed background jobs' })).toHaveCount(0);
});

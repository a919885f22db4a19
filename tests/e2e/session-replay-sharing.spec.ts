/**
 * Sharing sessions recorded in Chromium through the real UI against the real service, downloaded from the account
 * menu and replayed headless with 0 divergences: the share settings of an item (a person added, made public with
 * guest comments, the link copied), and a review request sent and answered by the reviewer's status.
 */

import { expect, openGridAs, test } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { openFromSearch, openShareDialog } from './userActions.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-sharing' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';

test('a share-settings session (add a person, make public, copy the link) replays with no divergence', async ({ page, baseURL }) => {
  const title = 'Welcome to the team';
  await openGridAs(page, ALEX);
  await openFromSearch(page, title);

  let dialog = await openShareDialog(page, title);
  await dialog.getByRole('radio', { name: /Only people with access/ }).check();
  await dialog.getByLabel('Add people by e-mail').fill(TARA);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'People with access' }).getByRole('listitem').filter({ hasText: TARA })).toContainText('Not saved yet');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openShareDialog(page, title);
  await dialog.getByRole('radio', { name: /Anyone with the link/ }).check();
  await dialog.getByRole('checkbox', { name: 'Guests can comment' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  dialog = await openShareDialog(page, title);
  await expect(dialog.getByRole('radio', { name: /Anyone with the link/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['share.addEmails', 'share.save', 'share.setAllowAnonComments', 'share.copyLink']) expect(types).toContain(type);
  // The copy confirmation's timer fired in the recording (and so in the replay).
  expect(types.some((type) => type.startsWith('xstate.after.copyConfirmation.'))).toBe(true);
});

test('a review-request session (request, status, due date) replays with no divergence', async ({ page }) => {
  const title = 'Quarterly results recap';
  await openGridAs(page, ALEX);
  await openFromSearch(page, title);

  await page.getByRole('button', { name: 'Request review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a review' });
  const entry = dialog.getByRole('textbox', { name: 'Reviewers', exact: true });
  await entry.fill(TARA);
  await entry.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Selected reviewers' }).getByRole('listitem')).toHaveCount(1);
  await dialog.getByLabel('Due date (optional)').fill('2099-03-14');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();

  const flyout = page.getByRole('dialog', { name: 'Review request' });
  if (!(await flyout.isVisible())) await page.getByRole('button', { name: /^Review (in progress|complete)$/ }).click();
  const row = flyout.getByRole('list', { name: 'Reviewers' }).getByRole('listitem').filter({ hasText: TARA });
  await expect(row).toContainText('Email sent');
  await expect(row).toContainText('Due Mar 14, 2099');
  await page.keyboard.press('Escape');
  await expect(flyout).toBeHidden();

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['requestDialog.addEntry', 'requestDialog.setDueDate', 'requestDialog.submit', 'xstate.done.actor.createReviewRequest']) expect(types).toContain(type);
});

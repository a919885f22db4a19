/**
 * The notification outbox on /sandbox (staff): a review request's e-mail is shown as sent once the delivery job has
 * sent it, its reminders (due later) as not yet sent. Axe and screenshots at 1400 and 390 px.
 */
import { REVIEW_REQUEST_CALLS } from '../../domain/reviewRequests.ts';
import { SEEDED_ITEMS } from '../../server/seedContent.ts';
import { expect, itemIdOf, requestAs, signInContextOf, test } from './fixtures.ts';
import { shoot } from './screenShots.ts';

test('staff see which notifications went out and which are still to go', async ({ page, browser, baseURL }) => {
  const itemId = await itemIdOf(browser, baseURL!, 'alex.admin@example.com', SEEDED_ITEMS.private);
  const body = { itemId, reviewers: ['outbox.reader@example.org'], dueDate: '2099-03-10', customMessage: null, action: 'request', requesterTimeZone: 'UTC', isInStack: false, userTypes: { mrus: 0, subAndNonMruUsers: 0, emailUsers: 1 } };
  expect((await requestAs(baseURL!, 'alex.admin@example.com', 'POST', `/api${REVIEW_REQUEST_CALLS.create.path}`, body)).status).toBe(200);

  await signInContextOf(page, 'sam.staff@example.com');
  await page.goto('/');
  await page.getByRole('button', { name: /^SS/ }).click();
  await page.getByRole('menuitem', { name: 'Sandbox tools' }).click();
  await expect(page).toHaveURL(/\/sandbox$/);
  await page.getByLabel('Item id').fill(itemId);
  await page.getByRole('button', { name: 'Show' }).click();
  const table = page.getByRole('table', { name: /Notification outbox/ });
  await expect(table.getByRole('columnheader', { name: 'Delivered' })).toBeVisible();
  const request = table.getByRole('row').filter({ hasText: 'Review request' });
  const reminders = table.getByRole('row').filter({ hasText: 'Review reminder' });
  await expect(reminders).toHaveCount(3);
  // The delivery job runs every second on the test servers (OUTBOX_DELIVERY_MS; 15 s by default): the staff member
  // refreshes until the request's e-mail shows as sent.
  await expect(async () => {
    await page.getByRole('region', { name: 'Notification outbox' }).getByRole('button', { name: 'Refresh' }).click();
    await expect(request).toContainText('Sent', { timeout: 1_000 });
  }).toPass({ timeout: 40_000 });
  for (const reminder of await reminders.all()) await expect(reminder).toContainText('Not yet');
  await shoot(page, 'sandbox-outbox-delivered');
});

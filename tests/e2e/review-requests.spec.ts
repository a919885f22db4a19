import type { Browser, Locator, Page } from '@playwright/test';
import type { OutboxEntry } from '../../domain/notifications.ts';
import { duplicateItemAs, expect, requestAs, signedInPage, signInContextOf, test, uniqueName } from './fixtures.ts';

/**
 * Review requests end to end (issue 7): the owner asks a signed-in reviewer and an anonymous guest to review a fresh
 * item; each reviewer opens it through the link e-mailed to them (read from the outbox), the guest comments, both
 * complete, the owner re-requests, edits the due date and removes a reviewer. Every step is asserted live in the
 * other contexts (no reloads). The item is the test's own copy of a seeded one, so nothing depends on another test.
 */

const ALEX = 'alex.admin@example.com';
const TARA = 'tara.team@example.com';
const SAM = 'sam.staff@example.com';

/** The access token the signed-in page holds. */
async function bearerOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  if (!token) throw new Error('bearerOf: the page is not signed in');
  return token;
}

/**
 * `email`'s own copy of the seeded story "Style guide" in Team Library (made through the API: the upload is
 * uploads.spec's subject), opened on `page`; resolves its title and id.
 */
async function ownItemCopy(page: Page, baseURL: string, email: string, prefix: string): Promise<{ title: string; id: string }> {
  const title = uniqueName(prefix);
  const id = await duplicateItemAs(baseURL, email, 'Style guide', title);
  await signInContextOf(page, email);
  await page.goto(`/review/content/${id}/review`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  return { title, id };
}

/** The review-request links e-mailed for `itemId`, by recipient (read from the outbox as staff). */
async function reviewLinks(baseURL: string, itemId: string, count: number): Promise<Map<string, string>> {
  let links = new Map<string, string>();
  await expect
    .poll(async () => {
      const response = await requestAs(baseURL, SAM, 'GET', `/api/sandbox/outbox?itemId=${itemId}`);
      const { entries } = (await response.json()) as { entries: OutboxEntry[] };
      links = new Map(entries.filter((entry) => entry.kind === 'reviewRequest').map((entry) => [entry.recipientEmail.toLowerCase(), entry.link]));
      return links.size;
    })
    .toBe(count);
  return links;
}

/** The header button showing the overall status. */
function statusButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Review (in progress|complete)$/ });
}

/** The request-review flyout. */
function flyout(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Review request' });
}

/** Opens the flyout unless it is open already. */
async function openFlyout(page: Page): Promise<Locator> {
  const panel = flyout(page);
  if (!(await panel.isVisible())) await statusButton(page).click();
  await expect(panel).toBeVisible();
  return panel;
}

/** A reviewer's row in the flyout. */
function reviewerRow(page: Page, email: string): Locator {
  return flyout(page).getByRole('list', { name: 'Reviewers' }).getByRole('listitem').filter({ hasText: email });
}

/** Asserts `email`'s badge on every page (each flyout opened first). */
async function expectStatus(pages: Page[], email: string, status: string): Promise<void> {
  for (const page of pages) {
    await openFlyout(page);
    await expect(reviewerRow(page, email)).toContainText(status);
  }
}

/** A signed-out context opening `link`: the anonymous e-mail step, then the item. */
async function anonymousPage(browser: Browser, baseURL: string, email: string, link: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Reviewing as ${email}`)).toBeVisible();
  return page;
}

/** The path and query of an e-mailed link (the test server's origin may differ from the link's). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test('owner, a signed-in reviewer and a guest go through a review request live', async ({ page, browser, baseURL }) => {
  const owner = page;
  const item = await ownItemCopy(owner, baseURL!, ALEX, 'Review request');
  const guestEmail = `guest-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // Guests may comment on this item (a sharing setting of issue 6), so the guest's comment can be posted.
  const made = await owner.request.put(`/api/items/${item.id}/share-settings/public`, {
    headers: { Authorization: `Bearer ${await bearerOf(owner)}` },
    data: { allowAnonComments: true, password: null },
  });
  expect(made.status()).toBe(200);

  // The owner asks tara (typed) and the guest (pasted) with a due date.
  await owner.getByRole('button', { name: 'Request review', exact: true }).click();
  const dialog = owner.getByRole('dialog', { name: 'Request a review' });
  await expect(dialog).toBeVisible();
  const entry = dialog.getByRole('textbox', { name: 'Reviewers', exact: true });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await entry.fill(TARA);
  await entry.press('Enter');
  await entry.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `${guestEmail}, ${TARA}`);
  const chips = dialog.getByRole('list', { name: 'Selected reviewers' }).getByRole('listitem');
  await expect(chips).toHaveCount(2);
  await dialog.getByLabel('Due date (optional)').fill('2099-03-14');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expectStatus([owner], TARA, 'Email sent');
  await expectStatus([owner], guestEmail, 'Email sent');
  await expect(reviewerRow(owner, TARA)).toContainText('Due Mar 14, 2099');

  // The e-mails are in the outbox, each with its reviewer's link.
  const links = await reviewLinks(baseURL!, item.id, 2);
  const taraLink = links.get(TARA)!;
  const guestLink = links.get(guestEmail)!;
  expect(taraLink).toMatch(new RegExp(`/review/content/${item.id}/review\\?reviewRequest=[^&]+$`));
  expect(guestLink).toMatch(new RegExp(`/review/content/${item.id}/review\\?reviewRequest=[^&]+$`));

  // Tara opens her link: viewed, live for the owner.
  const tara = await signedInPage(browser, baseURL!, TARA, pathOf(taraLink));
  let guest: Page | null = null;
  try {
    await expect(tara.getByRole('heading', { name: item.title })).toBeVisible();
    await expectStatus([owner, tara], TARA, 'Viewed');

    // The guest opens the e-mailed link signed out: the e-mail step, the item, viewed for everyone.
    guest = await anonymousPage(browser, baseURL!, guestEmail, pathOf(guestLink));
    await expect(guest.getByRole('heading', { name: item.title })).toBeVisible();
    await expectStatus([owner, tara, guest], guestEmail, 'Viewed');

    // The guest comments: in progress.
    await guest.keyboard.press('Escape');
    await expect(flyout(guest)).toBeHidden();
    const box = guest.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
    await box.click();
    await guest.keyboard.type(uniqueName('Looks good'));
    await guest.keyboard.press('Enter');
    await expectStatus([owner, tara, guest], guestEmail, 'In progress');

    // Tara marks her review complete; she reopens it after confirming, then completes it again.
    await (await openFlyout(tara)).getByRole('button', { name: 'Mark my review complete' }).click();
    await expectStatus([owner, guest, tara], TARA, 'Complete');
    await flyout(tara).getByRole('button', { name: 'Reopen my review' }).click();
    const reopen = tara.getByRole('dialog', { name: 'Reopen your review?' });
    await reopen.getByRole('button', { name: 'Reopen review' }).click();
    await expect(reopen).toBeHidden();
    await expectStatus([owner, guest, tara], TARA, 'Viewed');
    await (await openFlyout(tara)).getByRole('button', { name: 'Mark my review complete' }).click();
    await expectStatus([owner, guest, tara], TARA, 'Complete');

    // The guest completes: every header says complete.
    await (await openFlyout(guest)).getByRole('button', { name: 'Mark my review complete' }).click();
    for (const viewer of [owner, tara, guest]) await expect(statusButton(viewer)).toHaveAccessibleName('Review complete');

    // The owner re-requests: both back to viewed for everyone.
    await (await openFlyout(owner)).getByRole('button', { name: 'Re-request review' }).click();
    for (const email of [TARA, guestEmail]) await expectStatus([owner, tara, guest], email, 'Viewed');
    for (const viewer of [owner, tara, guest]) await expect(statusButton(viewer)).toHaveAccessibleName('Review in progress');

    // The owner moves the due date: live for the reviewers.
    await (await openFlyout(owner)).getByLabel('Due date', { exact: true }).fill('2099-04-02');
    for (const viewer of [owner, tara, guest]) {
      await openFlyout(viewer);
      await expect(reviewerRow(viewer, TARA)).toContainText('Due Apr 2, 2099');
    }

    // The owner removes the guest after confirming: gone for the others.
    await reviewerRow(owner, guestEmail).getByRole('button', { name: `Remove ${guestEmail}` }).click();
    const confirm = owner.getByRole('dialog', { name: 'Remove reviewer?' });
    await expect(confirm).toContainText(`${guestEmail} will no longer be asked to review this item.`);
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    for (const viewer of [owner, tara, guest]) {
      await openFlyout(viewer);
      await expect(reviewerRow(viewer, guestEmail)).toHaveCount(0);
      await expect(reviewerRow(viewer, TARA)).toContainText('Viewed');
    }
    // The guest is no reviewer any more: nothing of their own to complete.
    await expect(flyout(guest).getByRole('button', { name: 'Mark my review complete' })).toHaveCount(0);
  } finally {
    await tara.context().close();
    await guest?.context().close();
  }
});

test('a refused request is toasted with the server’s message; deleting the whole request is live for the reviewer', async ({ page, browser, baseURL }) => {
  const owner = page;
  const item = await ownItemCopy(owner, baseURL!, ALEX, 'Refused request');

  // The service refuses once: the toast names its message and the dialog closes.
  await owner.route('**/api/review-requests', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Bad Request', message: 'The due date is before today.' }) })
      : route.continue(),
  );
  const request = async () => {
    await owner.getByRole('button', { name: 'Request review', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Request a review' });
    const entry = dialog.getByRole('textbox', { name: 'Reviewers', exact: true });
    await entry.fill(TARA);
    await entry.press('Enter');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toBeHidden();
  };
  await request();
  await expect(owner.getByText('The review request wasn’t sent: The due date is before today.')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Request review', exact: true })).toBeVisible();

  // Answered again, the request goes through; tara, on the item, sees it arrive and then vanish.
  await owner.unroute('**/api/review-requests');
  const tara = await signedInPage(browser, baseURL!, TARA, `/review/content/${item.id}/review`);
  try {
    await expect(tara.getByRole('heading', { name: item.title })).toBeVisible();
    await expect(statusButton(tara)).toHaveCount(0);
    await request();
    await expect(statusButton(tara)).toHaveAccessibleName('Review in progress');
    await expectStatus([tara], TARA, 'Email sent');

    await (await openFlyout(owner)).getByRole('button', { name: 'Delete review request' }).click();
    const confirm = owner.getByRole('dialog', { name: 'Delete this review request?' });
    await confirm.getByRole('button', { name: 'Delete request' }).click();
    await expect(confirm).toBeHidden();
    await expect(owner.getByRole('button', { name: 'Request review', exact: true })).toBeVisible();
    await expect(statusButton(tara)).toHaveCount(0);
    await expect(flyout(tara)).toHaveCount(0);
  } finally {
    await tara.context().close();
  }
});

/**
 * Sessions in which timers matter, recorded in Chromium through the real UI against the real service, downloaded
 * from the account menu and replayed headless with 0 divergences: a toast paused by hovering and then expiring, a
 * dialog closing after its delay, a folder opening under a drag after its hover delay; and access tokens that live
 * 10 s on this file's server, so the refresh timer fires and the service drops the socket whose token expired while
 * the session goes on.
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillLogin, itemCard, openGridAs, test, tokenOf, treeFolder, uniqueName } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';
import { createFolder } from './userActions.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-timers', ACCESS_TOKEN_TTL_SECONDS: '10' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const ALEX = 'alex.admin@example.com';

/** Signed in through the login page, so the recording starts with the sign-in itself. */
async function signInThroughThePage(page: Page): Promise<void> {
  await page.goto('/review/folder/PRIVATE_CONTENT');
  await fillLogin(page, ALEX, DEMO_PASSWORD);
  await expect(treeFolder(page, 'Private content')).toBeVisible();
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('a returning user’s session (signed in before, tokens refreshed as the page opens) with a toast paused then expiring, a dialog’s close delay and a drag’s hover-open replays with no divergence', async ({ page }) => {
  // Signed in before this page load: the stored sign-in is restored and its tokens refreshed while the first requests
  // wait for them (the token bus), among the first delayed events.
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  await expect(treeFolder(page, 'Private content')).toBeVisible();

  // The New folder dialog closes after its delay.
  const name = uniqueName('Timers');
  await createFolder(page, name);

  // An item dragged over the closed folder Drafts: after the hover delay it opens, and the item goes to Q3 ideas inside it.
  const dragged = 'Welcome to the team';
  const card = itemCard(page, dragged);
  await expect(page.getByRole('region', { name: 'Folders' }).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(treeFolder(page, 'Q3 ideas')).toHaveCount(0);
  const box = (await card.boundingBox())!;
  await card.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  await treeFolder(page, 'Drafts').hover();
  await expect(treeFolder(page, 'Q3 ideas')).toBeVisible();
  await treeFolder(page, 'Q3 ideas').hover();
  await page.mouse.up();
  const moved = toasts(page).getByText(`“${dragged}” moved to Q3 ideas.`);
  await expect(moved).toBeVisible();

  // The toast's clock stops under the pointer and runs again when it leaves; then the toast expires.
  await moved.hover();
  await page.mouse.move(5, 5);
  await expect(moved).toBeHidden();

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  for (const type of ['toast.pause', 'toast.resume', 'toast.expired', 'drag.expanded']) expect(types).toContain(type);
  for (const timer of ['closeDelay', 'hoverOpen', 'duration']) expect(types.some((type) => type.startsWith(`xstate.after.${timer}.`))).toBe(true);
});

test('a session outliving its access token (refresh timer, socket dropped for the expired token) replays with no divergence', async ({ page }) => {
  await signInThroughThePage(page);
  const stored = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number }) : { access_token: '', expires_at: 0 };
    });
  const first = await stored();
  expect(first.access_token).not.toBe('');
  // Past the first token's end: refreshed, and the service has dropped the socket that connected with it.
  await expect.poll(async () => (await tokenOf(page)) !== first.access_token && Date.now() / 1000 > first.expires_at + 1, { timeout: 30_000 }).toBe(true);
  await expect(page.getByText('Reconnecting to live updates…')).toBeHidden();

  // Live updates still work: a folder created shows up.
  const name = uniqueName('After refresh');
  await createFolder(page, name);

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  expect(types.some((type) => type.startsWith('xstate.after.tokenRefresh.'))).toBe(true);
  for (const type of ['socket.disconnected', 'realtime.reconnected']) expect(types).toContain(type);
});

/**
 * A session longer than its log's bound: the running app is given a small bound and frequent checkpoints (served in
 * /config.json from EVENT_LOG_CAPACITY_BYTES / EVENT_LOG_CHECKPOINT_EVERY_MS), so a short session drops its head as an
 * hour of use would; the downloaded log replays from its first checkpoint with no divergence.
 */
import { expect, openGridAs, test, treeFolder, uniqueName } from './fixtures.ts';
import { downloadAndReplay } from './replaySupport.ts';
import { createFolder } from './userActions.ts';

const ALEX = 'alex.admin@example.com';

// A small bound and frequent checkpoints, so a short session drops its head as an hour of use would. What a step logs
// depends on the browser's speed (the slower, the more timer and idle-time entries), so the session goes on (folder
// after folder, then back and forth through them) well past the bound on a fast machine too, and what is kept spans
// several checkpoints with the steps after them.
test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-long', EVENT_LOG_CAPACITY_BYTES: '100000', EVENT_LOG_CHECKPOINT_EVERY_MS: '1000' } });

test('replays from its first checkpoint with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const names: string[] = [];
  for (let i = 0; i < 6; i++) {
    const name = uniqueName(`Head ${i}`);
    names.push(name);
    await createFolder(page, name);
    await treeFolder(page, name).click();
    await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText(name, { exact: true })).toBeVisible();
  }
  for (let round = 0; round < 2; round++) {
    for (const name of round === 0 ? [...names].reverse() : names) {
      await treeFolder(page, name).click();
      await expect(page.getByRole('navigation', { name: 'Folder path' }).getByText(name, { exact: true })).toBeVisible();
    }
  }
  const { log, result } = await downloadAndReplay(page, { allowDroppedHead: true });
  expect(log.header.dropped).toBeGreaterThan(0);
  expect(result.startedAt).toBeGreaterThanOrEqual(0);
  expect(result.injected).toBeGreaterThan(5);
});

/**
 * Upload sessions recorded in Chromium through the real UI against the real service, downloaded from the account menu
 * and replayed headless with 0 divergences: a story zip dropped on the grid, uploaded with moving progress (the upload
 * is throttled so progress is reported several times), processed, then opened; and an upload whose PUT never gets
 * through, failed by its stall timer, then retried.
 */
import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, expect, itemCard, openGridAs, test, uniqueName, type TestFile } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-uploads' } });
// The file's tests run in order in one worker, so its own server starts once.
test.describe.configure({ mode: 'default' });

const ALEX = 'alex.admin@example.com';

/** A valid story zip of about `megabytes` MB (a stored, uncompressed payload), so that its PUT takes a while when throttled. */
function bigStoryFile(title: string, megabytes: number): TestFile {
  const filler = new Uint8Array(megabytes * 1024 * 1024);
  for (let index = 0; index < filler.length; index += 4096) filler[index] = (index / 4096) & 0xff;
  const bytes = zipSync(
    {
      'story.html': strToU8(`<!DOCTYPE html><title>${title}</title><h1>${title}</h1>`),
      'threeSixty.json': strToU8(JSON.stringify({ title, slides: [], scenes: [], player: { name: 'Modern', width: 960, height: 540 } })),
      'story_content/thumbnail.jpg': thumbnailFixture(),
      'story_content/media.bin': [filler, { level: 0 }],
    },
    { level: 0 },
  );
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

const uploadsPanel = (page: Page) => page.getByRole('region', { name: 'Uploads' });

test('an upload session (drop, progress, processing, open) replays with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Uploaded course');
  const file = bigStoryFile(title, 4);

  // About 1 MB/s up: the PUT reports progress several times before it ends.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });

  await dropFiles(page.getByRole('list', { name: 'Items' }), [file]);
  const progress = uploadsPanel(page).getByRole('progressbar', { name: `Upload progress of ${file.name}` });
  await expect(progress).toHaveAttribute('aria-valuetext', /^Uploading ([1-8]\d)%$/);
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
  await expect(uploadsPanel(page)).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const card = itemCard(page, title);
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  expect(types.filter((type) => type === 'upload.progress').length).toBeGreaterThan(2);
});

test('an upload that stalls, fails and is retried replays with no divergence', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Stalled course');
  const file = bigStoryFile(title, 1);

  // The first PUT of the file never gets through: no progress, so the upload's stall timer fails it.
  let held = true;
  await page.route('**/*', async (route) => {
    if (held && route.request().method() === 'PUT') return; // left hanging, as on a dead connection
    await route.fallback();
  });
  await dropFiles(page.getByRole('list', { name: 'Items' }), [file]);
  await expect(page.getByText(`Upload failed: ${file.name}`)).toBeVisible();
  held = false;

  // Retry picks the file again.
  const chooser = page.waitForEvent('filechooser');
  await uploadsPanel(page).getByRole('button', { name: `Retry ${file.name}` }).click();
  await (await chooser).setFiles([file]);
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
  await expect(itemCard(page, title).getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);

  const { log } = await downloadAndReplay(page);
  const types = eventTypes(log);
  expect(types.some((type) => type.startsWith('xstate.after.uploadStall.'))).toBe(true);
  for (const type of ['upload.retry', 'upload.putDone']) expect(types).toContain(type);
});

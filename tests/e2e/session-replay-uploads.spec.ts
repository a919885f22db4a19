/**
 * An upload session recorded in Chromium through the real UI against the real service: a story zip dropped on the
 * grid, uploaded with moving progress (the upload is throttled so progress is reported several times), processed,
 * then opened; downloaded from the account menu and replayed headless with 0 divergences.
 */
import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, expect, itemCard, openGridAs, test, uniqueName, type TestFile } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

test.use({ serverEnv: { REVIEW_E2E_SERVER: 'session-replay-uploads' } });

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
  if (process.env.REPLAY_TYPES) console.log([...new Set(types)].join(' '));
  expect(types.filter((type) => type === 'upload.progress').length).toBeGreaterThan(2);
});

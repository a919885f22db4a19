import { Buffer } from 'node:buffer';
import type { Locator, Page } from '@playwright/test';
import { zipSync, strToU8 } from 'fflate';
import { buildStoryFixture, thumbnailFixture } from '../../server/uploads/fixtures.ts';
import { dropFiles, expect, itemCard, openGridAs, test, uniqueName, withContentApi, type TestFile } from './fixtures.ts';
import { downloadAndReplay, eventTypes } from './replaySupport.ts';

const ALEX = 'alex.admin@example.com';

/** A valid Storyline publish named `<title>.zip` (the item takes the file name without its extension). */
function storyFile(title: string, slides = 2): TestFile {
  const bytes = buildStoryFixture({ title, slides: Array.from({ length: slides }, (_, index) => ({ id: `s${index + 1}`, title: `Slide ${index + 1}`, sceneIndex: 0 })) });
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };
}

/** The uploads toast (a region, wherever the person is). */
function uploadsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Uploads' });
}

/** The 'Uploading', 'Processing' or 'Failed' badge over a card's thumbnail. */
function versionBadge(card: Locator): Locator {
  return card.getByText(/^(Uploading|Processing|Failed)/);
}

/** Picks `files` through the sub-header's 'Upload file' button. */
async function chooseFiles(page: Page, files: TestFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles(files);
}

test('a story zip dropped on the grid uploads, is processed and plays in a sandboxed frame on its own origin', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Dropped course');
  const file = storyFile(title, 3);

  // The upload URL call waits until the toast has been seen: a small file is otherwise done before a look.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/uploads/url?**', async (route) => {
    await released;
    await route.continue();
  });

  await dropFiles(page.getByRole('list', { name: 'Items' }), [file]);

  // The uploads toast lists the file with its progress.
  await expect(uploadsPanel(page).getByRole('progressbar', { name: `Upload progress of ${file.name}` })).toBeVisible();
  await expect(uploadsPanel(page).getByText(file.name)).toBeVisible();
  await expect(uploadsPanel(page).getByText('Uploading 1 file…')).toBeVisible();
  release();
  // Done: the row leaves the list and the 'upload complete' toast names the file.
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
  await expect(uploadsPanel(page)).toHaveCount(0);

  // The card appears and, once processed, carries no badge (ready).
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(versionBadge(card)).toHaveCount(0);

  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/review\/content\/[^/]+\/review$/);
  const frame = page.getByTitle(`${title} (player)`);
  await expect(frame).toBeVisible();
  // allow-same-origin keeps the package's own origin, which is never the dashboard's.
  const sandbox = await frame.getAttribute('sandbox');
  expect(sandbox).toContain('allow-scripts');
  expect(new URL((await frame.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin);
  const player = page.frameLocator(`iframe[title="${title} (player)"]`);
  await expect(player.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(player.getByText('Slide 3')).toBeVisible();
  // story_content/user.js ran from the unpacked package.
  await expect(player.getByText('Player ready: 3 slides')).toBeVisible();
});

test('a file that is not a story zip or a video gets the file-not-supported dialog and creates nothing', async ({ page }) => {
  await openGridAs(page, ALEX);
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('article').first()).toBeVisible();
  const before = await items.getByRole('article').count();

  const notes = uniqueName('notes');
  await chooseFiles(page, [{ name: `${notes}.txt`, mimeType: 'text/plain', buffer: Buffer.from('just some notes\n') }]);
  let dialog = page.getByRole('dialog', { name: 'File not supported' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`“${notes}.txt” isn’t a type we can review.`);
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();

  // A program renamed as a video: the first bytes give it away.
  const program = uniqueName('holiday clip');
  const exe = Buffer.alloc(4100);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  await chooseFiles(page, [{ name: `${program}.mp4`, mimeType: 'video/mp4', buffer: exe }]);
  dialog = page.getByRole('dialog', { name: 'File not supported' });
  await expect(dialog).toContainText(`“${program}.mp4” doesn’t contain what its name says.`);
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toBeHidden();

  // Nothing was uploaded or created.
  await expect(uploadsPanel(page)).toHaveCount(0);
  await expect(itemCard(page, notes)).toHaveCount(0);
  await expect(itemCard(page, program)).toHaveCount(0);
  expect(await items.getByRole('article').count()).toBe(before);
});

test('a second version appears in the version dropdown and restoring the first adds a third', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Versioned course');
  await dropFiles(page.getByRole('list', { name: 'Items' }), [storyFile(title, 2)]);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(versionBadge(card)).toHaveCount(0);

  // Item menu → 'Upload new version' with a package of 4 slides.
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Upload new version' }).click();
  await (await chooser).setFiles([{ ...storyFile(title, 4), name: `${title} v2.zip` }]);
  await expect(page.getByText(`Upload complete: ${title} v2.zip`)).toBeVisible();
  await expect(versionBadge(card)).toHaveCount(0);

  await card.getByRole('link', { name: title }).click();
  const player = () => page.frameLocator(`iframe[title="${title} (player)"]`);
  await expect(player().getByText('Player ready: 4 slides')).toBeVisible();

  const date = /\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2}/;
  await page.getByRole('button', { name: 'Version 2, choose another version' }).click();
  const v1 = page.getByRole('link', { name: /^Version 1/ });
  const v2 = page.getByRole('link', { name: /^Version 2/ });
  await expect(v2).toContainText('Current');
  await expect(v2).toContainText(date);
  await expect(v1).toContainText(date);
  // The latest version is not offered for restore.
  await expect(page.getByRole('button', { name: 'Restore version 2' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore version 1' }).click();

  // Asked first: Cancel restores nothing.
  const confirm = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(confirm).toContainText('(version 3)');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Version 2, choose another version' }).click();
  await expect(page.getByRole('link', { name: /^Version \d/ })).toHaveCount(2);
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(confirm).toContainText('(version 3)');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(confirm).toBeHidden();

  await expect(page.getByRole('button', { name: 'Version 3, choose another version' })).toBeVisible();
  await expect(player().getByText('Player ready: 2 slides')).toBeVisible();
  await page.getByRole('button', { name: 'Version 3, choose another version' }).click();
  await expect(page.getByRole('link', { name: /^Version 3/ })).toContainText('Current');
  await expect(page.getByRole('link', { name: /^Version \d/ })).toHaveCount(3);
  const types = eventTypes((await downloadAndReplay(page)).log);
  for (const type of ['item.askRestore', 'item.cancelRestore', 'item.confirmRestore']) expect(types).toContain(type);
});

test('cancelling an upload mid-way removes its row silently and leaves no item', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Big course');
  // ≈ 30 MB: the valid package plus a stored (uncompressed) payload, so the PUT takes a while.
  const filler = new Uint8Array(30 * 1024 * 1024);
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
  const file: TestFile = { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) };

  // Throttle the upload (≈ 2 MB/s) so the PUT is still running, with moving progress, when it is cancelled.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });

  await dropFiles(page.getByRole('list', { name: 'Items' }), [file]);
  // Mid-way: the PUT has sent some bytes (past the 5 % of hashing), not all.
  const progress = uploadsPanel(page).getByRole('progressbar', { name: `Upload progress of ${file.name}` });
  await expect(progress).toHaveAttribute('aria-valuetext', /^Uploading ([1-8]\d)%$/);
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await uploadsPanel(page).getByRole('button', { name: `Cancel the upload of ${file.name}` }).click();

  // Silent: the row goes, no failure is reported, and the item is gone from the grid and the server.
  await expect(uploadsPanel(page)).toHaveCount(0);
  await expect(page.getByText(`Upload failed: ${file.name}`)).toHaveCount(0);
  await expect(card).toHaveCount(0);
  const { items } = await withContentApi(page, (api) => api.request('item.fetch', { folderId: 'ALL_CONTENT', page: 1, search: title, product: 'all' }));
  expect(items).toEqual([]);
});

test('files dragged over the grid show the drop overlay until the pointer really leaves, or the drag ends', async ({ page }) => {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const items = page.getByRole('list', { name: 'Items' });
  const card = items.getByRole('article').first();
  await expect(card).toBeVisible();
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'course.zip', { type: 'application/zip' }));
    return transfer;
  });
  const overlay = page.getByText('Drop files to upload to My content');

  // Into the grid, then over a card inside it: the card's dragenter comes before the grid's dragleave.
  await items.dispatchEvent('dragenter', { dataTransfer });
  await expect(overlay).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('drop-overlay.png') });
  await card.dispatchEvent('dragenter', { dataTransfer });
  await items.dispatchEvent('dragleave', { dataTransfer });
  await expect(overlay).toBeVisible();
  await card.dispatchEvent('dragleave', { dataTransfer });
  await expect(overlay).toBeHidden();

  // A drag given up (Escape, dropped outside the page) ends it however deep it was.
  await items.dispatchEvent('dragenter', { dataTransfer });
  await card.dispatchEvent('dragenter', { dataTransfer });
  await expect(overlay).toBeVisible();
  await card.dispatchEvent('dragend', { dataTransfer });
  await expect(overlay).toBeHidden();
  await dataTransfer.dispose();
  const types = eventTypes((await downloadAndReplay(page)).log);
  for (const type of ['uploads.dragEnter', 'uploads.dragLeave', 'uploads.dragEnd']) expect(types).toContain(type);
});

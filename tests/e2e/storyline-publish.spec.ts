import { Buffer } from 'node:buffer';
import type { Frame, Page } from '@playwright/test';
import { buildPublishZip } from '../support/storylinePublish.ts';
import { expect, itemCard, openGridAs, test, uniqueName, type TestFile } from './fixtures.ts';

/**
 * A real Storyline 360 publish (Storyline 3.77, tests/fixtures/storyline/sabic-qbank-3-77: its own story.html,
 * threeSixty.json, meta.xml, data.js and thumbnail; Articulate's runtime replaced by the stand-in of
 * tests/support/storylineStandIn, which keeps the real runtime's DS interface) uploaded, played, commented on by
 * slide, and kept away from the dashboard's session.
 */

const ALEX = 'alex.admin@example.com';

function publishFile(title: string, options: { folder?: string } = {}): TestFile {
  return { name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(buildPublishZip('sabic-qbank-3-77', { player: true, ...options })) };
}

async function uploadAndOpen(page: Page, file: TestFile, title: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles([file]);
  await expect(page.getByText(`Upload complete: ${file.name}`)).toBeVisible();
  const card = itemCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Uploading|Processing|Failed)/)).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/review\/content\/[^/]+\/review$/);
}

/** What a script running in `frame` can see of the dashboard's session. */
function sessionSeenFrom(frame: Frame | Page) {
  return frame.evaluate(() => {
    let parentDom: string;
    try {
      parentDom = window.parent === window ? 'no parent' : String(window.parent.document.title);
    } catch (error) {
      parentDom = `blocked: ${(error as Error).name}`;
    }
    let storage: string[];
    try {
      storage = Object.keys(window.localStorage);
    } catch (error) {
      storage = [`blocked: ${(error as Error).name}`];
    }
    return { origin: location.origin, cookie: document.cookie, storage, parentDom };
  });
}

test('a real publish plays on its own origin: comment on the slide shown, jump back from the comment, nested frames load', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Business Innovation');
  await uploadAndOpen(page, publishFile(title), title);

  const frameElement = page.getByTitle(`${title} (player)`);
  await expect(frameElement).toBeVisible();
  expect(new URL((await frameElement.getAttribute('src'))!).hostname).toMatch(/^[a-z0-9]{26}\.packages\.localhost$/);
  const player = page.frameLocator(`iframe[title="${title} (player)"]`);
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Intro 1');
  // The player's nested frame (analytics-frame.html) loads and reaches its parent on the package's origin.
  await expect(player.frameLocator('iframe[title="Analytics"]').getByText('Analytics frame loaded for Storyline 3.77.30587.0')).toBeVisible();

  // Move inside the player, then comment: the comment carries the slide the player shows.
  await player.getByRole('button', { name: 'Next' }).click();
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Intro 2');
  const box = page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
  await expect(box).toBeEditable();
  const text = uniqueName('The logo overlaps the title here');
  await box.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  const thread = page.getByRole('feed', { name: 'Comment threads' }).getByRole('article').filter({ hasText: text });
  const place = thread.getByRole('button', { name: 'Go to Slide 1.2: Intro 2' });
  await expect(place).toBeVisible();

  // Elsewhere in the course (the player's own menu), the comment's place brings the player back.
  await player.getByRole('list', { name: 'Menu' }).getByRole('button', { name: 'Glossary 2' }).click();
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Glossary 2');
  await place.click();
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Intro 2');
  await expect(player.getByText('Slide 2 of 15')).toBeVisible();
});

test('a script of a package cannot read the dashboard’s cookies, storage or DOM, in the player or at its own address', async ({ page, context }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Zipped in its folder');
  // Zipped as people zip a publish folder: accepted, the folder's content is the package.
  await uploadAndOpen(page, publishFile(title, { folder: `${title} - Storyline output` }), title);
  const player = page.frameLocator(`iframe[title="${title} (player)"]`);
  await expect(player.getByRole('heading', { level: 1 })).toHaveText('Intro 1');

  // The dashboard itself holds a session: a cookie and the tokens in localStorage.
  const dashboard = await sessionSeenFrom(page);
  expect(dashboard.cookie).toContain('review_session');
  expect(dashboard.storage.some((key) => key.startsWith('oidc.user:'))).toBe(true);

  const src = (await page.getByTitle(`${title} (player)`).getAttribute('src'))!;
  const frame = page.frames().find((f) => f.url() === src)!;
  expect(frame).toBeTruthy();
  const inFrame = await sessionSeenFrom(frame);
  expect(inFrame.origin).toBe(new URL(src).origin);
  expect(inFrame.origin).not.toBe(new URL(page.url()).origin);
  expect(inFrame.cookie).not.toContain('review_session');
  expect(inFrame.storage.filter((key) => key.startsWith('oidc'))).toEqual([]);
  expect(inFrame.parentDom).toBe('blocked: SecurityError');

  // Opened at its own address at top level, in the signed-in browser: still nothing of the session.
  const top = await context.newPage();
  await top.goto(src);
  await expect(top.getByRole('heading', { level: 1 })).toHaveText('Intro 1');
  const atTop = await sessionSeenFrom(top);
  expect(atTop.cookie).not.toContain('review_session');
  expect(atTop.storage.filter((key) => key.startsWith('oidc'))).toEqual([]);
  // Its origin answers package files only: the API is not there for it to call.
  const api = await top.evaluate(async () => (await fetch('/api/me')).status);
  expect(api).toBe(404);

  // A package link on the dashboard's origin (an old link pasted in a comment) goes to the package's origin.
  const onDashboard = new URL(new URL(src).pathname, page.url()).toString();
  await top.goto(onDashboard);
  await expect(top).toHaveURL(src);
  await top.close();
});

test('a publish the service cannot process tells its owner why, in words', async ({ page }) => {
  await openGridAs(page, ALEX);
  const title = uniqueName('Broken publish');
  const bytes = buildPublishZip('rocket-launch-3-84', { player: true, extra: { 'threeSixty.json': '{"title": "Rocket launch game", "slides": [' } });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload file' }).click();
  await (await chooser).setFiles([{ name: `${title}.zip`, mimeType: 'application/zip', buffer: Buffer.from(bytes) }]);
  const card = itemCard(page, title);
  await expect(card.getByText(/^Failed/)).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: 'This version couldn’t be processed' })).toBeVisible();
  await expect(page.getByText('What we found: threeSixty.json is not valid JSON.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('failed-publish.png') });
});

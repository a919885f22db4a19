/**
 * LMS export of a video (review-and-content §2 LMS export dialog, §5, §6 item menu "export to LMS (videos only)", §9
 * targets): the dialog opened from the grid's item menu by clicking, each package exported and downloaded through it,
 * then run in Chromium — SCORM 1.2 and 2004 inside a harness page (tests/fixtures/lms/harness.html) that provides
 * scorm-again's real run-times, xAPI against a small LRS stub, AICC against a small HACP stub — played part-way (not
 * completed) and then past the percent (completed / passed recorded).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Frame, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, itemCard, openGridAs, test, treeFolder } from './fixtures.ts';

// scorm-again's browser build (its package exports do not name the file).
const SCORM_AGAIN = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/scorm-again/dist/scorm-again.js'));
const HARNESS = readFileSync(path.resolve(import.meta.dirname, '../fixtures/lms/harness.html'));
const LMS = 'http://lms.test';
const VIDEO_TITLE = 'All-hands recording March';

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.webm': 'video/webm', '.xml': 'application/xml', '.xsd': 'application/xml' };

/** Opens the LMS export dialog from the video card's menu, as a person does. */
async function openDialog(page: Page) {
  await treeFolder(page, 'Team Library').click();
  await itemCard(page, VIDEO_TITLE).getByRole('button', { name: `Actions for ${VIDEO_TITLE}` }).click();
  await page.getByRole('menuitem', { name: 'Export to LMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to LMS' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses `format` in the open dialog, exports, downloads the package and closes; the package's files by path. */
async function exportThroughDialog(page: Page, format: string, screenshot?: string): Promise<Record<string, Uint8Array>> {
  const dialog = page.getByRole('dialog', { name: 'Export to LMS' });
  await dialog.getByLabel('Format').selectOption({ label: format });
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByText('Your package is ready.')).toBeVisible();
  if (screenshot) {
    await page.screenshot({ path: test.info().outputPath(screenshot) });
    await expectNoAxeViolations(page, 'the LMS export dialog with its package ready');
  }
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download package' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${VIDEO_TITLE} (${format}).zip`);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  return files;
}

/** Serves the harness, scorm-again and the package's files on the stand-in LMS origin. */
async function serveLms(page: Page, files: Record<string, Uint8Array>) {
  await page.route(`${LMS}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/harness.html') return route.fulfill({ contentType: 'text/html', body: HARNESS });
    if (url.pathname === '/scorm-again.js') return route.fulfill({ contentType: 'text/javascript', body: SCORM_AGAIN });
    if (url.pathname.startsWith('/package/')) {
      const name = decodeURIComponent(url.pathname.slice('/package/'.length));
      const file = files[name];
      if (file) return route.fulfill({ contentType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream', body: Buffer.from(file) });
    }
    return route.fulfill({ status: 404, body: 'not found' });
  });
}

/** The package's frame once its player has found (or not found) its LMS. */
async function playerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().includes('/package/index.html'))).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().includes('/package/index.html'))!;
  await frame.waitForFunction(() => document.body.hasAttribute('data-lms') && (document.querySelector('video') as HTMLVideoElement).readyState >= 1);
  return frame;
}

/** Plays the (1 s) video from the start and pauses it a third of the way in: below any percent above 60. */
async function playPartWay(frame: Frame): Promise<void> {
  await frame.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const video = document.querySelector('video') as HTMLVideoElement;
        video.muted = true;
        const check = () => {
          if (video.currentTime < 0.3) return;
          video.pause();
          video.removeEventListener('timeupdate', check);
          resolve();
        };
        video.addEventListener('timeupdate', check);
        void video.play();
      }),
  );
}

/** Plays on to the end. */
async function playToEnd(frame: Frame): Promise<void> {
  await frame.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const video = document.querySelector('video') as HTMLVideoElement;
        video.addEventListener('ended', () => resolve(), { once: true });
        void video.play();
      }),
  );
}

const statusLine = (frame: Frame) => frame.evaluate(() => document.getElementById('status')?.textContent ?? '');

test('Export to LMS from the grid: the dialog, and each SCORM package completes in a real run-time only past the percent', async ({ page }) => {
  test.setTimeout(120_000);
  await openGridAs(page, 'tara.team@example.com');
  const dialog = await openDialog(page);
  // §9 defaults: SCORM 1.2, 80 %, the item's title.
  await expect(dialog.getByLabel('Format')).toHaveValue('scorm12');
  await expect(dialog.getByLabel('Completion percent')).toHaveValue('80');
  await expect(dialog.getByLabel('Package title')).toHaveValue(VIDEO_TITLE);
  // §5 clamped 0–100.
  await dialog.getByLabel('Completion percent').fill('150');
  await dialog.getByLabel('Package title').click();
  await expect(dialog.getByLabel('Completion percent')).toHaveValue('100');
  await dialog.getByLabel('Completion percent').fill('80');
  await page.screenshot({ path: test.info().outputPath('lms-export-dialog.png') });
  await expectNoAxeViolations(page, 'the LMS export dialog');

  const packages: [format: string, runtime: 'scorm12' | 'scorm2004'][] = [
    ['SCORM 1.2', 'scorm12'],
    ['SCORM 2004 (2nd edition)', 'scorm2004'],
    ['SCORM 2004 (3rd edition)', 'scorm2004'],
    ['SCORM 2004 (4th edition)', 'scorm2004'],
  ];
  const built: [string, 'scorm12' | 'scorm2004', Record<string, Uint8Array>][] = [];
  for (const [format, runtime] of packages) {
    if (built.length > 0) await openDialog(page);
    built.push([format, runtime, await exportThroughDialog(page, format, built.length === 0 ? 'lms-export-ready.png' : undefined)]);
  }
  await expectNoAxeViolations(page, 'the grid after the LMS exports');

  for (const [format, runtime, files] of built) {
    expect(Object.keys(files), format).toContain('imsmanifest.xml');
    const lms = await page.context().newPage();
    await serveLms(lms, files);
    await lms.goto(`${LMS}/harness.html`);
    const frame = await playerFrame(lms);
    expect(await frame.evaluate(() => document.body.getAttribute('data-lms')), format).toBe(runtime);
    const status = () =>
      lms.evaluate((kind) => {
        const w = window as unknown as { API: { cmi: { core: { lesson_status: string; score: { raw: string } } } }; API_1484_11: { cmi: { completion_status: string; success_status: string; progress_measure: string } } };
        return kind === 'scorm12'
          ? { completion: w.API.cmi.core.lesson_status, score: w.API.cmi.core.score.raw }
          : { completion: w.API_1484_11.cmi.completion_status, success: w.API_1484_11.cmi.success_status, progress: w.API_1484_11.cmi.progress_measure };
      }, runtime);
    // Found and initialised: the attempt is under way.
    await expect.poll(status).toMatchObject({ completion: 'incomplete' });

    await playPartWay(frame);
    const partWay = await status();
    expect(partWay.completion, `${format}: not completed part-way`).toBe('incomplete');
    if (runtime === 'scorm2004') expect(partWay.success, format).not.toBe('passed');
    expect(await statusLine(frame)).toMatch(/^Watched \d+% \(completes at 80%\)\.$/);

    await playToEnd(frame);
    await expect.poll(status, { message: `${format}: completed past the percent` }).toMatchObject(runtime === 'scorm12' ? { completion: 'completed' } : { completion: 'completed', success: 'passed' });
    expect(await statusLine(frame)).toBe('Completed.');
    await lms.close();
  }
});

test('the video item view offers Export to LMS in its export menu and opens the dialog for that item', async ({ page }) => {
  await openGridAs(page, 'tara.team@example.com');
  await treeFolder(page, 'Team Library').click();
  await itemCard(page, VIDEO_TITLE).getByRole('link', { name: VIDEO_TITLE }).click();
  await expect(page.getByRole('heading', { name: VIDEO_TITLE, exact: true, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Export menu' }).click();
  await page.getByRole('menuitem', { name: 'Export to LMS…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to LMS' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Package title')).toHaveValue(VIDEO_TITLE);
  const files = await exportThroughDialog(page, 'SCORM 1.2');
  expect(Object.keys(files)).toContain('imsmanifest.xml');
});

test('the xAPI package sends progressed, then completed only past the percent, to the LRS its launch names; AICC reports through HACP', async ({ page }) => {
  test.setTimeout(90_000);
  await openGridAs(page, 'tara.team@example.com');
  await openDialog(page);
  const xapi = await exportThroughDialog(page, 'xAPI (Tin Can)');
  expect(Object.keys(xapi)).toContain('tincan.xml');
  await openDialog(page);
  const aicc = await exportThroughDialog(page, 'AICC');
  expect(Object.keys(aicc)).toEqual(expect.arrayContaining(['course.crs', 'course.au', 'course.des', 'course.cst']));

  // xAPI: the LRS stub records what arrives, with its headers.
  const statements: { verb: string; completion?: boolean; auth: string | null; version: string | null; registration?: string; actor: unknown }[] = [];
  const learner = await page.context().newPage();
  await serveLms(learner, xapi);
  await learner.route('http://lrs.test/xapi/statements', async (route) => {
    const body = route.request().postDataJSON() as { verb: { id: string }; result?: { completion?: boolean }; context?: { registration?: string }; actor: unknown };
    const headers = route.request().headers();
    statements.push({
      verb: body.verb.id,
      completion: body.result?.completion,
      auth: headers['authorization'] ?? null,
      version: headers['x-experience-api-version'] ?? null,
      registration: body.context?.registration,
      actor: body.actor,
    });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '["00000000-0000-4000-8000-000000000001"]' });
  });
  const actor = { mbox: 'mailto:learner@example.com', name: 'Learner', objectType: 'Agent' };
  const launch = new URLSearchParams({ endpoint: 'http://lrs.test/xapi/', auth: 'Basic bGVhcm5lcjpzZWNyZXQ=', actor: JSON.stringify(actor), registration: '6f1a2f2e-0d51-4f39-9c5b-6b5e0e2d1c11' });
  await learner.goto(`${LMS}/package/index.html?${launch}`);
  let frame = learner.mainFrame();
  await frame.waitForFunction(() => document.body.getAttribute('data-lms') === 'xapi' && (document.querySelector('video') as HTMLVideoElement).readyState >= 1);
  await playPartWay(frame);
  await expect.poll(() => statements.length).toBeGreaterThan(0);
  expect(statements.every((s) => s.verb === 'http://adlnet.gov/expapi/verbs/progressed')).toBe(true);
  await playToEnd(frame);
  await expect.poll(() => statements.filter((s) => s.verb === 'http://adlnet.gov/expapi/verbs/completed').length).toBe(1);
  await learner.screenshot({ path: test.info().outputPath('lms-player-completed.png') });
  await expectNoAxeViolations(learner, 'the package player');
  expect(statements.find((s) => s.completion)).toMatchObject({ auth: 'Basic bGVhcm5lcjpzZWNyZXQ=', version: '1.0.3', registration: '6f1a2f2e-0d51-4f39-9c5b-6b5e0e2d1c11', actor });
  await learner.close();

  // AICC: the HACP stub answers GetParam and records PutParam's status.
  const puts: string[] = [];
  const au = await page.context().newPage();
  await serveLms(au, aicc);
  await au.route('http://lms.test/hacp', async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    expect(form.get('session_id')).toBe('session-1');
    if (form.get('command') === 'PutParam') puts.push(form.get('aicc_data') ?? '');
    const data = form.get('command') === 'GetParam' ? '[Core]\r\nLesson_Status=not attempted\r\nLesson_Location=\r\n' : '';
    await route.fulfill({ status: 200, contentType: 'text/plain', body: `error=0\r\nerror_text=Successful\r\naicc_data=${data}` });
  });
  await au.goto(`${LMS}/package/index.html?aicc_sid=session-1&aicc_url=${encodeURIComponent('http://lms.test/hacp')}`);
  frame = au.mainFrame();
  await frame.waitForFunction(() => document.body.getAttribute('data-lms') === 'aicc' && (document.querySelector('video') as HTMLVideoElement).readyState >= 1);
  await playPartWay(frame);
  await expect.poll(() => puts.length).toBeGreaterThan(0);
  expect(puts.every((data) => /Lesson_Status=incomplete/.test(data))).toBe(true);
  await playToEnd(frame);
  await expect.poll(() => puts.some((data) => /Lesson_Status=completed/.test(data))).toBe(true);
  await au.close();
});

test('a viewer of the folder is not offered Export to LMS; a course card never offers it', async ({ page, browser }) => {
  await openGridAs(page, 'nick.nonadmin@example.com');
  await treeFolder(page, 'Team Library').click();
  await itemCard(page, VIDEO_TITLE).getByRole('button', { name: `Actions for ${VIDEO_TITLE}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Export to LMS' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Tara edits the folder: her course card's menu has no Export to LMS (videos only).
  const context = await browser.newContext();
  const tara = await context.newPage();
  await openGridAs(tara, 'tara.team@example.com');
  await treeFolder(tara, 'Team Library').click();
  await itemCard(tara, 'Style guide').getByRole('button', { name: 'Actions for Style guide' }).click();
  await expect(tara.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await expect(tara.getByRole('menuitem', { name: 'Export to LMS' })).toHaveCount(0);
  await context.close();
});

/**
 * The support replay viewer (/support/replay): a session recorded through the real UI and downloaded from the
 * account menu, opened by staff through the file picker, scrubbed, the chosen actor's highlighted state compared with
 * the recording, a copy edited to diverge marked on the timeline, files that are not logs refused with words, the
 * keyboard reaching every control, axe on the page; people who are not staff get no access.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { parseEventLog, type LogEntry } from '../../adapters/eventLog.ts';
import { dropFiles, expect, expectNoAxeViolations, openGridAs, signedInPage, test, treeFolder, uniqueName } from './fixtures.ts';
import { createFolder } from './userActions.ts';

const ALEX = 'alex.admin@example.com';
const SAM = 'sam.staff@example.com';
const ACTOR = 'app/folders';

/** Records a grid session as a user (a folder created and opened) and downloads its log from the account menu. */
async function recordSession(page: Page, file: string): Promise<void> {
  await openGridAs(page, ALEX, '/review/folder/PRIVATE_CONTENT');
  const name = uniqueName('Viewer');
  await createFolder(page, name);
  await treeFolder(page, name).click();
  await page.getByRole('button', { name: /account menu/i }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download session log' }).click()]);
  await download.saveAs(file);
}

/** Picks a file through the viewer's file picker, as a person does. */
async function pickFile(page: Page, button: string, file: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles(file);
}

/** The timeline's row at the cursor (its selected option). */
function cursorRow(page: Page) {
  return page.getByRole('listbox', { name: 'Timeline' }).getByRole('option', { selected: true });
}

/** The recorded state value of `actor` after entry `cursor`, read straight from the log's snapshot entries. */
function recordedValue(entries: LogEntry[], actor: string, cursor: number): unknown {
  let value: unknown;
  for (const entry of entries.slice(0, cursor + 1)) {
    if (entry.k === 'snapshot' && entry.actor === actor) value = entry.value;
    if (entry.k === 'checkpoint' && entry.states[actor]) value = entry.states[actor]!.value;
  }
  return value;
}

/** The state names a value makes active, root included (`{list: 'ready'}` → folders, list, ready). */
function activeNames(root: string, value: unknown): string[] {
  const names = [root];
  const walk = (v: unknown) => {
    if (typeof v === 'string') names.push(v);
    else if (v && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        names.push(key);
        walk(inner);
      }
    }
  };
  walk(value);
  return names.sort();
}

/** The names the chart marks active (aria-current on the state's list item). */
async function highlighted(page: Page): Promise<string[]> {
  const chart = page.getByRole('region', { name: `State of ${ACTOR}` });
  const names = await chart.locator('li[aria-current="true"] > .replay-chart__name').allTextContents();
  return names.sort();
}

test('staff replay a downloaded session log: scrub, the chosen actor’s highlighted state matches the recording, an edited copy shows its divergence', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const recorder = await browser.newPage({ baseURL });
  const logFile = testInfo.outputPath('session.jsonl.gz');
  await recordSession(recorder, logFile);
  await recorder.close();
  const log = parseEventLog(readFileSync(logFile));

  const page = await signedInPage(browser, baseURL!, SAM, '/');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Replay a session log' }).click();
  await expect(page).toHaveURL(/\/support\/replay$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Replay a session log' })).toBeVisible();

  await pickFile(page, 'Choose a session log', logFile);
  await expect(page.getByRole('listbox', { name: 'Timeline' })).toBeVisible();
  // The worker's headless replay of a real session: no divergence, the same definitions.
  await expect(page.getByText('Replayed with no divergence.')).toBeVisible();
  await expect(page.getByText('Every machine’s definition is the one that recorded the log.')).toBeVisible();

  // Scrub to where the folder list was still loading, then to the end: the highlight follows the recording.
  const loadingAt = log.entries.findIndex((e) => e.k === 'snapshot' && e.actor === ACTOR && JSON.stringify(e.value).includes('"list":"loading"'));
  expect(loadingAt).toBeGreaterThan(0);
  await page.getByLabel('Actor', { exact: true }).selectOption(ACTOR);
  const scrubber = page.getByRole('slider', { name: 'Timeline position' });
  await scrubber.fill(String(loadingAt));
  await expect(page.getByText(`Entry ${loadingAt} of ${log.entries.length.toLocaleString('en')}`)).toBeVisible();
  await expect.poll(() => highlighted(page)).toEqual(activeNames('folders', recordedValue(log.entries, ACTOR, loadingAt)));
  expect(await highlighted(page)).toContain('loading');

  const last = log.entries.length - 1;
  await page.getByRole('listbox', { name: 'Timeline' }).focus();
  await page.keyboard.press('End');
  await expect(cursorRow(page)).toHaveAttribute('aria-posinset', String(last + 1));
  await expect.poll(() => highlighted(page)).toEqual(activeNames('folders', recordedValue(log.entries, ACTOR, last)));
  // The drawn chart marks the same active states as the list.
  const chart = page.getByRole('group', { name: /^Statechart of folders at the cursor/ });
  await expect(chart.locator('svg')).toBeVisible();
  const drawnActive = async () => (await chart.locator('[data-active="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-state')?.split('.').at(-1) ?? ''))).filter((n) => n !== 'folders').sort();
  await expect.poll(drawnActive).toEqual([...activeNames('folders', recordedValue(log.entries, ACTOR, last))].filter((n) => n !== 'folders').sort());

  // Step with the keyboard and jump to the actor's next event.
  await page.keyboard.press('Home');
  await page.keyboard.press('n');
  const firstOfActor = log.entries.findIndex((e, i) => i > 0 && e.k === 'event' && e.target === ACTOR);
  await expect(cursorRow(page)).toHaveAttribute('aria-posinset', String(firstOfActor + 1));
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(cursorRow(page)).toHaveAttribute('aria-posinset', String(firstOfActor + 2));

  // The payload on demand.
  await page.getByRole('button', { name: 'Show payload' }).click();
  await expect(page.getByText('As recorded: tokens, passwords, codes and file bodies were redacted by the app.')).toBeVisible();

  // Play at 16× skipping idle: the cursor moves by itself.
  await page.getByRole('radio', { name: '16×' }).check();
  await page.getByRole('checkbox', { name: 'Skip idle' }).check();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(cursorRow(page)).not.toHaveAttribute('aria-posinset', String(firstOfActor + 2));
  await page.getByRole('button', { name: 'Pause' }).click();

  await expectNoAxeViolations(page, 'the replay viewer with a log open');
  await page.screenshot({ path: testInfo.outputPath('support-replay.png'), fullPage: true });

  // A copy edited so that a recorded state differs from what the machines do: a divergence marker on the timeline…
  const lines = gunzipSync(readFileSync(logFile)).toString('utf8').split('\n');
  const edited = lines.findLastIndex((line) => line.startsWith('{"k":"snapshot"') && line.includes(`"actor":"${ACTOR}"`) && line.includes('"list":"ready"'));
  expect(edited).toBeGreaterThan(0);
  lines[edited] = lines[edited]!.replace('"list":"ready"', '"list":"loading"');
  // …and its header says another build recorded it, with another definition of the folders machine.
  const header = JSON.parse(lines[0]!) as { buildId: string; machines: Record<string, string> };
  const currentFolders = header.machines.folders!;
  lines[0] = JSON.stringify({ ...header, buildId: 'an-older-build', machines: { ...header.machines, folders: '0123456789abcdef' } });
  const divergedFile = testInfo.outputPath('diverged.jsonl.gz');
  writeFileSync(divergedFile, gzipSync(lines.join('\n')));
  await pickFile(page, 'Open another log', divergedFile);
  await expect(page.getByText('1 divergence: the replayed state differed from the recorded one.')).toBeVisible();
  await expect(page.getByText(/^Recorded by another build \(an-older-build; this is /)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `folders: definition 0123456789abcdef → ${currentFolders}` })).toBeVisible();
  const divergence = page.getByRole('listitem').filter({ hasText: `: ${ACTOR}` }).filter({ hasText: 'Recorded' });
  await expect(divergence).toContainText('list.loading');
  await expect(divergence).toContainText('list.ready');
  await divergence.getByRole('button', { name: /^Go to entry/ }).click();
  await expect(cursorRow(page)).toContainText('divergence');
  await page.screenshot({ path: testInfo.outputPath('support-replay-divergence.png'), fullPage: true });
  await expectNoAxeViolations(page, 'the replay viewer with a divergence');
  expect(errors).toEqual([]);
});

test('files that are not session logs are refused with words, never a crash; the keyboard reaches every control', async ({ browser, baseURL }, testInfo) => {
  const page = await signedInPage(browser, baseURL!, SAM, '/support/replay');
  await expect(page.getByRole('heading', { level: 1, name: 'Replay a session log' })).toBeVisible();

  // Dropped on the page, then picked: a file that is not a log says so.
  await dropFiles(page.getByText('Drop a session log (.jsonl.gz) here, or'), [{ name: 'dropped.txt', mimeType: 'text/plain', buffer: Buffer.from('not a log') }]);
  await expect(page.getByRole('alert')).toContainText('dropped.txt could not be opened');
  const notALog = testInfo.outputPath('notes.txt');
  writeFileSync(notALog, 'hello, this is not a session log');
  await pickFile(page, 'Choose a session log', notALog);
  await expect(page.getByRole('alert')).toContainText('notes.txt could not be opened');

  const header = JSON.stringify({ format: 'review-dashboard/event-log', formatVersion: 99, appVersion: '9.9.9', buildId: 'future', machines: {}, entries: 0 });
  const future = testInfo.outputPath('future.jsonl.gz');
  writeFileSync(future, gzipSync(`${header}\n`));
  await pickFile(page, 'Choose a session log', future);
  await expect(page.getByRole('alert')).toContainText('Unsupported session log version 99');
  await expectNoAxeViolations(page, 'the replay viewer refusing a file');

  // A real log, then Tab through the page: every control of the viewer takes focus.
  const recorder = await browser.newPage({ baseURL });
  const logFile = testInfo.outputPath('session.jsonl.gz');
  await recordSession(recorder, logFile);
  await recorder.close();
  await pickFile(page, 'Choose a session log', logFile);
  await expect(page.getByText('Replayed with no divergence.')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  const reached = new Set<string>();
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const labelled = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
        return labelled.trim();
      }),
    );
  }
  for (const control of [
    'Open another log',
    'Timeline position',
    'Play',
    'Step forward',
    '1×',
    'Skip idle',
    'Actor',
    'Previous event of actor',
    'Next event of actor',
    'Timeline',
    'Show payload',
    'Show app/session',
  ]) {
    expect([...reached], `Tab reaches "${control}"`).toContain(control);
  }
});

test('people who are not staff get no replay viewer and no link to it', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, ALEX, '/support/replay');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Download session log' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Replay a session log' })).toHaveCount(0);
});

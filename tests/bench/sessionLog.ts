/**
 * Session log bench, on a session recorded in Chromium through the real UI against the real server (a scripted
 * minute of active use: grid navigation, folders created and opened, a search typed, a comment typed and posted, the
 * translate tab with edits typed and saved):
 * - entries and bytes gz per minute of active use;
 * - one hour of active use: its log size (what the log held after the first round, plus the rest of the hour at the
 *   rate it grew from there; goal ≤ 2 MB gz) and its replay time: one continuous hour-long log (the session, then
 *   its active use again and again) replayed headless from its bytes as `npm run replay` does, its stretches on
 *   worker threads; goal < 2 s for an hour of active use at 1,300 entries a minute (the top of the rates measured in
 *   real sessions: the script's rounds with idle time between them), the script's own denser pace printed beside it,
 *   then the same on one core and the floor the machines alone set (the same events delivered with no recorder and
 *   no comparison);
 * - the recorder's overhead: the minute's external and adapter events delivered to a fresh system (inert adapters),
 *   machines regenerating the rest, with and without the recorder attached, alternating rounds in one run,
 *   medians compared (goal < 5 %).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { type Page } from '@playwright/test';
import { createActor, type EventObject } from 'xstate';
import { createEventRecorder, outlineEventLog, parseEventLog, type EventEntry, type ParsedLog } from '../../adapters/eventLog.ts';
import { probeSystem } from '../../adapters/systemProbe.ts';
import { appMachine } from '../../machines/index.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { inert } from '../../machines/inert.ts';
import { UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { findActor, isInjected } from '../../tools/replayer.ts';
import { nodeLogText, replayFile } from '../../tools/replayParallel.ts';
import { recordLonger } from '../../tools/rerecord.ts';
import { ensureClientBuild, startServer, stopServer } from './grid.ts';
import { launchChromium } from '../support/chromium.ts';

const ACTIVE_MS = 60_000;
/** A quick typist's pace (about 400 characters a minute) and the moment a person looks before the next step. */
const TYPING_MS = 150;
const LOOK_MS = 800;
const GOAL_HOUR_GZ_BYTES = 2 * 1024 * 1024;
const GOAL_HOUR_REPLAY_MS = 2_000;
const GOAL_OVERHEAD = 0.05;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Client-side navigation, as the app's own links do (a page load would start a new log). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** One round of the scripted active use, within one page load; every step waits on what a user would see. */
async function activeRound(page: Page, round: number, frenchPath: string): Promise<void> {
  // The translate tab: an edit typed and saved.
  await navigate(page, frenchPath);
  const table = page.getByRole('table', { name: 'Segments' });
  await table.waitFor();
  // The row is scrolled into view with the wheel over the table, as a person does (a row below the fold clicked
  // through Playwright's own scroll-into-view opens no editor in the virtualized table).
  const edit = table.getByTitle('Edit translation').nth(round % 5);
  for (let tries = 0; tries < 10; tries++) {
    const box = await edit.boundingBox();
    const height = page.viewportSize()?.height ?? 900;
    if (box && box.y + box.height < height - 80) break;
    await page.mouse.move((box?.x ?? 1200) + 10, height * 0.66);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  }
  await edit.click();
  const editor = page.getByRole('textbox', { name: /^Translation of/ });
  await editor.waitFor();
  await page.keyboard.press('End');
  await page.keyboard.type(` (${round})`, { delay: TYPING_MS });
  // Saved with the editor's Save button: the editor closes once the save is back.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await editor.waitFor({ state: 'hidden' });
  await page.waitForTimeout(LOOK_MS);
  // The grid: a folder created and opened, a search typed.
  await navigate(page, '/review/folder/PRIVATE_CONTENT');
  const tree = page.getByRole('tree', { name: 'Folders' });
  await tree.waitFor();
  const name = `Bench ${round} ${Date.now().toString(36)}`;
  await page.getByRole('group', { name: 'Folder actions' }).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByRole('textbox', { name: 'Name' }).pressSequentially(name, { delay: TYPING_MS });
  await create.getByRole('button', { name: 'Create folder' }).click();
  await create.waitFor({ state: 'hidden' });
  await page.waitForTimeout(LOOK_MS);
  await tree.getByRole('treeitem', { name, exact: true }).click();
  await tree.getByRole('treeitem', { name: 'All content', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search content' });
  await search.pressSequentially('Welcome', { delay: TYPING_MS });
  await search.fill('');
  const card = page.getByRole('list', { name: 'Items' }).getByRole('article').first();
  await card.waitFor();
  await page.waitForTimeout(LOOK_MS);
  // An item: a comment typed and posted.
  await card.click();
  const box = page.getByRole('group', { name: 'New comment' }).getByRole('textbox', { name: 'Comment' });
  await box.waitFor();
  await box.click();
  await page.keyboard.type(`Bench comment ${round}: shorter title.`, { delay: TYPING_MS });
  await page.getByRole('group', { name: 'New comment' }).getByRole('button', { name: 'Post' }).click();
  await page.getByText(`Bench comment ${round}:`).first().waitFor();
  await page.waitForTimeout(LOOK_MS);
}

/** The id of a seeded item, read from the server's database (set-up only). */
function seededItemId(dataDir: string, title: string): string {
  const db = new Database(path.join(dataDir, 'review.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select id from items where title = ?').get(title) as { id: string } | undefined;
    if (!row) throw new Error(`seeded item ${title} not found`);
    return row.id;
  } finally {
    db.close();
  }
}

/** The session log, downloaded from the account menu as a person does. */
async function downloadLog(page: Page): Promise<Uint8Array> {
  await page.getByRole('button', { name: /account menu/i }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download session log' }).click()]);
  return readFileSync(await download.path());
}

/** Records about a minute of active use in Chromium and returns the downloaded log, and the one downloaded after its first round. */
async function recordActiveMinute(): Promise<{ log: ParsedLog; bytes: Uint8Array; first: { log: ParsedLog; bytes: Uint8Array } }> {
  ensureClientBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-log-'));
  const { child, url } = await startServer(dataDir);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 900 } });
    await context.addInitScript(
      ([a, b]) => {
        if (window.top !== window) return;
        localStorage.setItem(a, new Date().toISOString());
        localStorage.setItem(b, new Date().toISOString());
      },
      [WALKTHROUGH_DONE_STORAGE_KEY, UPDATES_POPOVER_DISMISSED_STORAGE_KEY] as const,
    );
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) page.on('console', (m) => ['error', 'warning'].includes(m.type()) && console.log('PAGE', m.type(), m.text()));
    await page.goto(`${url}/review`);
    await page.getByLabel(/e-mail/i).fill('alex.admin@example.com');
    await page.getByLabel(/password/i).fill('review-demo');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByRole('tree', { name: 'Folders' }).waitFor();
    const frenchPath = `/review/content/${seededItemId(dataDir, SEEDED_TRANSLATIONS.storylineFrench)}/translate`;
    // The log starts with this page load; the rounds stay in it.
    await page.goto(`${url}/review`);
    await page.getByRole('tree', { name: 'Folders' }).waitFor();
    const started = Date.now();
    let afterFirstRound: Uint8Array | null = null;
    try {
      for (let round = 0; Date.now() - started < ACTIVE_MS; round++) {
        await activeRound(page, round, frenchPath);
        // The log as it stands after the sign-in, the first loads and one round: what an hour pays for once.
        if (round === 0) afterFirstRound = await downloadLog(page);
      }
    } catch (error) {
      await page.screenshot({ path: path.join(os.tmpdir(), 'bench-session-log-failure.png') });
      throw error;
    }
    const bytes = await downloadLog(page);
    if (process.env.BENCH_DEBUG) writeFileSync(path.join(os.tmpdir(), 'bench-session.jsonl.gz'), bytes);
    if (!afterFirstRound) throw new Error('The first round did not finish.');
    return { log: parseEventLog(bytes), bytes, first: { log: parseEventLog(afterFirstRound), bytes: afterFirstRound } };
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Delivers the log's external and adapter events (and its delayed events) to a fresh system: ms taken, and with the
 * recorder the ms it then takes to write what it kept (done when the page is idle).
 */
function deliver(log: ParsedLog, withRecorder: boolean): [number, number] {
  let time = 0;
  const clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {} };
  const recorder = withRecorder ? createEventRecorder({ now: clock.now, isCoreLogic }) : null;
  const system = createActor(INERT_APP, { id: 'app', clock });
  recorder?.attach(system);
  const probe = probeSystem(system.system);
  probe.run(() => system.start());
  const started = performance.now();
  for (const entry of log.entries) {
    if (entry.k !== 'event') continue;
    time = entry.t;
    if (entry.timer !== undefined) probe.fire(entry.timer);
    else if (isInjected(entry)) findActor(system, entry.target)?.send((entry as EventEntry).event as EventObject);
  }
  const ms = performance.now() - started;
  const written = performance.now();
  recorder?.bytes();
  const writeMs = recorder ? performance.now() - written : 0;
  system.stop();
  return [ms, writeMs];
}

const INERT_APP = inert(appMachine);
/** Where the recorded session's active use is taken to start (after the sign-in and the first loads). */
const STEADY_FROM_MS = 10_000;



/** The top of the active-use rates measured in sessions recorded in Chromium (700–1,300 log entries a minute). */
const ACTIVE_USE_ENTRIES_PER_MIN = 1_300;

/**
 * An hour's replay, as `npm run replay` replays an hour's log: one continuous log written by the recorder (its own
 * checkpoints and byte bound) for the recorded session followed by its active use delivered again and again until
 * an hour is full (tools/rerecord.ts recordLonger). Timed from the file's bytes: the workers' start (loading the
 * machines), unzipping and outlining the log, the stretches replayed on every core, and their results merged. Wall
 * time and this process's CPU time (all threads) are both printed: on a busy machine the wall time includes waiting.
 */
async function replayHour(hour: { bytes: Uint8Array; repeats: number }, what: string, minutes: number, judged = false): Promise<{ entries: number; wall: number }> {
  const hourOutline = outlineEventLog(nodeLogText(hour.bytes));
  const entries = hourOutline.kinds.length;
  const hourCheckpoints = hourOutline.kinds.split('C').length - 1;
  const runs: { wall: number; cpu: number; divergences: number; workers: number }[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const { result, workers } = await replayFile(hour.bytes, { workers: null });
    const cpu = process.cpuUsage(cpuStarted);
    runs.push({ wall: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000, divergences: result.divergences.length, workers });
  }
  const wall = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  const divergences = Math.max(...runs.map((r) => r.divergences));
  const workers = runs[0]!.workers;
  const verdict = !judged ? '(not the goal\'s measure)' : wall < GOAL_HOUR_REPLAY_MS ? 'OK' : cpu / Math.max(1, workers) < GOAL_HOUR_REPLAY_MS ? 'OK in CPU time per core, OVER in wall time (the machine is busy)' : 'OVER';
  console.log(
    `session log: replay of one hour ${what} as npm run replay does it (one continuous log: the ${minutes.toFixed(2)}-min session, then its active use ${hour.repeats} more times; ${Math.round(entries / 60)} entries/min, ${(hour.bytes.byteLength / 1024 / 1024).toFixed(2)} MiB gz, ${entries} entries, ${hourCheckpoints} checkpoints, ${hourOutline.header.dropped === 0 ? 'nothing dropped: the hour fits the recorder’s byte bound' : `${hourOutline.header.dropped} entries dropped by the recorder’s byte bound`}; ${workers} worker threads started cold each run) ${wall.toFixed(0)} ms wall (median of 3: ${runs.map((r) => r.wall.toFixed(0)).join(', ')}), ${cpu.toFixed(0)} ms CPU in all threads, ${divergences} divergences (goal < ${GOAL_HOUR_REPLAY_MS} ms) ${verdict}`,
  );
  return { entries, wall };
}

export async function benchSessionLog(): Promise<void> {
  const { log, bytes, first } = await recordActiveMinute();
  const gzBytes = bytes.byteLength;
  const minutes = Math.max(log.header.endTime, 1) / 60_000;
  const perMinuteEntries = log.entries.length / minutes;
  const perMinuteGz = gzBytes / minutes;
  console.log(`session log: ${log.entries.length} entries, ${(gzBytes / 1024).toFixed(0)} KiB gz over ${minutes.toFixed(2)} min of active use in Chromium → ${Math.round(perMinuteEntries)} entries/min, ${(perMinuteGz / 1024).toFixed(1)} KiB gz/min`);
  // An hour's log: what the sign-in, the first loads and the first round wrote (downloaded after that round), then the
  // rest of the hour at the rate the log grew from there to the end. Payloads are stored once per log, so a folder list
  // or translation file read again unchanged adds nothing: the rate counts what active use adds, not the first loads.
  const firstMinutes = first.log.header.endTime / 60_000;
  const steadyPerMinute = (gzBytes - first.bytes.byteLength) / Math.max(minutes - firstMinutes, 1 / 60);
  const hourGz = first.bytes.byteLength + steadyPerMinute * (60 - firstMinutes);
  console.log(
    `session log: one hour of active use ≈ ${(hourGz / 1024 / 1024).toFixed(2)} MiB gz (${(first.bytes.byteLength / 1024).toFixed(0)} KiB for the sign-in, first loads and first round in ${firstMinutes.toFixed(2)} min, then ${(steadyPerMinute / 1024).toFixed(1)} KiB gz/min; goal ≤ ${GOAL_HOUR_GZ_BYTES / 1024 / 1024} MiB) ${hourGz <= GOAL_HOUR_GZ_BYTES ? 'OK' : 'OVER'}; 60 × the whole minute would be ${((perMinuteGz * 60) / 1024 / 1024).toFixed(2)} MiB`,
  );

  // An hour's replay, as `npm run replay` replays an hour's log. The hour is one continuous log written by the
  // recorder (its own checkpoints and byte bound) for the recorded minute's session followed by its active use (from
  // STEADY_FROM_MS) delivered again and again until an hour is full, delayed events firing when due as in a browser
  // (tools/rerecord.ts recordLonger). The replay is timed from the file's bytes: the workers' start (loading the
  // machines), unzipping and outlining the log, the stretches replayed on every core, and their results merged.
  // Two hours: the bench script's own pace (busier than the sessions measured in real use), and active use at
  // ACTIVE_USE_ENTRIES_PER_MIN, the top of the range the sessions recorded in Chromium showed (700–1,300 entries a
  // minute): the same rounds with idle time between them (delayed events still firing). The goal is judged on the
  // second; both are printed.
  const dense = await recordLonger(log, { root: appMachine, rootId: 'app', machines: log.header.machines, repeatFromMs: STEADY_FROM_MS, untilMs: 3_600_000 });
  const denseRun = await replayHour(dense, `at the bench script's pace`, minutes);
  const span = Math.max(log.header.endTime, STEADY_FROM_MS + 1) - STEADY_FROM_MS;
  const pauseMs = Math.max(0, Math.round(span * (denseRun.entries / (ACTIVE_USE_ENTRIES_PER_MIN * 60) - 1)));
  const hour = await recordLonger(log, { root: appMachine, rootId: 'app', machines: log.header.machines, repeatFromMs: STEADY_FROM_MS, untilMs: 3_600_000, pauseMs });
  await replayHour(hour, `of active use at ${ACTIVE_USE_ENTRIES_PER_MIN} entries/min (${(pauseMs / 1000).toFixed(0)} s idle between rounds)`, minutes, true);
  const oneStarted = performance.now();
  await replayFile(hour.bytes, { workers: 0 });
  console.log(`session log: the same hour in this process on one core ${(performance.now() - oneStarted).toFixed(0)} ms wall`);
  for (let i = 0; i < 5; i++) {
    deliver(log, false);
    deliver(log, true);
  }
  const without: number[] = [];
  const withRec: number[] = [];
  const writes: number[] = [];
  for (let i = 0; i < 31; i++) {
    without.push(deliver(log, false)[0]);
    const [ms, writeMs] = deliver(log, true);
    withRec.push(ms);
    writes.push(writeMs);
  }
  const overhead = median(withRec) / median(without) - 1;
  console.log(
    `session log: the machines alone (the minute's events delivered to a fresh inert system, no recorder, no comparison) ${median(without).toFixed(0)} ms → ${((median(without) / minutes) * 60).toFixed(0)} ms for an hour: the floor under any replay of this system`,
  );
  console.log(
    `session log: recorder overhead on event delivery ${(overhead * 100).toFixed(1)} % (${median(without).toFixed(1)} ms without, ${median(withRec).toFixed(1)} ms with, medians of 31 alternating runs; goal < ${GOAL_OVERHEAD * 100} %) ${overhead < GOAL_OVERHEAD ? 'OK' : 'OVER'}`,
  );
  console.log(`session log: writing the minute's log (encoding, hashing, in idle time) ${median(writes).toFixed(1)} ms per minute of use (${((median(writes) / 60_000) * 100).toFixed(2)} % of the minute)`);
}

/**
 * Issue 4 bench: "the grid shows 16 cards within 100 ms of the data arriving", timed in Chromium.
 * The app marks both ends with the User Timing API: 'grid:data' when an item.fetch answer the grid still
 * waits for arrives (ui/app/createSystem.ts) and 'grid:cards' once that page's cards are in the document
 * (ui/views/grid/GridScreen.tsx); both carry the page in their `detail`. This drives the real app against
 * the real server (fresh data folder, free port) and reads `performance.measure('grid', 'grid:data',
 * 'grid:cards')` for every page load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { t } from '../../ui/strings.ts';
import { launchChromium } from '../support/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGET_MS = 100;
const CARDS_PER_PAGE = 16;
/** Pages of All content visited after the first load; each differs from the one before (the grid fetches). */
const PAGE_SEQUENCE = [2, 3, 2, 1, 2, 3, 1, 3, 2, 1, 3, 2];
const SIGN_IN = { email: 'alex.admin@example.com', password: 'review-demo' };
/** Sources the client bundle is built from: a change to any of them makes dist/ stale. */
const CLIENT_SOURCES = ['ui', 'domain', 'machines', 'adapters', 'index.html', 'vite.config.ts', 'package.json'];

/** The newest modification time among files under `entry` (tests excluded: they are not bundled). */
function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** Builds the client with vite when dist/ is missing or older than its sources; says which happened. */
export function ensureClientBuild(): string {
  const builtAt = existsSync(path.join(ROOT, 'dist/index.html')) ? statSync(path.join(ROOT, 'dist/index.html')).mtimeMs : null;
  const sourcesAt = Math.max(...CLIENT_SOURCES.map((entry) => path.join(ROOT, entry)).filter(existsSync).map(newestMtime));
  if (builtAt !== null && builtAt >= sourcesAt) return 'dist/ up to date, not rebuilt';
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
  return `dist/ ${builtAt === null ? 'missing' : 'older than the sources'}, built with vite in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** Starts server/main.ts as the e2e fixture does (PORT=0, its own data folder) and waits for its address. */
export async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start within 30 s: ${err}`)), 30_000);
    // Keep draining both pipes for the server's whole life so it never blocks on a full pipe.
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  return { child, url };
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

interface Load {
  page: number;
  ms: number;
  cards: number;
}

/** Forgets the marks of the previous load, so the next measure is this load's alone. */
async function clearMarks(page: Page): Promise<void> {
  await page.evaluate(() => {
    performance.clearMarks('grid:data');
    performance.clearMarks('grid:cards');
    performance.clearMeasures('grid');
  });
}

/**
 * Waits for both marks of `target` (data, then its cards), measures between them and counts the cards of
 * the item grid (the skeleton's list is aria-hidden, so only real cards count).
 */
async function measureLoad(page: Page, target: number): Promise<Load> {
  // No named inner functions here: tsx would wrap them in a helper (__name) the page does not have.
  await page.waitForFunction(
    (pageNumber) => {
      let dataAt: number | null = null;
      for (const mark of performance.getEntriesByName('grid:data', 'mark')) if ((mark as PerformanceMark).detail?.page === pageNumber) dataAt = mark.startTime;
      if (dataAt === null) return false;
      return performance.getEntriesByName('grid:cards', 'mark').some((mark) => (mark as PerformanceMark).detail?.page === pageNumber && mark.startTime >= dataAt);
    },
    target,
    { timeout: 15_000 },
  );
  const measured = await page.evaluate(() => {
    const measure = performance.measure('grid', 'grid:data', 'grid:cards');
    return {
      ms: measure.duration,
      data: performance.getEntriesByName('grid:data', 'mark').map((mark) => (mark as PerformanceMark).detail?.page ?? null),
      cards: performance.getEntriesByName('grid:cards', 'mark').map((mark) => (mark as PerformanceMark).detail?.page ?? null),
    };
  });
  // The named measure uses the latest mark of each name: it is this load's only if both are this page's.
  if (measured.data.at(-1) !== target || measured.cards.at(-1) !== target || measured.ms < 0) {
    throw new Error(`grid marks do not belong to page ${target}: ${JSON.stringify(measured)}`);
  }
  const cards = await page.getByRole('list', { name: t('content.items.label'), exact: true }).getByRole('article').count();
  return { page: target, ms: measured.ms, cards };
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/review`);
  await page.getByLabel(/e-mail/i).fill(SIGN_IN.email);
  await page.getByLabel(/password/i).fill(SIGN_IN.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/review$/);
}

/**
 * Prints data arrival → 16 cards in the document for the first load of /review (All content) and for
 * page changes through the pagination links, beside the 100 ms budget. Cleans up whatever happens.
 */
export async function benchGridRender(): Promise<void> {
  const build = ensureClientBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-grid-'));
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const started = await startServer(dataDir);
    server = started.child;
    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    await signIn(page, started.url);
    const loads = [await measureLoad(page, 1)];
    const pages = page.getByRole('navigation', { name: t('content.pagination.label'), exact: true });
    for (const target of PAGE_SEQUENCE) {
      await clearMarks(page);
      await pages.getByRole('link', { name: t('content.pagination.page', { page: target }), exact: true }).click();
      loads.push(await measureLoad(page, target));
    }

    const sorted = loads.map((load) => load.ms).sort((a, b) => a - b);
    const median = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const short = loads.filter((load) => load.cards !== CARDS_PER_PAGE);
    const cardCheck =
      short.length === 0
        ? `${CARDS_PER_PAGE} cards in the DOM at each`
        : `NOT ${CARDS_PER_PAGE} cards at ${short.map((load) => `page ${load.page} (${load.cards})`).join(', ')}`;
    console.log(
      `grid render: ${loads.length} page loads of All content in Chromium (first /review, then pages 1-3 by the pagination links; ${cardCheck}), item.fetch answer → cards in the document: ` +
        `${loads[0]!.ms.toFixed(1)} ms first, ${median.toFixed(1)} ms median of ${loads.length}, ${sorted.at(-1)!.toFixed(1)} ms max — budget ${BUDGET_MS} ms (client: ${build})`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

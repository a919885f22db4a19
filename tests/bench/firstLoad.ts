/**
 * First load (issue 28), in Chromium against the real server serving the built client (dist/, not rebuilt here):
 * - initial JavaScript over the wire on /, /review, an item view and the translate tab: the encoded body sizes of
 *   every script the page fetched from navigation until the page is drawn and the network is idle (before any
 *   interaction), once with `Accept-Encoding: gzip` (the goal's unit) and once as Chromium asks (brotli). Goals: / ≤ 170
 *   KB, /review and the item view ≤ 250 KB.
 * - Lighthouse 12, desktop preset: performance, accessibility and best practices on the same four pages, signed in,
 *   three cold runs each (browser cache cleared before each), the median. Goals ≥ 95 / 100 / 100.
 * Lighthouse drives the same Chromium as Playwright: a persistent context (the browser's default context, which
 * Lighthouse's tabs open in) on a remote-debugging port, signed in once through the provider's page; Lighthouse's own
 * storage reset is off so the session survives, and the cache is cleared through CDP instead.
 */
import { mkdtempSync, mkdirSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import lighthouse, { desktopConfig } from 'lighthouse';
import { UPDATES_POPOVER_DISMISSED_STORAGE_KEY, WALKTHROUGH_DONE_STORAGE_KEY } from '../../domain/translation.ts';
import { SEEDED_TRANSLATIONS } from '../../server/translations/seed.ts';
import { startServer, stopServer } from './grid.ts';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SIGN_IN = { email: 'alex.admin@example.com', password: 'review-demo' };
const DEBUG_PORT = Number(process.env.FIRST_LOAD_DEBUG_PORT ?? 9333);
const RUNS = 3;
const JS_GOALS_KB: Record<string, number | undefined> = { '/': 170, '/review': 250, 'item view': 250 };
const LH_GOALS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof LH_GOALS;

interface Target {
  name: string;
  path: string;
}

/** The seeded Storyline French target: its item view and its translate tab. */
export function targets(dataDir: string): Target[] {
  const db = new Database(path.join(dataDir, 'review.sqlite'), { readonly: true });
  try {
    const item = db.prepare('select id from items where title = ?').get(SEEDED_TRANSLATIONS.storylineFrench) as { id: string } | undefined;
    if (!item) throw new Error(`seeded item ${SEEDED_TRANSLATIONS.storylineFrench} not found`);
    return [
      { name: '/', path: '/' },
      { name: '/review', path: '/review' },
      { name: 'item view', path: `/review/content/${item.id}/review` },
      { name: 'translate tab', path: `/review/content/${item.id}/translate` },
    ];
  } finally {
    db.close();
  }
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/review`);
  await page.getByLabel(/e-mail/i).fill(SIGN_IN.email);
  await page.getByLabel(/password/i).fill(SIGN_IN.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/review$/);
}

/** Script bytes over the wire for one cold load of `url`; `encodings` are the Content-Encoding values seen. */
async function scriptBytes(context: BrowserContext, url: string, acceptEncoding: string | null): Promise<{ bytes: number; files: number; encodings: Set<string> }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  if (acceptEncoding) await page.setExtraHTTPHeaders({ 'Accept-Encoding': acceptEncoding });
  const pending: Promise<{ bytes: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        return { bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'identity' };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Drawn: the route's skeleton has given way to the page (no busy status left).
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const results = await Promise.all(pending);
    return { bytes: results.reduce((sum, r) => sum + r.bytes, 0), files: results.length, encodings: new Set(results.map((r) => r.encoding)) };
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface PageScores {
  runs: Record<Category, number[]>;
  medians: Record<Category, number>;
  /** Accessibility and best-practice audits that failed in any run, so a score under 100 says why. */
  failing: Set<string>;
  /** Metrics of the median-performance run (FCP, LCP, TBT, CLS, SI) and its LCP element. */
  metrics: string;
  /** Opportunities and diagnostics of the median-performance run that score under 0.9. */
  findings: string[];
}

/** When set, the JSON report of every run is written to this directory, for a closer look. */
const REPORT_DIR = process.env.FIRST_LOAD_REPORTS;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function metricsOf(lhr: Lhr): string {
  const value = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
  const lcpNode = details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
  return (
    `FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}, ` +
    `CLS ${value('cumulative-layout-shift')}, SI ${value('speed-index')}; LCP element ${lcpNode.slice(0, 100)}`
  );
}

function findingsOf(lhr: Lhr): string[] {
  const found: string[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    if (ref.weight > 0) continue; // the metrics, printed apart
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
    found.push(`${ref.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return found;
}

async function lighthouseScores(target: Target, url: string, context: BrowserContext): Promise<PageScores> {
  const runs: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
  const failing = new Set<string>();
  const lhrs: Lhr[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    const result = await lighthouse(
      url,
      { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: Object.keys(LH_GOALS) },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    lhrs.push(lhr);
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const slug = target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'dashboard';
      writeFileSync(path.join(REPORT_DIR, `${slug}-${run + 1}.json`), JSON.stringify(lhr));
    }
    for (const category of Object.keys(LH_GOALS) as Category[]) runs[category].push(Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100));
    for (const category of ['accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
      }
    }
  }
  const medianPerformance = median(runs.performance);
  const medianRun = lhrs[runs.performance.indexOf(medianPerformance)] ?? lhrs[0]!;
  return {
    runs,
    medians: { performance: medianPerformance, accessibility: median(runs.accessibility), 'best-practices': median(runs['best-practices']) },
    failing,
    metrics: metricsOf(medianRun),
    findings: findingsOf(medianRun),
  };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const mark = (ok: boolean) => (ok ? 'within goal' : 'OVER GOAL');

/** Prints initial JavaScript per page and Lighthouse medians beside their goals. Cleans up whatever happens. */
export async function benchFirstLoad(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) {
    console.log('first load: dist/ is missing; run `npx vite build` first (this bench builds nothing)');
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-first-load-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-first-load-profile-'));
  let server: ChildProcess | null = null;
  let context: BrowserContext | null = null;
  try {
    const started = await startServer(dataDir);
    server = started.child;
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_LAUNCH.executablePath,
      headless: true,
      viewport: { width: 1350, height: 940 },
      args: [`--remote-debugging-port=${DEBUG_PORT}`, ...CHROMIUM_LAUNCH.args],
    });
    // The translate tab's first-visit extras (walkthrough, course-updates popover) would cover the table.
    await context.addInitScript(
      ([walkthroughKey, popoverKey]) => {
        if (window.top !== window) return;
        const at = new Date().toISOString();
        window.localStorage.setItem(walkthroughKey, at);
        window.localStorage.setItem(popoverKey, at);
      },
      [WALKTHROUGH_DONE_STORAGE_KEY, UPDATES_POPOVER_DISMISSED_STORAGE_KEY] as const,
    );
    const first = context.pages()[0] ?? (await context.newPage());
    await signIn(first, started.url);
    const pages = targets(dataDir);

    console.log('first load: initial JavaScript over the wire (all scripts until drawn and the network is idle)');
    for (const target of pages) {
      const gzip = await scriptBytes(context, `${started.url}${target.path}`, 'gzip, deflate');
      const native = await scriptBytes(context, `${started.url}${target.path}`, null);
      const goal = JS_GOALS_KB[target.name];
      const verdict = goal === undefined ? '(no goal)' : `goal ≤ ${goal} KB, ${mark(gzip.bytes / 1000 <= goal)}`;
      console.log(
        `  ${target.name.padEnd(14)} gzip ${kb(gzip.bytes).padStart(6)} KB in ${gzip.files} files [${[...gzip.encodings].join(', ')}]  ${verdict}; ` +
          `as Chromium asks ${kb(native.bytes)} KB [${[...native.encodings].join(', ')}]`,
      );
    }

    console.log(`first load: Lighthouse 12 desktop, signed in, median of ${RUNS} cold runs (goals: performance ≥ 95, accessibility 100, best practices 100)`);
    for (const target of pages) {
      const result = await lighthouseScores(target, `${started.url}${target.path}`, context);
      console.log(`  ${target.name}`);
      for (const category of Object.keys(LH_GOALS) as Category[]) {
        const goal = LH_GOALS[category];
        const med = result.medians[category];
        const runs = result.runs[category].map((score) => String(score).padStart(3)).join(' ');
        console.log(`    ${category.padEnd(15)} runs ${runs}  median ${String(med).padStart(3)}  goal ${category === 'performance' ? '≥ ' : ''}${goal}  ${mark(med >= goal)}`);
      }
      console.log(`    median run: ${result.metrics}`);
      if (result.findings.length > 0) console.log(`    opportunities and diagnostics: ${result.findings.join(', ')}`);
      if (result.failing.size > 0) console.log(`    failing audits: ${[...result.failing].join(', ')}`);
    }
  } finally {
    await context?.close().catch(() => undefined);
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

// Run alone: `node --import tsx tests/bench/firstLoad.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchFirstLoad();
}

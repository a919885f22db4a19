/**
 * Screenshot annotation bench: with 1,000 freehand strokes on one snapshot, the annotation canvas keeps drawing,
 * panning and zooming at 60 frames a second (goal: p95 frame time ≤ 16.7 ms). Drives the real app (built client, real
 * server) in Debian's Chromium: /sandbox/annotation as staff, "Open with 1,000 strokes", then a freehand stroke drawn
 * with the mouse, wheel panning and Ctrl+wheel zooming, while the page records the interval between animation frames.
 * Also prints the time to open the dialog with the strokes, the time a finished stroke takes to be committed (the
 * strokes' cached bitmap redrawn once), and the saved PNG's size.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { type Browser, type Page } from '@playwright/test';
import { t } from '../../ui/strings.ts';
import { ensureClientBuild, startServer, stopServer } from './grid.ts';
import { launchChromium } from '../support/chromium.ts';

const GOAL_P95_MS = 16.7;
/** An interval this long means at least one frame was missed. */
const DROPPED_MS = 25;
/** One display refresh at 60 Hz. */
const VSYNC_MS = 1000 / 60;
const STAFF = { email: 'sam.staff@example.com', password: 'review-demo' };

interface Frames {
  count: number;
  dropped: number;
  p50: number;
  /** p95 of the raw intervals between animation frames (on-time frames read 16.6–16.8 ms: timestamp jitter). */
  rawP95: number;
  /** p95 of the frame times as the screen shows them: each interval in whole refreshes (16.7 ms on time, 33.3 one missed). */
  p95: number;
  max: number;
}

/**
 * Starts recording animation-frame intervals in the page (a string: tsx would wrap named functions in a helper the
 * page does not have).
 */
const START_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = 0;
  const tick = (now) => {
    if (!window.__recording) return;
    if (last > 0) window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

async function startFrames(page: Page): Promise<void> {
  await page.evaluate(START_FRAMES);
}

async function stopFrames(page: Page): Promise<Frames> {
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
  // A frame is shown at a refresh: an interval is that many refreshes (at least one), whatever its timestamp jitter.
  const shown = sorted.map((ms) => Math.max(1, Math.round(ms / VSYNC_MS)) * VSYNC_MS);
  return { count: sorted.length, dropped: sorted.filter((ms) => ms >= DROPPED_MS).length, p50: at(sorted, 0.5), rawP95: at(sorted, 0.95), p95: at(shown, 0.95), max: sorted.at(-1) ?? 0 };
}

const line = (what: string, f: Frames) =>
  `  ${what}: ${f.count} frame intervals, p50 ${f.p50.toFixed(1)} ms, raw p95 ${f.rawP95.toFixed(2)} ms, max ${f.max.toFixed(1)} ms, ${f.dropped} ≥ ${DROPPED_MS} ms (missed vsync); frame time p95 in whole refreshes ${f.p95.toFixed(1)} ms — goal p95 ≤ ${GOAL_P95_MS} ms: ${f.p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}`;

export async function benchAnnotation(): Promise<void> {
  const build = ensureClientBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'review-bench-annotation-'));
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const started = await startServer(dataDir);
    server = started.child;
    browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    await page.goto(`${started.url}/sandbox/annotation`);
    await page.getByLabel(/e-mail/i).fill(STAFF.email);
    await page.getByLabel(/password/i).fill(STAFF.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByRole('heading', { name: t('annotation.sandbox.title') }).waitFor();

    const openStart = Date.now();
    await page.getByRole('button', { name: t('annotation.sandbox.openBench') }).click();
    const dialog = page.getByRole('dialog', { name: t('annotation.title') });
    const canvas = dialog.getByRole('application', { name: t('annotation.canvas', { count: 1000 }) });
    await canvas.locator('canvas').first().waitFor();
    const openMs = Date.now() - openStart;
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    // Drawing: one long freehand stroke, 240 pointer moves.
    await dialog.getByRole('button', { name: t('annotation.tool.draw'), exact: true }).click();
    await page.mouse.move(box.x + 20, cy);
    await startFrames(page);
    await page.mouse.down();
    for (let i = 0; i < 240; i += 1) await page.mouse.move(box.x + 20 + ((box.width - 40) * i) / 240, cy + Math.sin(i / 6) * box.height * 0.3);
    const drawing = await stopFrames(page);
    const commitStart = Date.now();
    await page.mouse.up();
    await dialog.getByRole('application', { name: t('annotation.canvas', { count: 1001 }) }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const commitMs = Date.now() - commitStart;

    // Panning: 120 wheel steps; zooming: 60 Ctrl+wheel steps in and out.
    await page.mouse.move(cx, cy);
    await startFrames(page);
    for (let i = 0; i < 120; i += 1) await page.mouse.wheel(i % 40 < 20 ? 12 : -12, i % 60 < 30 ? 8 : -8);
    const panning = await stopFrames(page);
    await page.keyboard.down('Control');
    await startFrames(page);
    for (let i = 0; i < 60; i += 1) await page.mouse.wheel(0, i < 30 ? -40 : 40);
    const zooming = await stopFrames(page);
    await page.keyboard.up('Control');

    const saveStart = Date.now();
    await dialog.getByRole('button', { name: t('annotation.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saveMs = Date.now() - saveStart;
    const png = await page.getByRole('img', { name: t('annotation.sandbox.image') }).evaluate(async (img: HTMLImageElement) => {
      const blob = await (await fetch(img.src)).blob();
      return { bytes: blob.size, width: img.naturalWidth, height: img.naturalHeight };
    });

    console.log(`annotation canvas (1,000 freehand strokes on a 1280 × 720 snapshot, canvas ${Math.round(box.width)} × ${Math.round(box.height)}; client: ${build})`);
    console.log(line('drawing a stroke', drawing));
    console.log(line('panning (wheel)', panning));
    console.log(line('zooming (Ctrl+wheel)', zooming));
    console.log(`  dialog open with 1,000 strokes: ${openMs} ms; a finished stroke committed (kept live above the cached strokes): ${commitMs} ms; Save (PNG at pixel ratio 2): ${saveMs} ms`);
    console.log(`  PNG: ${png.width} × ${png.height}, ${(png.bytes / 1024).toFixed(0)} KiB (scale 2: twice the canvas)`);
    const assets = path.join(import.meta.dirname, '../../dist/assets');
    const chunk = readdirSync(assets).find((f) => /^AnnotationDialog-.*\.js$/.test(f));
    if (chunk) {
      const bytes = readFileSync(path.join(assets, chunk));
      console.log(`  dialog chunk (Konva included, loaded when the dialog opens): ${(bytes.length / 1024).toFixed(0)} KiB, ${(gzipSync(bytes).length / 1024).toFixed(0)} KiB gzip`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await benchAnnotation();

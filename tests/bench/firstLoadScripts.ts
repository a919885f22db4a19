/**
 * Which scripts a cold load of a page fetches, and why: signs in to a fresh server serving the built client (dist/),
 * then for each route clears the cache, loads it with `Accept-Encoding: gzip` until it is drawn and the network is idle
 * (as tests/bench/firstLoad.ts measures), and lists every script with its encoded size, when it finished and what
 * asked for it (`parser`: index.html or a static import; `script <file:line:col>`: a dynamic import at that place).
 * `npx tsx tests/bench/firstLoadScripts.ts [/,/review,item view,translate tab]`; SHOT=1 also saves a screenshot of each page to /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer, stopServer } from './grid.ts';
import { targets } from './firstLoad.ts';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hroot-list-'));
const server = await startServer(dataDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_LAUNCH.executablePath, args: CHROMIUM_LAUNCH.args });
try {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const first = await context.newPage();
  await first.goto(`${server.url}/review`);
  await first.getByLabel(/e-mail/i).fill('alex.admin@example.com');
  await first.getByLabel(/password/i).fill('review-demo');
  await first.getByRole('button', { name: /sign in/i }).click();
  await first.waitForURL(/\/review$/);
  await first.close();
  // Routes by path, or by the bench's page names ("item view", "translate tab").
  const named = new Map(targets(dataDir).map((target) => [target.name, target.path]));
  for (const asked of (process.argv[2] ?? '/,/review').split(',')) {
    const route = named.get(asked) ?? asked;
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await page.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip, deflate' });
    const initiators = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      const frame = e.initiator.stack?.callFrames[0];
      const where = frame ? ` ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}` : e.initiator.url ? ` ${e.initiator.url.split('/').pop()}` : '';
      initiators.set(e.request.url, `${e.initiator.type}${where}`);
    });
    const pending: Promise<[string, number, number]>[] = [];
    const started = performance.now();
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const t = Math.round(performance.now() - started);
      pending.push(request.sizes().then((s) => [request.url(), s.responseBodySize, t]));
    });
    await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
    const rows = await Promise.all(pending);
    const total = rows.reduce((s, r) => s + r[1], 0);
    console.log(`${route}: ${(total / 1000).toFixed(1)} KB in ${rows.length}`);
    for (const [url, bytes, t] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${(bytes / 1000).toFixed(1).padStart(6)} ${String(t).padStart(5)}ms ${url.split('/').pop()}  <- ${initiators.get(url)}`);
    if (process.env.SHOT) await page.screenshot({ path: `/tmp/first-load${route.replace(/\W/g, '_')}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Where the translate tab's open time goes, in Chromium against the real server on the 20,000-segment course (the
 * translation benches' planted file). Not a bench with goals: a profile to read when the open figures move.
 * - a cold load of the translate address and a Translate tab click from the review tab, each under the V8 sampling
 *   profiler (CDP Profiler, 200 µs), from the navigation (or click) to the mark 'translation:interactive';
 * - per load: the translation file on the wire (bytes transferred, decoded size, content encoding, request → response
 *   end), the user-timing marks on the way, and the main thread's CPU time by stage: source-mapped functions of the
 *   open path (file check, model build, duplicates, low-contrast paths, table rows, JSON decode), React, the
 *   virtualizer, XState, the session log, script compile, GC, idle; then the top functions by self time.
 * Run: `node --import tsx tests/bench/translateProfile.ts` (dist/ built when stale); with `PROFILE=keys`, a keystroke in
 * the segment editor instead (profileTranslateKeys); with `PROFILE=slowkeys`, what the slow keys of a traced run do
 * (translateSlowKeys.ts).
 */
import type { CDPSession, Page } from '@playwright/test';
import { frameLabel, located, type CallFrame } from './sourceMaps.ts';
import { profileSlowKeys } from './translateSlowKeys.ts';
import { withLargeCourse } from './translationBrowser.ts';

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Stages: a source file or function (after source mapping) → the stage it counts for, first match wins. */
const STAGES: ReadonlyArray<[string, (where: { source: string; name: string; url: string }) => boolean]> = [
  ['file check (parseTranslationFile)', (w) => w.source.endsWith('domain/translationParse.ts')],
  ['duplicates (findDuplicates)', (w) => w.source.endsWith('domain/translationDuplicates.ts')],
  ['low-contrast paths', (w) => w.name === 'lowContrastTextPaths' || /translationAssist\.ts$/.test(w.source)],
  ['table rows (tableRows)', (w) => w.name === 'tableRows'],
  ['model build (buildTranslationModel, plain texts)', (w) => /domain\/translation(Model|Edits|Entities)\.ts$/.test(w.source) || w.source.endsWith('domain/hash.ts')],
  ['the worker adapter', (w) => /translationWorker|translationModelWorker/.test(w.source)],
  ['session log (recorder, codec)', (w) => /adapters\/(eventLog|systemProbe)|domain\/(logCodec|redaction)/.test(w.source)],
  ['virtualizer', (w) => w.source.includes('@tanstack')],
  ['React', (w) => /react-dom|scheduler|\/react\//.test(w.source)],
  ['XState', (w) => w.source.includes('/xstate/') || w.source.includes('@xstate')],
  ['translate views', (w) => /ui\/views\/(translation|item\/(ItemTranslate|Translate))/.test(w.source)],
  ['ProseMirror', (w) => w.source.includes('prosemirror')],
  ['other app code', (w) => w.url.includes('/assets/')],
  ['JSON decode', (w) => w.name === 'json' || w.name === 'parse'],
  ['GC', (w) => w.name === '(garbage collector)'],
  ['idle', (w) => w.name === '(idle)'],
  ['(program): parse, compile, style, layout', (w) => w.name === '(program)'],
];

/** Self time per node, in ms, from the samples. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + delta);
  }
  return self;
}

/** Prints a profile: the stages (self time by stage of the frame) and the top functions by self time. */
function report(profile: Profile): void {
  const self = selfTimes(profile);
  const byStage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const total = (profile.endTime - profile.startTime) / 1000;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const where = located(node.callFrame);
    const stage = STAGES.find(([, test]) => test(where))?.[0] ?? 'other (browser, extensions, native)';
    byStage.set(stage, (byStage.get(stage) ?? 0) + ms);
    const name = frameLabel(where);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  console.log(`    profiled ${total.toFixed(0)} ms; main-thread self time by stage:`);
  for (const [stage, ms] of [...byStage].sort((a, b) => b[1] - a[1])) console.log(`      ${ms.toFixed(0).padStart(6)} ms  ${stage}`);
  console.log('    top functions by self time:');
  for (const [name, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`      ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

/** The profile in windows of `ms` from its start: per window, idle share and the top functions by self time. */
function windows(profile: Profile, ms: number): void {
  const byWindow = new Map<number, Map<string, number>>();
  const names = new Map<number, string>();
  for (const node of profile.nodes) {
    const where = located(node.callFrame);
    names.set(node.id, `${where.name || '(anonymous)'} ${where.source.replace(/^.*node_modules\//, '~/').replace(/^(\.\.\/)+/, '').replace(/^.*\//, '')}`);
  }
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const window = Math.floor(at / ms);
    const totals = byWindow.get(window) ?? new Map<string, number>();
    const name = names.get(profile.samples[i]!)!;
    totals.set(name, (totals.get(name) ?? 0) + delta);
    byWindow.set(window, totals);
  }
  console.log(`    by window of ${ms} ms from the profile's start (idle, then the top functions by self time):`);
  for (const [window, totals] of [...byWindow].sort((a, b) => a[0] - b[0])) {
    const idle = totals.get('(idle) ') ?? 0;
    const top = [...totals].filter(([name]) => name !== '(idle) ').sort((a, b) => b[1] - a[1]).slice(0, 3).map(([name, t]) => `${name.trim()} ${t.toFixed(0)}`).join(', ');
    console.log(`      ${String(window * ms).padStart(6)} ms  idle ${idle.toFixed(0).padStart(2)}  ${top}`);
  }
}

/** The translation file's transfer, from the Network domain. */
function watchFile(cdp: CDPSession) {
  const requests = new Map<string, { url: string; start: number; encoding: string | null; decoded: number; status: string }>();
  const seen: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (/\.json(\?|$)/.test(event.request.url) && event.request.url.includes('/cdn/')) requests.set(event.requestId, { url: event.request.url, start: event.timestamp, encoding: null, decoded: 0, status: '' });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.encoding = (event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? null) as string | null;
    request.status = `${event.response.status}${event.response.fromDiskCache ? ' from disk cache' : ''}, ${event.response.headers['cache-control'] ?? event.response.headers['Cache-Control'] ?? 'no cache-control'}`;
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    seen.push(
      `    file ${request.url.replace(/^.*\/cdn\//, 'cdn/')}: ${(event.encodedDataLength / 1024).toFixed(0)} KiB on the wire, ${(request.decoded / 1024).toFixed(0)} KiB decoded, ` +
        `encoding ${request.encoding ?? 'none'}, status ${request.status}, request → loaded ${((event.timestamp - request.start) * 1000).toFixed(0)} ms`,
    );
    requests.delete(event.requestId);
  });
  return { take: () => seen.splice(0) };
}

/** Every request of the window: start and end (ms from the window's start), size, path. */
function watchRequests(cdp: CDPSession) {
  const open = new Map<string, { url: string; start: number }>();
  let origin = -1;
  const lines: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (origin === 0) origin = event.timestamp;
    open.set(event.requestId, { url: event.request.url, start: event.timestamp });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = open.get(event.requestId);
    if (!request || origin <= 0) return;
    lines.push(`      ${((request.start - origin) * 1000).toFixed(0).padStart(6)} → ${((event.timestamp - origin) * 1000).toFixed(0).padStart(6)} ms  ${(event.encodedDataLength / 1024).toFixed(0).padStart(6)} KiB  ${request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 110)}`);
  });
  return {
    /** From the next request on. */
    start: () => {
      origin = 0;
      lines.length = 0;
    },
    take: () => lines.splice(0),
  };
}

/** The user-timing marks since the navigation (or since `from`), relative to it. */
async function marks(page: Page, from: string | null): Promise<string> {
  return page.evaluate((fromMark) => {
    const start = fromMark ? (performance.getEntriesByName(fromMark, 'mark')[0]?.startTime ?? 0) : 0;
    return performance
      .getEntriesByType('mark')
      .filter((mark) => mark.startTime >= start)
      .map((mark) => `${mark.name} +${(mark.startTime - start).toFixed(0)}`)
      .join(', ');
  }, from);
}

async function profiled(cdp: CDPSession, run: () => Promise<void>): Promise<Profile> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return profile;
}

interface TimelineEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; requestId?: string; name?: string; functionName?: string; type?: string } };
}

/** Events inside a task (same thread, within its span), by name: total duration of the outermost ones, in ms. */
function insideTask(events: readonly TimelineEvent[], task: TimelineEvent): string {
  const end = task.ts + (task.dur ?? 0);
  const totals = new Map<string, number>();
  let coveredUntil = 0;
  for (const event of events) {
    if (event.tid !== task.tid || event.pid !== task.pid || event.ph !== 'X' || event === task || event.ts < task.ts || event.ts >= end) continue;
    if (event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask') continue;
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    const label = event.name === 'FunctionCall' || event.name === 'EvaluateScript' ? `${event.name}(${(event.args?.data?.url ?? '').replace(/^.*\//, '') || event.args?.data?.functionName || ''})` : event.name;
    totals.set(label, (totals.get(label) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 2).slice(0, 5).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ');
}

/** The main thread's tasks of 10 ms and more, the requests and the marks, in ms from `origin` (a mark's name). */
function timeline(events: TimelineEvent[], origin: string): void {
  const start = events.find((event) => event.name === origin);
  if (!start) throw new Error(`the trace has no mark ${origin}`);
  const at = (ts: number) => `${((ts - start.ts) / 1000).toFixed(0).padStart(6)} ms`;
  const sorted = events.filter((event) => event.ts >= start.ts).sort((a, b) => a.ts - b.ts);
  const sent = new Map<string, { url: string; ts: number }>();
  for (const event of sorted) {
    if (event.name === 'ResourceSendRequest' && event.args?.data?.requestId) sent.set(event.args.data.requestId, { url: event.args.data.url ?? '', ts: event.ts });
  }
  const lines: [number, string][] = [];
  for (const event of sorted) {
    if (event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || (event.ph === 'b' && event.name.includes(':'))) {
      if (event.name.includes(':') && !event.name.startsWith('v8') && !event.name.includes('::')) lines.push([event.ts, `${at(event.ts)}  mark ${event.name}`]);
    }
    if (event.name === 'ResourceFinish' && event.args?.data?.requestId) {
      const request = sent.get(event.args.data.requestId);
      if (request) lines.push([request.ts, `${at(request.ts)}  request ${request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)} → done at ${at(event.ts).trim()}`]);
    }
    if ((event.name === 'ThreadControllerImpl::RunTask' || event.name === 'RunTask') && event.pid === start.pid && event.tid === start.tid && (event.dur ?? 0) >= TASK_MS * 1000) {
      lines.push([event.ts, `${at(event.ts)}  task ${((event.dur ?? 0) / 1000).toFixed(0)} ms: ${insideTask(sorted, event)}`]);
    }
  }
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(`    ${line}`);
}

/** The shortest main-thread task the traced timelines list, in ms (`TASK_MS`, default 10). */
const TASK_MS = Number(process.env.TASK_MS ?? 10);

const TRACE_TIMELINE = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'loading'];

const waitInteractive = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('translation:interactive', 'mark').length > 0, null, { timeout: 60_000 });

export async function profileTranslateOpen(): Promise<void> {
  await withLargeCourse('translate tab open profile, 20,000 segments (Chromium, real server)', 'profile-translate-', async ({ browser, page, url, itemId }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const file = watchFile(cdp);
    const all = watchRequests(cdp);

    // A warm-up load, then the cold load profiled (the HTTP cache holds the hashed assets, as for a returning user).
    await page.goto(`${url}/review/content/${itemId}/translate`);
    await waitInteractive(page);
    file.take();
    console.log('  cold load of the translate address:');
    all.start();
    const cold = await profiled(cdp, async () => {
      await page.goto(`${url}/review/content/${itemId}/translate`);
      await waitInteractive(page);
    });
    for (const line of file.take()) console.log(line);
    console.log(`    requests (ms from the first):\n${all.take().join('\n')}`);
    console.log(`    marks: ${await marks(page, null)}`);
    report(cold);
    windows(cold, 25);

    console.log('  cold load of the translate address, traced (main thread tasks of 10 ms and more, requests, marks):');
    await browser.startTracing(page, { categories: TRACE_TIMELINE });
    await page.goto(`${url}/review/content/${itemId}/translate`);
    await waitInteractive(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    timeline((JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TimelineEvent[] }).traceEvents, 'navigationStart');

    console.log('  Translate tab clicked on the review tab:');
    await page.goto(`${url}/review/content/${itemId}/review`);
    const link = page.getByRole('link', { name: 'Translate' });
    await link.waitFor();
    await page.evaluate(() => document.addEventListener('click', () => performance.mark('profile:click'), { capture: true, once: true }));
    all.start();
    const click = await profiled(cdp, async () => {
      await link.click();
      await waitInteractive(page);
    });
    for (const line of file.take()) console.log(line);
    console.log(`    requests (ms from the first after the click):\n${all.take().join('\n')}`);
    console.log(`    marks: ${await marks(page, 'profile:click')}`);
    report(click);

    console.log('  Translate tab clicked on the review tab, traced (main thread tasks of 10 ms and more, requests, marks):');
    await page.goto(`${url}/review/content/${itemId}/review`);
    await link.waitFor();
    await page.evaluate(() => document.addEventListener('click', () => performance.mark('profile:click'), { capture: true, once: true }));
    await browser.startTracing(page, { categories: TRACE_TIMELINE });
    await link.click();
    await waitInteractive(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TimelineEvent[] };
    timeline(trace.traceEvents, 'profile:click');
  });
}

/**
 * Where a keystroke's time goes: typing in a segment editor (the keyboard bench's keys) under the sampling profiler;
 * the main thread's self time by stage and the top functions. Run: `PROFILE=keys node --import tsx tests/bench/translateProfile.ts`.
 */
export async function profileTranslateKeys(): Promise<void> {
  await withLargeCourse('translate tab keystroke profile, 20,000 segments (Chromium, real server)', 'profile-translate-keys-', async ({ browser, page, url, itemId }) => {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${url}/review/content/${itemId}/translate`);
    await waitInteractive(page);
    await page.locator('.translation-segment__text.is-editable').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.ProseMirror:focus').waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type('y'.repeat(10), { delay: 30 });
    const keys = await profiled(cdp, () => page.keyboard.type('x'.repeat(60), { delay: 30 }));
    console.log('  60 keystrokes in a segment editor:');
    report(keys);
    // The rendering work the profiler counts as (program): style, layout, paint, by trace event, with the elements
    // whose style was recalculated and the nodes laid out.
    await browser.startTracing(page, { categories: TRACE_TIMELINE });
    await page.keyboard.type('x'.repeat(30), { delay: 30 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: (TimelineEvent & { args?: { elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } } })[] }).traceEvents;
    const byName = new Map<string, { ms: number; count: number; elements: number; objects: number }>();
    for (const event of events) {
      if (event.ph !== 'X' || !['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'Commit', 'EventDispatch', 'FunctionCall', 'RunMicrotasks', 'HitTest', 'ParseHTML', 'IntersectionObserverController::computeIntersections', 'UpdateLayer', 'ScheduleStyleRecalculation'].includes(event.name)) continue;
      const entry = byName.get(event.name) ?? { ms: 0, count: 0, elements: 0, objects: 0 };
      entry.ms += (event.dur ?? 0) / 1000;
      entry.count++;
      entry.elements += event.args?.elementCount ?? 0;
      entry.objects += event.args?.beginData?.dirtyObjects ?? 0;
      byName.set(event.name, entry);
    }
    console.log('  30 keystrokes traced: main-thread events by name (total ms, count, elements restyled / objects laid out):');
    for (const [name, entry] of [...byName].sort((a, b) => b[1].ms - a[1].ms)) console.log(`      ${entry.ms.toFixed(1).padStart(7)} ms  ${String(entry.count).padStart(4)}×  ${name}${entry.elements ? `, ${entry.elements} elements` : ''}${entry.objects ? `, ${entry.objects} dirty objects` : ''}`);
  });
}

if (import.meta.url === `file://${process.argv[1]}` && process.env.PROFILE === 'slowkeys') {
  void profileSlowKeys().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else if (import.meta.url === `file://${process.argv[1]}` && process.env.PROFILE === 'keys') {
  void profileTranslateKeys().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else if (import.meta.url === `file://${process.argv[1]}`) {
  void profileTranslateOpen().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/**
 * The translate tab from the keyboard, in Chromium against the real server, on the 20,000-segment course (the
 * translation bench's planted file):
 * - open → interactive: the Translate tab link clicked on the item's review tab → the table's rows in the document
 *   (mark 'translation:interactive'); and a cold load of the translate address (navigation start → the same mark);
 *   goal < 1 s each;
 * - keystroke → frame: typing in a segment editor, from each key's keydown (its event time stamp) to the frame that shows
 *   it committed (the first animation frame after the key's input event, then the task after that frame's style, layout
 *   and paint); p95, goal ≤ 16 ms: the key's whole work fits in one frame. Measured in a Chromium whose frame clock is
 *   not tied to a display (`--disable-frame-rate-limit --disable-gpu-vsync`): with a 60 Hz clock the same probe also
 *   counts the wait for the display's next tick, 0–16.7 ms after the key by chance, which no page code shortens (a bare
 *   contenteditable on a blank page measures 16–18 ms p95 that way). The 60 Hz figure is printed beside it, with the
 *   page's own share (keydown → the key's input event handled: the editor, the statechart, React) and the floor (the
 *   same probe on a bare contenteditable) in both browsers. 120 keys after 10 warm-up keys: the p95 is then the 6th
 *   slowest key, so one pause on its own (a GC, the session log's checkpoint) does not set it, as it did at 60 keys (the
 *   3rd slowest); the extra keys cost about 4 s per browser;
 * - save-and-next: Ctrl+Enter in an edited segment → the next segment's editor focused (focusin); goal ≤ 100 ms.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { launchChromium } from '../support/chromium.ts';
import { openSignedInPage, stats, withLargeCourse } from './translationBrowser.ts';

const GOAL_OPEN_MS = 1_000;
const GOAL_KEY_P95_MS = 16;
const GOAL_SAVE_NEXT_MS = 100;
const OPENS = Number(process.env.BENCH_OPENS ?? 3);
const KEYSTROKES = 120;
const WARM_UP_KEYSTROKES = 10;
const SAVES = 12;
/** A frame clock not tied to a display: a frame starts as soon as there is something to draw. */
export const UNLOCKED_FRAME_CLOCK_ARGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

const verdict = (value: number, goal: number, strict = false) => ((strict ? value < goal : value <= goal) ? 'within goal' : 'OVER GOAL');

async function waitInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('translation:interactive', 'mark').length > 0, null, { timeout: 60_000 });
  await page.getByRole('table', { name: 'Segments' }).waitFor();
}

/** The Translate tab opened from the review tab by its link: click → interactive, in ms. */
async function measureTabOpen(page: Page, url: string, itemId: string): Promise<number> {
  await page.goto(`${url}/review/content/${itemId}/review`);
  const link = page.getByRole('link', { name: 'Translate' });
  await link.waitFor();
  await page.evaluate(() => {
    performance.clearMarks('translation:interactive');
    document.addEventListener('click', () => performance.mark('bench:translate-click'), { capture: true, once: true });
  });
  await link.click();
  await waitInteractive(page);
  return page.evaluate(() => performance.measure('bench:open', 'bench:translate-click', 'translation:interactive').duration);
}

/** A cold load of the translate address: navigation start → interactive, in ms. */
async function measureColdLoad(page: Page, url: string, itemId: string): Promise<number> {
  await page.goto(`${url}/review/content/${itemId}/translate`);
  await waitInteractive(page);
  return page.evaluate(() => performance.getEntriesByName('translation:interactive', 'mark')[0]!.startTime);
}

/** Opens the first editable segment's editor (Enter on its row, from the keyboard). */
export async function openFirstEditor(page: Page): Promise<void> {
  const target = page.locator('.translation-segment__text.is-editable').first();
  await target.focus();
  await page.keyboard.press('Enter');
  await page.locator('.ProseMirror:focus').waitFor();
  await page.keyboard.press('End');
}

/**
 * Per key: keydown → the first animation frame after its input event starts, → that frame committed (the task after
 * its style, layout and paint), and keydown → its input event handled.
 */
export interface KeySamples {
  frame: number[];
  committed: number[];
  handled: number[];
}

/** The name of the performance measure of each key's keydown → frame committed span. */
export const KEY_MEASURE = 'bench:key';

/**
 * Installs the keystroke probe on the page: the key's keydown time stamp starts the clocks; the first animation frame
 * after its input event ends `frame`, a message posted from that frame's callback ends `committed` (it runs once the
 * frame's rendering steps are done), the input event's last listener (on the window, bubbling: after the editor's own
 * handlers and what they ran) ends `handled`. Each key's keydown → committed span is also a performance measure named
 * KEY_MEASURE, in the order of the samples, so that a trace shows where each key's span lies (translateSlowKeys.ts).
 */
export async function installKeyProbe(page: Page): Promise<void> {
  await page.evaluate((measureName) => {
    const samples = { frame: [] as number[], committed: [] as number[], handled: [] as number[] };
    (window as unknown as { __keySamples: typeof samples }).__keySamples = samples;
    let down = 0;
    document.addEventListener('keydown', (event) => (down = event.timeStamp), { capture: true });
    document.addEventListener(
      'input',
      () => {
        const from = down;
        requestAnimationFrame(() => {
          samples.frame.push(performance.now() - from);
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            samples.committed.push(performance.now() - from);
            performance.measure(measureName, { start: from, end: performance.now() });
            channel.port1.close();
          };
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
    window.addEventListener('input', () => samples.handled.push(performance.now() - down));
  }, KEY_MEASURE);
}

/** Types the measured keys (after warm-up keys) where the focus is; the samples of the measured ones. */
async function typeMeasured(page: Page): Promise<KeySamples> {
  await page.keyboard.type('y'.repeat(WARM_UP_KEYSTROKES), { delay: 30 });
  await installKeyProbe(page);
  await page.keyboard.type('x'.repeat(KEYSTROKES), { delay: 30 });
  await page.waitForFunction((count) => (window as unknown as { __keySamples: KeySamples }).__keySamples.committed.length >= count, KEYSTROKES);
  return page.evaluate(() => (window as unknown as { __keySamples: KeySamples }).__keySamples);
}

/** The same keys in a bare contenteditable on a blank page of the same browser: what the browser alone takes. */
async function measureFloor(browser: Browser): Promise<KeySamples> {
  const blank = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await blank.setContent('<div contenteditable="true" style="padding: 8px; border: 1px solid">Bonjour</div>');
    await blank.locator('[contenteditable]').focus();
    await blank.keyboard.press('End');
    return await typeMeasured(blank);
  } finally {
    await blank.close();
  }
}

/**
 * The save calls of the page: a save's commands, and the get-segments reads that follow it (the saved segment read
 * back, and the refresh a push of the same segment asks for: either may answer first).
 */
function saveCalls(page: Page) {
  const isCommands = (request: Request) => request.url().includes('/translations/validation/commands/');
  const isRead = (request: Request) => request.url().includes('/translations/validation/get-segments');
  let reads = 0;
  let readsDone = 0;
  const started = (request: Request) => {
    if (isRead(request)) reads++;
  };
  const ended = (request: Request) => {
    if (isRead(request)) readsDone++;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Ctrl+Enter pressed: resolves when the save is answered and every read it caused has answered. */
    async pressSaveAndNext(): Promise<void> {
      const readsBefore = reads;
      const saved = page.waitForResponse((response) => isCommands(response.request()));
      await page.keyboard.press('Control+Enter');
      const answer = await saved;
      if (!answer.ok()) throw new Error(`the save was refused: ${answer.status()} ${await answer.text()}`);
      // The saved segment is read back before the next save is taken (the end of the save's lifecycle); a push of the
      // same segment asks for another read: the save is over when a read started after it and none is on the wire.
      await waitUntil(() => reads > readsBefore && readsDone === reads);
    },
    stop(): void {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** Polls a condition of the bench's own counters (they follow the page's network events), up to 30 s. */
async function waitUntil(condition: () => boolean): Promise<void> {
  const until = performance.now() + 30_000;
  while (!condition()) {
    if (performance.now() > until) throw new Error('the save and its read-back did not end within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Ctrl+Enter → the next segment's editor focused, per save (each save and its reads answered before the next). */
async function measureSaveAndNext(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __saveSamples: number[] }).__saveSamples = samples;
    let pressed: number | null = null;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) pressed = event.timeStamp;
    }, { capture: true });
    document.addEventListener('focusin', (event) => {
      if (pressed !== null && (event.target as HTMLElement).classList.contains('ProseMirror')) {
        samples.push(performance.now() - pressed);
        pressed = null;
      }
    });
  });
  const calls = saveCalls(page);
  try {
    for (let i = 0; i < SAVES; i++) {
      await page.keyboard.type(' z');
      await calls.pressSaveAndNext();
      await page.waitForFunction((count) => (window as unknown as { __saveSamples: number[] }).__saveSamples.length >= count, i + 1);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    }
  } finally {
    calls.stop();
  }
  return page.evaluate(() => (window as unknown as { __saveSamples: number[] }).__saveSamples.slice());
}

/** The page's keys and the floor's, measured in one browser. */
interface KeysInBrowser {
  page: KeySamples;
  floor: KeySamples;
}

/** The page's own share of a key and the bare contenteditable's figures, under the figure they explain. */
function printShares(indent: string, measured: KeysInBrowser): void {
  const handled = stats(measured.page.handled);
  const floor = stats(measured.floor.committed);
  console.log(`${indent}of which the page's own: keydown → input handled: median ${handled.median.toFixed(1)} ms, p95 ${handled.p95.toFixed(1)} ms, max ${handled.max.toFixed(1)} ms`);
  console.log(`${indent}floor, the same keys in a bare contenteditable on a blank page of the same browser: keydown → frame committed median ${floor.median.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`);
}

/** The keystroke probe in a Chromium whose frame clock is not tied to a display: the translate address, then the floor. */
async function measureKeysUnlocked(url: string, itemId: string): Promise<KeysInBrowser> {
  const browser = await launchChromium({ args: UNLOCKED_FRAME_CLOCK_ARGS });
  try {
    const page = await openSignedInPage(browser, url);
    await page.goto(`${url}/review/content/${itemId}/translate`);
    await waitInteractive(page);
    await openFirstEditor(page);
    const measured = await typeMeasured(page);
    await page.close();
    return { page: measured, floor: await measureFloor(browser) };
  } finally {
    await browser.close();
  }
}

/** Prints the figures beside their goals, each as soon as it is measured. Cleans up whatever happens. */
export async function benchTranslateKeys(): Promise<void> {
  await withLargeCourse('translate tab from the keyboard, 20,000 segments (Chromium, real server)', 'bench-translate-keys-', async ({ browser, page, url, itemId }) => {
    const opens: number[] = [];
    const colds: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      opens.push(await measureTabOpen(page, url, itemId));
      colds.push(await measureColdLoad(page, url, itemId));
    }
    const open = stats(opens);
    const cold = stats(colds);
    console.log(`  Translate tab clicked → table interactive: median ${open.median.toFixed(0)} ms, max ${open.max.toFixed(0)} ms over ${OPENS} opens (goal < ${GOAL_OPEN_MS} ms: ${verdict(open.median, GOAL_OPEN_MS, true)})`);
    console.log(`  cold load of the translate address → table interactive: median ${cold.median.toFixed(0)} ms, max ${cold.max.toFixed(0)} ms over ${OPENS} loads (goal < ${GOAL_OPEN_MS} ms: ${verdict(cold.median, GOAL_OPEN_MS, true)})`);
    const unlocked = await measureKeysUnlocked(url, itemId);
    const keys = stats(unlocked.page.committed);
    console.log(
      `  keystroke in a segment editor → its frame committed (keydown → the frame after its input, style, layout and paint done; frame clock not tied to a display): median ${keys.median.toFixed(1)} ms, p95 ${keys.p95.toFixed(1)} ms, max ${keys.max.toFixed(1)} ms over ${KEYSTROKES} keys (goal p95 ≤ ${GOAL_KEY_P95_MS} ms: ${verdict(keys.p95, GOAL_KEY_P95_MS)})`,
    );
    printShares('    ', unlocked);
    await openFirstEditor(page);
    const at60Hz = { page: await typeMeasured(page), floor: { frame: [], committed: [], handled: [] } as KeySamples };
    const saves = stats(await measureSaveAndNext(page));
    at60Hz.floor = await measureFloor(browser);
    const keys60 = stats(at60Hz.page.committed);
    console.log(
      `  the same with a 60 Hz frame clock (the wait for the display's next tick counted, not the goal's measure): keydown → frame committed median ${keys60.median.toFixed(1)} ms, p95 ${keys60.p95.toFixed(1)} ms; keydown → rAF after input p95 ${stats(at60Hz.page.frame).p95.toFixed(1)} ms`,
    );
    printShares('    ', at60Hz);
    console.log(
      `  Ctrl+Enter → next segment's editor focused: median ${saves.median.toFixed(1)} ms, p95 ${saves.p95.toFixed(1)} ms, max ${saves.max.toFixed(1)} ms over ${SAVES} saves (goal ≤ ${GOAL_SAVE_NEXT_MS} ms: ${verdict(saves.p95, GOAL_SAVE_NEXT_MS)})`,
    );
  });
}

// Run alone: `node --import tsx tests/bench/translateKeys.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  void benchTranslateKeys().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

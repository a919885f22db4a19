/**
 * What the translation editor's slow keys do: the keyboard bench's run (translateKeys.ts: the same probe, warm-up and
 * keys, in a Chromium whose frame clock is not tied to a display) traced from the translate address's load on (tasks,
 * timeline, GC); for every key whose keydown → frame committed passes SLOW_KEY_MS, its phases (keydown → its input
 * task's end, the wait for the frame, the frame's task; GC; time descheduled, wall minus CPU) and what ran on the main
 * thread between its keydown and its frame committed:
 * - each task (its start from the keydown, its length, its CPU) and the events inside it: key and input event
 *   dispatch, idle callbacks (FireIdleCallback) and timers with the function they called, animation frames,
 *   microtasks, GC (heap freed), style recalculation (elements), layout (dirty / total objects), paint, layerize,
 *   commit; functions source-mapped through dist/'s .map files;
 * - with DEEP=1 (V8, sampling profiler, compositor categories: the page runs about twice as slow), the sampled self
 *   time of each task by function;
 * then a summary: slow keys per run, and how many of them held an idle callback (which function), a GC, a task that
 * was already running when the key came, or spent a third of their time descheduled (other processes had the cores);
 * then the main thread's long tasks from the table interactive on (what the warm-up and measured keys wait behind: an
 * idle callback's function, a GC). Not a bench with goals: a diagnosis to rerun when keys slow down.
 * Run: `PROFILE=slowkeys node --import tsx tests/bench/translateProfile.ts` (dist/ built when stale); KEYS=n types n
 * measured keys (default 120); TRACE_FILE=path keeps the trace (open it in DevTools' Performance panel).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { launchChromium } from '../support/chromium.ts';
import { frameLabel, located, type CallFrame } from './sourceMaps.ts';
import { KEY_MEASURE, UNLOCKED_FRAME_CLOCK_ARGS, installKeyProbe, openFirstEditor, type KeySamples } from './translateKeys.ts';
import { openSignedInPage, stats, withLargeCourse } from './translationBrowser.ts';

const SLOW_KEY_MS = 12;
const KEYS = Number(process.env.KEYS ?? 120);
const WARM_UP_KEYS = 10;
/**
 * The trace's categories: tasks, the probe's measures, the timeline (event dispatch, idle callbacks, timers, style,
 * layout, paint, GC). The sampling profiler, V8's own events and the compositor's frame scheduling (cc, viz) slow the
 * page they watch (its keys take about twice as long): only with DEEP=1.
 */
const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-v8.gc'];
const DEEP_CATEGORIES = ['v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'cc', 'viz'];
const DEEP = process.env.DEEP === '1';
/** Events inside a task shorter than this are left out of its listing. */
const SHOWN_EVENT_MS = 0.3;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs: less than `dur` when the thread was descheduled meanwhile. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: {
    elementCount?: number;
    usedHeapSizeBefore?: number;
    usedHeapSizeAfter?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
    data?: Partial<CallFrame> & {
      type?: string;
      timedOut?: boolean;
      allottedMilliseconds?: number;
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
const isTask = (event: TraceEvent) => event.ph === 'X' && TASK_NAMES.has(event.name);
const end = (event: TraceEvent) => event.ts + (event.dur ?? 0);
const ms = (us: number) => (us / 1000).toFixed(1);

/** The function a FunctionCall event names, source-mapped; with trace line numbers (1-based) made 0-based. */
function functionOf(data: Partial<CallFrame> | undefined): string {
  if (!data?.url) return data?.functionName || '(native)';
  return frameLabel(located({ functionName: data.functionName ?? '', url: data.url, lineNumber: (data.lineNumber ?? 1) - 1, columnNumber: (data.columnNumber ?? 1) - 1 }));
}

/** What an event is, with the figures that say how big it was. */
function labelOf(event: TraceEvent): string {
  const data = event.args?.data;
  switch (event.name) {
    case 'EventDispatch':
      return `EventDispatch ${data?.type ?? ''}`;
    case 'FunctionCall':
      return `FunctionCall ${functionOf(data)}`;
    case 'FireIdleCallback':
      return `FireIdleCallback${data?.timedOut ? ' (timed out)' : ''}, allotted ${data?.allottedMilliseconds?.toFixed(1) ?? '?'} ms`;
    case 'UpdateLayoutTree':
      return `UpdateLayoutTree, ${event.args?.elementCount ?? '?'} elements`;
    case 'Layout':
      return `Layout, ${event.args?.beginData?.dirtyObjects ?? '?'} dirty of ${event.args?.beginData?.totalObjects ?? '?'} objects`;
    case 'MinorGC':
    case 'MajorGC': {
      const freed = (event.args?.usedHeapSizeBefore ?? 0) - (event.args?.usedHeapSizeAfter ?? 0);
      return `${event.name}, ${(freed / 1024 / 1024).toFixed(1)} MiB freed`;
    }
    default:
      return event.name;
  }
}

/** The main thread's events within `task`, nested, as indented lines (the longest first at equal start). */
function taskTree(thread: readonly TraceEvent[], task: TraceEvent): string[] {
  const inside = thread.filter((event) => event !== task && event.ph === 'X' && event.ts >= task.ts && end(event) <= end(task) && !TASK_NAMES.has(event.name));
  const lines: string[] = [];
  const open: TraceEvent[] = [];
  for (const event of inside) {
    while (open.length && end(open.at(-1)!) <= event.ts) open.pop();
    const depth = open.length;
    open.push(event);
    if ((event.dur ?? 0) / 1000 < SHOWN_EVENT_MS || depth > 4) continue;
    lines.push(`${'  '.repeat(depth)}${ms(event.dur ?? 0)} ms ${labelOf(event)}`);
  }
  return lines;
}

interface Sample {
  ts: number;
  frame: CallFrame;
}

/** The sampling profiler's samples of the thread `tid` of process `pid`, with their times on the trace clock. */
function samplesOf(events: readonly TraceEvent[], pid: number, tid: number): Sample[] {
  const profiles = new Set(events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid).map((event) => event.id));
  const starts = new Map(events.filter((event) => event.name === 'Profile' && profiles.has(event.id)).map((event) => [event.id, event.args?.data?.startTime ?? event.ts]));
  const nodes = new Map<string, CallFrame>();
  const clock = new Map(starts);
  const samples: Sample[] = [];
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && profiles.has(event.id)).sort((a, b) => a.ts - b.ts)) {
    const profile = chunk.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) nodes.set(`${chunk.id}:${node.id}`, node.callFrame);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    let at = clock.get(chunk.id) ?? 0;
    (profile?.samples ?? []).forEach((node, index) => {
      at += deltas[index] ?? 0;
      const frame = nodes.get(`${chunk.id}:${node}`);
      if (frame) samples.push({ ts: at, frame });
    });
    clock.set(chunk.id, at);
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** Self time by function of the samples in [from, to), the top `count`, as `ms name path`. */
function topFunctions(samples: readonly Sample[], from: number, to: number, count: number): string[] {
  const inSpan = samples.filter((sample) => sample.ts >= from && sample.ts < to);
  const byFunction = new Map<string, number>();
  inSpan.forEach((sample, index) => {
    const next = inSpan[index + 1]?.ts ?? to;
    const label = sample.frame.url ? frameLabel(located(sample.frame)) : sample.frame.functionName || '(native)';
    byFunction.set(label, (byFunction.get(label) ?? 0) + (next - sample.ts));
  });
  return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count).map(([label, us]) => `${ms(us)} ms ${label}`);
}

/** Each key's keydown → committed span on the trace clock, from the probe's measures, in key order. */
function keySpans(events: readonly TraceEvent[]): { from: number; to: number; pid: number; tid: number }[] {
  const idOf = (event: TraceEvent) => event.id ?? event.id2?.local ?? '';
  const begins = new Map<string, TraceEvent>();
  const spans: { from: number; to: number; pid: number; tid: number }[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.name !== KEY_MEASURE) continue;
    if (event.ph === 'b') begins.set(idOf(event), event);
    else if (event.ph === 'e') {
      const begin = begins.get(idOf(event));
      if (begin) spans.push({ from: begin.ts, to: event.ts, pid: begin.pid, tid: begin.tid });
    }
  }
  return spans.sort((a, b) => a.from - b.from);
}

/** GC on the main thread: the timeline's names and V8's (disabled-by-default-v8.gc). */
const GC_NAMES = new Set(['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MINOR_MARK_SWEEPER', 'V8.GC_MARK_COMPACTOR', 'V8.GC_MC_INCREMENTAL', 'V8.GC_MC_INCREMENTAL_FINALIZE']);

/** Where one key's time went (ms): the page's input task, the wait for the frame, the frame's task; what it held. */
interface KeyPhases {
  total: number;
  /** keydown → the end of the task that dispatched its input event (the editor, the statechart, React). */
  input: number;
  /** The end of that task → the start of the frame's task (other tasks, or the main thread idle until the frame). */
  wait: number;
  /** The frame's task: animation frame callbacks, style, layout, paint, commit. */
  frame: number;
  /** Busy time of other tasks in the wait. */
  other: number;
  idle: string[];
  gc: number;
  /** Part of the key's span taken by a task that was already running at its keydown. */
  queued: number;
  /** Wall time of the span's tasks minus their CPU time: the main thread descheduled (other processes had the cores). */
  descheduled: number;
}

/** The outermost tasks of a thread (a RunTask inside another is the same task). */
function outermost(tasks: readonly TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  for (const task of tasks) if (!out.length || task.ts >= end(out.at(-1)!)) out.push(task);
  return out;
}

/** The phases of the key whose span is [from, to]. */
function phasesOf(thread: readonly TraceEvent[], tasks: readonly TraceEvent[], from: number, to: number): KeyPhases {
  const inSpan = tasks.filter((task) => end(task) > from && task.ts < to);
  const holds = (task: TraceEvent, test: (event: TraceEvent) => boolean) => thread.some((event) => event.ts >= task.ts && end(event) <= end(task) && test(event));
  const inputTask = inSpan.find((task) => holds(task, (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'input'));
  const frameTask = [...inSpan].reverse().find((task) => holds(task, (event) => event.name === 'FireAnimationFrame'));
  const inputEnd = inputTask ? end(inputTask) : from;
  const frameStart = frameTask?.ts ?? to;
  const phases: KeyPhases = {
    total: (to - from) / 1000,
    input: (inputEnd - from) / 1000,
    wait: Math.max(0, frameStart - inputEnd) / 1000,
    frame: (frameTask?.dur ?? 0) / 1000,
    other: inSpan.filter((task) => task.ts >= inputEnd && end(task) <= frameStart).reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
    idle: [],
    gc: 0,
    queued: inSpan[0] && inSpan[0].ts < from ? (Math.min(end(inSpan[0]), to) - from) / 1000 : 0,
    descheduled: inSpan.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) - (task.tdur ?? task.dur ?? 0)), 0) / 1000,
  };
  for (const event of thread) {
    if (event.ts < from || event.ts >= to) continue;
    if (GC_NAMES.has(event.name)) phases.gc += (event.dur ?? 0) / 1000;
    if (event.name === 'FireIdleCallback') {
      const call = thread.find((inner) => inner.name === 'FunctionCall' && inner.ts >= event.ts && end(inner) <= end(event));
      phases.idle.push(call ? functionOf(call.args?.data) : '(no function call)');
    }
  }
  return phases;
}

const phasesLine = (phases: KeyPhases) =>
  `input task ${phases.input.toFixed(1)}, wait ${phases.wait.toFixed(1)} (other tasks ${phases.other.toFixed(1)}), frame ${phases.frame.toFixed(1)}; GC ${phases.gc.toFixed(1)}, already running at keydown ${phases.queued.toFixed(1)}, descheduled ${phases.descheduled.toFixed(1)}`;

/** Prints the slow keys of a trace (with the probe's samples, in key order), each with its tasks; every key's phases. */
function reportSlowKeys(events: readonly TraceEvent[], samples: KeySamples): KeyPhases[] {
  const spans = keySpans(events);
  if (spans.length !== samples.committed.length) throw new Error(`the trace holds ${spans.length} key spans, the probe ${samples.committed.length} keys`);
  const { pid, tid } = spans[0]!;
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = outermost(thread.filter(isTask));
  const profile = DEEP ? samplesOf(events, pid, tid) : [];
  return spans.map((span, index) => {
    const phases = phasesOf(thread, tasks, span.from, span.to);
    const total = samples.committed[index]!;
    if (total <= SLOW_KEY_MS) return phases;
    console.log(`  key ${index + 1}: keydown → frame committed ${total.toFixed(1)} ms (→ input handled ${samples.handled[index]!.toFixed(1)} ms): ${phasesLine(phases)}`);
    let short = 0;
    for (const task of tasks) {
      if (end(task) <= span.from || task.ts >= span.to) continue;
      if ((task.dur ?? 0) / 1000 < SHOWN_EVENT_MS) {
        short++;
        continue;
      }
      console.log(`    task at ${ms(task.ts - span.from).padStart(6)} ms, ${ms(task.dur ?? 0)} ms long, ${task.tdur === undefined ? '?' : ms(task.tdur)} ms of CPU`);
      for (const line of taskTree(thread, task)) console.log(`      ${line}`);
      if (DEEP) console.log(`      sampled self time: ${topFunctions(profile, Math.max(task.ts, span.from), Math.min(end(task), span.to), 6).join('; ')}`);
    }
    if (short) console.log(`    and ${short} tasks under ${SHOWN_EVENT_MS} ms`);
    return phases;
  });
}

/** Prints the summary: how many keys were slow, where their time went against the others', what they held. */
function summarize(phases: readonly KeyPhases[], samples: KeySamples): void {
  const keys = stats(samples.committed);
  const slow = phases.filter((_, index) => samples.committed[index]! > SLOW_KEY_MS);
  const fast = phases.filter((_, index) => samples.committed[index]! <= SLOW_KEY_MS);
  const mean = (list: readonly KeyPhases[], pick: (phases: KeyPhases) => number) => (list.length ? list.reduce((sum, phases) => sum + pick(phases), 0) / list.length : 0);
  const means = (list: readonly KeyPhases[]) =>
    `total ${mean(list, (p) => p.total).toFixed(1)}: input task ${mean(list, (p) => p.input).toFixed(1)}, wait ${mean(list, (p) => p.wait).toFixed(1)} (other tasks ${mean(list, (p) => p.other).toFixed(1)}), frame ${mean(list, (p) => p.frame).toFixed(1)}, GC ${mean(list, (p) => p.gc).toFixed(1)}, descheduled ${mean(list, (p) => p.descheduled).toFixed(1)}`;
  console.log(`  ${samples.committed.length} keys: keydown → frame committed median ${keys.median.toFixed(1)} ms, p95 ${keys.p95.toFixed(1)} ms, max ${keys.max.toFixed(1)} ms`);
  console.log(`  ${slow.length} keys over ${SLOW_KEY_MS} ms; of them ${slow.filter((key) => key.idle.length).length} held an idle callback, ${slow.filter((key) => key.gc > 0).length} a GC, ${slow.filter((key) => key.queued > 0).length} came during a task already running, ${slow.filter((key) => key.descheduled > key.total / 3).length} spent a third or more descheduled`);
  console.log(`    mean ms of the slow keys: ${means(slow)}`);
  console.log(`    mean ms of the others:    ${means(fast)}`);
  const byFunction = new Map<string, number>();
  for (const name of slow.flatMap((key) => key.idle)) byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1])) console.log(`    idle callback in a slow key: ${name}: ${count}×`);
}

/** Main-thread tasks this long or longer, from the table interactive on, are listed (what keys typed then would meet). */
const LONG_TASK_MS = 16;

/**
 * The main thread's long tasks from the mark 'translation:interactive' to the last key, at ms from that mark, each with
 * the events that took most of it (an idle callback or timer with its function): the warm-up keys and the measured
 * ones wait behind them, whether or not a measured key's span holds them.
 */
function reportLongTasks(events: readonly TraceEvent[]): void {
  const interactive = events.find((event) => event.name === 'translation:interactive');
  const spans = keySpans(events);
  if (!interactive || spans.length === 0) return;
  const { pid, tid } = spans[0]!;
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const last = spans.at(-1)!.to;
  const long = outermost(thread.filter(isTask)).filter((task) => task.ts >= interactive.ts && task.ts <= last && (task.dur ?? 0) / 1000 >= LONG_TASK_MS);
  console.log(`  main-thread tasks of ${LONG_TASK_MS} ms and more from the table interactive (+0) on; the measured keys from +${ms(spans[0]!.from - interactive.ts)} ms:`);
  for (const task of long) {
    const inside = thread.filter((event) => event !== task && event.ts >= task.ts && end(event) <= end(task) && !TASK_NAMES.has(event.name) && (event.dur ?? 0) >= (task.dur ?? 0) / 4);
    const labels = [...new Set(inside.slice(0, 4).map(labelOf))].join(' > ');
    console.log(`    +${ms(task.ts - interactive.ts).padStart(7)} ms  ${ms(task.dur ?? 0).padStart(7)} ms (CPU ${task.tdur === undefined ? '?' : ms(task.tdur)})  ${labels}`);
  }
}

/**
 * The bench's run, traced from the translate address's load on: the table interactive, the first editor opened, the
 * warm-up keys, then the measured keys (what the page still does after the load meets them, as in the bench).
 */
async function typeTraced(page: Page, address: string): Promise<{ events: TraceEvent[]; samples: KeySamples }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: DEEP ? [...TRACE_CATEGORIES, ...DEEP_CATEGORIES] : TRACE_CATEGORIES });
  await page.goto(address);
  await page.waitForFunction(() => performance.getEntriesByName('translation:interactive', 'mark').length > 0, null, { timeout: 60_000 });
  await openFirstEditor(page);
  await page.keyboard.type('y'.repeat(WARM_UP_KEYS), { delay: 30 });
  await installKeyProbe(page);
  await page.keyboard.type('x'.repeat(KEYS), { delay: 30 });
  await page.waitForFunction((count) => (window as unknown as { __keySamples: KeySamples }).__keySamples.committed.length >= count, KEYS);
  const text = (await browser.stopTracing()).toString('utf8');
  if (process.env.TRACE_FILE) writeFileSync(process.env.TRACE_FILE, text);
  const trace = JSON.parse(text) as { traceEvents: TraceEvent[] };
  return { events: trace.traceEvents, samples: await page.evaluate(() => (window as unknown as { __keySamples: KeySamples }).__keySamples) };
}

/** The slow keys of a traced run of the keyboard bench's keys, each with what ran in it; then the summary. */
export async function profileSlowKeys(): Promise<void> {
  await withLargeCourse(`translate tab slow keys, ${KEYS} keys traced, 20,000 segments (Chromium, frame clock not tied to a display)`, 'profile-slow-keys-', async ({ url, itemId }) => {
    const browser = await launchChromium({ args: UNLOCKED_FRAME_CLOCK_ARGS });
    try {
      const page = await openSignedInPage(browser, url);
      const { events, samples } = await typeTraced(page, `${url}/review/content/${itemId}/translate`);
      summarize(reportSlowKeys(events, samples), samples);
      reportLongTasks(events);
    } finally {
      await browser.close();
    }
  });
}

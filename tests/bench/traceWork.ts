/**
 * Main-thread work read from a Chromium trace (the browser bench, translationBrowser.ts): the top-level tasks of the
 * renderer's main thread, located by the bench's performance marks. Idle time between tasks is left out, so a figure
 * is the work the page made the browser do, not the wait for the display's next frame.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { src_func?: string; data?: { type?: string } };
}

export const SCROLL_MARK = 'bench:scroll-step';
export const KEY_MARK = 'bench:keydown';
// Tasks and the bench's marks only: the devtools.timeline category would add an event to every callback and slow
// the page it measures.
export const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/** The top-level tasks of the thread that holds `anchor`, in time order. */
function tasksOf(events: readonly TraceEvent[], anchor: TraceEvent): TraceEvent[] {
  return events
    .filter((event) => event.pid === anchor.pid && event.tid === anchor.tid && event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts);
}

/** Busy time (µs) of the tasks overlapping [from, to), clipped to it; and the end of the last one. */
function busyBetween(tasks: readonly TraceEvent[], from: number, to: number, stop?: (task: TraceEvent) => boolean): { busy: number; end: number } {
  let busy = 0;
  let end = from;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    if (taskEnd <= from) continue;
    if (task.ts >= to) break;
    busy += Math.min(taskEnd, to) - Math.max(task.ts, from);
    end = taskEnd;
    if (stop?.(task)) break;
  }
  return { busy, end };
}

/**
 * Per scroll step of a Chromium trace: the main thread's busy time from the start of the frame whose animation
 * callback scrolled (the task holding the step's mark) to the start of the next step's frame: the scroll handler, the
 * React render of the new rows, style, layout, the rows' size observers, paint, and any task in between. In ms.
 */
export function scrollWorkFromTrace(events: readonly TraceEvent[]): number[] {
  const marks = events.filter((event) => event.name === SCROLL_MARK).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) throw new Error('the trace holds fewer than two scroll steps');
  const tasks = tasksOf(events, marks[0]!);
  const frameStart = (mark: TraceEvent) => tasks.find((task) => task.ts <= mark.ts && mark.ts <= task.ts + (task.dur ?? 0))?.ts ?? mark.ts;
  const starts = marks.map(frameStart);
  return starts.slice(0, -1).map((start, index) => busyBetween(tasks, start, starts[index + 1]!).busy / 1000);
}

/**
 * Per key of a Chromium trace: the main thread's busy time from the key's input task to the end of the first frame
 * (BeginMainFrame task) after it, and the span of that (the latency, idle included); both in ms.
 */
export function keystrokeWorkFromTrace(events: readonly TraceEvent[]): { work: number[]; latency: number[] } {
  const keys = events.filter((event) => event.name === KEY_MARK).sort((a, b) => a.ts - b.ts);
  if (keys.length === 0) throw new Error('the trace holds no key');
  const tasks = tasksOf(events, keys[0]!);
  const work: number[] = [];
  const latency: number[] = [];
  // Each key from the start of the task that handled it (the mark is set by its first keydown listener).
  const starts = keys.map((key) => tasks.find((task) => task.ts <= key.ts && key.ts <= task.ts + (task.dur ?? 0))?.ts ?? key.ts);
  keys.forEach((key, index) => {
    const from = starts[index]!;
    const { busy, end } = busyBetween(tasks, from, starts[index + 1] ?? Number.POSITIVE_INFINITY, (task) => task.ts > key.ts && task.args?.src_func === 'ScheduledActionSendBeginMainFrame');
    work.push(busy / 1000);
    latency.push((end - from) / 1000);
  });
  return { work, latency };
}

import { describe, expect, it } from 'vitest';
import { KEY_MARK, SCROLL_MARK, keystrokeWorkFromTrace, scrollWorkFromTrace, type TraceEvent } from './traceWork.ts';

const MAIN = { pid: 1, tid: 10 };
const OTHER = { pid: 1, tid: 11 };
const ms = (value: number) => value * 1000;

function task(start: number, duration: number, srcFunc = 'PostTask', thread = MAIN): TraceEvent {
  return { name: 'ThreadControllerImpl::RunTask', ph: 'X', ts: ms(start), dur: ms(duration), ...thread, args: { src_func: srcFunc } };
}
function mark(name: string, at: number, thread = MAIN): TraceEvent {
  return { name, ph: 'R', ts: ms(at), ...thread };
}
const FRAME = 'ScheduledActionSendBeginMainFrame';

describe('keystroke work from a trace', () => {
  it('adds the key’s task and the first frame after it, leaving out the idle wait between them', () => {
    const events = [
      task(0, 4, 'PostTaskToMainThread'),
      mark(KEY_MARK, 0.1),
      task(16, 3, FRAME),
      task(20, 2),
      task(40, 5, 'PostTaskToMainThread'),
      mark(KEY_MARK, 40.2),
      task(46, 2),
      task(50, 6, FRAME),
    ];
    const { work, latency } = keystrokeWorkFromTrace(events);
    expect(work).toEqual([7, 13]);
    expect(latency).toEqual([19, 16]);
  });

  it('counts the main thread only, and a key without a frame before the next key up to that key', () => {
    const events = [task(0, 4), mark(KEY_MARK, 1), task(2, 30, FRAME, OTHER), task(6, 3), task(12, 2), mark(KEY_MARK, 12.5), task(30, 1, FRAME)];
    expect(keystrokeWorkFromTrace(events).work).toEqual([7, 3]);
  });

  it('refuses a trace without keys', () => {
    expect(() => keystrokeWorkFromTrace([task(0, 1)])).toThrow(/no key/);
  });
});

describe('scroll work from a trace', () => {
  it('gives each frame the busy time from its start to the next marked frame’s start, tasks in between included', () => {
    const events = [
      task(0, 9, FRAME),
      mark(SCROLL_MARK, 3),
      task(10, 2),
      task(16.7, 14, FRAME),
      mark(SCROLL_MARK, 20),
      task(33.4, 5, FRAME),
      mark(SCROLL_MARK, 34),
      task(34, 1, FRAME, OTHER),
    ];
    expect(scrollWorkFromTrace(events)).toEqual([11, 14]);
  });
});

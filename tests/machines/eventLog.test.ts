/**
 * The session log's recorder and replayer on small systems: processing order, delayed events at the time they fired,
 * redaction that removes secrets and nothing else, payloads stored once, checkpoints for a log whose head was dropped.
 */
import { gunzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { and, assign, createActor, createMachine, not, sendTo, setup, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { createEventRecorder, parseEventLog, type EventEntry, type LogEntry } from '../../adapters/eventLog.ts';
import { probeSystem } from '../../adapters/systemProbe.ts';
import { describeNode, guardName } from '../../machines/definition.ts';
import { isCoreLogic } from '../../machines/core.ts';
import { hashValue } from '../../domain/hash.ts';
import { formatReplay, replayLog } from '../../tools/replayer.ts';

/** A clock whose timers fire only when the test says, at the time it says (a busy browser fires them late). */
class ManualClock {
  time = 1_000;
  private timers = new Map<number, { fn: () => void; due: number }>();
  private next = 1;
  now = () => this.time;
  setTimeout = (fn: (...args: unknown[]) => void, ms: number) => {
    const id = this.next++;
    this.timers.set(id, { fn, due: this.time + ms });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers.delete(id as number);
  };
  /** Moves time to `time` and fires the timers due by `dueBy` (default: all due by then). */
  advance(time: number, dueBy = time) {
    this.time = time;
    for (const [id, timer] of [...this.timers]) {
      if (timer.due > dueBy) continue;
      this.timers.delete(id);
      timer.fn();
    }
  }
}

const pair = setup({}).createMachine({
  id: 'pair',
  type: 'parallel',
  states: {
    left: { initial: 'a', states: { a: { on: { go: 'b' } }, b: { after: { 100: 'c' } }, c: {} } },
    right: { initial: 'idle', states: { idle: { on: { react: 'reacted' } }, reacted: {} } },
  },
});

const root = setup({ actors: { pair } }).createMachine({ id: 'root', invoke: { id: 'pair', src: 'pair', systemId: 'pair' } });

function record(machine: AnyStateMachine, clock: ManualClock, options: { capacityBytes?: number; checkpointEveryMs?: number } = {}) {
  const recorder = createEventRecorder({ now: clock.now, isCoreLogic, ...options });
  const app = createActor(machine, { id: 'app', clock });
  recorder.attach(app);
  return { recorder, app };
}

async function exportAndParse(recorder: ReturnType<typeof createEventRecorder>) {
  const bytes = await recorder.exportGzip({ appVersion: 't', buildId: 't', machines: {}, userAgent: 'vitest' });
  return { bytes, log: parseEventLog(bytes) };
}

const typeOf = (entry: LogEntry) => (entry.k === 'event' ? (entry.event as { type: string }).type : entry.k);

describe('recording order', () => {
  it('records an observer’s reaction after the snapshot it reacted to, and the replay matches', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(root, clock);
    const probe = probeSystem(app.system);
    probe.run(() => app.start());
    const ref = app.system.get('pair') as AnyActorRef;
    ref.subscribe(() => probe.afterSettled(() => ref.getSnapshot().matches({ left: 'b', right: 'idle' }) && ref.send({ type: 'react' })));
    ref.send({ type: 'go' });
    expect(ref.getSnapshot().value).toEqual({ left: 'b', right: 'reacted' });
    const { log } = await exportAndParse(recorder);
    const goAt = log.entries.findIndex((e) => typeOf(e) === 'go');
    const snapshotAt = log.entries.findIndex((e, i) => i > goAt && e.k === 'snapshot' && e.actor === 'app/pair');
    const reactAt = log.entries.findIndex((e) => typeOf(e) === 'react');
    expect(goAt).toBeLessThan(snapshotAt);
    expect(snapshotAt).toBeLessThan(reactAt);
    expect((log.entries[reactAt] as EventEntry).nested).toBeUndefined();
    expect(replayLog(log, { root, rootId: 'app' }).divergences).toEqual([]);
  });

  it('delivers a send from outside made inside a delivery once the chain has settled, as a top-level event a replay can inject there', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(root, clock);
    app.start();
    const ref = app.system.get('pair') as AnyActorRef;
    // A plain subscription (or an adapter starting) sends while the delivery of `go` is being processed.
    let sentDuring: unknown = null;
    ref.subscribe((s) => {
      if (!s.matches({ left: 'b', right: 'idle' }) || sentDuring) return;
      ref.send({ type: 'react' });
      sentDuring = ref.getSnapshot().value;
    });
    ref.send({ type: 'go' });
    // Not processed inside the delivery: the state the send was made in is `go`'s own.
    expect(sentDuring).toEqual({ left: 'b', right: 'idle' });
    const { log } = await exportAndParse(recorder);
    const react = log.entries.find((e) => typeOf(e) === 'react') as EventEntry;
    expect(react.nested ?? false).toBe(false);
    const goAt = log.entries.findIndex((e) => typeOf(e) === 'go');
    const reactAt = log.entries.indexOf(react);
    // Every snapshot `go` produced is written before the reaction.
    const goSnapshot = log.entries.findIndex((e, i) => i > goAt && e.k === 'snapshot' && JSON.stringify(e.value) === JSON.stringify({ left: 'b', right: 'idle' }));
    expect(goSnapshot).toBeGreaterThan(goAt);
    expect(goSnapshot).toBeLessThan(reactAt);
    expect(replayLog(log, { root, rootId: 'app' }).divergences).toEqual([]);
  });
});

describe('delayed events', () => {
  it('records a late timer with the time it fired, and replay delivers it there', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(root, clock);
    app.start();
    const ref = app.system.get('pair') as AnyActorRef;
    ref.send({ type: 'go' });
    clock.advance(1_600); // due at 1,100: fired 500 ms late
    expect(ref.getSnapshot().value).toMatchObject({ left: 'c' });
    const { log } = await exportAndParse(recorder);
    const fired = log.entries.find((e) => e.k === 'event' && e.timer !== undefined) as EventEntry;
    expect(typeOf(fired)).toBe('xstate.after.100.pair.left.b');
    expect(fired.t).toBe(600);
    const result = replayLog(log, { root, rootId: 'app' });
    expect(result.timersFired).toBe(1);
    expect(result.divergences).toEqual([]);
  });

  it('reports a timer that fires in replay but never fired in the recording, and the reverse', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(root, clock);
    app.start();
    (app.system.get('pair') as AnyActorRef).send({ type: 'go' });
    clock.advance(1_150);
    const { log } = await exportAndParse(recorder);
    const withoutFire = { header: { ...log.header, endTime: 200_000 }, entries: log.entries.filter((e) => !(e.k === 'event' && e.timer !== undefined)) };
    const missing = replayLog(withoutFire, { root, rootId: 'app' });
    expect(missing.divergences.some((d) => d.timer?.includes('the recording never delivered it'))).toBe(true);

    const fire = log.entries.find((e) => e.k === 'event' && e.timer !== undefined) as EventEntry;
    const extra = { header: log.header, entries: [...log.entries, { ...fire, timer: 99 }] };
    const report = formatReplay(replayLog(extra, { root, rootId: 'app' }));
    expect(report).toContain('timer 99 fired in the recording');
  });
});

describe('what the log keeps', () => {
  it('removes secrets and nothing else: deep and shared values arrive whole, and replay sees them', async () => {
    let deep: Record<string, unknown> = { leaf: 'bottom' };
    for (let i = 0; i < 60; i++) deep = { level: i, inner: deep };
    const shared = { title: 'Shared', segments: Array.from({ length: 5 }, (_, i) => ({ id: i })) };
    const keeper = createMachine({
      id: 'keeper',
      context: { got: null as unknown },
      on: { keep: { actions: assign({ got: ({ event }) => (event as unknown as { body: unknown }).body }) } },
    });
    const clock = new ManualClock();
    const { recorder, app } = record(keeper, clock);
    app.start();
    app.send({ type: 'keep', body: { deep, a: shared, b: shared, accessToken: 'secret-token', nested: { password: 'hunter2' } } } as never);
    const { bytes, log } = await exportAndParse(recorder);
    const text = strFromU8(gunzipSync(bytes));
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('[deep]');
    expect(text).not.toContain('$cycle');
    const body = (log.entries.find((e) => typeOf(e) === 'keep') as EventEntry).event as { body: { deep: unknown; a: unknown; b: unknown } };
    let walked = body.body.deep as Record<string, unknown>;
    for (let i = 59; i >= 0; i--) walked = walked.inner as Record<string, unknown>;
    expect(walked).toEqual({ leaf: 'bottom' });
    expect(body.body.a).toEqual(shared);
    expect(body.body.b).toEqual(shared);
    expect(replayLog(log, { root: keeper, rootId: 'app' }).divergences).toEqual([]);
  });

  it('stores a large payload that repeats once, and every entry that carries it reads it back', async () => {
    const file = { segments: Array.from({ length: 400 }, (_, i) => ({ key: `s${i}`, text: `Segment ${i} text` })) };
    const keeper = createMachine({ id: 'keeper', context: { n: 0 }, on: { file: { actions: assign({ n: ({ context }) => context.n + 1 }) } } });
    const clock = new ManualClock();
    const { recorder, app } = record(keeper, clock);
    app.start();
    for (let i = 0; i < 5; i++) app.send({ type: 'file', file } as never);
    const { bytes, log } = await exportAndParse(recorder);
    const lines = strFromU8(gunzipSync(bytes)).split('\n');
    expect(lines.filter((line) => line.includes('"Segment 399 text"'))).toHaveLength(1);
    const carried = log.entries.filter((e) => typeOf(e) === 'file') as EventEntry[];
    expect(carried).toHaveLength(5);
    for (const entry of carried) expect((entry.event as { file: unknown }).file).toEqual(file);
  });

  it('keeps Maps, Sets and errors with their fields', async () => {
    const keeper = createMachine({ id: 'keeper' });
    const clock = new ManualClock();
    const { recorder, app } = record(keeper, clock);
    app.start();
    const error = Object.assign(new Error('Refused'), { status: 403, reason: 'forbidden' });
    app.send({ type: 'things', map: new Map([['a', 1]]), set: new Set(['x']), error } as never);
    const { log } = await exportAndParse(recorder);
    const event = (log.entries.find((e) => typeOf(e) === 'things') as EventEntry).event as { map: Map<string, number>; set: Set<string>; error: Error & { status: number } };
    expect(event.map.get('a')).toBe(1);
    expect(event.set.has('x')).toBe(true);
    expect(event.error).toBeInstanceOf(Error);
    expect(event.error.message).toBe('Refused');
    expect(event.error.status).toBe(403);
  });
});

describe('the file', () => {
  const counter = setup({}).createMachine({ id: 'counter', context: { got: 0 }, on: { answer: { actions: assign({ got: ({ context }) => context.got + 1 }) } } });
  const relay = setup({ actors: { counter } }).createMachine({
    id: 'relay',
    invoke: { id: 'counter', src: 'counter' },
    initial: 'idle',
    states: {
      idle: { on: { ask: { target: 'asked', actions: sendTo('counter', ({ event }) => ({ type: 'answer', body: (event as unknown as { body: unknown }).body })) } } },
      asked: { on: { ask: 'idle' } },
    },
  });

  it('writes entries kind by kind with an order line, and reads them back in the order the system processed them', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(relay, clock);
    app.start();
    for (let i = 0; i < 3; i++) {
      clock.time += 250 * (i + 1);
      app.send({ type: 'ask', body: { n: i } } as never);
    }
    const processed = recorder.entries().map(typeOf);
    const times = recorder.entries().map((entry) => entry.t);
    const { bytes, log } = await exportAndParse(recorder);
    const lines = strFromU8(gunzipSync(bytes)).trim().split('\n').slice(1);
    const kinds = lines.map((line) => (JSON.parse(line) as { k: string }).k);
    // Events first, then snapshots: not interleaved as processed.
    expect(kinds.indexOf('snapshot')).toBeGreaterThan(kinds.lastIndexOf('event'));
    expect(kinds).toContain('order');
    expect(log.entries.map(typeOf)).toEqual(processed);
    expect(log.entries.map((entry) => entry.t)).toEqual(times);
    expect(new Set(times).size).toBeGreaterThan(2);
    expect(processed.indexOf('snapshot')).toBeLessThan(processed.lastIndexOf('ask'));
    expect(replayLog(log, { root: relay, rootId: 'app' }).divergences).toEqual([]);
  });

  it('writes an event a machine sent as its type only (replay makes it again), and an injected one whole', async () => {
    const clock = new ManualClock();
    const { recorder, app } = record(relay, clock);
    app.start();
    app.send({ type: 'ask', body: { note: 'kept whole' } } as never);
    const { log } = await exportAndParse(recorder);
    const ask = log.entries.find((e) => typeOf(e) === 'ask') as EventEntry;
    const answer = log.entries.find((e) => typeOf(e) === 'answer') as EventEntry;
    expect(ask.event).toEqual({ type: 'ask', body: { note: 'kept whole' } });
    expect(answer.origin).toBe('machine');
    expect(answer.event).toEqual({ type: 'answer' });
    const result = replayLog(log, { root: relay, rootId: 'app' });
    expect(result.divergences).toEqual([]);
    expect(result.regenerated).toBeGreaterThan(0);
  });

  it('refuses a log of another version with its version named, rather than replaying it against other fingerprints', () => {
    const header = { format: 'review-dashboard/event-log', formatVersion: 2, appVersion: 't', buildId: 't', machines: {}, startTime: 0, endTime: 1, userAgent: 'x', capacityBytes: 1000, dropped: 0, entries: 0 };
    expect(() => parseEventLog(new TextEncoder().encode(JSON.stringify(header)))).toThrow(/Unsupported session log version 2/);
  });
});

describe('a log bounded by bytes', () => {
  const counter = setup({}).createMachine({
    id: 'counter',
    context: { count: 0, notes: [] as string[] },
    initial: 'idle',
    states: {
      idle: { on: { add: { target: 'busy', actions: assign({ count: ({ context }) => context.count + 1, notes: ({ context, event }) => [...context.notes, (event as unknown as { note: string }).note].slice(-20) }) } } },
      busy: { after: { 50: 'idle' } },
    },
  });
  const app = setup({ actors: { counter } }).createMachine({ id: 'app', invoke: { id: 'counter', src: 'counter', systemId: 'counter' } });

  it('drops its head, keeps checkpoints, and replays from the first checkpoint with no divergence', async () => {
    const clock = new ManualClock();
    const { recorder, app: actor } = record(app, clock, { capacityBytes: 20_000, checkpointEveryMs: 2_000 });
    actor.start();
    const ref = actor.system.get('counter') as AnyActorRef;
    for (let i = 0; i < 400; i++) {
      ref.send({ type: 'add', note: `note ${i} ${'x'.repeat(20)}` });
      clock.advance(clock.time + 30); // the timer is still pending at some checkpoints
      clock.advance(clock.time + 30);
    }
    expect(recorder.dropped()).toBeGreaterThan(0);
    expect(recorder.bytes()).toBeLessThanOrEqual(20_000);
    const { log } = await exportAndParse(recorder);
    expect(log.header.dropped).toBeGreaterThan(0);
    expect(log.entries.some((e) => e.k === 'checkpoint')).toBe(true);
    const result = replayLog(log, { root: app, rootId: 'app' });
    expect(result.startedAt).toBeGreaterThanOrEqual(0);
    expect(result.divergences, formatReplay(result)).toEqual([]);
    expect(result.injected).toBeGreaterThan(10);
  });
});

describe('checkpoints of a large system', () => {
  const holder = setup({}).createMachine({
    id: 'holder',
    context: { model: 'y'.repeat(60_000), count: 0 },
    on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
  });
  const app = setup({ actors: { holder } }).createMachine({ id: 'app', invoke: { id: 'holder', src: 'holder', systemId: 'holder' } });

  it('does not take a checkpoint after every event when one checkpoint alone passes a quarter of the bound', async () => {
    const clock = new ManualClock();
    const { recorder, app: actor } = record(app, clock, { capacityBytes: 200_000, checkpointEveryMs: 1_000 });
    actor.start();
    const ref = actor.system.get('holder') as AnyActorRef;
    clock.advance(clock.time + 1_500);
    ref.send({ type: 'add' }); // the first checkpoint, by time: about 60 KB, over a quarter of 200 KB
    // Written as the page idles between events (recorder.bytes() writes what is pending).
    for (let i = 0; i < 50; i++) {
      recorder.bytes();
      ref.send({ type: 'add' });
    }
    const { log } = await exportAndParse(recorder);
    expect(log.entries.filter((e) => e.k === 'checkpoint')).toHaveLength(1);
    expect(replayLog(log, { root: app, rootId: 'app' }).divergences).toEqual([]);
  });
});

describe('definition hashes', () => {
  it('names combined guards by their parts and ignores function names, which minification changes', () => {
    expect(guardName(and(['isOwner', not('isLocked')]))).toBe('and(isOwner, not(isLocked))');
    const make = (fn: () => boolean) => createMachine({ id: 'm', initial: 'a', states: { a: { always: { guard: fn, target: 'b' } }, b: {} } });
    function longName() {
      return true;
    }
    function q() {
      return true;
    }
    expect(hashValue(describeNode(make(longName).root))).toBe(hashValue(describeNode(make(q).root)));
    expect(describeNode(make(q).root).states.a!.transitions).toEqual([{ event: '', targets: ['m.b'], guard: 'inline', actions: [], reenter: false }]);
  });
});

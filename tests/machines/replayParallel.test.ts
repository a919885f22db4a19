/**
 * A long log replayed in stretches: the recorder's checkpoints are faithful (every stretch replays from its checkpoint
 * with no divergence, an actor that ended before a checkpoint included), the split replay over worker threads gives
 * the whole replay's counts, and a divergence is found at the same entry either way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logText, outlineEventLog, parseEventLog, parseLogLines } from '../../adapters/eventLog.ts';
import { LogDecoder, LogEncoder } from '../../domain/logCodec.ts';
import { appMachine, definitionHashes } from '../../machines/index.ts';
import { replayLog } from '../../tools/replayer.ts';
import { nodeLogText, planStretches, ReplayPool, replayFile, replayInParallel } from '../../tools/replayParallel.ts';
import { outlineShared, shareLog, sharedLines } from '../../tools/sharedLog.ts';
import { recordAgain, recordLonger } from '../../tools/rerecord.ts';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/sessionLogs/grid-translate-minute.jsonl.gz');

/** The Chromium session recorded again by today's machines, with checkpoints. */
function recordWithCheckpoints(checkpointEveryMs: number): Promise<Uint8Array> {
  return recordAgain(parseEventLog(readFileSync(FIXTURE)), { root: appMachine, rootId: 'app', checkpointEveryMs, machines: definitionHashes() });
}

const checkpointsOf = (kinds: string) => [...kinds].flatMap((letter, i) => (letter === 'C' ? [i] : []));

describe('replay in stretches', () => {
  let bytes: Uint8Array;
  let pool: ReplayPool;
  beforeAll(async () => {
    bytes = await recordWithCheckpoints(5_000);
    pool = await ReplayPool.start(2);
  }, 60_000);
  afterAll(() => pool?.close());

  it('replays from every checkpoint with no divergence', () => {
    const { kinds } = outlineEventLog(bytes);
    const checkpoints = checkpointsOf(kinds);
    expect(checkpoints.length).toBeGreaterThanOrEqual(8);
    for (const [k, from] of checkpoints.entries()) {
      const stretch = parseEventLog(bytes, { from, to: checkpoints[k + 1] ?? kinds.length });
      const result = replayLog(stretch, { root: appMachine, rootId: 'app' });
      expect({ from, divergences: result.divergences }).toEqual({ from, divergences: [] });
      expect(result.startedAt).toBe(from);
    }
  });

  it('gives the whole replay’s counts over worker threads', async () => {
    const whole = replayLog(parseEventLog(bytes), { root: appMachine, rootId: 'app', currentHashes: definitionHashes() });
    expect(whole.divergences).toEqual([]);
    const split = await replayInParallel(bytes, { pool, currentHashes: definitionHashes(), minEntries: 0 });
    expect(split.divergences).toEqual([]);
    expect(split.warnings).toEqual([]);
    expect({ entries: split.entries, injected: split.injected, regenerated: split.regenerated, timersFired: split.timersFired }).toEqual({
      entries: whole.entries,
      injected: whole.injected,
      regenerated: whole.regenerated,
      timersFired: whole.timersFired,
    });
  });

  it('finds a tampered state at the same entry, split or whole', async () => {
    const text = logText(bytes);
    const { kinds } = outlineEventLog(text);
    // The first snapshot of the second half of the log gets a context key that was never there.
    const target = kinds.indexOf('S', Math.floor(kinds.length * 0.6));
    let nth = 0;
    for (let i = 0; i < target; i++) if (kinds[i] === 'S') nth++;
    let seen = -1;
    const tampered = text
      .split('\n')
      .map((line) => {
        if (!line.startsWith('{"k":"snapshot"') || ++seen !== nth) return line;
        const entry = JSON.parse(line) as { ctx: Record<string, string> };
        entry.ctx.tampered = '00000000';
        return JSON.stringify(entry);
      })
      .join('\n');
    const whole = replayLog(parseEventLog(tampered), { root: appMachine, rootId: 'app' });
    const split = await replayInParallel(tampered, { pool, minEntries: 0 });
    expect(whole.divergences[0]?.keys).toContain('tampered');
    expect(split.divergences[0]?.keys).toContain('tampered');
    expect(split.divergences[0]?.index).toBe(whole.divergences[0]?.index);
    expect(split.divergences[0]?.actor).toBe(whole.divergences[0]?.actor);
  });

  it('reports a malformed line in a stretch as a format error', async () => {
    const text = logText(bytes);
    const broken = text.replace(/\n\{"k":"event","t":\d+,/g, (m, offset: number) => (offset > text.length * 0.5 && offset < text.length * 0.52 ? '\n{"k":"event","t":oops' : m));
    await expect(replayInParallel(broken, { pool, minEntries: 0 })).rejects.toThrow(/not JSON/);
  });
});

describe('planStretches', () => {
  it('records a session longer as one continuous log that replays with no divergence, whole or split', async () => {
    const minute = parseEventLog(readFileSync(FIXTURE));
    const longer = await recordLonger(minute, { root: appMachine, rootId: 'app', machines: definitionHashes(), checkpointEveryMs: 20_000, repeatFromMs: 10_000, untilMs: 3 * 60_000 });
    expect(longer.repeats).toBeGreaterThanOrEqual(2);
    const text = nodeLogText(longer.bytes);
    const { header, kinds } = outlineEventLog(text);
    expect(header.endTime).toBe(3 * 60_000);
    // More than twice the minute as today's machines record it.
    expect(kinds.length).toBeGreaterThan(2 * outlineEventLog(await recordWithCheckpoints(20_000)).kinds.length);
    expect(checkpointsOf(kinds).length).toBeGreaterThanOrEqual(8);
    const whole = await replayFile(longer.bytes, { workers: 0 });
    const split = await replayFile(longer.bytes, { workers: 2 });
    expect(whole.workers).toBe(0);
    expect(split.workers).toBe(2);
    expect(whole.result.divergences).toEqual([]);
    expect(split.result.divergences).toEqual([]);
    expect(split.result.entries).toBe(kinds.length);
    expect(whole.result.injected).toBeGreaterThan(0);
  }, 120_000);

  it('outlines a log from its header and order line, or from every line when the order line is written another way', () => {
    const text = logText(readFileSync(FIXTURE));
    const whole = parseEventLog(text);
    const kinds = whole.entries.map((entry) => ({ event: 'E', snapshot: 'S', checkpoint: 'C' })[entry.k]).join('');
    expect(outlineEventLog(text).kinds).toBe(kinds);
    expect(outlineShared(shareLog(text)).kinds).toBe(kinds);
    // The same order line with its keys the other way round is not found by its start: every line is read.
    const reordered = text.replace(/\n\{"k":"order","kinds":"([ESC]*)"\}/, (_, k: string) => `\n{"kinds":"${k}","k":"order"}`);
    expect(reordered).not.toBe(text);
    expect(outlineEventLog(reordered).kinds).toBe(kinds);
    expect(outlineShared(shareLog(reordered)).kinds).toBe(kinds);
    expect(outlineShared(shareLog(reordered)).header).toEqual(whole.header);
  });

  it('reads a stretch from the shared bytes as from the text, and a lean read changes no replay', async () => {
    const bytes = await recordWithCheckpoints(5_000);
    const text = nodeLogText(bytes);
    const shared = shareLog(bytes);
    const { kinds } = outlineShared(shared);
    const [, second] = planStretches(kinds, 0, 2);
    expect(second![0]).toBeGreaterThan(0);
    for (const [from, to] of [[0, kinds.length], second!] as const) {
      const lines = sharedLines(shared);
      expect(lines).not.toBeNull();
      expect(parseLogLines(lines!, { from, to })).toEqual(parseEventLog(text, { from, to }));
      const full = parseEventLog(text, { from, to });
      const lean = parseEventLog(text, { from, to, lean: true });
      // Machine-made events (not timers) are read lean; every other entry is the same.
      const machineMade = full.entries.filter((e) => e.k === 'event' && e.origin === 'machine' && e.timer === undefined).length;
      expect(machineMade).toBeGreaterThan(0);
      expect(lean.entries.filter((e) => e.k === 'event' && (e.event as { type: string }).type === '(regenerated)').length).toBe(machineMade);
      expect(lean.entries.map((e) => [e.k, e.t])).toEqual(full.entries.map((e) => [e.k, e.t]));
      expect(replayLog(lean, { root: appMachine, rootId: 'app' })).toEqual(replayLog(full, { root: appMachine, rootId: 'app' }));
    }
    // Laid out another way (the order line's keys swapped): no byte reader, the text reader reads it.
    expect(sharedLines(shareLog(text.replace(/\n\{"k":"order","kinds":"([ESC]*)"\}/, (_, k: string) => `\n{"kinds":"${k}","k":"order"}`)))).toBeNull();
  }, 60_000);

  it('reads a file that is not gzip or not a log as a format error', async () => {
    await expect(replayFile(new TextEncoder().encode('not a log'), { workers: 0 })).rejects.toThrow(/not a JSON header/);
    await expect(replayFile(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), { workers: 0 })).rejects.toThrow('The file is not a readable gzip session log.');
  });

  it('cuts only at checkpoints, into stretches of about equal length', () => {
    const kinds = 'EESSC' + 'ES'.repeat(20) + 'C' + 'ES'.repeat(20) + 'C' + 'ES'.repeat(20);
    expect(planStretches(kinds, 0, 3)).toEqual([
      [0, 45],
      [45, 86],
      [86, kinds.length],
    ]);
    expect(planStretches(kinds, 0, 1)).toEqual([[0, kinds.length]]);
  });
  it('starts a log whose head was dropped at its first checkpoint', () => {
    expect(planStretches('ESCESESCES', 12, 2)).toEqual([
      [2, 7],
      [7, 10],
    ]);
  });
  it('keeps one stretch when there is nothing to cut at', () => {
    expect(planStretches('ESESES', 0, 4)).toEqual([[0, 6]]);
  });
});

describe('the log codec', () => {
  it('reads back a Map whose entries are large enough to be stored once as payloads', () => {
    // A long key makes the [key, value] pair itself large (strings are never payloads; the pair is).
    const big = 'x'.repeat(600);
    const value = new Map([
      [`a${big}`, 1],
      [`b${big}`, 2],
    ]);
    const encoder = new LogEncoder();
    const encoded = encoder.encode(value);
    const payloads = new Map<string, unknown>();
    const add = (records: { id: string; text: string; children: unknown[] }[]) => {
      for (const record of records) {
        payloads.set(record.id, JSON.parse(record.text));
        add(record.children as never);
      }
    };
    add(encoded.refs as never);
    expect(JSON.stringify(encoded.value)).toContain('$ref');
    const decoded = new LogDecoder(payloads).decode(encoded.value) as Map<string, number>;
    expect(decoded).toBeInstanceOf(Map);
    expect([...decoded.entries()]).toEqual([...value.entries()]);
  });
});

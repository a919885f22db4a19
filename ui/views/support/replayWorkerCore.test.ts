import { describe, expect, it } from 'vitest';
import { gzipSync, strToU8 } from 'fflate';
import { EVENT_LOG_FORMAT, EVENT_LOG_FORMAT_VERSION } from '../../../domain/constants.ts';
import { definitionHashes } from '../../../machines/index.ts';
import { changedMachines, createReplayWorkerHandler } from './replayWorkerCore.ts';
import type { ViewerLog, ViewerReport } from './replayTypes.ts';

const now = () => 0;
const bytesOf = (text: string) => gzipSync(strToU8(text)).buffer as ArrayBuffer;
const header = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ format: EVENT_LOG_FORMAT, formatVersion: EVENT_LOG_FORMAT_VERSION, appVersion: '0.1.0', buildId: 'b1', machines: definitionHashes(), startTime: 0, endTime: 5, userAgent: 'test', capacityBytes: 1, dropped: 0, entries: 2, ...over });
const ENTRIES = [
  '{"k":"order","kinds":"EC"}',
  '{"k":"event","t":1,"target":"app","targetIsCore":true,"source":null,"origin":"external","event":{"type":"xstate.init"},"nested":true}',
  '{"k":"checkpoint","t":2,"timers":0,"snapshot":{"status":"active"},"states":{"app":{"value":"x","ctx":{},"status":"active"}}}',
];

describe('the replay worker', () => {
  it('reads a log into the viewer’s entries, checkpoints without the root snapshot', () => {
    const handle = createReplayWorkerHandler(now);
    const reply = handle({ id: 1, kind: 'load', bytes: bytesOf([header(), ...ENTRIES].join('\n')), fileName: 'a.jsonl.gz' });
    expect(reply.ok).toBe(true);
    const log = (reply as { value: ViewerLog }).value;
    expect(log.fileName).toBe('a.jsonl.gz');
    expect(log.entries.map((e) => e.k)).toEqual(['event', 'checkpoint']);
    expect(log.entries[1]).toMatchObject({ k: 'checkpoint', states: { app: { value: 'x', ctx: {}, status: 'active' } } });
    expect(log.entries[1]).not.toHaveProperty('snapshot');
  });

  it('refuses a file that is not a log, and a log of another version, with words (no throw)', () => {
    const handle = createReplayWorkerHandler(now);
    const notLog = handle({ id: 1, kind: 'load', bytes: strToU8('hello').buffer as ArrayBuffer, fileName: 'x.txt' });
    expect(notLog).toMatchObject({ ok: false, message: expect.stringMatching(/header|session log/i) });
    const future = handle({ id: 2, kind: 'load', bytes: bytesOf(`${header({ formatVersion: 99 })}\n`), fileName: 'f.gz' });
    expect(future).toMatchObject({ ok: false, message: expect.stringContaining('Unsupported session log version 99') });
    const broken = handle({ id: 3, kind: 'load', bytes: new Uint8Array([0x1f, 0x8b, 1, 2, 3]).buffer as ArrayBuffer, fileName: 'b.gz' });
    expect(broken).toMatchObject({ ok: false, message: expect.stringMatching(/gzip/) });
  });

  it('replays the open log and names, per machine, the definitions that changed since it was recorded', () => {
    const handle = createReplayWorkerHandler(now);
    expect(handle({ id: 1, kind: 'check' })).toMatchObject({ ok: false, message: 'No session log is open.' });
    const recorded = { ...definitionHashes(), folders: '0000000000000000' };
    handle({ id: 2, kind: 'load', bytes: bytesOf([header({ machines: recorded }), ...ENTRIES].join('\n')), fileName: 'a.gz' });
    const reply = handle({ id: 3, kind: 'check' });
    expect(reply.ok).toBe(true);
    const report = (reply as { value: ViewerReport }).value;
    expect(report.changedMachines).toEqual([{ name: 'folders', recorded: '0000000000000000', current: definitionHashes().folders }]);
    expect(report.warnings.join('\n')).toContain('"folders" changed');
  });

  it('ignores machines the recording did not know', () => {
    expect(changedMachines({ a: '1' }, { a: '1', b: '2' })).toEqual([]);
    expect(changedMachines(undefined, { a: '1' })).toEqual([]);
  });
});

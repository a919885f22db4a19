import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileHasher, type HashWorker } from './md5.ts';
import { handleHashRequest, md5OfBlob, type HashReply, type HashRequest } from './md5.worker.ts';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) % 256);
const nodeMd5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('the worker’s hashing core', () => {
  it.each([0, 1, 63, 64, 65, 1_000])('hashes %s bytes in 64-byte slices like node:crypto', async (n) => {
    const data = bytes(n);
    const progress: number[] = [];
    await expect(md5OfBlob(new Blob([data]), (f) => progress.push(f), 64)).resolves.toBe(nodeMd5(data));
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress).toHaveLength(Math.max(1, Math.ceil(n / 64)));
  });

  it('answers a request with progress messages and then done, or error', async () => {
    const data = bytes(300);
    const replies: HashReply[] = [];
    await handleHashRequest({ file: new Blob([data]), sliceBytes: 100 }, (reply) => replies.push(reply));
    expect(replies).toEqual([
      { type: 'progress', fraction: 1 / 3 },
      { type: 'progress', fraction: 2 / 3 },
      { type: 'progress', fraction: 1 },
      { type: 'done', hex: nodeMd5(data) },
    ]);
    const broken = { size: 10, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) } as unknown as Blob;
    const failed: HashReply[] = [];
    await handleHashRequest({ file: broken }, (reply) => failed.push(reply));
    expect(failed).toEqual([{ type: 'error', message: 'The file changed while it was being read.' }]);
  });
});

/** A worker that runs the real message handler in-process (messages are delivered asynchronously, as in a browser). */
class InProcessWorker implements HashWorker {
  static created: InProcessWorker[] = [];
  onmessage: ((event: MessageEvent<HashReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(private readonly sliceBytes = 64) {
    InProcessWorker.created.push(this);
  }
  postMessage(message: HashRequest) {
    setTimeout(() => void handleHashRequest({ ...message, sliceBytes: this.sliceBytes }, (reply) => setTimeout(() => !this.terminated && this.onmessage?.({ data: reply } as MessageEvent<HashReply>))));
  }
  terminate() {
    this.terminated = true;
  }
}

describe('hashFile through a worker', () => {
  const hash = createFileHasher(() => new InProcessWorker());

  it('resolves with the hex MD5, passes progress on and ends the worker', async () => {
    const data = bytes(200);
    const progress: number[] = [];
    await expect(hash(new Blob([data]), (f) => progress.push(f), new AbortController().signal)).resolves.toBe(nodeMd5(data));
    expect(progress).toEqual([0.32, 0.64, 0.96, 1]);
    expect(InProcessWorker.created.at(-1)!.terminated).toBe(true);
  });

  it('rejects with an AbortError and ends the worker when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = hash(new Blob([bytes(10_000)]), () => {}, controller.signal);
    const worker = InProcessWorker.created.at(-1)!;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    const before = InProcessWorker.created.length;
    await expect(hash(new Blob([bytes(1)]), () => {}, aborted.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(InProcessWorker.created).toHaveLength(before);
  });

  it('rejects when the worker reports an error or crashes', async () => {
    const broken = { size: 10, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) } as unknown as Blob;
    await expect(hash(broken, () => {}, new AbortController().signal)).rejects.toThrow(/Hashing failed: The file changed/);
    const crashing = createFileHasher(() => {
      const worker: HashWorker = {
        onmessage: null,
        onerror: null,
        postMessage: () => setTimeout(() => worker.onerror?.({ message: 'boom' } as ErrorEvent)),
        terminate: () => {},
      };
      return worker;
    });
    await expect(crashing(new Blob(['x']), () => {}, new AbortController().signal)).rejects.toThrow(/Hashing failed: boom/);
  });
});

/**
 * The page's side of the replay worker (replay.worker.ts): one worker per open viewer, requests answered in order
 * by id. The file's bytes are transferred to the worker, never sent anywhere else.
 */
import type { ReplayWorkerReply, ReplayWorkerRequest } from './replayWorkerCore.ts';
import type { ViewerLog, ViewerReport } from './replayTypes.ts';

/** What the client needs of a Worker. */
export interface ReplayWorkerPort {
  onmessage: ((event: MessageEvent<ReplayWorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: ReplayWorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
}

export interface ReplayWorkerClient {
  load(file: Blob, fileName: string): Promise<ViewerLog>;
  check(): Promise<ViewerReport>;
  dispose(): void;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

export function createReplayWorkerClient(
  createWorker: () => ReplayWorkerPort = () => new Worker(new URL('./replay.worker.ts', import.meta.url), { type: 'module' }),
): ReplayWorkerClient {
  let worker: ReplayWorkerPort | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const port = () => {
    if (worker) return worker;
    worker = createWorker();
    worker.onmessage = (event) => {
      const reply = event.data;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.value);
      else waiter.reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      const error = new Error(event.message || 'The replay worker stopped.');
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
      worker?.terminate();
      worker = null;
    };
    return worker;
  };
  const ask = <T>(request: Distribute<ReplayWorkerRequest>, transfer: Transferable[] = []) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port().postMessage({ ...request, id } as ReplayWorkerRequest, transfer);
    });
  return {
    async load(file, fileName) {
      const bytes = await file.arrayBuffer();
      return ask<ViewerLog>({ kind: 'load', bytes, fileName }, [bytes]);
    },
    check: () => ask<ViewerReport>({ kind: 'check' }),
    dispose() {
      worker?.terminate();
      worker = null;
      for (const waiter of pending.values()) waiter.reject(new Error('The replay viewer closed.'));
      pending.clear();
    },
  };
}

/// <reference lib="webworker" />
/** The replay viewer's Web Worker: parsing and the headless replay run here, off the page's thread. */
import { createReplayWorkerHandler, type ReplayWorkerRequest } from './replayWorkerCore.ts';

const handle = createReplayWorkerHandler(() => performance.now());

self.onmessage = (event: MessageEvent<ReplayWorkerRequest>) => {
  self.postMessage(handle(event.data));
};

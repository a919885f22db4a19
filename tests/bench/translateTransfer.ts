/**
 * What it would cost the page's main thread to receive the 20,000-segment course's model from a Web Worker, beside
 * what building it there costs: the figure that decides where the model is built. In Node: `v8.serialize` /
 * `v8.deserialize` are V8's ValueSerializer, the structured clone behind `postMessage` (Maps, shared objects and
 * all); the main thread pays the deserialization.
 * - build on the main thread: JSON.parse of the file's text, the check (parseTranslationFile), the model
 *   (buildTranslationModel);
 * - receive from a worker: the model deserialized (the worker decoded, checked and built it), and the decoded file
 *   alone deserialized (a worker that only fetched and decoded it).
 * The worker frees the main thread when receiving costs it less than building; the tab opens sooner only when
 * building, sending and receiving together take less than building on the main thread. Each figure is the median of
 * RUNS runs after one warm-up run.
 */
import v8 from 'node:v8';
import { generateStorylineCourse } from '../../domain/translation.fixtures.ts';
import { buildTranslationModel, parseTranslationFile } from '../../domain/translationModel.ts';

const SEGMENTS = 20_000;
const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

export async function benchTranslateTransfer(): Promise<void> {
  const text = JSON.stringify(generateStorylineCourse({ segments: SEGMENTS, targetLocale: 'fr', withBase: true, version: 2 }));
  const raw: unknown = JSON.parse(text);
  const { model } = buildTranslationModel(parseTranslationFile(raw));
  const rawClone = v8.serialize(raw);
  const modelClone = v8.serialize(model);
  const build: number[] = [];
  const receiveModel: number[] = [];
  const receiveFile: number[] = [];
  const send: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const b = timed(() => buildTranslationModel(parseTranslationFile(JSON.parse(text))));
    const m = timed(() => v8.deserialize(modelClone));
    const f = timed(() => v8.deserialize(rawClone));
    const s = timed(() => v8.serialize(model));
    if (run === 0) continue;
    send.push(s);
    build.push(b);
    receiveModel.push(m);
    receiveFile.push(f);
  }
  console.log(`\ntranslate tab: the model built on the main thread or received from a worker, ${SEGMENTS.toLocaleString('en-US')} segments (${(text.length / 1e6).toFixed(1)} MB of JSON), medians of ${RUNS}:`);
  console.log(`  build on the main thread (JSON.parse + check + model): ${median(build).toFixed(0)} ms`);
  console.log(`  receive the built model from a worker (structured clone, ${(modelClone.length / 1e6).toFixed(1)} MB): ${median(receiveModel).toFixed(0)} ms (${median(receiveModel) < median(build) ? 'less than building: a worker frees the main thread of the difference' : 'not less than building: a worker frees the main thread of nothing'})`);
  console.log(
    `  open latency through a worker (it builds, sends: ${median(send).toFixed(0)} ms; the page receives): ${(median(build) + median(send) + median(receiveModel)).toFixed(0)} ms against ${median(build).toFixed(0)} ms built on the main thread`,
  );
  console.log(`  receive the decoded file from a worker (structured clone, ${(rawClone.length / 1e6).toFixed(1)} MB): ${median(receiveFile).toFixed(0)} ms`);
  await Promise.resolve();
}

// Run alone: `node --import tsx tests/bench/translateTransfer.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  void benchTranslateTransfer().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

import { describe, expect, it } from 'vitest';
import { LogDecoder, LogEncoder, unpreparedSourceOf } from '../domain/logCodec.ts';
import { LOG_DIGEST } from '../domain/redaction.ts';
import { generateStorylineCourse } from '../domain/translation.fixtures.ts';
import { buildTranslationModel, parseTranslationFile } from '../domain/translationModel.ts';
import { parsedTranslationFiles } from '../domain/translationParsedFiles.ts';
import type { HttpClient } from './http.ts';
import { decodeTranslationFileText, type DecodeReply, type DecodeRequest } from './translationFile.worker.ts';
import { createTranslationFileDecoder, type DecodeWorker } from './translationFileWorker.ts';
import { createTranslationFileReader } from './translationFiles.ts';
import { modelFromTransfer } from './translationModelTransfer.ts';

const course = JSON.stringify(generateStorylineCourse({ segments: 40, targetLocale: 'fr', withBase: true, version: 2 }));
const modelOfText = (text: string) => buildTranslationModel(parseTranslationFile(JSON.parse(text)));

/** A worker run in this thread: requests decoded by the worker's own function, replies cloned as postMessage does. */
function inThreadWorker(options: { fails?: boolean } = {}) {
  const started: DecodeWorker[] = [];
  const create = (): DecodeWorker => {
    const worker: DecodeWorker = {
      onmessage: null,
      onerror: null,
      postMessage: (request: DecodeRequest) => {
        queueMicrotask(() => {
          if (options.fails) {
            worker.onerror?.({ message: 'could not load the script', preventDefault: () => undefined } as ErrorEvent);
            return;
          }
          const reply: DecodeReply = structuredClone({ ...decodeTranslationFileText(request.text), id: request.id });
          worker.onmessage?.({ data: reply } as MessageEvent<DecodeReply>);
        });
      },
      terminate: () => undefined,
    };
    started.push(worker);
    return worker;
  };
  return { create, started };
}

/** A CDN that answers every path with `text`, counting reads. */
function cdnAnswering(text: string) {
  const reads: string[] = [];
  const cdn: HttpClient = {
    request: async <T>(path: string) => {
      reads.push(path);
      return text as T;
    },
  };
  return { cdn, reads };
}

describe('the translation file worker’s decoding', () => {
  it('builds the model the editor would build from the same text, with its digest', () => {
    const outcome = decodeTranslationFileText(course);
    expect(outcome.type).toBe('parsed');
    if (outcome.type !== 'parsed' || outcome.parsed === null) throw new Error('not parsed');
    const expected = modelOfText(course);
    const received = modelFromTransfer(outcome.parsed);
    expect(received).toStrictEqual(expected);
    expect(received.model[LOG_DIGEST]).toBe(expected.model[LOG_DIGEST]);
    // The segments by key are the model's segments themselves; sibling segments share their group-key list.
    expect(received.model.segmentsByKey.get(received.model.segments[5]!.key)).toBe(received.model.segments[5]);
    const [first, second] = received.model.segments;
    if (first!.uiGroups.join() === second!.uiGroups.join()) expect(first!.uiGroups).toBe(second!.uiGroups);
  });

  it('tells a text that is not JSON (a truncated file among them) from JSON that is not a translation file', () => {
    expect(decodeTranslationFileText('<html>Not found</html>')).toEqual({ type: 'notJson' });
    expect(decodeTranslationFileText(course.slice(0, course.length / 2))).toEqual({ type: 'notJson' });
    expect(decodeTranslationFileText('{"children":"not a file"}')).toEqual({ type: 'parsed', parsed: null });
  });

  it('leaves a text that may hold a secret to the page (the session log walks and redacts its value)', () => {
    expect(decodeTranslationFileText('{"children":[],"password":"hunter2"}')).toEqual({ type: 'secret' });
  });
});

describe('the translation file reader with the worker', () => {
  it('hands the editor a file whose model came from the worker, and logs the text, which replays to the same model', async () => {
    const worker = inThreadWorker();
    const { cdn } = cdnAnswering(course);
    const reader = createTranslationFileReader({ cdn, decoder: createTranslationFileDecoder(worker.create) });
    const file = (await reader.file('translations/i-fr/v2.json')) as object;
    const parsed = parsedTranslationFiles.get(file);
    const expected = modelOfText(course);
    expect(parsed).toStrictEqual(expected);
    expect(parsed?.model[LOG_DIGEST]).toBe(expected.model[LOG_DIGEST]);
    expect(unpreparedSourceOf(file)).toBe(course);
    // What the session log writes for the file reads back as the file itself (a replay builds the model from it).
    const encoder = new LogEncoder();
    const encoded = encoder.encode({ output: file });
    const payloads = new Map(encoded.refs.map((record) => [record.id, JSON.parse(record.text) as unknown]));
    expect(new LogDecoder(payloads).decode(encoded.value)).toEqual({ output: JSON.parse(course) });
    expect(worker.started).toHaveLength(1);
  });

  it('decodes a prefetched file in the worker without waiting for the editor, one worker for every file', async () => {
    const worker = inThreadWorker();
    const { cdn, reads } = cdnAnswering(course);
    const reader = createTranslationFileReader({ cdn, decoder: createTranslationFileDecoder(worker.create) });
    reader.prefetchFile('translations/i-fr/v2.json');
    const early = (await reader.prefetchedFile('translations/i-fr/v2.json')) as object;
    expect(parsedTranslationFiles.get(early)?.model.segments.length).toBe(modelOfText(course).model.segments.length);
    await expect(reader.file('translations/i-fr/v2.json')).resolves.toBe(early);
    await reader.file('translations/i-fr/v1.json');
    expect(reads).toEqual(['/translations/i-fr/v2.json', '/translations/i-fr/v1.json']);
    expect(worker.started).toHaveLength(1);
  });

  it('refuses a file that is not JSON with the reader’s clear error', async () => {
    const { cdn } = cdnAnswering(course.slice(0, 1_000));
    const reader = createTranslationFileReader({ cdn, decoder: createTranslationFileDecoder(inThreadWorker().create) });
    await expect(reader.file('translations/i-fr/v2.json')).rejects.toMatchObject({ status: 200, error: 'InvalidResponse', message: 'The translation file is not JSON.' });
  });

  it('decodes on the page when the worker cannot run, or when the text may hold a secret', async () => {
    const broken = createTranslationFileDecoder(inThreadWorker({ fails: true }).create);
    const reader = createTranslationFileReader({ cdn: cdnAnswering(course).cdn, decoder: broken });
    await expect(reader.file('translations/i-fr/v2.json')).resolves.toEqual(JSON.parse(course));
    await expect(broken.decode(course)).rejects.toThrow(/worker/);

    const secret = '{"children":[],"password":"hunter2"}';
    const secretReader = createTranslationFileReader({ cdn: cdnAnswering(secret).cdn, decoder: createTranslationFileDecoder(inThreadWorker().create) });
    await expect(secretReader.file('translations/i-fr/v2.json')).resolves.toEqual(JSON.parse(secret));
  });
});

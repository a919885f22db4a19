import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type ActorRefFrom } from 'xstate';
import { UPLOAD_HASH_PROGRESS_OFFSET, UPLOAD_STALL_MS } from '../../domain/constants.ts';
import type { UploadTarget } from '../../machines/items/itemEvents.ts';
import type { uploadMachine } from '../../machines/uploads/uploadMachine.ts';
import { recorder, settle } from './contentFixtures.ts';
import { detail, fakeUploadAdapters, file, KEY, MD5, PUT_URL, version } from './uploadFixtures.ts';

type Fakes = ReturnType<typeof fakeUploadAdapters>;

/** One upload of intro.zip (1024 bytes) inside a small system whose grid records what it is told. */
function start(fakes: Fakes, options: { target?: UploadTarget; clock?: SimulatedClock } = {}) {
  const grid = recorder();
  const input = { uploadId: 'upload-1', fileId: 'f1', fileName: 'intro.zip', size: 1024, type: 'application/zip', target: options.target ?? { kind: 'newItem' as const, folderId: 1 } };
  const root = createActor(
    createMachine({
      invoke: [
        { id: 'grid', systemId: 'grid', src: grid.logic },
        { id: 'upload', src: fakes.machine, input },
      ],
    }),
    options.clock ? { clock: options.clock } : {},
  ).start();
  const upload = root.getSnapshot().children.upload as ActorRefFrom<typeof uploadMachine>;
  return { upload, grid };
}

/** Checks pass, the MD5 arrives, the URL is given and item.create records the version: the PUT starts. */
async function toUploading(fakes: Fakes, upload: ActorRefFrom<typeof uploadMachine>) {
  await settle();
  fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
  await settle();
  expect(upload.getSnapshot().matches('uploading')).toBe(true);
}

const state = (upload: ActorRefFrom<typeof uploadMachine>) => upload.getSnapshot().value;

describe('upload: a stalled upload (review-and-content §4, §9 "stalled marked failed after 2000 ms")', () => {
  it('no progress for 2,000 ms marks the version uploadFailed with its key, aborts the PUT and ends in error', async () => {
    const clock = new SimulatedClock();
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes, { clock });
    await toUploading(fakes, upload);
    const put = fakes.put.last();
    put.sendBack({ type: 'upload.progress', loaded: 100, total: 1024 });

    clock.increment(UPLOAD_STALL_MS - 1);
    expect(state(upload)).toEqual({ uploading: 'watching' });
    expect(fakes.markFailed.inputs).toEqual([]);

    clock.increment(1);
    expect(upload.getSnapshot().matches('error')).toBe(true);
    expect(upload.getSnapshot().context.status).toBe('error');
    expect(upload.getSnapshot().context.error?.reason).toBe('stalled');
    expect(put.stopped).toBe(true);
    await settle();
    expect(fakes.markFailed.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(state(upload)).toEqual({ error: 'idle' });
  });

  it('progress that moves within 2,000 ms keeps it going; progress that does not move does not', async () => {
    const clock = new SimulatedClock();
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes, { clock });
    await toUploading(fakes, upload);
    const put = fakes.put.last();

    // Moving progress every 1,500 ms: 6,000 ms in all, never 2,000 ms without it.
    for (const loaded of [200, 400, 600, 800]) {
      clock.increment(1_500);
      put.sendBack({ type: 'upload.progress', loaded, total: 1024 });
    }
    expect(state(upload)).toEqual({ uploading: 'watching' });
    expect(put.stopped).toBe(false);

    // The same byte count again is no progress: the wait is not started over.
    clock.increment(1_500);
    put.sendBack({ type: 'upload.progress', loaded: 800, total: 1024 });
    clock.increment(500);
    expect(upload.getSnapshot().context.error?.reason).toBe('stalled');
    await settle();
    expect(fakes.markFailed.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
  });

  it('once every byte is sent, waiting for the server to answer is not a stall', async () => {
    const clock = new SimulatedClock();
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes, { clock });
    await toUploading(fakes, upload);
    fakes.put.last().sendBack({ type: 'upload.progress', loaded: 1024, total: 1024 });
    clock.increment(UPLOAD_STALL_MS * 5);
    expect(state(upload)).toEqual({ uploading: 'sent' });
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    expect(state(upload)).toBe('preparing');
    expect(fakes.markFailed.inputs).toEqual([]);
  });
});

describe('upload: the happy path (review-and-content §4 upload states, domain/items.ts sequence)', () => {
  it('pending → uploading → preparing → uploaded, with the hashing offset in the progress', async () => {
    const fakes = fakeUploadAdapters();
    const { upload, grid } = start(fakes);
    expect(upload.getSnapshot().context).toMatchObject({ status: 'pending', progress: 0 });
    await settle();
    expect(fakes.inspect.inputs).toEqual([{ fileId: 'f1' }]);
    expect(state(upload)).toEqual({ pending: 'hashing' });
    expect(fakes.hash.last().input).toEqual({ fileId: 'f1' });

    fakes.hash.last().sendBack({ type: 'upload.hashProgress', fraction: 0.5 });
    expect(upload.getSnapshot().context.progress).toBeCloseTo(UPLOAD_HASH_PROGRESS_OFFSET / 2);
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    expect(upload.getSnapshot().context.progress).toBe(UPLOAD_HASH_PROGRESS_OFFSET);
    await settle();

    // §7: storyline uploads go under review/uploads; item.create records the version with the key, size and MD5.
    expect(fakes.url.inputs).toEqual([{ fileName: 'intro.zip', keyPrefix: 'review/uploads', md5: MD5 }]);
    expect(fakes.createAuto.inputs).toEqual([{ title: 'intro', kind: 'storyline', folderId: 1, upload: { key: KEY, fileName: 'intro.zip', size: 1024, md5: MD5 } }]);
    // The grid shows the new item at once.
    expect(grid.events).toMatchObject([{ type: 'content.push', push: { name: 'item.updateHashed', data: { item: { id: 'i1', versionState: 'uploading' } } } }]);

    expect(upload.getSnapshot().context).toMatchObject({ status: 'uploading', itemId: 'i1', versionKey: KEY });
    expect(fakes.put.last().input).toEqual({ fileId: 'f1', url: PUT_URL, contentType: 'application/zip', fileName: 'intro.zip', md5: MD5 });
    fakes.put.last().sendBack({ type: 'upload.progress', loaded: 512, total: 1024 });
    expect(upload.getSnapshot().context.progress).toBeCloseTo(0.05 + 0.95 * 0.5);
    fakes.put.last().sendBack({ type: 'upload.progress', loaded: 1024, total: 1024 });
    expect(upload.getSnapshot().context.progress).toBe(1);
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    expect(upload.getSnapshot().context).toMatchObject({ status: 'preparing', progress: 1 });

    // Another version's push changes nothing; this one's ready ends it.
    upload.send({ type: 'upload.versionUpdated', version: version(7, 'ready'), deleted: false });
    expect(state(upload)).toBe('preparing');
    upload.send({ type: 'upload.versionUpdated', version: version(1, 'ready', { package: { key: KEY, md5_checksum: MD5 } }), deleted: false });
    expect(upload.getSnapshot().status).toBe('done');
    expect(upload.getSnapshot().context.status).toBe('uploaded');
    expect(fakes.released).toEqual(['f1']);
  });

  it('the server may say ready before the PUT answers: the upload ends as soon as it has both', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await toUploading(fakes, upload);
    upload.send({ type: 'upload.versionUpdated', version: version(1, 'ready', { package: { key: KEY, md5_checksum: MD5 } }), deleted: false });
    expect(state(upload)).toEqual({ uploading: 'watching' });
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    expect(upload.getSnapshot().context.status).toBe('uploaded');
  });

  it('a new version of an existing item goes through item.upload', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes, { target: { kind: 'newVersion', itemId: 'i1', product: 'storyline' } });
    await toUploading(fakes, upload);
    expect(fakes.createAuto.inputs).toEqual([]);
    expect(fakes.addVersion.inputs).toEqual([{ itemId: 'i1', kind: 'storyline', upload: { key: KEY, fileName: 'intro.zip', size: 1024, md5: MD5 } }]);
  });
});

describe('upload: refused files (review-and-content §5, §8 "Invalid file then the unsupported-file dialog")', () => {
  it('a file the checks refuse ends in error with reason invalidFile and what the dialog says; nothing is hashed or sent', async () => {
    const fakes = fakeUploadAdapters({ check: () => ({ ok: false, reason: 'contentMismatch', detail: 'The .mp4 file is really a exe file, not a video.' }) });
    const { upload } = start(fakes);
    await settle();
    expect(upload.getSnapshot().context).toMatchObject({
      status: 'error',
      error: { reason: 'invalidFile' },
      unsupported: { fileName: 'intro.zip', reason: 'contentMismatch', detail: 'The .mp4 file is really a exe file, not a video.' },
    });
    expect(fakes.hash.runs).toEqual([]);
    expect(fakes.url.inputs).toEqual([]);
    // A refused file is not an error to report.
    expect(fakes.reported).toEqual([]);
  });

  it('a new version must be of the item’s kind: a story zip is refused for a video item', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes, { target: { kind: 'newVersion', itemId: 'i1', product: 'video' } });
    await settle();
    expect(upload.getSnapshot().context).toMatchObject({ status: 'error', error: { reason: 'invalidFile' }, unsupported: { reason: 'kindMismatch' } });
    expect(fakes.hash.runs).toEqual([]);
  });
});

describe('upload: cancel is silent (review-and-content §4, §8)', () => {
  it('before the version exists: canceled, nothing deleted, hashing stopped', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await settle();
    upload.send({ type: 'upload.cancel' });
    expect(upload.getSnapshot().context.status).toBe('canceled');
    expect(upload.getSnapshot().status).toBe('done');
    expect(fakes.hash.last().stopped).toBe(true);
    await settle();
    expect(fakes.deleteVersion.inputs).toEqual([]);
    expect(fakes.markFailed.inputs).toEqual([]);
    expect(fakes.reported).toEqual([]);
  });

  it('while uploading: the PUT is aborted and the version deleted by its key', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await toUploading(fakes, upload);
    upload.send({ type: 'upload.cancel' });
    expect(fakes.put.last().stopped).toBe(true);
    expect(upload.getSnapshot().context.status).toBe('canceled');
    await settle();
    expect(fakes.deleteVersion.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(upload.getSnapshot().status).toBe('done');
    expect(fakes.markFailed.inputs).toEqual([]);
    expect(fakes.reported).toEqual([]);
  });

  it('while item.create is on the wire: the version is deleted as soon as it exists, and nothing is PUT', async () => {
    const fakes = fakeUploadAdapters({ autoRecord: false });
    const { upload } = start(fakes);
    await settle();
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    expect(state(upload)).toEqual({ pending: 'creatingItem' });
    upload.send({ type: 'upload.cancel' });
    const recorded = version(1, 'uploading', { package: { key: KEY, md5_checksum: MD5 } });
    fakes.create!.calls[0]!.resolve({ item: detail([recorded]), version: recorded });
    await settle();
    expect(fakes.put.runs).toEqual([]);
    expect(fakes.deleteVersion.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(upload.getSnapshot().context.status).toBe('canceled');
  });
});

describe('upload: failures and retry (review-and-content §4 "retry re-selects a file", §8)', () => {
  it('a refused PUT ends in error with the version marked failed; retry takes a new file and uploads it as a new version', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await toUploading(fakes, upload);
    fakes.put.last().sendBack({ type: 'upload.putFailed', status: 400, message: 'Content-MD5 does not match' });
    expect(upload.getSnapshot().context).toMatchObject({ status: 'error', error: { reason: 'putFailed', message: 'Content-MD5 does not match' } });
    await settle();
    expect(fakes.markFailed.inputs).toEqual([{ itemId: 'i1', key: KEY }]);
    expect(fakes.reported).toHaveLength(1);

    upload.send({ type: 'upload.retry', file: file('f2', 'intro-fixed.zip', 2048) });
    expect(upload.getSnapshot().context).toMatchObject({ status: 'pending', progress: 0, error: null, file: { fileId: 'f2', name: 'intro-fixed.zip' } });
    expect(fakes.released).toEqual(['f1']);
    await settle();
    expect(fakes.inspect.inputs.at(-1)).toEqual({ fileId: 'f2' });
    fakes.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    // The item exists: the new file becomes its next version.
    expect(fakes.createAuto.inputs).toHaveLength(1);
    expect(fakes.addVersion.inputs).toEqual([{ itemId: 'i1', kind: 'storyline', upload: { key: KEY, fileName: 'intro-fixed.zip', size: 2048, md5: MD5 } }]);
    expect(upload.getSnapshot().context.status).toBe('uploading');
  });

  it('the server could not process the file: error (processingFailed), the server already marked the version', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await toUploading(fakes, upload);
    fakes.put.last().sendBack({ type: 'upload.putDone' });
    upload.send({ type: 'upload.versionUpdated', version: version(1, 'unpackFailed', { package: { key: KEY, md5_checksum: MD5 } }), deleted: false });
    expect(upload.getSnapshot().context).toMatchObject({ status: 'error', error: { reason: 'processingFailed' } });
    await settle();
    expect(fakes.markFailed.inputs).toEqual([]);
  });

  it('a refused upload URL call or item.create ends in error before any version exists; cancel then deletes nothing', async () => {
    const failing = fakeUploadAdapters();
    const refused = fromPromise(async () => Promise.reject(new Error('keyPrefix is not allowed')));
    const { upload } = start({ ...failing, machine: failing.machine.provide({ actors: { requestUploadUrl: refused as never } }) });
    await settle();
    failing.hash.last().sendBack({ type: 'upload.hashed', md5: MD5 });
    await settle();
    expect(upload.getSnapshot().context).toMatchObject({ status: 'error', error: { reason: 'requestFailed', message: 'keyPrefix is not allowed' } });
    upload.send({ type: 'upload.cancel' });
    await settle();
    expect(upload.getSnapshot().context.status).toBe('canceled');
    expect(failing.deleteVersion.inputs).toEqual([]);
  });

  it('a failed upload whose version someone deleted (the item view’s cancel) ends as canceled', async () => {
    const fakes = fakeUploadAdapters();
    const { upload } = start(fakes);
    await toUploading(fakes, upload);
    fakes.put.last().sendBack({ type: 'upload.putFailed', status: 0, message: 'Network error' });
    upload.send({ type: 'upload.versionUpdated', version: version(1, 'uploadFailed', { package: { key: KEY, md5_checksum: MD5 } }), deleted: true });
    expect(upload.getSnapshot().context.status).toBe('canceled');
    expect(upload.getSnapshot().status).toBe('done');
  });
});

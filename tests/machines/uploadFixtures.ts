/**
 * Fixtures for the upload, uploads and item actors' tests: versions and items as the protocol carries them
 * (domain/items.ts), and fake adapters (promise and callback actors the test drives by hand).
 */
import { fromCallback, fromPromise, type AnyEventObject, type EventObject } from 'xstate';
import type { ItemDetail, ItemVersion, VersionState } from '../../domain/items.ts';
import type { UploadCheck } from '../../domain/uploads.ts';
import type { UploadFileRef } from '../../machines/items/itemEvents.ts';
import { uploadMachine } from '../../machines/uploads/uploadMachine.ts';
import { controlled, item } from './contentFixtures.ts';

export const KEY = 'review/uploads/r1/intro.zip';
export const MD5 = '0cc175b9c0f1b6a831c399e269772661';
export const PUT_URL = 'http://localhost/api/uploads/put/t1';

/** Version `number` of item i1 in `state`, uploaded by u-alex unless told otherwise. */
export function version(number: number, state: VersionState, over: Partial<ItemVersion> = {}): ItemVersion {
  return {
    id: `v${number}`,
    number,
    createdAt: `2026-11-2${number}T10:00:00.000Z`,
    package: { key: `review/uploads/k${number}/intro.zip`, md5_checksum: MD5 },
    thumbnail: null,
    thumbnailUrl: null,
    progress: state === 'uploading' ? 0 : 1,
    state,
    userId: 'u-alex',
    hidden: false,
    contentPrefix: state === 'ready' ? `/packages/v${number}/` : null,
    playerFile: state === 'ready' ? 'story.html' : null,
    mediaUrl: null,
    posterUrl: null,
    fileName: 'intro.zip',
    size: 1024,
    meta: null,
    ...over,
  };
}

/** Item i1 (u-alex's storyline item in folder 1) with these versions, as item.get answers its owner. */
export function detail(versions: ItemVersion[], over: Partial<ItemDetail> = {}): ItemDetail {
  return {
    ...item('i1', { title: 'Intro course' }),
    projectId: null,
    originalUserId: 'u-alex',
    uploader: null,
    versions,
    latestVersion: versions.at(-1) ?? null,
    allowAnonComments: false,
    hasPassword: false,
    enableComments: true,
    isUploading: false,
    uploadProgress: 1,
    isErrored: false,
    showTranslationsTab: false,
    folderName: 'Mine',
    actions: ['viewItem'],
    isOwner: true,
    ...over,
  };
}

export const file = (fileId = 'f1', name = 'intro.zip', size = 1024): UploadFileRef => ({ fileId, name, size, type: 'application/zip' });

export const storyCheck: UploadCheck = { ok: true, kind: 'storyline', product: 'storyline', title: 'intro', contentType: 'application/zip' };

/** A callback actor whose runs the test drives: `sendBack` events in, `stopped` once its state was left (abort). */
export function fakeCallback<TInput>() {
  const runs: { input: TInput; sendBack: (event: AnyEventObject) => void; stopped: boolean }[] = [];
  const logic = fromCallback<EventObject, TInput>(({ input, sendBack }) => {
    const run = { input, sendBack: sendBack as (event: AnyEventObject) => void, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  return { logic, runs, last: () => runs.at(-1)! };
}

/** A promise actor answering every call with `answer(input)` and keeping the inputs. */
export function answering<TInput>(answer: (input: TInput) => unknown) {
  const inputs: TInput[] = [];
  const logic = fromPromise<unknown, TInput>(async ({ input }) => {
    inputs.push(input);
    const result = answer(input);
    if (result instanceof Error) throw result;
    return result;
  });
  return { logic, inputs };
}

/**
 * The upload machine with fake adapters: inspection passes (or `check`), the URL call answers KEY, item.create
 * and item.upload are held for the test unless `autoRecord`, hashing and the PUT are driven by hand.
 */
export function fakeUploadAdapters(options: { check?: (input: { fileId: string }) => UploadCheck; autoRecord?: boolean } = {}) {
  const inspect = answering<{ fileId: string }>(options.check ?? (() => storyCheck));
  const hash = fakeCallback<{ fileId: string }>();
  const url = answering<{ fileName: string; keyPrefix: string; md5: string | null }>(() => ({ key: KEY, url: PUT_URL, type: 'application/zip' }));
  const recordAnswer = (input: { upload: { key: string } }, existing: ItemVersion[]) => {
    const recorded = version(existing.length + 1, 'uploading', { package: { key: input.upload.key, md5_checksum: MD5 } });
    return { item: detail([...existing, recorded]), version: recorded };
  };
  const create = options.autoRecord === false ? controlled<{ title: string; kind: string; folderId: number | null; upload: { key: string } }>() : null;
  const createAuto = answering<{ title: string; kind: string; folderId: number | null; upload: { key: string; fileName: string; size: number; md5: string } }>((input) => recordAnswer(input, []));
  const addVersion = answering<{ itemId: string; kind: string; upload: { key: string } }>((input) => recordAnswer(input, [version(1, 'uploadFailed', { package: { key: KEY, md5_checksum: MD5 } })]));
  const put = fakeCallback<{ fileId: string; url: string; contentType: string; fileName: string; md5: string }>();
  const markFailed = answering<{ itemId: string; key: string }>(() => ({ item: detail([]) }));
  const deleteVersion = answering<{ itemId: string; key: string }>(() => ({ item: null }));
  const released: string[] = [];
  const reported: string[] = [];
  const machine = uploadMachine.provide({
    actors: {
      inspectFile: inspect.logic as never,
      hashFile: hash.logic as never,
      requestUploadUrl: url.logic as never,
      createItem: (create ? create.logic : createAuto.logic) as never,
      uploadVersion: addVersion.logic as never,
      putFile: put.logic as never,
      markUploadFailed: markFailed.logic as never,
      deleteVersion: deleteVersion.logic as never,
    },
    actions: {
      releaseFile: (_, params) => void released.push(params.fileId),
      reportError: (_, params) => void reported.push(params.message),
    },
  });
  return { machine, inspect, hash, url, create, createAuto, addVersion, put, markFailed, deleteVersion, released, reported };
}
